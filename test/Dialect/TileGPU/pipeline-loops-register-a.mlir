// An asynchronous wgmma whose A operand is in registers reads them until it
// completes, while the loop rebuilds that operand every iteration. The
// product before it must be done (warpgroup_dot_wait pending = 0 on the
// carried accumulator) before the operand's loads, which move down to just
// before the product; the staging of B stays ahead of the wait, where it
// overlaps with the product in flight. This is the default form, without
// operand prefetch (pipeline-loops-prefetch-operands.mlir has the other).
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' \
// RUN:   --tileir-pipeline-loops='target=sm_90 prefetch-operands=0' \
// RUN:   | FileCheck %s

// CHECK-LABEL: entry @gemm_tf32(
// CHECK: for {{.*}} iter_values(%[[ACC:arg[0-9]+]] = {{.*}})
// The staging of B: its load, rounding and store into the K-major buffer.
// CHECK: tilegpu.local_load
// CHECK: ftof
// CHECK: tilegpu.local_store
// Then the previous product is waited for, and only then is A read.
// CHECK: %[[DONE:.*]] = tilegpu.warpgroup_dot_wait %[[ACC]] {pending = 0 : i32}
// CHECK-NEXT: tilegpu.subview
// CHECK-NEXT: %[[AREGS:.*]] = tilegpu.local_load
// CHECK-NEXT: %[[ATF32:.*]] = ftof %[[AREGS]]
// CHECK-NEXT: %[[DOT:.*]] = tilegpu.warpgroup_dot %[[ATF32]], %{{.*}}, %[[DONE]] {is_async}
// CHECK: %[[NEXT:.*]] = tilegpu.warpgroup_dot_wait %[[DOT]] {pending = 1 : i32}
// CHECK: continue %[[NEXT]]
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

// B already K-major in memory (read through a permuted view): it is still
// rounded through a staging buffer, and A waits the same way.
// CHECK-LABEL: entry @gemm_tf32_kmajor_b(
// CHECK: for {{.*}} iter_values(%[[ACC:arg[0-9]+]] = {{.*}})
// CHECK: tilegpu.permute_shared
// CHECK: tilegpu.local_store
// CHECK: %[[DONE:.*]] = tilegpu.warpgroup_dot_wait %[[ACC]] {pending = 0 : i32}
// CHECK: %[[AREGS:.*]] = tilegpu.local_load
// CHECK-NEXT: %[[ATF32:.*]] = ftof %[[AREGS]]
// CHECK: %[[DOT:.*]] = tilegpu.warpgroup_dot %[[ATF32]], %{{.*}}, %[[DONE]] {is_async}
// CHECK: tilegpu.warpgroup_dot_wait %[[DOT]] {pending = 1 : i32}
cuda_tile.module @gemm_tf32_kmajor_b {
  entry @gemm_tf32_kmajor_b(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %av = make_tensor_view %a, shape = [128, 4096], strides = [4096, 1] : tensor_view<128x4096xf32, strides=[4096,1]>
    %ap = make_partition_view %av : partition_view<tile=(128x32), padding_value = zero, tensor_view<128x4096xf32, strides=[4096,1]>>
    %bv = make_tensor_view %b, shape = [128, 4096], strides = [4096, 1] : tensor_view<128x4096xf32, strides=[4096,1]>
    %bp = make_partition_view %bv : partition_view<tile=(128x32), padding_value = zero, tensor_view<128x4096xf32, strides=[4096,1]>>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %k in (%c0 to %n, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xf32>) {
      %x, %t0 = load_view_tko weak %ap[%c0, %k] : partition_view<tile=(128x32), padding_value = zero, tensor_view<128x4096xf32, strides=[4096,1]>>, tile<i32> -> tile<128x32xf32>, token
      %y, %t1 = load_view_tko weak %bp[%c0, %k] : partition_view<tile=(128x32), padding_value = zero, tensor_view<128x4096xf32, strides=[4096,1]>>, tile<i32> -> tile<128x32xf32>, token
      %yp = permute %y [1, 0] : tile<128x32xf32> -> tile<32x128xf32>
      %xt = ftof %x : tile<128x32xf32> -> tile<128x32xtf32>
      %yt = ftof %yp : tile<32x128xf32> -> tile<32x128xtf32>
      %p = mmaf %xt, %yt, %s : tile<128x32xtf32>, tile<32x128xtf32>, tile<128x128xf32>
      continue %p : tile<128x128xf32>
    }
    %cv = make_tensor_view %c, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %cp = make_partition_view %cv : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %t = store_view_tko weak %acc, %cp[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
