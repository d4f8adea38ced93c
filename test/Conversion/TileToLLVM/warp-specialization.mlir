// Warp specialization lowered to NVVM ops. First, the ops one by one in a
// kernel with 8 compute and 4 producer warps: .reqntid counts both, one
// thread initializes the mbarriers (predicated init) before a barrier over
// the whole CTA, try_wait.parity loops, a per-warpgroup arrival is taken by
// thread 0 of each warpgroup, cp.async arrivals do not increment the
// pending count, the compute warps' barrier is named barrier 1 over their
// 256 threads, and the producer test compares the thread id with 256.
// RUN: tile-opt %s --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_90' | FileCheck %s

// CHECK-LABEL: llvm.func @direct(
// CHECK-SAME: nvvm.reqntid = array<i32: 384, 1, 1>
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[FIRST:.*]] = llvm.icmp "eq" %[[TID]]
// CHECK: %[[C128:.*]] = llvm.mlir.constant(128 : i32)
// CHECK: nvvm.mbarrier.init %{{.*}}, %[[C128]], predicate = %[[FIRST]]
// CHECK: %[[C2:.*]] = llvm.mlir.constant(2 : i32)
// CHECK: nvvm.mbarrier.init %{{.*}}, %[[C2]], predicate = %[[FIRST]]
// CHECK-NEXT: nvvm.barrier0
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK: nvvm.mbarrier.arrive
// CHECK: %[[LANE:.*]] = llvm.and %{{.*}}, %{{.*}} : i32
// CHECK: %[[LEADER:.*]] = llvm.icmp "eq" %[[LANE]]
// CHECK: llvm.cond_br %[[LEADER]], ^[[ARRIVE:.*]], ^[[AFTER:.*]]
// CHECK: ^[[ARRIVE]]:
// CHECK-NEXT: nvvm.mbarrier.arrive
// CHECK: nvvm.cp.async.mbarrier.arrive %{{.*}} {noinc = true}
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i32)
// CHECK: %[[N:.*]] = llvm.mlir.constant(256 : i32)
// CHECK: nvvm.barrier id = %[[ONE]] number_of_threads = %[[N]]
// CHECK: %[[C256:.*]] = llvm.mlir.constant(256 : i32)
// CHECK: llvm.icmp "uge" %{{.*}}, %[[C256]]
// CHECK: nvvm.exit
cuda_tile.module @direct {
  entry @direct() {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %bars = tilegpu.alloc_shared {offset = 0 : i64} : !tilegpu.smem<4xi64, #tilegpu.shared<shape=[4], offset=[[1], [2]]>>
    tilegpu.mbarrier_init %bars, [128, 2] : !tilegpu.smem<4xi64, #tilegpu.shared<shape=[4], offset=[[1], [2]]>>
    tilegpu.mbarrier_wait %bars[%c1], %c0 : !tilegpu.smem<4xi64, #tilegpu.shared<shape=[4], offset=[[1], [2]]>>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>
    tilegpu.mbarrier_arrive %bars[%c1] : !tilegpu.smem<4xi64, #tilegpu.shared<shape=[4], offset=[[1], [2]]>>, !cuda_tile.tile<i32>
    tilegpu.mbarrier_arrive %bars[%c0] per_warpgroup : !tilegpu.smem<4xi64, #tilegpu.shared<shape=[4], offset=[[1], [2]]>>, !cuda_tile.tile<i32>
    tilegpu.async_copy_arrive %bars[%c0] : !tilegpu.smem<4xi64, #tilegpu.shared<shape=[4], offset=[[1], [2]]>>, !cuda_tile.tile<i32>
    tilegpu.fence_async_proxy
    tilegpu.barrier
    %p = tilegpu.is_producer_warp : !cuda_tile.tile<i1>
    tilegpu.exit
    return
  } {tilegpu.num_warps = 8 : i32, tilegpu.producer_warps = 4 : i32, tilegpu.shared_bytes = 1024 : i64}
}
