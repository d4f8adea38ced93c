// RUN: tile-opt -split-input-file -verify-diagnostics %s

// Verifier and parser errors of module, entry, return, global and
// get_global.

cuda_tile.module @m {
  // expected-error @below {{'cuda_tile.entry' op must not return values, but its type has 1 results}}
  entry @e() -> tile<f32> {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @below {{'cuda_tile.entry' op argument #1 must be a rank-0 tile, got '!cuda_tile.tile<4xf32>'}}
  entry @e(%a: tile<i32>, %b: tile<4xf32>) {
  }
}

// -----

// expected-error @below {{'cuda_tile.entry' op expects parent op 'cuda_tile.module'}}
cuda_tile.entry @e() {
}

// -----

// expected-error @below {{'cuda_tile.global' op expects parent op 'cuda_tile.module'}}
cuda_tile.global @g <f32: [1.0]> : tile<1xf32>

// -----

cuda_tile.module @m {
  // The generic form must still give the module and the entry a block.
  // expected-error @below {{'cuda_tile.entry' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
  "cuda_tile.entry"() ({}) {function_type = () -> (), sym_name = "e"} : () -> ()
}

// -----

// expected-error @below {{'cuda_tile.module' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
"cuda_tile.module"() ({}) {sym_name = "m"} : () -> ()

// -----

cuda_tile.module @m {
  entry @e(%a: tile<i32>) {
    // expected-error @below {{'cuda_tile.return' op cannot return values from a kernel, got 1 operands}}
    return %a : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  // expected-error @below {{'cuda_tile.return' op must be nested in a cuda_tile.entry, directly or through cuda_tile.if operations}}
  cuda_tile.return
}

// -----

cuda_tile.module @m {
  entry @e() {
    // expected-error @below {{'cuda_tile.return' op must be the last operation in the parent block}}
    return
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @below {{'cuda_tile.global' op value must be a rank-1 tile, got '!cuda_tile.tile<1x2xf32>'}}
  global @g <f32: [[1.0, 2.0]]> : tile<1x2xf32>
}

// -----

cuda_tile.module @m {
  // expected-error @below {{'cuda_tile.global' op value must be a rank-1 tile, got 'tensor<2xf32>'}}
  "cuda_tile.global"() {sym_name = "g", value = dense<1.0> : tensor<2xf32>} : () -> ()
}

// -----

cuda_tile.module @m {
  // expected-error @below {{'cuda_tile.global' op alignment must be 0 (natural) or a power of two, got 3}}
  global @g alignment = 3 <f32: [1.0, 2.0]> : tile<2xf32>
}

// -----

cuda_tile.module @m {
  // expected-note @below {{see existing symbol definition here}}
  global @g <f32: [1.0, 2.0]> : tile<2xf32>
  // expected-error @below {{redefinition of symbol named 'g'}}
  global @g <f32: [1.0, 2.0]> : tile<2xf32>
}

// -----

// Constant literals (the syntax `constant` shares).

cuda_tile.module @m {
  // expected-error @below {{constant literal of 'f16' does not match the tile element type 'f32'}}
  global @g <f16: [1.0, 2.0]> : tile<2xf32>
}

// -----

cuda_tile.module @m {
  // expected-error @below {{constant literal of shape [2] does not match the tile shape [4]}}
  global @g <f32: [1.0, 2.0]> : tile<4xf32>
}

// -----

cuda_tile.module @m {
  // expected-error @below {{the nested lists of a constant literal must all have the same shape}}
  global @g <f32: [[1.0, 2.0], [3.0]]> : tile<2x2xf32>
}

// -----

cuda_tile.module @m {
  // expected-error @below {{empty list in constant literal}}
  global @g <f32: []> : tile<2xf32>
}

// -----

cuda_tile.module @m {
  // expected-error @below {{integer literal 256 does not fit in 'i8'}}
  global @g <i8: [256, 1]> : tile<2xi8>
}

// -----

cuda_tile.module @m {
  // expected-error @below {{integer literal -129 does not fit in 'i8'}}
  global @g <i8: [-129, 1]> : tile<2xi8>
}

// -----

cuda_tile.module @m {
  // expected-error @below {{true and false are i1 values; expected an integer literal for 'i8'}}
  global @g <i8: [true, 1]> : tile<2xi8>
}

// -----

cuda_tile.module @m {
  // expected-error @below {{expected an integer literal for 'i32'}}
  global @g <i32: 1.5> : tile<2xi32>
}

// -----

cuda_tile.module @m {
  // expected-error @below {{constant type must be a tile, got 'tensor<2xf32>'}}
  global @g <f32: [1.0, 2.0]> : tensor<2xf32>
}

// -----

cuda_tile.module @m {
  // expected-error @below {{constant element type must be i1, i8, i16, i32, i64, f16, bf16, f32, tf32, f64, f8E4M3FN, f8E5M2, f8E8M0FNU or f4E2M1FN, got 'i4'}}
  global @g <i4: [1, 2]> : tile<2xi4>
}

// -----

cuda_tile.module @m {
  // expected-error @below {{expected a hexadecimal string ("0x...") as constant literal}}
  global @g <f32: "zz"> : tile<2xf32>
}

// -----

cuda_tile.module @m {
  // expected-error @below {{hexadecimal constant literal of 5 bytes does not fit '!cuda_tile.tile<2xf32>'}}
  global @g <f32: "0x0000803F00"> : tile<2xf32>
}

// -----

cuda_tile.module @m {
  entry @e() {
    // expected-error @below {{'cuda_tile.get_global' op '@nope' does not name a cuda_tile.global}}
    %0 = get_global @nope : tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  entry @g() {
    // expected-error @below {{'cuda_tile.get_global' op '@g' does not name a cuda_tile.global}}
    %0 = get_global @g : tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  global @g <f16: [1.0, 2.0]> : tile<2xf16>
  entry @e() {
    // expected-error @below {{'cuda_tile.get_global' op result points to 'f32', but global @g holds 'f16'}}
    %0 = get_global @g : tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  global @g <f32: [1.0, 2.0]> : tile<2xf32>
  entry @e() {
    // expected-error @below {{'cuda_tile.get_global' op result #0 must be 0-D tile of pointer values, but got '!cuda_tile.tile<2xptr<f32>>'}}
    %0 = get_global @g : tile<2xptr<f32>>
  }
}

// -----

// Optimization hints on entry: the outer values must be dictionaries.

cuda_tile.module @m {
  // expected-error @below {{optimization_hints entry 'sm_100' must be a dictionary, got 2 : i64}}
  entry @e() optimization_hints=<sm_100 = 2> {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @below {{duplicate optimization_hints entry 'sm_100'}}
  entry @e() optimization_hints=<sm_100 = {}, sm_100 = {}> {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @below {{expected valid keyword or string}}
  entry @e() optimization_hints=<2> {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @below {{'cuda_tile.entry' op attribute 'optimization_hints' failed to satisfy constraint}}
  "cuda_tile.entry"() ({
    "cuda_tile.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "e", optimization_hints = {sm_100 = {}}} : () -> ()
}
