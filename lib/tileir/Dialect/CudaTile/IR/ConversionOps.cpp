//===- ConversionOps.cpp - cuda_tile conversion ops -----------------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Verifiers, builders, folders and custom assembly of the ops defined in
// ConversionOps.td. Static helpers used by `custom<...>` directives of those
// ops must be declared before the generated definitions below.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Dialect/CudaTile/IR/CudaTileAsmUtils.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::cuda_tile;

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// Parses `signed` or `unsigned`, which is required.
static ParseResult parseSignedness(OpAsmParser &parser,
                                   SignednessAttr &signedness) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (failed(parser.parseOptionalKeyword(&keyword, {"signed", "unsigned"})))
    return parser.emitError(loc, "expected signedness: 'signed' or 'unsigned'");
  signedness =
      SignednessAttr::get(parser.getContext(), *symbolizeSignedness(keyword));
  return success();
}

static void printSignedness(OpAsmPrinter &printer, Operation *,
                            SignednessAttr signedness) {
  printer << stringifySignedness(signedness.getValue());
}

/// Parses an optional `rounding<mode>`; without it the mode is
/// `defaultMode`. Every mode keyword parses: which modes an op accepts is
/// the verifier's business, so that a wrong mode gets an op-specific message.
static ParseResult parseRoundingMode(OpAsmParser &parser,
                                     RoundingModeAttr &roundingMode,
                                     RoundingMode defaultMode) {
  MLIRContext *context = parser.getContext();
  if (failed(parser.parseOptionalKeyword("rounding"))) {
    roundingMode = RoundingModeAttr::get(context, defaultMode);
    return success();
  }
  if (parser.parseLess())
    return failure();
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  std::optional<RoundingMode> mode = symbolizeRoundingMode(keyword);
  if (!mode) {
    InFlightDiagnostic diag = parser.emitError(loc, "unknown rounding mode '")
                              << keyword << "', expected one of: ";
    llvm::interleaveComma(
        llvm::seq_inclusive<uint32_t>(0, getMaxEnumValForRoundingMode()), diag,
        [&](uint32_t value) {
          diag << stringifyRoundingMode(static_cast<RoundingMode>(value));
        });
    return diag;
  }
  if (parser.parseGreater())
    return failure();
  roundingMode = RoundingModeAttr::get(context, *mode);
  return success();
}

/// Prints ` rounding<mode>` unless the mode is `defaultMode`.
static void printRoundingMode(OpAsmPrinter &printer,
                              RoundingModeAttr roundingMode,
                              RoundingMode defaultMode) {
  if (!roundingMode || roundingMode.getValue() == defaultMode)
    return;
  printer << " rounding<" << stringifyRoundingMode(roundingMode.getValue())
          << ">";
}

// The signedness and the optional rounding mode of ftoi and itof are one
// directive, so that an elided rounding mode leaves no extra space behind.

/// `signed|unsigned [rounding<mode>]`, rounding `nearest_int_to_zero` by
/// default (ftoi).
static ParseResult
parseSignednessAndIntegerRounding(OpAsmParser &parser,
                                  SignednessAttr &signedness,
                                  RoundingModeAttr &roundingMode) {
  return failure(
      parseSignedness(parser, signedness) ||
      parseRoundingMode(parser, roundingMode, RoundingMode::NearestIntToZero));
}

static void printSignednessAndIntegerRounding(OpAsmPrinter &printer,
                                              Operation *op,
                                              SignednessAttr signedness,
                                              RoundingModeAttr roundingMode) {
  printSignedness(printer, op, signedness);
  printRoundingMode(printer, roundingMode, RoundingMode::NearestIntToZero);
}

/// `signed|unsigned [rounding<mode>]`, rounding `nearest_even` by default
/// (itof).
static ParseResult
parseSignednessAndFloatRounding(OpAsmParser &parser, SignednessAttr &signedness,
                                RoundingModeAttr &roundingMode) {
  return failure(
      parseSignedness(parser, signedness) ||
      parseRoundingMode(parser, roundingMode, RoundingMode::NearestEven));
}

static void printSignednessAndFloatRounding(OpAsmPrinter &printer,
                                            Operation *op,
                                            SignednessAttr signedness,
                                            RoundingModeAttr roundingMode) {
  printSignedness(printer, op, signedness);
  printRoundingMode(printer, roundingMode, RoundingMode::NearestEven);
}

#define GET_OP_CLASSES
#include "tileir/Dialect/CudaTile/IR/ConversionOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// The element type of a tile-typed value.
static Type getElementType(Value value) {
  return cast<TileType>(value.getType()).getElementType();
}

/// The number of bits an element occupies in memory. tf32 computes with 19
/// bits but is stored in 32.
static uint64_t getStorageBitWidth(Type elementType) {
  if (isa<FloatTF32Type>(elementType))
    return 32;
  return elementType.getIntOrFloatBitWidth();
}

//===----------------------------------------------------------------------===//
// BitcastOp
//===----------------------------------------------------------------------===//

LogicalResult BitcastOp::verify() {
  Type sourceElement = getElementType(getSource());
  Type resultElement = getElementType(getResult());
  // tf32 is not reinterpretable as a 32-bit type: its value bits are not all
  // of its storage bits, so the plain bit widths are compared.
  unsigned sourceWidth = sourceElement.getIntOrFloatBitWidth();
  unsigned resultWidth = resultElement.getIntOrFloatBitWidth();
  if (sourceWidth != resultWidth)
    return emitOpError("requires element types of equal bit width, got ")
           << sourceElement << " (" << sourceWidth << " bits) and "
           << resultElement << " (" << resultWidth << " bits)";
  return success();
}

OpFoldResult BitcastOp::fold(FoldAdaptor) {
  // A bitcast to the operand's own type is the identity.
  if (getSource().getType() == getType())
    return getSource();
  return {};
}

//===----------------------------------------------------------------------===//
// ExtIOp / TruncIOp
//===----------------------------------------------------------------------===//

LogicalResult ExtIOp::verify() {
  Type from = getElementType(getFrom());
  Type to = getElementType(getTo());
  if (to.getIntOrFloatBitWidth() <= from.getIntOrFloatBitWidth())
    return emitOpError("must extend to a wider integer type, got ")
           << from << " -> " << to;
  return success();
}

LogicalResult TruncIOp::verify() {
  Type from = getElementType(getFrom());
  Type to = getElementType(getTo());
  if (to.getIntOrFloatBitWidth() >= from.getIntOrFloatBitWidth())
    return emitOpError("must truncate to a narrower integer type, got ")
           << from << " -> " << to;
  return success();
}

//===----------------------------------------------------------------------===//
// FToFOp
//===----------------------------------------------------------------------===//

LogicalResult FToFOp::verify() {
  Type from = getElementType(getFrom());
  Type to = getElementType(getTo());
  if (from == to)
    return emitOpError("must convert to a different float type, got ")
           << from << " -> " << to;
  RoundingMode mode = getRoundingMode();
  // f8E8M0FNU holds only powers of two; the format defines conversions to it
  // that round toward zero or toward +inf.
  if (isa<Float8E8M0FNUType>(to)) {
    if (mode != RoundingMode::Zero && mode != RoundingMode::PositiveInf)
      return emitOpError("conversion to f8E8M0FNU rounds with 'zero' or "
                         "'positive_inf', got '")
             << stringifyRoundingMode(mode) << "'";
    return success();
  }
  // Bytecode 13.4 added the directed modes and ties-away-from-zero for
  // the IEEE-like results; 8- and 4-bit floats round to nearest even only.
  bool allowed = mode == RoundingMode::NearestEven;
  if (to.isF64() || to.isF32() || to.isF16())
    allowed |= mode == RoundingMode::Zero ||
               mode == RoundingMode::NegativeInf ||
               mode == RoundingMode::PositiveInf ||
               mode == RoundingMode::NearestAway;
  else if (to.isTF32())
    allowed |= mode == RoundingMode::Zero || mode == RoundingMode::NearestAway;
  else if (to.isBF16())
    allowed |= mode == RoundingMode::Zero;
  if (!allowed)
    return emitOpError("conversion to ")
           << to << " cannot round with '" << stringifyRoundingMode(mode)
           << "'";
  return success();
}

//===----------------------------------------------------------------------===//
// FToIOp / IToFOp
//===----------------------------------------------------------------------===//

LogicalResult FToIOp::verify() {
  if (getRoundingMode() != RoundingMode::NearestIntToZero)
    return emitOpError("rounds with 'nearest_int_to_zero', got '")
           << stringifyRoundingMode(getRoundingMode()) << "'";
  return success();
}

LogicalResult IToFOp::verify() {
  if (isa<Float8E8M0FNUType>(getElementType(getTo())))
    return emitOpError("cannot convert integers to f8E8M0FNU; convert to "
                       "another float type first");
  if (getRoundingMode() != RoundingMode::NearestEven)
    return emitOpError("rounds with 'nearest_even', got '")
           << stringifyRoundingMode(getRoundingMode()) << "'";
  return success();
}

//===----------------------------------------------------------------------===//
// PtrToPtrOp
//===----------------------------------------------------------------------===//

OpFoldResult PtrToPtrOp::fold(FoldAdaptor) {
  if (getSource().getType() == getType())
    return getSource();
  return {};
}

//===----------------------------------------------------------------------===//
// PackOp / UnpackOp
//===----------------------------------------------------------------------===//

/// Checks a pack or unpack between `byteTile` (the i8 side) and `valueTile`
/// (the other side): both rank 1, the other side not 8 bits wide, and the
/// same number of bytes on both sides.
static LogicalResult verifyPackedBytes(Operation *op, TileType byteTile,
                                       TileType valueTile,
                                       StringRef valueRole) {
  if (byteTile.getRank() != 1)
    return op->emitOpError("requires rank-1 tiles, got rank ")
           << byteTile.getRank();
  Type element = valueTile.getElementType();
  uint64_t elementBits = getStorageBitWidth(element);
  if (elementBits == 8)
    return op->emitOpError("requires a ")
           << valueRole << " element type that is not 8 bits wide, got "
           << element << "; use bitcast instead";
  uint64_t valueBits = elementBits * valueTile.getNumElements();
  if (valueBits % 8 != 0)
    return op->emitOpError("requires the ")
           << valueRole << " to fill whole bytes, got " << valueBits << " bits";
  if (valueBits / 8 != static_cast<uint64_t>(byteTile.getNumElements()))
    return op->emitOpError("requires as many bytes in the i8 tile as the ")
           << valueRole << " occupies (" << valueBits / 8 << "), got "
           << byteTile.getNumElements();
  return success();
}

LogicalResult PackOp::verify() {
  return verifyPackedBytes(*this, getResult().getType(), getSource().getType(),
                           "source");
}

LogicalResult UnpackOp::verify() {
  return verifyPackedBytes(*this, getSource().getType(), getResult().getType(),
                           "result");
}
