// The tf32 GEMM's B is rounded and transposed through registers into a
// K-major staging buffer every iteration, which the asynchronous wgmma of
// that iteration reads while the next iteration runs. tileir-pipeline-loops
// gives that buffer three stages in rotation (`tilegpu.staging_rotation`)
// where shared memory holds them: an iteration's store then never meets a
// read of another iteration's stage (the last product that read its stage,
// three iterations back, was waited for before the barrier of the iteration
// before), so tileir-insert-barriers orders the store only before the
// product that reads it (prefixes NOHOIST and ROTATE; one barrier, with the
// proxy fence,
// in each iteration of the loop unrolled by two and in its odd last one).
// The loop is unrolled by two (its A operand is prefetched into registers),
// and each copy stages its operand after the wait before it (the default,
// prefix NOHOIST). With `hoist-staging=1` (prefix ROTATE) the second
// copy's staging (the wait for its stage, the load, the rounding and the
// store) moves up before the wait that ends the first copy: its stage, too,
// was last read three iterations back. Only the second copy's A operand,
// whose registers the product in flight two iterations back reads, stays
// behind that wait.
// With two stages alternating (`staging-stages=2`), the store must also wait
// for the product two iterations back, which the other warpgroup may still
// be running until its wait at the end of the iteration before: a barrier
// before each store too (prefix TWO).
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' \
// RUN:   --tileir-pipeline-loops='target=sm_90 hoist-staging=1' \
// RUN:   --tileir-plan-shared-memory --tileir-insert-barriers \
// RUN:   | FileCheck %s --check-prefix=ROTATE
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' \
// RUN:   --tileir-pipeline-loops='target=sm_90' --tileir-plan-shared-memory \
// RUN:   --tileir-insert-barriers | FileCheck %s --check-prefix=NOHOIST
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' \
// RUN:   --tileir-pipeline-loops='target=sm_90 staging-stages=2' \
// RUN:   --tileir-plan-shared-memory --tileir-insert-barriers \
// RUN:   | FileCheck %s --check-prefix=TWO

// ROTATE-LABEL: entry @gemm_tf32(
// ROTATE: tilegpu.alloc_shared {{{.*}}tilegpu.staging_rotation} {{.*}}stages = 3>
// ROTATE: for
// ROTATE: tilegpu.mbarrier_wait
// ROTATE-NOT: tilegpu.barrier
// ROTATE: tilegpu.local_store
// ROTATE-NEXT: tilegpu.barrier async_proxy
// ROTATE-NEXT: %[[D1:.*]] = tilegpu.warpgroup_dot {{.*}} {is_async}
// ROTATE-NOT: tilegpu.barrier
// ROTATE-NOT: tilegpu.warpgroup_dot_wait
// ROTATE: tilegpu.mbarrier_wait
// ROTATE-NEXT: tilegpu.subview
// ROTATE-NEXT: tilegpu.local_load
// ROTATE-NEXT: ftof
// ROTATE-NEXT: tilegpu.subview
// ROTATE-NEXT: tilegpu.local_store
// ROTATE-NEXT: tilegpu.warpgroup_dot_wait %[[D1]] {pending = 1 : i32}
// ROTATE-NOT: tilegpu.local_store
// ROTATE: tilegpu.barrier async_proxy
// ROTATE-NEXT: tilegpu.warpgroup_dot {{.*}} {is_async}
// ROTATE: tilegpu.warpgroup_dot_wait {{.*}} {pending = 1 : i32}
// ROTATE-NEXT: continue
// NOHOIST-LABEL: entry @gemm_tf32(
// NOHOIST: tilegpu.alloc_shared {{{.*}}tilegpu.staging_rotation} {{.*}}stages = 3>
// NOHOIST: for
// NOHOIST: tilegpu.mbarrier_wait
// NOHOIST-NOT: tilegpu.barrier
// NOHOIST: tilegpu.local_store
// NOHOIST-NEXT: tilegpu.barrier async_proxy
// NOHOIST-NEXT: tilegpu.warpgroup_dot {{.*}} {is_async}
// NOHOIST: tilegpu.warpgroup_dot_wait {{.*}} {pending = 1 : i32}
// NOHOIST: tilegpu.mbarrier_wait
// NOHOIST-NOT: tilegpu.barrier
// NOHOIST: tilegpu.local_store
// NOHOIST-NEXT: tilegpu.barrier async_proxy
// NOHOIST-NEXT: tilegpu.warpgroup_dot {{.*}} {is_async}
// NOHOIST: tilegpu.warpgroup_dot_wait {{.*}} {pending = 1 : i32}
// NOHOIST-NEXT: continue
// ROTATE: tilegpu.mbarrier_wait
// ROTATE-NOT: tilegpu.barrier
// ROTATE: tilegpu.local_store
// ROTATE-NEXT: tilegpu.barrier async_proxy
// ROTATE-NEXT: tilegpu.warpgroup_dot {{.*}} {is_async}
// ROTATE-NOT: tilegpu.barrier
// ROTATE: return

// TWO-LABEL: entry @gemm_tf32(
// TWO-NOT: tilegpu.staging_rotation
// TWO: for
// TWO: tilegpu.barrier{{$}}
// TWO-NEXT: tilegpu.local_store
// TWO-NEXT: tilegpu.barrier async_proxy
// TWO-NEXT: tilegpu.warpgroup_dot {{.*}} {is_async}
// TWO: tilegpu.barrier{{$}}
// TWO-NEXT: tilegpu.local_store
// TWO-NEXT: tilegpu.barrier async_proxy
// TWO-NEXT: tilegpu.warpgroup_dot {{.*}} {is_async}
// TWO: continue
// TWO: tilegpu.barrier{{$}}
// TWO-NEXT: tilegpu.local_store
// TWO-NEXT: tilegpu.barrier async_proxy

cuda_tile.module @gemm_tf32 {
  entry @gemm_tf32(%a0: tile<ptr<f32>>, %b0: tile<ptr<f32>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %a = assume div_by<16>, %a0 : tile<ptr<f32>>
    %b = assume div_by<16>, %b0 : tile<ptr<f32>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %av = make_tensor_view %a, shape = [128, 4096], strides = [4096, 1] : tensor_view<128x4096xf32, strides=[4096,1]>
    %ap = make_partition_view %av : partition_view<tile=(128x32), padding_value = zero, tensor_view<128x4096xf32, strides=[4096,1]>>
    %bv = make_tensor_view %b, shape = [4096, 128], strides = [128, 1] : tensor_view<4096x128xf32, strides=[128,1]>
    %bp = make_partition_view %bv : partition_view<tile=(32x128), padding_value = zero, tensor_view<4096x128xf32, strides=[128,1]>>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %k in (%c0 to %n, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xf32>) {
      %x, %t0 = load_view_tko weak %ap[%c0, %k] : partition_view<tile=(128x32), padding_value = zero, tensor_view<128x4096xf32, strides=[4096,1]>>, tile<i32> -> tile<128x32xf32>, token
      %y, %t1 = load_view_tko weak %bp[%k, %c0] : partition_view<tile=(32x128), padding_value = zero, tensor_view<4096x128xf32, strides=[128,1]>>, tile<i32> -> tile<32x128xf32>, token
      %xt = ftof %x : tile<128x32xf32> -> tile<128x32xtf32>
      %yt = ftof %y : tile<32x128xf32> -> tile<32x128xtf32>
      %p = mmaf %xt, %yt, %s : tile<128x32xtf32>, tile<32x128xtf32>, tile<128x128xf32>
      continue %p : tile<128x128xf32>
    }
    %cv = make_tensor_view %c, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %cp = make_partition_view %cv : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %t = store_view_tko weak %acc, %cp[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
