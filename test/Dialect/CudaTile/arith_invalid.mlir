// RUN: tile-opt --allow-unregistered-dialect %s -split-input-file -verify-diagnostics

// Every diagnostic of the ops of ArithOps.td. Tiles other than kernel
// arguments come from unregistered "test.src" ops.

//===----------------------------------------------------------------------===//
// Custom syntax
//===----------------------------------------------------------------------===//

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @below {{expected signedness to be one of: 'signed', 'unsigned'}}
    %0 = divi %a, %a : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @below {{expected signedness to be one of: 'signed', 'unsigned'}}
    %0 = maxi %a, %a sign : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @below {{expected comparison predicate to be one of: 'equal', 'not_equal', 'less_than', 'less_than_or_equal', 'greater_than', 'greater_than_or_equal'}}
    %0 = cmpi lt %a, %a, signed : tile<i32> -> tile<i1>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @below {{expected comparison ordering to be one of: 'ordered', 'unordered'}}
    %0 = cmpf equal %x, %x : tile<f32> -> tile<i1>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @below {{expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', got: 'approx'}}
    %0 = addf %x, %x rounding<approx> : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @below {{expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', got: 'full'}}
    %0 = fma %x, %x, %x rounding<full> : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @below {{expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', 'approx', 'full', got: 'nearest_int_to_zero'}}
    %0 = divf %x, %x rounding<nearest_int_to_zero> : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @below {{expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', got: 'sideways'}}
    %0 = mulf %x, %x rounding<sideways> : tile<f32>
  }
}

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @below {{'cuda_tile.addi' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<f32>'}}
    %0 = addi %x, %x : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = "test.src"() : () -> !cuda_tile.tile<4xf8E5M2>
    // expected-error @below {{'cuda_tile.subf' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<4xf8E5M2>'}}
    %0 = subf %x, %x : tile<4xf8E5M2>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = "test.src"() : () -> !cuda_tile.tile<4xtf32>
    // expected-error @below {{'cuda_tile.negf' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<4xtf32>'}}
    %0 = negf %x : tile<4xtf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = "test.src"() : () -> !cuda_tile.tile<4xi4>
    // expected-error @below {{'cuda_tile.andi' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<4xi4>'}}
    %0 = andi %x, %x : tile<4xi4>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>, %b: tile<i64>) {
    // expected-error @below {{'cuda_tile.addi' op failed to verify that all of {lhs, rhs, result} have same type}}
    %0 = "cuda_tile.addi"(%a, %b) <{overflow = #cuda_tile.overflow<none>}> : (!cuda_tile.tile<i32>, !cuda_tile.tile<i64>) -> !cuda_tile.tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @below {{'cuda_tile.absi' op failed to verify that all of {source, result} have same type}}
    %0 = "cuda_tile.absi"(%a) : (!cuda_tile.tile<i32>) -> !cuda_tile.tile<i16>
  }
}

//===----------------------------------------------------------------------===//
// Rounding modes and flush_to_zero
//===----------------------------------------------------------------------===//

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @below {{'cuda_tile.addf' op rounding mode approx is not supported; expected one of nearest_even, zero, negative_inf, positive_inf}}
    %0 = "cuda_tile.addf"(%x, %x) <{rounding_mode = #cuda_tile.rounding<approx>}> : (!cuda_tile.tile<f32>, !cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @below {{'cuda_tile.divf' op rounding mode nearest_int_to_zero is not supported; expected one of nearest_even, zero, negative_inf, positive_inf, approx, full}}
    %0 = "cuda_tile.divf"(%x, %x) <{rounding_mode = #cuda_tile.rounding<nearest_int_to_zero>}> : (!cuda_tile.tile<f32>, !cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @below {{'cuda_tile.subf' op requires attribute 'rounding_mode'}}
    %0 = "cuda_tile.subf"(%x, %x) : (!cuda_tile.tile<f32>, !cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%h: tile<f16>) {
    // expected-error @below {{'cuda_tile.divf' op rounding mode approx is only supported for f32, got 'f16'}}
    %0 = divf %h, %h rounding<approx> : tile<f16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%d: tile<f64>) {
    // expected-error @below {{'cuda_tile.divf' op rounding mode full is only supported for f32, got 'f64'}}
    %0 = divf %d, %d rounding<full> : tile<f64>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%h: tile<f16>) {
    // expected-error @below {{'cuda_tile.addf' op flush_to_zero is only supported for f32, got 'f16'}}
    %0 = addf %h, %h flush_to_zero : tile<f16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%d: tile<f64>) {
    // expected-error @below {{'cuda_tile.subf' op flush_to_zero is only supported for f32, got 'f64'}}
    %0 = subf %d, %d rounding<zero> flush_to_zero : tile<f64>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%b: tile<bf16>) {
    // expected-error @below {{'cuda_tile.mulf' op flush_to_zero is only supported for f32, got 'bf16'}}
    %0 = mulf %b, %b flush_to_zero : tile<bf16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%h: tile<f16>) {
    // expected-error @below {{'cuda_tile.divf' op flush_to_zero is only supported for f32, got 'f16'}}
    %0 = divf %h, %h flush_to_zero : tile<f16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%h: tile<f16>) {
    // expected-error @below {{'cuda_tile.fma' op flush_to_zero is only supported for f32, got 'f16'}}
    %0 = fma %h, %h, %h flush_to_zero : tile<f16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%b: tile<bf16>) {
    // expected-error @below {{'cuda_tile.maxf' op flush_to_zero is only supported for f32, got 'bf16'}}
    %0 = maxf %b, %b flush_to_zero : tile<bf16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%d: tile<f64>) {
    // expected-error @below {{'cuda_tile.minf' op flush_to_zero is only supported for f32, got 'f64'}}
    %0 = minf %d, %d propagate_nan flush_to_zero : tile<f64>
  }
}

//===----------------------------------------------------------------------===//
// divi and negi
//===----------------------------------------------------------------------===//

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @below {{'cuda_tile.divi' op rounding mode nearest_even is not supported; expected zero, negative_inf or positive_inf}}
    %0 = divi %a, %a signed rounding<nearest_even> : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @below {{'cuda_tile.divi' op rounding mode negative_inf requires signed operands}}
    %0 = divi %a, %a unsigned rounding<negative_inf> : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @below {{'cuda_tile.negi' op overflow no_unsigned_wrap is not supported: negation is signed}}
    %0 = negi %a overflow<no_unsigned_wrap> : tile<i32>
  }
}

//===----------------------------------------------------------------------===//
// Comparisons
//===----------------------------------------------------------------------===//

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @below {{'cuda_tile.cmpi' op result #0 must be tile of i1 values, but got '!cuda_tile.tile<i32>'}}
    %0 = cmpi equal %a, %a, signed : tile<i32> -> tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<4xi32>
    // expected-error @below {{'cuda_tile.cmpi' op failed to verify that all of {lhs, result} have same shape}}
    %0 = cmpi equal %a, %a, signed : tile<4xi32> -> tile<8xi1>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>, %b: tile<i16>) {
    // expected-error @below {{'cuda_tile.cmpi' op failed to verify that all of {lhs, rhs} have same type}}
    %0 = "cuda_tile.cmpi"(%a, %b) <{comparison_predicate = #cuda_tile.comparison_predicate<equal>, signedness = #cuda_tile.signedness<signed>}> : (!cuda_tile.tile<i32>, !cuda_tile.tile<i16>) -> !cuda_tile.tile<i1>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = "test.src"() : () -> !cuda_tile.tile<2x2xf32>
    // expected-error @below {{'cuda_tile.cmpf' op failed to verify that all of {lhs, result} have same shape}}
    %0 = cmpf less_than ordered %x, %x : tile<2x2xf32> -> tile<4xi1>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @below {{'cuda_tile.cmpf' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<i32>'}}
    %0 = cmpf equal ordered %a, %a : tile<i32> -> tile<i1>
  }
}

//===----------------------------------------------------------------------===//
// select and offset
//===----------------------------------------------------------------------===//

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @below {{'cuda_tile.select' op operand #0 must be tile of i1 values, but got '!cuda_tile.tile<i32>'}}
    %0 = select %a, %a, %a : tile<i32>, tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %c = "test.src"() : () -> !cuda_tile.tile<2xi1>
    %x = "test.src"() : () -> !cuda_tile.tile<4xf32>
    // expected-error @below {{'cuda_tile.select' op failed to verify that all of {cond, val_if_true, val_if_false, result} have same shape}}
    %0 = select %c, %x, %x : tile<2xi1>, tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%c: tile<i1>, %x: tile<f32>, %y: tile<f16>) {
    // expected-error @below {{'cuda_tile.select' op failed to verify that all of {val_if_true, val_if_false, result} have same type}}
    %0 = "cuda_tile.select"(%c, %x, %y) : (!cuda_tile.tile<i1>, !cuda_tile.tile<f32>, !cuda_tile.tile<f16>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %c = "test.src"() : () -> !cuda_tile.tile<4xi1>
    %x = "test.src"() : () -> !cuda_tile.tile<4xf4E2M1FN>
    // expected-error @below {{'cuda_tile.select' op cannot select elements of the packed type 'f4E2M1FN'}}
    %0 = select %c, %x, %x : tile<4xi1>, tile<4xf4E2M1FN>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %p = "test.src"() : () -> !cuda_tile.tile<4xptr<f32>>
    %i = "test.src"() : () -> !cuda_tile.tile<8xi32>
    // expected-error @below {{'cuda_tile.offset' op requires the same shape for all operands and results}}
    %0 = offset %p, %i : tile<4xptr<f32>>, tile<8xi32> -> tile<4xptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %i: tile<i32>) {
    // expected-error @below {{'cuda_tile.offset' op failed to verify that all of {result, ptr} have same type}}
    %0 = offset %p, %i : tile<ptr<f32>>, tile<i32> -> tile<ptr<f16>>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %x: tile<f32>) {
    // expected-error @below {{'cuda_tile.offset' op operand #1 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<f32>'}}
    %0 = offset %p, %x : tile<ptr<f32>>, tile<f32> -> tile<ptr<f32>>
  }
}

//===----------------------------------------------------------------------===//
// mmaf and mmai
//===----------------------------------------------------------------------===//

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<8xf16>
    %c = "test.src"() : () -> !cuda_tile.tile<8xf32>
    // expected-error @below {{'cuda_tile.mmaf' op operands must be 2-D or 3-D (batched) tiles, got rank 1}}
    %0 = mmaf %a, %a, %c : tile<8xf16>, tile<8xf16>, tile<8xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<4x8xf16>
    %b = "test.src"() : () -> !cuda_tile.tile<8x2xf16>
    %c = "test.src"() : () -> !cuda_tile.tile<2x4x2xf32>
    // expected-error @below {{'cuda_tile.mmaf' op failed to verify that all of {lhs, rhs, acc} have same rank}}
    %0 = mmaf %a, %b, %c : tile<4x8xf16>, tile<8x2xf16>, tile<2x4x2xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<2x4x8xf16>
    %b = "test.src"() : () -> !cuda_tile.tile<2x8x2xf16>
    %c = "test.src"() : () -> !cuda_tile.tile<4x4x2xf32>
    // expected-error @below {{'cuda_tile.mmaf' op lhs, rhs and acc must have the same batch size (lhs 2x4x8, rhs 2x8x2, acc 4x4x2)}}
    %0 = mmaf %a, %b, %c : tile<2x4x8xf16>, tile<2x8x2xf16>, tile<4x4x2xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<4x16xf16>
    %b = "test.src"() : () -> !cuda_tile.tile<8x2xf16>
    %c = "test.src"() : () -> !cuda_tile.tile<4x2xf32>
    // expected-error @below {{'cuda_tile.mmaf' op K dimension of lhs (16) must match that of rhs (8) (lhs 4x16, rhs 8x2, acc 4x2)}}
    %0 = mmaf %a, %b, %c : tile<4x16xf16>, tile<8x2xf16>, tile<4x2xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<4x8xf16>
    %b = "test.src"() : () -> !cuda_tile.tile<8x2xf16>
    %c = "test.src"() : () -> !cuda_tile.tile<8x2xf32>
    // expected-error @below {{'cuda_tile.mmaf' op M dimension of lhs (4) must match that of acc (8) (lhs 4x8, rhs 8x2, acc 8x2)}}
    %0 = mmaf %a, %b, %c : tile<4x8xf16>, tile<8x2xf16>, tile<8x2xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<4x8xf16>
    %b = "test.src"() : () -> !cuda_tile.tile<8x2xf16>
    %c = "test.src"() : () -> !cuda_tile.tile<4x4xf32>
    // expected-error @below {{'cuda_tile.mmaf' op N dimension of rhs (2) must match that of acc (4) (lhs 4x8, rhs 8x2, acc 4x4)}}
    %0 = mmaf %a, %b, %c : tile<4x8xf16>, tile<8x2xf16>, tile<4x4xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<4x8xf16>
    %b = "test.src"() : () -> !cuda_tile.tile<8x2xbf16>
    %c = "test.src"() : () -> !cuda_tile.tile<4x2xf32>
    // expected-error @below {{'cuda_tile.mmaf' op failed to verify that all of {lhs, rhs} have same element type}}
    %0 = mmaf %a, %b, %c : tile<4x8xf16>, tile<8x2xbf16>, tile<4x2xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<4x8xi8>
    %c = "test.src"() : () -> !cuda_tile.tile<4x8xi32>
    // expected-error @below {{'cuda_tile.mmaf' op operand #0 must be mmaf operand tile of f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 values, but got '!cuda_tile.tile<4x8xi8>'}}
    %0 = mmaf %a, %a, %c : tile<4x8xi8>, tile<4x8xi8>, tile<4x8xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<4x4xbf16>
    // expected-error @below {{'cuda_tile.mmaf' op operand #2 must be mmaf accumulator tile of f16 or f32 or f64 values, but got '!cuda_tile.tile<4x4xbf16>'}}
    %0 = mmaf %a, %a, %a : tile<4x4xbf16>, tile<4x4xbf16>, tile<4x4xbf16>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<4x4xf16>
    %c = "test.src"() : () -> !cuda_tile.tile<4x4xf64>
    // expected-error @below {{'cuda_tile.mmaf' op operands of 'f16' accumulate into f16 or f32, got 'f64'}}
    %0 = mmaf %a, %a, %c : tile<4x4xf16>, tile<4x4xf16>, tile<4x4xf64>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<4x4xtf32>
    %c = "test.src"() : () -> !cuda_tile.tile<4x4xf16>
    // expected-error @below {{'cuda_tile.mmaf' op operands of 'tf32' accumulate into f32, got 'f16'}}
    %0 = mmaf %a, %a, %c : tile<4x4xtf32>, tile<4x4xtf32>, tile<4x4xf16>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<4x4xf64>
    %c = "test.src"() : () -> !cuda_tile.tile<4x4xf32>
    // expected-error @below {{'cuda_tile.mmaf' op operands of 'f64' accumulate into f64, got 'f32'}}
    %0 = mmaf %a, %a, %c : tile<4x4xf64>, tile<4x4xf64>, tile<4x4xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<4x4xf32>
    %c = "test.src"() : () -> !cuda_tile.tile<4x4xf32>
    // expected-error @below {{'cuda_tile.mmaf' op failed to verify that all of {acc, result} have same type}}
    %0 = "cuda_tile.mmaf"(%a, %a, %c) : (!cuda_tile.tile<4x4xf32>, !cuda_tile.tile<4x4xf32>, !cuda_tile.tile<4x4xf32>) -> !cuda_tile.tile<4x4xf16>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<4x8xi16>
    %c = "test.src"() : () -> !cuda_tile.tile<4x4xi32>
    // expected-error @below {{'cuda_tile.mmai' op operand #0 must be mmai operand tile of i8 values, but got '!cuda_tile.tile<4x8xi16>'}}
    %0 = mmai %a, %a, %c signed signed : tile<4x8xi16>, tile<4x8xi16>, tile<4x4xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<4x4xi8>
    %c = "test.src"() : () -> !cuda_tile.tile<4x4xi16>
    // expected-error @below {{'cuda_tile.mmai' op operand #2 must be mmai accumulator tile of i32 values, but got '!cuda_tile.tile<4x4xi16>'}}
    %0 = mmai %a, %a, %c signed signed : tile<4x4xi8>, tile<4x4xi8>, tile<4x4xi16>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<4x8xi8>
    %c = "test.src"() : () -> !cuda_tile.tile<4x4xi32>
    // expected-error @below {{'cuda_tile.mmai' op K dimension of lhs (8) must match that of rhs (4) (lhs 4x8, rhs 4x8, acc 4x4)}}
    %0 = mmai %a, %a, %c signed unsigned : tile<4x8xi8>, tile<4x8xi8>, tile<4x4xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<4x4xi8>
    %c = "test.src"() : () -> !cuda_tile.tile<4x4xi32>
    // expected-error @below {{expected signedness to be one of: 'signed', 'unsigned'}}
    %0 = mmai %a, %a, %c signed : tile<4x4xi8>, tile<4x4xi8>, tile<4x4xi32>
  }
}

//===----------------------------------------------------------------------===//
// mmaf_scaled
//===----------------------------------------------------------------------===//

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<128x128xf16>
    %c = "test.src"() : () -> !cuda_tile.tile<128x128xf32>
    %sa = "test.src"() : () -> !cuda_tile.tile<128x4xf8E8M0FNU>
    %sb = "test.src"() : () -> !cuda_tile.tile<4x128xf8E8M0FNU>
    // expected-error @below {{'cuda_tile.mmaf_scaled' op operand #0 must be mmaf_scaled operand tile of f8E4M3FN or f8E5M2 or f4E2M1FN values, but got '!cuda_tile.tile<128x128xf16>'}}
    %0 = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf16>, tile<128x128xf16>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<128x128xf8E5M2>
    %c = "test.src"() : () -> !cuda_tile.tile<128x128xf16>
    %sa = "test.src"() : () -> !cuda_tile.tile<128x4xf8E8M0FNU>
    %sb = "test.src"() : () -> !cuda_tile.tile<4x128xf8E8M0FNU>
    // expected-error @below {{'cuda_tile.mmaf_scaled' op operand #2 must be mmaf_scaled accumulator tile of f32 values, but got '!cuda_tile.tile<128x128xf16>'}}
    %0 = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf8E5M2>, tile<128x128xf8E5M2>, tile<128x128xf16>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<128x128xf4E2M1FN>
    %c = "test.src"() : () -> !cuda_tile.tile<128x128xf32>
    %sa = "test.src"() : () -> !cuda_tile.tile<128x4xf32>
    // expected-error @below {{'cuda_tile.mmaf_scaled' op operand #3 must be mmaf_scaled scale tile of f8E4M3FN or f8E8M0FNU values, but got '!cuda_tile.tile<128x4xf32>'}}
    %0 = mmaf_scaled %a, %a, %c, %sa, %sa : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x4xf32>, tile<128x4xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<128x128xf4E2M1FN>
    %b = "test.src"() : () -> !cuda_tile.tile<128x128xf8E5M2>
    %c = "test.src"() : () -> !cuda_tile.tile<128x128xf32>
    %sa = "test.src"() : () -> !cuda_tile.tile<128x4xf8E8M0FNU>
    %sb = "test.src"() : () -> !cuda_tile.tile<4x128xf8E8M0FNU>
    // expected-error @below {{'cuda_tile.mmaf_scaled' op failed to verify that all of {lhs, rhs} have same element type}}
    %0 = mmaf_scaled %a, %b, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf8E5M2>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<128x128xf4E2M1FN>
    %c = "test.src"() : () -> !cuda_tile.tile<128x128xf32>
    %sa = "test.src"() : () -> !cuda_tile.tile<128x8xf8E8M0FNU>
    %sb = "test.src"() : () -> !cuda_tile.tile<8x128xf8E4M3FN>
    // expected-error @below {{'cuda_tile.mmaf_scaled' op failed to verify that all of {lhs_scale, rhs_scale} have same element type}}
    %0 = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x8xf8E8M0FNU>, tile<8x128xf8E4M3FN>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<128x128xf4E2M1FN>
    %c = "test.src"() : () -> !cuda_tile.tile<128x128xf32>
    %sa = "test.src"() : () -> !cuda_tile.tile<2x128x4xf8E8M0FNU>
    // expected-error @below {{'cuda_tile.mmaf_scaled' op failed to verify that all of {lhs, rhs, acc, lhs_scale, rhs_scale} have same rank}}
    %0 = mmaf_scaled %a, %a, %c, %sa, %sa : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<2x128x4xf8E8M0FNU>, tile<2x128x4xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<128x64xf4E2M1FN>
    %b = "test.src"() : () -> !cuda_tile.tile<128x128xf4E2M1FN>
    %c = "test.src"() : () -> !cuda_tile.tile<128x128xf32>
    %sa = "test.src"() : () -> !cuda_tile.tile<128x4xf8E8M0FNU>
    %sb = "test.src"() : () -> !cuda_tile.tile<4x128xf8E8M0FNU>
    // expected-error @below {{'cuda_tile.mmaf_scaled' op K dimension of lhs (64) must match that of rhs (128) (lhs 128x64, rhs 128x128, acc 128x128)}}
    %0 = mmaf_scaled %a, %b, %c, %sa, %sb : tile<128x64xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<4x64x64xf4E2M1FN>
    %c = "test.src"() : () -> !cuda_tile.tile<4x64x64xf32>
    %sa = "test.src"() : () -> !cuda_tile.tile<2x64x2xf8E8M0FNU>
    %sb = "test.src"() : () -> !cuda_tile.tile<4x2x64xf8E8M0FNU>
    // expected-error @below {{'cuda_tile.mmaf_scaled' op lhs_scale and rhs_scale must have the batch size of lhs and rhs (lhs 4x64x64, rhs 4x64x64, lhs_scale 2x64x2, rhs_scale 4x2x64)}}
    %0 = mmaf_scaled %a, %a, %c, %sa, %sb : tile<4x64x64xf4E2M1FN>, tile<4x64x64xf4E2M1FN>, tile<4x64x64xf32>, tile<2x64x2xf8E8M0FNU>, tile<4x2x64xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<128x128xf4E2M1FN>
    %c = "test.src"() : () -> !cuda_tile.tile<128x128xf32>
    %sa = "test.src"() : () -> !cuda_tile.tile<64x4xf8E8M0FNU>
    %sb = "test.src"() : () -> !cuda_tile.tile<4x128xf8E8M0FNU>
    // expected-error @below {{'cuda_tile.mmaf_scaled' op M dimension of lhs_scale (64) must match that of lhs (128)}}
    %0 = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<64x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<128x128xf4E2M1FN>
    %c = "test.src"() : () -> !cuda_tile.tile<128x128xf32>
    %sa = "test.src"() : () -> !cuda_tile.tile<128x4xf8E8M0FNU>
    %sb = "test.src"() : () -> !cuda_tile.tile<4x64xf8E8M0FNU>
    // expected-error @below {{'cuda_tile.mmaf_scaled' op N dimension of rhs_scale (64) must match that of rhs (128)}}
    %0 = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x64xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<128x128xf4E2M1FN>
    %c = "test.src"() : () -> !cuda_tile.tile<128x128xf32>
    %sa = "test.src"() : () -> !cuda_tile.tile<128x8xf8E8M0FNU>
    %sb = "test.src"() : () -> !cuda_tile.tile<4x128xf8E8M0FNU>
    // expected-error @below {{'cuda_tile.mmaf_scaled' op K dimension of lhs_scale (8) must match that of rhs_scale (4)}}
    %0 = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x8xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<64x16xf4E2M1FN>
    %b = "test.src"() : () -> !cuda_tile.tile<16x64xf4E2M1FN>
    %c = "test.src"() : () -> !cuda_tile.tile<64x64xf32>
    %sa = "test.src"() : () -> !cuda_tile.tile<64x32xf8E8M0FNU>
    %sb = "test.src"() : () -> !cuda_tile.tile<32x64xf8E8M0FNU>
    // expected-error @below {{'cuda_tile.mmaf_scaled' op K dimension of the scales (32) must not exceed that of lhs (16)}}
    %0 = mmaf_scaled %a, %b, %c, %sa, %sb : tile<64x16xf4E2M1FN>, tile<16x64xf4E2M1FN>, tile<64x64xf32>, tile<64x32xf8E8M0FNU>, tile<32x64xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<128x128xf8E5M2>
    %c = "test.src"() : () -> !cuda_tile.tile<128x128xf32>
    %sa = "test.src"() : () -> !cuda_tile.tile<128x8xf8E4M3FN>
    %sb = "test.src"() : () -> !cuda_tile.tile<8x128xf8E4M3FN>
    // expected-error @below {{'cuda_tile.mmaf_scaled' op f8E4M3FN scales require f4E2M1FN operands, got 'f8E5M2'}}
    %0 = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf8E5M2>, tile<128x128xf8E5M2>, tile<128x128xf32>, tile<128x8xf8E4M3FN>, tile<8x128xf8E4M3FN>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<128x128xf8E4M3FN>
    %c = "test.src"() : () -> !cuda_tile.tile<128x128xf32>
    %sa = "test.src"() : () -> !cuda_tile.tile<128x8xf8E8M0FNU>
    %sb = "test.src"() : () -> !cuda_tile.tile<8x128xf8E8M0FNU>
    // expected-error @below {{'cuda_tile.mmaf_scaled' op operands of 'f8E4M3FN' with 'f8E8M0FNU' scales need one scale for every 32 elements along K, got one for every 16}}
    %0 = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf8E4M3FN>, tile<128x128xf8E4M3FN>, tile<128x128xf32>, tile<128x8xf8E8M0FNU>, tile<8x128xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<128x128xf4E2M1FN>
    %c = "test.src"() : () -> !cuda_tile.tile<128x128xf32>
    %sa = "test.src"() : () -> !cuda_tile.tile<128x16xf8E8M0FNU>
    %sb = "test.src"() : () -> !cuda_tile.tile<16x128xf8E8M0FNU>
    // expected-error @below {{'cuda_tile.mmaf_scaled' op operands of 'f4E2M1FN' with 'f8E8M0FNU' scales need one scale for every 16 or 32 elements along K, got one for every 8}}
    %0 = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x16xf8E8M0FNU>, tile<16x128xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = "test.src"() : () -> !cuda_tile.tile<128x128xf4E2M1FN>
    %c = "test.src"() : () -> !cuda_tile.tile<128x128xf32>
    %sa = "test.src"() : () -> !cuda_tile.tile<128x4xf8E4M3FN>
    %sb = "test.src"() : () -> !cuda_tile.tile<4x128xf8E4M3FN>
    // expected-error @below {{'cuda_tile.mmaf_scaled' op operands of 'f4E2M1FN' with 'f8E4M3FN' scales need one scale for every 16 elements along K, got one for every 32}}
    %0 = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x4xf8E4M3FN>, tile<4x128xf8E4M3FN>
  }
}
