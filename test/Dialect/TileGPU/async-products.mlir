// tileir-async-products keeps independent warpgroup products of a block in
// flight together. The register ops that read a product's result move down
// to just before their first user; a product with another product issued
// before its result is needed becomes asynchronous, waited for
// (`warpgroup_dot_wait`, the later products left pending) right before that
// first reader. Only register arithmetic runs while a product is in flight.
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' \
// RUN:   --tileir-pipeline-loops='target=sm_90' --tileir-plan-shared-memory \
// RUN:   --tileir-insert-barriers --tileir-async-products | FileCheck %s

// Two halves of an attention tile's rows: both S products are issued
// before the first softmax (its exp moved below the second product); the
// first P V runs while the second half's softmax does; the wait before the
// block's end keeps P of the first half (its register operand) live until
// the product that reads it is done.
// CHECK-LABEL: entry @halves(
// CHECK: for
// CHECK: %[[S0:.*]] = tilegpu.warpgroup_dot %{{.*}}, %{{.*}}, %{{.*}} {is_async}
// CHECK: %[[S1:.*]] = tilegpu.warpgroup_dot %{{.*}}, %{{.*}}, %{{.*}} {is_async}
// CHECK-NEXT: %[[W0:.*]] = tilegpu.warpgroup_dot_wait %[[S0]] {pending = 1 : i32}
// CHECK-NEXT: %[[E0:.*]] = exp %[[W0]]
// CHECK-NEXT: %[[P0:.*]] = ftof %[[E0]]
// CHECK-NEXT: %[[O0:.*]] = tilegpu.warpgroup_dot %[[P0]], %{{.*}}, %{{.*}} {is_async}
// CHECK-NEXT: %[[W1:.*]] = tilegpu.warpgroup_dot_wait %[[S1]] {pending = 1 : i32}
// CHECK-NEXT: %[[E1:.*]] = exp %[[W1]]
// CHECK-NEXT: %[[P1:.*]] = ftof %[[E1]]
// CHECK-NEXT: %[[O1:.*]] = tilegpu.warpgroup_dot %[[P1]], %{{.*}}, %{{.*}} :
// CHECK-NEXT: %[[D:.*]]:2 = tilegpu.warpgroup_dot_wait %[[O0]], %[[P0]] {pending = 0 : i32}
// CHECK-NEXT: continue %[[D]]#0, %[[O1]],
cuda_tile.module @halves {
  entry @halves(%q: tile<ptr<bf16>>, %kv: tile<ptr<bf16>>, %o: tile<ptr<f32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %qv = make_tensor_view %q, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xbf16, strides=[64,1]>
    %qp = make_partition_view %qv : partition_view<tile=(64x64), tensor_view<128x64xbf16, strides=[64,1]>>
    %q0, %t0 = load_view_tko weak %qp[%c0, %c0] : partition_view<tile=(64x64), tensor_view<128x64xbf16, strides=[64,1]>>, tile<i32> -> tile<64x64xbf16>, token
    %q1, %t1 = load_view_tko weak %qp[%c1, %c0] : partition_view<tile=(64x64), tensor_view<128x64xbf16, strides=[64,1]>>, tile<i32> -> tile<64x64xbf16>, token
    %kvv = make_tensor_view %kv, shape = [4096, 64], strides = [64, 1] : tensor_view<4096x64xbf16, strides=[64,1]>
    %kvp = make_partition_view %kvv : partition_view<tile=(64x64), padding_value = zero, tensor_view<4096x64xbf16, strides=[64,1]>>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %acc:2 = for %j in (%c0 to %n, step %c1) : tile<i32> iter_values(%a0 = %zero, %a1 = %zero) -> (tile<64x64xf32>, tile<64x64xf32>) {
      %kt, %t2 = load_view_tko weak %kvp[%j, %c0] : partition_view<tile=(64x64), padding_value = zero, tensor_view<4096x64xbf16, strides=[64,1]>>, tile<i32> -> tile<64x64xbf16>, token
      %ktt = permute %kt [1, 0] : tile<64x64xbf16> -> tile<64x64xbf16>
      %s0 = mmaf %q0, %ktt, %zero : tile<64x64xbf16>, tile<64x64xbf16>, tile<64x64xf32>
      %e0 = exp %s0 : tile<64x64xf32>
      %s1 = mmaf %q1, %ktt, %zero : tile<64x64xbf16>, tile<64x64xbf16>, tile<64x64xf32>
      %e1 = exp %s1 : tile<64x64xf32>
      %p0 = ftof %e0 : tile<64x64xf32> -> tile<64x64xbf16>
      %r0 = mmaf %p0, %kt, %a0 : tile<64x64xbf16>, tile<64x64xbf16>, tile<64x64xf32>
      %p1 = ftof %e1 : tile<64x64xf32> -> tile<64x64xbf16>
      %r1 = mmaf %p1, %kt, %a1 : tile<64x64xbf16>, tile<64x64xbf16>, tile<64x64xf32>
      continue %r0, %r1 : tile<64x64xf32>, tile<64x64xf32>
    }
    %sum = addf %acc#0, %acc#1 : tile<64x64xf32>
    %ov = make_tensor_view %o, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %op = make_partition_view %ov : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %t = store_view_tko weak %sum, %op[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

// -----

// Two GEMMs sharing A: the first product stays in flight while the second
// is issued, and is waited for before the block ends.
// CHECK-LABEL: entry @gated(
// CHECK: for
// CHECK: %[[P:.*]] = tilegpu.warpgroup_dot %{{.*}}, %{{.*}}, %{{.*}} {is_async}
// CHECK: %[[Q:.*]] = tilegpu.warpgroup_dot %{{.*}}, %{{.*}}, %{{.*}} :
// CHECK-NEXT: %[[W:.*]] = tilegpu.warpgroup_dot_wait %[[P]] {pending = 0 : i32}
// CHECK-NEXT: continue %[[W]], %[[Q]],
cuda_tile.module @gated {
  entry @gated(%a: tile<ptr<bf16>>, %b: tile<ptr<bf16>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %av = make_tensor_view %a, shape = [128, 4096], strides = [4096, 1] : tensor_view<128x4096xbf16, strides=[4096,1]>
    %ap = make_partition_view %av : partition_view<tile=(128x64), padding_value = zero, tensor_view<128x4096xbf16, strides=[4096,1]>>
    %bv = make_tensor_view %b, shape = [4096, 256], strides = [256, 1] : tensor_view<4096x256xbf16, strides=[256,1]>
    %bp = make_partition_view %bv : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x256xbf16, strides=[256,1]>>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %r:2 = for %k in (%c0 to %n, step %c1) : tile<i32> iter_values(%s = %zero, %u = %zero) -> (tile<128x128xf32>, tile<128x128xf32>) {
      %x, %t0 = load_view_tko weak %ap[%c0, %k] : partition_view<tile=(128x64), padding_value = zero, tensor_view<128x4096xbf16, strides=[4096,1]>>, tile<i32> -> tile<128x64xbf16>, token
      %y, %t1 = load_view_tko weak %bp[%k, %c0] : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x256xbf16, strides=[256,1]>>, tile<i32> -> tile<64x128xbf16>, token
      %w, %t2 = load_view_tko weak %bp[%k, %c1] : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x256xbf16, strides=[256,1]>>, tile<i32> -> tile<64x128xbf16>, token
      %p = mmaf %x, %y, %s : tile<128x64xbf16>, tile<64x128xbf16>, tile<128x128xf32>
      %q = mmaf %x, %w, %u : tile<128x64xbf16>, tile<64x128xbf16>, tile<128x128xf32>
      continue %p, %q : tile<128x128xf32>, tile<128x128xf32>
    }
    %sum = addf %r#0, %r#1 : tile<128x128xf32>
    %cv = make_tensor_view %c, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %cp = make_partition_view %cv : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %t = store_view_tko weak %sum, %cp[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A chain (S = Q K^T feeding P V) has nothing to overlap: S is read before
// P V is issued, and P V's result ends the block. Both stay synchronous.
// CHECK-LABEL: entry @chain(
// CHECK-NOT: is_async
// CHECK-NOT: warpgroup_dot_wait
// CHECK: return
cuda_tile.module @chain {
  entry @chain(%q: tile<ptr<bf16>>, %kv: tile<ptr<bf16>>, %o: tile<ptr<f32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %qv = make_tensor_view %q, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xbf16, strides=[64,1]>
    %qp = make_partition_view %qv : partition_view<tile=(64x64), tensor_view<64x64xbf16, strides=[64,1]>>
    %qt, %t0 = load_view_tko weak %qp[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xbf16, strides=[64,1]>>, tile<i32> -> tile<64x64xbf16>, token
    %kvv = make_tensor_view %kv, shape = [4096, 64], strides = [64, 1] : tensor_view<4096x64xbf16, strides=[64,1]>
    %kvp = make_partition_view %kvv : partition_view<tile=(64x64), padding_value = zero, tensor_view<4096x64xbf16, strides=[64,1]>>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %acc = for %j in (%c0 to %n, step %c1) : tile<i32> iter_values(%a = %zero) -> (tile<64x64xf32>) {
      %kt, %t1 = load_view_tko weak %kvp[%j, %c0] : partition_view<tile=(64x64), padding_value = zero, tensor_view<4096x64xbf16, strides=[64,1]>>, tile<i32> -> tile<64x64xbf16>, token
      %ktt = permute %kt [1, 0] : tile<64x64xbf16> -> tile<64x64xbf16>
      %s = mmaf %qt, %ktt, %zero : tile<64x64xbf16>, tile<64x64xbf16>, tile<64x64xf32>
      %e = exp %s : tile<64x64xf32>
      %p = ftof %e : tile<64x64xf32> -> tile<64x64xbf16>
      %r = mmaf %p, %kt, %a : tile<64x64xbf16>, tile<64x64xbf16>, tile<64x64xf32>
      continue %r : tile<64x64xf32>
    }
    %ov = make_tensor_view %o, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %op = make_partition_view %ov : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %t = store_view_tko weak %acc, %op[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
