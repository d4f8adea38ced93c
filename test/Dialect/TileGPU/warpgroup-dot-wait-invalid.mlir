// The warpgroup_dot_wait verifier: results mirror the operands, and the
// number of groups left in flight is not negative (its accessor is
// unsigned, so the sign is checked on the stored attribute).
// RUN: tile-opt %s -split-input-file -verify-diagnostics

cuda_tile.module @negative {
  entry @k() {
    %x = constant <f32: 0.0> : tile<f32>
    // expected-error @below {{pending must not be negative}}
    %y = tilegpu.warpgroup_dot_wait %x {pending = -1 : i32} : !cuda_tile.tile<f32> -> !cuda_tile.tile<f32>
    return
  }
}

// -----

cuda_tile.module @types {
  entry @k() {
    %x = constant <f32: 0.0> : tile<f32>
    // expected-error @below {{results must have the types of the operands}}
    %y = tilegpu.warpgroup_dot_wait %x {pending = 0 : i32} : !cuda_tile.tile<f32> -> !cuda_tile.tile<i32>
    return
  }
}
