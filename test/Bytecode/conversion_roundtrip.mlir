// RUN: split-file %s %t
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.1 %t/v13_1.mlir | tile-translate --tileir-bytecode-to-mlir | FileCheck %t/v13_1.mlir
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.2 %t/v13_1.mlir | tile-translate --tileir-bytecode-to-mlir | FileCheck %t/v13_1.mlir
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.3 %t/v13_1.mlir | tile-translate --tileir-bytecode-to-mlir | FileCheck %t/v13_1.mlir
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.2 %t/v13_2.mlir | tile-translate --tileir-bytecode-to-mlir | FileCheck %t/v13_2.mlir
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.3 %t/v13_2.mlir | tile-translate --tileir-bytecode-to-mlir | FileCheck %t/v13_2.mlir
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.3 %t/v13_3.mlir | tile-translate --tileir-bytecode-to-mlir | FileCheck %t/v13_3.mlir
// RUN: not tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.2 %t/pack.mlir 2>&1 | FileCheck %t/pack.mlir --check-prefix=PACK
// RUN: not tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.2 %t/unpack.mlir 2>&1 | FileCheck %t/unpack.mlir --check-prefix=UNPACK

// The conversion ops survive a trip through bytecode, in every version
// that has them (and their element types): opcodes, enum attributes
// (signedness, overflow, rounding mode) and types.

//--- v13_1.mlir
// CHECK-LABEL: entry @conversions(
// CHECK-SAME: %[[I64:.*]]: tile<i64>
cuda_tile.module @m {
  entry @conversions(%base: tile<i64>) {
    %i32 = constant <i32: [1, 2, 3, 4]> : tile<4xi32>
    %f16 = constant <f16: 1.0> : tile<2x2xf16>
    %i8 = constant <i8: 7> : tile<i8>
    %i16 = constant <i16: 42> : tile<i16>
    %f32 = constant <f32: [[1.0, 2.0], [3.0, 4.0]]> : tile<2x2xf32>
    // CHECK: bitcast %{{.*}} : tile<4xi32> -> tile<4xf32>
    %0 = bitcast %i32 : tile<4xi32> -> tile<4xf32>
    // CHECK: bitcast %{{.*}} : tile<2x2xf16> -> tile<2x2xbf16>
    %1 = bitcast %f16 : tile<2x2xf16> -> tile<2x2xbf16>
    // CHECK: bitcast %{{.*}} : tile<i8> -> tile<f8E4M3FN>
    %2 = bitcast %i8 : tile<i8> -> tile<f8E4M3FN>
    // CHECK: exti %{{.*}} signed : tile<i8> -> tile<i32>
    %3 = exti %i8 signed : tile<i8> -> tile<i32>
    // CHECK: exti %{{.*}} unsigned : tile<i16> -> tile<i64>
    %4 = exti %i16 unsigned : tile<i16> -> tile<i64>
    // CHECK: trunci %{{.*}} : tile<i16> -> tile<i8>
    %5 = trunci %i16 : tile<i16> -> tile<i8>
    // CHECK: trunci %{{.*}} overflow<no_signed_wrap> : tile<i16> -> tile<i8>
    %6 = trunci %i16 overflow<no_signed_wrap> : tile<i16> -> tile<i8>
    // CHECK: trunci %{{.*}} overflow<no_unsigned_wrap> : tile<i16> -> tile<i1>
    %7 = trunci %i16 overflow<no_unsigned_wrap> : tile<i16> -> tile<i1>
    // CHECK: trunci %{{.*}} overflow<no_wrap> : tile<4xi32> -> tile<4xi16>
    %8 = trunci %i32 overflow<no_wrap> : tile<4xi32> -> tile<4xi16>
    // CHECK: ftof %{{.*}} : tile<2x2xf32> -> tile<2x2xf16>
    %9 = ftof %f32 : tile<2x2xf32> -> tile<2x2xf16>
    // CHECK: ftof %{{.*}} : tile<2x2xf16> -> tile<2x2xf64>
    %10 = ftof %f16 : tile<2x2xf16> -> tile<2x2xf64>
    // CHECK: ftoi %{{.*}} signed : tile<2x2xf32> -> tile<2x2xi32>
    %11 = ftoi %f32 signed : tile<2x2xf32> -> tile<2x2xi32>
    // CHECK: ftoi %{{.*}} unsigned : tile<2x2xf16> -> tile<2x2xi8>
    %12 = ftoi %f16 unsigned : tile<2x2xf16> -> tile<2x2xi8>
    // CHECK: itof %{{.*}} signed : tile<4xi32> -> tile<4xf32>
    %13 = itof %i32 signed : tile<4xi32> -> tile<4xf32>
    // CHECK: itof %{{.*}} unsigned : tile<i16> -> tile<bf16>
    %14 = itof %i16 unsigned : tile<i16> -> tile<bf16>
    // CHECK: %[[P:.*]] = int_to_ptr %[[I64]] : tile<i64> -> tile<ptr<f32>>
    %p = int_to_ptr %base : tile<i64> -> tile<ptr<f32>>
    // CHECK: ptr_to_int %[[P]] : tile<ptr<f32>> -> tile<i64>
    %15 = ptr_to_int %p : tile<ptr<f32>> -> tile<i64>
    // CHECK: ptr_to_ptr %[[P]] : tile<ptr<f32>> -> tile<ptr<i8>>
    %16 = ptr_to_ptr %p : tile<ptr<f32>> -> tile<ptr<i8>>
    return
  }
}

//--- v13_2.mlir
// f8E8M0FNU exists from 13.2 on.
// CHECK-LABEL: entry @e8m0(
cuda_tile.module @m {
  entry @e8m0() {
    %i8 = constant <i8: 7> : tile<4xi8>
    %f32 = constant <f32: 1.0> : tile<4xf32>
    // CHECK: bitcast %{{.*}} : tile<4xi8> -> tile<4xf8E8M0FNU>
    %0 = bitcast %i8 : tile<4xi8> -> tile<4xf8E8M0FNU>
    // CHECK: ftof %{{.*}} rounding<zero> : tile<4xf32> -> tile<4xf8E8M0FNU>
    %1 = ftof %f32 rounding<zero> : tile<4xf32> -> tile<4xf8E8M0FNU>
    // CHECK: ftof %{{.*}} rounding<positive_inf> : tile<4xf32> -> tile<4xf8E8M0FNU>
    %2 = ftof %f32 rounding<positive_inf> : tile<4xf32> -> tile<4xf8E8M0FNU>
    return
  }
}

//--- v13_3.mlir
// pack and unpack, i4 and f4E2M1FN exist from 13.3 on.
// CHECK-LABEL: entry @v13_3(
cuda_tile.module @m {
  entry @v13_3() {
    %f16 = constant <f16: 0.0> : tile<64xf16>
    %i1 = constant <i1: true> : tile<16xi1>
    %bytes = constant <i8: 0> : tile<64xi8>
    %i16 = constant <i16: 42> : tile<4xi16>
    %f32 = constant <f32: 1.0> : tile<4xf32>
    // CHECK: pack %{{.*}} : tile<64xf16> -> tile<128xi8>
    %0 = pack %f16 : tile<64xf16> -> tile<128xi8>
    // CHECK: pack %{{.*}} : tile<16xi1> -> tile<2xi8>
    %1 = pack %i1 : tile<16xi1> -> tile<2xi8>
    // CHECK: unpack %{{.*}} : tile<64xi8> -> tile<32xf16>
    %2 = unpack %bytes : tile<64xi8> -> tile<32xf16>
    // CHECK: unpack %{{.*}} : tile<64xi8> -> tile<128xf4E2M1FN>
    %3 = unpack %bytes : tile<64xi8> -> tile<128xf4E2M1FN>
    // CHECK: %[[I4:.*]] = trunci %{{.*}} overflow<no_wrap> : tile<4xi16> -> tile<4xi4>
    %4 = trunci %i16 overflow<no_wrap> : tile<4xi16> -> tile<4xi4>
    // CHECK: exti %[[I4]] signed : tile<4xi4> -> tile<4xi32>
    %5 = exti %4 signed : tile<4xi4> -> tile<4xi32>
    // CHECK: ftof %{{.*}} : tile<4xf32> -> tile<4xf4E2M1FN>
    %6 = ftof %f32 : tile<4xf32> -> tile<4xf4E2M1FN>
    return
  }
}

//--- pack.mlir
// PACK: error: operation 'cuda_tile.pack' is not available in bytecode version 13.2 (it needs 13.3)
cuda_tile.module @m {
  entry @e() {
    %f16 = constant <f16: 0.0> : tile<64xf16>
    %0 = pack %f16 : tile<64xf16> -> tile<128xi8>
    return
  }
}

//--- unpack.mlir
// UNPACK: error: operation 'cuda_tile.unpack' is not available in bytecode version 13.2 (it needs 13.3)
cuda_tile.module @m {
  entry @e() {
    %bytes = constant <i8: 0> : tile<64xi8>
    %0 = unpack %bytes : tile<64xi8> -> tile<32xf16>
    return
  }
}
