// RUN: tile-opt -split-input-file -verify-diagnostics %s

// Verifier and parser errors of the conversion ops.

cuda_tile.module @m {
  entry @e() {
    %0 = constant <i32: 1> : tile<i32>
    // expected-error @below {{'cuda_tile.bitcast' op requires element types of equal bit width, got 'i32' (32 bits) and 'i16' (16 bits)}}
    %1 = bitcast %0 : tile<i32> -> tile<i16>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <i16: [1, 2, 3, 4]> : tile<4xi16>
    // expected-error @below {{'cuda_tile.bitcast' op failed to verify that all of {source, result} have same shape}}
    %1 = bitcast %0 : tile<4xi16> -> tile<2xi32>
  }
}

// -----

// tf32 computes with 19 bits: it is not a 32-bit type for bitcast.
cuda_tile.module @m {
  entry @e() {
    %0 = constant <f32: 1.0> : tile<f32>
    // expected-error @below {{'cuda_tile.bitcast' op requires element types of equal bit width, got 'f32' (32 bits) and 'tf32' (19 bits)}}
    %1 = bitcast %0 : tile<f32> -> tile<tf32>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <i8: 1> : tile<i8>
    // expected-error @below {{'cuda_tile.exti' op must extend to a wider integer type, got 'i8' -> 'i8'}}
    %1 = exti %0 signed : tile<i8> -> tile<i8>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <i8: [1, 2]> : tile<2xi8>
    // expected-error @below {{'cuda_tile.exti' op failed to verify that all of {from, to} have same shape}}
    %1 = exti %0 signed : tile<2xi8> -> tile<i16>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <i8: [1, 2]> : tile<2xi8>
    // expected-error @below {{expected signedness: 'signed' or 'unsigned'}}
    %1 = exti %0 : tile<2xi8> -> tile<2xi16>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <i8: [1, 2]> : tile<2xi8>
    // expected-error @below {{'cuda_tile.trunci' op must truncate to a narrower integer type, got 'i8' -> 'i16'}}
    %1 = trunci %0 : tile<2xi8> -> tile<2xi16>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <f16: [1.0, 2.0]> : tile<2xf16>
    // expected-error @below {{'cuda_tile.trunci' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 or i4 values, but got '!cuda_tile.tile<2xf16>'}}
    %1 = trunci %0 : tile<2xf16> -> tile<2xi8>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <f16: [1.0, 2.0]> : tile<2xf16>
    // expected-error @below {{'cuda_tile.ftof' op must convert to a different float type, got 'f16' -> 'f16'}}
    %1 = ftof %0 : tile<2xf16> -> tile<2xf16>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <f32: [1.0, 2.0]> : tile<2xf32>
    // expected-error @below {{'cuda_tile.ftof' op conversion to f8E8M0FNU rounds with 'zero' or 'positive_inf', got 'nearest_even'}}
    %1 = ftof %0 : tile<2xf32> -> tile<2xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <f32: [1.0, 2.0]> : tile<2xf32>
    // expected-error @below {{'cuda_tile.ftof' op conversion to 'bf16' cannot round with 'positive_inf'}}
    %1 = ftof %0 rounding<positive_inf> : tile<2xf32> -> tile<2xbf16>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <f16: [1.0, 2.0]> : tile<2xf16>
    // expected-error @below {{'cuda_tile.ftof' op result #0 must be tile of f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN values, but got '!cuda_tile.tile<2xi32>'}}
    %1 = ftof %0 : tile<2xf16> -> tile<2xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <f32: [1.0, 2.0]> : tile<2xf32>
    // expected-error @below {{'cuda_tile.ftoi' op rounds with 'nearest_int_to_zero', got 'nearest_even'}}
    %1 = ftoi %0 signed rounding<nearest_even> : tile<2xf32> -> tile<2xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <f32: [1.0, 2.0]> : tile<2xf32>
    // expected-error @below {{unknown rounding mode 'sideways', expected one of: nearest_even, zero, negative_inf, positive_inf, approx, full, nearest_int_to_zero}}
    %1 = ftoi %0 signed rounding<sideways> : tile<2xf32> -> tile<2xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <f32: [1.0, 2.0]> : tile<2xf32>
    // expected-error @below {{expected signedness: 'signed' or 'unsigned'}}
    %1 = ftoi %0 : tile<2xf32> -> tile<2xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <i8: [1, 2]> : tile<2xi8>
    // expected-error @below {{'cuda_tile.itof' op cannot convert integers to f8E8M0FNU; convert to another float type first}}
    %1 = itof %0 signed : tile<2xi8> -> tile<2xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <i32: [1, 2]> : tile<2xi32>
    // expected-error @below {{'cuda_tile.itof' op rounds with 'nearest_even', got 'approx'}}
    %1 = itof %0 unsigned rounding<approx> : tile<2xi32> -> tile<2xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <i16: [1, 2]> : tile<2xi16>
    // expected-error @below {{'cuda_tile.itof' op failed to verify that all of {from, to} have same shape}}
    %1 = itof %0 signed : tile<2xi16> -> tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @e(%a: tile<i32>) {
    // expected-error @below {{'cuda_tile.int_to_ptr' op operand #0 must be tile of i64 values, but got '!cuda_tile.tile<i32>'}}
    %0 = int_to_ptr %a : tile<i32> -> tile<ptr<i8>>
  }
}

// -----

cuda_tile.module @m {
  entry @e(%p: tile<ptr<i8>>) {
    // expected-error @below {{'cuda_tile.ptr_to_int' op result #0 must be tile of i64 values, but got '!cuda_tile.tile<i32>'}}
    %0 = ptr_to_int %p : tile<ptr<i8>> -> tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @e(%p: tile<ptr<i8>>) {
    // expected-error @below {{'cuda_tile.ptr_to_ptr' op result #0 must be tile of pointer values, but got '!cuda_tile.tile<i64>'}}
    %0 = ptr_to_ptr %p : tile<ptr<i8>> -> tile<i64>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <f16: 0.0> : tile<8x8xf16>
    // expected-error @below {{'cuda_tile.pack' op requires rank-1 tiles, got rank 2}}
    %1 = pack %0 : tile<8x8xf16> -> tile<8x16xi8>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <f16: 0.0> : tile<64xf16>
    // expected-error @below {{'cuda_tile.pack' op failed to verify that all of {source, result} have same rank}}
    %1 = pack %0 : tile<64xf16> -> tile<2x64xi8>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <f8E4M3FN: 0.0> : tile<64xf8E4M3FN>
    // expected-error @below {{'cuda_tile.pack' op requires a source element type that is not 8 bits wide, got 'f8E4M3FN'; use bitcast instead}}
    %1 = pack %0 : tile<64xf8E4M3FN> -> tile<64xi8>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <i1: true> : tile<4xi1>
    // expected-error @below {{'cuda_tile.pack' op requires the source to fill whole bytes, got 4 bits}}
    %1 = pack %0 : tile<4xi1> -> tile<1xi8>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <f32: 0.0> : tile<64xf32>
    // expected-error @below {{'cuda_tile.pack' op requires as many bytes in the i8 tile as the source occupies (256), got 128}}
    %1 = pack %0 : tile<64xf32> -> tile<128xi8>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <i8: 0> : tile<64xi8>
    // expected-error @below {{'cuda_tile.unpack' op requires as many bytes in the i8 tile as the result occupies (128), got 64}}
    %1 = unpack %0 : tile<64xi8> -> tile<64xf16>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <i8: 0> : tile<64xi8>
    // expected-error @below {{'cuda_tile.unpack' op requires a result element type that is not 8 bits wide, got 'f8E5M2'; use bitcast instead}}
    %1 = unpack %0 : tile<64xi8> -> tile<64xf8E5M2>
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %0 = constant <i16: 0> : tile<64xi16>
    // expected-error @below {{'cuda_tile.unpack' op operand #0 must be tile of i8 values, but got '!cuda_tile.tile<64xi16>'}}
    %1 = unpack %0 : tile<64xi16> -> tile<32xi32>
  }
}
