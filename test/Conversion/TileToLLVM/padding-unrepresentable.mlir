// A padding value the element format cannot encode is a located error, not
// an APFloat assertion: f4E2M1FN has no NaN, f8E8M0FNU no negative values.
// Infinities saturate to the largest finite value in formats without them
// (the last case compiles).
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_100' \
// RUN:   --tileir-plan-shared-memory --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_100' -split-input-file -verify-diagnostics

cuda_tile.module @nan_f4 {
  entry @nan_f4(%p: tile<ptr<f4E2M1FN>>, %n: tile<i32>, %i: tile<i32>) {
    %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf4E2M1FN, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(128), padding_value = nan, tensor_view<?xf4E2M1FN, strides=[1]>>
    // expected-error @below {{padding_value nan has no encoding in 'f4E2M1FN'}}
    // expected-error @below {{failed to legalize operation 'cuda_tile.load_view_tko'}}
    %t, %k = load_view_tko weak %pv[%i] : partition_view<tile=(128), padding_value = nan, tensor_view<?xf4E2M1FN, strides=[1]>>, tile<i32> -> tile<128xf4E2M1FN>, token
    return
  }
}

// -----

cuda_tile.module @neg_zero_e8m0 {
  entry @neg_zero_e8m0(%p: tile<ptr<f8E8M0FNU>>, %n: tile<i32>, %i: tile<i32>) {
    %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf8E8M0FNU, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(128), padding_value = neg_zero, tensor_view<?xf8E8M0FNU, strides=[1]>>
    // expected-error @below {{padding_value neg_zero has no encoding in 'f8E8M0FNU'}}
    // expected-error @below {{failed to legalize operation 'cuda_tile.load_view_tko'}}
    %t, %k = load_view_tko weak %pv[%i] : partition_view<tile=(128), padding_value = neg_zero, tensor_view<?xf8E8M0FNU, strides=[1]>>, tile<i32> -> tile<128xf8E8M0FNU>, token
    return
  }
}

// -----

cuda_tile.module @inf_f4 {
  entry @inf_f4(%p: tile<ptr<f4E2M1FN>>, %n: tile<i32>, %i: tile<i32>) {
    %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf4E2M1FN, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(128), padding_value = neg_inf, tensor_view<?xf4E2M1FN, strides=[1]>>
    %t, %k = load_view_tko weak %pv[%i] : partition_view<tile=(128), padding_value = neg_inf, tensor_view<?xf4E2M1FN, strides=[1]>>, tile<i32> -> tile<128xf4E2M1FN>, token
    return
  }
}
