//===- MathOps.cpp - cuda_tile math ops -----------------------------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Verifiers, builders, folders and custom assembly of the ops defined in
// MathOps.td. Static helpers used by `custom<...>` directives of those
// ops must be declared before the generated definitions below.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Dialect/CudaTile/IR/CudaTileAsmUtils.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::cuda_tile;

//===----------------------------------------------------------------------===//
// Rounding modes
//===----------------------------------------------------------------------===//
//
// The rounding-mode syntax matches that of the float ops in ArithOps.cpp:
// an optional `rounding<mode>`, omitted when it is the op's default.

/// The modes of exp and tanh: full precision, or the f32 approximation.
static constexpr RoundingMode kApproxRoundingModes[] = {RoundingMode::Approx,
                                                        RoundingMode::Full};

/// The modes of sqrt: the IEEE ones and the f32 approximation.
static constexpr RoundingMode kSqrtRoundingModes[] = {
    RoundingMode::NearestEven, RoundingMode::Zero, RoundingMode::NegativeInf,
    RoundingMode::PositiveInf, RoundingMode::Approx};

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

static ParseResult parseApproxRoundingMode(OpAsmParser &parser,
                                           RoundingModeAttr &attr) {
  return parseRoundingMode(parser, attr, kApproxRoundingModes,
                           RoundingMode::Full);
}

static void printApproxRoundingMode(OpAsmPrinter &printer, Operation *,
                                    RoundingModeAttr attr) {
  printRoundingMode(printer, attr, RoundingMode::Full);
}

static ParseResult parseSqrtRoundingMode(OpAsmParser &parser,
                                         RoundingModeAttr &attr) {
  return parseRoundingMode(parser, attr, kSqrtRoundingModes,
                           RoundingMode::NearestEven);
}

static void printSqrtRoundingMode(OpAsmPrinter &printer, Operation *,
                                  RoundingModeAttr attr) {
  printRoundingMode(printer, attr, RoundingMode::NearestEven);
}

//===----------------------------------------------------------------------===//
// Verification helpers
//===----------------------------------------------------------------------===//

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

/// Checks that `mode` is one of `allowed`, and that `approx`, a hardware
/// approximation that exists only in single precision, is used on f32.
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
  if (mode == RoundingMode::Approx && !elementType.isF32())
    return op->emitOpError("rounding mode approx is only supported for f32, "
                           "got ")
           << elementType;
  return success();
}

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

LogicalResult ExpOp::verify() {
  return verifyRoundingMode(*this, getRoundingMode(), kApproxRoundingModes,
                            getType());
}

LogicalResult TanHOp::verify() {
  return verifyRoundingMode(*this, getRoundingMode(), kApproxRoundingModes,
                            getType());
}

LogicalResult Exp2Op::verify() {
  return verifyFlushToZero(*this, getFlushToZero(), getType());
}

LogicalResult RsqrtOp::verify() {
  return verifyFlushToZero(*this, getFlushToZero(), getType());
}

LogicalResult SqrtOp::verify() {
  if (failed(verifyRoundingMode(*this, getRoundingMode(), kSqrtRoundingModes,
                                getType())))
    return failure();
  return verifyFlushToZero(*this, getFlushToZero(), getType());
}

LogicalResult FPowIOp::verify() {
  Type exponent = getElementTypeOrSelf(getExponent().getType());
  if (!exponent.isInteger(8) && !exponent.isInteger(16) &&
      !exponent.isInteger(32))
    return emitOpError("exponent elements must be i8, i16 or i32, got ")
           << exponent;
  return success();
}

#define GET_OP_CLASSES
#include "tileir/Dialect/CudaTile/IR/MathOps.cpp.inc"
