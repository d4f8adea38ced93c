// RUN: tile-opt -split-input-file -verify-diagnostics %s

// Verifier errors of what bytecode 13.4 added.

cuda_tile.module @m {
  entry @e(%i: tile<i32>) {
    %d = constant <f32: 0.0> : tile<16x16xf32>
    %s = constant <f32: 1.0> : tile<4x32xf32>
    // expected-error @below {{'cuda_tile.insert' op source size 32 does not divide destination size 16 in dimension 1}}
    %r = insert %s, %d[%i, %i] : tile<4x32xf32>, tile<16x16xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e(%i: tile<i32>) {
    %d = constant <f32: 0.0> : tile<16x16xf32>
    %s = constant <f32: 1.0> : tile<4x4xf32>
    // expected-error @below {{'cuda_tile.insert' op expects one index per destination dimension (2), got 1}}
    %r = insert %s, %d[%i] : tile<4x4xf32>, tile<16x16xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %x = constant <f32: 2.0> : tile<4xf32>
    %n = constant <i64: 3> : tile<4xi64>
    // expected-error @below {{'cuda_tile.fpowi' op exponent elements must be i8, i16 or i32, got 'i64'}}
    %r = fpowi %x, %n : tile<4xf32>, tile<4xi64>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %x = constant <f32: 2.0> : tile<4xf32>
    // expected-error @below {{'cuda_tile.ftof' op conversion to 'bf16' cannot round with 'nearest_away'}}
    %r = ftof %x rounding<nearest_away> : tile<4xf32> -> tile<4xbf16>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e() {
    %x = constant <f32: 2.0> : tile<4xf32>
    // expected-error @below {{'cuda_tile.ftof' op conversion to 'f8E4M3FN' cannot round with 'zero'}}
    %r = ftof %x rounding<zero> : tile<4xf32> -> tile<4xf8E4M3FN>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [64, 16], strides = [16, 1] : tensor_view<64x16xf32, strides=[16,1]>
    %pv = make_partition_view %tv : partition_view<tile=(8x16), tensor_view<64x16xf32, strides=[16,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    // expected-error @below {{'cuda_tile.load_view_tko' op 'inbounds' has 1 flags, but the view's index space has 2 dimensions}}
    %a, %t = load_view_tko weak %pv[%c0, %c0] inbounds = [true] : partition_view<tile=(8x16), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> tile<8x16xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [64, 16], strides = [16, 1] : tensor_view<64x16xf32, strides=[16,1]>
    %pv = make_partition_view %tv : partition_view<tile=(8x16), tensor_view<64x16xf32, strides=[16,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    // expected-error @below {{expected 'true' or 'false'}}
    %a, %t = load_view_tko weak %pv[%c0, %c0] inbounds = [1, 0] : partition_view<tile=(8x16), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> tile<8x16xf32>, token
    return
  }
}
