//===- CudaTileAsmUtils.cpp - shared cuda_tile parse/print helpers --------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Dense tile constants and function signatures. The type helpers of
// CudaTileAsmUtils.h are in CudaTileTypes.cpp, next to the generated type
// parser they dispatch to.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/CudaTile/IR/CudaTileAsmUtils.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::cuda_tile;

//===----------------------------------------------------------------------===//
// Dense tile constants
//===----------------------------------------------------------------------===//

namespace {
/// Parses the literal of a dense tile constant: a scalar or a nested list.
/// The values are collected in row-major order, together with the shape the
/// nesting implies (empty for a scalar).
class DenseLiteralParser {
public:
  DenseLiteralParser(AsmParser &parser, Type elementType)
      : parser(parser), elementType(elementType) {}

  ParseResult parse(SmallVectorImpl<int64_t> &shape) {
    if (failed(parser.parseOptionalLSquare()))
      return parseScalar();

    SMLoc listLoc = parser.getCurrentLocation();
    if (succeeded(parser.parseOptionalRSquare()))
      return parser.emitError(listLoc, "empty list in constant literal");
    SmallVector<int64_t> innerShape;
    int64_t count = 0;
    auto parseItem = [&]() -> ParseResult {
      SMLoc itemLoc = parser.getCurrentLocation();
      SmallVector<int64_t> itemShape;
      if (parse(itemShape))
        return failure();
      if (count++ == 0)
        innerShape = itemShape;
      else if (itemShape != innerShape)
        return parser.emitError(itemLoc, "the nested lists of a constant "
                                         "literal must all have the same "
                                         "shape");
      return success();
    };
    if (parser.parseCommaSeparatedList(parseItem) || parser.parseRSquare())
      return failure();
    shape.push_back(count);
    llvm::append_range(shape, innerShape);
    return success();
  }

  SmallVector<APInt> ints;
  SmallVector<APFloat> floats;

private:
  ParseResult parseScalar() {
    SMLoc loc = parser.getCurrentLocation();
    if (auto floatType = dyn_cast<FloatType>(elementType)) {
      APFloat value(floatType.getFloatSemantics());
      if (parser.parseFloat(floatType.getFloatSemantics(), value))
        return failure();
      floats.push_back(value);
      return success();
    }

    unsigned width = elementType.getIntOrFloatBitWidth();
    StringRef keyword;
    if (succeeded(parser.parseOptionalKeyword(&keyword, {"true", "false"}))) {
      if (width != 1)
        return parser.emitError(loc, "true and false are i1 values; expected "
                                     "an integer literal for ")
               << elementType;
      ints.push_back(APInt(1, keyword == "true"));
      return success();
    }
    APInt value;
    OptionalParseResult result = parser.parseOptionalInteger(value);
    if (!result.has_value())
      return parser.emitError(loc, "expected an integer literal for ")
             << elementType;
    if (failed(*result))
      return failure();
    // Accept the union of the signed and the unsigned range of the width,
    // as producers write both `-1` and `255` for an i8 with all bits set.
    bool fits = value.isNegative() ? value.getSignificantBits() <= width
                                   : value.getActiveBits() <= width;
    if (!fits)
      return parser.emitError(loc, "integer literal ")
             << llvm::toString(value, /*Radix=*/10, /*Signed=*/true)
             << " does not fit in " << elementType;
    ints.push_back(value.sextOrTrunc(width));
    return success();
  }

  AsmParser &parser;
  Type elementType;
};
} // namespace

/// Builds the attribute from a hexadecimal raw buffer, the form in which
/// MLIR prints large dense attributes.
static DenseIntOrFPElementsAttr parseHexLiteral(AsmParser &parser, SMLoc loc,
                                                StringRef hex, TileType type) {
  std::string data;
  if (!hex.consume_front("0x") || !llvm::tryGetFromHex(hex, data)) {
    parser.emitError(loc, "expected a hexadecimal string (\"0x...\") as "
                          "constant literal");
    return {};
  }
  ArrayRef<char> raw(data.data(), data.size());
  bool detectedSplat = false;
  if (!DenseElementsAttr::isValidRawBuffer(type, raw, detectedSplat)) {
    parser.emitError(loc, "hexadecimal constant literal of ")
        << data.size() << " bytes does not fit " << type;
    return {};
  }
  return cast<DenseIntOrFPElementsAttr>(
      DenseElementsAttr::getFromRawBuffer(type, raw));
}

/// Formats a shape as `[2, 4]` for diagnostics.
static std::string formatShape(ArrayRef<int64_t> shape) {
  std::string str;
  llvm::raw_string_ostream os(str);
  os << '[';
  llvm::interleaveComma(shape, os);
  os << ']';
  return str;
}

ParseResult cuda_tile::parseDenseTileConstant(AsmParser &parser,
                                              DenseIntOrFPElementsAttr &value,
                                              Type &type) {
  if (parser.parseLess())
    return failure();
  SMLoc elementLoc = parser.getCurrentLocation();
  Type elementType;
  if (parseCudaTileType(parser, elementType))
    return failure();
  if (!isNumberType(elementType))
    return parser.emitError(elementLoc,
                            "constant element type must be i1, i8, i16, i32, "
                            "i64, f16, bf16, f32, tf32, f64, f8E4M3FN, "
                            "f8E5M2, f8E8M0FNU or f4E2M1FN, got ")
           << elementType;
  if (parser.parseColon())
    return failure();

  SMLoc literalLoc = parser.getCurrentLocation();
  std::string hex;
  bool isHex = succeeded(parser.parseOptionalString(&hex));
  DenseLiteralParser literal(parser, elementType);
  SmallVector<int64_t> literalShape;
  if ((!isHex && literal.parse(literalShape)) || parser.parseGreater() ||
      parser.parseColon())
    return failure();

  SMLoc typeLoc = parser.getCurrentLocation();
  if (parseCudaTileType(parser, type))
    return failure();
  auto tileType = dyn_cast<TileType>(type);
  if (!tileType)
    return parser.emitError(typeLoc, "constant type must be a tile, got ")
           << type;
  if (tileType.getElementType() != elementType)
    return parser.emitError(typeLoc, "constant literal of ")
           << elementType << " does not match the tile element type "
           << tileType.getElementType();

  if (isHex) {
    value = parseHexLiteral(parser, literalLoc, hex, tileType);
    return success(static_cast<bool>(value));
  }

  // A scalar literal fills the whole tile; a list must match its shape.
  if (!literalShape.empty() && literalShape != tileType.getShape())
    return parser.emitError(literalLoc, "constant literal of shape ")
           << formatShape(literalShape) << " does not match the tile shape "
           << formatShape(tileType.getShape());

  DenseElementsAttr attr =
      isa<FloatType>(elementType)
          ? DenseElementsAttr::get(tileType, ArrayRef<APFloat>(literal.floats))
          : DenseElementsAttr::get(tileType, ArrayRef<APInt>(literal.ints));
  value = cast<DenseIntOrFPElementsAttr>(attr);
  return success();
}

void cuda_tile::printDenseTileConstant(AsmPrinter &printer, Operation *,
                                       DenseIntOrFPElementsAttr value,
                                       Type type) {
  if (!value) {
    printer << "<<null>>";
    return;
  }
  // Reuse MLIR's rendering of the elements (float formatting, splats, the
  // hexadecimal form of large constants) and drop its `dense<...>` wrapper.
  std::string rendered;
  llvm::raw_string_ostream os(rendered);
  value.print(os, /*elideType=*/true);
  StringRef body = rendered;
  body.consume_front("dense<");
  body.consume_back(">");

  printer << '<' << value.getElementType() << ": " << body << "> : ";
  printCudaTileType(printer, type);
}

ParseResult cuda_tile::parseDenseTileConstant(AsmParser &parser,
                                              DenseIntOrFPElementsAttr &value) {
  Type type;
  return parseDenseTileConstant(parser, value, type);
}

void cuda_tile::printDenseTileConstant(AsmPrinter &printer, Operation *op,
                                       DenseIntOrFPElementsAttr value) {
  printDenseTileConstant(printer, op, value, value ? value.getType() : Type());
}

//===----------------------------------------------------------------------===//
// Function signatures
//===----------------------------------------------------------------------===//

ParseResult cuda_tile::parseFunctionSignature(
    OpAsmParser &parser, SmallVectorImpl<OpAsmParser::Argument> &arguments,
    SmallVectorImpl<Type> &resultTypes,
    SmallVectorImpl<DictionaryAttr> &resultAttrs) {
  MLIRContext *context = parser.getContext();
  auto parseArgument = [&]() -> ParseResult {
    OpAsmParser::Argument &arg = arguments.emplace_back();
    NamedAttrList attrs;
    if (parser.parseArgument(arg) || parser.parseColon() ||
        parseCudaTileType(parser, arg.type) ||
        parser.parseOptionalAttrDict(attrs) ||
        parser.parseOptionalLocationSpecifier(arg.sourceLoc))
      return failure();
    if (!attrs.empty())
      arg.attrs = attrs.getDictionary(context);
    return success();
  };
  if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Paren,
                                     parseArgument))
    return failure();

  if (failed(parser.parseOptionalArrow()))
    return success();
  auto parseResult = [&]() -> ParseResult {
    NamedAttrList attrs;
    if (parseCudaTileType(parser, resultTypes.emplace_back()) ||
        parser.parseOptionalAttrDict(attrs))
      return failure();
    resultAttrs.push_back(attrs.getDictionary(context));
    return success();
  };
  if (failed(parser.parseOptionalLParen())) {
    resultAttrs.push_back(DictionaryAttr::get(context));
    return parseCudaTileType(parser, resultTypes.emplace_back());
  }
  if (succeeded(parser.parseOptionalRParen()))
    return success();
  if (parser.parseCommaSeparatedList(parseResult) || parser.parseRParen())
    return failure();
  return success();
}

void cuda_tile::printFunctionSignature(OpAsmPrinter &printer,
                                       FunctionOpInterface op) {
  Region &body = op.getFunctionBody();
  ArrayRef<Type> argTypes = op.getArgumentTypes();
  printer << '(';
  for (auto [i, type] : llvm::enumerate(argTypes)) {
    if (i > 0)
      printer << ", ";
    if (!body.empty())
      printer.printOperand(body.getArgument(i));
    else
      printer << "%arg" << i;
    printer << ": ";
    printCudaTileType(printer, type);
    if (DictionaryAttr attrs = op.getArgAttrDict(i))
      printer.printOptionalAttrDict(attrs.getValue());
    // Argument locations are parsed but not printed: the bytecode does not
    // record them, and OpAsmPrinter would emit their aliases even when debug
    // information is not printed.
  }
  printer << ')';

  ArrayRef<Type> resultTypes = op.getResultTypes();
  if (resultTypes.empty())
    return;
  printer << " -> ";
  DictionaryAttr firstAttrs = op.getResultAttrDict(0);
  if (resultTypes.size() == 1 && (!firstAttrs || firstAttrs.empty())) {
    printCudaTileType(printer, resultTypes.front());
    return;
  }
  printer << '(';
  for (auto [i, type] : llvm::enumerate(resultTypes)) {
    if (i > 0)
      printer << ", ";
    printCudaTileType(printer, type);
    if (DictionaryAttr attrs = op.getResultAttrDict(i))
      printer.printOptionalAttrDict(attrs.getValue());
  }
  printer << ')';
}
