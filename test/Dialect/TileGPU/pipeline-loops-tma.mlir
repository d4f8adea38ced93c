// TMA copies in an unspecialized wgmma loop (tileir-pipeline-loops,
// sm_90): a 128x128 GEMM on two warpgroups, warp specialization off. Before
// the loop the CTA claims a tensor-map slot, initializes one mbarrier per
// stage (one arrival per copy) and its first thread writes the maps
// (`tilegpu.leader_only`); the prologue and the body issue the copies from
// the first thread under the CTA-uniform range test; every thread waits on
// the read stage's mbarrier, the phase parity carried last; the slot is
// freed after the loop, and no cp.async remains. tileir-insert-barriers
// then orders the reads of the stage a copy refills before the copy (one
// barrier, under the range test), and needs none between the mbarrier
// wait and the product: the wait publishes the data. One warpgroup keeps
// cp.async unless `tma-one-warpgroup` asks for TMA.
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' \
// RUN:   --tileir-pipeline-loops='target=sm_90 warp-specialize=0' \
// RUN:   --tileir-plan-shared-memory | FileCheck %s
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' \
// RUN:   --tileir-pipeline-loops='target=sm_90 warp-specialize=0' \
// RUN:   --tileir-plan-shared-memory --tileir-insert-barriers \
// RUN:   | FileCheck %s --check-prefix=BARRIER
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' \
// RUN:   --tileir-pipeline-loops='target=sm_90 warp-specialize=0' \
// RUN:   --remarks-filter=memory 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90 num-warps=4' \
// RUN:   --tileir-stage-operands='target=sm_90' \
// RUN:   --tileir-pipeline-loops='target=sm_90 warp-specialize=0' \
// RUN:   --remarks-filter=memory 2>&1 >/dev/null | FileCheck %s --check-prefix=ONEGROUP
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90 num-warps=4' \
// RUN:   --tileir-stage-operands='target=sm_90' \
// RUN:   --tileir-pipeline-loops='target=sm_90 warp-specialize=0 tma-one-warpgroup=1' \
// RUN:   | FileCheck %s --check-prefix=ONEGROUP-TMA
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' \
// RUN:   --tileir-pipeline-loops='target=sm_90 warp-specialize=0 tensormaps-in-shared=0' \
// RUN:   | FileCheck %s --check-prefix=GLOBAL
// CHECK-LABEL: entry @gemm(
// CHECK-NOT: tilegpu.async_copy
// CHECK: %[[BARS:.*]] = tilegpu.alloc_shared {offset = {{[0-9]+}} : i64} : !tilegpu.smem<8xi64
// CHECK: tilegpu.tensormap_acquire %[[BARS]][5]
// CHECK: tilegpu.mbarrier_init %[[BARS]], [2, 2, 2, 2, 2]
// The maps are built in shared memory, the second carrying the slot's one
// proxy fence for both; with tensormaps-in-shared=0 each is built in its
// global slot (GLOBAL).
// CHECK: tilegpu.tensormap_init {{.*}} map 0 {tilegpu.leader_only, tilegpu.tensormap_fence = array<i32>, tilegpu.tensormap_in_shared}
// CHECK: tilegpu.tensormap_init {{.*}} map 1 {tilegpu.leader_only, tilegpu.tensormap_fence = array<i32: 0, 1>, tilegpu.tensormap_in_shared}
// GLOBAL-LABEL: entry @gemm(
// GLOBAL: tilegpu.tensormap_init {{.*}} map 0 {tilegpu.leader_only}
// GLOBAL: tilegpu.tensormap_init {{.*}} map 1 {tilegpu.leader_only}
// GLOBAL-NOT: tilegpu.tensormap_in_shared
// CHECK: if
// CHECK-COUNT-2: tilegpu.tma_copy {{.*}} {tilegpu.leader_only}
// CHECK: for {{.*}} iter_values({{.*}}, %[[READ:arg[0-9]+]] = {{.*}}, %[[WRITE:arg[0-9]+]] = {{.*}}, %[[PHASE:arg[0-9]+]] = {{.*}})
// CHECK-NEXT: tilegpu.mbarrier_wait %[[BARS]][%[[READ]]], %[[PHASE]]
// CHECK: tilegpu.warpgroup_dot {{.*}} {is_async}
// CHECK: if
// CHECK: tilegpu.tma_copy {{.*}}, %[[BARS]][%[[WRITE]]] slot 5 map 0 {tilegpu.leader_only}
// CHECK: tilegpu.tma_copy {{.*}}, %[[BARS]][%[[WRITE]]] slot 5 map 1 {tilegpu.leader_only}
// CHECK: tilegpu.warpgroup_dot_wait {{.*}} {pending = 1 : i32}
// CHECK: tilegpu.tensormap_release %[[BARS]][5]
// CHECK-NOT: tilegpu.async_wait
// BARRIER-LABEL: entry @gemm(
// BARRIER: for
// BARRIER-NEXT: tilegpu.mbarrier_wait
// BARRIER-NOT: tilegpu.barrier
// BARRIER: tilegpu.warpgroup_dot {{.*}} {is_async}
// BARRIER-NEXT: {{.*}} = constant
// BARRIER: if
// BARRIER: tilegpu.barrier{{$}}
// BARRIER-NEXT: tilegpu.tma_copy
// BARRIER-NOT: tilegpu.barrier
// BARRIER: tilegpu.warpgroup_dot_wait
// REMARK: remark: [Passed] Pipeline | Category:memory | Remark="loop pipelined with 5 stages: {{.*}}; one thread issues the copies with TMA (tensor maps built on the device), every thread waits on the stage's mbarrier; tile blocks run in groups of 8 along x", Stages=5
// ONEGROUP: no TMA: one compute warpgroup is faster copying with every warp
// With tma-one-warpgroup the one warpgroup's first thread copies with TMA;
// with tensormaps-in-shared its maps are built in shared memory, the last
// fencing both.
// ONEGROUP-TMA-LABEL: entry @gemm(
// ONEGROUP-TMA-NOT: tilegpu.async_copy
// ONEGROUP-TMA: tilegpu.tensormap_init {{.*}} map 0 {tilegpu.leader_only, tilegpu.tensormap_fence = array<i32>, tilegpu.tensormap_in_shared}
// ONEGROUP-TMA: tilegpu.tensormap_init {{.*}} map 1 {tilegpu.leader_only, tilegpu.tensormap_fence = array<i32: 0, 1>, tilegpu.tensormap_in_shared}
// ONEGROUP-TMA: tilegpu.tma_copy {{.*}} {tilegpu.leader_only}
// ONEGROUP-TMA: tilegpu.num_warps = 4
cuda_tile.module @kernels {
  entry @gemm(%a0: tile<ptr<bf16>>, %b0: tile<ptr<bf16>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %a = assume div_by<16>, %a0 : tile<ptr<bf16>>
    %b = assume div_by<16>, %b0 : tile<ptr<bf16>>
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
