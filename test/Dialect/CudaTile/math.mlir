// RUN: tile-opt --allow-unregistered-dialect %s \
// RUN:   | tile-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tile-opt --allow-unregistered-dialect -mlir-print-op-generic %s \
// RUN:   | tile-opt --allow-unregistered-dialect | FileCheck %s

// The ops of MathOps.td in the syntax of the specification, on every float
// element type (f16, bf16, f32, f64), on rank-0 and larger tiles, with every
// modifier. Default rounding modes (full for exp and tanh, nearest_even for
// sqrt) parse but are not printed.

// CHECK-LABEL: entry @unary
cuda_tile.module @unary {
  entry @unary(%h: tile<f16>, %b: tile<bf16>, %f: tile<f32>, %d: tile<f64>) {
    %t = "test.src"() : () -> !cuda_tile.tile<2x4xf32>
    // CHECK: ceil %{{[a-z0-9]+}} : tile<f16>
    %ceil_f16 = ceil %h : tile<f16>
    // CHECK: ceil %{{[a-z0-9]+}} : tile<bf16>
    %ceil_bf16 = ceil %b : tile<bf16>
    // CHECK: ceil %{{[a-z0-9]+}} : tile<f32>
    %ceil_f32 = ceil %f : tile<f32>
    // CHECK: ceil %{{[a-z0-9]+}} : tile<f64>
    %ceil_f64 = ceil %d : tile<f64>
    // CHECK: ceil %{{[a-z0-9]+}} : tile<2x4xf32>
    %ceil_2d = ceil %t : tile<2x4xf32>
    // CHECK: floor %{{[a-z0-9]+}} : tile<f16>
    %floor_f16 = floor %h : tile<f16>
    // CHECK: floor %{{[a-z0-9]+}} : tile<bf16>
    %floor_bf16 = floor %b : tile<bf16>
    // CHECK: floor %{{[a-z0-9]+}} : tile<f32>
    %floor_f32 = floor %f : tile<f32>
    // CHECK: floor %{{[a-z0-9]+}} : tile<f64>
    %floor_f64 = floor %d : tile<f64>
    // CHECK: floor %{{[a-z0-9]+}} : tile<2x4xf32>
    %floor_2d = floor %t : tile<2x4xf32>
    // CHECK: cos %{{[a-z0-9]+}} : tile<f16>
    %cos_f16 = cos %h : tile<f16>
    // CHECK: cos %{{[a-z0-9]+}} : tile<bf16>
    %cos_bf16 = cos %b : tile<bf16>
    // CHECK: cos %{{[a-z0-9]+}} : tile<f32>
    %cos_f32 = cos %f : tile<f32>
    // CHECK: cos %{{[a-z0-9]+}} : tile<f64>
    %cos_f64 = cos %d : tile<f64>
    // CHECK: cos %{{[a-z0-9]+}} : tile<2x4xf32>
    %cos_2d = cos %t : tile<2x4xf32>
    // CHECK: sin %{{[a-z0-9]+}} : tile<f16>
    %sin_f16 = sin %h : tile<f16>
    // CHECK: sin %{{[a-z0-9]+}} : tile<bf16>
    %sin_bf16 = sin %b : tile<bf16>
    // CHECK: sin %{{[a-z0-9]+}} : tile<f32>
    %sin_f32 = sin %f : tile<f32>
    // CHECK: sin %{{[a-z0-9]+}} : tile<f64>
    %sin_f64 = sin %d : tile<f64>
    // CHECK: sin %{{[a-z0-9]+}} : tile<2x4xf32>
    %sin_2d = sin %t : tile<2x4xf32>
    // CHECK: tan %{{[a-z0-9]+}} : tile<f16>
    %tan_f16 = tan %h : tile<f16>
    // CHECK: tan %{{[a-z0-9]+}} : tile<bf16>
    %tan_bf16 = tan %b : tile<bf16>
    // CHECK: tan %{{[a-z0-9]+}} : tile<f32>
    %tan_f32 = tan %f : tile<f32>
    // CHECK: tan %{{[a-z0-9]+}} : tile<f64>
    %tan_f64 = tan %d : tile<f64>
    // CHECK: tan %{{[a-z0-9]+}} : tile<2x4xf32>
    %tan_2d = tan %t : tile<2x4xf32>
    // CHECK: cosh %{{[a-z0-9]+}} : tile<f16>
    %cosh_f16 = cosh %h : tile<f16>
    // CHECK: cosh %{{[a-z0-9]+}} : tile<bf16>
    %cosh_bf16 = cosh %b : tile<bf16>
    // CHECK: cosh %{{[a-z0-9]+}} : tile<f32>
    %cosh_f32 = cosh %f : tile<f32>
    // CHECK: cosh %{{[a-z0-9]+}} : tile<f64>
    %cosh_f64 = cosh %d : tile<f64>
    // CHECK: cosh %{{[a-z0-9]+}} : tile<2x4xf32>
    %cosh_2d = cosh %t : tile<2x4xf32>
    // CHECK: sinh %{{[a-z0-9]+}} : tile<f16>
    %sinh_f16 = sinh %h : tile<f16>
    // CHECK: sinh %{{[a-z0-9]+}} : tile<bf16>
    %sinh_bf16 = sinh %b : tile<bf16>
    // CHECK: sinh %{{[a-z0-9]+}} : tile<f32>
    %sinh_f32 = sinh %f : tile<f32>
    // CHECK: sinh %{{[a-z0-9]+}} : tile<f64>
    %sinh_f64 = sinh %d : tile<f64>
    // CHECK: sinh %{{[a-z0-9]+}} : tile<2x4xf32>
    %sinh_2d = sinh %t : tile<2x4xf32>
    // CHECK: log %{{[a-z0-9]+}} : tile<f16>
    %log_f16 = log %h : tile<f16>
    // CHECK: log %{{[a-z0-9]+}} : tile<bf16>
    %log_bf16 = log %b : tile<bf16>
    // CHECK: log %{{[a-z0-9]+}} : tile<f32>
    %log_f32 = log %f : tile<f32>
    // CHECK: log %{{[a-z0-9]+}} : tile<f64>
    %log_f64 = log %d : tile<f64>
    // CHECK: log %{{[a-z0-9]+}} : tile<2x4xf32>
    %log_2d = log %t : tile<2x4xf32>
    // CHECK: log2 %{{[a-z0-9]+}} : tile<f16>
    %log2_f16 = log2 %h : tile<f16>
    // CHECK: log2 %{{[a-z0-9]+}} : tile<bf16>
    %log2_bf16 = log2 %b : tile<bf16>
    // CHECK: log2 %{{[a-z0-9]+}} : tile<f32>
    %log2_f32 = log2 %f : tile<f32>
    // CHECK: log2 %{{[a-z0-9]+}} : tile<f64>
    %log2_f64 = log2 %d : tile<f64>
    // CHECK: log2 %{{[a-z0-9]+}} : tile<2x4xf32>
    %log2_2d = log2 %t : tile<2x4xf32>
    // CHECK: exp %{{[a-z0-9]+}} : tile<f16>
    %exp_f16 = exp %h : tile<f16>
    // CHECK: exp %{{[a-z0-9]+}} : tile<bf16>
    %exp_bf16 = exp %b : tile<bf16>
    // CHECK: exp %{{[a-z0-9]+}} : tile<f32>
    %exp_f32 = exp %f : tile<f32>
    // CHECK: exp %{{[a-z0-9]+}} : tile<f64>
    %exp_f64 = exp %d : tile<f64>
    // CHECK: exp %{{[a-z0-9]+}} : tile<2x4xf32>
    %exp_2d = exp %t : tile<2x4xf32>
    // CHECK: exp2 %{{[a-z0-9]+}} : tile<f16>
    %exp2_f16 = exp2 %h : tile<f16>
    // CHECK: exp2 %{{[a-z0-9]+}} : tile<bf16>
    %exp2_bf16 = exp2 %b : tile<bf16>
    // CHECK: exp2 %{{[a-z0-9]+}} : tile<f32>
    %exp2_f32 = exp2 %f : tile<f32>
    // CHECK: exp2 %{{[a-z0-9]+}} : tile<f64>
    %exp2_f64 = exp2 %d : tile<f64>
    // CHECK: exp2 %{{[a-z0-9]+}} : tile<2x4xf32>
    %exp2_2d = exp2 %t : tile<2x4xf32>
    // CHECK: tanh %{{[a-z0-9]+}} : tile<f16>
    %tanh_f16 = tanh %h : tile<f16>
    // CHECK: tanh %{{[a-z0-9]+}} : tile<bf16>
    %tanh_bf16 = tanh %b : tile<bf16>
    // CHECK: tanh %{{[a-z0-9]+}} : tile<f32>
    %tanh_f32 = tanh %f : tile<f32>
    // CHECK: tanh %{{[a-z0-9]+}} : tile<f64>
    %tanh_f64 = tanh %d : tile<f64>
    // CHECK: tanh %{{[a-z0-9]+}} : tile<2x4xf32>
    %tanh_2d = tanh %t : tile<2x4xf32>
    // CHECK: sqrt %{{[a-z0-9]+}} : tile<f16>
    %sqrt_f16 = sqrt %h : tile<f16>
    // CHECK: sqrt %{{[a-z0-9]+}} : tile<bf16>
    %sqrt_bf16 = sqrt %b : tile<bf16>
    // CHECK: sqrt %{{[a-z0-9]+}} : tile<f32>
    %sqrt_f32 = sqrt %f : tile<f32>
    // CHECK: sqrt %{{[a-z0-9]+}} : tile<f64>
    %sqrt_f64 = sqrt %d : tile<f64>
    // CHECK: sqrt %{{[a-z0-9]+}} : tile<2x4xf32>
    %sqrt_2d = sqrt %t : tile<2x4xf32>
    // CHECK: rsqrt %{{[a-z0-9]+}} : tile<f16>
    %rsqrt_f16 = rsqrt %h : tile<f16>
    // CHECK: rsqrt %{{[a-z0-9]+}} : tile<bf16>
    %rsqrt_bf16 = rsqrt %b : tile<bf16>
    // CHECK: rsqrt %{{[a-z0-9]+}} : tile<f32>
    %rsqrt_f32 = rsqrt %f : tile<f32>
    // CHECK: rsqrt %{{[a-z0-9]+}} : tile<f64>
    %rsqrt_f64 = rsqrt %d : tile<f64>
    // CHECK: rsqrt %{{[a-z0-9]+}} : tile<2x4xf32>
    %rsqrt_2d = rsqrt %t : tile<2x4xf32>
    // CHECK: pow %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<f16>
    %pow_f16 = pow %h, %h : tile<f16>
    // CHECK: pow %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<bf16>
    %pow_bf16 = pow %b, %b : tile<bf16>
    // CHECK: pow %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<f32>
    %pow_f32 = pow %f, %f : tile<f32>
    // CHECK: pow %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<f64>
    %pow_f64 = pow %d, %d : tile<f64>
    // CHECK: pow %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<2x4xf32>
    %pow_2d = pow %t, %t : tile<2x4xf32>
    // CHECK: atan2 %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<f16>
    %atan2_f16 = atan2 %h, %h : tile<f16>
    // CHECK: atan2 %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<bf16>
    %atan2_bf16 = atan2 %b, %b : tile<bf16>
    // CHECK: atan2 %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<f32>
    %atan2_f32 = atan2 %f, %f : tile<f32>
    // CHECK: atan2 %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<f64>
    %atan2_f64 = atan2 %d, %d : tile<f64>
    // CHECK: atan2 %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<2x4xf32>
    %atan2_2d = atan2 %t, %t : tile<2x4xf32>
  }
}

// CHECK-LABEL: entry @modifiers
cuda_tile.module @modifiers {
  entry @modifiers(%h: tile<f16>, %f: tile<f32>, %d: tile<f64>) {
    // CHECK: exp %{{[a-z0-9]+}} : tile<f32>
    %m0 = exp %f rounding<full> : tile<f32>
    // CHECK: exp %{{[a-z0-9]+}} rounding<approx> : tile<f32>
    %m1 = exp %f rounding<approx> : tile<f32>
    // CHECK: exp %{{[a-z0-9]+}} : tile<f64>
    %m2 = exp %d rounding<full> : tile<f64>
    // CHECK: tanh %{{[a-z0-9]+}} : tile<f32>
    %m3 = tanh %f rounding<full> : tile<f32>
    // CHECK: tanh %{{[a-z0-9]+}} rounding<approx> : tile<f32>
    %m4 = tanh %f rounding<approx> : tile<f32>
    // CHECK: tanh %{{[a-z0-9]+}} : tile<f16>
    %m5 = tanh %h rounding<full> : tile<f16>
    // CHECK: exp2 %{{[a-z0-9]+}} flush_to_zero : tile<f32>
    %m6 = exp2 %f flush_to_zero : tile<f32>
    // CHECK: rsqrt %{{[a-z0-9]+}} flush_to_zero : tile<f32>
    %m7 = rsqrt %f flush_to_zero : tile<f32>
    // CHECK: sqrt %{{[a-z0-9]+}} : tile<f32>
    %m8 = sqrt %f rounding<nearest_even> : tile<f32>
    // CHECK: sqrt %{{[a-z0-9]+}} rounding<zero> : tile<f32>
    %m9 = sqrt %f rounding<zero> : tile<f32>
    // CHECK: sqrt %{{[a-z0-9]+}} rounding<negative_inf> : tile<f16>
    %m10 = sqrt %h rounding<negative_inf> : tile<f16>
    // CHECK: sqrt %{{[a-z0-9]+}} rounding<positive_inf> : tile<f64>
    %m11 = sqrt %d rounding<positive_inf> : tile<f64>
    // CHECK: sqrt %{{[a-z0-9]+}} rounding<approx> : tile<f32>
    %m12 = sqrt %f rounding<approx> : tile<f32>
    // CHECK: sqrt %{{[a-z0-9]+}} flush_to_zero : tile<f32>
    %m13 = sqrt %f flush_to_zero : tile<f32>
    // CHECK: sqrt %{{[a-z0-9]+}} rounding<approx> flush_to_zero : tile<f32>
    %m14 = sqrt %f rounding<approx> flush_to_zero : tile<f32>
    // CHECK: sqrt %{{[a-z0-9]+}} rounding<positive_inf> flush_to_zero : tile<f32>
    %m15 = sqrt %f rounding<positive_inf> flush_to_zero : tile<f32>
  }
}
