// tileir-overlap-products: in a loop of two wgmma products whose second
// accumulates what the first fed (attention), the second product runs one
// iteration late, issued right behind the next first product, so the tensor
// cores compute it while the warps work on the first product's result. The
// first iteration's other work is a prologue, the last product an epilogue,
// both under the loop's entry test. The pass marks the loops first
// (rotate=0) and rewrites the marked ones; unpipelined, the late product's
// load moves one iteration later. Loops that do not fit the pattern are
// left alone with a remark.
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' --tileir-overlap-products='rotate=0' \
// RUN:   --tileir-overlap-products | FileCheck %s
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' --tileir-overlap-products='rotate=0' \
// RUN:   --tileir-overlap-products --remarks-filter=tensorcore 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=REMARK
// Marking alone changes nothing but the attribute.
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' --tileir-overlap-products='rotate=0' \
// RUN:   | FileCheck %s --check-prefix=MARK
// Between the two, the pipeliner keeps each stage through the iteration
// after its own (copies one stage less ahead); the rotated loop reads the
// previous stage through a carried index, with no load outside the pipeline.
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' --tileir-overlap-products='rotate=0' \
// RUN:   --tileir-pipeline-loops='target=sm_90' --tileir-overlap-products \
// RUN:   | FileCheck %s --check-prefix=PIPE
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' --tileir-overlap-products='rotate=0' \
// RUN:   --tileir-pipeline-loops='target=sm_90' --tileir-overlap-products \
// RUN:   --remarks-filter=memory 2>&1 >/dev/null | FileCheck %s --check-prefix=PIPEREMARK

// MARK-LABEL: entry @attention(
// MARK: for
// MARK-NOT: warpgroup_dot_wait
// MARK: } {tilegpu.overlap_products}
// MARK-LABEL: entry @two_gemms(
// MARK-NOT: tilegpu.overlap_products

// PIPEREMARK: remark: [Passed] Pipeline | Category:memory | Remark="loop pipelined with 5 stages: 2 tile load(s) become asynchronous copies issued 3 iteration(s) ahead ({{[0-9]+}} bytes of shared memory); each stage stays unwritten through the iteration after its own, for the product that runs one iteration late

// PIPE-LABEL: entry @attention(
// The load of Q, before the loop; every other load became a copy.
// PIPE: load_view_tko
// PIPE-NOT: load_view_tko
// PIPE: %[[PRO:.*]]:{{[0-9]+}} = if %[[ENTERED:[^ ]+]] ->
// PIPE:   tilegpu.async_wait
// PIPE:   tilegpu.warpgroup_dot
// PIPE:   yield
// PIPE: %[[LOOP:.*]]:9 = for {{.*}} iter_values({{.*}}) -> {{.*}} {
// PIPE:   tilegpu.warpgroup_dot {{.*}} {is_async}
// PIPE:   %[[V:.*]] = tilegpu.subview %{{.*}}[%{{arg[0-9]+}}]
// PIPE:   tilegpu.warpgroup_dot %{{.*}}, %[[V]], %{{.*}} {is_async}
// PIPE:   tilegpu.warpgroup_dot_wait %{{.*}} {pending = 1 : i32}
// PIPE:   tilegpu.warpgroup_dot_wait {{.*}} {late, pending = 0 : i32}
// PIPE: } {tilegpu.distinct_stages = array<i64: 3, 4, 6>}
// PIPE: if %[[ENTERED]]
// PIPE-NOT: load_view_tko
// PIPE:   tilegpu.subview %{{.*}}[%[[LOOP]]#6]
// PIPE:   tilegpu.warpgroup_dot
// PIPE-LABEL: entry @two_gemms(

// REMARK: remark: [Passed] OverlapProducts | Category:tensorcore | Remark="the accumulating product runs one iteration late, beside the next iteration's work on the first product's result (2 value(s) carried)"

// CHECK-LABEL: entry @attention(
// Prologue: the first iteration's load of K, its product (synchronous) and
// softmax, under lb < ub.
// CHECK: %[[ENTERED:.*]] = cmpi less_than %[[LB:[^,]+]], %[[UB:[^,]+]], signed
// CHECK: %[[PRO:.*]]:4 = if %[[ENTERED]]
// CHECK:   load_view_tko weak %{{.*}}[%[[LB]], %{{.*}}]
// CHECK:   tilegpu.warpgroup_dot %{{[^{]*}} :
// CHECK:   exp
// CHECK:   %[[P0:.*]] = ftof
// CHECK:   yield %{{.*}}, %{{.*}}, %[[P0]], %{{.*}} :
// CHECK: } else {
// CHECK:   constant <bf16: 0.000000e+00>
// CHECK: %[[NEXT:.*]] = addi %[[LB]], %[[STEP:[^ ]+]]
// CHECK: %[[START:.*]] = select %[[ENTERED]], %[[NEXT]], %[[UB]]
// The loop from the second iteration carries P and the rescale factor (and
// the induction variable of its last iteration).
// CHECK: %[[LOOP:.*]]:6 = for %[[IV:[^ ]+]] in (%[[START]] to %[[UB]], step %[[STEP]]) {{.*}} iter_values(%[[ACC:[^ ]+]] = %{{[^,]+}}, %{{[^ ]+}} = %[[PRO]]#0, %{{[^ ]+}} = %[[PRO]]#1, %[[P:[^ ]+]] = %[[PRO]]#2, %[[C:[^ ]+]] = %[[PRO]]#3, %{{[^ ]+}} = %[[LB]])
// CHECK:   %[[PREV:.*]] = subi %[[IV]], %[[STEP]]
// CHECK:   load_view_tko weak %{{.*}}[%[[IV]], %{{.*}}]
// CHECK:   %[[S:.*]] = tilegpu.warpgroup_dot %{{.*}} {is_async}
// The previous iteration's V, loaded one iteration late, and its product.
// CHECK:   load_view_tko weak %{{.*}}[%[[PREV]], %{{.*}}]
// CHECK:   %[[CB:.*]] = broadcast %[[C]]
// CHECK:   %[[SCALED:.*]] = mulf %[[ACC]], %[[CB]]
// CHECK:   %[[PV:.*]] = tilegpu.warpgroup_dot %[[P]], %{{.*}}, %[[SCALED]] {is_async}
// CHECK:   %[[SREADY:.*]] = tilegpu.warpgroup_dot_wait %[[S]] {pending = 1 : i32}
// CHECK:   reduce %[[SREADY]]
// CHECK:   %[[PNEW:.*]] = ftof
// The product is done at the end of the iteration; the P it reads and the
// values carried on are tied to the wait.
// CHECK:   %[[DONE:.*]]:4 = tilegpu.warpgroup_dot_wait %[[PV]], %[[P]], %[[PNEW]], %{{.*}} {late, pending = 0 : i32}
// CHECK:   continue %[[DONE]]#0, %{{.*}}, %{{.*}}, %[[DONE]]#2, %[[DONE]]#3, %[[IV]]
// Epilogue: the last iteration's product.
// CHECK: %[[EPI:.*]] = if %[[ENTERED]]
// CHECK:   load_view_tko weak %{{.*}}[%[[LOOP]]#5, %{{.*}}]
// CHECK:   broadcast %[[LOOP]]#4
// CHECK:   tilegpu.warpgroup_dot %[[LOOP]]#3, %{{[^{]*}} :
// CHECK: } else {
// CHECK:   yield %[[LOOP]]#0
// CHECK: divf %[[EPI]]
cuda_tile.module @attention {
  entry @attention(%q: tile<ptr<bf16>>, %k: tile<ptr<bf16>>, %v: tile<ptr<bf16>>, %o: tile<ptr<f32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %qv = make_tensor_view %q, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xbf16, strides=[64,1]>
    %qp = make_partition_view %qv : partition_view<tile=(64x64), padding_value = zero, tensor_view<64x64xbf16, strides=[64,1]>>
    %kv = make_tensor_view %k, shape = [4096, 64], strides = [64, 1] : tensor_view<4096x64xbf16, strides=[64,1]>
    %kp = make_partition_view %kv : partition_view<tile=(64x64), padding_value = zero, tensor_view<4096x64xbf16, strides=[64,1]>>
    %vv = make_tensor_view %v, shape = [4096, 64], strides = [64, 1] : tensor_view<4096x64xbf16, strides=[64,1]>
    %vp = make_partition_view %vv : partition_view<tile=(64x64), padding_value = zero, tensor_view<4096x64xbf16, strides=[64,1]>>
    %qt, %tq = load_view_tko weak %qp[%c0, %c0] : partition_view<tile=(64x64), padding_value = zero, tensor_view<64x64xbf16, strides=[64,1]>>, tile<i32> -> tile<64x64xbf16>, token
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %zero1 = constant <f32: 0.0> : tile<64x1xf32>
    %ninf = constant <f32: 0xFF800000> : tile<64x1xf32>
    %r:3 = for %j in (%c0 to %n, step %c1) : tile<i32> iter_values(%acc = %zero, %l = %zero1, %m = %ninf) -> (tile<64x64xf32>, tile<64x1xf32>, tile<64x1xf32>) {
      %kt, %t1 = load_view_tko weak %kp[%j, %c0] : partition_view<tile=(64x64), padding_value = zero, tensor_view<4096x64xbf16, strides=[64,1]>>, tile<i32> -> tile<64x64xbf16>, token
      %vt, %t2 = load_view_tko weak %vp[%j, %c0] : partition_view<tile=(64x64), padding_value = zero, tensor_view<4096x64xbf16, strides=[64,1]>>, tile<i32> -> tile<64x64xbf16>, token
      %ktt = permute %kt [1, 0] : tile<64x64xbf16> -> tile<64x64xbf16>
      %s = mmaf %qt, %ktt, %zero : tile<64x64xbf16>, tile<64x64xbf16>, tile<64x64xf32>
      %rmax = reduce %s dim=1 identities=[0xFF800000 : f32] : tile<64x64xf32> -> tile<64xf32> (%a: tile<f32>, %b: tile<f32>) {
        %mx = maxf %a, %b : tile<f32>
        yield %mx : tile<f32>
      }
      %rm = reshape %rmax : tile<64xf32> -> tile<64x1xf32>
      %mnew = maxf %m, %rm : tile<64x1xf32>
      %mb = broadcast %mnew : tile<64x1xf32> -> tile<64x64xf32>
      %d = subf %s, %mb : tile<64x64xf32>
      %p = exp %d : tile<64x64xf32>
      %dm = subf %m, %mnew : tile<64x1xf32>
      %c = exp %dm : tile<64x1xf32>
      %rsum = reduce %p dim=1 identities=[0.000000e+00 : f32] : tile<64x64xf32> -> tile<64xf32> (%a: tile<f32>, %b: tile<f32>) {
        %sm = addf %a, %b : tile<f32>
        yield %sm : tile<f32>
      }
      %rs = reshape %rsum : tile<64xf32> -> tile<64x1xf32>
      %lnew = fma %l, %c, %rs : tile<64x1xf32>
      %p16 = ftof %p : tile<64x64xf32> -> tile<64x64xbf16>
      %cb = broadcast %c : tile<64x1xf32> -> tile<64x64xf32>
      %scaled = mulf %acc, %cb : tile<64x64xf32>
      %next = mmaf %p16, %vt, %scaled : tile<64x64xbf16>, tile<64x64xbf16>, tile<64x64xf32>
      continue %next, %lnew, %mnew : tile<64x64xf32>, tile<64x1xf32>, tile<64x1xf32>
    }
    %lb = broadcast %r#1 : tile<64x1xf32> -> tile<64x64xf32>
    %out = divf %r#0, %lb : tile<64x64xf32>
    %ov = make_tensor_view %o, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %op = make_partition_view %ov : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %t = store_view_tko weak %out, %op[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

// -----

// Two independent products with operands in shared memory (no register
// operand to carry): the loop stays as it is.
// REMARK: remark: [Missed] OverlapProducts | Category:tensorcore | Remark="products not overlapped: the second product's A operand is in shared memory"
// CHECK-LABEL: entry @two_gemms(
// CHECK-NOT: tilegpu.warpgroup_dot_wait
// CHECK: return
cuda_tile.module @two_gemms {
  entry @two_gemms(%a: tile<ptr<bf16>>, %b: tile<ptr<bf16>>, %o: tile<ptr<f32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %av = make_tensor_view %a, shape = [64, 4096], strides = [4096, 1] : tensor_view<64x4096xbf16, strides=[4096,1]>
    %ap = make_partition_view %av : partition_view<tile=(64x64), padding_value = zero, tensor_view<64x4096xbf16, strides=[4096,1]>>
    %bv = make_tensor_view %b, shape = [4096, 64], strides = [64, 1] : tensor_view<4096x64xbf16, strides=[64,1]>
    %bp = make_partition_view %bv : partition_view<tile=(64x64), padding_value = zero, tensor_view<4096x64xbf16, strides=[64,1]>>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %r:2 = for %j in (%c0 to %n, step %c1) : tile<i32> iter_values(%x = %zero, %y = %zero) -> (tile<64x64xf32>, tile<64x64xf32>) {
      %at, %t1 = load_view_tko weak %ap[%c0, %j] : partition_view<tile=(64x64), padding_value = zero, tensor_view<64x4096xbf16, strides=[4096,1]>>, tile<i32> -> tile<64x64xbf16>, token
      %bt, %t2 = load_view_tko weak %bp[%j, %c0] : partition_view<tile=(64x64), padding_value = zero, tensor_view<4096x64xbf16, strides=[64,1]>>, tile<i32> -> tile<64x64xbf16>, token
      %x2 = mmaf %at, %bt, %x : tile<64x64xbf16>, tile<64x64xbf16>, tile<64x64xf32>
      %y2 = mmaf %at, %bt, %y : tile<64x64xbf16>, tile<64x64xbf16>, tile<64x64xf32>
      continue %x2, %y2 : tile<64x64xf32>, tile<64x64xf32>
    }
    %sum = addf %r#0, %r#1 : tile<64x64xf32>
    %ov = make_tensor_view %o, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %op = make_partition_view %ov : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %t = store_view_tko weak %sum, %op[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
