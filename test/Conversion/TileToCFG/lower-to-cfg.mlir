// tileir-lower-to-cfg: entries become func.func, structured control flow
// becomes cf branches with tile-typed block arguments. Loops are lowered
// outermost first, so a continue/break nested in ifs branches to its own
// (innermost) loop's header or exit.
// RUN: tile-opt %s --tileir-lower-to-cfg | FileCheck %s \
// RUN:   --implicit-check-not=cuda_tile.for --implicit-check-not=cuda_tile.loop \
// RUN:   --implicit-check-not=cuda_tile.if --implicit-check-not=cuda_tile.yield \
// RUN:   --implicit-check-not=cuda_tile.continue --implicit-check-not=cuda_tile.break \
// RUN:   --implicit-check-not=cuda_tile.return --implicit-check-not=cuda_tile.module

// CHECK-NOT: cuda_tile.module
cuda_tile.module @cfg {
  // The entry keeps its signature; hints move to a dialect-prefixed name.
  // The header compares the induction variable with the upper bound
  // (unsigned here), the latch adds the step; carried values travel as
  // block arguments and the exit receives the results.
  // CHECK-LABEL: func.func @for_iter(
  // CHECK-SAME: %[[LB:[a-z0-9]+]]: !cuda_tile.tile<i32>, %[[UB:[a-z0-9]+]]: !cuda_tile.tile<i32>, %[[STEP:[a-z0-9]+]]: !cuda_tile.tile<i32>)
  // CHECK-SAME: attributes {cuda_tile.optimization_hints = #cuda_tile.optimization_hints<sm_90 = {occupancy = 2}>}
  // CHECK: %[[Z:.*]] = cuda_tile.constant <f32: 0.000000e+00>
  // CHECK: cf.br ^[[HEAD:bb[0-9]+]](%[[LB]], %[[Z]] : !cuda_tile.tile<i32>, !cuda_tile.tile<f32>)
  // CHECK: ^[[HEAD]](%[[IV:[0-9]+]]: !cuda_tile.tile<i32>, %[[ACC:[0-9]+]]: !cuda_tile.tile<f32>):
  // CHECK: %[[LT:.*]] = cuda_tile.cmpi less_than %[[IV]], %[[UB]], unsigned : tile<i32> -> tile<i1>
  // CHECK: %[[C:.*]] = builtin.unrealized_conversion_cast %[[LT]] : !cuda_tile.tile<i1> to i1
  // CHECK: cf.cond_br %[[C]], ^[[BODY:bb[0-9]+]](%[[IV]], %[[ACC]] : {{.*}}), ^[[EXIT:bb[0-9]+]](%[[ACC]] : !cuda_tile.tile<f32>)
  // CHECK: ^[[BODY]](%{{[0-9]+}}: !cuda_tile.tile<i32>, %[[BACC:[0-9]+]]: !cuda_tile.tile<f32>):
  // CHECK: %[[S:.*]] = cuda_tile.addf %[[BACC]], %[[BACC]]
  // CHECK: %[[NEXT:.*]] = cuda_tile.addi %[[IV]], %[[STEP]] : tile<i32>
  // CHECK: cf.br ^[[HEAD]](%[[NEXT]], %[[S]] : !cuda_tile.tile<i32>, !cuda_tile.tile<f32>)
  // CHECK: ^[[EXIT]](%[[R:[0-9]+]]: !cuda_tile.tile<f32>):
  // CHECK: cuda_tile.print_tko "%f", %[[R]]
  // CHECK: return
  entry @for_iter(%lb: tile<i32>, %ub: tile<i32>, %step: tile<i32>) optimization_hints=<sm_90 = {occupancy = 2}> {
    %z = constant <f32: 0.0> : tile<f32>
    %r = for unsigned %iv in (%lb to %ub, step %step) : tile<i32> iter_values(%acc = %z) -> (tile<f32>) {
      %s = addf %acc, %acc rounding<nearest_even> : tile<f32>
      continue %s : tile<f32>
    }
    print_tko "%f", %r : tile<f32> -> token
    return
  }

  // A for inside a loop; the for's continue nested in an if goes to the
  // for's latch, the loop's break nested in an if leaves the loop with its
  // value, the loop's continue goes back to the loop header.
  // CHECK-LABEL: func.func @loop_nested(
  // CHECK-SAME: %[[COND:[a-z0-9]+]]: !cuda_tile.tile<i1>, %[[I0:[a-z0-9]+]]: !cuda_tile.tile<i32>)
  // CHECK: cf.br ^[[LHEAD:bb[0-9]+]](%[[I0]] : !cuda_tile.tile<i32>)
  // CHECK: ^[[LHEAD]](%[[V:[0-9]+]]: !cuda_tile.tile<i32>):
  // CHECK: cf.br ^[[FHEAD:bb[0-9]+]](%[[I0]] : !cuda_tile.tile<i32>)
  // CHECK: ^[[FHEAD]](%[[IV:[0-9]+]]: !cuda_tile.tile<i32>):
  // CHECK: %[[LT:.*]] = cuda_tile.cmpi less_than %[[IV]], %[[I0]], signed
  // CHECK: %[[C1:.*]] = builtin.unrealized_conversion_cast %[[LT]]
  // CHECK: cf.cond_br %[[C1]], ^[[FBODY:bb[0-9]+]](%[[IV]] : !cuda_tile.tile<i32>), ^[[FEXIT:bb[0-9]+]]{{$}}
  // CHECK: ^[[FBODY]](%{{[0-9]+}}: !cuda_tile.tile<i32>):
  // CHECK: %[[C2:.*]] = builtin.unrealized_conversion_cast %[[COND]] : !cuda_tile.tile<i1> to i1
  // CHECK: cf.cond_br %[[C2]], ^[[THEN:bb[0-9]+]], ^[[AFTER:bb[0-9]+]]{{$}}
  // CHECK: ^[[THEN]]:
  // CHECK: %[[N1:.*]] = cuda_tile.addi %[[IV]], %[[I0]]
  // CHECK: cf.br ^[[FHEAD]](%[[N1]] : !cuda_tile.tile<i32>)
  // CHECK: ^[[AFTER]]:
  // CHECK: %[[N2:.*]] = cuda_tile.addi %[[IV]], %[[I0]]
  // CHECK: cf.br ^[[FHEAD]](%[[N2]] : !cuda_tile.tile<i32>)
  // CHECK: ^[[FEXIT]]:
  // CHECK: %[[C3:.*]] = builtin.unrealized_conversion_cast %[[COND]]
  // CHECK: cf.cond_br %[[C3]], ^[[BRK:bb[0-9]+]], ^[[REST:bb[0-9]+]]{{$}}
  // CHECK: ^[[BRK]]:
  // CHECK: cf.br ^[[LEXIT:bb[0-9]+]](%[[V]] : !cuda_tile.tile<i32>)
  // CHECK: ^[[REST]]:
  // CHECK: %[[N3:.*]] = cuda_tile.addi %[[V]], %[[V]]
  // CHECK: cf.br ^[[LHEAD]](%[[N3]] : !cuda_tile.tile<i32>)
  // CHECK: ^[[LEXIT]](%{{[0-9]+}}: !cuda_tile.tile<i32>):
  // CHECK: return
  entry @loop_nested(%c: tile<i1>, %i0: tile<i32>) {
    %l = loop iter_values(%v = %i0) : tile<i32> -> tile<i32> {
      for %iv in (%i0 to %i0, step %i0) : tile<i32> {
        if %c {
          continue
        }
        continue
      }
      if %c {
        break %v : tile<i32>
      }
      %n = addi %v, %v : tile<i32>
      continue %n : tile<i32>
    }
    return
  }

  // Both branches of an if with results branch to the continuation with
  // their values; a return nested in an if becomes func.return.
  // CHECK-LABEL: func.func @if_else(
  // CHECK-SAME: %[[COND:[a-z0-9]+]]: !cuda_tile.tile<i1>, %[[A:[a-z0-9]+]]: !cuda_tile.tile<i32>, %[[B:[a-z0-9]+]]: !cuda_tile.tile<i32>)
  // CHECK: %[[C:.*]] = builtin.unrealized_conversion_cast %[[COND]] : !cuda_tile.tile<i1> to i1
  // CHECK: cf.cond_br %[[C]], ^[[THEN:bb[0-9]+]], ^[[ELSE:bb[0-9]+]]{{$}}
  // CHECK: ^[[THEN]]:
  // CHECK: cf.br ^[[JOIN:bb[0-9]+]](%[[A]], %[[B]] : !cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
  // CHECK: ^[[ELSE]]:
  // CHECK: cf.br ^[[JOIN]](%[[B]], %[[A]] : !cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
  // CHECK: ^[[JOIN]](%[[X:[0-9]+]]: !cuda_tile.tile<i32>, %[[Y:[0-9]+]]: !cuda_tile.tile<i32>):
  // CHECK: cuda_tile.addi %[[X]], %[[Y]]
  // CHECK: cf.cond_br %{{.*}}, ^[[RET:bb[0-9]+]], ^[[CONT:bb[0-9]+]]{{$}}
  // CHECK: ^[[RET]]:
  // CHECK-NEXT: return
  // CHECK: ^[[CONT]]:
  // CHECK-NEXT: return
  entry @if_else(%c: tile<i1>, %a: tile<i32>, %b: tile<i32>) {
    %x, %y = if %c -> (tile<i32>, tile<i32>) {
      yield %a, %b : tile<i32>, tile<i32>
    } else {
      yield %b, %a : tile<i32>, tile<i32>
    }
    %s = addi %x, %y : tile<i32>
    if %c {
      return
    }
    return
  }
}
