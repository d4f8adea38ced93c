//===- ShapeOps.cpp - cuda_tile shape ops ---------------------------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Verifiers, builders, folders and custom assembly of the ops defined in
// ShapeOps.td. Static helpers used by `custom<...>` directives of those
// ops must be declared before the generated definitions below.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Dialect/CudaTile/IR/CudaTileAsmUtils.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallBitVector.h"

using namespace mlir;
using namespace mlir::cuda_tile;

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// Parses the body of `reduce` and `scan`: an argument list
/// `(%a: type, ...)`, possibly empty, followed by the region.
static ParseResult parseArgumentRegion(OpAsmParser &parser, Region &body) {
  SmallVector<OpAsmParser::Argument> arguments;
  auto parseArgument = [&]() -> ParseResult {
    OpAsmParser::Argument &argument = arguments.emplace_back();
    return failure(parser.parseArgument(argument) || parser.parseColon() ||
                   parseCudaTileType(parser, argument.type));
  };
  if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Paren,
                                     parseArgument))
    return failure();
  return parser.parseRegion(body, arguments);
}

static void printArgumentRegion(OpAsmPrinter &printer, Operation *,
                                Region &body) {
  printer << "(";
  if (!body.empty())
    llvm::interleaveComma(body.getArguments(), printer,
                          [&](BlockArgument argument) {
                            printer << argument << ": ";
                            printCudaTileType(printer, argument.getType());
                          });
  printer << ") ";
  printer.printRegion(body, /*printEntryBlockArgs=*/false,
                      /*printBlockTerminators=*/true);
}

/// Parses the predicate of `assume`: either a full attribute
/// (`#cuda_tile.div_by<16>`) or the attribute without its dialect prefix
/// (`div_by<16>`, `same_elements<[...]>`, `bounded<...>`).
static ParseResult
parseAssumePredicate(OpAsmParser &parser,
                     AssumePredicateAttrInterface &predicate) {
  SMLoc loc = parser.getCurrentLocation();
  Attribute attr;
  OptionalParseResult full = parser.parseOptionalAttribute(attr);
  if (!full.has_value()) {
    StringRef mnemonic;
    if (parser.parseKeyword(&mnemonic))
      return failure();
    if (mnemonic == DivByAttr::getMnemonic())
      attr = DivByAttr::parse(parser, Type());
    else if (mnemonic == SameElementsAttr::getMnemonic())
      attr = SameElementsAttr::parse(parser, Type());
    else if (mnemonic == BoundedAttr::getMnemonic())
      attr = BoundedAttr::parse(parser, Type());
    else
      return parser.emitError(loc, "unknown assume predicate '")
             << mnemonic << "', expected div_by, same_elements or bounded";
    if (!attr)
      return failure();
  } else if (failed(*full)) {
    return failure();
  }
  predicate = dyn_cast<AssumePredicateAttrInterface>(attr);
  if (!predicate)
    return parser.emitError(loc, "expected an assume predicate (div_by, "
                                 "same_elements or bounded), got ")
           << attr;
  return success();
}

/// Prints the predicate without its `#cuda_tile.` prefix.
static void printAssumePredicate(OpAsmPrinter &printer, Operation *,
                                 AssumePredicateAttrInterface predicate) {
  if (auto divBy = dyn_cast<DivByAttr>(predicate)) {
    printer << DivByAttr::getMnemonic();
    divBy.print(printer);
  } else if (auto same = dyn_cast<SameElementsAttr>(predicate)) {
    printer << SameElementsAttr::getMnemonic();
    same.print(printer);
  } else if (auto bounded = dyn_cast<BoundedAttr>(predicate)) {
    printer << BoundedAttr::getMnemonic();
    bounded.print(printer);
  } else {
    printer.printAttribute(predicate);
  }
}

#define GET_OP_CLASSES
#include "tileir/Dialect/CudaTile/IR/ShapeOps.cpp.inc"

/// Formats a shape as `4x8` (`scalar` for rank 0) for diagnostics.
static std::string formatShape(ArrayRef<int64_t> shape) {
  if (shape.empty())
    return "scalar";
  std::string str;
  llvm::raw_string_ostream os(str);
  llvm::interleave(shape, os, "x");
  return str;
}

//===----------------------------------------------------------------------===//
// ConstantOp
//===----------------------------------------------------------------------===//

LogicalResult ConstantOp::verify() {
  // The value's type carries the shape and element type; the result may in
  // addition carry an encoding, which the value need not repeat.
  auto valueType = cast<ShapedType>(getValue().getType());
  TileType resultType = getType();
  if (valueType.getShape() != resultType.getShape() ||
      valueType.getElementType() != resultType.getElementType())
    return emitOpError("value of shape ")
           << formatShape(valueType.getShape()) << " and element type "
           << valueType.getElementType() << " does not match the result "
           << resultType;
  return success();
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

//===----------------------------------------------------------------------===//
// IotaOp
//===----------------------------------------------------------------------===//

LogicalResult IotaOp::verify() {
  TileType type = getType();
  if (type.getRank() != 1)
    return emitOpError("result must be a rank-1 tile, got rank ")
           << type.getRank();
  // Values 0 .. n-1 read as unsigned: n may be at most 2^width.
  unsigned width = type.getElementType().getIntOrFloatBitWidth();
  uint64_t size = type.getDimSize(0);
  if (width < 64 && size > (uint64_t(1) << width))
    return emitOpError("cannot count ")
           << size << " elements in " << type.getElementType() << " (at most "
           << (uint64_t(1) << width) << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// BroadcastOp
//===----------------------------------------------------------------------===//

LogicalResult BroadcastOp::verify() {
  ArrayRef<int64_t> source = getSource().getType().getShape();
  ArrayRef<int64_t> result = getType().getShape();
  for (auto [dim, sizes] : llvm::enumerate(llvm::zip_equal(source, result))) {
    auto [from, to] = sizes;
    if (from != to && from != 1)
      return emitOpError("cannot broadcast dimension ")
             << dim << " of size " << from << " to size " << to
             << " (only dimensions of size 1 are broadcast), shapes "
             << formatShape(source) << " -> " << formatShape(result);
  }
  return success();
}

OpFoldResult BroadcastOp::fold(FoldAdaptor) {
  if (getSource().getType() == getType())
    return getSource();
  return {};
}

//===----------------------------------------------------------------------===//
// ReshapeOp
//===----------------------------------------------------------------------===//

LogicalResult ReshapeOp::verify() {
  TileType source = getSource().getType();
  TileType result = getType();
  if (source.getNumElements() != result.getNumElements())
    return emitOpError("cannot reshape ")
           << formatShape(source.getShape()) << " (" << source.getNumElements()
           << " elements) to " << formatShape(result.getShape()) << " ("
           << result.getNumElements() << " elements)";
  return success();
}

OpFoldResult ReshapeOp::fold(FoldAdaptor) {
  if (getSource().getType() == getType())
    return getSource();
  // reshape(reshape(x)) only depends on x's elements in row-major order.
  if (auto inner = getSource().getDefiningOp<ReshapeOp>()) {
    if (inner.getSource().getType() == getType())
      return inner.getSource();
  }
  return {};
}

//===----------------------------------------------------------------------===//
// PermuteOp
//===----------------------------------------------------------------------===//

LogicalResult PermuteOp::verify() {
  ArrayRef<int64_t> source = getSource().getType().getShape();
  ArrayRef<int64_t> result = getType().getShape();
  ArrayRef<int32_t> permutation = getPermutation();
  int64_t rank = source.size();
  if (rank < 2)
    return emitOpError("requires a source of rank 2 or more, got rank ")
           << rank;
  if (static_cast<int64_t>(permutation.size()) != rank)
    return emitOpError("permutation has ")
           << permutation.size() << " entries, but the source has rank "
           << rank;
  llvm::SmallBitVector seen(rank);
  for (auto [index, dim] : llvm::enumerate(permutation)) {
    if (dim < 0 || dim >= rank)
      return emitOpError("permutation entry ")
             << index << " is " << dim << ", not a dimension in [0, " << rank
             << ")";
    if (seen.test(dim))
      return emitOpError("permutation names dimension ")
             << dim << " more than once";
    seen.set(dim);
  }
  for (auto [index, dim] : llvm::enumerate(permutation))
    if (result[index] != source[dim])
      return emitOpError("result dimension ")
             << index << " has size " << result[index]
             << ", but source dimension " << dim << " has size " << source[dim];
  return success();
}

//===----------------------------------------------------------------------===//
// CatOp
//===----------------------------------------------------------------------===//

LogicalResult CatOp::verify() {
  ArrayRef<int64_t> lhs = getLhs().getType().getShape();
  ArrayRef<int64_t> rhs = getRhs().getType().getShape();
  ArrayRef<int64_t> result = getType().getShape();
  int64_t rank = lhs.size();
  int64_t dim = getDim();
  if (dim < 0 || dim >= rank)
    return emitOpError("dim ")
           << dim << " is not a dimension in [0, " << rank << ")";
  for (int64_t i = 0; i < rank; ++i) {
    if (i == dim) {
      if (lhs[i] + rhs[i] != result[i])
        return emitOpError("result size along dim ")
               << dim << " must be " << lhs[i] << " + " << rhs[i] << ", got "
               << result[i];
      continue;
    }
    if (lhs[i] != rhs[i] || lhs[i] != result[i])
      return emitOpError("operands and result must agree in dimension ")
             << i << " (not concatenated), got " << lhs[i] << ", " << rhs[i]
             << " and " << result[i];
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ExtractOp
//===----------------------------------------------------------------------===//

LogicalResult ExtractOp::verify() {
  ArrayRef<int64_t> source = getSource().getType().getShape();
  ArrayRef<int64_t> result = getType().getShape();
  if (getIndices().size() != source.size())
    return emitOpError("expects one index per source dimension (")
           << source.size() << "), got " << getIndices().size();
  for (auto [dim, sizes] : llvm::enumerate(llvm::zip_equal(source, result))) {
    auto [from, to] = sizes;
    if (from % to != 0)
      return emitOpError("result size ")
             << to << " does not divide source size " << from
             << " in dimension " << dim;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// InsertOp
//===----------------------------------------------------------------------===//

LogicalResult InsertOp::verify() {
  ArrayRef<int64_t> source = getSource().getType().getShape();
  ArrayRef<int64_t> destination = getDestination().getType().getShape();
  if (getIndices().size() != destination.size())
    return emitOpError("expects one index per destination dimension (")
           << destination.size() << "), got " << getIndices().size();
  for (auto [dim, sizes] :
       llvm::enumerate(llvm::zip_equal(destination, source))) {
    auto [whole, slice] = sizes;
    if (slice == 0 || whole % slice != 0)
      return emitOpError("source size ")
             << slice << " does not divide destination size " << whole
             << " in dimension " << dim;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ReduceOp / ScanOp
//===----------------------------------------------------------------------===//

/// Checks what reduce and scan have in common outside their body: a
/// non-empty operand list, a result per operand, `dim` within the rank, and
/// one identity per operand, typed like its elements.
static LogicalResult verifyCombinerOp(Operation *op, ValueRange operands,
                                      TypeRange results, int64_t dim,
                                      ArrayAttr identities) {
  if (operands.empty())
    return op->emitOpError("expects at least one operand");
  if (results.size() != operands.size())
    return op->emitOpError("expects one result per operand, got ")
           << operands.size() << " operands and " << results.size()
           << " results";
  int64_t rank = cast<TileType>(operands.front().getType()).getRank();
  if (dim >= rank)
    return op->emitOpError("dim ")
           << dim << " is not a dimension in [0, " << rank << ")";
  if (identities.size() != operands.size())
    return op->emitOpError("expects one identity per operand, got ")
           << identities.size() << " identities for " << operands.size()
           << " operands";
  for (auto [index, operand, identity] :
       llvm::enumerate(operands, identities.getValue())) {
    Type element = cast<TileType>(operand.getType()).getElementType();
    auto typed = dyn_cast<TypedAttr>(identity);
    if (!typed || !isa<IntegerAttr, FloatAttr>(identity))
      return op->emitOpError("identity ")
             << index << " must be an integer or float attribute, got "
             << identity;
    if (typed.getType() != element)
      return op->emitOpError("identity ")
             << index << " has type " << typed.getType()
             << ", but the elements of operand " << index << " are " << element;
  }
  return success();
}

/// Checks the body of reduce and scan: a pair of rank-0 arguments (element,
/// accumulator) per operand with the operand's element type, a yield of one
/// such rank-0 value per operand, and nothing with side effects.
static LogicalResult verifyCombinerBody(Operation *op, Region &body,
                                        ValueRange operands) {
  Block &block = body.front();
  size_t numOperands = operands.size();
  if (block.getNumArguments() != 2 * numOperands)
    return op->emitOpError("body must take ")
           << 2 * numOperands << " arguments (an element and an accumulator "
           << "per operand), got " << block.getNumArguments();
  for (auto [index, argument] : llvm::enumerate(block.getArguments())) {
    Type element =
        cast<TileType>(operands[index / 2].getType()).getElementType();
    auto type = dyn_cast<TileType>(argument.getType());
    if (!type || type.getRank() != 0 || type.getElementType() != element)
      return op->emitOpError("body argument ")
             << index << " must be a rank-0 tile of " << element
             << " (the elements of operand " << index / 2 << "), got "
             << argument.getType();
  }
  auto yield = cast<YieldOp>(block.getTerminator());
  if (yield.getNumOperands() != numOperands)
    return op->emitOpError("body must yield ")
           << numOperands << " values (one accumulator per operand), got "
           << yield.getNumOperands();
  for (auto [index, value] : llvm::enumerate(yield.getOperands())) {
    Type element = cast<TileType>(operands[index].getType()).getElementType();
    auto type = dyn_cast<TileType>(value.getType());
    if (!type || type.getRank() != 0 || type.getElementType() != element)
      return op->emitOpError("body must yield a rank-0 tile of ")
             << element << " as value " << index << ", got " << value.getType();
  }
  // The combiner runs an unspecified number of times in an unspecified
  // order, so it must not have observable effects.
  for (Operation &inner : block.without_terminator())
    if (!isMemoryEffectFree(&inner))
      return inner.emitOpError("has side effects and cannot appear in the "
                               "body of '")
             << op->getName() << "'";
  return success();
}

LogicalResult ReduceOp::verify() {
  if (failed(verifyCombinerOp(*this, getOperands(), getResultTypes(), getDim(),
                              getIdentities())))
    return failure();
  // Each result is its operand without dimension `dim`.
  for (auto [index, operand, result] :
       llvm::enumerate(getOperands(), getResults())) {
    TileType operandType = cast<TileType>(operand.getType());
    TileType resultType = cast<TileType>(result.getType());
    SmallVector<int64_t> expected(operandType.getShape());
    expected.erase(expected.begin() + getDim());
    if (resultType.getShape() != ArrayRef<int64_t>(expected) ||
        resultType.getElementType() != operandType.getElementType())
      return emitOpError("result ")
             << index << " must have shape " << formatShape(expected)
             << " and element type " << operandType.getElementType()
             << " (operand " << index << " without dim " << getDim()
             << "), got " << resultType;
  }
  return success();
}

LogicalResult ReduceOp::verifyRegions() {
  return verifyCombinerBody(*this, getBody(), getOperands());
}

LogicalResult ScanOp::verify() {
  if (failed(verifyCombinerOp(*this, getOperands(), getResultTypes(), getDim(),
                              getIdentities())))
    return failure();
  for (auto [index, operand, result] :
       llvm::enumerate(getOperands(), getResults())) {
    TileType operandType = cast<TileType>(operand.getType());
    TileType resultType = cast<TileType>(result.getType());
    if (resultType.getShape() != operandType.getShape() ||
        resultType.getElementType() != operandType.getElementType())
      return emitOpError("result ")
             << index << " must have the shape and element type of operand "
             << index << ", got " << resultType << " for " << operandType;
  }
  return success();
}

LogicalResult ScanOp::verifyRegions() {
  return verifyCombinerBody(*this, getBody(), getOperands());
}

//===----------------------------------------------------------------------===//
// AssumeOp
//===----------------------------------------------------------------------===//

LogicalResult AssumeOp::verify() {
  return getPredicate().verifyPredicate([&] { return emitOpError(); },
                                        getValue().getType());
}

OpFoldResult AssumeOp::fold(FoldAdaptor) {
  // Assuming the same fact twice adds nothing.
  if (auto inner = getValue().getDefiningOp<AssumeOp>())
    if (inner.getPredicate() == getPredicate())
      return inner.getResult();
  return {};
}
