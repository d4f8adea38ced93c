// TMA with tensor maps built on the device, lowered to NVVM ops. The CTA's
// first thread claims a slot of the module's pool (a 2048-bit bitmap,
// acquire OR from the CTA's linear id, probing on) and keeps its number in
// the barrier buffer; tensormap_init zeroes map 1 of the slot, sets every
// field with tensormap.replace (rank - 1, the box of one 128-byte swizzle
// block, the sizes, the outer stride in bytes, 16-bit elements, 128-byte
// swizzle) and fences the tensor-map proxy (with tilegpu.tensormap_in_shared,
// @tma_two: built in the first 128 bytes of the stage buffer and copied to
// the slot, the maps of a slot sharing one fence); tma_copy expects the tile's
// 16 KiB on the stage's mbarrier and issues one 2-D copy per 64-column
// block, 8 KiB apart, with coordinates clamped to the tensor and set to 1
// along an empty dim (whose map says 1: the box lies wholly out of bounds,
// so TMA writes zeros and reads nothing; no generic stores into the stage;
// an empty view's map is based at the map itself, 1 along every dim);
// a dim past 2^31 - 1 traps in tensormap_init and again in the copy;
// tensormap_release clears the bit (release). The producer leader is the
// first thread after the compute warps, and a grouped raster remaps the
// block ids in groups of 8 along x.
// RUN: tile-opt %s --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_90' | FileCheck %s

// CHECK-DAG: llvm.mlir.global internal @__tileir_tensormaps() {addr_space = 1 : i32, alignment = 128 : i64} : !llvm.array<1048576 x i8>
// CHECK-DAG: llvm.mlir.global internal @__tileir_tensormap_slots() {addr_space = 1 : i32, alignment = 4 : i64} : !llvm.array<64 x i32>
// CHECK-LABEL: llvm.func @tma(
// CHECK-SAME: nvvm.reqntid = array<i32: 288, 1, 1>
// Acquire: thread 0 probes from the CTA's linear id.
// CHECK: nvvm.read.ptx.sreg.ctaid.x
// CHECK: %[[MASK:.*]] = llvm.mlir.constant(2047 : i32)
// CHECK: llvm.and %{{.*}}, %[[MASK]]
// CHECK: llvm.inline_asm has_side_effects {{.*}}"atom.acquire.gpu.global.or.b32 $0, [$1], $2;", "=r,l,r"
// CHECK: llvm.store %{{.*}}, %{{.*}} : i64, !llvm.ptr<3>
// CHECK: nvvm.mbarrier.init
// CHECK-NEXT: nvvm.barrier0
// The leader: thread 32 * 8.
// CHECK: %[[C256:.*]] = llvm.mlir.constant(256 : i32)
// CHECK: llvm.icmp "eq" %{{.*}}, %[[C256]]
// Init: map 1 of the slot is 128 bytes at (slot * 4 + 1) * 128.
// CHECK: %[[C512:.*]] = llvm.mlir.constant(512 : i64)
// CHECK: %[[C128:.*]] = llvm.mlir.constant(128 : i64)
// CHECK: llvm.intr.trap
// CHECK-COUNT-8: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<1>
// An empty view (a dim <= 0) gets the map's own address as its base (torch
// gives an empty tensor address 0, and TMA faults on it), every dim 1 and
// 16-byte strides.
// CHECK: %[[BASE:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<1> to i64
// CHECK: %[[ZERO:.*]] = llvm.mlir.constant(0 : i64)
// CHECK: %[[E0:.*]] = llvm.icmp "sle" %{{.*}}, %[[ZERO]]
// CHECK: %[[E1:.*]] = llvm.icmp "sle" %{{.*}}, %[[ZERO]]
// CHECK: %[[EMPTY:.*]] = llvm.or %[[E0]], %[[E1]]
// CHECK: %[[OWN:.*]] = llvm.ptrtoint %[[MAP:.*]] : !llvm.ptr<1> to i64
// CHECK: %[[ADDR:.*]] = llvm.select %[[EMPTY]], %[[OWN]], %[[BASE]]
// CHECK: "tensormap.replace.tile.global_address.global.b1024.b64 [$0], $1;", "l,l" %[[MAP]], %[[ADDR]]
// CHECK: "tensormap.replace.tile.rank.global.b1024.b32 [$0], 1;", "l"
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i64)
// CHECK: "tensormap.replace.tile.box_dim.global.b1024.b32 [$0], 0, 64;", "l"
// CHECK: llvm.select %[[EMPTY]], %[[ONE]], %{{.*}} : i1, i64
// CHECK: "tensormap.replace.tile.global_dim.global.b1024.b32 [$0], 0, $1;", "l,r"
// CHECK: "tensormap.replace.tile.element_stride.global.b1024.b32 [$0], 0, 1;", "l"
// CHECK: "tensormap.replace.tile.box_dim.global.b1024.b32 [$0], 1, 64;", "l"
// CHECK: llvm.select %[[EMPTY]], %[[ONE]], %{{.*}} : i1, i64
// CHECK: "tensormap.replace.tile.global_dim.global.b1024.b32 [$0], 1, $1;", "l,r"
// CHECK: %[[C16:.*]] = llvm.mlir.constant(16 : i64)
// CHECK: llvm.select %[[EMPTY]], %[[C16]], %{{.*}} : i1, i64
// CHECK: "tensormap.replace.tile.global_stride.global.b1024.b64 [$0], 0, $1;", "l,l"
// CHECK: "tensormap.replace.tile.elemtype.global.b1024.b32 [$0], 1;", "l"
// CHECK: "tensormap.replace.tile.interleave_layout.global.b1024.b32 [$0], 0;", "l"
// CHECK: "tensormap.replace.tile.swizzle_mode.global.b1024.b32 [$0], 3;", "l"
// CHECK: "tensormap.replace.tile.fill_mode.global.b1024.b32 [$0], 0;", "l"
// CHECK: nvvm.fence.proxy.release <gpu>
// CHECK: nvvm.fence.proxy.acquire <gpu> %{{.*}}, %{{.*}}
// Copy: an oversized dim traps; otherwise expect 16 KiB, two 2-D boxes,
// each coordinate 1 where its dim is empty.
// CHECK: llvm.intr.trap
// CHECK: %[[BYTES:.*]] = llvm.mlir.constant(16384 : i32)
// CHECK: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %[[BYTES]]
// CHECK: llvm.icmp "sle"
// CHECK: llvm.select
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %{{.*}}, box[%{{.*}}, %{{.*}}] : !llvm.ptr<7>, !llvm.ptr
// CHECK: llvm.getelementptr %{{.*}}[8192] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %{{.*}}, box[%{{.*}}, %{{.*}}] : !llvm.ptr<7>, !llvm.ptr
// CHECK-NOT: vector<4xi32>, !llvm.ptr<3>
// Release.
// CHECK: "red.release.gpu.global.and.b32 [$0], $1;", "l,r"
// The grouped raster: x = first + r % width, y = r / width.
// CHECK: nvvm.read.ptx.sreg.nctaid.y
// CHECK: llvm.udiv
// CHECK: llvm.urem
// CHECK: llvm.udiv
cuda_tile.module @tma {
  entry @tma(%b0: tile<ptr<bf16>>) {
    %b = assume div_by<16>, %b0 : tile<ptr<bf16>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %bv = make_tensor_view %b, shape = [4096, 128], strides = [128, 1] : tensor_view<4096x128xbf16, strides=[128,1]>
    %bp = make_partition_view %bv : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>
    %bars = tilegpu.alloc_shared {offset = 16384 : i64} : !tilegpu.smem<8xi64, #tilegpu.shared<shape=[8], offset=[[1], [2], [4]]>>
    %buf = tilegpu.alloc_shared {offset = 0 : i64} : !tilegpu.smem<64x128xbf16, #tilegpu.shared<shape=[64, 128], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [0, 64]]>>
    tilegpu.tensormap_acquire %bars[4] : !tilegpu.smem<8xi64, #tilegpu.shared<shape=[8], offset=[[1], [2], [4]]>>
    tilegpu.mbarrier_init %bars, [1] : !tilegpu.smem<8xi64, #tilegpu.shared<shape=[8], offset=[[1], [2], [4]]>>
    %l = tilegpu.is_producer_warp leader : !cuda_tile.tile<i1>
    tilegpu.tensormap_init %bp, %buf, %bars[4] map 1 : !cuda_tile.partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>, !tilegpu.smem<64x128xbf16, #tilegpu.shared<shape=[64, 128], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [0, 64]]>>, !tilegpu.smem<8xi64, #tilegpu.shared<shape=[8], offset=[[1], [2], [4]]>>
    tilegpu.tma_copy %bp[%c1, %c0], %buf, %bars[%c0] slot 4 map 1 : !cuda_tile.partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>[!cuda_tile.tile<i32>, !cuda_tile.tile<i32>], !tilegpu.smem<64x128xbf16, #tilegpu.shared<shape=[64, 128], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [0, 64]]>>, !tilegpu.smem<8xi64, #tilegpu.shared<shape=[8], offset=[[1], [2], [4]]>>, !cuda_tile.tile<i32>
    tilegpu.tensormap_release %bars[4] : !tilegpu.smem<8xi64, #tilegpu.shared<shape=[8], offset=[[1], [2], [4]]>>
    %x, %y, %z = get_tile_block_id : tile<i32>
    return
  } {tilegpu.grouped_raster = 8 : i32, tilegpu.num_warps = 8 : i32, tilegpu.producer_warps = 1 : i32, tilegpu.shared_bytes = 17408 : i64}

  // With tilegpu.tensormap_in_shared each map is built in the first 128
  // bytes of its stage buffer and copied to the slot; the two maps share
  // one fence: the first defers it, the second releases once and acquires
  // both.
  entry @tma_two(%a0: tile<ptr<bf16>>, %b0: tile<ptr<bf16>>) {
    %a = assume div_by<16>, %a0 : tile<ptr<bf16>>
    %b = assume div_by<16>, %b0 : tile<ptr<bf16>>
    %av = make_tensor_view %a, shape = [4096, 128], strides = [128, 1] : tensor_view<4096x128xbf16, strides=[128,1]>
    %ap = make_partition_view %av : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>
    %bv = make_tensor_view %b, shape = [4096, 128], strides = [128, 1] : tensor_view<4096x128xbf16, strides=[128,1]>
    %bp = make_partition_view %bv : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>
    %bars = tilegpu.alloc_shared {offset = 32768 : i64} : !tilegpu.smem<8xi64, #tilegpu.shared<shape=[8], offset=[[1], [2], [4]]>>
    %abuf = tilegpu.alloc_shared {offset = 0 : i64} : !tilegpu.smem<64x128xbf16, #tilegpu.shared<shape=[64, 128], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [0, 64]]>>
    %bbuf = tilegpu.alloc_shared {offset = 16384 : i64} : !tilegpu.smem<64x128xbf16, #tilegpu.shared<shape=[64, 128], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [0, 64]]>>
    tilegpu.tensormap_acquire %bars[4] : !tilegpu.smem<8xi64, #tilegpu.shared<shape=[8], offset=[[1], [2], [4]]>>
    tilegpu.mbarrier_init %bars, [2] : !tilegpu.smem<8xi64, #tilegpu.shared<shape=[8], offset=[[1], [2], [4]]>>
    tilegpu.tensormap_init %ap, %abuf, %bars[4] map 0 {tilegpu.leader_only, tilegpu.tensormap_fence = array<i32>, tilegpu.tensormap_in_shared} : !cuda_tile.partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>, !tilegpu.smem<64x128xbf16, #tilegpu.shared<shape=[64, 128], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [0, 64]]>>, !tilegpu.smem<8xi64, #tilegpu.shared<shape=[8], offset=[[1], [2], [4]]>>
    tilegpu.tensormap_init %bp, %bbuf, %bars[4] map 1 {tilegpu.leader_only, tilegpu.tensormap_fence = array<i32: 0, 1>, tilegpu.tensormap_in_shared} : !cuda_tile.partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>, !tilegpu.smem<64x128xbf16, #tilegpu.shared<shape=[64, 128], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [0, 64]]>>, !tilegpu.smem<8xi64, #tilegpu.shared<shape=[8], offset=[[1], [2], [4]]>>
    tilegpu.tensormap_release %bars[4] {this_thread} : !tilegpu.smem<8xi64, #tilegpu.shared<shape=[8], offset=[[1], [2], [4]]>>
    return
  } {tilegpu.num_warps = 8 : i32, tilegpu.shared_bytes = 33792 : i64}
}

// CHECK-LABEL: llvm.func @tma_two(
// Map 0: zeroed and filled in its stage buffer (a 32-bit shared address),
// then copied to the slot in 16-byte words, the async proxy fenced; its
// tensor-map fence is deferred.
// CHECK-COUNT-8: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
// CHECK: %[[S0:.*]] = llvm.trunc %{{.*}} : i64 to i32
// CHECK: "tensormap.replace.tile.global_address.shared::cta.b1024.b64 [$0], $1;", "r,l" %[[S0]]
// CHECK: "tensormap.replace.tile.rank.shared::cta.b1024.b32 [$0], 1;", "r" %[[S0]]
// CHECK: "tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [$0], 0, 64;", "r"
// CHECK: "tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [$0], 0, $1;", "r,r"
// CHECK: "tensormap.replace.tile.global_stride.shared::cta.b1024.b64 [$0], 0, $1;", "r,l"
// CHECK: "tensormap.replace.tile.swizzle_mode.shared::cta.b1024.b32 [$0], 3;", "r"
// CHECK: "tensormap.replace.tile.fill_mode.shared::cta.b1024.b32 [$0], 0;", "r"
// CHECK: %[[W0:.*]] = llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
// CHECK-NEXT: %[[D0:.*]] = llvm.getelementptr %{{.*}}[0] : (!llvm.ptr<1>)
// CHECK-NEXT: llvm.store %[[W0]], %[[D0]] {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<1>
// CHECK: %[[W1:.*]] = llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
// CHECK-NEXT: %[[D1:.*]] = llvm.getelementptr %{{.*}}[16] : (!llvm.ptr<1>)
// CHECK-NEXT: llvm.store %[[W1]], %[[D1]] {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<1>
// CHECK: %[[W2:.*]] = llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
// CHECK-NEXT: %[[D2:.*]] = llvm.getelementptr %{{.*}}[32] : (!llvm.ptr<1>)
// CHECK-NEXT: llvm.store %[[W2]], %[[D2]] {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<1>
// CHECK: %[[W3:.*]] = llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
// CHECK-NEXT: %[[D3:.*]] = llvm.getelementptr %{{.*}}[48] : (!llvm.ptr<1>)
// CHECK-NEXT: llvm.store %[[W3]], %[[D3]] {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<1>
// CHECK: %[[W4:.*]] = llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
// CHECK-NEXT: %[[D4:.*]] = llvm.getelementptr %{{.*}}[64] : (!llvm.ptr<1>)
// CHECK-NEXT: llvm.store %[[W4]], %[[D4]] {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<1>
// CHECK: %[[W5:.*]] = llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
// CHECK-NEXT: %[[D5:.*]] = llvm.getelementptr %{{.*}}[80] : (!llvm.ptr<1>)
// CHECK-NEXT: llvm.store %[[W5]], %[[D5]] {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<1>
// CHECK: %[[W6:.*]] = llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
// CHECK-NEXT: %[[D6:.*]] = llvm.getelementptr %{{.*}}[96] : (!llvm.ptr<1>)
// CHECK-NEXT: llvm.store %[[W6]], %[[D6]] {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<1>
// CHECK: %[[W7:.*]] = llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
// CHECK-NEXT: %[[D7:.*]] = llvm.getelementptr %{{.*}}[112] : (!llvm.ptr<1>)
// CHECK-NEXT: llvm.store %[[W7]], %[[D7]] {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<1>
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NOT: nvvm.fence.proxy.release
// CHECK-NOT: nvvm.fence.proxy.acquire
// Map 1 likewise, then one release and an acquire of each map (map 0 at
// slot * 512, map 1 at slot * 512 + 128).
// CHECK: "tensormap.replace.tile.fill_mode.shared::cta.b1024.b32 [$0], 0;", "r"
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: nvvm.fence.proxy.release <gpu>
// CHECK-NOT: nvvm.fence.proxy.release
// CHECK: %[[M0:.*]] = llvm.mlir.constant(0 : i64)
// CHECK: llvm.add %{{.*}}, %[[M0]]
// CHECK: nvvm.fence.proxy.acquire <gpu>
// CHECK: %[[M1:.*]] = llvm.mlir.constant(128 : i64)
// CHECK: llvm.add %{{.*}}, %[[M1]]
// CHECK: nvvm.fence.proxy.acquire <gpu>
// CHECK-NOT: nvvm.fence.proxy.acquire
// A release with this_thread (the producer thread's) tests no thread id.
// CHECK-NOT: nvvm.read.ptx.sreg.tid.x
// CHECK: "red.release.gpu.global.and.b32 [$0], $1;", "l,r"
// CHECK: llvm.return
