// tileir-pipeline-loops turns the loads of a loop that only feed shared
// buffers into multi-stage asynchronous copies issued ahead, and lets an
// accumulating wgmma run across the iteration edge. Loops that write
// global memory, or whose loads pad with something other than zero, are
// left alone, and every decision is a remark.
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' --tileir-pipeline-loops='target=sm_90 warp-specialize=0' \
// RUN:   | FileCheck %s --check-prefix=SM90
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' --tileir-pipeline-loops='target=sm_90 warp-specialize=0' \
// RUN:   --remarks-filter=memory 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_80' \
// RUN:   --tileir-stage-operands='target=sm_80' --tileir-pipeline-loops='target=sm_80' \
// RUN:   | FileCheck %s --check-prefix=SM80
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' \
// RUN:   --tileir-pipeline-loops='target=sm_90 stages=2 warp-specialize=0' | FileCheck %s --check-prefix=TWO
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_80' \
// RUN:   --tileir-stage-operands='target=sm_80' --tileir-pipeline-loops='target=sm_80' \
// RUN:   --remarks-filter=memory 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK80
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_86' \
// RUN:   --tileir-stage-operands='target=sm_86' --tileir-pipeline-loops='target=sm_86' \
// RUN:   --remarks-filter=memory 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK86

// sm_90: 4 stages plus one for the product left in flight; copies run 3
// iterations ahead, the prologue fills stages 0-2, each iteration waits for
// its own group (2 may stay in flight), refills the stage read 2 iterations
// ago and reads its own.
// REMARK: remark: [Passed] Pipeline | Category:memory | Remark="loop pipelined with 5 stages: 2 tile load(s) become asynchronous copies issued 3 iteration(s) ahead (163840 bytes of shared memory); the accumulating wgmma overlaps the next iteration; no TMA: the program does not prove a 16-byte aligned base and strides; tile blocks run in groups of 8 along x", Stages=5
// SM90-LABEL: entry @gemm(
// SM90: %[[A:.*]] = tilegpu.alloc_shared : !tilegpu.smem<128x64xbf16, {{.*}}, stages = 5>
// SM90: %[[B:.*]] = tilegpu.alloc_shared : !tilegpu.smem<64x128xbf16, {{.*}}, stages = 5>
// SM90-COUNT-3: tilegpu.async_commit
// The loop and its last wait run under the loop's entry test, so that the
// path skipping the loop joins after the wait (see guardAsyncLoop).
// SM90: %[[ENTERED:.*]] = cmpi less_than %{{.*}}, %{{.*}}, signed
// SM90-NEXT: %[[IF:.*]] = if %[[ENTERED]] -> (tile<128x128xf32, {{.*}}>)
// SM90: for {{.*}} iter_values({{.*}}) -> (tile<128x128xf32, {{.*}}>, tile<i32>, tile<i32>)
// SM90-NEXT: tilegpu.async_wait 2
// SM90-NOT: tilegpu.async_copy
// SM90: %[[RA:.*]] = tilegpu.subview %[[A]][%[[READ:arg[0-9]+]]]
// SM90: %[[RB:.*]] = tilegpu.subview %[[B]][%[[READ]]]
// SM90: %[[D:.*]] = tilegpu.warpgroup_dot %[[RA]], %[[RB]], %{{.*}} {is_async}
// The copies go behind the product in flight, into the write stage.
// SM90: %[[WA:.*]] = tilegpu.subview %[[A]][%[[WRITE:arg[0-9]+]]]
// SM90-NEXT: tilegpu.async_copy {{.*}}, %[[WA]] if %{{.*}} : !cuda_tile.tile<i1> :
// B's load promised `inbounds`: its copy keeps the promise.
// SM90: tilegpu.async_copy {{.*}} if %{{.*}} : !cuda_tile.tile<i1> {inbounds = array<i1: true, true>}
// SM90-NEXT: tilegpu.async_commit
// SM90-NEXT: %[[W:.*]] = tilegpu.warpgroup_dot_wait %[[D]] {pending = 1 : i32}
// SM90-NEXT: continue %[[W]],
// SM90-NEXT: } {tilegpu.distinct_stages = array<i64: 1, 2>}
// SM90: %[[F:.*]] = tilegpu.warpgroup_dot_wait %{{.*}} {pending = 0 : i32}
// SM90-NEXT: yield %[[F]]
// SM90-NEXT: } else {
// SM90-NEXT: yield %{{.*}}
// SM90-NEXT: }
// SM90-NEXT: tilegpu.async_wait 0
// The result is stored in the blocked layout (coalesce-stores).
// SM90: %[[OUT:.*]] = tilegpu.convert_layout %[[IF]]
// SM90: store_view_tko weak %[[OUT]]
// sm_80: the kernel runs on 4 warps, and two CTAs share an SM, so each
// has room for 2 of the 3 stages wanted (32 KiB each).
// REMARK80: remark: [Passed] Pipeline | Category:memory | Remark="loop pipelined with 2 stages: 2 tile load(s) become asynchronous copies issued 1 iteration(s) ahead (65536 bytes of shared memory); 3 stages wanted, shared memory holds 2; tile blocks run in groups of 8 along x", Stages=2
// sm_86: two CTAs would leave room for one stage each; one CTA keeps the
// pipeline.
// REMARK86: remark: [Passed] Pipeline | Category:memory | Remark="loop pipelined with 3 stages: 2 tile load(s) become asynchronous copies issued 2 iteration(s) ahead (98304 bytes of shared memory); one CTA per SM, since two leave room for fewer than 2 stages; tile blocks run in groups of 8 along x", Stages=3
// SM80-LABEL: entry @gemm(
// SM80: tilegpu.alloc_shared : !tilegpu.smem<128x64xbf16, {{.*}}, stages = 2>
// SM80: for
// SM80-NEXT: tilegpu.async_wait 0
// SM80: tilegpu.local_load
// SM80: tilegpu.local_load
// SM80: mmaf
// SM80-NOT: tilegpu.warpgroup_dot_wait
// SM80: tilegpu.async_wait 0
// Two stages leave no room for a product in flight: double buffering.
// TWO-LABEL: entry @gemm(
// TWO: stages = 2>
// TWO: for
// TWO-NEXT: tilegpu.async_wait 0
// TWO-NOT: is_async
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
      %y, %t1 = load_view_tko weak %bp[%k, %c0] inbounds = [true, true] : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>, tile<i32> -> tile<64x128xbf16>, token
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

// A loop that stores: its loads stay where they are.
// REMARK: remark: [Missed] Pipeline | Category:memory | Remark="loop not pipelined: the loop writes global memory"
// SM90-LABEL: entry @stores(
// SM90-NOT: tilegpu.async_copy
// SM90: return
cuda_tile.module @stores {
  entry @stores(%a: tile<ptr<bf16>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %av = make_tensor_view %a, shape = [4096, 64], strides = [64, 1] : tensor_view<4096x64xbf16, strides=[64,1]>
    %ap = make_partition_view %av : partition_view<tile=(64x64), padding_value = zero, tensor_view<4096x64xbf16, strides=[64,1]>>
    %cv = make_tensor_view %c, shape = [4096, 64], strides = [64, 1] : tensor_view<4096x64xf32, strides=[64,1]>
    %cp = make_partition_view %cv : partition_view<tile=(64x64), tensor_view<4096x64xf32, strides=[64,1]>>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    for %k in (%c0 to %n, step %c1) : tile<i32> {
      %x, %t0 = load_view_tko weak %ap[%k, %c0] : partition_view<tile=(64x64), padding_value = zero, tensor_view<4096x64xbf16, strides=[64,1]>>, tile<i32> -> tile<64x64xbf16>, token
      %p = mmaf %x, %x, %zero : tile<64x64xbf16>, tile<64x64xbf16>, tile<64x64xf32>
      %t = store_view_tko weak %p, %cp[%k, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<4096x64xf32, strides=[64,1]>>, tile<i32> -> token
    }
    return
  }
}

// -----

// NaN padding: a copy would fill with zero.
// REMARK: remark: [Missed] Pipeline | Category:memory | Remark="loop not pipelined: a load was kept: its view pads with a value other than zero"
// SM90-LABEL: entry @nan_padding(
// SM90-NOT: tilegpu.async_copy
// SM90: return
cuda_tile.module @nan_padding {
  entry @nan_padding(%a: tile<ptr<bf16>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %av = make_tensor_view %a, shape = [4096, 64], strides = [64, 1] : tensor_view<4096x64xbf16, strides=[64,1]>
    %ap = make_partition_view %av : partition_view<tile=(64x64), padding_value = nan, tensor_view<4096x64xbf16, strides=[64,1]>>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %acc = for %k in (%c0 to %n, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<64x64xf32>) {
      %x, %t0 = load_view_tko weak %ap[%k, %c0] : partition_view<tile=(64x64), padding_value = nan, tensor_view<4096x64xbf16, strides=[64,1]>>, tile<i32> -> tile<64x64xbf16>, token
      %p = mmaf %x, %x, %s : tile<64x64xbf16>, tile<64x64xbf16>, tile<64x64xf32>
      continue %p : tile<64x64xf32>
    }
    %cv = make_tensor_view %c, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %cp = make_partition_view %cv : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %t = store_view_tko weak %acc, %cp[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
