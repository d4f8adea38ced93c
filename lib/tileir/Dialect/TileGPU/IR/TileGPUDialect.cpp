//===- TileGPUDialect.cpp - tilegpu dialect, attributes, ops --------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TileGPU/IR/TileGPU.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tilegpu;

#include "tileir/Dialect/TileGPU/IR/TileGPUDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tileir/Dialect/TileGPU/IR/TileGPUAttrs.cpp.inc"

#define GET_OP_CLASSES
#include "tileir/Dialect/TileGPU/IR/TileGPUOps.cpp.inc"

void TileGPUDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tileir/Dialect/TileGPU/IR/TileGPUAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tileir/Dialect/TileGPU/IR/TileGPUOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// LayoutAttr
//===----------------------------------------------------------------------===//

void LayoutAttr::print(AsmPrinter &printer) const {
  printer << "<";
  getLayout().print(printer.getStream());
  printer << ">";
}

/// Parses `[` (int (`,` int)*)? `]`.
static ParseResult parseIntList(AsmParser &parser,
                                SmallVectorImpl<int64_t> &values) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() {
    int64_t v;
    if (parser.parseInteger(v))
      return failure();
    values.push_back(v);
    return success();
  });
}

Attribute LayoutAttr::parse(AsmParser &parser, Type) {
  // Re-assemble the canonical text and let the layout library validate it,
  // so the attribute and LinearLayout::parse accept exactly the same thing.
  std::string text;
  llvm::raw_string_ostream os(text);
  auto printList = [&](ArrayRef<int64_t> v) {
    os << "[";
    llvm::interleave(v, os, ",");
    os << "]";
  };
  if (parser.parseLess() || parser.parseKeyword("shape") ||
      parser.parseEqual())
    return {};
  SmallVector<int64_t> shape;
  if (parseIntList(parser, shape))
    return {};
  os << "shape=";
  printList(shape);
  for (StringRef key : {"reg", "lane", "warp"}) {
    if (parser.parseComma() || parser.parseKeyword(key) || parser.parseEqual())
      return {};
    os << ", " << key << "=[";
    bool first = true;
    if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() {
          SmallVector<int64_t> basis;
          if (parseIntList(parser, basis))
            return failure();
          if (!first)
            os << ",";
          first = false;
          printList(basis);
          return success();
        }))
      return {};
    os << "]";
  }
  if (parser.parseGreater())
    return {};
  llvm::Expected<tileir::LinearLayout> layout =
      tileir::LinearLayout::parse(os.str());
  if (!layout) {
    parser.emitError(parser.getNameLoc())
        << "invalid layout: " << llvm::toString(layout.takeError());
    return {};
  }
  return LayoutAttr::get(parser.getContext(), *layout);
}

LayoutAttr mlir::tilegpu::getLayout(Type type) {
  if (auto tile = dyn_cast<cuda_tile::TileType>(type))
    return dyn_cast_or_null<LayoutAttr>(tile.getEncoding());
  return {};
}

cuda_tile::TileType mlir::tilegpu::withLayout(cuda_tile::TileType type,
                                              const tileir::LinearLayout &l) {
  return cuda_tile::TileType::get(type.getContext(), type.getShape(),
                                  type.getElementType(),
                                  LayoutAttr::get(type.getContext(), l));
}

//===----------------------------------------------------------------------===//
// ConvertLayoutOp
//===----------------------------------------------------------------------===//

LogicalResult ConvertLayoutOp::verify() {
  auto src = cast<cuda_tile::TileType>(getSource().getType());
  auto dst = cast<cuda_tile::TileType>(getResult().getType());
  if (src.getShape() != dst.getShape() ||
      src.getElementType() != dst.getElementType())
    return emitOpError("source and result must have the same shape and "
                       "element type");
  for (auto [what, type] : {std::pair{"source", src}, std::pair{"result", dst}}) {
    LayoutAttr layout = getLayout(type);
    if (!layout)
      return emitOpError() << what << " must have a layout encoding";
    if (layout.getShape() != type.getShape())
      return emitOpError() << what << " layout shape does not match the tile";
  }
  return success();
}

OpFoldResult ConvertLayoutOp::fold(FoldAdaptor) {
  if (getSource().getType() == getResult().getType())
    return getSource();
  // convert(convert(x)) -> convert(x)
  if (auto inner = getSource().getDefiningOp<ConvertLayoutOp>()) {
    if (inner.getSource().getType() == getResult().getType())
      return inner.getSource();
    getSourceMutable().assign(inner.getSource());
    return getResult();
  }
  return {};
}
