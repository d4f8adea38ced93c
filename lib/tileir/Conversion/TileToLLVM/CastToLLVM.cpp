//===- CastToLLVM.cpp - Conversions, register by register -----------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// exti, trunci, ftof, ftoi, itof, bitcast and the pointer casts on one
// register, and the float rounding helpers the other element-wise files
// share.
//
// Float conversions first widen the source exactly (f16/bf16 and the 8- and
// 4-bit floats to f32; f64 stays) and then round once into the destination:
//  - to f32/f16/bf16/f64 with LLVM casts, or the NVVM conversions of the
//    PTX instruction with the directed rounding modifier;
//  - to tf32 to nearest even (cvt.rn.tf32.f32 on sm_90+, integer rounding
//    of the f32 bits before);
//  - to f8E4M3FN/f8E5M2 to nearest even with saturation to the largest
//    finite value (cvt.rn.satfinite.{e4m3,e5m2}x2.f32 on sm_89+, the same
//    rounding in integer arithmetic on sm_80/86); NaN stays NaN;
//  - to f4E2M1FN likewise, in integer arithmetic on every target;
//  - to f8E8M0FNU toward zero or +inf, saturating, in integer arithmetic.
// f64 sources are first narrowed to f32 rounding to odd, so that the final
// rounding to nearest gives the correctly rounded result.
//
// itof rounds to nearest even; values beyond the destination's range become
// Inf, or NaN for the formats without Inf (the specification's rule), so
// conversions to 8- and 4-bit floats do not saturate here. ftoi truncates
// and saturates (NaN gives 0), which is what PTX cvt does; the
// specification leaves those inputs undefined.
//
//===----------------------------------------------------------------------===//

#include "ElementwiseUtils.h"
#include "LoweringUtils.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

using namespace mlir;
using namespace tileir;
using namespace tileir::lowering;

//===----------------------------------------------------------------------===//
// Shared float helpers
//===----------------------------------------------------------------------===//

static Value i32C(OpBuilder &b, Location loc, int64_t v) {
  return i32Const(b, loc, v);
}

static Value bitcastTo(OpBuilder &b, Location loc, Type type, Value v) {
  return LLVM::BitcastOp::create(b, loc, type, v);
}

Value lowering::extendToF32(OpBuilder &b, Location loc, Value value) {
  Type type = value.getType();
  if (type.isF16() || type.isBF16())
    return LLVM::FPExtOp::create(b, loc, b.getF32Type(), value);
  return value;
}

Value lowering::truncateF32(OpBuilder &b, Location loc, Value value,
                            Type type, cuda_tile::RoundingMode mode) {
  if (mode != cuda_tile::RoundingMode::Zero &&
      mode != cuda_tile::RoundingMode::NegativeInf &&
      mode != cuda_tile::RoundingMode::PositiveInf)
    return LLVM::FPTruncOp::create(b, loc, type, value);
  Value truncated = createIntrinsicCall(
      b, loc, type.isF16() ? "llvm.nvvm.f2f16.rz" : "llvm.nvvm.f2bf16.rz",
      type, {value});
  if (mode == cuda_tile::RoundingMode::Zero)
    return truncated;
  // Toward -inf or +inf: step the truncated value one ulp away from zero
  // when it was inexact and the value lies on the side being rounded
  // toward. Truncation keeps the sign, so the step adds one to the
  // magnitude bits; from the largest finite value it reaches Inf, as
  // directed rounding of an overflow must. NaN compares unordered and is
  // never stepped.
  Value back = LLVM::FPExtOp::create(b, loc, b.getF32Type(), truncated);
  Value inexact =
      LLVM::FCmpOp::create(b, loc, LLVM::FCmpPredicate::one, back, value);
  Value zero = floatConst(b, loc, b.getF32Type(), 0.0);
  Value away = LLVM::FCmpOp::create(
      b, loc,
      mode == cuda_tile::RoundingMode::PositiveInf ? LLVM::FCmpPredicate::ogt
                                                   : LLVM::FCmpPredicate::olt,
      value, zero);
  Value step = LLVM::AndOp::create(b, loc, inexact, away);
  Type i16 = b.getI16Type();
  Value truncatedBits = bitcastTo(b, loc, i16, truncated);
  Value stepBits = LLVM::ZExtOp::create(b, loc, i16, step);
  Value bits = LLVM::AddOp::create(b, loc, truncatedBits, stepBits);
  return bitcastTo(b, loc, type, bits);
}

/// Rounds `x` to the nearest value of `type` (held as `bitsType`), ties away
/// from zero, given its rounding toward zero `rz`: only an exact midpoint
/// between `rz` and the next value away from zero rounds differently from
/// nearest-even, and the midpoint of two adjacent narrow values is exact in
/// the wide type (at least two more significand bits). NaN and Inf compare
/// unequal to the midpoint and take the nearest-even result.
static Value roundNearestAway(OpBuilder &b, Location loc, Value x, Value rz,
                              Type type, Type bitsType) {
  Type wide = x.getType();
  Value rzBits = bitcastTo(b, loc, bitsType, rz);
  Value one = LLVM::ConstantOp::create(b, loc, bitsType,
                                       b.getIntegerAttr(bitsType, 1));
  Value nextBits = LLVM::AddOp::create(b, loc, rzBits, one);
  Value next = bitcastTo(b, loc, type, nextBits);
  Value rzWide = LLVM::FPExtOp::create(b, loc, wide, rz);
  Value nextWide = LLVM::FPExtOp::create(b, loc, wide, next);
  Value sum = LLVM::FAddOp::create(b, loc, rzWide, nextWide);
  Value half = floatConst(b, loc, wide, 0.5);
  Value mid = LLVM::FMulOp::create(b, loc, sum, half);
  Value tie = LLVM::FCmpOp::create(b, loc, LLVM::FCmpPredicate::oeq, x, mid);
  Value nearest = LLVM::FPTruncOp::create(b, loc, type, x);
  return LLVM::SelectOp::create(b, loc, tie, next, nearest);
}

Value lowering::roundF64ToOddF32(OpBuilder &b, Location loc, Value value) {
  Type f32 = b.getF32Type();
  Type i32 = b.getI32Type();
  Value truncated =
      createIntrinsicCall(b, loc, "llvm.nvvm.d2f.rz", f32, {value});
  Value back = LLVM::FPExtOp::create(b, loc, b.getF64Type(), truncated);
  Value inexact =
      LLVM::FCmpOp::create(b, loc, LLVM::FCmpPredicate::one, back, value);
  Value truncatedBits = bitcastTo(b, loc, i32, truncated);
  Value inexactBit = LLVM::ZExtOp::create(b, loc, i32, inexact);
  Value bits = LLVM::OrOp::create(b, loc, truncatedBits, inexactBit);
  return bitcastTo(b, loc, f32, bits);
}

//===----------------------------------------------------------------------===//
// Formats
//===----------------------------------------------------------------------===//

namespace {

enum class FloatFormat { F16, BF16, F32, TF32, F64, E4M3, E5M2, E8M0, E2M1 };

/// An 8- or 4-bit float format with a sign bit, for the software codecs.
struct SmallFloatFormat {
  unsigned expBits;
  unsigned mantBits;
  int bias;
  /// Magnitude code of the largest finite value.
  unsigned maxFiniteCode;
  /// Magnitude code of Inf, if the format has one.
  std::optional<unsigned> infCode;
  /// Code of the canonical NaN (positive, as PTX produces it), if any.
  std::optional<unsigned> nanCode;
};

constexpr SmallFloatFormat kE4M3 = {4, 3, 7, 0x7E, std::nullopt, 0x7F};
constexpr SmallFloatFormat kE5M2 = {5, 2, 15, 0x7B, 0x7C, 0x7F};
constexpr SmallFloatFormat kE2M1 = {2, 1, 1, 0x7, std::nullopt, std::nullopt};

} // namespace

static std::optional<FloatFormat> getFloatFormat(Type type) {
  return llvm::TypeSwitch<Type, std::optional<FloatFormat>>(type)
      .Case([](Float16Type) { return FloatFormat::F16; })
      .Case([](BFloat16Type) { return FloatFormat::BF16; })
      .Case([](Float32Type) { return FloatFormat::F32; })
      .Case([](FloatTF32Type) { return FloatFormat::TF32; })
      .Case([](Float64Type) { return FloatFormat::F64; })
      .Case([](Float8E4M3FNType) { return FloatFormat::E4M3; })
      .Case([](Float8E5M2Type) { return FloatFormat::E5M2; })
      .Case([](Float8E8M0FNUType) { return FloatFormat::E8M0; })
      .Case([](Float4E2M1FNType) { return FloatFormat::E2M1; })
      .Default([](Type) { return std::nullopt; });
}

/// Whether PTX has cvt between f32 pairs and e4m3x2/e5m2x2 on `target`.
static bool hasFp8Convert(const GPUTarget &target) { return target.sm >= 89; }

//===----------------------------------------------------------------------===//
// Software codecs
//===----------------------------------------------------------------------===//

/// f32 -> a small float format, rounding to nearest even. Overflow saturates
/// to the largest finite value (`saturate`) or gives Inf, or NaN where the
/// format has no Inf. The result is the code in the low bits of an i8.
static Value encodeSmallFloat(OpBuilder &b, Location loc, Value x,
                              const SmallFloatFormat &fmt, bool saturate) {
  Type i32 = b.getI32Type();
  Type f32 = b.getF32Type();
  unsigned shift = 23 - fmt.mantBits;
  Value bits = bitcastTo(b, loc, i32, x);
  Value sign = LLVM::LShrOp::create(b, loc, bits, i32C(b, loc, 31));
  Value mag = LLVM::AndOp::create(b, loc, bits, i32C(b, loc, 0x7FFFFFFF));

  // Normal range: round the f32 significand to mantBits bits (ties to
  // even) in integer arithmetic and rebias the exponent; a carry out of the
  // significand increments the exponent, as it should.
  Value magShifted =
      LLVM::LShrOp::create(b, loc, mag, i32C(b, loc, shift));
  Value lsb = LLVM::AndOp::create(b, loc, magShifted, i32C(b, loc, 1));
  Value biased = LLVM::AddOp::create(
      b, loc, mag, i32C(b, loc, (int64_t(1) << (shift - 1)) - 1));
  Value rounded = LLVM::AddOp::create(b, loc, biased, lsb);
  Value roundedShifted =
      LLVM::LShrOp::create(b, loc, rounded, i32C(b, loc, shift));
  Value normal = LLVM::SubOp::create(
      b, loc, roundedShifted,
      i32C(b, loc, int64_t(127 - fmt.bias) << fmt.mantBits));

  // Subnormal range: a multiple of the smallest subnormal, rounded to an
  // integer; rounding up to 2^mantBits gives the smallest normal's code.
  Value magF = bitcastTo(b, loc, f32, mag);
  Value scaled = LLVM::FMulOp::create(
      b, loc, magF,
      floatConst(b, loc, f32, std::ldexp(1.0, fmt.bias + fmt.mantBits - 1)));
  Value subnormal = LLVM::FPToUIOp::create(
      b, loc, i32, LLVM::RoundEvenOp::create(b, loc, f32, scaled));
  Value isSubnormal = LLVM::ICmpOp::create(
      b, loc, LLVM::ICmpPredicate::ult, mag,
      i32C(b, loc, int64_t(127 + 1 - fmt.bias) << 23));
  Value code = LLVM::SelectOp::create(b, loc, isSubnormal, subnormal, normal);

  // Overflow, including Inf.
  Value tooBig = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ugt, code,
                                      i32C(b, loc, fmt.maxFiniteCode));
  unsigned overflowCode = fmt.maxFiniteCode;
  if (!saturate)
    overflowCode = fmt.infCode ? *fmt.infCode
                               : fmt.nanCode.value_or(fmt.maxFiniteCode);
  code = LLVM::SelectOp::create(b, loc, tooBig, i32C(b, loc, overflowCode),
                                code);
  code = LLVM::OrOp::create(
      b, loc, code,
      LLVM::ShlOp::create(b, loc, sign,
                          i32C(b, loc, fmt.expBits + fmt.mantBits)));
  if (fmt.nanCode) {
    Value isNaN = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ugt, mag,
                                       i32C(b, loc, 0x7F800000));
    code = LLVM::SelectOp::create(b, loc, isNaN, i32C(b, loc, *fmt.nanCode),
                                  code);
  }
  return LLVM::TruncOp::create(b, loc, b.getI8Type(), code);
}

/// A small float code (low bits of an i8) -> f32, exactly.
static Value decodeSmallFloat(OpBuilder &b, Location loc, Value v,
                              const SmallFloatFormat &fmt) {
  Type i32 = b.getI32Type();
  Type f32 = b.getF32Type();
  unsigned width = fmt.expBits + fmt.mantBits;
  Value u = LLVM::ZExtOp::create(b, loc, i32, v);
  Value mag = LLVM::AndOp::create(b, loc, u, i32C(b, loc, (1 << width) - 1));
  Value signBit =
      LLVM::AndOp::create(b, loc, u, i32C(b, loc, 1 << width));
  Value sign =
      LLVM::ShlOp::create(b, loc, signBit, i32C(b, loc, 31 - width));
  // Normal: move the fields into place and rebias the exponent.
  Value fields =
      LLVM::ShlOp::create(b, loc, mag, i32C(b, loc, 23 - fmt.mantBits));
  Value normalBits = LLVM::AddOp::create(
      b, loc, fields, i32C(b, loc, int64_t(127 - fmt.bias) << 23));
  // Subnormal: a multiple of the smallest subnormal.
  Value magF = LLVM::UIToFPOp::create(b, loc, f32, mag);
  Value subnormal = LLVM::FMulOp::create(
      b, loc, magF,
      floatConst(b, loc, f32, std::ldexp(1.0, 1 - fmt.bias - fmt.mantBits)));
  Value isSubnormal =
      LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult, mag,
                           i32C(b, loc, 1 << fmt.mantBits));
  Value magnitude = LLVM::SelectOp::create(
      b, loc, isSubnormal, subnormal, bitcastTo(b, loc, f32, normalBits));
  Value bits = LLVM::OrOp::create(b, loc, bitcastTo(b, loc, i32, magnitude),
                                  sign);
  if (fmt.nanCode) {
    Value isNaN = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, mag,
                                       i32C(b, loc, *fmt.nanCode));
    bits = LLVM::SelectOp::create(b, loc, isNaN, i32C(b, loc, 0x7FC00000),
                                  bits);
  }
  return bitcastTo(b, loc, f32, bits);
}

Value lowering::decodeF8E4M3(OpBuilder &b, Location loc, Value v) {
  return decodeSmallFloat(b, loc, v, kE4M3);
}

Value lowering::decodeF4E2M1(OpBuilder &b, Location loc, Value v) {
  return decodeSmallFloat(b, loc, v, kE2M1);
}

Value lowering::decodeF8E5M2ToF16(OpBuilder &b, Location loc, Value v) {
  Type i16 = b.getI16Type();
  Value wide = LLVM::ZExtOp::create(b, loc, i16, v);
  Value bits = LLVM::ShlOp::create(b, loc, wide, intConst(b, loc, i16, 8));
  return bitcastTo(b, loc, b.getF16Type(), bits);
}

Value lowering::decodeF8E8M0(OpBuilder &b, Location loc, Value v) {
  Type i32 = b.getI32Type();
  Value code = LLVM::ZExtOp::create(b, loc, i32, v);
  Value bits = LLVM::ShlOp::create(b, loc, code, i32C(b, loc, 23));
  // 2^-127 is an f32 subnormal.
  Value isMin = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, code,
                                     i32C(b, loc, 0));
  bits = LLVM::SelectOp::create(b, loc, isMin, i32C(b, loc, 0x00400000), bits);
  Value isNaN = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, code,
                                     i32C(b, loc, 0xFF));
  bits = LLVM::SelectOp::create(b, loc, isNaN, i32C(b, loc, 0x7FC00000), bits);
  return bitcastTo(b, loc, b.getF32Type(), bits);
}

/// f32 -> f8E8M0FNU rounding the magnitude toward zero or +inf to a power
/// of two, saturating to [2^-127, 2^127]; NaN gives 0xFF. The format has no
/// sign, zero or Inf.
static Value encodeE8M0(OpBuilder &b, Location loc, Value x, bool roundUp) {
  Type i32 = b.getI32Type();
  Value bits = bitcastTo(b, loc, i32, x);
  Value mag = LLVM::AndOp::create(b, loc, bits, i32C(b, loc, 0x7FFFFFFF));
  Value exponent = LLVM::LShrOp::create(b, loc, mag, i32C(b, loc, 23));
  Value code = exponent;
  if (roundUp) {
    Value mantissa = LLVM::AndOp::create(b, loc, mag, i32C(b, loc, 0x7FFFFF));
    Value hasFraction = LLVM::ICmpOp::create(
        b, loc, LLVM::ICmpPredicate::ne, mantissa, i32C(b, loc, 0));
    // Below 2^-126 the value is rounded between 2^-127 (code 0) and 2^-126.
    Value aboveMin = LLVM::ICmpOp::create(
        b, loc, LLVM::ICmpPredicate::ugt, mantissa, i32C(b, loc, 0x400000));
    Value isSubnormal = LLVM::ICmpOp::create(
        b, loc, LLVM::ICmpPredicate::eq, exponent, i32C(b, loc, 0));
    Value up = LLVM::SelectOp::create(b, loc, isSubnormal, aboveMin,
                                      hasFraction);
    code = LLVM::AddOp::create(b, loc, code,
                               LLVM::ZExtOp::create(b, loc, i32, up));
  }
  code = LLVM::UMinOp::create(b, loc, code, i32C(b, loc, 254));
  Value isNaN = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ugt, mag,
                                     i32C(b, loc, 0x7F800000));
  code = LLVM::SelectOp::create(b, loc, isNaN, i32C(b, loc, 0xFF), code);
  return LLVM::TruncOp::create(b, loc, b.getI8Type(), code);
}

/// f32 -> tf32 (an f32 with the low 13 significand bits clear), to nearest
/// even, toward zero, or to nearest with ties away from zero (half an ulp
/// of tf32 added to the magnitude bits).
static Value roundToTF32(OpBuilder &b, Location loc, Value x,
                         const GPUTarget &target,
                         cuda_tile::RoundingMode mode) {
  Type i32 = b.getI32Type();
  Type f32 = b.getF32Type();
  bool nearestEven = mode == cuda_tile::RoundingMode::NearestEven;
  if (nearestEven && target.sm >= 90)
    return bitcastTo(
        b, loc, f32,
        createIntrinsicCall(b, loc, "llvm.nvvm.f2tf32.rn", i32, {x}));
  Value bits = bitcastTo(b, loc, i32, x);
  if (nearestEven) {
    Value shifted = LLVM::LShrOp::create(b, loc, bits, i32C(b, loc, 13));
    Value lsb = LLVM::AndOp::create(b, loc, shifted, i32C(b, loc, 1));
    Value biased = LLVM::AddOp::create(b, loc, bits, i32C(b, loc, 0xFFF));
    bits = LLVM::AddOp::create(b, loc, biased, lsb);
  } else if (mode == cuda_tile::RoundingMode::NearestAway) {
    bits = LLVM::AddOp::create(b, loc, bits, i32C(b, loc, 0x1000));
  }
  bits = LLVM::AndOp::create(b, loc, bits, i32C(b, loc, ~int64_t(0x1FFF)));
  // Clearing the low bits could turn a NaN into Inf.
  Value isNaN = LLVM::FCmpOp::create(b, loc, LLVM::FCmpPredicate::uno, x, x);
  return LLVM::SelectOp::create(b, loc, isNaN, x, bitcastTo(b, loc, f32, bits));
}

//===----------------------------------------------------------------------===//
// Exact widening and rounding into a format
//===----------------------------------------------------------------------===//

/// The value of register `v` of format `format` as f32 (f64 for f64),
/// exactly.
static Value widenExactly(OpBuilder &b, Location loc, Value v,
                          FloatFormat format, const GPUTarget &target) {
  switch (format) {
  case FloatFormat::F16:
  case FloatFormat::BF16:
    return extendToF32(b, loc, v);
  case FloatFormat::F32:
  case FloatFormat::TF32:
  case FloatFormat::F64:
    return v;
  case FloatFormat::E4M3:
  case FloatFormat::E5M2: {
    if (!hasFp8Convert(target))
      return format == FloatFormat::E5M2
                 ? LLVM::FPExtOp::create(b, loc, b.getF32Type(),
                                         decodeF8E5M2ToF16(b, loc, v))
                 : decodeF8E4M3(b, loc, v);
    // cvt.rn.f16x2.{e4m3,e5m2}x2: the low byte becomes element 0.
    Value pair = LLVM::ZExtOp::create(b, loc, b.getI16Type(), v);
    Value halves = createIntrinsicCall(
        b, loc,
        format == FloatFormat::E4M3 ? "llvm.nvvm.e4m3x2.to.f16x2.rn"
                                    : "llvm.nvvm.e5m2x2.to.f16x2.rn",
        VectorType::get({2}, b.getF16Type()), {pair});
    Value half =
        LLVM::ExtractElementOp::create(b, loc, halves, i32C(b, loc, 0));
    return extendToF32(b, loc, half);
  }
  case FloatFormat::E8M0:
    return decodeF8E8M0(b, loc, v);
  case FloatFormat::E2M1:
    return decodeF4E2M1(b, loc, v);
  }
  return v;
}

/// f32 -> f8E4M3FN / f8E5M2 / f4E2M1FN to nearest even.
static Value encodeNarrowFloat(OpBuilder &b, Location loc, Value x,
                               FloatFormat format, bool saturate,
                               const GPUTarget &target) {
  if (saturate && format != FloatFormat::E2M1 && hasFp8Convert(target)) {
    // cvt.rn.satfinite.{e4m3,e5m2}x2.f32 d, a, b puts b in the low byte.
    Value pair = createIntrinsicCall(
        b, loc,
        format == FloatFormat::E4M3 ? "llvm.nvvm.ff.to.e4m3x2.rn"
                                    : "llvm.nvvm.ff.to.e5m2x2.rn",
        b.getI16Type(), {x, x});
    return LLVM::TruncOp::create(b, loc, b.getI8Type(), pair);
  }
  const SmallFloatFormat &fmt = format == FloatFormat::E4M3   ? kE4M3
                                : format == FloatFormat::E5M2 ? kE5M2
                                                              : kE2M1;
  return encodeSmallFloat(b, loc, x, fmt, saturate);
}

//===----------------------------------------------------------------------===//
// ftof
//===----------------------------------------------------------------------===//

static FailureOr<Value> emitFToF(OpBuilder &b, cuda_tile::FToFOp op, Value v,
                                 const TileLLVMTypeConverter &converter) {
  Location loc = op.getLoc();
  const GPUTarget &target = converter.getTarget();
  Type srcElement = getTileElementType(op.getFrom().getType());
  Type dstElement = getTileElementType(op.getTo().getType());
  std::optional<FloatFormat> src = getFloatFormat(srcElement);
  std::optional<FloatFormat> dst = getFloatFormat(dstElement);
  if (!src || !dst) {
    op.emitOpError("cannot convert ") << srcElement << " to " << dstElement;
    return failure();
  }
  cuda_tile::RoundingMode mode = op.getRoundingMode();
  auto unsupportedMode = [&]() -> FailureOr<Value> {
    op.emitOpError("cannot convert to ")
        << dstElement << " with rounding mode '"
        << cuda_tile::stringifyRoundingMode(mode) << "'";
    return failure();
  };
  if (*src == *dst)
    return v;
  bool isNearest = mode == cuda_tile::RoundingMode::NearestEven;
  std::optional<StringRef> suffix = getIEEERoundingSuffix(mode);
  Value wide = widenExactly(b, loc, v, *src, target);
  bool fromF64 = *src == FloatFormat::F64;
  Type f32 = b.getF32Type();

  switch (*dst) {
  case FloatFormat::F64:
    return Value(LLVM::FPExtOp::create(b, loc, b.getF64Type(), wide));
  case FloatFormat::F32:
    if (!fromF64)
      return wide;
    if (isNearest)
      return Value(LLVM::FPTruncOp::create(b, loc, f32, wide));
    if (mode == cuda_tile::RoundingMode::NearestAway)
      return roundNearestAway(
          b, loc, wide,
          createIntrinsicCall(b, loc, "llvm.nvvm.d2f.rz", f32, {wide}), f32,
          b.getI32Type());
    if (!suffix)
      return unsupportedMode();
    return createIntrinsicCall(b, loc, ("llvm.nvvm.d2f." + *suffix).str(), f32,
                               {wide});
  case FloatFormat::TF32: {
    bool towardZero = mode == cuda_tile::RoundingMode::Zero;
    bool away = mode == cuda_tile::RoundingMode::NearestAway;
    if (!isNearest && !towardZero && !away)
      return unsupportedMode();
    // f16, bf16 and the small floats fit in tf32.
    if (*src != FloatFormat::F32 && !fromF64)
      return wide;
    // From f64, round to odd first: it keeps a tie a tie and a non-tie
    // off it for either nearest mode.
    if (fromF64)
      wide = towardZero
                 ? createIntrinsicCall(b, loc, "llvm.nvvm.d2f.rz", f32, {wide})
                 : roundF64ToOddF32(b, loc, wide);
    return roundToTF32(b, loc, wide, target, mode);
  }
  case FloatFormat::F16:
  case FloatFormat::BF16: {
    Type type = converter.convertElementType(dstElement);
    if (mode == cuda_tile::RoundingMode::NearestAway) {
      if (fromF64)
        wide = roundF64ToOddF32(b, loc, wide);
      return roundNearestAway(
          b, loc, wide,
          truncateF32(b, loc, wide, type, cuda_tile::RoundingMode::Zero), type,
          b.getI16Type());
    }
    if (!suffix)
      return unsupportedMode();
    if (fromF64) {
      // One rounding: LLVM narrows f64 to f16/bf16 directly or through
      // round-to-odd; a directed mode can be applied twice.
      if (isNearest)
        return Value(LLVM::FPTruncOp::create(b, loc, type, wide));
      wide = createIntrinsicCall(b, loc, ("llvm.nvvm.d2f." + *suffix).str(),
                                 f32, {wide});
    }
    return truncateF32(b, loc, wide, type, mode);
  }
  case FloatFormat::E4M3:
  case FloatFormat::E5M2:
  case FloatFormat::E2M1:
    if (!isNearest)
      return unsupportedMode();
    if (fromF64)
      wide = roundF64ToOddF32(b, loc, wide);
    return encodeNarrowFloat(b, loc, wide, *dst, /*saturate=*/true, target);
  case FloatFormat::E8M0: {
    bool roundUp = mode == cuda_tile::RoundingMode::PositiveInf;
    if (!roundUp && mode != cuda_tile::RoundingMode::Zero)
      return unsupportedMode();
    if (fromF64)
      wide = createIntrinsicCall(b, loc,
                                 roundUp ? "llvm.nvvm.d2f.rp"
                                         : "llvm.nvvm.d2f.rz",
                                 f32, {wide});
    return encodeE8M0(b, loc, wide, roundUp);
  }
  }
  return failure();
}

//===----------------------------------------------------------------------===//
// ftoi / itof
//===----------------------------------------------------------------------===//

static FailureOr<Value> emitFToI(OpBuilder &b, cuda_tile::FToIOp op, Value v,
                                 const TileLLVMTypeConverter &converter) {
  Location loc = op.getLoc();
  Type srcElement = getTileElementType(op.getFrom().getType());
  Type dstElement = getTileElementType(op.getTo().getType());
  std::optional<FloatFormat> src = getFloatFormat(srcElement);
  Type dstType = converter.convertElementType(dstElement);
  if (!src || !dstType || !dstType.isInteger()) {
    op.emitOpError("cannot convert ") << srcElement << " to " << dstElement;
    return failure();
  }
  if (op.getRoundingMode() != cuda_tile::RoundingMode::NearestIntToZero) {
    op.emitOpError("cannot lower rounding mode '")
        << cuda_tile::stringifyRoundingMode(op.getRoundingMode()) << "'";
    return failure();
  }
  Value wide = widenExactly(b, loc, v, *src, converter.getTarget());
  bool isSignedConv = op.getSignedness() == cuda_tile::Signedness::Signed;
  if (dstType.isInteger(1)) {
    // A conversion to i1 is a truth test, as cuTile's astype(bool) and
    // NVIDIA's tileiras have it: every non-zero value (NaN included) gives
    // true, whatever the signedness.
    Value zero = floatConst(b, loc, wide.getType(), 0.0);
    return Value(LLVM::FCmpOp::create(b, loc, LLVM::FCmpPredicate::une, wide,
                                      zero));
  }
  return createIntrinsicCall(
      b, loc, isSignedConv ? "llvm.fptosi.sat" : "llvm.fptoui.sat", dstType,
      {wide});
}

/// An integer as f32 rounded to odd (see roundF64ToOddF32), so that a
/// final rounding to nearest into a format of at most 22 significand bits
/// is correct.
static Value intToOddF32(OpBuilder &b, Location loc, Value x,
                         bool isSignedConv) {
  Type f32 = b.getF32Type();
  unsigned width = x.getType().getIntOrFloatBitWidth();
  auto toFloat = [&](Type type, Value v) -> Value {
    if (isSignedConv)
      return LLVM::SIToFPOp::create(b, loc, type, v);
    return LLVM::UIToFPOp::create(b, loc, type, v);
  };
  if (width <= 24)
    return toFloat(f32, x);
  if (width <= 32)
    return roundF64ToOddF32(b, loc, toFloat(b.getF64Type(), x));
  // i64: convert toward zero, then set the low bit when inexact. The
  // truncated value is an integer no larger in magnitude, so converting it
  // back is exact.
  Value truncated = createIntrinsicCall(
      b, loc, isSignedConv ? "llvm.nvvm.ll2f.rz" : "llvm.nvvm.ull2f.rz", f32,
      {x});
  Value back =
      isSignedConv
          ? Value(LLVM::FPToSIOp::create(b, loc, x.getType(), truncated))
          : Value(LLVM::FPToUIOp::create(b, loc, x.getType(), truncated));
  Value inexact =
      LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, back, x);
  Type i32 = b.getI32Type();
  Value truncatedBits = bitcastTo(b, loc, i32, truncated);
  Value inexactBit = LLVM::ZExtOp::create(b, loc, i32, inexact);
  Value bits = LLVM::OrOp::create(b, loc, truncatedBits, inexactBit);
  return bitcastTo(b, loc, f32, bits);
}

static FailureOr<Value> emitIToF(OpBuilder &b, cuda_tile::IToFOp op, Value x,
                                 const TileLLVMTypeConverter &converter) {
  Location loc = op.getLoc();
  const GPUTarget &target = converter.getTarget();
  Type srcElement = getTileElementType(op.getFrom().getType());
  Type dstElement = getTileElementType(op.getTo().getType());
  std::optional<FloatFormat> dst = getFloatFormat(dstElement);
  if (!dst || *dst == FloatFormat::E8M0 || !x.getType().isInteger()) {
    op.emitOpError("cannot convert ") << srcElement << " to " << dstElement;
    return failure();
  }
  if (op.getRoundingMode() != cuda_tile::RoundingMode::NearestEven) {
    op.emitOpError("cannot lower rounding mode '")
        << cuda_tile::stringifyRoundingMode(op.getRoundingMode()) << "'";
    return failure();
  }
  bool isSignedConv = op.getSignedness() == cuda_tile::Signedness::Signed;
  unsigned width = x.getType().getIntOrFloatBitWidth();
  auto direct = [&](Type type) -> Value {
    if (isSignedConv)
      return LLVM::SIToFPOp::create(b, loc, type, x);
    return LLVM::UIToFPOp::create(b, loc, type, x);
  };
  switch (*dst) {
  case FloatFormat::F16:
  case FloatFormat::F32:
  case FloatFormat::F64:
    return direct(converter.convertElementType(dstElement));
  case FloatFormat::BF16:
    // Before sm_90 there is no integer -> bf16 cvt and LLVM would round
    // twice (through f32) for integers wider than f32's significand.
    if (target.sm >= 90 || width <= 24)
      return direct(b.getBF16Type());
    return Value(LLVM::FPTruncOp::create(b, loc, b.getBF16Type(),
                                         intToOddF32(b, loc, x, isSignedConv)));
  case FloatFormat::TF32:
    return roundToTF32(b, loc, intToOddF32(b, loc, x, isSignedConv), target,
                       cuda_tile::RoundingMode::NearestEven);
  case FloatFormat::E4M3:
  case FloatFormat::E5M2:
  case FloatFormat::E2M1:
    // Integers these formats can hold are exact in f32, and larger ones
    // overflow whatever f32 rounds them to.
    return encodeNarrowFloat(b, loc, direct(b.getF32Type()), *dst,
                             /*saturate=*/false, target);
  default:
    break;
  }
  return failure();
}

//===----------------------------------------------------------------------===//
// Integer and pointer casts
//===----------------------------------------------------------------------===//

static FailureOr<Value> emitExtI(OpBuilder &b, cuda_tile::ExtIOp op, Value x,
                                 const TileLLVMTypeConverter &converter) {
  Location loc = op.getLoc();
  bool isSignedExt = op.getSignedness() == cuda_tile::Signedness::Signed;
  Type dstType =
      converter.convertElementType(getTileElementType(op.getTo().getType()));
  if (!dstType || !x.getType().isInteger())
    return failure();
  if (getTileElementType(op.getFrom().getType()).isInteger(4)) {
    // i4 is the low nibble of an i8 whose high bits are ignored.
    Value four = intConst(b, loc, x.getType(), 4);
    x = isSignedExt
            ? Value(LLVM::AShrOp::create(
                  b, loc, LLVM::ShlOp::create(b, loc, x, four), four))
            : Value(LLVM::AndOp::create(b, loc, x,
                                        intConst(b, loc, x.getType(), 0xF)));
  }
  return castInt(b, loc, x, dstType, isSignedExt);
}

static FailureOr<Value> emitTruncI(OpBuilder &b, cuda_tile::TruncIOp op,
                                   Value x,
                                   const TileLLVMTypeConverter &converter) {
  Location loc = op.getLoc();
  Type dstElement = getTileElementType(op.getTo().getType());
  Type dstType = converter.convertElementType(dstElement);
  if (!dstType || !x.getType().isInteger())
    return failure();
  Value result = castInt(b, loc, x, dstType, /*isSigned=*/false);
  if (dstElement.isInteger(4))
    result = LLVM::AndOp::create(b, loc, result,
                                 intConst(b, loc, dstType, 0xF));
  return result;
}

static FailureOr<Value> emitBitcast(OpBuilder &b, cuda_tile::BitcastOp op,
                                    Value x,
                                    const TileLLVMTypeConverter &converter) {
  Type dstType = converter.convertElementType(
      getTileElementType(op.getResult().getType()));
  if (!dstType)
    return failure();
  // 8- and 4-bit floats already are integer registers.
  if (dstType == x.getType())
    return x;
  if (dstType.getIntOrFloatBitWidth() != x.getType().getIntOrFloatBitWidth())
    return failure();
  return bitcastTo(b, op.getLoc(), dstType, x);
}

bool lowering::isCastOp(Operation *op) {
  return isa<cuda_tile::ExtIOp, cuda_tile::TruncIOp, cuda_tile::FToFOp,
             cuda_tile::FToIOp, cuda_tile::IToFOp, cuda_tile::BitcastOp,
             cuda_tile::IntToPtrOp, cuda_tile::PtrToIntOp,
             cuda_tile::PtrToPtrOp>(op);
}

FailureOr<Value> lowering::emitCastOp(OpBuilder &b, Operation *op, Value x,
                                      const TileLLVMTypeConverter &converter) {
  Location loc = op->getLoc();
  using Result = FailureOr<Value>;
  return llvm::TypeSwitch<Operation *, Result>(op)
      .Case([&](cuda_tile::ExtIOp o) { return emitExtI(b, o, x, converter); })
      .Case([&](cuda_tile::TruncIOp o) {
        return emitTruncI(b, o, x, converter);
      })
      .Case([&](cuda_tile::FToFOp o) { return emitFToF(b, o, x, converter); })
      .Case([&](cuda_tile::FToIOp o) { return emitFToI(b, o, x, converter); })
      .Case([&](cuda_tile::IToFOp o) { return emitIToF(b, o, x, converter); })
      .Case([&](cuda_tile::BitcastOp o) {
        return emitBitcast(b, o, x, converter);
      })
      .Case([&](cuda_tile::IntToPtrOp) -> Result {
        return Value(LLVM::IntToPtrOp::create(
            b, loc, LLVM::LLVMPointerType::get(b.getContext(), 1), x));
      })
      .Case([&](cuda_tile::PtrToIntOp) -> Result {
        return Value(LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), x));
      })
      .Case([&](cuda_tile::PtrToPtrOp) -> Result { return x; })
      .Default([](Operation *) -> Result { return failure(); });
}
