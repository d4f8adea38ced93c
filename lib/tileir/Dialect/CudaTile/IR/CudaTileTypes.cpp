//===- CudaTileTypes.cpp - cuda_tile types --------------------------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Parsers, printers and verifiers of the cuda_tile types, the TileView
// interface of the three view types, and the type parse/print helpers of
// CudaTileAsmUtils.h (they need the generated type dispatch of this file).
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Dialect/CudaTile/IR/CudaTileAsmUtils.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;
using namespace mlir::cuda_tile;

#include "tileir/Dialect/CudaTile/IR/CudaTileTypeInterfaces.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "tileir/Dialect/CudaTile/IR/CudaTileTypes.cpp.inc"

void CudaTileDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tileir/Dialect/CudaTile/IR/CudaTileTypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Type helpers
//===----------------------------------------------------------------------===//

bool cuda_tile::isIntegerElementType(Type type) {
  return type.isInteger(1) || type.isInteger(8) || type.isInteger(16) ||
         type.isInteger(32) || type.isInteger(64);
}

bool cuda_tile::isFloatElementType(Type type) {
  return isa<Float16Type, BFloat16Type, Float32Type, FloatTF32Type, Float64Type,
             Float8E4M3FNType, Float8E5M2Type, Float8E8M0FNUType,
             Float4E2M1FNType>(type);
}

bool cuda_tile::isNumberType(Type type) {
  return isIntegerElementType(type) || isFloatElementType(type);
}

bool cuda_tile::isTileElementType(Type type) {
  return isNumberType(type) || type.isInteger(4) || isa<PointerType>(type);
}

bool cuda_tile::isPointerLike(Type type) {
  if (auto tile = dyn_cast<TileType>(type))
    type = tile.getElementType();
  return isa<PointerType>(type);
}

TileType cuda_tile::getI1TileOfSameShape(TileType type) {
  return type.cloneWith(std::nullopt, IntegerType::get(type.getContext(), 1));
}

namespace {
/// Streams a shape as `4x8x?` into diagnostics.
struct ShapeStr {
  ArrayRef<int64_t> shape;
};

Diagnostic &operator<<(Diagnostic &diag, ShapeStr s) {
  if (s.shape.empty())
    return diag << "()";
  llvm::interleave(
      s.shape,
      [&](int64_t dim) {
        if (ShapedType::isDynamic(dim))
          diag << "?";
        else
          diag << dim;
      },
      [&] { diag << "x"; });
  return diag;
}
} // namespace

LogicalResult
cuda_tile::verifyTileShape(function_ref<InFlightDiagnostic()> emitError,
                           ArrayRef<int64_t> shape) {
  int64_t numElements = 1;
  for (int64_t dim : shape) {
    if (dim <= 0)
      return emitError() << "tile dimensions must be positive, got shape "
                         << ShapeStr{shape};
    if (!llvm::isPowerOf2_64(static_cast<uint64_t>(dim)))
      return emitError() << "tile dimensions must be powers of two, got shape "
                         << ShapeStr{shape};
    // Divide rather than multiply so that the check cannot overflow.
    if (numElements > kMaxTileNumElements / dim)
      return emitError() << "tile of shape " << ShapeStr{shape}
                         << " has more than the maximum of "
                         << kMaxTileNumElements << " elements";
    numElements *= dim;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// custom<CudaTileType>
//===----------------------------------------------------------------------===//

ParseResult cuda_tile::parseCudaTileType(AsmParser &parser, Type &type) {
  // Builtin types and fully qualified `!cuda_tile.` types.
  OptionalParseResult result = parser.parseOptionalType(type);
  if (result.has_value())
    return *result;

  // A cuda_tile type without its prefix: `tile<...>`, `token`, ...
  SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  result = generatedTypeParser(parser, &mnemonic, type);
  if (result.has_value())
    return *result;
  return parser.emitError(loc, "expected a type, got '") << mnemonic << "'";
}

ParseResult cuda_tile::parseCudaTileType(AsmParser &parser,
                                         SmallVectorImpl<Type> &types) {
  return parser.parseCommaSeparatedList([&]() -> ParseResult {
    return parseCudaTileType(parser, types.emplace_back());
  });
}

void cuda_tile::printCudaTileType(AsmPrinter &printer, Type type) {
  if (isa<CudaTileDialect>(type.getDialect()) &&
      succeeded(generatedTypePrinter(type, printer)))
    return;
  printer.printType(type);
}

void cuda_tile::printCudaTileType(AsmPrinter &printer, Operation *, Type type) {
  printCudaTileType(printer, type);
}

void cuda_tile::printCudaTileType(AsmPrinter &printer, TypeRange types) {
  llvm::interleaveComma(types, printer,
                        [&](Type type) { printCudaTileType(printer, type); });
}

void cuda_tile::printCudaTileType(AsmPrinter &printer, Operation *,
                                  TypeRange types) {
  printCudaTileType(printer, types);
}

//===----------------------------------------------------------------------===//
// PointerType
//===----------------------------------------------------------------------===//

Type PointerType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  Type pointee;
  if (parser.parseLess() || parseCudaTileType(parser, pointee) ||
      parser.parseGreater())
    return {};
  return parser.getChecked<PointerType>(loc, parser.getContext(), pointee);
}

void PointerType::print(AsmPrinter &printer) const {
  printer << '<';
  printCudaTileType(printer, getPointeeType());
  printer << '>';
}

LogicalResult PointerType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  Type pointeeType) {
  if (!isNumberType(pointeeType))
    return emitError() << "pointee type must be an integer (i1, i8, i16, i32, "
                          "i64) or float type, got "
                       << pointeeType;
  return success();
}

//===----------------------------------------------------------------------===//
// TileType
//===----------------------------------------------------------------------===//

Type TileType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t> shape;
  Type elementType;
  Attribute encoding;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false) ||
      parseCudaTileType(parser, elementType) ||
      (succeeded(parser.parseOptionalComma()) &&
       parser.parseAttribute(encoding)) ||
      parser.parseGreater())
    return {};
  return parser.getChecked<TileType>(loc, parser.getContext(), shape,
                                     elementType, encoding);
}

void TileType::print(AsmPrinter &printer) const {
  printer << '<';
  printer.printDimensionList(getShape());
  if (!getShape().empty())
    printer << 'x';
  printCudaTileType(printer, getElementType());
  if (getEncoding()) {
    printer << ", ";
    printer.printAttribute(getEncoding());
  }
  printer << '>';
}

LogicalResult TileType::verify(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<int64_t> shape, Type elementType,
                               Attribute encoding) {
  if (!isTileElementType(elementType))
    return emitError() << "tile element type must be an integer (i1, i4, i8, "
                          "i16, i32, i64), float or pointer type, got "
                       << elementType;
  if (failed(verifyTileShape(emitError, shape)))
    return failure();
  // Two f4E2M1FN elements share a byte, so some dimension must pair them up.
  if (isa<Float4E2M1FNType>(elementType) &&
      llvm::none_of(shape, [](int64_t dim) { return dim % 2 == 0; }))
    return emitError() << "a tile of f4E2M1FN needs a dimension of even size, "
                          "got shape "
                       << ShapeStr{shape};
  return success();
}

TileType TileType::cloneWith(std::optional<ArrayRef<int64_t>> shape,
                             Type elementType) const {
  return TileType::get(shape ? *shape : getShape(), elementType, getEncoding());
}

//===----------------------------------------------------------------------===//
// TensorViewType
//===----------------------------------------------------------------------===//

Type TensorViewType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t> shape;
  Type elementType;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/true) ||
      parseCudaTileType(parser, elementType))
    return {};

  SmallVector<int64_t> strides;
  if (shape.empty()) {
    if (succeeded(parser.parseOptionalComma())) {
      parser.emitError(parser.getCurrentLocation(),
                       "a 0-d tensor_view has no strides");
      return {};
    }
  } else {
    auto parseStride = [&]() -> ParseResult {
      if (succeeded(parser.parseOptionalQuestion())) {
        strides.push_back(kDynamic);
        return success();
      }
      SMLoc strideLoc = parser.getCurrentLocation();
      int64_t stride;
      if (parser.parseInteger(stride))
        return failure();
      // Checked here so that kDynamic cannot be spelled as a number.
      if (stride <= 0)
        return parser.emitError(strideLoc, "strides must be positive, got ")
               << stride;
      strides.push_back(stride);
      return success();
    };
    if (parser.parseComma() || parser.parseKeyword("strides") ||
        parser.parseEqual() ||
        parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                       parseStride, "strides"))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<TensorViewType>(loc, parser.getContext(),
                                           elementType, shape, strides);
}

void TensorViewType::print(AsmPrinter &printer) const {
  printer << '<';
  printer.printDimensionList(getShape());
  if (!getShape().empty())
    printer << 'x';
  printCudaTileType(printer, getElementType());
  if (!getShape().empty()) {
    printer << ", strides=[";
    llvm::interleave(
        getStrides(),
        [&](int64_t stride) {
          if (ShapedType::isDynamic(stride))
            printer << '?';
          else
            printer << stride;
        },
        [&] { printer << ','; });
    printer << ']';
  }
  printer << '>';
}

LogicalResult
TensorViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                       Type elementType, ArrayRef<int64_t> shape,
                       ArrayRef<int64_t> strides) {
  if (!isNumberType(elementType))
    return emitError() << "tensor_view element type must be an integer (i1, "
                          "i8, i16, i32, i64) or float type, got "
                       << elementType;
  if (shape.size() != strides.size())
    return emitError() << "tensor_view has " << shape.size() << " sizes but "
                       << strides.size() << " strides";
  auto isInvalid = [](int64_t v) {
    return v <= 0 && !ShapedType::isDynamic(v);
  };
  if (llvm::any_of(shape, isInvalid))
    return emitError()
           << "tensor_view sizes must be positive or dynamic, got shape "
           << ShapeStr{shape};
  if (llvm::any_of(strides, isInvalid))
    return emitError()
           << "tensor_view strides must be positive or dynamic, got strides "
           << ShapeStr{strides};

  // 4-bit elements are packed in pairs along a unit-stride dimension. Only
  // reject views for which no dimension can possibly be such a dimension.
  if (isa<Float4E2M1FNType>(elementType)) {
    bool canPack = llvm::any_of(llvm::seq<size_t>(shape.size()), [&](size_t i) {
      bool unitStride = strides[i] == 1 || ShapedType::isDynamic(strides[i]);
      bool evenSize = shape[i] % 2 == 0 || ShapedType::isDynamic(shape[i]);
      return unitStride && evenSize;
    });
    if (!canPack)
      return emitError() << "a tensor_view of f4E2M1FN needs a unit-stride "
                            "dimension of even size";
  }
  return success();
}

size_t TensorViewType::getNumDynamicSizes() const {
  return llvm::count_if(getShape(), ShapedType::isDynamic);
}

size_t TensorViewType::getNumDynamicStrides() const {
  return llvm::count_if(getStrides(), ShapedType::isDynamic);
}

//===----------------------------------------------------------------------===//
// TileView
//===----------------------------------------------------------------------===//

TensorViewType TileView::getViewTensorView() const {
  return cast<TensorViewType>(getViewTensorViewType());
}

//===----------------------------------------------------------------------===//
// View parsing and printing
//===----------------------------------------------------------------------===//

/// Parses `tile=(AxBx...)`.
static ParseResult parseViewTileShape(AsmParser &parser,
                                      SmallVectorImpl<int32_t> &tileShape) {
  SmallVector<int64_t> shape;
  if (parser.parseKeyword("tile") || parser.parseEqual() ||
      parser.parseLParen())
    return failure();
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/false) ||
      parser.parseRParen())
    return failure();
  for (int64_t dim : shape) {
    if (dim <= 0 || dim > std::numeric_limits<int32_t>::max())
      return parser.emitError(loc, "tile dimensions must be in [1, ")
             << std::numeric_limits<int32_t>::max() << "], got " << dim;
    tileShape.push_back(static_cast<int32_t>(dim));
  }
  return success();
}

static void printViewTileShape(AsmPrinter &printer,
                               ArrayRef<int32_t> tileShape) {
  printer << "tile=(";
  llvm::interleave(tileShape, printer, "x");
  printer << ')';
}

/// Parses `[i, j, ...]` of 32-bit integers.
static ParseResult parseI32List(AsmParser &parser,
                                SmallVectorImpl<int32_t> &values,
                                StringRef what) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square,
      [&]() -> ParseResult {
        return parser.parseInteger(values.emplace_back());
      },
      what);
}

/// Parses an optional `padding_value = <keyword>` (without the comma after
/// it). Leaves `padding` null when absent.
static ParseResult parseOptionalPaddingValue(AsmParser &parser,
                                             PaddingValueAttr &padding,
                                             bool &present) {
  present = succeeded(parser.parseOptionalKeyword("padding_value"));
  if (!present)
    return success();
  StringRef keyword;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseEqual() || parser.parseKeyword(&keyword))
    return failure();
  std::optional<PaddingValue> value = symbolizePaddingValue(keyword);
  if (!value)
    return parser.emitError(loc, "unknown padding_value '")
           << keyword
           << "'; expected one of zero, neg_zero, nan, pos_inf, neg_inf";
  padding = PaddingValueAttr::get(parser.getContext(), *value);
  return success();
}

static void printOptionalPaddingValue(AsmPrinter &printer,
                                      PaddingValueAttr padding) {
  if (padding)
    printer << "padding_value = " << stringifyPaddingValue(padding.getValue())
            << ", ";
}

/// Parses the tensor_view inside a view type.
static ParseResult parseViewTensorView(AsmParser &parser,
                                       TensorViewType &tensorView) {
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parseCudaTileType(parser, type))
    return failure();
  tensorView = dyn_cast<TensorViewType>(type);
  if (!tensorView)
    return parser.emitError(loc, "expected a tensor_view type, got ") << type;
  return success();
}

/// Parses an optional `, dim_map=[...]`; the identity when absent.
static ParseResult parseOptionalDimMap(AsmParser &parser,
                                       SmallVectorImpl<int32_t> &dimMap,
                                       size_t rank) {
  if (failed(parser.parseOptionalComma())) {
    for (size_t i = 0; i < rank; ++i)
      dimMap.push_back(static_cast<int32_t>(i));
    return success();
  }
  if (parser.parseKeyword("dim_map") || parser.parseEqual())
    return failure();
  return parseI32List(parser, dimMap, "dim_map");
}

/// Prints `, dim_map=[...]` unless `dimMap` is the identity.
static void printOptionalDimMap(AsmPrinter &printer, ArrayRef<int32_t> dimMap) {
  bool isIdentity = llvm::all_of(llvm::enumerate(dimMap), [](auto entry) {
    return static_cast<size_t>(entry.value()) == entry.index();
  });
  if (isIdentity)
    return;
  printer << ", dim_map=[";
  llvm::interleaveComma(dimMap, printer);
  printer << ']';
}

static SmallVector<int64_t> toI64(ArrayRef<int32_t> values) {
  return SmallVector<int64_t>(values.begin(), values.end());
}

/// Verifies what all three views require of their tile shape, tensor_view
/// and padding value.
static LogicalResult
verifyViewCommon(function_ref<InFlightDiagnostic()> emitError,
                 ArrayRef<int32_t> tileShape, TensorViewType tensorView,
                 PaddingValueAttr padding) {
  if (static_cast<int64_t>(tileShape.size()) != tensorView.getRank())
    return emitError() << "tile rank (" << tileShape.size()
                       << ") must equal the tensor_view rank ("
                       << tensorView.getRank() << ")";
  // Checks the dimensions and the element count, and that the element type
  // can form a tile.
  if (failed(TileType::verify(emitError, toI64(tileShape),
                              tensorView.getElementType(), Attribute())))
    return failure();
  if (padding && padding.getValue() != PaddingValue::Zero &&
      !isa<FloatType>(tensorView.getElementType()))
    return emitError() << "padding_value "
                       << stringifyPaddingValue(padding.getValue())
                       << " requires a float element type, got "
                       << tensorView.getElementType();
  return success();
}

/// Verifies that `dimMap` is a permutation of the tensor_view dimensions.
static LogicalResult verifyDimMap(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int32_t> dimMap, size_t tileRank) {
  if (dimMap.size() != tileRank)
    return emitError() << "dim_map must have one entry per tile dimension ("
                       << tileRank << "), got " << dimMap.size();
  SmallVector<int64_t> mappedFrom(tileRank, -1);
  for (auto [tileDim, viewDim] : llvm::enumerate(dimMap)) {
    if (viewDim < 0 || static_cast<size_t>(viewDim) >= tileRank)
      return emitError() << "dim_map entry " << viewDim
                         << " is not a tensor_view dimension (expected 0 to "
                         << tileRank - 1 << ")";
    if (mappedFrom[viewDim] >= 0)
      return emitError() << "dim_map maps tile dimensions "
                         << mappedFrom[viewDim] << " and " << tileDim
                         << " to the same tensor_view dimension " << viewDim;
    mappedFrom[viewDim] = tileDim;
  }
  return success();
}

/// Verifies indices that are all rank-0 integer tiles of one type.
static LogicalResult
verifyScalarIndices(function_ref<InFlightDiagnostic()> emitError,
                    TypeRange indexTypes) {
  for (auto [i, type] : llvm::enumerate(indexTypes)) {
    auto tile = dyn_cast<TileType>(type);
    if (!tile || tile.getRank() != 0 ||
        !isIntegerElementType(tile.getElementType()))
      return emitError() << "index #" << i
                         << " must be a rank-0 integer tile, got " << type;
    if (type != indexTypes.front())
      return emitError() << "index #" << i << " has type " << type
                         << ", but index #0 has type " << indexTypes.front()
                         << "; all indices must have the same type";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// PartitionViewType
//===----------------------------------------------------------------------===//

Type PartitionViewType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int32_t> tileShape, dimMap;
  PaddingValueAttr padding;
  TensorViewType tensorView;
  bool hasPadding;
  if (parser.parseLess() || parseViewTileShape(parser, tileShape) ||
      parser.parseComma() ||
      parseOptionalPaddingValue(parser, padding, hasPadding) ||
      (hasPadding && parser.parseComma()) ||
      parseViewTensorView(parser, tensorView) ||
      parseOptionalDimMap(parser, dimMap, tileShape.size()) ||
      parser.parseGreater())
    return {};
  return parser.getChecked<PartitionViewType>(
      loc, parser.getContext(),
      DenseI32ArrayAttr::get(parser.getContext(), tileShape), tensorView,
      dimMap, padding);
}

void PartitionViewType::print(AsmPrinter &printer) const {
  printer << '<';
  printViewTileShape(printer, getTileShape().asArrayRef());
  printer << ", ";
  printOptionalPaddingValue(printer, getPaddingValue());
  printCudaTileType(printer, getTensorView());
  printOptionalDimMap(printer, getDimMap());
  printer << '>';
}

LogicalResult
PartitionViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                          DenseI32ArrayAttr tileShape,
                          TensorViewType tensorView, ArrayRef<int32_t> dimMap,
                          PaddingValueAttr padding) {
  if (failed(verifyViewCommon(emitError, tileShape.asArrayRef(), tensorView,
                              padding)))
    return failure();
  return verifyDimMap(emitError, dimMap, tileShape.size());
}

size_t PartitionViewType::getViewIndexRank() const {
  return getTileShape().size();
}
ArrayRef<int32_t> PartitionViewType::getViewTileShape() const {
  return getTileShape().asArrayRef();
}
Type PartitionViewType::getViewElementType() const {
  return getTensorView().getElementType();
}
Type PartitionViewType::getViewTileType() const {
  return TileType::get(toI64(getViewTileShape()), getViewElementType());
}
Type PartitionViewType::getViewTensorViewType() const {
  return getTensorView();
}
PaddingValueAttr PartitionViewType::getViewPaddingValue() const {
  return getPaddingValue();
}
LogicalResult
PartitionViewType::verifyIndices(function_ref<InFlightDiagnostic()> emitError,
                                 TypeRange indexTypes) const {
  return verifyScalarIndices(emitError, indexTypes);
}

//===----------------------------------------------------------------------===//
// StridedViewType
//===----------------------------------------------------------------------===//

Type StridedViewType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int32_t> tileShape, traversalStrides, dimMap;
  PaddingValueAttr padding;
  TensorViewType tensorView;
  bool hasPadding;
  if (parser.parseLess() || parseViewTileShape(parser, tileShape) ||
      parser.parseComma() || parser.parseKeyword("traversal_strides") ||
      parser.parseEqual() ||
      parseI32List(parser, traversalStrides, "traversal_strides") ||
      parser.parseComma() ||
      parseOptionalPaddingValue(parser, padding, hasPadding) ||
      (hasPadding && parser.parseComma()) ||
      parseViewTensorView(parser, tensorView) ||
      parseOptionalDimMap(parser, dimMap, tileShape.size()) ||
      parser.parseGreater())
    return {};
  MLIRContext *ctx = parser.getContext();
  return parser.getChecked<StridedViewType>(
      loc, ctx, DenseI32ArrayAttr::get(ctx, tileShape),
      DenseI32ArrayAttr::get(ctx, traversalStrides), tensorView, dimMap,
      padding);
}

void StridedViewType::print(AsmPrinter &printer) const {
  printer << '<';
  printViewTileShape(printer, getTileShape().asArrayRef());
  printer << ", traversal_strides=[";
  llvm::interleave(getTraversalStrides().asArrayRef(), printer, ",");
  printer << "], ";
  printOptionalPaddingValue(printer, getPaddingValue());
  printCudaTileType(printer, getTensorView());
  printOptionalDimMap(printer, getDimMap());
  printer << '>';
}

LogicalResult StridedViewType::verify(
    function_ref<InFlightDiagnostic()> emitError, DenseI32ArrayAttr tileShape,
    DenseI32ArrayAttr traversalStrides, TensorViewType tensorView,
    ArrayRef<int32_t> dimMap, PaddingValueAttr padding) {
  if (failed(verifyViewCommon(emitError, tileShape.asArrayRef(), tensorView,
                              padding)) ||
      failed(verifyDimMap(emitError, dimMap, tileShape.size())))
    return failure();
  if (traversalStrides.size() != tileShape.size())
    return emitError() << "traversal_strides must have one entry per tile "
                          "dimension ("
                       << tileShape.size() << "), got "
                       << traversalStrides.size();
  for (int32_t stride : traversalStrides.asArrayRef())
    if (stride <= 0)
      return emitError() << "traversal_strides must be positive, got "
                         << stride;
  return success();
}

size_t StridedViewType::getViewIndexRank() const {
  return getTileShape().size();
}
ArrayRef<int32_t> StridedViewType::getViewTileShape() const {
  return getTileShape().asArrayRef();
}
Type StridedViewType::getViewElementType() const {
  return getTensorView().getElementType();
}
Type StridedViewType::getViewTileType() const {
  return TileType::get(toI64(getViewTileShape()), getViewElementType());
}
Type StridedViewType::getViewTensorViewType() const { return getTensorView(); }
PaddingValueAttr StridedViewType::getViewPaddingValue() const {
  return getPaddingValue();
}
LogicalResult
StridedViewType::verifyIndices(function_ref<InFlightDiagnostic()> emitError,
                               TypeRange indexTypes) const {
  return verifyScalarIndices(emitError, indexTypes);
}

//===----------------------------------------------------------------------===//
// GatherScatterViewType
//===----------------------------------------------------------------------===//

Type GatherScatterViewType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int32_t> tileShape;
  PaddingValueAttr padding;
  TensorViewType tensorView;
  bool hasPadding;
  uint32_t sparseDim;
  if (parser.parseLess() || parseViewTileShape(parser, tileShape) ||
      parser.parseComma() ||
      parseOptionalPaddingValue(parser, padding, hasPadding) ||
      (hasPadding && parser.parseComma()) ||
      parseViewTensorView(parser, tensorView) || parser.parseComma() ||
      parser.parseKeyword("sparse_dim") || parser.parseEqual() ||
      parser.parseInteger(sparseDim) || parser.parseGreater())
    return {};
  return parser.getChecked<GatherScatterViewType>(
      loc, parser.getContext(),
      DenseI32ArrayAttr::get(parser.getContext(), tileShape), tensorView,
      sparseDim, padding);
}

void GatherScatterViewType::print(AsmPrinter &printer) const {
  printer << '<';
  printViewTileShape(printer, getTileShape().asArrayRef());
  printer << ", ";
  printOptionalPaddingValue(printer, getPaddingValue());
  printCudaTileType(printer, getTensorView());
  printer << ", sparse_dim=" << getSparseDim() << '>';
}

LogicalResult GatherScatterViewType::verify(
    function_ref<InFlightDiagnostic()> emitError, DenseI32ArrayAttr tileShape,
    TensorViewType tensorView, uint32_t sparseDim, PaddingValueAttr padding) {
  if (failed(verifyViewCommon(emitError, tileShape.asArrayRef(), tensorView,
                              padding)))
    return failure();
  if (sparseDim >= tileShape.size())
    return emitError() << "sparse_dim (" << sparseDim
                       << ") must be less than the tensor_view rank ("
                       << tileShape.size() << ")";
  return success();
}

size_t GatherScatterViewType::getViewIndexRank() const {
  return getTileShape().size();
}
ArrayRef<int32_t> GatherScatterViewType::getViewTileShape() const {
  return getTileShape().asArrayRef();
}
Type GatherScatterViewType::getViewElementType() const {
  return getTensorView().getElementType();
}
Type GatherScatterViewType::getViewTileType() const {
  return TileType::get(toI64(getViewTileShape()), getViewElementType());
}
Type GatherScatterViewType::getViewTensorViewType() const {
  return getTensorView();
}
PaddingValueAttr GatherScatterViewType::getViewPaddingValue() const {
  return getPaddingValue();
}

LogicalResult GatherScatterViewType::verifyIndices(
    function_ref<InFlightDiagnostic()> emitError, TypeRange indexTypes) const {
  // The sparse dimension takes a 1-D tile of row indices, one per row of the
  // tile along that dimension; the others take rank-0 tiles of one type.
  uint32_t sparseDim = getSparseDim();
  if (sparseDim >= indexTypes.size())
    return emitError() << "expected an index for sparse dimension " << sparseDim
                       << ", got " << indexTypes.size() << " indices";
  auto rows = dyn_cast<TileType>(indexTypes[sparseDim]);
  int64_t tileRows = getTileShape()[sparseDim];
  if (!rows || rows.getRank() != 1 ||
      !isIntegerElementType(rows.getElementType()) ||
      rows.getDimSize(0) != tileRows)
    return emitError() << "index #" << sparseDim
                       << " (the sparse dimension) must be a 1-D integer tile "
                          "of "
                       << tileRows << " elements, got "
                       << indexTypes[sparseDim];

  SmallVector<Type> scalarIndices;
  for (auto [i, type] : llvm::enumerate(indexTypes))
    if (i != sparseDim)
      scalarIndices.push_back(type);
  for (auto [i, type] : llvm::enumerate(indexTypes)) {
    if (i == sparseDim)
      continue;
    auto tile = dyn_cast<TileType>(type);
    if (!tile || tile.getRank() != 0 ||
        !isIntegerElementType(tile.getElementType()))
      return emitError() << "index #" << i
                         << " must be a rank-0 integer tile, got " << type;
    if (type != scalarIndices.front())
      return emitError() << "index #" << i << " has type " << type
                         << ", but the other rank-0 indices have type "
                         << scalarIndices.front();
  }
  return success();
}
