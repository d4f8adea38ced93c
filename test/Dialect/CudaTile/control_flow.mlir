// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt -mlir-print-op-generic %s | tile-opt | FileCheck %s
// RUN: tile-opt -canonicalize %s | FileCheck %s --check-prefix=CANON

// if, for, loop, yield, continue, break, assert and print_tko in the
// specification's syntax: round trip through the custom and the generic
// form. Implicit terminators (an operand-less yield in an if, an
// operand-less continue ending a for or loop body) are not printed.

cuda_tile.module @control_flow {
  // CHECK-LABEL: entry @if_ops
  entry @if_ops(%c: tile<i1>) {
    // CHECK: if %{{.*}} {
    // CHECK-NEXT: }
    if %c {
    }
    // An explicit operand-less yield is the implicit one.
    // CHECK: if %{{.*}} {
    // CHECK-NEXT: } else {
    // CHECK-NEXT: }
    if %c {
      yield
    } else {
    }
    // CHECK: %{{.*}}:2 = if %{{.*}} -> (tile<f32>, tile<i32>) {
    // CHECK: yield %{{.*}}, %{{.*}} : tile<f32>, tile<i32>
    // CHECK: } else {
    // CHECK: yield %{{.*}}, %{{.*}} : tile<f32>, tile<i32>
    // CHECK-NEXT: }
    %x, %y = if %c -> (tile<f32>, tile<i32>) {
      %x_then = constant <f32: 1.0> : tile<f32>
      %y_then = constant <i32: 2> : tile<i32>
      yield %x_then, %y_then : tile<f32>, tile<i32>
    } else {
      %x_else = constant <f32: 1.0> : tile<f32>
      %y_else = constant <i32: 42> : tile<i32>
      yield %x_else, %y_else : tile<f32>, tile<i32>
    }
    // A branch may end the kernel.
    // CHECK: if %{{.*}} {
    // CHECK-NEXT: return
    // CHECK-NEXT: }
    if %c {
      return
    }
  }

  // CHECK-LABEL: entry @for_ops
  entry @for_ops() {
    %lb = constant <i32: 0> : tile<i32>
    %ub = constant <i32: 10> : tile<i32>
    %step = constant <i32: 1> : tile<i32>
    %c = constant <i1: true> : tile<i1>
    // CHECK: for %[[IV:.*]] in (%[[LB:.*]] to %[[UB:.*]], step %[[STEP:.*]]) : tile<i32> {
    // CHECK-NEXT: }
    for %iv in (%lb to %ub, step %step) : tile<i32> {
      continue
    }
    // CHECK: for unsigned %{{.*}} in (%[[LB]] to %[[UB]], step %[[STEP]]) : tile<i32> {
    // CHECK-NEXT: }
    for unsigned %iv in (%lb to %ub, step %step) : tile<i32> {
    }
    %init = constant <f32: 0.0> : tile<f32>
    // CHECK: %{{.*}} = for %[[IV2:.*]] in (%[[LB]] to %[[UB]], step %[[STEP]]) : tile<i32> iter_values(%[[ACC:.*]] = %{{.*}}) -> (tile<f32>) {
    // CHECK-NEXT: continue %[[ACC]] : tile<f32>
    // CHECK-NEXT: }
    %r = for %iv in (%lb to %ub, step %step) : tile<i32>
        iter_values(%acc = %init) -> (tile<f32>) {
      continue %acc : tile<f32>
    }
    // continue nested in an if continues the for; the if has no results.
    // CHECK: %{{.*}}:2 = for unsigned %{{.*}} in ({{.*}}) : tile<i32> iter_values(%[[A:.*]] = %{{.*}}, %[[B:.*]] = %{{.*}}) -> (tile<i32>, tile<f32>) {
    // CHECK-NEXT: if %{{.*}} {
    // CHECK-NEXT: continue %[[A]], %[[B]] : tile<i32>, tile<f32>
    // CHECK-NEXT: }
    // CHECK-NEXT: continue %{{.*}}, %[[B]] : tile<i32>, tile<f32>
    // CHECK-NEXT: }
    %s:2 = for unsigned %iv in (%lb to %ub, step %step) : tile<i32>
        iter_values(%a = %lb, %b = %init) -> (tile<i32>, tile<f32>) {
      if %c {
        continue %a, %b : tile<i32>, tile<f32>
      }
      continue %iv, %b : tile<i32>, tile<f32>
    }
    // Bounds of other integer types.
    %lb64 = constant <i64: 0> : tile<i64>
    // CHECK: for %{{.*}} in ({{.*}}) : tile<i64> {
    for %iv in (%lb64 to %lb64, step %lb64) : tile<i64> {
    }
  }

  // CHECK-LABEL: entry @loop_ops
  entry @loop_ops() {
    %c = constant <i1: true> : tile<i1>
    %i0 = constant <i32: 0> : tile<i32>
    %h0 = constant <i16: 42> : tile<i16>
    %f0 = constant <f32: 0.0> : tile<f32>
    // CHECK: loop {
    // CHECK-NEXT: }
    loop {
      continue
    }
    // CHECK: loop {
    // CHECK-NEXT: if %{{.*}} {
    // CHECK-NEXT: break
    // CHECK-NEXT: }
    // CHECK-NEXT: }
    loop {
      if %c {
        break
      }
    }
    // CHECK: loop iter_values(%[[V:.*]] = %{{.*}}) : tile<i32> {
    // CHECK-NEXT: if %{{.*}} {
    // CHECK-NEXT: continue %[[V]] : tile<i32>
    // CHECK-NEXT: }
    // CHECK-NEXT: break
    // CHECK-NEXT: }
    loop iter_values(%v = %i0) : tile<i32> {
      if %c {
        continue %v : tile<i32>
      }
      break
    }
    // Results without loop-carried values.
    // CHECK: %{{.*}} = loop : tile<i32> {
    // CHECK-NEXT: }
    %l1 = loop : tile<i32> {}
    // Loop-carried values and results of different types.
    // CHECK: %{{.*}}:2 = loop iter_values(%[[P:.*]] = %{{.*}}, %[[Q:.*]] = %{{.*}}) : tile<i32>, tile<i16> -> tile<f32>, tile<i1> {
    // CHECK-NEXT: if %{{.*}} {
    // CHECK-NEXT: continue %[[P]], %[[Q]] : tile<i32>, tile<i16>
    // CHECK-NEXT: }
    // CHECK-NEXT: break %{{.*}}, %{{.*}} : tile<f32>, tile<i1>
    // CHECK-NEXT: }
    %l2:2 = loop iter_values(%p = %i0, %q = %h0) : tile<i32>, tile<i16> -> tile<f32>, tile<i1> {
      if %c {
        continue %p, %q : tile<i32>, tile<i16>
      }
      break %f0, %c : tile<f32>, tile<i1>
    }
    // break in the else branch of an if whose then branch yields.
    // CHECK: %{{.*}} = loop iter_values(%{{.*}} = %{{.*}}) : tile<f32> -> tile<f32> {
    // CHECK-NEXT: if %{{.*}} {
    // CHECK-NEXT: } else {
    // CHECK-NEXT: break %{{.*}} : tile<f32>
    // CHECK-NEXT: }
    // CHECK-NEXT: continue %{{.*}} : tile<f32>
    // CHECK-NEXT: }
    %l3 = loop iter_values(%w = %f0) : tile<f32> -> tile<f32> {
      if %c {
        yield
      } else {
        break %w : tile<f32>
      }
      continue %w : tile<f32>
    }
    // continue and break act on the innermost loop, through nested ifs.
    // CHECK: loop {
    // CHECK-NEXT: for %{{.*}} in
    // CHECK-NEXT: if %{{.*}} {
    // CHECK-NEXT: if %{{.*}} {
    // CHECK-NEXT: continue
    // CHECK-NEXT: }
    // CHECK-NEXT: }
    // CHECK-NEXT: }
    // CHECK-NEXT: if %{{.*}} {
    // CHECK-NEXT: if %{{.*}} {
    // CHECK-NEXT: break
    // CHECK-NEXT: }
    // CHECK-NEXT: }
    // CHECK-NEXT: }
    loop {
      for %iv in (%i0 to %i0, step %i0) : tile<i32> {
        if %c {
          if %c {
            continue
          }
        }
      }
      if %c {
        if %c {
          break
        }
      }
    }
  }

  // An `if` whose branch ends in `continue` or `break` leaves the enclosing
  // loop: it has no results but is not dead, and canonicalization keeps it.
  // CHECK-LABEL: entry @exits_are_not_dead
  // CANON-LABEL: entry @exits_are_not_dead
  entry @exits_are_not_dead(%c: tile<i1>) {
    %i0 = constant <i32: 0> : tile<i32>
    // CANON: loop {
    // CANON-NEXT: if %{{.*}} {
    // CANON-NEXT: break
    // CANON-NEXT: }
    // CANON-NEXT: }
    loop {
      if %c {
        break
      }
    }
    // CANON: for %{{.*}} in
    // CANON-NEXT: if %{{.*}} {
    // CANON-NEXT: continue
    // CANON-NEXT: }
    // CANON-NEXT: }
    for %iv in (%i0 to %i0, step %i0) : tile<i32> {
      if %c {
        continue
      }
    }
  }

  // CHECK-LABEL: entry @assert_print
  entry @assert_print(%t: !cuda_tile.token) {
    %c = constant <i1: [true, false]> : tile<2xi1>
    %f = constant <f32: 0.0> : tile<4xf32>
    %i = constant <i32: 4> : tile<i32>
    %b = constant <bf16: 5.5> : tile<bf16>
    // CHECK: assert %{{.*}}, "assertion failed" : tile<2xi1>
    assert %c, "assertion failed" : tile<2xi1>
    // CHECK: print_tko "hello" -> token
    print_tko "hello" -> !cuda_tile.token
    // CHECK: print_tko "x = %f\0A", %{{.*}} : tile<4xf32> -> token
    print_tko "x = %f\n", %f : tile<4xf32> -> token
    // CHECK: print_tko "%+08.3f %lld %% %i", %{{.*}}, %{{.*}}, %{{.*}} : tile<4xf32>, tile<i32>, tile<bf16> -> token
    print_tko "%+08.3f %lld %% %i", %f, %i, %b : tile<4xf32>, tile<i32>, tile<bf16> -> token
    // CHECK: %[[TOK:.*]] = print_tko "%%%%" -> token
    %t1 = print_tko "%%%%" -> token
    // CHECK: print_tko "next: %i", %{{.*}} token = %[[TOK]] : tile<i32> -> token
    print_tko "next: %i", %i token = %t1 : tile<i32> -> token
    // CHECK: print_tko "after" token = %{{.*}} -> token
    print_tko "after" token=%t -> token
  }
}
