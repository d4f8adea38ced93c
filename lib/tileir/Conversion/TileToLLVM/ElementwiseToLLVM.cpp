//===- ElementwiseToLLVM.cpp - Element-wise ops, register by register -----===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Every element-wise op has the same layout on its operands and results
// (layout assignment guarantees it), so it lowers to the same scalar
// computation on each register. emitScalarOp is that computation; the
// reduce and scan lowerings use it for their combiner bodies too.
//
// This file holds the pattern, the dispatch, integer and float arithmetic,
// comparisons, select, pointer offsets and iota. Math functions are in
// MathToLLVM.cpp and conversions in CastToLLVM.cpp.
//
// Semantics worth knowing:
//  - Integer arithmetic wraps; `overflow` flags become LLVM nsw/nuw, which
//    only license optimizations.
//  - Shifts by at least the bit width give 0 (shli, unsigned shri) or the
//    sign fill (signed shri), as PTX's clamping shifts do, instead of
//    LLVM's poison.
//  - Floor and ceiling division correct the truncated quotient by the sign
//    of the remainder. Division by zero and MIN / -1 are undefined by the
//    specification and are left to the hardware.
//  - f32 and f64 arithmetic with a non-default rounding mode or
//    flush_to_zero uses the NVVM intrinsics of the PTX instruction with that
//    modifier. f16 and bf16 arithmetic the hardware lacks (directed
//    rounding, division, remainder) is computed in f32 and rounded back
//    once with the same mode, which is exact for +, -, *, /, sqrt (f32 has
//    more than twice their precision plus two bits) and for directed
//    modes in general.
//  - maxf/minf without propagate_nan are IEEE 754-2019 maximumNumber /
//    minimumNumber (llvm.maximumnum, PTX max), with it maximum / minimum
//    (llvm.maximum, PTX max.NaN); both order -0.0 below +0.0.
//
//===----------------------------------------------------------------------===//

#include "ElementwiseUtils.h"
#include "LoweringUtils.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::lowering;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

Type lowering::getTileElementType(Type type) {
  if (auto tile = dyn_cast<cuda_tile::TileType>(type))
    return tile.getElementType();
  return type;
}

Value lowering::floatConst(OpBuilder &b, Location loc, Type type,
                           double value) {
  auto floatType = cast<FloatType>(type);
  llvm::APFloat v(value);
  bool losesInfo = false;
  v.convert(floatType.getFloatSemantics(), llvm::APFloat::rmNearestTiesToEven,
            &losesInfo);
  return LLVM::ConstantOp::create(b, loc, type, b.getFloatAttr(type, v));
}

Value lowering::createIntrinsicCall(OpBuilder &b, Location loc, StringRef name,
                                    Type resultType, ValueRange args) {
  auto call = LLVM::CallIntrinsicOp::create(b, loc, resultType,
                                            b.getStringAttr(name), args);
  return call->getResult(0);
}

std::optional<StringRef>
lowering::getIEEERoundingSuffix(cuda_tile::RoundingMode mode) {
  switch (mode) {
  case cuda_tile::RoundingMode::NearestEven:
    return StringRef("rn");
  case cuda_tile::RoundingMode::Zero:
    return StringRef("rz");
  case cuda_tile::RoundingMode::NegativeInf:
    return StringRef("rm");
  case cuda_tile::RoundingMode::PositiveInf:
    return StringRef("rp");
  default:
    return std::nullopt;
  }
}

//===----------------------------------------------------------------------===//
// Integer arithmetic
//===----------------------------------------------------------------------===//

static LLVM::IntegerOverflowFlags
getOverflowFlags(cuda_tile::IntegerOverflow overflow) {
  switch (overflow) {
  case cuda_tile::IntegerOverflow::None:
    return LLVM::IntegerOverflowFlags::none;
  case cuda_tile::IntegerOverflow::NSW:
    return LLVM::IntegerOverflowFlags::nsw;
  case cuda_tile::IntegerOverflow::NUW:
    return LLVM::IntegerOverflowFlags::nuw;
  case cuda_tile::IntegerOverflow::NW:
    return LLVM::IntegerOverflowFlags::nsw | LLVM::IntegerOverflowFlags::nuw;
  }
  return LLVM::IntegerOverflowFlags::none;
}

static bool isSigned(cuda_tile::Signedness signedness) {
  return signedness == cuda_tile::Signedness::Signed;
}

/// The high half of the unsigned product (PTX mul.hi).
static Value emitMulHi(OpBuilder &b, Location loc, Value x, Value y) {
  Type type = x.getType();
  unsigned width = type.getIntOrFloatBitWidth();
  switch (width) {
  case 16:
    return createIntrinsicCall(b, loc, "llvm.nvvm.mulhi.us", type, {x, y});
  case 32:
    return createIntrinsicCall(b, loc, "llvm.nvvm.mulhi.ui", type, {x, y});
  case 64:
    return createIntrinsicCall(b, loc, "llvm.nvvm.mulhi.ull", type, {x, y});
  default:
    break;
  }
  // i1 and i8: the product fits in twice the width.
  Type wide = b.getIntegerType(2 * width);
  Value wideX = castInt(b, loc, x, wide, /*isSigned=*/false);
  Value wideY = castInt(b, loc, y, wide, /*isSigned=*/false);
  Value product = LLVM::MulOp::create(b, loc, wideX, wideY);
  Value high = LLVM::LShrOp::create(b, loc, product, intConst(b, loc, wide,
                                                              width));
  return LLVM::TruncOp::create(b, loc, type, high);
}

/// Integer division rounded toward zero, -inf (floor) or +inf (ceiling).
static FailureOr<Value> emitDivI(OpBuilder &b, cuda_tile::DivIOp op,
                                 Value lhs, Value rhs) {
  Location loc = op.getLoc();
  bool isSignedDiv = isSigned(op.getSignedness());
  cuda_tile::RoundingMode rounding = op.getRounding();
  Value quotient = isSignedDiv
                       ? Value(LLVM::SDivOp::create(b, loc, lhs, rhs))
                       : Value(LLVM::UDivOp::create(b, loc, lhs, rhs));
  if (rounding == cuda_tile::RoundingMode::Zero)
    return quotient;
  if (rounding != cuda_tile::RoundingMode::NegativeInf &&
      rounding != cuda_tile::RoundingMode::PositiveInf) {
    op.emitOpError("cannot lower rounding mode '")
        << cuda_tile::stringifyRoundingMode(rounding) << "'";
    return failure();
  }
  Type type = lhs.getType();
  Value zero = intConst(b, loc, type, 0);
  Value remainder = isSignedDiv
                        ? Value(LLVM::SRemOp::create(b, loc, lhs, rhs))
                        : Value(LLVM::URemOp::create(b, loc, lhs, rhs));
  Value inexact =
      LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, remainder, zero);
  if (!isSignedDiv) {
    // Unsigned quotients are never negative: floor is the truncation.
    if (rounding == cuda_tile::RoundingMode::NegativeInf)
      return quotient;
    return Value(LLVM::AddOp::create(
        b, loc, quotient, LLVM::ZExtOp::create(b, loc, type, inexact)));
  }
  // The exact quotient is negative when the remainder (which has the sign of
  // lhs) and rhs differ in sign.
  Value signsDiffer = LLVM::ICmpOp::create(
      b, loc, LLVM::ICmpPredicate::slt,
      LLVM::XOrOp::create(b, loc, remainder, rhs), zero);
  if (rounding == cuda_tile::RoundingMode::NegativeInf) {
    Value adjust = LLVM::AndOp::create(b, loc, inexact, signsDiffer);
    return Value(LLVM::SubOp::create(
        b, loc, quotient, LLVM::ZExtOp::create(b, loc, type, adjust)));
  }
  Value signsAgree = LLVM::XOrOp::create(
      b, loc, signsDiffer,
      LLVM::ConstantOp::create(b, loc, b.getI1Type(), b.getBoolAttr(true)));
  Value adjust = LLVM::AndOp::create(b, loc, inexact, signsAgree);
  return Value(LLVM::AddOp::create(
      b, loc, quotient, LLVM::ZExtOp::create(b, loc, type, adjust)));
}

/// Shift left; amounts of at least the bit width give 0.
static Value emitShl(OpBuilder &b, Location loc, Value x, Value amount,
                     LLVM::IntegerOverflowFlags flags) {
  Type type = x.getType();
  unsigned width = type.getIntOrFloatBitWidth();
  Value shifted = LLVM::ShlOp::create(b, loc, x, amount, flags);
  Value tooFar = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::uge, amount,
                                      intConst(b, loc, type, width));
  return LLVM::SelectOp::create(b, loc, tooFar, intConst(b, loc, type, 0),
                                shifted);
}

/// Shift right; amounts of at least the bit width give the sign fill
/// (signed) or 0 (unsigned).
static Value emitShr(OpBuilder &b, Location loc, Value x, Value amount,
                     bool isSignedShift) {
  Type type = x.getType();
  unsigned width = type.getIntOrFloatBitWidth();
  Value widthMinusOne = intConst(b, loc, type, width - 1);
  if (isSignedShift) {
    Value clamped = LLVM::UMinOp::create(b, loc, amount, widthMinusOne);
    return LLVM::AShrOp::create(b, loc, x, clamped);
  }
  Value shifted = LLVM::LShrOp::create(b, loc, x, amount);
  Value tooFar = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ugt, amount,
                                      widthMinusOne);
  return LLVM::SelectOp::create(b, loc, tooFar, intConst(b, loc, type, 0),
                                shifted);
}

static LLVM::ICmpPredicate getICmpPredicate(cuda_tile::ComparisonPredicate p,
                                            bool isSignedCmp) {
  switch (p) {
  case cuda_tile::ComparisonPredicate::Equal:
    return LLVM::ICmpPredicate::eq;
  case cuda_tile::ComparisonPredicate::NotEqual:
    return LLVM::ICmpPredicate::ne;
  case cuda_tile::ComparisonPredicate::LessThan:
    return isSignedCmp ? LLVM::ICmpPredicate::slt : LLVM::ICmpPredicate::ult;
  case cuda_tile::ComparisonPredicate::LessThanOrEqual:
    return isSignedCmp ? LLVM::ICmpPredicate::sle : LLVM::ICmpPredicate::ule;
  case cuda_tile::ComparisonPredicate::GreaterThan:
    return isSignedCmp ? LLVM::ICmpPredicate::sgt : LLVM::ICmpPredicate::ugt;
  case cuda_tile::ComparisonPredicate::GreaterThanOrEqual:
    return isSignedCmp ? LLVM::ICmpPredicate::sge : LLVM::ICmpPredicate::uge;
  }
  return LLVM::ICmpPredicate::eq;
}

/// Bits a pointee occupies in memory: tf32 is stored as f32, i1 as a byte.
static unsigned getStorageBits(Type pointee) {
  if (isa<FloatTF32Type>(pointee))
    return 32;
  unsigned bits = pointee.getIntOrFloatBitWidth();
  return bits == 1 ? 8 : bits;
}

/// ptr + offset * sizeof(pointee), with the offset read as signed.
static FailureOr<Value> emitOffset(OpBuilder &b, cuda_tile::OffsetOp op,
                                   Value ptr, Value offset) {
  Location loc = op.getLoc();
  auto ptrType =
      dyn_cast<cuda_tile::PointerType>(getTileElementType(op.getType()));
  if (!ptrType)
    return failure();
  unsigned bits = getStorageBits(ptrType.getPointeeType());
  Value index = castInt(b, loc, offset, b.getI64Type(), /*isSigned=*/true);
  Type element;
  if (bits < 8) {
    // Sub-byte elements (f4E2M1FN): two per byte.
    index = LLVM::AShrOp::create(b, loc, index, i64Const(b, loc, 1));
    element = b.getI8Type();
  } else {
    element = b.getIntegerType(bits);
  }
  return Value(LLVM::GEPOp::create(b, loc, ptr.getType(), element, ptr,
                                   ValueRange{index}));
}

//===----------------------------------------------------------------------===//
// Float arithmetic
//===----------------------------------------------------------------------===//

namespace {
enum class FloatArith { Add, Sub, Mul, Div };
} // namespace

static StringRef getIntrinsicStem(FloatArith kind) {
  switch (kind) {
  case FloatArith::Add:
  case FloatArith::Sub:
    return "add";
  case FloatArith::Mul:
    return "mul";
  case FloatArith::Div:
    return "div";
  }
  return "add";
}

/// lhs (+ - * /) rhs with `mode` and `ftz` on f16, bf16, f32 or f64.
static FailureOr<Value> emitFloatArith(OpBuilder &b, Operation *op,
                                       FloatArith kind, Value lhs, Value rhs,
                                       cuda_tile::RoundingMode mode,
                                       bool ftz) {
  Location loc = op->getLoc();
  Type type = lhs.getType();
  bool isHalf = type.isF16() || type.isBF16();
  if (isHalf) {
    // Native f16/bf16 arithmetic rounds to nearest; everything else is
    // computed in f32 and rounded back once with the same mode.
    if (mode == cuda_tile::RoundingMode::NearestEven &&
        kind != FloatArith::Div) {
      switch (kind) {
      case FloatArith::Add:
        return Value(LLVM::FAddOp::create(b, loc, lhs, rhs));
      case FloatArith::Sub:
        return Value(LLVM::FSubOp::create(b, loc, lhs, rhs));
      default:
        return Value(LLVM::FMulOp::create(b, loc, lhs, rhs));
      }
    }
    Value wideLhs = extendToF32(b, loc, lhs);
    Value wideRhs = extendToF32(b, loc, rhs);
    FailureOr<Value> wide =
        emitFloatArith(b, op, kind, wideLhs, wideRhs, mode, /*ftz=*/false);
    if (failed(wide))
      return failure();
    return truncateF32(b, loc, *wide, type, mode);
  }
  if (!type.isF32() && !type.isF64())
    return failure();
  bool isF32 = type.isF32();
  ftz = ftz && isF32;
  if (mode == cuda_tile::RoundingMode::NearestEven && !ftz) {
    // NVPTX emits these with an explicit .rn (which keeps ptxas from
    // contracting them) and IEEE division.
    switch (kind) {
    case FloatArith::Add:
      return Value(LLVM::FAddOp::create(b, loc, lhs, rhs));
    case FloatArith::Sub:
      return Value(LLVM::FSubOp::create(b, loc, lhs, rhs));
    case FloatArith::Mul:
      return Value(LLVM::FMulOp::create(b, loc, lhs, rhs));
    case FloatArith::Div:
      return Value(LLVM::FDivOp::create(b, loc, lhs, rhs));
    }
  }
  std::string name;
  if (mode == cuda_tile::RoundingMode::Approx ||
      mode == cuda_tile::RoundingMode::Full) {
    if (kind != FloatArith::Div || !isF32) {
      op->emitOpError("rounding mode '")
          << cuda_tile::stringifyRoundingMode(mode)
          << "' is only supported by f32 division";
      return failure();
    }
    name = mode == cuda_tile::RoundingMode::Approx
               ? (ftz ? "llvm.nvvm.div.approx.ftz.f" : "llvm.nvvm.div.approx.f")
               : (ftz ? "llvm.nvvm.div.full.ftz" : "llvm.nvvm.div.full");
  } else {
    std::optional<StringRef> suffix = getIEEERoundingSuffix(mode);
    if (!suffix) {
      op->emitOpError("cannot lower rounding mode '")
          << cuda_tile::stringifyRoundingMode(mode) << "'";
      return failure();
    }
    name = ("llvm.nvvm." + getIntrinsicStem(kind) + "." + *suffix +
            (ftz ? ".ftz" : "") + (isF32 ? ".f" : ".d"))
               .str();
  }
  // a - b is a + (-b) with the same rounding.
  if (kind == FloatArith::Sub)
    rhs = LLVM::FNegOp::create(b, loc, type, rhs, LLVM::FastmathFlagsAttr());
  return createIntrinsicCall(b, loc, name, type, {lhs, rhs});
}

static FailureOr<Value> emitFma(OpBuilder &b, cuda_tile::FmaOp op, Value x,
                                Value y, Value z) {
  Location loc = op.getLoc();
  Type type = x.getType();
  cuda_tile::RoundingMode mode = op.getRoundingMode();
  bool ftz = op.getFlushToZero() && type.isF32();
  if (mode == cuda_tile::RoundingMode::NearestEven && !ftz)
    return Value(LLVM::FMAOp::create(b, loc, type, x, y, z));
  std::optional<StringRef> suffix = getIEEERoundingSuffix(mode);
  if (!suffix) {
    op.emitOpError("cannot lower rounding mode '")
        << cuda_tile::stringifyRoundingMode(mode) << "'";
    return failure();
  }
  if (type.isF16() || type.isBF16()) {
    // x * y is exact in f32, so one directed f32 fma and one directed
    // rounding to the narrow type round the exact result once.
    Value wide = createIntrinsicCall(
        b, loc, ("llvm.nvvm.fma." + *suffix + ".f").str(), b.getF32Type(),
        {extendToF32(b, loc, x), extendToF32(b, loc, y),
         extendToF32(b, loc, z)});
    return truncateF32(b, loc, wide, type, mode);
  }
  if (!type.isF32() && !type.isF64())
    return failure();
  std::string name = ("llvm.nvvm.fma." + *suffix + (ftz ? ".ftz" : "") +
                      (type.isF32() ? ".f" : ".d"))
                         .str();
  return createIntrinsicCall(b, loc, name, type, {x, y, z});
}

/// maxf / minf: maximumNumber/minimumNumber, or maximum/minimum with
/// propagate_nan.
static FailureOr<Value> emitMinMaxF(OpBuilder &b, Location loc, bool isMax,
                                    bool propagateNaN, bool ftz, Value lhs,
                                    Value rhs) {
  Type type = lhs.getType();
  if (ftz && type.isF32()) {
    std::string name = (Twine("llvm.nvvm.f") + (isMax ? "max" : "min") +
                        ".ftz" + (propagateNaN ? ".nan" : "") + ".f")
                           .str();
    return createIntrinsicCall(b, loc, name, type, {lhs, rhs});
  }
  if (propagateNaN)
    return isMax ? Value(LLVM::MaximumOp::create(b, loc, type, lhs, rhs))
                 : Value(LLVM::MinimumOp::create(b, loc, type, lhs, rhs));
  return createIntrinsicCall(b, loc,
                             isMax ? "llvm.maximumnum" : "llvm.minimumnum",
                             type, {lhs, rhs});
}

/// lhs - trunc(lhs / rhs) * rhs, exactly (C fmod).
static FailureOr<Value> emitRemF(OpBuilder &b, Operation *op, Value lhs,
                                 Value rhs) {
  Location loc = op->getLoc();
  Type type = lhs.getType();
  if (type.isF64())
    return createLibdeviceCall(b, loc, op, "__nv_fmod", type, {lhs, rhs});
  // fmod is exact, so the f32 result of f16/bf16 operands is representable
  // in their type and the final rounding changes nothing.
  FailureOr<Value> wide = createLibdeviceCall(
      b, loc, op, "__nv_fmodf", b.getF32Type(),
      {extendToF32(b, loc, lhs), extendToF32(b, loc, rhs)});
  if (failed(wide) || type.isF32())
    return wide;
  return Value(LLVM::FPTruncOp::create(b, loc, type, *wide));
}

static LLVM::FCmpPredicate getFCmpPredicate(cuda_tile::ComparisonPredicate p,
                                            bool ordered) {
  switch (p) {
  case cuda_tile::ComparisonPredicate::Equal:
    return ordered ? LLVM::FCmpPredicate::oeq : LLVM::FCmpPredicate::ueq;
  case cuda_tile::ComparisonPredicate::NotEqual:
    return ordered ? LLVM::FCmpPredicate::one : LLVM::FCmpPredicate::une;
  case cuda_tile::ComparisonPredicate::LessThan:
    return ordered ? LLVM::FCmpPredicate::olt : LLVM::FCmpPredicate::ult;
  case cuda_tile::ComparisonPredicate::LessThanOrEqual:
    return ordered ? LLVM::FCmpPredicate::ole : LLVM::FCmpPredicate::ule;
  case cuda_tile::ComparisonPredicate::GreaterThan:
    return ordered ? LLVM::FCmpPredicate::ogt : LLVM::FCmpPredicate::ugt;
  case cuda_tile::ComparisonPredicate::GreaterThanOrEqual:
    return ordered ? LLVM::FCmpPredicate::oge : LLVM::FCmpPredicate::uge;
  }
  return LLVM::FCmpPredicate::oeq;
}

//===----------------------------------------------------------------------===//
// emitScalarOp
//===----------------------------------------------------------------------===//

static FailureOr<Value> emitScalar(OpBuilder &b, Operation *op,
                                   ValueRange operands,
                                   const TileLLVMTypeConverter &converter) {
  Location loc = op->getLoc();
  if (operands.size() != op->getNumOperands() || op->getNumResults() != 1)
    return failure();
  if (isMathOp(op))
    return emitMathOp(b, op, operands, converter);
  if (isCastOp(op))
    return emitCastOp(b, op, operands[0], converter);

  using Result = FailureOr<Value>;
  Value x = operands[0];
  Value y = operands.size() > 1 ? operands[1] : Value();
  return llvm::TypeSwitch<Operation *, Result>(op)
      // Integer arithmetic.
      .Case([&](cuda_tile::AddIOp o) -> Result {
        return Value(LLVM::AddOp::create(b, loc, x, y,
                                         getOverflowFlags(o.getOverflow())));
      })
      .Case([&](cuda_tile::SubIOp o) -> Result {
        return Value(LLVM::SubOp::create(b, loc, x, y,
                                         getOverflowFlags(o.getOverflow())));
      })
      .Case([&](cuda_tile::MulIOp o) -> Result {
        return Value(LLVM::MulOp::create(b, loc, x, y,
                                         getOverflowFlags(o.getOverflow())));
      })
      .Case([&](cuda_tile::MulhiIOp) -> Result {
        return emitMulHi(b, loc, x, y);
      })
      .Case([&](cuda_tile::DivIOp o) -> Result {
        return emitDivI(b, o, x, y);
      })
      .Case([&](cuda_tile::RemIOp o) -> Result {
        if (isSigned(o.getSignedness()))
          return Value(LLVM::SRemOp::create(b, loc, x, y));
        return Value(LLVM::URemOp::create(b, loc, x, y));
      })
      .Case([&](cuda_tile::NegIOp o) -> Result {
        return Value(LLVM::SubOp::create(b, loc, intConst(b, loc, x.getType(),
                                                          0),
                                         x, getOverflowFlags(o.getOverflow())));
      })
      .Case([&](cuda_tile::AbsIOp) -> Result {
        // The result is read as unsigned, so |MIN| is MIN's bit pattern.
        return Value(LLVM::AbsOp::create(b, loc, x.getType(), x,
                                         /*is_int_min_poison=*/false));
      })
      .Case([&](cuda_tile::MaxIOp o) -> Result {
        if (isSigned(o.getSignedness()))
          return Value(LLVM::SMaxOp::create(b, loc, x, y));
        return Value(LLVM::UMaxOp::create(b, loc, x, y));
      })
      .Case([&](cuda_tile::MinIOp o) -> Result {
        if (isSigned(o.getSignedness()))
          return Value(LLVM::SMinOp::create(b, loc, x, y));
        return Value(LLVM::UMinOp::create(b, loc, x, y));
      })
      .Case([&](cuda_tile::AndIOp) -> Result {
        return Value(LLVM::AndOp::create(b, loc, x, y));
      })
      .Case([&](cuda_tile::OrIOp) -> Result {
        return Value(LLVM::OrOp::create(b, loc, x, y));
      })
      .Case([&](cuda_tile::XOrIOp) -> Result {
        return Value(LLVM::XOrOp::create(b, loc, x, y));
      })
      .Case([&](cuda_tile::ShLIOp o) -> Result {
        return emitShl(b, loc, x, y, getOverflowFlags(o.getOverflow()));
      })
      .Case([&](cuda_tile::ShRIOp o) -> Result {
        return emitShr(b, loc, x, y, isSigned(o.getSignedness()));
      })
      .Case([&](cuda_tile::CmpIOp o) -> Result {
        return Value(LLVM::ICmpOp::create(
            b, loc,
            getICmpPredicate(o.getComparisonPredicate(),
                             isSigned(o.getSignedness())),
            x, y));
      })
      // Float arithmetic.
      .Case([&](cuda_tile::AbsFOp) -> Result {
        return Value(LLVM::FAbsOp::create(b, loc, x.getType(), x));
      })
      .Case([&](cuda_tile::NegFOp) -> Result {
        return Value(LLVM::FNegOp::create(b, loc, x.getType(), x,
                                          LLVM::FastmathFlagsAttr()));
      })
      .Case([&](cuda_tile::AddFOp o) -> Result {
        return emitFloatArith(b, op, FloatArith::Add, x, y,
                              o.getRoundingMode(), o.getFlushToZero());
      })
      .Case([&](cuda_tile::SubFOp o) -> Result {
        return emitFloatArith(b, op, FloatArith::Sub, x, y,
                              o.getRoundingMode(), o.getFlushToZero());
      })
      .Case([&](cuda_tile::MulFOp o) -> Result {
        return emitFloatArith(b, op, FloatArith::Mul, x, y,
                              o.getRoundingMode(), o.getFlushToZero());
      })
      .Case([&](cuda_tile::DivFOp o) -> Result {
        return emitFloatArith(b, op, FloatArith::Div, x, y,
                              o.getRoundingMode(), o.getFlushToZero());
      })
      .Case([&](cuda_tile::RemFOp) -> Result { return emitRemF(b, op, x, y); })
      .Case([&](cuda_tile::FmaOp o) -> Result {
        return emitFma(b, o, x, y, operands[2]);
      })
      .Case([&](cuda_tile::MaxFOp o) -> Result {
        return emitMinMaxF(b, loc, /*isMax=*/true, o.getPropagateNan(),
                           o.getFlushToZero(), x, y);
      })
      .Case([&](cuda_tile::MinFOp o) -> Result {
        return emitMinMaxF(b, loc, /*isMax=*/false, o.getPropagateNan(),
                           o.getFlushToZero(), x, y);
      })
      .Case([&](cuda_tile::CmpFOp o) -> Result {
        bool ordered = o.getComparisonOrdering() ==
                       cuda_tile::ComparisonOrdering::Ordered;
        return Value(LLVM::FCmpOp::create(
            b, loc, getFCmpPredicate(o.getComparisonPredicate(), ordered), x,
            y));
      })
      // Any element type.
      .Case([&](cuda_tile::SelectOp) -> Result {
        return Value(LLVM::SelectOp::create(b, loc, x, y, operands[2]));
      })
      .Case([&](cuda_tile::OffsetOp o) -> Result {
        return emitOffset(b, o, x, y);
      })
      .Default([](Operation *) -> Result { return failure(); });
}

FailureOr<SmallVector<Value>>
lowering::emitScalarOp(OpBuilder &b, Operation *op, ValueRange operands,
                       const TileLLVMTypeConverter &converter) {
  FailureOr<Value> result = emitScalar(b, op, operands, converter);
  if (failed(result))
    return failure();
  return SmallVector<Value>{*result};
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

namespace {

/// Whether the tiles of rank >= 1 among `types` all have the same layout,
/// so that register i of each holds the same element.
bool haveSameLayouts(TypeRange types) {
  tilegpu::LayoutAttr first;
  for (Type type : types) {
    auto tile = dyn_cast<cuda_tile::TileType>(type);
    if (!tile || tile.getShape().empty())
      continue;
    tilegpu::LayoutAttr layout = tilegpu::getLayout(tile);
    if (!layout)
      return false;
    if (!first)
      first = layout;
    else if (layout != first && !(layout.getLayout() == first.getLayout()))
      return false;
  }
  return true;
}

/// One pattern for every element-wise op.
template <typename SourceOp>
struct ElementwiseLowering : public ConvertOpToLLVMPattern<SourceOp> {
  using ConvertOpToLLVMPattern<SourceOp>::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto *converter =
        static_cast<const TileLLVMTypeConverter *>(this->getTypeConverter());
    if (!haveSameLayouts(op->getOperandTypes()) ||
        !haveSameLayouts(op->getResultTypes()) ||
        (op->getNumOperands() &&
         !haveSameLayouts({op->getOperand(0).getType(),
                           op->getResult(0).getType()})))
      return rewriter.notifyMatchFailure(op, "operand and result layouts "
                                             "differ");
    SmallVector<SmallVector<Value>> operandRegs;
    for (Value operand : adaptor.getOperands())
      operandRegs.push_back(unpackRegisters(rewriter, loc, operand));
    size_t numRegs = operandRegs.empty() ? 1 : operandRegs.front().size();
    SmallVector<SmallVector<Value>> resultRegs(op->getNumResults());
    for (size_t r = 0; r < numRegs; ++r) {
      SmallVector<Value> scalars;
      for (auto &regs : operandRegs) {
        if (regs.size() != numRegs)
          return rewriter.notifyMatchFailure(op, "operand layouts differ");
        scalars.push_back(regs[r]);
      }
      FailureOr<SmallVector<Value>> results =
          emitScalarOp(rewriter, op, scalars, *converter);
      if (failed(results))
        return rewriter.notifyMatchFailure(op, "no scalar lowering");
      for (auto [i, v] : llvm::enumerate(*results))
        resultRegs[i].push_back(v);
    }
    SmallVector<Value> packed;
    for (auto [i, result] : llvm::enumerate(op->getResults())) {
      Type resultType = converter->convertType(result.getType());
      if (!resultType)
        return rewriter.notifyMatchFailure(op, "unconvertible result type");
      packed.push_back(
          packRegisters(rewriter, loc, resultType, resultRegs[i]));
    }
    rewriter.replaceOp(op, packed);
    return success();
  }
};

/// iota: each register holds its element's coordinate.
struct IotaLowering : public ConvertOpToLLVMPattern<cuda_tile::IotaOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::IotaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type tileType = op.getResult().getType();
    FailureOr<LinearLayout> layout =
        getTileLayout(tileType, getNumWarps(op));
    if (failed(layout) || layout->getShape().size() != 1)
      return rewriter.notifyMatchFailure(op, "expected a 1-d tile with a "
                                             "layout");
    Type resultType = getTypeConverter()->convertType(tileType);
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "unconvertible result type");
    Type element = getTileElementType(tileType);
    ThreadIds ids = getThreadIds(rewriter, loc);
    SmallVector<SmallVector<Value>> coords =
        emitElementCoordinates(rewriter, loc, *layout, ids);
    SmallVector<Value> regs;
    for (auto &coord : coords)
      regs.push_back(castInt(rewriter, loc, coord.front(), element,
                             /*isSigned=*/false));
    rewriter.replaceOp(op, packRegisters(rewriter, loc, resultType, regs));
    return success();
  }
};

} // namespace

void tileir::populateElementwiseToLLVMPatterns(
    TileLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<
      // Integer arithmetic, bitwise ops, shifts and comparison.
      ElementwiseLowering<cuda_tile::AbsIOp>,
      ElementwiseLowering<cuda_tile::AddIOp>,
      ElementwiseLowering<cuda_tile::SubIOp>,
      ElementwiseLowering<cuda_tile::MulIOp>,
      ElementwiseLowering<cuda_tile::MulhiIOp>,
      ElementwiseLowering<cuda_tile::DivIOp>,
      ElementwiseLowering<cuda_tile::RemIOp>,
      ElementwiseLowering<cuda_tile::NegIOp>,
      ElementwiseLowering<cuda_tile::MaxIOp>,
      ElementwiseLowering<cuda_tile::MinIOp>,
      ElementwiseLowering<cuda_tile::AndIOp>,
      ElementwiseLowering<cuda_tile::OrIOp>,
      ElementwiseLowering<cuda_tile::XOrIOp>,
      ElementwiseLowering<cuda_tile::ShLIOp>,
      ElementwiseLowering<cuda_tile::ShRIOp>,
      ElementwiseLowering<cuda_tile::CmpIOp>,
      // Float arithmetic and comparison.
      ElementwiseLowering<cuda_tile::AbsFOp>,
      ElementwiseLowering<cuda_tile::NegFOp>,
      ElementwiseLowering<cuda_tile::AddFOp>,
      ElementwiseLowering<cuda_tile::SubFOp>,
      ElementwiseLowering<cuda_tile::MulFOp>,
      ElementwiseLowering<cuda_tile::DivFOp>,
      ElementwiseLowering<cuda_tile::RemFOp>,
      ElementwiseLowering<cuda_tile::FmaOp>,
      ElementwiseLowering<cuda_tile::MaxFOp>,
      ElementwiseLowering<cuda_tile::MinFOp>,
      ElementwiseLowering<cuda_tile::CmpFOp>,
      // Math.
      ElementwiseLowering<cuda_tile::CeilOp>,
      ElementwiseLowering<cuda_tile::FloorOp>,
      ElementwiseLowering<cuda_tile::CosOp>,
      ElementwiseLowering<cuda_tile::CosHOp>,
      ElementwiseLowering<cuda_tile::SinOp>,
      ElementwiseLowering<cuda_tile::SinHOp>,
      ElementwiseLowering<cuda_tile::TanOp>,
      ElementwiseLowering<cuda_tile::TanHOp>,
      ElementwiseLowering<cuda_tile::ExpOp>,
      ElementwiseLowering<cuda_tile::Exp2Op>,
      ElementwiseLowering<cuda_tile::LogOp>,
      ElementwiseLowering<cuda_tile::Log2Op>,
      ElementwiseLowering<cuda_tile::PowOp>,
      ElementwiseLowering<cuda_tile::SqrtOp>,
      ElementwiseLowering<cuda_tile::RsqrtOp>,
      ElementwiseLowering<cuda_tile::Atan2Op>,
      ElementwiseLowering<cuda_tile::FPowIOp>,
      // Conversions.
      ElementwiseLowering<cuda_tile::ExtIOp>,
      ElementwiseLowering<cuda_tile::TruncIOp>,
      ElementwiseLowering<cuda_tile::FToFOp>,
      ElementwiseLowering<cuda_tile::FToIOp>,
      ElementwiseLowering<cuda_tile::IToFOp>,
      ElementwiseLowering<cuda_tile::BitcastOp>,
      ElementwiseLowering<cuda_tile::IntToPtrOp>,
      ElementwiseLowering<cuda_tile::PtrToIntOp>,
      ElementwiseLowering<cuda_tile::PtrToPtrOp>,
      // Any element type.
      ElementwiseLowering<cuda_tile::SelectOp>,
      ElementwiseLowering<cuda_tile::OffsetOp>, IotaLowering>(converter);
  populatePackToLLVMPatterns(converter, patterns);
}
