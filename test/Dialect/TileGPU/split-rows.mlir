// tileir-split-rows computes a loop of chained products over 128 rows (a
// one-warpgroup attention: S = Q K^T, a softmax along the columns,
// O = O * c + P V) as two halves of 64 rows: Q is extracted in halves
// before the loop, the carried accumulator and row maximum become two
// each, every row op is cloned per half (the second half's S product right
// behind the first's, the rest of the second half after the first), K and V
// stay shared, and the results are joined with `cat` after the loop.
// RUN: tile-opt %s -split-input-file --tileir-split-rows='target=sm_90' \
// RUN:   | FileCheck %s
// RUN: tile-opt %s -split-input-file --tileir-split-rows='target=sm_80' \
// RUN:   | FileCheck %s --check-prefix=SM80
// RUN: tile-opt %s -split-input-file \
// RUN:   --tileir-split-rows='target=sm_90 skip-kernels=attn' \
// RUN:   | FileCheck %s --check-prefix=SM80

// CHECK-LABEL: entry @attn(
// CHECK: %[[Q0:.*]] = extract %[[Q:.*]][%[[C0:.*]], %[[C0]]] : tile<128x64xbf16> -> tile<64x64xbf16>
// CHECK-NEXT: %[[Q1:.*]] = extract %[[Q]][%{{.*}}, %[[C0]]] : tile<128x64xbf16> -> tile<64x64xbf16>
// CHECK: %[[R:.*]]:4 = for %{{.*}} iter_values(%[[A0:.*]] = %{{.*}}, %[[A1:.*]] = %{{.*}}, %[[M0:.*]] = %{{.*}}, %[[M1:.*]] = %{{.*}}) -> (tile<64x64xf32>, tile<64x64xf32>, tile<64x1xf32>, tile<64x1xf32>)
// CHECK: %[[KT:.*]] = permute
// CHECK-NEXT: %[[S0:.*]] = mmaf %[[Q0]], %[[KT]], %{{.*}} : tile<64x64xbf16>, tile<64x64xbf16>, tile<64x64xf32>
// CHECK-NEXT: %[[S1:.*]] = mmaf %[[Q1]], %[[KT]], %{{.*}} : tile<64x64xbf16>, tile<64x64xbf16>, tile<64x64xf32>
// CHECK-NEXT: reduce %[[S0]] dim=1
// CHECK: maxf %[[M0]], %{{.*}} : tile<64x1xf32>
// CHECK: %[[O0:.*]] = mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<64x64xbf16>, tile<64x64xbf16>, tile<64x64xf32>
// CHECK-NEXT: reduce %[[S1]] dim=1
// CHECK: maxf %[[M1]], %{{.*}} : tile<64x1xf32>
// CHECK: %[[O1:.*]] = mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<64x64xbf16>, tile<64x64xbf16>, tile<64x64xf32>
// CHECK-NEXT: continue %[[O0]], %[[O1]], %{{.*}}, %{{.*}} : tile<64x64xf32>, tile<64x64xf32>, tile<64x1xf32>, tile<64x1xf32>
// CHECK: %[[O:.*]] = cat %[[R]]#0, %[[R]]#1 dim = 0 : tile<64x64xf32>, tile<64x64xf32> -> tile<128x64xf32>
// CHECK-NOT: cat
// CHECK: store_view_tko weak %[[O]]
// Without wgmma (and for a kernel whose warps are overridden) the loop
// stays whole.
// SM80-LABEL: entry @attn(
// SM80-NOT: extract
// SM80: mmaf %{{.*}} : tile<128x64xbf16>, tile<64x64xbf16>, tile<128x64xf32>
// SM80-NOT: cat
cuda_tile.module @attn {
  entry @attn(%q: tile<ptr<bf16>>, %kv: tile<ptr<bf16>>, %o: tile<ptr<f32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %qv = make_tensor_view %q, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xbf16, strides=[64,1]>
    %qp = make_partition_view %qv : partition_view<tile=(128x64), tensor_view<128x64xbf16, strides=[64,1]>>
    %qt, %t0 = load_view_tko weak %qp[%c0, %c0] : partition_view<tile=(128x64), tensor_view<128x64xbf16, strides=[64,1]>>, tile<i32> -> tile<128x64xbf16>, token
    %kvv = make_tensor_view %kv, shape = [4096, 64], strides = [64, 1] : tensor_view<4096x64xbf16, strides=[64,1]>
    %kvp = make_partition_view %kvv : partition_view<tile=(64x64), padding_value = zero, tensor_view<4096x64xbf16, strides=[64,1]>>
    %zs = constant <f32: 0.0> : tile<128x64xf32>
    %ninf = constant <f32: 0xFF800000> : tile<128x1xf32>
    %acc0 = constant <f32: 0.0> : tile<128x64xf32>
    %r:2 = for %j in (%c0 to %n, step %c1) : tile<i32> iter_values(%a = %acc0, %m = %ninf) -> (tile<128x64xf32>, tile<128x1xf32>) {
      %kt, %t1 = load_view_tko weak %kvp[%j, %c0] : partition_view<tile=(64x64), padding_value = zero, tensor_view<4096x64xbf16, strides=[64,1]>>, tile<i32> -> tile<64x64xbf16>, token
      %ktt = permute %kt [1, 0] : tile<64x64xbf16> -> tile<64x64xbf16>
      %s = mmaf %qt, %ktt, %zs : tile<128x64xbf16>, tile<64x64xbf16>, tile<128x64xf32>
      %mx = reduce %s dim=1 identities=[0xFF800000 : f32] : tile<128x64xf32> -> tile<128xf32> (%x: tile<f32>, %y: tile<f32>) {
        %z = maxf %x, %y : tile<f32>
        yield %z : tile<f32>
      }
      %mx2 = reshape %mx : tile<128xf32> -> tile<128x1xf32>
      %mn = maxf %m, %mx2 : tile<128x1xf32>
      %mb = broadcast %mn : tile<128x1xf32> -> tile<128x64xf32>
      %d = subf %s, %mb : tile<128x64xf32>
      %e = exp %d : tile<128x64xf32>
      %p = ftof %e : tile<128x64xf32> -> tile<128x64xbf16>
      %c = subf %m, %mn : tile<128x1xf32>
      %ce = exp %c : tile<128x1xf32>
      %cb = broadcast %ce : tile<128x1xf32> -> tile<128x64xf32>
      %as = mulf %a, %cb : tile<128x64xf32>
      %an = mmaf %p, %kt, %as : tile<128x64xbf16>, tile<64x64xbf16>, tile<128x64xf32>
      continue %an, %mn : tile<128x64xf32>, tile<128x1xf32>
    }
    %ov = make_tensor_view %o, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf32, strides=[64,1]>
    %op = make_partition_view %ov : partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>
    %t = store_view_tko weak %r#0, %op[%c0, %c0] : tile<128x64xf32>, partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A row value that is transposed in the loop (its rows would meet): the
// loop stays whole.
// CHECK-LABEL: entry @transposed(
// CHECK-NOT: extract
// CHECK: mmaf %{{.*}} : tile<128x64xbf16>, tile<64x64xbf16>, tile<128x64xf32>
// CHECK-NOT: cat
// SM80-LABEL: entry @transposed(
cuda_tile.module @transposed {
  entry @transposed(%q: tile<ptr<bf16>>, %kv: tile<ptr<bf16>>, %o: tile<ptr<f32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %qv = make_tensor_view %q, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xbf16, strides=[64,1]>
    %qp = make_partition_view %qv : partition_view<tile=(128x64), tensor_view<128x64xbf16, strides=[64,1]>>
    %qt, %t0 = load_view_tko weak %qp[%c0, %c0] : partition_view<tile=(128x64), tensor_view<128x64xbf16, strides=[64,1]>>, tile<i32> -> tile<128x64xbf16>, token
    %kvv = make_tensor_view %kv, shape = [4096, 64], strides = [64, 1] : tensor_view<4096x64xbf16, strides=[64,1]>
    %kvp = make_partition_view %kvv : partition_view<tile=(64x64), padding_value = zero, tensor_view<4096x64xbf16, strides=[64,1]>>
    %zs = constant <f32: 0.0> : tile<128x64xf32>
    %acc0 = constant <f32: 0.0> : tile<128x64xf32>
    %r = for %j in (%c0 to %n, step %c1) : tile<i32> iter_values(%a = %acc0) -> (tile<128x64xf32>) {
      %kt, %t1 = load_view_tko weak %kvp[%j, %c0] : partition_view<tile=(64x64), padding_value = zero, tensor_view<4096x64xbf16, strides=[64,1]>>, tile<i32> -> tile<64x64xbf16>, token
      %ktt = permute %kt [1, 0] : tile<64x64xbf16> -> tile<64x64xbf16>
      %s = mmaf %qt, %ktt, %zs : tile<128x64xbf16>, tile<64x64xbf16>, tile<128x64xf32>
      %st = permute %s [1, 0] : tile<128x64xf32> -> tile<64x128xf32>
      %sb = permute %st [1, 0] : tile<64x128xf32> -> tile<128x64xf32>
      %p = ftof %sb : tile<128x64xf32> -> tile<128x64xbf16>
      %an = mmaf %p, %kt, %a : tile<128x64xbf16>, tile<64x64xbf16>, tile<128x64xf32>
      continue %an : tile<128x64xf32>
    }
    %ov = make_tensor_view %o, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf32, strides=[64,1]>
    %op = make_partition_view %ov : partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>
    %t = store_view_tko weak %r, %op[%c0, %c0] : tile<128x64xf32>, partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
