// Warp specialization in tileir-pipeline-loops (sm_90, wgmma loops whose
// product stays in flight): four producer warps, split off at the kernel's
// top, recompute the views and bounds and run the loop with only its copies
// (each stage behind its `empty` mbarrier, arriving on its `full` one);
// the compute warps wait on `full`, fence the async proxy and release the
// previous iteration's stage, one arrival per warpgroup.
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' --tileir-pipeline-loops='target=sm_90' \
// RUN:   --tileir-plan-shared-memory | FileCheck %s
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' --tileir-pipeline-loops='target=sm_90' \
// RUN:   --remarks-filter=memory 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' \
// RUN:   --tileir-pipeline-loops='target=sm_90 warp-specialize=0' \
// RUN:   | FileCheck %s --check-prefix=OFF
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_80' \
// RUN:   --tileir-stage-operands='target=sm_80' --tileir-pipeline-loops='target=sm_80' \
// RUN:   | FileCheck %s --check-prefix=OFF

// CHECK-LABEL: entry @gemm(
// CHECK: %[[A:.*]] = tilegpu.alloc_shared {offset = {{[0-9]+}} : i64} : !tilegpu.smem<128x64xbf16, {{.*}}, stages = [[S:[0-9]+]]>
// CHECK: %[[B:.*]] = tilegpu.alloc_shared {offset = {{[0-9]+}} : i64} : !tilegpu.smem<64x128xbf16, {{.*}}, stages = [[S]]>
// CHECK: %[[BARS:.*]] = tilegpu.alloc_shared {{.*}} : !tilegpu.smem<16xi64
// CHECK: tilegpu.mbarrier_init %[[BARS]], [128, 128, 128, 128, 128, 2, 2, 2, 2, 2]
// CHECK: %[[P:.*]] = tilegpu.is_producer_warp
// CHECK: if %[[P]] {
// CHECK: make_tensor_view
// CHECK: for {{.*}} iter_values(%[[PS:.*]] = %{{.*}}, %[[PH:.*]] = %{{.*}})
// CHECK: %[[EP:.*]] = subi %{{.*}}, %[[PH]]
// CHECK: %[[E:.*]] = addi %[[PS]], %{{.*}}
// CHECK: tilegpu.mbarrier_wait %[[BARS]][%[[E]]], %[[EP]]
// CHECK: %[[AS:.*]] = tilegpu.subview %[[A]][%[[PS]]]
// CHECK: tilegpu.async_copy %{{.*}}, %[[AS]] {tilegpu.producer}
// CHECK: tilegpu.async_copy %{{.*}} {tilegpu.producer}
// CHECK: tilegpu.async_copy_arrive %[[BARS]][%[[PS]]]
// CHECK: continue
// CHECK: tilegpu.async_wait 0
// CHECK-NEXT: tilegpu.exit
// CHECK: } {tilegpu.producer}
// CHECK: for {{.*}} iter_values(%{{.*}} = %{{.*}}, %[[CS:.*]] = %{{.*}}, %[[CPH:.*]] = %{{.*}})
// CHECK-NEXT: tilegpu.mbarrier_wait %[[BARS]][%[[CS]]], %[[CPH]]
// CHECK-NEXT: tilegpu.fence_async_proxy
// CHECK-NOT: tilegpu.async_copy
// CHECK: tilegpu.warpgroup_dot {{.*}} {is_async}
// CHECK-NEXT: tilegpu.warpgroup_dot_wait {{.*}} {pending = 1 : i32}
// CHECK: if
// CHECK: tilegpu.mbarrier_arrive %[[BARS]][%{{.*}}] per_warpgroup
// CHECK: tilegpu.warpgroup_dot_wait {{.*}} {pending = 0 : i32}
// CHECK: tilegpu.num_warps = 8 : i32, tilegpu.producer_warps = 4 : i32
// REMARK: loop pipelined with 5 stages{{.*}}; warp-specialized: 4 producer warps issue the copies
// OFF-LABEL: entry @gemm(
// OFF-NOT: tilegpu.is_producer_warp
// OFF-NOT: tilegpu.producer_warps
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

// A loop nested in an `if` runs in the compute warps' control flow: it is
// pipelined, with every warp issuing copies, and says why it was not
// specialized.
// CHECK-LABEL: entry @nested(
// CHECK-NOT: tilegpu.is_producer_warp
// CHECK: tilegpu.async_copy
// CHECK-NOT: tilegpu.producer
// REMARK: loop pipelined with {{.*}}; not warp-specialized: the loop is nested in other control flow
cuda_tile.module @nested {
  entry @nested(%a: tile<ptr<bf16>>, %b: tile<ptr<bf16>>, %c: tile<ptr<f32>>, %n: tile<i32>, %go: tile<i1>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %av = make_tensor_view %a, shape = [128, 4096], strides = [4096, 1] : tensor_view<128x4096xbf16, strides=[4096,1]>
    %ap = make_partition_view %av : partition_view<tile=(128x64), padding_value = zero, tensor_view<128x4096xbf16, strides=[4096,1]>>
    %bv = make_tensor_view %b, shape = [4096, 128], strides = [128, 1] : tensor_view<4096x128xbf16, strides=[128,1]>
    %bp = make_partition_view %bv : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>
    %cv = make_tensor_view %c, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %cp = make_partition_view %cv : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    if %go {
      %acc = for %k in (%c0 to %n, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xf32>) {
        %x, %t0 = load_view_tko weak %ap[%c0, %k] : partition_view<tile=(128x64), padding_value = zero, tensor_view<128x4096xbf16, strides=[4096,1]>>, tile<i32> -> tile<128x64xbf16>, token
        %y, %t1 = load_view_tko weak %bp[%k, %c0] : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>, tile<i32> -> tile<64x128xbf16>, token
        %p = mmaf %x, %y, %s : tile<128x64xbf16>, tile<64x128xbf16>, tile<128x128xf32>
        continue %p : tile<128x128xf32>
      }
      %t = store_view_tko weak %acc, %cp[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    }
    return
  }
}
