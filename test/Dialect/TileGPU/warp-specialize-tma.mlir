// Warp specialization fed by TMA (tileir-pipeline-loops, sm_90): where
// every copy of the loop is a tile of a partition view into a swizzled
// buffer, from a base and strides the program proves 16-byte aligned, one
// producer thread builds tensor maps in the CTA's slot of the module's pool
// (claimed before the mbarriers' CTA barrier, freed after the compute
// loop) and issues one tma_copy per operand and stage; `full` expects one
// arrival per copy, and the compute warps need no proxy fence.
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' --tileir-pipeline-loops='target=sm_90' \
// RUN:   --tileir-plan-shared-memory | FileCheck %s
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' --tileir-pipeline-loops='target=sm_90' \
// RUN:   --remarks-filter=memory 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' \
// RUN:   --tileir-pipeline-loops='target=sm_90 tma=0' | FileCheck %s --check-prefix=NOTMA
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' \
// RUN:   --tileir-pipeline-loops='target=sm_90 tensormaps-in-shared=1' | FileCheck %s --check-prefix=SHARED
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' \
// RUN:   --tileir-pipeline-loops='target=sm_90 grouped-raster=0' | FileCheck %s --check-prefix=NORASTER
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' \
// RUN:   --tileir-pipeline-loops='target=sm_90 producer-releases-maps=1' \
// RUN:   --tileir-plan-shared-memory | FileCheck %s --check-prefix=RELEASE
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_80' \
// RUN:   --tileir-stage-operands='target=sm_80' \
// RUN:   --tileir-pipeline-loops='target=sm_80' | FileCheck %s --check-prefix=SM80

// CHECK-LABEL: entry @gemm(
// CHECK: %[[A:.*]] = tilegpu.alloc_shared {offset = {{[0-9]+}} : i64} : !tilegpu.smem<128x64xbf16, {{.*}}, stages = [[S:[0-9]+]]>
// CHECK: %[[B:.*]] = tilegpu.alloc_shared {offset = {{[0-9]+}} : i64} : !tilegpu.smem<64x128xbf16, {{.*}}, stages = [[S]]>
// CHECK: %[[BARS:.*]] = tilegpu.alloc_shared {{.*}} : !tilegpu.smem<16xi64
// CHECK-NEXT: tilegpu.tensormap_acquire %[[BARS]][10]
// CHECK-NEXT: tilegpu.mbarrier_init %[[BARS]], [2, 2, 2, 2, 2, 2, 2, 2, 2, 2]
// CHECK: %[[P:.*]] = tilegpu.is_producer_warp :
// CHECK: if %[[P]] {
// CHECK: %[[L:.*]] = tilegpu.is_producer_warp leader
// CHECK: if %[[L]] {
// CHECK: make_tensor_view
// CHECK: if
// CHECK: tilegpu.tensormap_init %{{.*}}, %[[A]], %[[BARS]][10] map 0
// CHECK: tilegpu.tensormap_init %{{.*}}, %[[B]], %[[BARS]][10] map 1
// With tensormaps-in-shared both maps are built in shared memory and the
// second fences both.
// SHARED-LABEL: entry @gemm(
// SHARED: tilegpu.tensormap_init {{.*}} map 0 {tilegpu.tensormap_fence = array<i32>, tilegpu.tensormap_in_shared}
// SHARED: tilegpu.tensormap_init {{.*}} map 1 {tilegpu.tensormap_fence = array<i32: 0, 1>, tilegpu.tensormap_in_shared}
// CHECK: for {{.*}} iter_values(%[[PS:.*]] = %{{.*}}, %[[PH:.*]] = %{{.*}})
// CHECK: tilegpu.mbarrier_wait %[[BARS]]
// CHECK: %[[AS:.*]] = tilegpu.subview %[[A]][%[[PS]]]
// CHECK: tilegpu.tma_copy %{{.*}}[%{{.*}}, %{{.*}}], %[[AS]], %[[BARS]][%[[PS]]] slot 10 map 0
// CHECK: tilegpu.tma_copy %{{.*}} slot 10 map 1
// CHECK-NOT: async_copy
// CHECK: continue
// CHECK-NOT: tilegpu.async_wait
// CHECK: tilegpu.exit
// CHECK: } {tilegpu.producer}
// CHECK: for {{.*}} iter_values(%{{.*}} = %{{.*}}, %[[CS:.*]] = %{{.*}}, %[[CPH:.*]] = %{{.*}})
// CHECK-NEXT: tilegpu.mbarrier_wait %[[BARS]][%[[CS]]], %[[CPH]]
// CHECK-NOT: tilegpu.fence_async_proxy
// CHECK: tilegpu.warpgroup_dot {{.*}} {is_async}
// CHECK: tilegpu.warpgroup_dot_wait {{.*}} {pending = 0 : i32}
// CHECK: tilegpu.tensormap_release %[[BARS]][10]
// CHECK: tilegpu.grouped_raster = 8 : i32, tilegpu.num_warps = 8 : i32, tilegpu.producer_warps = 1 : i32
// REMARK: warp-specialized: one producer thread issues TMA copies{{.*}}; tile blocks run in groups of 8 along x
// NOTMA-LABEL: entry @gemm(
// NOTMA-NOT: tensormap
// NOTMA: tilegpu.async_copy_arrive
// NOTMA-NOT: tensormap
// NOTMA: tilegpu.producer_warps = 4 : i32
// A GEMM's tile blocks run grouped whether or not it is specialized (the
// sm_80 path: every warp copies).
// SM80-LABEL: entry @gemm(
// SM80-NOT: tilegpu.is_producer_warp
// SM80: tilegpu.grouped_raster = 8 : i32
// With producer-releases-maps the producer thread frees the slot after its
// loop, once it has waited for the last fill of each of the 5 stages; the
// compute warps free nothing, and the barriers stay out of reach of what
// the compute warps allocate later.
// RELEASE-LABEL: entry @gemm(
// RELEASE: %[[BARS:.*]] = tilegpu.alloc_shared {offset = {{[0-9]+}} : i64, tilegpu.live_to_end} : !tilegpu.smem<16xi64
// RELEASE: tilegpu.tma_copy {{.*}} slot 10 map 1
// RELEASE: continue
// RELEASE-NEXT: }
// RELEASE-COUNT-5: tilegpu.mbarrier_wait %[[BARS]]
// RELEASE-NEXT: tilegpu.tensormap_release %[[BARS]][10] {this_thread}
// RELEASE-NEXT: }
// RELEASE-NEXT: tilegpu.exit
// RELEASE-NOT: tensormap_release
// RELEASE: tilegpu.producer_warps = 1 : i32
// NORASTER-LABEL: entry @gemm(
// NORASTER-NOT: grouped_raster
// NORASTER: tilegpu.producer_warps = 1 : i32
cuda_tile.module @gemm {
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

// -----

// A dynamic stride the program does not prove a multiple of 16 bytes keeps
// the cp.async producers, and the remark says why.
// CHECK-LABEL: entry @unaligned_stride(
// CHECK-NOT: tensormap
// CHECK: tilegpu.producer_warps = 4 : i32
// REMARK: 4 producer warps issue the copies, mbarriers hand the stages over; no TMA: the program does not prove a 16-byte aligned base and strides
cuda_tile.module @unaligned_stride {
  entry @unaligned_stride(%a0: tile<ptr<bf16>>, %b0: tile<ptr<bf16>>, %c: tile<ptr<f32>>, %n: tile<i32>, %lda: tile<i32>) {
    %a = assume div_by<16>, %a0 : tile<ptr<bf16>>
    %b = assume div_by<16>, %b0 : tile<ptr<bf16>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %av = make_tensor_view %a, shape = [128, 4096], strides = [%lda, 1] : tile<i32> -> tensor_view<128x4096xbf16, strides=[?,1]>
    %ap = make_partition_view %av : partition_view<tile=(128x64), padding_value = zero, tensor_view<128x4096xbf16, strides=[?,1]>>
    %bv = make_tensor_view %b, shape = [4096, 128], strides = [128, 1] : tensor_view<4096x128xbf16, strides=[128,1]>
    %bp = make_partition_view %bv : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %k in (%c0 to %n, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xf32>) {
      %x, %t0 = load_view_tko weak %ap[%c0, %k] : partition_view<tile=(128x64), padding_value = zero, tensor_view<128x4096xbf16, strides=[?,1]>>, tile<i32> -> tile<128x64xbf16>, token
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

// A kernel that may return before the loop is not specialized: its compute
// warps could leave the producers waiting for stages nobody releases.
// CHECK-LABEL: entry @early_return(
// CHECK-NOT: tilegpu.is_producer_warp
// CHECK-NOT: tilegpu.producer_warps
// REMARK: not warp-specialized: the kernel may return before the loop
cuda_tile.module @early_return {
  entry @early_return(%a0: tile<ptr<bf16>>, %b0: tile<ptr<bf16>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %a = assume div_by<16>, %a0 : tile<ptr<bf16>>
    %b = assume div_by<16>, %b0 : tile<ptr<bf16>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %none = cmpi less_than %n, %c1, signed : tile<i32> -> tile<i1>
    if %none {
      return
    }
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

// Atomics let a CTA wait for another (a flag another sets): the raster stays
// (the waiter relies on the launch order), and no tensor-map slot is taken
// (a waiter holding one could starve the CTA it waits for), so the cp.async
// producers copy.
// CHECK-LABEL: entry @atomic_counter(
// CHECK-NOT: grouped_raster
// CHECK-NOT: tensormap
// CHECK: tilegpu.producer_warps = 4 : i32
// REMARK: 4 producer warps issue the copies, mbarriers hand the stages over; no TMA: its CTAs may wait for one another (atomics or unbounded loops)
cuda_tile.module @atomic_counter {
  entry @atomic_counter(%a0: tile<ptr<bf16>>, %b0: tile<ptr<bf16>>, %c: tile<ptr<f32>>, %n: tile<i32>, %count: tile<ptr<i32>>) {
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
    %old, %t2 = atomic_rmw_tko relaxed device %count, add, %c1 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }
}

// -----

// One compute warpgroup (a 64x128 accumulator) keeps every warp on the
// copies, as measured faster; its tile blocks still run grouped.
// CHECK-LABEL: entry @one_warpgroup(
// CHECK-NOT: tilegpu.is_producer_warp
// CHECK: tilegpu.async_copy
// CHECK: tilegpu.grouped_raster = 8 : i32, tilegpu.num_warps = 4 : i32
// REMARK: not warp-specialized: one compute warpgroup is faster with every warp copying;{{.*}}; tile blocks run in groups of 8 along x
cuda_tile.module @one_warpgroup {
  entry @one_warpgroup(%a0: tile<ptr<bf16>>, %b0: tile<ptr<bf16>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %a = assume div_by<16>, %a0 : tile<ptr<bf16>>
    %b = assume div_by<16>, %b0 : tile<ptr<bf16>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %av = make_tensor_view %a, shape = [64, 4096], strides = [4096, 1] : tensor_view<64x4096xbf16, strides=[4096,1]>
    %ap = make_partition_view %av : partition_view<tile=(64x64), padding_value = zero, tensor_view<64x4096xbf16, strides=[4096,1]>>
    %bv = make_tensor_view %b, shape = [4096, 128], strides = [128, 1] : tensor_view<4096x128xbf16, strides=[128,1]>
    %bp = make_partition_view %bv : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>
    %zero = constant <f32: 0.0> : tile<64x128xf32>
    %acc = for %k in (%c0 to %n, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<64x128xf32>) {
      %x, %t0 = load_view_tko weak %ap[%c0, %k] : partition_view<tile=(64x64), padding_value = zero, tensor_view<64x4096xbf16, strides=[4096,1]>>, tile<i32> -> tile<64x64xbf16>, token
      %y, %t1 = load_view_tko weak %bp[%k, %c0] : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>, tile<i32> -> tile<64x128xbf16>, token
      %p = mmaf %x, %y, %s : tile<64x64xbf16>, tile<64x128xbf16>, tile<64x128xf32>
      continue %p : tile<64x128xf32>
    }
    %cv = make_tensor_view %c, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf32, strides=[128,1]>
    %cp = make_partition_view %cv : partition_view<tile=(64x128), tensor_view<64x128xf32, strides=[128,1]>>
    %t = store_view_tko weak %acc, %cp[%c0, %c0] : tile<64x128xf32>, partition_view<tile=(64x128), tensor_view<64x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
