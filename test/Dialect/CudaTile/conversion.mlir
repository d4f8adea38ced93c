// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt -mlir-print-op-generic %s | tile-opt | FileCheck %s

// Conversion ops in the specification's syntax, with every attribute
// variant: round trip through the custom and the generic form. Defaults
// (trunci overflow<none>, ftof/itof rounding<nearest_even>, ftoi
// rounding<nearest_int_to_zero>) are not printed.

cuda_tile.module @conversion {
  // CHECK-LABEL: entry @bitcast
  entry @bitcast() {
    %i32 = constant <i32: [1, 2, 3, 4]> : tile<4xi32>
    %f16 = constant <f16: 1.0> : tile<2x2xf16>
    %i8 = constant <i8: 7> : tile<i8>
    // CHECK: bitcast %{{.*}} : tile<4xi32> -> tile<4xf32>
    %0 = bitcast %i32 : tile<4xi32> -> tile<4xf32>
    // CHECK: bitcast %{{.*}} : tile<2x2xf16> -> tile<2x2xbf16>
    %1 = bitcast %f16 : tile<2x2xf16> -> tile<2x2xbf16>
    // CHECK: bitcast %{{.*}} : tile<2x2xf16> -> tile<2x2xi16>
    %2 = bitcast %f16 : !cuda_tile.tile<2x2xf16> -> !cuda_tile.tile<2x2xi16>
    // CHECK: bitcast %{{.*}} : tile<i8> -> tile<f8E4M3FN>
    %3 = bitcast %i8 : tile<i8> -> tile<f8E4M3FN>
    // CHECK: bitcast %{{.*}} : tile<i8> -> tile<f8E8M0FNU>
    %4 = bitcast %i8 : tile<i8> -> tile<f8E8M0FNU>
    // Same type: valid, and left alone without canonicalization.
    // CHECK: bitcast %{{.*}} : tile<i8> -> tile<i8>
    %5 = bitcast %i8 : tile<i8> -> tile<i8>
  }

  // CHECK-LABEL: entry @integer_width
  entry @integer_width() {
    %i1 = constant <i1: [true, false]> : tile<2xi1>
    %i16 = constant <i16: 42> : tile<i16>
    %i64 = constant <i64: [[1, 2], [3, 4]]> : tile<2x2xi64>
    // CHECK: exti %{{.*}} signed : tile<2xi1> -> tile<2xi8>
    %0 = exti %i1 signed : tile<2xi1> -> tile<2xi8>
    // CHECK: exti %{{.*}} unsigned : tile<i16> -> tile<i64>
    %1 = exti %i16 unsigned : tile<i16> -> tile<i64>
    // CHECK: trunci %{{.*}} : tile<2x2xi64> -> tile<2x2xi32>
    %2 = trunci %i64 : tile<2x2xi64> -> tile<2x2xi32>
    // CHECK: trunci %{{.*}} : tile<2x2xi64> -> tile<2x2xi8>
    %3 = trunci %i64 overflow<none> : tile<2x2xi64> -> tile<2x2xi8>
    // CHECK: trunci %{{.*}} overflow<no_signed_wrap> : tile<i16> -> tile<i8>
    %4 = trunci %i16 overflow<no_signed_wrap> : tile<i16> -> tile<i8>
    // CHECK: trunci %{{.*}} overflow<no_unsigned_wrap> : tile<i16> -> tile<i1>
    %5 = trunci %i16 overflow<no_unsigned_wrap> : tile<i16> -> tile<i1>
    // The storage-only i4 may be truncated to and extended from.
    // CHECK: %[[I4:.*]] = trunci %{{.*}} overflow<no_wrap> : tile<i16> -> tile<i4>
    %6 = trunci %i16 overflow<no_wrap> : tile<i16> -> tile<i4>
    // CHECK: exti %[[I4]] signed : tile<i4> -> tile<i32>
    %7 = exti %6 signed : tile<i4> -> tile<i32>
    // CHECK: exti %[[I4]] unsigned : tile<i4> -> tile<i8>
    %8 = exti %6 unsigned : tile<i4> -> tile<i8>
  }

  // CHECK-LABEL: entry @float_conversions
  entry @float_conversions() {
    %f32 = constant <f32: [[1.0, 2.0], [3.0, 4.0]]> : tile<2x2xf32>
    %f16 = constant <f16: 5.0> : tile<f16>
    %i32 = constant <i32: [1, 2]> : tile<2xi32>
    // CHECK: ftof %{{.*}} : tile<2x2xf32> -> tile<2x2xf16>
    %0 = ftof %f32 : tile<2x2xf32> -> tile<2x2xf16>
    // CHECK: ftof %{{.*}} : tile<f16> -> tile<f64>
    %1 = ftof %f16 rounding<nearest_even> : tile<f16> -> tile<f64>
    // CHECK: ftof %{{.*}} : tile<2x2xf32> -> tile<2x2xf4E2M1FN>
    %2 = ftof %f32 : tile<2x2xf32> -> tile<2x2xf4E2M1FN>
    // CHECK: ftof %{{.*}} rounding<zero> : tile<2x2xf32> -> tile<2x2xf8E8M0FNU>
    %3 = ftof %f32 rounding<zero> : tile<2x2xf32> -> tile<2x2xf8E8M0FNU>
    // CHECK: ftof %{{.*}} rounding<positive_inf> : tile<2x2xf32> -> tile<2x2xf8E8M0FNU>
    %4 = ftof %f32 rounding<positive_inf> : tile<2x2xf32> -> tile<2x2xf8E8M0FNU>
    // CHECK: ftoi %{{.*}} signed : tile<2x2xf32> -> tile<2x2xi32>
    %5 = ftoi %f32 signed : tile<2x2xf32> -> tile<2x2xi32>
    // CHECK: ftoi %{{.*}} unsigned : tile<f16> -> tile<i1>
    %6 = ftoi %f16 unsigned rounding<nearest_int_to_zero> : tile<f16> -> tile<i1>
    // CHECK: itof %{{.*}} signed : tile<2xi32> -> tile<2xf32>
    %7 = itof %i32 signed : tile<2xi32> -> tile<2xf32>
    // CHECK: itof %{{.*}} unsigned : tile<2xi32> -> tile<2xbf16>
    %8 = itof %i32 unsigned rounding<nearest_even> : tile<2xi32> -> tile<2xbf16>
  }

  // CHECK-LABEL: entry @pointers
  entry @pointers(%base: tile<i64>) {
    %addrs = constant <i64: [0, 64, 128, 192]> : tile<4xi64>
    // CHECK: %[[P0:.*]] = int_to_ptr %{{.*}} : tile<i64> -> tile<ptr<i8>>
    %p0 = int_to_ptr %base : tile<i64> -> tile<ptr<i8>>
    // CHECK: ptr_to_int %[[P0]] : tile<ptr<i8>> -> tile<i64>
    %a0 = ptr_to_int %p0 : tile<ptr<i8>> -> tile<i64>
    // CHECK: %[[P1:.*]] = int_to_ptr %{{.*}} : tile<4xi64> -> tile<4xptr<f16>>
    %p1 = int_to_ptr %addrs : tile<4xi64> -> !cuda_tile.tile<4x!cuda_tile.ptr<f16>>
    // CHECK: ptr_to_ptr %[[P1]] : tile<4xptr<f16>> -> tile<4xptr<f64>>
    %p2 = ptr_to_ptr %p1 : tile<4xptr<f16>> -> tile<4xptr<f64>>
  }

  // CHECK-LABEL: entry @pack_unpack
  entry @pack_unpack() {
    %f16 = constant <f16: 0.0> : tile<64xf16>
    %f4 = constant <f4E2M1FN: 0.0> : tile<64xf4E2M1FN>
    %i1 = constant <i1: true> : tile<16xi1>
    %tf32 = constant <tf32: 1.0> : tile<4xtf32>
    %bytes = constant <i8: 0> : tile<64xi8>
    // CHECK: pack %{{.*}} : tile<64xf16> -> tile<128xi8>
    %0 = pack %f16 : tile<64xf16> -> tile<128xi8>
    // Sub-byte elements share bytes; tf32 takes four.
    // CHECK: pack %{{.*}} : tile<64xf4E2M1FN> -> tile<32xi8>
    %1 = pack %f4 : tile<64xf4E2M1FN> -> tile<32xi8>
    // CHECK: pack %{{.*}} : tile<16xi1> -> tile<2xi8>
    %2 = pack %i1 : tile<16xi1> -> tile<2xi8>
    // CHECK: pack %{{.*}} : tile<4xtf32> -> tile<16xi8>
    %3 = pack %tf32 : tile<4xtf32> -> tile<16xi8>
    // CHECK: unpack %{{.*}} : tile<64xi8> -> tile<32xf16>
    %4 = unpack %bytes : tile<64xi8> -> tile<32xf16>
    // CHECK: unpack %{{.*}} : tile<64xi8> -> tile<128xi4>
    %5 = unpack %bytes : tile<64xi8> -> tile<128xi4>
    // CHECK: unpack %{{.*}} : tile<64xi8> -> tile<512xi1>
    %6 = unpack %bytes : tile<64xi8> -> tile<512xi1>
    // CHECK: unpack %{{.*}} : tile<64xi8> -> tile<8xi64>
    %7 = unpack %bytes : tile<64xi8> -> tile<8xi64>
  }
}
