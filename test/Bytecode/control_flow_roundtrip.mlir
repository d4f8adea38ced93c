// RUN: split-file %s %t
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.1 %t/all.mlir | tile-translate --tileir-bytecode-to-mlir | FileCheck %t/all.mlir
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.2 %t/all.mlir | tile-translate --tileir-bytecode-to-mlir | FileCheck %t/all.mlir
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.3 %t/all.mlir | tile-translate --tileir-bytecode-to-mlir | FileCheck %t/all.mlir
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.2 %t/v13_2.mlir | tile-translate --tileir-bytecode-to-mlir | FileCheck %t/v13_2.mlir
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.3 %t/v13_2.mlir | tile-translate --tileir-bytecode-to-mlir | FileCheck %t/v13_2.mlir
// RUN: not tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.1 %t/unsigned.mlir 2>&1 | FileCheck %t/unsigned.mlir
// RUN: not tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.1 %t/token_operand.mlir 2>&1 | FileCheck %t/token_operand.mlir
// RUN: not tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.1 %t/token_used.mlir 2>&1 | FileCheck %t/token_used.mlir

// The control-flow ops survive a trip through bytecode in every version:
// regions, block arguments, terminators nested in ifs, and results. Fields
// added after 13.1 (for's `unsigned`, print_tko's token operand and result)
// round-trip from 13.2 on and are refused for 13.1, except an unused
// print_tko result token, which 13.1 drops (13.1's `print` has no result)
// and the reader gives back.

//--- all.mlir
// CHECK-LABEL: entry @control_flow(
// CHECK-SAME: %[[C:.*]]: tile<i1>
cuda_tile.module @m {
  entry @control_flow(%c: tile<i1>) {
    %lb = constant <i32: 0> : tile<i32>
    %ub = constant <i32: 10> : tile<i32>
    %step = constant <i32: 1> : tile<i32>
    %f0 = constant <f32: 0.0> : tile<f32>
    %h0 = constant <i16: 42> : tile<i16>
    // CHECK: if %[[C]] {
    // CHECK-NEXT: } else {
    // CHECK-NEXT: }
    if %c {
    } else {
    }
    // CHECK: %{{.*}}:2 = if %[[C]] -> (tile<f32>, tile<i32>) {
    // CHECK-NEXT: yield %{{.*}}, %{{.*}} : tile<f32>, tile<i32>
    // CHECK-NEXT: } else {
    // CHECK-NEXT: %[[K:.*]] = constant <i32: 7> : tile<i32>
    // CHECK-NEXT: yield %{{.*}}, %[[K]] : tile<f32>, tile<i32>
    // CHECK-NEXT: }
    %x, %y = if %c -> (tile<f32>, tile<i32>) {
      yield %f0, %lb : tile<f32>, tile<i32>
    } else {
      %k = constant <i32: 7> : tile<i32>
      yield %f0, %k : tile<f32>, tile<i32>
    }
    // CHECK: if %[[C]] {
    // CHECK-NEXT: return
    // CHECK-NEXT: }
    if %c {
      return
    }
    // CHECK: for %{{.*}} in (%{{.*}} to %{{.*}}, step %{{.*}}) : tile<i32> {
    // CHECK-NEXT: }
    for %iv in (%lb to %ub, step %step) : tile<i32> {
    }
    // CHECK: %{{.*}}:2 = for %[[IV:.*]] in (%{{.*}} to %{{.*}}, step %{{.*}}) : tile<i32> iter_values(%[[A:.*]] = %{{.*}}, %[[B:.*]] = %{{.*}}) -> (tile<i32>, tile<f32>) {
    // CHECK-NEXT: if %[[C]] {
    // CHECK-NEXT: continue %[[A]], %[[B]] : tile<i32>, tile<f32>
    // CHECK-NEXT: }
    // CHECK-NEXT: continue %[[IV]], %[[B]] : tile<i32>, tile<f32>
    // CHECK-NEXT: }
    %s:2 = for %iv in (%lb to %ub, step %step) : tile<i32>
        iter_values(%a = %lb, %b = %f0) -> (tile<i32>, tile<f32>) {
      if %c {
        continue %a, %b : tile<i32>, tile<f32>
      }
      continue %iv, %b : tile<i32>, tile<f32>
    }
    // CHECK: loop {
    // CHECK-NEXT: if %[[C]] {
    // CHECK-NEXT: break
    // CHECK-NEXT: }
    // CHECK-NEXT: }
    loop {
      if %c {
        break
      }
    }
    // CHECK: %{{.*}}:2 = loop iter_values(%[[P:.*]] = %{{.*}}, %[[Q:.*]] = %{{.*}}) : tile<i32>, tile<i16> -> tile<f32>, tile<i1> {
    // CHECK-NEXT: if %[[C]] {
    // CHECK-NEXT: continue %[[P]], %[[Q]] : tile<i32>, tile<i16>
    // CHECK-NEXT: } else {
    // CHECK-NEXT: break %{{.*}}, %[[C]] : tile<f32>, tile<i1>
    // CHECK-NEXT: }
    // CHECK-NEXT: continue %[[P]], %[[Q]] : tile<i32>, tile<i16>
    // CHECK-NEXT: }
    %l:2 = loop iter_values(%p = %lb, %q = %h0) : tile<i32>, tile<i16> -> tile<f32>, tile<i1> {
      if %c {
        continue %p, %q : tile<i32>, tile<i16>
      } else {
        break %f0, %c : tile<f32>, tile<i1>
      }
      continue %p, %q : tile<i32>, tile<i16>
    }
    // CHECK: %{{.*}} = loop : tile<i32> {
    // CHECK-NEXT: break %{{.*}} : tile<i32>
    // CHECK-NEXT: }
    %l1 = loop : tile<i32> {
      break %ub : tile<i32>
    }
    // CHECK: assert %[[C]], "must hold" : tile<i1>
    assert %c, "must hold" : tile<i1>
    // CHECK: print_tko "x = %f, y = %d\0A", %{{.*}}, %{{.*}} : tile<f32>, tile<i32> -> token
    print_tko "x = %f, y = %d\n", %x, %y : tile<f32>, tile<i32> -> token
    // CHECK: print_tko "done" -> token
    print_tko "done" -> token
    return
  }
}

//--- v13_2.mlir
// CHECK-LABEL: entry @v13_2(
// CHECK-SAME: %[[T:.*]]: token
cuda_tile.module @m {
  entry @v13_2(%t: !cuda_tile.token) {
    %lb = constant <i32: 0> : tile<i32>
    // CHECK: for unsigned %{{.*}} in (%{{.*}} to %{{.*}}, step %{{.*}}) : tile<i32> {
    for unsigned %iv in (%lb to %lb, step %lb) : tile<i32> {
    }
    // CHECK: %[[T1:.*]] = print_tko "a" token = %[[T]] -> token
    %t1 = print_tko "a" token = %t -> token
    // CHECK: print_tko "b %d", %{{.*}} token = %[[T1]] : tile<i32> -> token
    print_tko "b %d", %lb token = %t1 : tile<i32> -> token
    return
  }
}

//--- unsigned.mlir
// CHECK: error: attribute 'unsignedCmp' of 'cuda_tile.for' needs bytecode version 13.2; the target is 13.1
cuda_tile.module @m {
  entry @e() {
    %lb = constant <i32: 0> : tile<i32>
    for unsigned %iv in (%lb to %lb, step %lb) : tile<i32> {
    }
    return
  }
}

//--- token_operand.mlir
// CHECK: error: operand 'token' of 'cuda_tile.print_tko' needs bytecode version 13.2; the target is 13.1
cuda_tile.module @m {
  entry @e(%t: !cuda_tile.token) {
    print_tko "a" token = %t -> token
    return
  }
}

//--- token_used.mlir
// CHECK: error: the result token of 'cuda_tile.print_tko' is used, but bytecode version 13.1 has no such result
cuda_tile.module @m {
  entry @e() {
    %t = print_tko "a" -> token
    print_tko "b" token = %t -> token
    return
  }
}
