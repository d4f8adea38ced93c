// RUN: tile-opt -split-input-file -verify-diagnostics %s

// Verifier and parser errors of the shape ops and assume.

cuda_tile.module @m {
  entry @e() {
    // expected-error @below {{'cuda_tile.constant' op value of shape 4 and element type 'i32' does not match the result '!cuda_tile.tile<2xi32>'}}
    %0 = "cuda_tile.constant"() {value = dense<[1, 2, 3, 4]> : tensor<4xi32>} : () -> !cuda_tile.tile<2xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    // expected-error @below {{'cuda_tile.iota' op result must be a rank-1 tile, got rank 2}}
    %0 = iota : tile<32x64xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    // expected-error @below {{'cuda_tile.iota' op cannot count 512 elements in 'i8' (at most 256)}}
    %0 = iota : tile<512xi8>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    // expected-error @below {{'cuda_tile.iota' op result #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<8xf32>'}}
    %0 = iota : tile<8xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <f32: 0.0> : tile<4x4xf32>
    // expected-error @below {{'cuda_tile.broadcast' op cannot broadcast dimension 0 of size 4 to size 2 (only dimensions of size 1 are broadcast), shapes 4x4 -> 2x4}}
    %1 = broadcast %0 : tile<4x4xf32> -> tile<2x4xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <f32: 0.0> : tile<1x4xf32>
    // expected-error @below {{'cuda_tile.broadcast' op failed to verify that all of {source, result} have same rank}}
    %1 = broadcast %0 : tile<1x4xf32> -> tile<2x2x4xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <f32: 0.0> : tile<1x4xf32>
    // expected-error @below {{'cuda_tile.broadcast' op requires the same element type for all operands and results}}
    %1 = broadcast %0 : tile<1x4xf32> -> tile<2x4xf16>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <f32: 0.0> : tile<8x2xf32>
    // expected-error @below {{'cuda_tile.reshape' op cannot reshape 8x2 (16 elements) to 4x2 (8 elements)}}
    %1 = reshape %0 : tile<8x2xf32> -> tile<4x2xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <f32: 0.0> : tile<8xf32>
    // expected-error @below {{'cuda_tile.permute' op requires a source of rank 2 or more, got rank 1}}
    %1 = permute %0 [0] : tile<8xf32> -> tile<8xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <f32: 0.0> : tile<2x4xf32>
    // expected-error @below {{'cuda_tile.permute' op permutation has 3 entries, but the source has rank 2}}
    %1 = permute %0 [1, 0, 2] : tile<2x4xf32> -> tile<4x2xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <f32: 0.0> : tile<2x4xf32>
    // expected-error @below {{'cuda_tile.permute' op permutation entry 1 is 2, not a dimension in [0, 2)}}
    %1 = permute %0 [1, 2] : tile<2x4xf32> -> tile<4x2xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <f32: 0.0> : tile<2x4xf32>
    // expected-error @below {{'cuda_tile.permute' op permutation names dimension 1 more than once}}
    %1 = permute %0 [1, 1] : tile<2x4xf32> -> tile<4x4xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <f32: 0.0> : tile<2x4xf32>
    // expected-error @below {{'cuda_tile.permute' op result dimension 0 has size 2, but source dimension 1 has size 4}}
    %1 = permute %0 [1, 0] : tile<2x4xf32> -> tile<2x4xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <f32: 0.0> : tile<2x4xf32>
    // expected-error @below {{'cuda_tile.permute' op requires the same element type for all operands and results}}
    %1 = permute %0 [1, 0] : tile<2x4xf32> -> tile<4x2xf64>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <f32: 0.0> : tile<2x4xf32>
    // expected-error @below {{'cuda_tile.cat' op dim 2 is not a dimension in [0, 2)}}
    %1 = cat %0, %0 dim = 2 : tile<2x4xf32>, tile<2x4xf32> -> tile<2x8xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <f32: 0.0> : tile<2x4xf32>
    // expected-error @below {{'cuda_tile.cat' op dim -1 is not a dimension in [0, 2)}}
    %1 = cat %0, %0 dim = -1 : tile<2x4xf32>, tile<2x4xf32> -> tile<2x8xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <f32: 0.0> : tile<2x4xf32>
    // expected-error @below {{'cuda_tile.cat' op result size along dim 1 must be 4 + 4, got 16}}
    %1 = cat %0, %0 dim = 1 : tile<2x4xf32>, tile<2x4xf32> -> tile<2x16xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <f32: 0.0> : tile<2x4xf32>
    %1 = constant <f32: 0.0> : tile<4x4xf32>
    // expected-error @below {{'cuda_tile.cat' op operands and result must agree in dimension 0 (not concatenated), got 2, 4 and 2}}
    %2 = cat %0, %1 dim = 1 : tile<2x4xf32>, tile<4x4xf32> -> tile<2x8xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <f32: 0.0> : tile<2x4xf32>
    %1 = constant <f16: 0.0> : tile<2x4xf16>
    // expected-error @below {{'cuda_tile.cat' op requires the same element type for all operands and results}}
    %2 = cat %0, %1 dim = 1 : tile<2x4xf32>, tile<2x4xf16> -> tile<2x8xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %t = constant <f32: 0.0> : tile<8xf32>
    %i = constant <i32: 0> : tile<i32>
    // expected-error @below {{'cuda_tile.extract' op expects one index per source dimension (1), got 2}}
    %0 = extract %t[%i, %i] : tile<8xf32> -> tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %t = constant <f32: 0.0> : tile<4x4xf32>
    %i = constant <i32: 0> : tile<i32>
    // expected-error @below {{'cuda_tile.extract' op result size 8 does not divide source size 4 in dimension 1}}
    %0 = extract %t[%i, %i] : tile<4x4xf32> -> tile<2x8xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %t = constant <f32: 0.0> : tile<8xf32>
    %i = constant <i32: 0> : tile<i32>
    // expected-error @below {{'cuda_tile.extract' op failed to verify that all of {source, result} have same element type}}
    %0 = extract %t[%i] : tile<8xf32> -> tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %t = constant <f32: 0.0> : tile<8xf32>
    // expected-note @below {{prior use here}}
    %i = constant <i64: 0> : tile<i64>
    // expected-error @below {{use of value '%i' expects different type than prior uses: '!cuda_tile.tile<i32>' vs '!cuda_tile.tile<i64>'}}
    %0 = extract %t[%i] : tile<8xf32> -> tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    // The trait checking equal operand shapes rejects an empty operand list
    // first.
    // expected-error @below {{'cuda_tile.reduce' op expected 1 or more operands, but found 0}}
    "cuda_tile.reduce"() ({
    ^bb0:
      "cuda_tile.yield"() : () -> ()
    }) {dim = 0 : i32, identities = []} : () -> ()
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %x = constant <f32: 0.0> : tile<8xf32>
    // expected-error @below {{'cuda_tile.reduce' op expects one result per operand, got 1 operands and 2 results}}
    %0:2 = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>, tile<f32>
      (%e: tile<f32>, %a: tile<f32>) {
        yield %e : tile<f32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %x = constant <f32: 0.0> : tile<8xf32>
    // expected-error @below {{'cuda_tile.reduce' op dim 1 is not a dimension in [0, 1)}}
    %0 = reduce %x dim=1 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
      (%e: tile<f32>, %a: tile<f32>) {
        yield %e : tile<f32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %x = constant <f32: 0.0> : tile<8xf32>
    // expected-error @below {{attribute 'dim' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
    %0 = reduce %x dim=-1 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
      (%e: tile<f32>, %a: tile<f32>) {
        yield %e : tile<f32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %x = constant <f32: 0.0> : tile<8xf32>
    // expected-error @below {{'cuda_tile.reduce' op expects one identity per operand, got 2 identities for 1 operands}}
    %0 = reduce %x dim=0 identities=[0.0 : f32, 0.0 : f32] : tile<8xf32> -> tile<f32>
      (%e: tile<f32>, %a: tile<f32>) {
        yield %e : tile<f32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %x = constant <f32: 0.0> : tile<8xf32>
    // expected-error @below {{'cuda_tile.reduce' op identity 0 must be an integer or float attribute, got "zero"}}
    %0 = reduce %x dim=0 identities=["zero"] : tile<8xf32> -> tile<f32>
      (%e: tile<f32>, %a: tile<f32>) {
        yield %e : tile<f32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %x = constant <f32: 0.0> : tile<8xf32>
    %y = constant <i32: 0> : tile<8xi32>
    // expected-error @below {{'cuda_tile.reduce' op identity 1 has type 'f32', but the elements of operand 1 are 'i32'}}
    %0:2 = reduce %x, %y dim=0 identities=[0.0 : f32, 0.0 : f32]
        : tile<8xf32>, tile<8xi32> -> tile<f32>, tile<i32>
      (%e0: tile<f32>, %a0: tile<f32>, %e1: tile<i32>, %a1: tile<i32>) {
        yield %e0, %e1 : tile<f32>, tile<i32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %x = constant <f32: 0.0> : tile<8x4xf32>
    // expected-error @below {{'cuda_tile.reduce' op result 0 must have shape 4 and element type 'f32' (operand 0 without dim 0), got '!cuda_tile.tile<8xf32>'}}
    %0 = reduce %x dim=0 identities=[0.0 : f32] : tile<8x4xf32> -> tile<8xf32>
      (%e: tile<f32>, %a: tile<f32>) {
        yield %e : tile<f32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %x = constant <f32: 0.0> : tile<8xf32>
    %y = constant <i32: 0> : tile<16xi32>
    // expected-error @below {{'cuda_tile.reduce' op requires the same shape for all operands}}
    %0:2 = reduce %x, %y dim=0 identities=[0.0 : f32, 0 : i32]
        : tile<8xf32>, tile<16xi32> -> tile<f32>, tile<i32>
      (%e0: tile<f32>, %a0: tile<f32>, %e1: tile<i32>, %a1: tile<i32>) {
        yield %e0, %e1 : tile<f32>, tile<i32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %x = constant <f32: 0.0> : tile<8xf32>
    // expected-error @below {{'cuda_tile.reduce' op body must take 2 arguments (an element and an accumulator per operand), got 1}}
    %0 = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
      (%e: tile<f32>) {
        yield %e : tile<f32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %x = constant <f32: 0.0> : tile<8xf32>
    // expected-error @below {{'cuda_tile.reduce' op body argument 1 must be a rank-0 tile of 'f32' (the elements of operand 0), got '!cuda_tile.tile<1xf32>'}}
    %0 = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
      (%e: tile<f32>, %a: tile<1xf32>) {
        yield %e : tile<f32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %x = constant <f32: 0.0> : tile<8xf32>
    // expected-error @below {{'cuda_tile.scan' op body argument 0 must be a rank-0 tile of 'f32' (the elements of operand 0), got 'f32'}}
    %0 = scan %x dim=0 reverse=false identities=[0.0 : f32] : tile<8xf32> -> tile<8xf32>
      (%e: f32, %a: tile<f32>) {
        yield %a : tile<f32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %x = constant <f32: 0.0> : tile<8xf32>
    // expected-error @below {{'cuda_tile.reduce' op body must yield 1 values (one accumulator per operand), got 0}}
    %0 = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
      (%e: tile<f32>, %a: tile<f32>) {
        yield
      }
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %x = constant <f32: 0.0> : tile<8xf32>
    // expected-error @below {{'cuda_tile.scan' op body must yield a rank-0 tile of 'f32' as value 0, got '!cuda_tile.tile<i32>'}}
    %0 = scan %x dim=0 reverse=false identities=[0.0 : f32] : tile<8xf32> -> tile<8xf32>
      (%e: tile<f32>, %a: tile<f32>) {
        %c = constant <i32: 0> : tile<i32>
        yield %c : tile<i32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %x = constant <f32: 0.0> : tile<8xf32>
    %0 = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
      (%e: tile<f32>, %a: tile<f32>) {
        // expected-error @below {{'cuda_tile.print_tko' op has side effects and cannot appear in the body of 'cuda_tile.reduce'}}
        %t = print_tko "step" -> token
        yield %e : tile<f32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %x = constant <f32: 0.0> : tile<8xf32>
    // expected-error @below {{'cuda_tile.scan' op result 0 must have the shape and element type of operand 0, got '!cuda_tile.tile<16xf32>' for '!cuda_tile.tile<8xf32>'}}
    %0 = scan %x dim=0 reverse=false identities=[0.0 : f32] : tile<8xf32> -> tile<16xf32>
      (%e: tile<f32>, %a: tile<f32>) {
        yield %a : tile<f32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %x = constant <f32: 0.0> : tile<8xf32>
    // expected-error @below {{'cuda_tile.scan' op dim 3 is not a dimension in [0, 1)}}
    %0 = scan %x dim=3 reverse=true identities=[0.0 : f32] : tile<8xf32> -> tile<8xf32>
      (%e: tile<f32>, %a: tile<f32>) {
        yield %a : tile<f32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %x = constant <f32: 0.0> : tile<8xf32>
    // expected-error @below {{'cuda_tile.assume' op div_by constrains tiles of integers or pointers, or tensor_views; got '!cuda_tile.tile<8xf32>'}}
    %0 = assume div_by<16>, %x : tile<8xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @e(%n: tile<i32>) {
    // expected-error @below {{'cuda_tile.assume' op same_elements has 1 values but the tile has rank 0}}
    %0 = assume same_elements<[2]>, %n : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @e(%n: tile<i8>) {
    // expected-error @below {{'cuda_tile.assume' op bounded bound 300 is outside the signed range of 'i8' [-128, 127]}}
    %0 = assume bounded<0, 300>, %n : tile<i8>
  }
}

// -----

cuda_tile.module @m {
  entry @e(%n: tile<i32>) {
    // expected-error @below {{unknown assume predicate 'aligned', expected div_by, same_elements or bounded}}
    %0 = assume aligned<16>, %n : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @e(%n: tile<i32>) {
    // expected-error @below {{expected an assume predicate (div_by, same_elements or bounded), got 16 : i64}}
    %0 = assume 16, %n : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @e(%n: tile<i32>) {
    // expected-error @below {{'cuda_tile.assume' op failed to verify that all of {value, result} have same type}}
    %0 = "cuda_tile.assume"(%n) {predicate = #cuda_tile.div_by<4>} : (!cuda_tile.tile<i32>) -> !cuda_tile.tile<i64>
  }
}
