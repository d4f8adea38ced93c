//===- ArithOps.cpp - cuda_tile arithmetic ops ----------------------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Verifiers, builders, folders and custom assembly of the ops defined in
// ArithOps.td. Static helpers used by `custom<...>` directives of those
// ops must be declared before the generated definitions below.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Dialect/CudaTile/IR/CudaTileAsmUtils.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::cuda_tile;

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// Parses a bare enum keyword (`signed`, `less_than`, ...) with
/// `symbolize`, reporting the keywords of `cases` when it is not one of them.
template <typename EnumT, typename AttrT>
static ParseResult
parseEnumKeyword(OpAsmParser &parser, AttrT &attr, StringRef what,
                 std::optional<EnumT> (*symbolize)(StringRef),
                 StringRef (*stringify)(EnumT), ArrayRef<EnumT> cases) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  std::optional<EnumT> value;
  if (succeeded(parser.parseOptionalKeyword(&keyword)))
    value = symbolize(keyword);
  if (!value) {
    InFlightDiagnostic diag = parser.emitError(loc, "expected ")
                              << what << " to be one of: ";
    llvm::interleaveComma(cases, diag, [&](EnumT c) {
      diag << "'" << stringify(c) << "'";
    });
    return diag;
  }
  attr = AttrT::get(parser.getContext(), *value);
  return success();
}

static ParseResult parseSignedness(OpAsmParser &parser, SignednessAttr &attr) {
  return parseEnumKeyword<Signedness>(
      parser, attr, "signedness", symbolizeSignedness, stringifySignedness,
      {Signedness::Signed, Signedness::Unsigned});
}

static void printSignedness(OpAsmPrinter &printer, Operation *,
                            SignednessAttr attr) {
  printer << stringifySignedness(attr.getValue());
}

static ParseResult parseComparisonPredicate(OpAsmParser &parser,
                                            ComparisonPredicateAttr &attr) {
  return parseEnumKeyword<ComparisonPredicate>(
      parser, attr, "comparison predicate", symbolizeComparisonPredicate,
      stringifyComparisonPredicate,
      {ComparisonPredicate::Equal, ComparisonPredicate::NotEqual,
       ComparisonPredicate::LessThan, ComparisonPredicate::LessThanOrEqual,
       ComparisonPredicate::GreaterThan,
       ComparisonPredicate::GreaterThanOrEqual});
}

static void printComparisonPredicate(OpAsmPrinter &printer, Operation *,
                                     ComparisonPredicateAttr attr) {
  printer << stringifyComparisonPredicate(attr.getValue());
}

static ParseResult parseComparisonOrdering(OpAsmParser &parser,
                                           ComparisonOrderingAttr &attr) {
  return parseEnumKeyword<ComparisonOrdering>(
      parser, attr, "comparison ordering", symbolizeComparisonOrdering,
      stringifyComparisonOrdering,
      {ComparisonOrdering::Ordered, ComparisonOrdering::Unordered});
}

static void printComparisonOrdering(OpAsmPrinter &printer, Operation *,
                                    ComparisonOrderingAttr attr) {
  printer << stringifyComparisonOrdering(attr.getValue());
}

/// The rounding modes of IEEE 754 arithmetic.
static constexpr RoundingMode kIEEERoundingModes[] = {
    RoundingMode::NearestEven, RoundingMode::Zero, RoundingMode::NegativeInf,
    RoundingMode::PositiveInf};

/// The rounding modes of divf: the IEEE ones and two f32 approximations.
static constexpr RoundingMode kDivFRoundingModes[] = {
    RoundingMode::NearestEven, RoundingMode::Zero,
    RoundingMode::NegativeInf, RoundingMode::PositiveInf,
    RoundingMode::Approx,      RoundingMode::Full};

/// Parses an optional `rounding<mode>`, where the mode must be one of
/// `allowed`; without one, the mode is `defaultMode`.
static ParseResult parseRoundingMode(OpAsmParser &parser,
                                     RoundingModeAttr &attr,
                                     ArrayRef<RoundingMode> allowed,
                                     RoundingMode defaultMode) {
  MLIRContext *context = parser.getContext();
  if (failed(parser.parseOptionalKeyword("rounding"))) {
    attr = RoundingModeAttr::get(context, defaultMode);
    return success();
  }
  StringRef keyword;
  if (parser.parseLess())
    return failure();
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseKeyword(&keyword) || parser.parseGreater())
    return failure();
  std::optional<RoundingMode> mode = symbolizeRoundingMode(keyword);
  if (!mode || !llvm::is_contained(allowed, *mode)) {
    InFlightDiagnostic diag =
        parser.emitError(loc, "expected rounding mode to be one of: ");
    llvm::interleaveComma(allowed, diag, [&](RoundingMode m) {
      diag << "'" << stringifyRoundingMode(m) << "'";
    });
    return diag << ", got: '" << keyword << "'";
  }
  attr = RoundingModeAttr::get(context, *mode);
  return success();
}

/// Prints ` rounding<mode>` unless the mode is `defaultMode`. The space is
/// printed here (the formats put an empty literal before the directive) so
/// that an omitted mode leaves no double space.
static void printRoundingMode(OpAsmPrinter &printer, RoundingModeAttr attr,
                              RoundingMode defaultMode) {
  if (!attr || attr.getValue() == defaultMode)
    return;
  printer << " rounding<" << stringifyRoundingMode(attr.getValue()) << '>';
}

static ParseResult parseIEEERoundingMode(OpAsmParser &parser,
                                         RoundingModeAttr &attr) {
  return parseRoundingMode(parser, attr, kIEEERoundingModes,
                           RoundingMode::NearestEven);
}

static void printIEEERoundingMode(OpAsmPrinter &printer, Operation *,
                                  RoundingModeAttr attr) {
  printRoundingMode(printer, attr, RoundingMode::NearestEven);
}

static ParseResult parseDivFRoundingMode(OpAsmParser &parser,
                                         RoundingModeAttr &attr) {
  return parseRoundingMode(parser, attr, kDivFRoundingModes,
                           RoundingMode::NearestEven);
}

static void printDivFRoundingMode(OpAsmPrinter &printer, Operation *,
                                  RoundingModeAttr attr) {
  printRoundingMode(printer, attr, RoundingMode::NearestEven);
}

//===----------------------------------------------------------------------===//
// Verification helpers
//===----------------------------------------------------------------------===//

/// Formats a shape as `4x8` for diagnostics.
static std::string formatShape(ArrayRef<int64_t> shape) {
  return llvm::join(
      llvm::map_range(shape, [](int64_t d) { return std::to_string(d); }),
      "x");
}

/// Checks that flush_to_zero is only set on f32 tiles: the hardware flushes
/// subnormals only in single precision.
static LogicalResult verifyFlushToZero(Operation *op, bool flushToZero,
                                       Type resultType) {
  Type elementType = getElementTypeOrSelf(resultType);
  if (flushToZero && !elementType.isF32())
    return op->emitOpError("flush_to_zero is only supported for f32, got ")
           << elementType;
  return success();
}

/// Checks that `mode` is one of `allowed`, and that the approximate modes
/// (approx, full), which exist only for f32, are used on f32 tiles.
static LogicalResult verifyRoundingMode(Operation *op, RoundingMode mode,
                                        ArrayRef<RoundingMode> allowed,
                                        Type resultType) {
  if (!llvm::is_contained(allowed, mode)) {
    InFlightDiagnostic diag = op->emitOpError("rounding mode ")
                              << stringifyRoundingMode(mode)
                              << " is not supported; expected one of ";
    llvm::interleaveComma(allowed, diag, [&](RoundingMode m) {
      diag << stringifyRoundingMode(m);
    });
    return diag;
  }
  Type elementType = getElementTypeOrSelf(resultType);
  if ((mode == RoundingMode::Approx || mode == RoundingMode::Full) &&
      !elementType.isF32())
    return op->emitOpError("rounding mode ")
           << stringifyRoundingMode(mode) << " is only supported for f32, got "
           << elementType;
  return success();
}

/// The verifier of the float ops with a rounding mode and a flush-to-zero
/// flag.
template <typename OpT>
static LogicalResult verifyRoundedFloatOp(OpT op,
                                          ArrayRef<RoundingMode> allowed) {
  Type type = op.getResult().getType();
  if (failed(verifyRoundingMode(op, op.getRoundingMode(), allowed, type)))
    return failure();
  return verifyFlushToZero(op, op.getFlushToZero(), type);
}

//===----------------------------------------------------------------------===//
// Integer arithmetic
//===----------------------------------------------------------------------===//

LogicalResult DivIOp::verify() {
  RoundingMode rounding = getRounding();
  if (!llvm::is_contained({RoundingMode::Zero, RoundingMode::NegativeInf,
                           RoundingMode::PositiveInf},
                          rounding))
    return emitOpError("rounding mode ")
           << stringifyRoundingMode(rounding)
           << " is not supported; expected zero, negative_inf or "
              "positive_inf";
  if (rounding == RoundingMode::NegativeInf &&
      getSignedness() == Signedness::Unsigned)
    return emitOpError("rounding mode negative_inf requires signed operands");
  return success();
}

LogicalResult NegIOp::verify() {
  // Negation is a signed operation: for unsigned operands it wraps for every
  // value but zero, so the assumption would be meaningless.
  if (getOverflow() == IntegerOverflow::NUW)
    return emitOpError("overflow no_unsigned_wrap is not supported: negation "
                       "is signed");
  return success();
}

OpFoldResult AndIOp::fold(FoldAdaptor) {
  // x & x = x
  if (getLhs() == getRhs())
    return getLhs();
  return {};
}

OpFoldResult OrIOp::fold(FoldAdaptor) {
  // x | x = x
  if (getLhs() == getRhs())
    return getLhs();
  return {};
}

void CmpIOp::build(OpBuilder &builder, OperationState &state,
                   ComparisonPredicate predicate, Value lhs, Value rhs,
                   Signedness signedness) {
  build(builder, state, getI1TileOfSameShape(cast<TileType>(lhs.getType())),
        predicate, lhs, rhs, signedness);
}

//===----------------------------------------------------------------------===//
// Floating-point arithmetic
//===----------------------------------------------------------------------===//

void CmpFOp::build(OpBuilder &builder, OperationState &state,
                   ComparisonPredicate predicate, ComparisonOrdering ordering,
                   Value lhs, Value rhs) {
  build(builder, state, getI1TileOfSameShape(cast<TileType>(lhs.getType())),
        predicate, ordering, lhs, rhs);
}

LogicalResult AddFOp::verify() {
  return verifyRoundedFloatOp(*this, kIEEERoundingModes);
}

LogicalResult SubFOp::verify() {
  return verifyRoundedFloatOp(*this, kIEEERoundingModes);
}

LogicalResult MulFOp::verify() {
  return verifyRoundedFloatOp(*this, kIEEERoundingModes);
}

LogicalResult DivFOp::verify() {
  return verifyRoundedFloatOp(*this, kDivFRoundingModes);
}

LogicalResult FmaOp::verify() {
  return verifyRoundedFloatOp(*this, kIEEERoundingModes);
}

LogicalResult MaxFOp::verify() {
  return verifyFlushToZero(*this, getFlushToZero(), getType());
}

LogicalResult MinFOp::verify() {
  return verifyFlushToZero(*this, getFlushToZero(), getType());
}

//===----------------------------------------------------------------------===//
// SelectOp
//===----------------------------------------------------------------------===//

LogicalResult SelectOp::verify() {
  // Two f4E2M1FN elements share a byte, so they cannot be chosen one by one.
  Type elementType = getType().getElementType();
  if (isa<Float4E2M1FNType>(elementType))
    return emitOpError("cannot select elements of the packed type ")
           << elementType;
  return success();
}

OpFoldResult SelectOp::fold(FoldAdaptor adaptor) {
  // select %c, %x, %x = %x
  if (getValIfTrue() == getValIfFalse())
    return getValIfTrue();
  // select splat(true), %x, %y = %x; select splat(false), %x, %y = %y
  if (auto cond = dyn_cast_if_present<DenseIntElementsAttr>(adaptor.getCond());
      cond && cond.isSplat())
    return cond.getSplatValue<bool>() ? getValIfTrue() : getValIfFalse();
  return {};
}

//===----------------------------------------------------------------------===//
// Matrix multiply-accumulate
//===----------------------------------------------------------------------===//

/// Checks the shapes of `lhs x rhs + acc`: M x K, K x N and M x N, with a
/// common leading batch dimension for rank 3. The ranks are known to match.
template <typename OpT>
static LogicalResult verifyMmaShapes(OpT op) {
  ArrayRef<int64_t> lhs = op.getLhs().getType().getShape();
  ArrayRef<int64_t> rhs = op.getRhs().getType().getShape();
  ArrayRef<int64_t> acc = op.getAcc().getType().getShape();
  if (lhs.size() != 2 && lhs.size() != 3)
    return op.emitOpError("operands must be 2-D or 3-D (batched) tiles, got "
                          "rank ")
           << lhs.size();

  auto describe = [&](InFlightDiagnostic &diag) -> InFlightDiagnostic & {
    return diag << " (lhs " << formatShape(lhs) << ", rhs " << formatShape(rhs)
                << ", acc " << formatShape(acc) << ")";
  };
  unsigned m = lhs.size() - 2, n = m + 1;
  if (lhs.size() == 3 && (lhs[0] != rhs[0] || lhs[0] != acc[0])) {
    InFlightDiagnostic diag =
        op.emitOpError("lhs, rhs and acc must have the same batch size");
    return describe(diag);
  }
  if (lhs[n] != rhs[m]) {
    InFlightDiagnostic diag = op.emitOpError("K dimension of lhs (")
                              << lhs[n] << ") must match that of rhs ("
                              << rhs[m] << ")";
    return describe(diag);
  }
  if (lhs[m] != acc[m]) {
    InFlightDiagnostic diag = op.emitOpError("M dimension of lhs (")
                              << lhs[m] << ") must match that of acc ("
                              << acc[m] << ")";
    return describe(diag);
  }
  if (rhs[n] != acc[n]) {
    InFlightDiagnostic diag = op.emitOpError("N dimension of rhs (")
                              << rhs[n] << ") must match that of acc ("
                              << acc[n] << ")";
    return describe(diag);
  }
  return success();
}

LogicalResult MmaFOp::verify() {
  if (failed(verifyMmaShapes(*this)))
    return failure();

  // The accumulator types the tensor cores offer for each input type.
  Type input = getLhs().getType().getElementType();
  Type acc = getAcc().getType().getElementType();
  bool valid;
  StringRef expected;
  if (isa<Float8E4M3FNType, Float8E5M2Type, Float16Type>(input)) {
    valid = acc.isF16() || acc.isF32();
    expected = "f16 or f32";
  } else if (isa<BFloat16Type, FloatTF32Type, Float32Type>(input)) {
    valid = acc.isF32();
    expected = "f32";
  } else {
    valid = acc.isF64();
    expected = "f64";
  }
  if (!valid)
    return emitOpError("operands of ")
           << input << " accumulate into " << expected << ", got " << acc;
  return success();
}

LogicalResult MmaIOp::verify() { return verifyMmaShapes(*this); }

LogicalResult MmaFScaledOp::verify() {
  if (failed(verifyMmaShapes(*this)))
    return failure();

  ArrayRef<int64_t> lhs = getLhs().getType().getShape();
  ArrayRef<int64_t> rhs = getRhs().getType().getShape();
  ArrayRef<int64_t> lhsScale = getLhsScale().getType().getShape();
  ArrayRef<int64_t> rhsScale = getRhsScale().getType().getShape();
  unsigned m = lhs.size() - 2, n = m + 1;
  auto describe = [&](InFlightDiagnostic &diag) -> InFlightDiagnostic & {
    return diag << " (lhs " << formatShape(lhs) << ", rhs " << formatShape(rhs)
                << ", lhs_scale " << formatShape(lhsScale) << ", rhs_scale "
                << formatShape(rhsScale) << ")";
  };

  // lhs_scale is [B x] M x K/V and rhs_scale [B x] K/V x N.
  if (lhs.size() == 3 && (lhsScale[0] != lhs[0] || rhsScale[0] != lhs[0])) {
    InFlightDiagnostic diag = emitOpError(
        "lhs_scale and rhs_scale must have the batch size of lhs and rhs");
    return describe(diag);
  }
  if (lhsScale[m] != lhs[m]) {
    InFlightDiagnostic diag = emitOpError("M dimension of lhs_scale (")
                              << lhsScale[m] << ") must match that of lhs ("
                              << lhs[m] << ")";
    return describe(diag);
  }
  if (rhsScale[n] != rhs[n]) {
    InFlightDiagnostic diag = emitOpError("N dimension of rhs_scale (")
                              << rhsScale[n] << ") must match that of rhs ("
                              << rhs[n] << ")";
    return describe(diag);
  }
  if (lhsScale[n] != rhsScale[m]) {
    InFlightDiagnostic diag = emitOpError("K dimension of lhs_scale (")
                              << lhsScale[n]
                              << ") must match that of rhs_scale ("
                              << rhsScale[m] << ")";
    return describe(diag);
  }
  // Every extent is a power of two, so the scales' K extent divides that of
  // the operands exactly when it is not larger.
  if (lhsScale[n] > lhs[n]) {
    InFlightDiagnostic diag = emitOpError("K dimension of the scales (")
                              << lhsScale[n]
                              << ") must not exceed that of lhs (" << lhs[n]
                              << ")";
    return describe(diag);
  }
  int64_t blockSize = lhs[n] / lhsScale[n];

  Type input = getLhs().getType().getElementType();
  Type scale = getLhsScale().getType().getElementType();
  SmallVector<int64_t, 2> blockSizes;
  if (isa<Float8E4M3FNType>(scale)) {
    if (!isa<Float4E2M1FNType>(input))
      return emitOpError("f8E4M3FN scales require f4E2M1FN operands, got ")
             << input;
    blockSizes = {16};
  } else if (isa<Float4E2M1FNType>(input)) {
    blockSizes = {16, 32};
  } else {
    blockSizes = {32};
  }
  if (!llvm::is_contained(blockSizes, blockSize)) {
    InFlightDiagnostic diag = emitOpError("operands of ")
                              << input << " with " << scale
                              << " scales need one scale for every ";
    llvm::interleave(blockSizes, diag, " or ");
    diag << " elements along K, got one for every " << blockSize;
    return describe(diag);
  }
  return success();
}

#define GET_OP_CLASSES
#include "tileir/Dialect/CudaTile/IR/ArithOps.cpp.inc"
