// RUN: tile-opt --allow-unregistered-dialect %s -split-input-file -verify-diagnostics

// Every diagnostic of the ops of MathOps.td. Tiles other than kernel
// arguments come from unregistered "test.src" ops.

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @below {{expected rounding mode to be one of: 'approx', 'full', got: 'zero'}}
    %0 = exp %x rounding<zero> : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @below {{expected rounding mode to be one of: 'approx', 'full', got: 'nearest_even'}}
    %0 = tanh %x rounding<nearest_even> : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @below {{expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', 'approx', got: 'full'}}
    %0 = sqrt %x rounding<full> : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @below {{expected rounding mode to be one of: 'approx', 'full', got: 'fast'}}
    %0 = exp %x rounding<fast> : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @below {{'cuda_tile.exp' op rounding mode zero is not supported; expected one of approx, full}}
    %0 = "cuda_tile.exp"(%x) <{rounding_mode = #cuda_tile.rounding<zero>}> : (!cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @below {{'cuda_tile.tanh' op rounding mode nearest_even is not supported; expected one of approx, full}}
    %0 = "cuda_tile.tanh"(%x) <{rounding_mode = #cuda_tile.rounding<nearest_even>}> : (!cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @below {{'cuda_tile.sqrt' op rounding mode full is not supported; expected one of nearest_even, zero, negative_inf, positive_inf, approx}}
    %0 = "cuda_tile.sqrt"(%x) <{rounding_mode = #cuda_tile.rounding<full>}> : (!cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @below {{'cuda_tile.sqrt' op requires attribute 'rounding_mode'}}
    %0 = "cuda_tile.sqrt"(%x) : (!cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%h: tile<f16>) {
    // expected-error @below {{'cuda_tile.exp' op rounding mode approx is only supported for f32, got 'f16'}}
    %0 = exp %h rounding<approx> : tile<f16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%d: tile<f64>) {
    // expected-error @below {{'cuda_tile.tanh' op rounding mode approx is only supported for f32, got 'f64'}}
    %0 = tanh %d rounding<approx> : tile<f64>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%b: tile<bf16>) {
    // expected-error @below {{'cuda_tile.sqrt' op rounding mode approx is only supported for f32, got 'bf16'}}
    %0 = sqrt %b rounding<approx> : tile<bf16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%h: tile<f16>) {
    // expected-error @below {{'cuda_tile.exp2' op flush_to_zero is only supported for f32, got 'f16'}}
    %0 = exp2 %h flush_to_zero : tile<f16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%d: tile<f64>) {
    // expected-error @below {{'cuda_tile.rsqrt' op flush_to_zero is only supported for f32, got 'f64'}}
    %0 = rsqrt %d flush_to_zero : tile<f64>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%d: tile<f64>) {
    // expected-error @below {{'cuda_tile.sqrt' op flush_to_zero is only supported for f32, got 'f64'}}
    %0 = sqrt %d rounding<zero> flush_to_zero : tile<f64>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @below {{'cuda_tile.ceil' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<i32>'}}
    %0 = ceil %a : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @below {{'cuda_tile.floor' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<i32>'}}
    %0 = floor %a : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @below {{'cuda_tile.cos' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<i32>'}}
    %0 = cos %a : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @below {{'cuda_tile.sin' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<i32>'}}
    %0 = sin %a : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @below {{'cuda_tile.tan' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<i32>'}}
    %0 = tan %a : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @below {{'cuda_tile.cosh' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<i32>'}}
    %0 = cosh %a : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @below {{'cuda_tile.sinh' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<i32>'}}
    %0 = sinh %a : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @below {{'cuda_tile.tanh' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<i32>'}}
    %0 = tanh %a : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @below {{'cuda_tile.exp' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<i32>'}}
    %0 = exp %a : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @below {{'cuda_tile.exp2' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<i32>'}}
    %0 = exp2 %a : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @below {{'cuda_tile.log' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<i32>'}}
    %0 = log %a : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @below {{'cuda_tile.log2' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<i32>'}}
    %0 = log2 %a : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @below {{'cuda_tile.sqrt' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<i32>'}}
    %0 = sqrt %a : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @below {{'cuda_tile.rsqrt' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<i32>'}}
    %0 = rsqrt %a : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = "test.src"() : () -> !cuda_tile.tile<4xf8E4M3FN>
    // expected-error @below {{'cuda_tile.exp' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<4xf8E4M3FN>'}}
    %0 = exp %x : tile<4xf8E4M3FN>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = "test.src"() : () -> !cuda_tile.tile<2xtf32>
    // expected-error @below {{'cuda_tile.atan2' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<2xtf32>'}}
    %0 = atan2 %x, %x : tile<2xtf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @below {{'cuda_tile.pow' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<i32>'}}
    %0 = pow %a, %a : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>, %y: tile<f16>) {
    // expected-error @below {{'cuda_tile.pow' op failed to verify that all of {result, source, exponent} have same type}}
    %0 = "cuda_tile.pow"(%x, %y) : (!cuda_tile.tile<f32>, !cuda_tile.tile<f16>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>, %y: tile<f64>) {
    // expected-error @below {{'cuda_tile.atan2' op failed to verify that all of {x, y, result} have same type}}
    %0 = "cuda_tile.atan2"(%x, %y) : (!cuda_tile.tile<f32>, !cuda_tile.tile<f64>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @below {{'cuda_tile.sin' op failed to verify that all of {source, result} have same type}}
    %0 = "cuda_tile.sin"(%x) : (!cuda_tile.tile<f32>) -> !cuda_tile.tile<f16>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = "test.src"() : () -> !cuda_tile.tile<4xf32>
    // expected-error @below {{'cuda_tile.log' op failed to verify that all of {source, result} have same type}}
    %0 = "cuda_tile.log"(%x) : (!cuda_tile.tile<4xf32>) -> !cuda_tile.tile<8xf32>
  }
}
