//===- TileGPUDialect.cpp - tilegpu dialect, attributes, ops --------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TileGPU/IR/TileGPU.h"
#include "tileir/Dialect/TileGPU/IR/TensorMap.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tilegpu;

#include "tileir/Dialect/TileGPU/IR/TileGPUDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tileir/Dialect/TileGPU/IR/TileGPUAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "tileir/Dialect/TileGPU/IR/TileGPUTypes.cpp.inc"

#define GET_OP_CLASSES
#include "tileir/Dialect/TileGPU/IR/TileGPUOps.cpp.inc"

void TileGPUDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tileir/Dialect/TileGPU/IR/TileGPUAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "tileir/Dialect/TileGPU/IR/TileGPUTypes.cpp.inc"
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

/// Parses `shape = [...]` followed by `, key = [[...], ...]` for each of
/// `keys`, and hands the canonical text (with `reg`, `lane` and `warp`
/// lists; keys renamed by `rename`, absent ones filled by `fill`) to the
/// layout library, so the attributes and LinearLayout::parse accept exactly
/// the same layouts.
static FailureOr<tileir::LinearLayout>
parseLayoutBody(AsmParser &parser, ArrayRef<StringRef> keys,
                function_ref<StringRef(StringRef)> rename,
                function_ref<std::string(ArrayRef<int64_t>)> fill) {
  std::string text;
  llvm::raw_string_ostream os(text);
  auto printList = [&](ArrayRef<int64_t> v) {
    os << "[";
    llvm::interleave(v, os, ",");
    os << "]";
  };
  if (parser.parseLess() || parser.parseKeyword("shape") ||
      parser.parseEqual())
    return failure();
  SmallVector<int64_t> shape;
  if (parseIntList(parser, shape))
    return failure();
  os << "shape=";
  printList(shape);
  for (StringRef key : keys) {
    if (parser.parseComma() || parser.parseKeyword(key) || parser.parseEqual())
      return failure();
    os << ", " << rename(key) << "=[";
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
      return failure();
    os << "]";
  }
  if (parser.parseGreater())
    return failure();
  os << fill(shape);
  llvm::Expected<tileir::LinearLayout> layout =
      tileir::LinearLayout::parse(os.str());
  if (!layout) {
    parser.emitError(parser.getNameLoc())
        << "invalid layout: " << llvm::toString(layout.takeError());
    return failure();
  }
  return *layout;
}

Attribute LayoutAttr::parse(AsmParser &parser, Type) {
  FailureOr<tileir::LinearLayout> layout = parseLayoutBody(
      parser, {"reg", "lane", "warp"}, [](StringRef k) { return k; },
      [](ArrayRef<int64_t>) { return std::string(); });
  if (failed(layout))
    return {};
  return LayoutAttr::get(parser.getContext(), *layout);
}

//===----------------------------------------------------------------------===//
// SharedLayoutAttr
//===----------------------------------------------------------------------===//

void SharedLayoutAttr::print(AsmPrinter &printer) const {
  const tileir::LinearLayout &layout = getLayout();
  llvm::raw_ostream &os = printer.getStream();
  os << "<shape=[";
  llvm::interleaveComma(layout.getShape(), os);
  os << "], offset=[";
  llvm::interleaveComma(layout.getRegisterBases(), os,
                        [&](const tileir::LinearLayout::Basis &basis) {
                          os << "[";
                          llvm::interleaveComma(basis, os);
                          os << "]";
                        });
  os << "]>";
}

Attribute SharedLayoutAttr::parse(AsmParser &parser, Type) {
  FailureOr<tileir::LinearLayout> layout = parseLayoutBody(
      parser, {"offset"}, [](StringRef) { return StringRef("reg"); },
      [](ArrayRef<int64_t> shape) {
        // No lanes or warps: five zero lane bases.
        std::string zero = "[";
        for (size_t d = 0; d < shape.size(); ++d)
          zero += d ? ",0" : "0";
        zero += "]";
        std::string text = ", lane=[";
        for (int i = 0; i < 5; ++i)
          text += (i ? "," : "") + zero;
        return text + "], warp=[]";
      });
  if (failed(layout))
    return {};
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                    parser.getContext(), *layout);
}

LogicalResult
SharedLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         tileir::LinearLayout layout) {
  llvm::Expected<tileir::SharedMemoryLayout> smem =
      tileir::SharedMemoryLayout::fromLayout(layout);
  if (!smem)
    return emitError() << llvm::toString(smem.takeError());
  return success();
}

tileir::SharedMemoryLayout SharedLayoutAttr::getSharedMemoryLayout() const {
  // The verifier proved it is a bijection.
  return cantFail(tileir::SharedMemoryLayout::fromLayout(getLayout()));
}

//===----------------------------------------------------------------------===//
// SMemType
//===----------------------------------------------------------------------===//

int64_t mlir::tilegpu::getRegisterBytes(Type element) {
  if (isa<cuda_tile::PointerType>(element))
    return 8;
  if (isa<FloatTF32Type>(element))
    return 4;
  if (!element.isIntOrFloat())
    return 0;
  return std::max<int64_t>(1, (element.getIntOrFloatBitWidth() + 7) / 8);
}

int64_t SMemType::getElementBytes() const {
  return getRegisterBytes(getElementType());
}

int64_t SMemType::getTileBytes() const {
  int64_t elements = 1;
  for (int64_t d : getShape())
    elements *= d;
  return elements * getElementBytes();
}

int64_t SMemType::getStageStride() const {
  return llvm::alignTo(getTileBytes(), 1024);
}

SMemType SMemType::getSingleStage() const {
  return SMemType::get(getContext(), getShape(), getElementType(),
                       getLayout(), 1);
}

void SMemType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t d : getShape())
    printer << d << "x";
  printer << getElementType() << ", " << getLayout();
  if (getStages() != 1)
    printer << ", stages = " << getStages();
  printer << ">";
}

Type SMemType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type element;
  SharedLayoutAttr layout;
  int64_t stages = 1;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parser.parseType(element) || parser.parseComma() ||
      parser.parseAttribute(layout))
    return {};
  if (succeeded(parser.parseOptionalComma()))
    if (parser.parseKeyword("stages") || parser.parseEqual() ||
        parser.parseInteger(stages))
      return {};
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                    parser.getContext(), shape, element, layout, stages);
}

LogicalResult SMemType::verify(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<int64_t> shape, Type elementType,
                               SharedLayoutAttr layout, int64_t stages) {
  if (!layout)
    return emitError() << "a shared-memory buffer needs a layout";
  if (layout.getShape() != shape)
    return emitError() << "layout shape does not match the buffer shape";
  if (stages < 1 || stages > 64)
    return emitError() << "stages must be between 1 and 64, got " << stages;
  if (getRegisterBytes(elementType) == 0)
    return emitError() << "unsupported element type " << elementType;
  return success();
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

//===----------------------------------------------------------------------===//
// Shared-memory ops
//===----------------------------------------------------------------------===//

/// A tile type and a single-stage buffer type that hold the same tile.
static LogicalResult verifySameTile(Operation *op, Type tileType,
                                    SMemType buffer) {
  auto tile = cast<cuda_tile::TileType>(tileType);
  if (buffer.getStages() != 1)
    return op->emitOpError("needs a single-stage buffer (take a subview)");
  if (tile.getElementType() != buffer.getElementType())
    return op->emitOpError("element types of the tile and the buffer differ");
  int64_t tileElements = tile.getNumElements();
  int64_t bufferElements = 1;
  for (int64_t d : buffer.getShape())
    bufferElements *= d;
  if (tileElements != bufferElements)
    return op->emitOpError("the tile and the buffer hold different numbers "
                           "of elements");
  return success();
}

LogicalResult SubviewOp::verify() {
  SMemType src = getBuffer().getType(), dst = getResult().getType();
  if (dst != src.getSingleStage())
    return emitOpError("result must be one stage of the buffer");
  return success();
}

// The tiles take their layouts from tileir-assign-layouts like any other;
// only the lowering needs them.
LogicalResult LocalStoreOp::verify() {
  return verifySameTile(*this, getValue().getType(), getBuffer().getType());
}

LogicalResult LocalLoadOp::verify() {
  return verifySameTile(*this, getResult().getType(), getBuffer().getType());
}

LogicalResult AsyncCopyOp::verify() {
  SMemType buffer = getBuffer().getType();
  if (buffer.getStages() != 1)
    return emitOpError("needs a single-stage buffer (take a subview)");
  Type viewElement;
  ArrayRef<int32_t> tileShape;
  if (auto partition = dyn_cast<cuda_tile::PartitionViewType>(
          getView().getType())) {
    viewElement = partition.getTensorView().getElementType();
    tileShape = partition.getTileShape().asArrayRef();
  } else {
    return emitOpError("copies from partition views only");
  }
  if (viewElement != buffer.getElementType())
    return emitOpError("element types of the view and the buffer differ");
  if (getIndex().size() != tileShape.size())
    return emitOpError("needs one index per view dimension");
  int64_t viewElements = 1, bufferElements = 1;
  for (int32_t d : tileShape)
    viewElements *= d;
  for (int64_t d : buffer.getShape())
    bufferElements *= d;
  if (viewElements != bufferElements)
    return emitOpError("the view tile and the buffer hold different numbers "
                       "of elements");
  return success();
}

LogicalResult PermuteSharedOp::verify() {
  SMemType src = getBuffer().getType(), dst = getResult().getType();
  ArrayRef<int32_t> perm = getPermutation();
  if (src.getStages() != 1 || dst.getStages() != 1)
    return emitOpError("needs single-stage buffers");
  if (perm.size() != src.getShape().size())
    return emitOpError("permutation must have one entry per dimension");
  llvm::Expected<tileir::LinearLayout> permuted =
      src.getLayout().getLayout().permute(perm);
  if (!permuted)
    return emitOpError("invalid permutation: ")
           << llvm::toString(permuted.takeError());
  if (dst.getElementType() != src.getElementType() ||
      dst.getLayout().getLayout() != *permuted)
    return emitOpError("result must be the permuted buffer");
  return success();
}

LogicalResult WarpGroupDotOp::verify() {
  SMemType rhs = getRhs().getType();
  ArrayRef<int64_t> lhsShape;
  if (auto lhs = dyn_cast<SMemType>(getLhs().getType())) {
    if (lhs.getStages() != 1)
      return emitOpError("operands must be single-stage buffers");
    lhsShape = lhs.getShape();
  } else {
    auto tile = cast<cuda_tile::TileType>(getLhs().getType());
    if (!getLayout(tile))
      return emitOpError("a register lhs needs a layout");
    lhsShape = tile.getShape();
  }
  if (rhs.getStages() != 1)
    return emitOpError("operands must be single-stage buffers");
  auto acc = cast<cuda_tile::TileType>(getAcc().getType());
  if (getResult().getType() != acc)
    return emitOpError("result and accumulator must have the same type");
  if (lhsShape.size() != 2 || rhs.getShape().size() != 2 ||
      acc.getShape().size() != 2)
    return emitOpError("operands must be 2-D");
  if (lhsShape[1] != rhs.getShape()[0] || lhsShape[0] != acc.getShape()[0] ||
      rhs.getShape()[1] != acc.getShape()[1])
    return emitOpError("operand shapes do not form a matrix product");
  if (!getLayout(acc))
    return emitOpError("the accumulator needs a layout");
  return success();
}

LogicalResult WarpGroupDotWaitOp::verify() {
  if (getValues().getTypes() != getResults().getTypes())
    return emitOpError("results must have the types of the operands");
  // The accessor is unsigned; the stored i32 keeps the sign.
  if (getPendingAttr().getValue().isNegative())
    return emitOpError("pending must not be negative");
  return success();
}

/// A tensor-map op's slot word: an element of a 1-D i64 barrier buffer.
static LogicalResult verifySlot(Operation *op, SMemType barriers,
                                int64_t slot) {
  if (!barriers.getElementType().isInteger(64) ||
      barriers.getShape().size() != 1 || barriers.getStages() != 1)
    return op->emitOpError("needs a single-stage 1-D buffer of i64");
  if (slot < 0 || slot >= barriers.getShape()[0])
    return op->emitOpError("slot word ")
           << slot << " is outside the " << barriers.getShape()[0]
           << "-element barrier buffer";
  return success();
}

/// A TMA op's view and buffer: what tileir::planTensorMap accepts.
static LogicalResult verifyTensorMap(Operation *op, Type view,
                                     SMemType buffer, int32_t map) {
  if (map < 0 || map >= kTensorMapsPerSlot)
    return op->emitOpError("map ")
           << map << " is outside [0, " << kTensorMapsPerSlot << ")";
  std::string why;
  if (failed(tileir::planTensorMap(view, buffer, &why)))
    return op->emitOpError("cannot copy the view with TMA: ") << why;
  return success();
}

LogicalResult TensorMapAcquireOp::verify() {
  return verifySlot(*this, getBarriers().getType(), getSlot());
}

LogicalResult TensorMapReleaseOp::verify() {
  return verifySlot(*this, getBarriers().getType(), getSlot());
}

LogicalResult TensorMapInitOp::verify() {
  if (failed(verifySlot(*this, getBarriers().getType(), getSlot())))
    return failure();
  return verifyTensorMap(*this, getView().getType(), getBuffer().getType(),
                         getMap());
}

LogicalResult TmaCopyOp::verify() {
  if (failed(verifySlot(*this, getBarriers().getType(), getSlot())))
    return failure();
  if (getBuffer().getType().getStages() != 1)
    return emitOpError("needs a single-stage buffer (take a subview)");
  auto partition = dyn_cast<cuda_tile::PartitionViewType>(getView().getType());
  if (partition && static_cast<int64_t>(getIndex().size()) !=
                       partition.getTileShape().size())
    return emitOpError("needs one index per view dimension");
  return verifyTensorMap(*this, getView().getType(), getBuffer().getType(),
                         getMap());
}

LogicalResult MBarrierInitOp::verify() {
  SMemType barriers = getBarriers().getType();
  if (!barriers.getElementType().isInteger(64) ||
      barriers.getShape().size() != 1 || barriers.getStages() != 1)
    return emitOpError("needs a single-stage 1-D buffer of i64");
  if (static_cast<int64_t>(getCounts().size()) > barriers.getShape()[0])
    return emitOpError("has ")
           << getCounts().size() << " arrival counts for "
           << barriers.getShape()[0] << " barriers";
  // PTX's range for an mbarrier's expected arrival count.
  for (int32_t count : getCounts())
    if (count < 1 || count > (1 << 20) - 1)
      return emitOpError("arrival count ")
             << count << " is outside [1, 2^20 - 1]";
  return success();
}
