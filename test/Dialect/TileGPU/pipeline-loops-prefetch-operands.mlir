// An asynchronous wgmma whose A operand is in registers: the operand is read
// from its stage right after the stage is there, while the product before it
// still runs, and the new product is issued behind that one (no wait between
// them: the wait with one product pending after each product is what frees
// the registers two iterations back). PTX names one register per
// definition, so the loop is unrolled by two (each copy of the body builds
// its operand in its own registers) and an `if` runs the last iteration of
// an odd count; the pairs end at n & -2.
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' \
// RUN:   --tileir-pipeline-loops='target=sm_90 prefetch-operands=1' \
// RUN:   | FileCheck %s

// CHECK-LABEL: entry @gemm_tf32(
// CHECK-SAME: %[[N:arg3]]: tile<i32>
// CHECK: %[[MINUS2:.*]] = constant <i32: -2>
// CHECK: %[[PAIRUB:.*]] = andi %[[N]], %[[MINUS2]]
// CHECK: %[[LESS:.*]] = cmpi less_than %[[PAIRUB]], %[[N]], signed
// CHECK: %[[NONNEG:.*]] = cmpi greater_than_or_equal %[[PAIRUB]], %{{.*}}, signed
// CHECK: %[[ODD:.*]] = andi %[[LESS]], %[[NONNEG]]
// CHECK: %[[TWO:.*]] = constant <i32: 2>
// CHECK: if
// CHECK: %[[PAIRS:.*]]:4 = for %[[IV:.*]] in (%{{.*}} to %[[PAIRUB]], step %[[TWO]]) : tile<i32> iter_values(%[[ACC:arg[0-9]+]] = {{.*}})
// The first copy: A read and rounded as soon as the stage is there, then B
// staged, then the new product behind the one in flight.
// CHECK: tilegpu.async_wait 2
// CHECK-NEXT: %[[ASTAGE1:.*]] = tilegpu.subview
// CHECK-NEXT: %[[A1:.*]] = tilegpu.local_load %[[ASTAGE1]]
// CHECK-NEXT: %[[AT1:.*]] = ftof %[[A1]]
// CHECK: tilegpu.local_store
// CHECK-NOT: tilegpu.warpgroup_dot_wait
// CHECK: %[[DOT1:.*]] = tilegpu.warpgroup_dot %[[AT1]], %{{.*}}, %[[ACC]] {is_async}
// CHECK: %[[NEXT1:.*]] = tilegpu.warpgroup_dot_wait %[[DOT1]] {pending = 1 : i32}
// The second copy, one iteration later, with an operand of its own.
// CHECK: addi %[[IV]]
// CHECK: tilegpu.async_wait 2
// CHECK-NEXT: %[[ASTAGE2:.*]] = tilegpu.subview
// CHECK-NEXT: %[[A2:.*]] = tilegpu.local_load %[[ASTAGE2]]
// CHECK-NEXT: %[[AT2:.*]] = ftof %[[A2]]
// CHECK: tilegpu.local_store
// CHECK-NOT: tilegpu.warpgroup_dot_wait
// CHECK: %[[DOT2:.*]] = tilegpu.warpgroup_dot %[[AT2]], %{{.*}}, %[[NEXT1]] {is_async}
// CHECK: %[[NEXT2:.*]] = tilegpu.warpgroup_dot_wait %[[DOT2]] {pending = 1 : i32}
// CHECK: continue %[[NEXT2]]
// CHECK: } {tilegpu.distinct_stages = array<i64: 1, 2>}
// The odd last iteration, at n & -2, or the pairs' results.
// CHECK: %[[TAIL:.*]]:4 = if %[[ODD]]
// CHECK: %[[A3:.*]] = tilegpu.local_load
// CHECK-NOT: tilegpu.warpgroup_dot_wait
// CHECK: tilegpu.warpgroup_dot %{{.*}}, %{{.*}}, %[[PAIRS]]#0 {is_async}
// CHECK: addi %[[PAIRUB]]
// CHECK: yield
// CHECK: } else {
// CHECK-NEXT: yield %[[PAIRS]]#0, %[[PAIRS]]#1, %[[PAIRS]]#2, %[[PAIRS]]#3
// CHECK: %[[LAST:.*]] = tilegpu.warpgroup_dot_wait %[[TAIL]]#0 {pending = 0 : i32}
// CHECK-NEXT: yield %[[LAST]]
cuda_tile.module @gemm_tf32 {
  entry @gemm_tf32(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
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

// -----

// A loop that does not start at 0 is not unrolled: A is read after the wait,
// just before the product, as without prefetch.
// CHECK-LABEL: entry @gemm_tf32_from_one(
// CHECK-NOT: andi
// CHECK: for {{.*}} iter_values(%[[ACC:arg[0-9]+]] = {{.*}})
// CHECK: tilegpu.local_store
// CHECK: %[[DONE:.*]] = tilegpu.warpgroup_dot_wait %[[ACC]] {pending = 0 : i32}
// CHECK-NEXT: tilegpu.subview
// CHECK-NEXT: %[[AREGS:.*]] = tilegpu.local_load
// CHECK-NEXT: %[[ATF32:.*]] = ftof %[[AREGS]]
// CHECK-NEXT: tilegpu.warpgroup_dot %[[ATF32]], %{{.*}}, %[[DONE]] {is_async}
// CHECK-NOT: for
// CHECK: return
cuda_tile.module @gemm_tf32_from_one {
  entry @gemm_tf32_from_one(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %av = make_tensor_view %a, shape = [128, 4096], strides = [4096, 1] : tensor_view<128x4096xf32, strides=[4096,1]>
    %ap = make_partition_view %av : partition_view<tile=(128x32), padding_value = zero, tensor_view<128x4096xf32, strides=[4096,1]>>
    %bv = make_tensor_view %b, shape = [4096, 128], strides = [128, 1] : tensor_view<4096x128xf32, strides=[128,1]>
    %bp = make_partition_view %bv : partition_view<tile=(32x128), padding_value = zero, tensor_view<4096x128xf32, strides=[128,1]>>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %k in (%c1 to %n, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xf32>) {
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
