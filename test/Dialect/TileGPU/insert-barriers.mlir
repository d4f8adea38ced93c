// tileir-insert-barriers places a CTA barrier only where threads would
// race on shared memory: before a read of bytes written since the last
// barrier, before a write of bytes read or written since then, and, with
// the generic-to-async proxy fence, before tensor cores read generic
// writes (only on the barrier before the read). Loops see their previous
// iteration.
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts \
// RUN:   --tileir-plan-shared-memory --tileir-insert-barriers | FileCheck %s
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts="target=sm_90 swap-products=0" \
// RUN:   --tileir-stage-operands='target=sm_90' --tileir-pipeline-loops='target=sm_90 warp-specialize=0' \
// RUN:   --tileir-plan-shared-memory --tileir-insert-barriers \
// RUN:   | FileCheck %s --check-prefix=GEMM
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts="target=sm_90 swap-products=0" \
// RUN:   --tileir-stage-operands='target=sm_90' --tileir-pipeline-loops='target=sm_90' \
// RUN:   --tileir-plan-shared-memory --tileir-insert-barriers \
// RUN:   | FileCheck %s --check-prefix=WSGEMM
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' \
// RUN:   --tileir-pipeline-loops='target=sm_90 warp-specialize=0 prefetch-operands=1' \
// RUN:   --tileir-plan-shared-memory --tileir-insert-barriers \
// RUN:   | FileCheck %s --check-prefix=SWAP

// Writes to two buffers need nothing between them; the read of the first
// needs one barrier, and rewriting it after the read another.
// CHECK-LABEL: entry @straight(
// CHECK: tilegpu.local_store
// CHECK-NEXT: tilegpu.local_store
// CHECK-NEXT: tilegpu.barrier
// CHECK-NEXT: tilegpu.local_load
// CHECK-NEXT: tilegpu.barrier
// CHECK-NEXT: tilegpu.local_store
// CHECK-NOT: tilegpu.barrier
// CHECK: return
cuda_tile.module @straight {
  entry @straight() {
    %x = constant <f32: 1.0> : tile<16x16xf32>
    %a = tilegpu.alloc_shared : !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
    %b = tilegpu.alloc_shared : !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
    tilegpu.local_store %x, %a : !cuda_tile.tile<16x16xf32>, !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
    tilegpu.local_store %x, %b : !cuda_tile.tile<16x16xf32>, !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
    %y = tilegpu.local_load %a : !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>> -> !cuda_tile.tile<16x16xf32>
    tilegpu.local_store %y, %a : !cuda_tile.tile<16x16xf32>, !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
    return
  }
}

// -----

// In a loop that reads then writes one buffer, the write waits for this
// iteration's readers and the read for the previous iteration's writer:
// one barrier before each.
// CHECK-LABEL: entry @loop(
// CHECK: for
// CHECK-NEXT: tilegpu.barrier
// CHECK-NEXT: tilegpu.local_load
// CHECK-NEXT: tilegpu.barrier
// CHECK-NEXT: tilegpu.local_store
cuda_tile.module @loop {
  entry @loop(%n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %a = tilegpu.alloc_shared : !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
    for %k in (%c0 to %n, step %c1) : tile<i32> {
      %y = tilegpu.local_load %a : !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>> -> !cuda_tile.tile<16x16xf32>
      tilegpu.local_store %y, %a : !cuda_tile.tile<16x16xf32>, !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
    }
    return
  }
}

// -----

// A pipelined GEMM loop: one barrier per iteration, after the wait for the
// stage's copies and before the product; it fences the copies' (generic)
// writes against wgmma's async-proxy reads. The copies behind the product
// write the loop's write stage, which the loop declares distinct from the
// read stage the product reads: no barrier between them. The barrier at
// the top also orders them after the previous iteration's reads.
// GEMM-LABEL: entry @gemm(
// GEMM: for
// GEMM-NEXT: tilegpu.async_wait 2
// GEMM-NOT: tilegpu.barrier
// GEMM: tilegpu.barrier async_proxy
// GEMM-NOT: tilegpu.barrier
// GEMM: tilegpu.warpgroup_dot
// GEMM-NOT: tilegpu.barrier
// GEMM: tilegpu.async_copy
// GEMM-NOT: tilegpu.barrier
// GEMM: continue
// Warp-specialized (the default), the same loop needs no CTA barrier: the
// producer warps' region is left alone, and the compute warps' loop waits
// on the stage's mbarrier and fences the async proxy itself.
// WSGEMM-LABEL: entry @gemm(
// WSGEMM: tilegpu.mbarrier_init
// WSGEMM-NOT: tilegpu.barrier
// WSGEMM: } {tilegpu.producer}
// WSGEMM-NOT: tilegpu.barrier
// WSGEMM: tilegpu.mbarrier_wait
// WSGEMM-NEXT: tilegpu.fence_async_proxy
// WSGEMM-NOT: tilegpu.barrier
// WSGEMM: tilegpu.warpgroup_dot
// WSGEMM-NOT: tilegpu.barrier
// WSGEMM: continue
cuda_tile.module @gemm {
  entry @gemm(%a: tile<ptr<bf16>>, %b: tile<ptr<bf16>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %av = make_tensor_view %a, shape = [128, 4096], strides = [4096, 1] : tensor_view<128x4096xbf16, strides=[4096,1]>
    %ap = make_partition_view %av : partition_view<tile=(128x64), padding_value = zero, tensor_view<128x4096xbf16, strides=[4096,1]>>
    %bv = make_tensor_view %b, shape = [4096, 128], strides = [128, 1] : tensor_view<4096x128xbf16, strides=[128,1]>
    %bp = make_partition_view %bv : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %k in (%c0 to %n, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xf32>) {
      %x, %t0 = load_view_tko weak %ap[%c0, %k] : partition_view<tile=(128x64), padding_value = zero, tensor_view<128x4096xbf16, strides=[4096,1]>>, tile<i32> -> tile<128x64xbf16>, token
      %y, %t1 = load_view_tko weak %bp[%k, %c0] : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>, tile<i32> -> tile<64x128xbf16>, token
      %p = mmaf %x, %y, %s : tile<128x64xbf16>, tile<64x128xbf16>, tile<128x128xf32>
      continue %p : tile<128x128xf32>
    }
    %cv = make_tensor_view %c, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %cp = make_partition_view %cv : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %t = store_view_tko weak %acc, %cp[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

// -----

// Stages of one buffer: constant stage indices that differ name different
// bytes, so the load of stage 1 after the store to stage 0 needs no
// barrier; the load of stage 0 does.
// CHECK-LABEL: entry @constant_stages(
// CHECK: tilegpu.local_store
// CHECK-NEXT: tilegpu.local_load %[[S1:.*]] :
// CHECK-NEXT: tilegpu.barrier
// CHECK-NEXT: tilegpu.local_load
cuda_tile.module @constant_stages {
  entry @constant_stages() {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %x = constant <f32: 1.0> : tile<16x16xf32>
    %a = tilegpu.alloc_shared : !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>, stages = 2>
    %s0 = tilegpu.subview %a[%c0] : !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>, stages = 2>, !cuda_tile.tile<i32> -> !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
    %s1 = tilegpu.subview %a[%c1] : !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>, stages = 2>, !cuda_tile.tile<i32> -> !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
    tilegpu.local_store %x, %s0 : !cuda_tile.tile<16x16xf32>, !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
    %y = tilegpu.local_load %s1 : !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>> -> !cuda_tile.tile<16x16xf32>
    %z = tilegpu.local_load %s0 : !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>> -> !cuda_tile.tile<16x16xf32>
    return
  }
}

// -----

// Loop-carried stages declared distinct: within an iteration the store to
// the write stage and the load of the read stage touch different bytes (no
// barrier between them), but across the back edge the read stage may be
// the stage written in the iteration before: a barrier heads the body.
// Without the declaration the store also gets a barrier.
// CHECK-LABEL: entry @carried_stages(
// CHECK: for
// CHECK-NEXT: tilegpu.subview
// CHECK-NEXT: tilegpu.barrier
// CHECK-NEXT: tilegpu.local_load
// CHECK-NEXT: tilegpu.subview
// CHECK-NEXT: tilegpu.local_store
// CHECK-NEXT: continue
// CHECK: for
// CHECK-NEXT: tilegpu.subview
// CHECK-NEXT: tilegpu.barrier
// CHECK-NEXT: tilegpu.local_load
// CHECK-NEXT: tilegpu.subview
// CHECK-NEXT: tilegpu.barrier
// CHECK-NEXT: tilegpu.local_store
cuda_tile.module @carried_stages {
  entry @carried_stages(%n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %a = tilegpu.alloc_shared : !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>, stages = 2>
    %r0:2 = for %k in (%c0 to %n, step %c1) : tile<i32> iter_values(%r = %c0, %w = %c1) -> (tile<i32>, tile<i32>) {
      %sr = tilegpu.subview %a[%r] : !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>, stages = 2>, !cuda_tile.tile<i32> -> !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
      %y = tilegpu.local_load %sr : !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>> -> !cuda_tile.tile<16x16xf32>
      %sw = tilegpu.subview %a[%w] : !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>, stages = 2>, !cuda_tile.tile<i32> -> !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
      tilegpu.local_store %y, %sw : !cuda_tile.tile<16x16xf32>, !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
      continue %w, %r : tile<i32>, tile<i32>
    } {tilegpu.distinct_stages = array<i64: 0, 1>}
    %r1:2 = for %k in (%c0 to %n, step %c1) : tile<i32> iter_values(%r = %c0, %w = %c1) -> (tile<i32>, tile<i32>) {
      %sr = tilegpu.subview %a[%r] : !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>, stages = 2>, !cuda_tile.tile<i32> -> !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
      %y = tilegpu.local_load %sr : !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>> -> !cuda_tile.tile<16x16xf32>
      %sw = tilegpu.subview %a[%w] : !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>, stages = 2>, !cuda_tile.tile<i32> -> !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
      tilegpu.local_store %y, %sw : !cuda_tile.tile<16x16xf32>, !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
      continue %w, %r : tile<i32>, tile<i32>
    }
    return
  }
}

// -----

// An 8-bit GEMM whose B is transposed to K-major through registers: the
// barrier before the transposition reads the copied stage orders the
// copies (A's included) without a fence; the one barrier before the
// product fences every write wgmma reads, the copies of A and the
// transposed B alike.
// GEMM-LABEL: entry @gemm_e4m3(
// GEMM: for
// GEMM-NEXT: tilegpu.async_wait 2
// GEMM-NOT: tilegpu.barrier
// GEMM: tilegpu.barrier{{$}}
// GEMM-NEXT: tilegpu.local_load
// GEMM-NOT: tilegpu.barrier
// GEMM: tilegpu.local_store
// GEMM-NEXT: tilegpu.barrier async_proxy
// GEMM-NEXT: tilegpu.warpgroup_dot
// GEMM-NOT: tilegpu.barrier
// GEMM: continue
// Computed as B^T A^T (the default), the same GEMM writes shared memory
// only through its copies: one fenced barrier an iteration, before B^T is
// read into registers and A^T by the tensor cores. With operand prefetch
// the loop is unrolled by two (B^T is read while the previous product
// runs); the second copy of
// the body reads and writes the stages advanced from the loop's, still
// told apart, and so does the odd last iteration after the loop.
// SWAP-LABEL: entry @gemm_e4m3(
// SWAP: for
// SWAP-NEXT: tilegpu.async_wait 2
// SWAP-NOT: tilegpu.barrier
// SWAP: tilegpu.barrier async_proxy
// SWAP-NEXT: tilegpu.local_load
// SWAP-NOT: tilegpu.barrier
// SWAP: tilegpu.warpgroup_dot
// SWAP-NOT: tilegpu.barrier
// SWAP: tilegpu.async_wait 2
// SWAP-NOT: tilegpu.barrier
// SWAP: tilegpu.barrier async_proxy
// SWAP-NEXT: tilegpu.local_load
// SWAP-NOT: tilegpu.barrier
// SWAP: tilegpu.warpgroup_dot
// SWAP-NOT: tilegpu.barrier
// SWAP: continue
// SWAP: if
// SWAP-NEXT: tilegpu.async_wait 2
// SWAP-NOT: tilegpu.barrier
// SWAP: tilegpu.barrier async_proxy
// SWAP-NOT: tilegpu.barrier
// SWAP: } else {
cuda_tile.module @gemm_e4m3 {
  entry @gemm_e4m3(%a: tile<ptr<f8E4M3FN>>, %b: tile<ptr<f8E4M3FN>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %av = make_tensor_view %a, shape = [128, 4096], strides = [4096, 1] : tensor_view<128x4096xf8E4M3FN, strides=[4096,1]>
    %ap = make_partition_view %av : partition_view<tile=(128x128), padding_value = zero, tensor_view<128x4096xf8E4M3FN, strides=[4096,1]>>
    %bv = make_tensor_view %b, shape = [4096, 128], strides = [128, 1] : tensor_view<4096x128xf8E4M3FN, strides=[128,1]>
    %bp = make_partition_view %bv : partition_view<tile=(128x128), padding_value = zero, tensor_view<4096x128xf8E4M3FN, strides=[128,1]>>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %k in (%c0 to %n, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xf32>) {
      %x, %t0 = load_view_tko weak %ap[%c0, %k] : partition_view<tile=(128x128), padding_value = zero, tensor_view<128x4096xf8E4M3FN, strides=[4096,1]>>, tile<i32> -> tile<128x128xf8E4M3FN>, token
      %y, %t1 = load_view_tko weak %bp[%k, %c0] : partition_view<tile=(128x128), padding_value = zero, tensor_view<4096x128xf8E4M3FN, strides=[128,1]>>, tile<i32> -> tile<128x128xf8E4M3FN>, token
      %p = mmaf %x, %y, %s fast_acc : tile<128x128xf8E4M3FN>, tile<128x128xf8E4M3FN>, tile<128x128xf32>
      continue %p : tile<128x128xf32>
    }
    %cv = make_tensor_view %c, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %cp = make_partition_view %cv : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %t = store_view_tko weak %acc, %cp[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
