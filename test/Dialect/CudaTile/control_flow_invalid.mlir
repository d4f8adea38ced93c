// RUN: tile-opt -split-input-file -verify-diagnostics -allow-unregistered-dialect %s

// Verifier and parser errors of if, for, loop, yield, continue, break,
// assert and print_tko.

cuda_tile.module @m {
  entry @e(%c: tile<i1>, %v: !cuda_tile.tensor_view<16xf32, strides=[1]>) {
    // expected-error @below {{'cuda_tile.if' op result 0 is a view or tensor_view ('!cuda_tile.tensor_view<16xf32, strides=[1]>'), which an 'if' cannot return}}
    %0 = if %c -> (!cuda_tile.tensor_view<16xf32, strides=[1]>) {
      yield %v : !cuda_tile.tensor_view<16xf32, strides=[1]>
    } else {
      yield %v : !cuda_tile.tensor_view<16xf32, strides=[1]>
    }
  }
}

// -----

cuda_tile.module @m {
  entry @e(%c: tile<i1>, %x: tile<i32>) {
    // expected-error @below {{'cuda_tile.if' op with results requires an else region}}
    %0 = if %c -> (tile<i32>) {
      yield %x : tile<i32>
    }
  }
}

// -----

cuda_tile.module @m {
  entry @e(%c: tile<i1>, %x: tile<i32>) {
    // expected-error @below {{'cuda_tile.if' op the then branch yields ('!cuda_tile.tile<i32>'), but the results are ('!cuda_tile.tile<i64>')}}
    %0 = if %c -> (tile<i64>) {
      yield %x : tile<i32>
    } else {
      yield %x : tile<i32>
    }
  }
}

// -----

cuda_tile.module @m {
  entry @e(%c: tile<i1>, %x: tile<i32>) {
    // expected-error @below {{'cuda_tile.if' op the else branch yields (), but the results are ('!cuda_tile.tile<i32>')}}
    %0 = if %c -> (tile<i32>) {
      yield %x : tile<i32>
    } else {
    }
  }
}

// -----

cuda_tile.module @m {
  entry @e(%c: tile<i1>, %x: tile<i32>) {
    // expected-error @below {{'cuda_tile.if' op the then branch yields ('!cuda_tile.tile<i32>'), but the results are ()}}
    if %c {
      yield %x : tile<i32>
    }
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %c = constant <i1: true> : tile<4xi1>
    // expected-error @below {{'cuda_tile.if' op operand #0 must be 0-D tile of i1 values, but got '!cuda_tile.tile<4xi1>'}}
    "cuda_tile.if"(%c) ({
      "cuda_tile.yield"() : () -> ()
    }, {}) : (!cuda_tile.tile<4xi1>) -> ()
  }
}

// -----

cuda_tile.module @m {
  entry @e(%c: tile<i1>) {
    // expected-error @below {{'cuda_tile.if' op branches must end in 'yield', 'continue', 'break' or 'return', found 'test.terminator'}}
    if %c {
      "test.terminator"() : () -> ()
    }
  }
}

// -----

cuda_tile.module @m {
  entry @e(%x: tile<i32>) {
    // expected-error @below {{'cuda_tile.yield' op expects parent op to be one of 'cuda_tile.if, cuda_tile.reduce, cuda_tile.scan'}}
    yield %x : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @e(%a: tile<i32>, %b: tile<i64>) {
    // expected-error @below {{'cuda_tile.for' op lower bound, upper bound and step must have one type, got '!cuda_tile.tile<i32>', '!cuda_tile.tile<i64>' and '!cuda_tile.tile<i32>'}}
    "cuda_tile.for"(%a, %b, %a) ({
    ^bb0(%iv: !cuda_tile.tile<i32>):
      "cuda_tile.continue"() : () -> ()
    }) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i64>, !cuda_tile.tile<i32>) -> ()
  }
}

// -----

cuda_tile.module @m {
  entry @e(%a: tile<i32>) {
    // expected-error @below {{'cuda_tile.for' op body must take the induction variable and 0 loop-carried values, got 2 arguments}}
    "cuda_tile.for"(%a, %a, %a) ({
    ^bb0(%iv: !cuda_tile.tile<i32>, %x: !cuda_tile.tile<i32>):
      "cuda_tile.continue"() : () -> ()
    }) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> ()
  }
}

// -----

cuda_tile.module @m {
  entry @e(%a: tile<i32>) {
    // expected-error @below {{'cuda_tile.for' op induction variable has type '!cuda_tile.tile<i64>', but the bounds have type '!cuda_tile.tile<i32>'}}
    "cuda_tile.for"(%a, %a, %a) ({
    ^bb0(%iv: !cuda_tile.tile<i64>):
      "cuda_tile.continue"() : () -> ()
    }) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> ()
  }
}

// -----

cuda_tile.module @m {
  entry @e(%a: tile<i32>) {
    // expected-error @below {{'cuda_tile.for' op expects one result per loop-carried value (0), got 1}}
    %0 = "cuda_tile.for"(%a, %a, %a) ({
    ^bb0(%iv: !cuda_tile.tile<i32>):
      "cuda_tile.continue"() : () -> ()
    }) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @e(%a: tile<i32>, %f: tile<f32>) {
    // expected-error @below {{'cuda_tile.for' op loop-carried value 0 has initial type '!cuda_tile.tile<f32>', body argument type '!cuda_tile.tile<f64>' and result type '!cuda_tile.tile<f32>'; they must be equal}}
    %0 = "cuda_tile.for"(%a, %a, %a, %f) ({
    ^bb0(%iv: !cuda_tile.tile<i32>, %x: !cuda_tile.tile<f64>):
      "cuda_tile.continue"(%f) : (!cuda_tile.tile<f32>) -> ()
    }) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @e(%a: tile<i32>, %v: !cuda_tile.tensor_view<16xf32, strides=[1]>) {
    // expected-error @below {{'cuda_tile.for' op loop-carried value 0 is a view or tensor_view ('!cuda_tile.tensor_view<16xf32, strides=[1]>'), which a loop cannot carry}}
    %0 = for %iv in (%a to %a, step %a) : tile<i32>
        iter_values(%x = %v) -> (!cuda_tile.tensor_view<16xf32, strides=[1]>) {
      continue %x : !cuda_tile.tensor_view<16xf32, strides=[1]>
    }
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %a = constant <i32: 0> : tile<4xi32>
    // expected-error @below {{'cuda_tile.for' op operand #0 must be 0-D tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<4xi32>'}}
    for %iv in (%a to %a, step %a) : tile<4xi32> {
    }
  }
}

// -----

cuda_tile.module @m {
  entry @e(%a: tile<i32>, %f: tile<f32>) {
    // expected-error @below {{has 2 loop-carried values but 1 types}}
    %0 = for %iv in (%a to %a, step %a) : tile<i32> iter_values(%x = %f, %y = %f) -> (tile<f32>) {
      continue %x : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  entry @e(%a: tile<i32>, %f: tile<f32>) {
    %0 = for %iv in (%a to %a, step %a) : tile<i32>
        iter_values(%x = %f) -> (tile<f32>) {
      // expected-error @below {{'cuda_tile.continue' op operand types () do not match the loop-carried value types of the enclosing 'for' ('!cuda_tile.tile<f32>')}}
      continue
    }
  }
}

// -----

cuda_tile.module @m {
  entry @e(%a: tile<i32>, %c: tile<i1>) {
    for %iv in (%a to %a, step %a) : tile<i32> {
      if %c {
        // expected-error @below {{'cuda_tile.continue' op operand types ('!cuda_tile.tile<i32>') do not match the loop-carried value types of the enclosing 'for' ()}}
        continue %iv : tile<i32>
      }
    }
  }
}

// -----

cuda_tile.module @m {
  entry @e(%a: tile<i32>) {
    // expected-error @below {{'cuda_tile.loop' op body must take 1 loop-carried values, got 0 arguments}}
    "cuda_tile.loop"(%a) ({
      "cuda_tile.break"() : () -> ()
    }) : (!cuda_tile.tile<i32>) -> ()
  }
}

// -----

cuda_tile.module @m {
  entry @e(%a: tile<i32>) {
    // expected-error @below {{'cuda_tile.loop' op loop-carried value 0 has initial type '!cuda_tile.tile<i32>' but body argument type '!cuda_tile.tile<i64>'}}
    "cuda_tile.loop"(%a) ({
    ^bb0(%x: !cuda_tile.tile<i64>):
      "cuda_tile.break"() : () -> ()
    }) : (!cuda_tile.tile<i32>) -> ()
  }
}

// -----

cuda_tile.module @m {
  entry @e(%v: !cuda_tile.tensor_view<16xf32, strides=[1]>) {
    // expected-error @below {{'cuda_tile.loop' op loop-carried value 0 is a view or tensor_view ('!cuda_tile.tensor_view<16xf32, strides=[1]>'), which a loop cannot carry}}
    loop iter_values(%x = %v) : !cuda_tile.tensor_view<16xf32, strides=[1]> {
      break
    }
  }
}

// -----

cuda_tile.module @m {
  entry @e(%v: !cuda_tile.tensor_view<16xf32, strides=[1]>) {
    // expected-error @below {{'cuda_tile.loop' op result 0 is a view or tensor_view ('!cuda_tile.tensor_view<16xf32, strides=[1]>'), which a loop cannot return}}
    %0 = loop : !cuda_tile.tensor_view<16xf32, strides=[1]> {
      break %v : !cuda_tile.tensor_view<16xf32, strides=[1]>
    }
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    // expected-error @below {{'cuda_tile.loop' op body must end in 'continue' or 'break', found 'test.terminator'}}
    loop {
      "test.terminator"() : () -> ()
    }
  }
}

// -----

cuda_tile.module @m {
  entry @e(%a: tile<i32>, %f: tile<f32>) {
    // expected-error @below {{has 1 loop-carried values but 2 types}}
    loop iter_values(%x = %a) : tile<i32>, tile<f32> {
      break
    }
  }
}

// -----

cuda_tile.module @m {
  entry @e(%a: tile<i32>) {
    loop iter_values(%x = %a) : tile<i32> {
      // expected-error @below {{'cuda_tile.continue' op operand types () do not match the loop-carried value types of the enclosing 'loop' ('!cuda_tile.tile<i32>')}}
      continue
    }
  }
}

// -----

cuda_tile.module @m {
  entry @e(%c: tile<i1>) {
    if %c {
      // expected-error @below {{'cuda_tile.continue' op must be nested in a 'for' or 'loop', directly or through 'if' operations}}
      continue
    }
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    // expected-error @below {{'cuda_tile.continue' op expects parent op to be one of 'cuda_tile.for, cuda_tile.if, cuda_tile.loop'}}
    continue
  }
}

// -----

cuda_tile.module @m {
  entry @e(%a: tile<i32>, %c: tile<i1>) {
    %0 = loop : tile<i32> {
      if %c {
        // expected-error @below {{'cuda_tile.break' op operand types () do not match the result types of the enclosing 'loop' ('!cuda_tile.tile<i32>')}}
        break
      }
      break %a : tile<i32>
    }
  }
}

// -----

cuda_tile.module @m {
  entry @e(%a: tile<i32>, %c: tile<i1>) {
    for %iv in (%a to %a, step %a) : tile<i32> {
      if %c {
        // expected-error @below {{'cuda_tile.break' op cannot leave a 'for'; only 'loop' ends with 'break'}}
        break
      }
    }
  }
}

// -----

cuda_tile.module @m {
  entry @e(%c: tile<i1>) {
    if %c {
      // expected-error @below {{'cuda_tile.break' op must be nested in a 'loop', directly or through 'if' operations}}
      break
    }
  }
}

// -----

cuda_tile.module @m {
  entry @e(%a: tile<i32>) {
    for %iv in (%a to %a, step %a) : tile<i32> {
      // expected-error @below {{'cuda_tile.break' op expects parent op to be one of 'cuda_tile.if, cuda_tile.loop'}}
      break
    }
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %c = constant <i32: 0> : tile<4xi32>
    // expected-error @below {{'cuda_tile.assert' op operand #0 must be tile of i1 values, but got '!cuda_tile.tile<4xi32>'}}
    assert %c, "oops" : tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @e(%x: tile<f32>) {
    // expected-error @below {{'cuda_tile.print_tko' op format string has a '%' without a conversion character}}
    print_tko "value: %5", %x : tile<f32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @e(%x: tile<f32>) {
    // expected-error @below {{'cuda_tile.print_tko' op format string has 2 conversions, but 1 arguments were given}}
    print_tko "%f and %f %%", %x : tile<f32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @e(%x: tile<f32>) {
    // expected-error @below {{'cuda_tile.print_tko' op format string has 0 conversions, but 1 arguments were given}}
    print_tko "%%", %x : tile<f32> -> token
  }
}
