// The ops of MathOps.td survive a round trip through Tile IR bytecode, for
// every version that has them; fields newer than the target version are
// refused by the writer.
//
// RUN: split-file %s %t
//
// Ops and fields of 13.1, written as 13.1, 13.2 and 13.3.
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.1 %t/v13_1.mlir \
// RUN:   | tile-translate --tileir-bytecode-to-mlir | FileCheck %t/v13_1.mlir
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.2 %t/v13_1.mlir \
// RUN:   | tile-translate --tileir-bytecode-to-mlir | FileCheck %t/v13_1.mlir
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.3 %t/v13_1.mlir \
// RUN:   | tile-translate --tileir-bytecode-to-mlir | FileCheck %t/v13_1.mlir
//
// atan2 and tanh's rounding mode exist from 13.2 on.
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.2 %t/v13_2.mlir \
// RUN:   | tile-translate --tileir-bytecode-to-mlir | FileCheck %t/v13_2.mlir
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.3 %t/v13_2.mlir \
// RUN:   | tile-translate --tileir-bytecode-to-mlir | FileCheck %t/v13_2.mlir
// RUN: not tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.1 \
// RUN:   %t/atan2.mlir -o /dev/null 2>&1 | FileCheck %t/atan2.mlir
// RUN: not tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.1 \
// RUN:   %t/tanh.mlir -o /dev/null 2>&1 | FileCheck %t/tanh.mlir
//
// exp's rounding mode is stored from 13.3 on.
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.3 %t/exp.mlir \
// RUN:   | tile-translate --tileir-bytecode-to-mlir | FileCheck %t/exp.mlir
// RUN: not tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.2 \
// RUN:   %t/exp.mlir -o /dev/null 2>&1 | FileCheck %t/exp.mlir --check-prefix=ERR

//--- v13_1.mlir
// CHECK-LABEL: entry @math
// CHECK-SAME: (%[[F:[a-z0-9]+]]: tile<f32>, %[[H:[a-z0-9]+]]: tile<f16>, %[[B:[a-z0-9]+]]: tile<bf16>, %[[D:[a-z0-9]+]]: tile<f64>)
cuda_tile.module @m {
  entry @math(%f: tile<f32>, %h: tile<f16>, %b: tile<bf16>, %d: tile<f64>) {
    // CHECK: ceil %[[F]] : tile<f32>
    %ceil = ceil %f : tile<f32>
    // CHECK: floor %[[H]] : tile<f16>
    %floor = floor %h : tile<f16>
    // CHECK: cos %[[B]] : tile<bf16>
    %cos = cos %b : tile<bf16>
    // CHECK: cosh %[[D]] : tile<f64>
    %cosh = cosh %d : tile<f64>
    // CHECK: sin %[[F]] : tile<f32>
    %sin = sin %f : tile<f32>
    // CHECK: sinh %[[H]] : tile<f16>
    %sinh = sinh %h : tile<f16>
    // CHECK: tan %[[B]] : tile<bf16>
    %tan = tan %b : tile<bf16>
    // A 13.1 file has no rounding mode for tanh and exp: it is `full`.
    // CHECK: tanh %[[D]] : tile<f64>
    %tanh = tanh %d : tile<f64>
    // CHECK: exp %[[F]] : tile<f32>
    %exp = exp %f : tile<f32>
    // CHECK: exp2 %[[F]] flush_to_zero : tile<f32>
    %exp2_ftz = exp2 %f flush_to_zero : tile<f32>
    // CHECK: exp2 %[[H]] : tile<f16>
    %exp2 = exp2 %h : tile<f16>
    // CHECK: log %[[F]] : tile<f32>
    %log = log %f : tile<f32>
    // CHECK: log2 %[[D]] : tile<f64>
    %log2 = log2 %d : tile<f64>
    // CHECK: pow %[[F]], %[[F]] : tile<f32>
    %pow = pow %f, %f : tile<f32>
    // CHECK: sqrt %[[F]] : tile<f32>
    %sqrt = sqrt %f : tile<f32>
    // CHECK: sqrt %[[F]] rounding<approx> flush_to_zero : tile<f32>
    %sqrt_approx = sqrt %f rounding<approx> flush_to_zero : tile<f32>
    // CHECK: sqrt %[[D]] rounding<negative_inf> : tile<f64>
    %sqrt_rm = sqrt %d rounding<negative_inf> : tile<f64>
    // CHECK: rsqrt %[[F]] flush_to_zero : tile<f32>
    %rsqrt_ftz = rsqrt %f flush_to_zero : tile<f32>
    // CHECK: rsqrt %[[B]] : tile<bf16>
    %rsqrt = rsqrt %b : tile<bf16>
  }
}

//--- v13_2.mlir
// CHECK-LABEL: entry @math
// CHECK: atan2 %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<f32>
// CHECK: atan2 %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<bf16>
// CHECK: tanh %{{[a-z0-9]+}} rounding<approx> : tile<f32>
// CHECK: tanh %{{[a-z0-9]+}} : tile<f32>
cuda_tile.module @m {
  entry @math(%f: tile<f32>, %b: tile<bf16>) {
    %0 = atan2 %f, %f : tile<f32>
    %1 = atan2 %b, %b : tile<bf16>
    %2 = tanh %f rounding<approx> : tile<f32>
    %3 = tanh %f rounding<full> : tile<f32>
  }
}

//--- atan2.mlir
// CHECK: operation 'cuda_tile.atan2' is not available in bytecode version 13.1 (it needs 13.2)
cuda_tile.module @m {
  entry @math(%f: tile<f32>) {
    %0 = atan2 %f, %f : tile<f32>
  }
}

//--- tanh.mlir
// CHECK: attribute 'rounding_mode' of 'cuda_tile.tanh' needs bytecode version 13.2; the target is 13.1
cuda_tile.module @m {
  entry @math(%f: tile<f32>) {
    %0 = tanh %f rounding<approx> : tile<f32>
  }
}

//--- exp.mlir
// CHECK-LABEL: entry @math
// CHECK: exp %{{[a-z0-9]+}} rounding<approx> : tile<f32>
// CHECK: exp %{{[a-z0-9]+}} : tile<f32>
// ERR: attribute 'rounding_mode' of 'cuda_tile.exp' needs bytecode version 13.3; the target is 13.2
cuda_tile.module @m {
  entry @math(%f: tile<f32>) {
    %0 = exp %f rounding<approx> : tile<f32>
    %1 = exp %f : tile<f32>
  }
}
