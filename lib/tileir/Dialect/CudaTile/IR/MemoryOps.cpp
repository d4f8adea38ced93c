//===- MemoryOps.cpp - cuda_tile memory and view ops ----------------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Verifiers, builders, folders and custom assembly of the ops defined in
// MemoryOps.td. Static helpers used by `custom<...>` directives of those
// ops must be declared before the generated definitions below.
//
// The verifiers compare tiles by shape and element type, never as whole
// types: layout assignment later attaches encodings to tile types, and a
// tile loaded from a view must still match the view's (unencoded) tile type.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Dialect/CudaTile/IR/CudaTileAsmUtils.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <optional>

using namespace mlir;
using namespace mlir::cuda_tile;

#define GET_OP_CLASSES
#include "tileir/Dialect/CudaTile/IR/MemoryOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

/// Formats a shape for diagnostics: `[16, 32]`, or `[]` for a scalar.
static std::string formatShape(ArrayRef<int64_t> shape) {
  std::string result = "[";
  llvm::raw_string_ostream os(result);
  llvm::interleaveComma(shape, os);
  os << ']';
  return result;
}

/// Whether `tile` has exactly `shape` (given as the int32 tile shape of a
/// view).
static bool hasShape(TileType tile, ArrayRef<int32_t> shape) {
  return llvm::equal(tile.getShape(), shape, [](int64_t a, int32_t b) {
    return a == static_cast<int64_t>(b);
  });
}

/// Whether two tiles have the same shape and element type; their encodings
/// may differ.
static bool haveSameShapeAndElementType(TileType a, TileType b) {
  return a.getShape() == b.getShape() &&
         a.getElementType() == b.getElementType();
}

/// Reports the hints of `op` that lookups would ignore, as the dialect's
/// hint-diagnostics mode asks: nothing by default, warnings, or errors.
static LogicalResult verifyOpHints(Operation *op,
                                   OptimizationHintsAttr hints) {
  if (!hints)
    return success();
  auto mode = cast<CudaTileDialect>(op->getDialect())->getHintDiagnostics();
  if (mode == CudaTileDialect::HintDiagnostics::Ignore)
    return success();
  bool asErrors = mode == CudaTileDialect::HintDiagnostics::Error;
  LogicalResult hintsOk = hints.verifyHints(
      op->getLoc(), OptimizationHintsAttr::getHintKeysValidFor(op),
      asErrors ? DiagnosticSeverity::Error : DiagnosticSeverity::Warning);
  return asErrors ? hintsOk : success();
}

/// Checks the ordering of a token-ordered load (`isLoad`) or store and its
/// scope: weak, relaxed, or acquire (loads) / release (stores); a weak
/// access has no scope and the others need one.
static LogicalResult
verifyLoadStoreOrdering(Operation *op, bool isLoad,
                        MemoryOrderingSemantics ordering,
                        std::optional<MemoryScope> scope) {
  StringRef access = isLoad ? "load" : "store";
  MemoryOrderingSemantics synchronizing =
      isLoad ? MemoryOrderingSemantics::Acquire
             : MemoryOrderingSemantics::Release;
  if (ordering != MemoryOrderingSemantics::Weak &&
      ordering != MemoryOrderingSemantics::Relaxed && ordering != synchronizing)
    return op->emitOpError("memory ordering of a ")
           << access << " must be weak, relaxed or "
           << stringifyMemoryOrderingSemantics(synchronizing) << ", got "
           << stringifyMemoryOrderingSemantics(ordering);
  if (ordering == MemoryOrderingSemantics::Weak && scope)
    return op->emitOpError("a weak ")
           << access << " must not have a memory scope, got "
           << stringifyMemoryScope(*scope);
  if (ordering != MemoryOrderingSemantics::Weak && !scope)
    return op->emitOpError()
           << stringifyMemoryOrderingSemantics(ordering) << ' ' << access
           << " needs a memory scope (tl_blk, device or sys)";
  return success();
}

/// Checks the ordering of a pointer atomic: anything but weak.
static LogicalResult verifyAtomicOrdering(Operation *op,
                                          MemoryOrderingSemantics ordering) {
  if (ordering == MemoryOrderingSemantics::Weak)
    return op->emitOpError("memory ordering of an atomic must be relaxed, "
                           "acquire, release or acq_rel, got weak");
  return success();
}

/// Checks that `mode` applies to elements of `elementType`.
static LogicalResult verifyAtomicMode(Operation *op, AtomicRMWMode mode,
                                      Type elementType) {
  bool is32Or64BitInt = elementType.isInteger(32) || elementType.isInteger(64);
  switch (mode) {
  case AtomicRMWMode::And:
  case AtomicRMWMode::Or:
  case AtomicRMWMode::Xor:
  case AtomicRMWMode::Add:
  case AtomicRMWMode::Max:
  case AtomicRMWMode::Min:
  case AtomicRMWMode::UMax:
  case AtomicRMWMode::UMin:
    if (!is32Or64BitInt)
      return op->emitOpError("mode '")
             << stringifyAtomicRMWMode(mode)
             << "' needs i32 or i64 elements, got " << elementType;
    return success();
  case AtomicRMWMode::AddF:
    if (!elementType.isF16() && !elementType.isBF16() &&
        !elementType.isF32() && !elementType.isF64())
      return op->emitOpError("mode 'addf' needs f16, bf16, f32 or f64 "
                             "elements, got ")
             << elementType;
    return success();
  case AtomicRMWMode::Xchg:
    if (!is32Or64BitInt && !elementType.isF32() && !elementType.isF64())
      return op->emitOpError("mode 'xchg' needs i32, i64, f32 or f64 "
                             "elements, got ")
             << elementType;
    return success();
  }
  return op->emitOpError("unknown atomic mode");
}

//===----------------------------------------------------------------------===//
// Shared parsing and printing
//===----------------------------------------------------------------------===//

/// Parses `ordering [scope]` (`weak`, `acquire device`, ...) into the
/// attributes `orderingName` and `scopeName`.
static ParseResult parseOrderingAndScope(OpAsmParser &parser,
                                         OperationState &result,
                                         StringAttr orderingName,
                                         StringAttr scopeName) {
  MLIRContext *context = parser.getContext();
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  std::optional<MemoryOrderingSemantics> ordering =
      symbolizeMemoryOrderingSemantics(keyword);
  if (!ordering)
    return parser.emitError(loc, "expected a memory ordering (weak, relaxed, "
                                 "acquire, release or acq_rel), got '")
           << keyword << "'";
  result.addAttribute(orderingName,
                      MemoryOrderingSemanticsAttr::get(context, *ordering));

  // The operand that follows is not a keyword, so any keyword here is meant
  // as a scope.
  loc = parser.getCurrentLocation();
  if (failed(parser.parseOptionalKeyword(&keyword)))
    return success();
  std::optional<MemoryScope> scope = symbolizeMemoryScope(keyword);
  if (!scope)
    return parser.emitError(loc, "expected a memory scope (tl_blk, device or "
                                 "sys), got '")
           << keyword << "'";
  result.addAttribute(scopeName, MemoryScopeAttr::get(context, *scope));
  return success();
}

static void printOrderingAndScope(OpAsmPrinter &printer,
                                  MemoryOrderingSemantics ordering,
                                  std::optional<MemoryScope> scope) {
  printer << ' ' << stringifyMemoryOrderingSemantics(ordering);
  if (scope)
    printer << ' ' << stringifyMemoryScope(*scope);
}

/// Parses `%view[%i, %j, ...]`.
static ParseResult
parseViewAndIndices(OpAsmParser &parser, OpAsmParser::UnresolvedOperand &view,
                    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &indices) {
  return failure(parser.parseOperand(view) ||
                 parser.parseOperandList(indices,
                                         OpAsmParser::Delimiter::Square));
}

static void printViewAndIndices(OpAsmPrinter &printer, Value view,
                                ValueRange indices) {
  printer << ' ' << view << '[' << indices << ']';
}

/// Parses an optional `token = %t`.
static ParseResult
parseOptionalToken(OpAsmParser &parser,
                   std::optional<OpAsmParser::UnresolvedOperand> &token) {
  if (failed(parser.parseOptionalKeyword("token")))
    return success();
  OpAsmParser::UnresolvedOperand operand;
  if (parser.parseEqual() || parser.parseOperand(operand))
    return failure();
  token = operand;
  return success();
}

/// Parses an optional `optimization_hints = <...>` into attribute `name`.
static ParseResult parseOptionalHints(OpAsmParser &parser,
                                      OperationState &result,
                                      StringAttr name) {
  if (failed(parser.parseOptionalKeyword("optimization_hints")))
    return success();
  if (parser.parseEqual())
    return failure();
  Attribute hints = OptimizationHintsAttr::parse(parser, Type());
  if (!hints)
    return failure();
  result.addAttribute(name, hints);
  return success();
}

static void printTokenAndHints(OpAsmPrinter &printer, Value token,
                               OptimizationHintsAttr hints) {
  if (token)
    printer << " token = " << token;
  if (hints) {
    printer << " optimization_hints = ";
    hints.print(printer);
  }
}

/// Parses the index types that follow a view type: none, one type that
/// every index has, or one type per index, each after a comma.
static ParseResult parseIndexTypes(OpAsmParser &parser, size_t numIndices,
                                   SmallVectorImpl<Type> &indexTypes) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<Type> parsed;
  while (succeeded(parser.parseOptionalComma())) {
    Type type;
    if (parseCudaTileType(parser, type))
      return failure();
    parsed.push_back(type);
  }
  if (parsed.size() == 1) {
    indexTypes.assign(numIndices, parsed.front());
    return success();
  }
  if (parsed.size() != numIndices)
    return parser.emitError(loc, "expected one index type for all ")
           << numIndices << " indices or one per index, got "
           << parsed.size();
  indexTypes.assign(parsed.begin(), parsed.end());
  return success();
}

/// Prints the index types after a view type: one type when all indices
/// share it, else one per index.
static void printIndexTypes(OpAsmPrinter &printer, ValueRange indices) {
  if (indices.empty())
    return;
  if (llvm::all_equal(indices.getTypes())) {
    printer << ", ";
    printCudaTileType(printer, indices.front().getType());
    return;
  }
  for (Value index : indices) {
    printer << ", ";
    printCudaTileType(printer, index.getType());
  }
}

/// Checks the indices of an access through `view` and the accessed tile:
/// one index per index-space dimension, index types as the view requires,
/// and a tile with the view's tile shape and element type.
static LogicalResult verifyViewAccess(Operation *op, TileView view,
                                      ValueRange indices, TileType tile,
                                      StringRef tileName) {
  size_t rank = view.getViewIndexRank();
  if (indices.size() != rank)
    return op->emitOpError("expected ")
           << rank << " index operands, one per dimension of the view's "
           << "index space, got " << indices.size();
  if (failed(view.verifyIndices([&] { return op->emitOpError(); },
                                indices.getTypes())))
    return failure();
  if (!hasShape(tile, view.getViewTileShape()) ||
      tile.getElementType() != view.getViewElementType())
    return op->emitOpError()
           << tileName << " must have the tile shape and element type of "
           << "the view (" << view.getViewTileType() << "), got " << tile;
  return success();
}

//===----------------------------------------------------------------------===//
// MakeTensorViewOp
//===----------------------------------------------------------------------===//

namespace {
/// One size or stride of the make_tensor_view syntax: a constant, or
/// TensorViewType::kDynamic for an SSA value.
struct SizeOrStride {
  int64_t value;
  SMLoc loc;
};
} // namespace

/// Parses `[32, %n, ...]`, collecting the constants and the SSA values.
static ParseResult
parseSizesOrStrides(OpAsmParser &parser, SmallVectorImpl<SizeOrStride> &list,
                    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &values) {
  auto parseElement = [&]() -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    int64_t constant;
    OptionalParseResult isInteger = parser.parseOptionalInteger(constant);
    if (isInteger.has_value()) {
      if (failed(*isInteger))
        return failure();
      list.push_back({constant, loc});
      return success();
    }
    OpAsmParser::UnresolvedOperand operand;
    OptionalParseResult isOperand = parser.parseOptionalOperand(operand);
    if (!isOperand.has_value())
      return parser.emitError(loc, "expected an integer or an SSA value");
    if (failed(*isOperand))
      return failure();
    values.push_back(operand);
    list.push_back({TensorViewType::kDynamic, loc});
    return success();
  };
  return parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Square,
                                        parseElement);
}

/// Checks the sizes or strides written in the op against the result type.
static ParseResult checkSizesOrStrides(OpAsmParser &parser, SMLoc listLoc,
                                       ArrayRef<SizeOrStride> written,
                                       ArrayRef<int64_t> fromType,
                                       StringRef what) {
  if (written.size() != fromType.size())
    return parser.emitError(listLoc, "expected ")
           << fromType.size() << ' ' << what
           << "s (as in the tensor_view type), got " << written.size();
  auto format = [](int64_t v) {
    return v == TensorViewType::kDynamic ? std::string("a dynamic value")
                                         : std::to_string(v);
  };
  for (auto [i, entry, expected] : llvm::enumerate(written, fromType))
    if (entry.value != expected)
      return parser.emitError(entry.loc, "")
             << what << " #" << i << " is " << format(entry.value)
             << ", but the tensor_view type has " << format(expected);
  return success();
}

ParseResult MakeTensorViewOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  OpAsmParser::UnresolvedOperand base;
  SmallVector<SizeOrStride> sizes, strides;
  SmallVector<OpAsmParser::UnresolvedOperand> dynamicSizes, dynamicStrides;
  if (parser.parseOperand(base) || parser.parseComma() ||
      parser.parseKeyword("shape") || parser.parseEqual())
    return failure();
  SMLoc sizesLoc = parser.getCurrentLocation();
  if (parseSizesOrStrides(parser, sizes, dynamicSizes) ||
      parser.parseComma() || parser.parseKeyword("strides") ||
      parser.parseEqual())
    return failure();
  SMLoc stridesLoc = parser.getCurrentLocation();
  if (parseSizesOrStrides(parser, strides, dynamicStrides) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();

  // `[index type ->] tensor_view type`.
  SMLoc typeLoc = parser.getCurrentLocation();
  Type type, indexType;
  if (parseCudaTileType(parser, type))
    return failure();
  if (succeeded(parser.parseOptionalArrow())) {
    indexType = type;
    typeLoc = parser.getCurrentLocation();
    if (parseCudaTileType(parser, type))
      return failure();
  }
  auto viewType = dyn_cast<TensorViewType>(type);
  if (!viewType)
    return parser.emitError(typeLoc, "expected a tensor_view type, got ")
           << type;
  bool hasDynamic = !dynamicSizes.empty() || !dynamicStrides.empty();
  if (hasDynamic && !indexType)
    return parser.emitError(typeLoc, "expected the type of the dynamic sizes "
                                     "and strides, then '->'");
  if (!hasDynamic && indexType)
    return parser.emitError(typeLoc, "a type before '->' gives the type of "
                                     "dynamic sizes and strides, but there "
                                     "are none");
  if (checkSizesOrStrides(parser, sizesLoc, sizes, viewType.getShape(),
                          "size") ||
      checkSizesOrStrides(parser, stridesLoc, strides, viewType.getStrides(),
                          "stride"))
    return failure();

  // The base pointer's type is implied by the view's element type.
  Type baseType =
      TileType::get({}, PointerType::get(viewType.getElementType()));
  if (parser.resolveOperand(base, baseType, result.operands) ||
      (hasDynamic &&
       (parser.resolveOperands(dynamicSizes, indexType, result.operands) ||
        parser.resolveOperands(dynamicStrides, indexType, result.operands))))
    return failure();
  result.addAttribute(getOperandSegmentSizesAttrName(result.name),
                      parser.getBuilder().getDenseI32ArrayAttr(
                          {1, static_cast<int32_t>(dynamicSizes.size()),
                           static_cast<int32_t>(dynamicStrides.size())}));
  result.addTypes(viewType);
  return success();
}

/// Prints sizes or strides, taking an operand for each dynamic entry.
static void printSizesOrStrides(OpAsmPrinter &printer,
                                ArrayRef<int64_t> fromType,
                                OperandRange values) {
  auto next = values.begin();
  printer << '[';
  llvm::interleaveComma(fromType, printer, [&](int64_t entry) {
    if (entry != TensorViewType::kDynamic) {
      printer << entry;
      return;
    }
    // The verifier requires an operand per dynamic entry; an op that
    // failed it still prints.
    if (next == values.end()) {
      printer << '?';
      return;
    }
    printer << *next++;
  });
  printer << ']';
}

void MakeTensorViewOp::print(OpAsmPrinter &printer) {
  TensorViewType type = getResult().getType();
  printer << ' ' << getBase() << ", shape = ";
  printSizesOrStrides(printer, type.getShape(), getDynamicShape());
  printer << ", strides = ";
  printSizesOrStrides(printer, type.getStrides(), getDynamicStrides());
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {getOperandSegmentSizesAttrName()});
  printer << " : ";
  OperandRange dynamic = getDynamicShape().empty() ? getDynamicStrides()
                                                   : getDynamicShape();
  if (!dynamic.empty()) {
    printCudaTileType(printer, dynamic.front().getType());
    printer << " -> ";
  }
  printCudaTileType(printer, type);
}

LogicalResult MakeTensorViewOp::verify() {
  TensorViewType type = getResult().getType();
  Type pointee = cast<PointerType>(getBase().getType().getElementType())
                     .getPointeeType();
  if (pointee != type.getElementType())
    return emitOpError("base points to ")
           << pointee << ", but the tensor_view holds "
           << type.getElementType();
  if (getDynamicShape().size() != type.getNumDynamicSizes())
    return emitOpError("expected ")
           << type.getNumDynamicSizes()
           << " dynamic size operands (one per '?' in the shape), got "
           << getDynamicShape().size();
  if (getDynamicStrides().size() != type.getNumDynamicStrides())
    return emitOpError("expected ")
           << type.getNumDynamicStrides()
           << " dynamic stride operands (one per '?' in the strides), got "
           << getDynamicStrides().size();
  // The syntax names one type for all of them.
  OperandRange dynamic = getOperands().drop_front();
  for (auto [i, value] : llvm::enumerate(dynamic))
    if (value.getType() != dynamic.front().getType())
      return emitOpError("dynamic sizes and strides must all have one type, "
                         "but operand #")
             << i + 1 << " has type " << value.getType() << " and operand #1 "
             << dynamic.front().getType();
  return success();
}

void MakeTensorViewOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "tview");
}

//===----------------------------------------------------------------------===//
// MakePartitionViewOp, MakeStridedViewOp, MakeGatherScatterViewOp
//===----------------------------------------------------------------------===//

/// Parses `%tensor_view attr-dict : view-type`; the operand has the view's
/// tensor_view type.
template <typename ViewType>
static ParseResult parseMakeView(OpAsmParser &parser, OperationState &result,
                                 StringRef viewName) {
  OpAsmParser::UnresolvedOperand tensorView;
  if (parser.parseOperand(tensorView) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  SMLoc typeLoc = parser.getCurrentLocation();
  Type type;
  if (parseCudaTileType(parser, type))
    return failure();
  auto viewType = dyn_cast<ViewType>(type);
  if (!viewType)
    return parser.emitError(typeLoc, "expected a ")
           << viewName << " type, got " << type;
  if (parser.resolveOperand(tensorView, viewType.getTensorView(),
                            result.operands))
    return failure();
  result.addTypes(viewType);
  return success();
}

static void printMakeView(OpAsmPrinter &printer, Operation *op) {
  printer << ' ' << op->getOperand(0);
  printer.printOptionalAttrDict(op->getAttrs());
  printer << " : ";
  printCudaTileType(printer, op->getResult(0).getType());
}

/// Checks that the operand is the tensor_view of the result type.
static LogicalResult verifyMakeView(Operation *op, TensorViewType operandType,
                                    TensorViewType viewTensorView) {
  if (operandType != viewTensorView)
    return op->emitOpError("operand has type ")
           << operandType << ", but the result views "
           << viewTensorView;
  return success();
}

ParseResult MakePartitionViewOp::parse(OpAsmParser &parser,
                                       OperationState &result) {
  return parseMakeView<PartitionViewType>(parser, result, "partition_view");
}
void MakePartitionViewOp::print(OpAsmPrinter &printer) {
  printMakeView(printer, *this);
}
LogicalResult MakePartitionViewOp::verify() {
  return verifyMakeView(*this, getTensorView().getType(),
                        getResult().getType().getTensorView());
}
void MakePartitionViewOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "pview");
}

ParseResult MakeStridedViewOp::parse(OpAsmParser &parser,
                                     OperationState &result) {
  return parseMakeView<StridedViewType>(parser, result, "strided_view");
}
void MakeStridedViewOp::print(OpAsmPrinter &printer) {
  printMakeView(printer, *this);
}
LogicalResult MakeStridedViewOp::verify() {
  return verifyMakeView(*this, getTensorView().getType(),
                        getResult().getType().getTensorView());
}
void MakeStridedViewOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "sview");
}

ParseResult MakeGatherScatterViewOp::parse(OpAsmParser &parser,
                                           OperationState &result) {
  return parseMakeView<GatherScatterViewType>(parser, result,
                                              "gather_scatter_view");
}
void MakeGatherScatterViewOp::print(OpAsmPrinter &printer) {
  printMakeView(printer, *this);
}
LogicalResult MakeGatherScatterViewOp::verify() {
  return verifyMakeView(*this, getTensorView().getType(),
                        getResult().getType().getTensorView());
}
void MakeGatherScatterViewOp::getAsmResultNames(
    OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "gsview");
}

//===----------------------------------------------------------------------===//
// GetTensorShapeOp, GetIndexSpaceShapeOp
//===----------------------------------------------------------------------===//

/// Parses `%src attr-dict : src-type [-> result-type]`: one result of
/// `result-type` per dimension, `getRank` giving their number (or failing on
/// a source of the wrong kind). The arrow is required unless the source has
/// rank 0 and so no results.
static ParseResult
parseShapeQuery(OpAsmParser &parser, OperationState &result,
                function_ref<std::optional<size_t>(Type)> getRank,
                StringRef expectedSource) {
  OpAsmParser::UnresolvedOperand src;
  if (parser.parseOperand(src) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  SMLoc srcLoc = parser.getCurrentLocation();
  Type srcType;
  if (parseCudaTileType(parser, srcType))
    return failure();
  std::optional<size_t> rank = getRank(srcType);
  if (!rank)
    return parser.emitError(srcLoc, "expected ")
           << expectedSource << ", got " << srcType;
  Type resultType;
  if (succeeded(parser.parseOptionalArrow())) {
    if (parseCudaTileType(parser, resultType))
      return failure();
  } else if (*rank != 0) {
    return parser.emitError(srcLoc, "expected '->' and the type of the "
                                    "results after the source type");
  }
  if (parser.resolveOperand(src, srcType, result.operands))
    return failure();
  result.addTypes(SmallVector<Type>(*rank, resultType));
  return success();
}

static void printShapeQuery(OpAsmPrinter &printer, Operation *op) {
  printer << ' ' << op->getOperand(0);
  printer.printOptionalAttrDict(op->getAttrs());
  printer << " : ";
  printCudaTileType(printer, op->getOperand(0).getType());
  if (op->getNumResults() == 0)
    return;
  printer << " -> ";
  printCudaTileType(printer, op->getResult(0).getType());
}

/// Checks that a shape query has `rank` results, all of one type (the
/// syntax names a single type).
static LogicalResult verifyShapeQuery(Operation *op, size_t rank,
                                      StringRef perWhat) {
  if (op->getNumResults() != rank)
    return op->emitOpError("expected ")
           << rank << " results, one per dimension of the " << perWhat
           << ", got " << op->getNumResults();
  for (auto [i, type] : llvm::enumerate(op->getResultTypes()))
    if (type != op->getResult(0).getType())
      return op->emitOpError("results must all have one type, but result #")
             << i << " has type " << type << " and result #0 "
             << op->getResult(0).getType();
  return success();
}

void GetTensorShapeOp::build(OpBuilder &builder, OperationState &state,
                             Value src, Type resultType) {
  size_t rank = cast<TensorViewType>(src.getType()).getRank();
  build(builder, state, SmallVector<Type>(rank, resultType), src);
}

ParseResult GetTensorShapeOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  return parseShapeQuery(
      parser, result,
      [](Type type) -> std::optional<size_t> {
        if (auto view = dyn_cast<TensorViewType>(type))
          return view.getRank();
        return std::nullopt;
      },
      "a tensor_view");
}

void GetTensorShapeOp::print(OpAsmPrinter &printer) {
  printShapeQuery(printer, *this);
}

LogicalResult GetTensorShapeOp::verify() {
  return verifyShapeQuery(*this, getSrc().getType().getRank(), "tensor_view");
}

void GetIndexSpaceShapeOp::build(OpBuilder &builder, OperationState &state,
                                 Value src, Type resultType) {
  size_t rank = cast<TileView>(src.getType()).getViewIndexRank();
  build(builder, state, SmallVector<Type>(rank, resultType), src);
}

ParseResult GetIndexSpaceShapeOp::parse(OpAsmParser &parser,
                                        OperationState &result) {
  return parseShapeQuery(
      parser, result,
      [](Type type) -> std::optional<size_t> {
        if (auto view = dyn_cast<TileView>(type))
          return view.getViewIndexRank();
        return std::nullopt;
      },
      "a partition_view, strided_view or gather_scatter_view");
}

void GetIndexSpaceShapeOp::print(OpAsmPrinter &printer) {
  printShapeQuery(printer, *this);
}

LogicalResult GetIndexSpaceShapeOp::verify() {
  return verifyShapeQuery(*this, getSrc().getType().getViewIndexRank(),
                          "view's index space");
}

//===----------------------------------------------------------------------===//
// inbounds (13.4)
//===----------------------------------------------------------------------===//

/// `inbounds = [true, false]`, printed only when some flag is set: an
/// all-false list promises nothing and is what 13.1-13.3 files mean.
static ParseResult parseOptionalInbounds(OpAsmParser &parser,
                                         OperationState &result,
                                         StringAttr name) {
  if (failed(parser.parseOptionalKeyword("inbounds")))
    return success();
  SmallVector<bool> flags;
  if (parser.parseEqual() ||
      parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
            if (succeeded(parser.parseOptionalKeyword("true")))
              flags.push_back(true);
            else if (succeeded(parser.parseOptionalKeyword("false")))
              flags.push_back(false);
            else
              return parser.emitError(parser.getCurrentLocation(),
                                      "expected 'true' or 'false'");
            return success();
          }))
    return failure();
  result.addAttribute(name, parser.getBuilder().getDenseBoolArrayAttr(flags));
  return success();
}

static void printInbounds(OpAsmPrinter &printer, DenseBoolArrayAttr inbounds) {
  if (!inbounds || llvm::none_of(inbounds.asArrayRef(), [](bool b) { return b; }))
    return;
  printer << " inbounds = [";
  llvm::interleaveComma(inbounds.asArrayRef(), printer,
                        [&](bool b) { printer << (b ? "true" : "false"); });
  printer << "]";
}

/// One flag per dimension of the view's index space.
static LogicalResult verifyInbounds(Operation *op, Type viewType,
                                    DenseBoolArrayAttr inbounds) {
  if (!inbounds)
    return success();
  auto view = dyn_cast<TileView>(viewType);
  if (!view)
    return success();
  int64_t rank = view.getViewIndexRank();
  if (static_cast<int64_t>(inbounds.size()) != rank)
    return op->emitOpError("'inbounds' has ")
           << inbounds.size() << " flags, but the view's index space has "
           << rank << " dimensions";
  return success();
}

//===----------------------------------------------------------------------===//
// LoadViewTkoOp
//===----------------------------------------------------------------------===//

// ordering [scope] %view[%i, ...] [token = %t] [optimization_hints = <...>]
//     [attributes {...}] : view-type[, index-types] -> tile-type, token
ParseResult LoadViewTkoOp::parse(OpAsmParser &parser,
                                 OperationState &result) {
  OpAsmParser::UnresolvedOperand view;
  SmallVector<OpAsmParser::UnresolvedOperand> indices;
  std::optional<OpAsmParser::UnresolvedOperand> token;
  if (parseOrderingAndScope(parser, result,
                            getMemoryOrderingSemanticsAttrName(result.name),
                            getMemoryScopeAttrName(result.name)) ||
      parseViewAndIndices(parser, view, indices) ||
      parseOptionalToken(parser, token) ||
      parseOptionalHints(parser, result,
                         getOptimizationHintsAttrName(result.name)) ||
      parseOptionalInbounds(parser, result,
                            getInboundsAttrName(result.name)) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes) ||
      parser.parseColon())
    return failure();

  Type viewType, tileType, tokenType;
  SmallVector<Type> indexTypes;
  SMLoc indexLoc = parser.getCurrentLocation();
  if (parseCudaTileType(parser, viewType) ||
      parseIndexTypes(parser, indices.size(), indexTypes) ||
      parser.parseArrow() || parseCudaTileType(parser, tileType) ||
      parser.parseComma() || parseCudaTileType(parser, tokenType))
    return failure();

  if (parser.resolveOperand(view, viewType, result.operands) ||
      parser.resolveOperands(indices, indexTypes, indexLoc,
                             result.operands) ||
      (token && parser.resolveOperand(*token,
                                      TokenType::get(parser.getContext()),
                                      result.operands)))
    return failure();
  result.addAttribute(getOperandSegmentSizesAttrName(result.name),
                      parser.getBuilder().getDenseI32ArrayAttr(
                          {1, static_cast<int32_t>(indices.size()),
                           token ? 1 : 0}));
  result.addTypes({tileType, tokenType});
  return success();
}

void LoadViewTkoOp::print(OpAsmPrinter &printer) {
  printOrderingAndScope(printer, getMemoryOrderingSemantics(),
                        getMemoryScope());
  printViewAndIndices(printer, getView(), getIndex());
  printTokenAndHints(printer, getToken(), getOptimizationHintsAttr());
  printInbounds(printer, getInboundsAttr());
  printer.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(),
      {getMemoryOrderingSemanticsAttrName(), getMemoryScopeAttrName(),
       getOptimizationHintsAttrName(), getInboundsAttrName(),
       getOperandSegmentSizesAttrName()});
  printer << " : ";
  printCudaTileType(printer, getView().getType());
  printIndexTypes(printer, getIndex());
  printer << " -> ";
  printCudaTileType(printer, getTile().getType());
  printer << ", ";
  printCudaTileType(printer, getResultToken().getType());
}

LogicalResult LoadViewTkoOp::verify() {
  if (failed(verifyViewAccess(*this, getView().getType(), getIndex(),
                              getTile().getType(), "loaded tile")) ||
      failed(verifyLoadStoreOrdering(*this, /*isLoad=*/true,
                                     getMemoryOrderingSemantics(),
                                     getMemoryScope())) ||
      failed(verifyInbounds(*this, getView().getType(), getInboundsAttr())))
    return failure();
  return verifyOpHints(*this, getOptimizationHintsAttr());
}

//===----------------------------------------------------------------------===//
// StoreViewTkoOp
//===----------------------------------------------------------------------===//

// ordering [scope] %tile, %view[%i, ...] [token = %t]
//     [optimization_hints = <...>] [attributes {...}]
//     : tile-type, view-type[, index-types] -> token
ParseResult StoreViewTkoOp::parse(OpAsmParser &parser,
                                  OperationState &result) {
  OpAsmParser::UnresolvedOperand tile, view;
  SmallVector<OpAsmParser::UnresolvedOperand> indices;
  std::optional<OpAsmParser::UnresolvedOperand> token;
  if (parseOrderingAndScope(parser, result,
                            getMemoryOrderingSemanticsAttrName(result.name),
                            getMemoryScopeAttrName(result.name)) ||
      parser.parseOperand(tile) || parser.parseComma() ||
      parseViewAndIndices(parser, view, indices) ||
      parseOptionalToken(parser, token) ||
      parseOptionalHints(parser, result,
                         getOptimizationHintsAttrName(result.name)) ||
      parseOptionalInbounds(parser, result,
                            getInboundsAttrName(result.name)) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes) ||
      parser.parseColon())
    return failure();

  Type tileType, viewType, tokenType;
  SmallVector<Type> indexTypes;
  SMLoc indexLoc = parser.getCurrentLocation();
  if (parseCudaTileType(parser, tileType) || parser.parseComma() ||
      parseCudaTileType(parser, viewType) ||
      parseIndexTypes(parser, indices.size(), indexTypes) ||
      parser.parseArrow() || parseCudaTileType(parser, tokenType))
    return failure();

  if (parser.resolveOperand(tile, tileType, result.operands) ||
      parser.resolveOperand(view, viewType, result.operands) ||
      parser.resolveOperands(indices, indexTypes, indexLoc,
                             result.operands) ||
      (token && parser.resolveOperand(*token,
                                      TokenType::get(parser.getContext()),
                                      result.operands)))
    return failure();
  result.addAttribute(getOperandSegmentSizesAttrName(result.name),
                      parser.getBuilder().getDenseI32ArrayAttr(
                          {1, 1, static_cast<int32_t>(indices.size()),
                           token ? 1 : 0}));
  result.addTypes(tokenType);
  return success();
}

void StoreViewTkoOp::print(OpAsmPrinter &printer) {
  printOrderingAndScope(printer, getMemoryOrderingSemantics(),
                        getMemoryScope());
  printer << ' ' << getTile() << ',';
  printViewAndIndices(printer, getView(), getIndex());
  printTokenAndHints(printer, getToken(), getOptimizationHintsAttr());
  printInbounds(printer, getInboundsAttr());
  printer.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(),
      {getMemoryOrderingSemanticsAttrName(), getMemoryScopeAttrName(),
       getOptimizationHintsAttrName(), getInboundsAttrName(),
       getOperandSegmentSizesAttrName()});
  printer << " : ";
  printCudaTileType(printer, getTile().getType());
  printer << ", ";
  printCudaTileType(printer, getView().getType());
  printIndexTypes(printer, getIndex());
  printer << " -> ";
  printCudaTileType(printer, getResultToken().getType());
}

LogicalResult StoreViewTkoOp::verify() {
  if (failed(verifyViewAccess(*this, getView().getType(), getIndex(),
                              getTile().getType(), "stored tile")) ||
      failed(verifyLoadStoreOrdering(*this, /*isLoad=*/false,
                                     getMemoryOrderingSemantics(),
                                     getMemoryScope())) ||
      failed(verifyInbounds(*this, getView().getType(), getInboundsAttr())))
    return failure();
  return verifyOpHints(*this, getOptimizationHintsAttr());
}

//===----------------------------------------------------------------------===//
// AtomicRedViewTkoOp
//===----------------------------------------------------------------------===//

// ordering scope %view[%i, ...], mode, %value [token = %t]
//     [attributes {...}] : value-type, view-type[, index-types] -> token
ParseResult AtomicRedViewTkoOp::parse(OpAsmParser &parser,
                                      OperationState &result) {
  OpAsmParser::UnresolvedOperand view, value;
  SmallVector<OpAsmParser::UnresolvedOperand> indices;
  std::optional<OpAsmParser::UnresolvedOperand> token;
  if (parseOrderingAndScope(parser, result,
                            getMemoryOrderingSemanticsAttrName(result.name),
                            getMemoryScopeAttrName(result.name)) ||
      parseViewAndIndices(parser, view, indices) || parser.parseComma())
    return failure();
  SMLoc modeLoc = parser.getCurrentLocation();
  StringRef modeKeyword;
  if (parser.parseKeyword(&modeKeyword))
    return failure();
  std::optional<AtomicRMWMode> mode = symbolizeAtomicRMWMode(modeKeyword);
  if (!mode)
    return parser.emitError(modeLoc, "expected an atomic mode (and, or, xor, "
                                     "add, addf, max, min, umax or umin), "
                                     "got '")
           << modeKeyword << "'";
  result.addAttribute(getModeAttrName(result.name),
                      AtomicRMWModeAttr::get(parser.getContext(), *mode));
  if (parser.parseComma() || parser.parseOperand(value) ||
      parseOptionalToken(parser, token) ||
      parseOptionalInbounds(parser, result,
                            getInboundsAttrName(result.name)) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes) ||
      parser.parseColon())
    return failure();

  Type valueType, viewType, tokenType;
  SmallVector<Type> indexTypes;
  SMLoc indexLoc = parser.getCurrentLocation();
  if (parseCudaTileType(parser, valueType) || parser.parseComma() ||
      parseCudaTileType(parser, viewType) ||
      parseIndexTypes(parser, indices.size(), indexTypes) ||
      parser.parseArrow() || parseCudaTileType(parser, tokenType))
    return failure();

  if (parser.resolveOperand(view, viewType, result.operands) ||
      parser.resolveOperands(indices, indexTypes, indexLoc,
                             result.operands) ||
      parser.resolveOperand(value, valueType, result.operands) ||
      (token && parser.resolveOperand(*token,
                                      TokenType::get(parser.getContext()),
                                      result.operands)))
    return failure();
  result.addAttribute(getOperandSegmentSizesAttrName(result.name),
                      parser.getBuilder().getDenseI32ArrayAttr(
                          {1, static_cast<int32_t>(indices.size()), 1,
                           token ? 1 : 0}));
  result.addTypes(tokenType);
  return success();
}

void AtomicRedViewTkoOp::print(OpAsmPrinter &printer) {
  printOrderingAndScope(printer, getMemoryOrderingSemantics(),
                        getMemoryScopeAttr()
                            ? std::optional<MemoryScope>(getMemoryScope())
                            : std::nullopt);
  printViewAndIndices(printer, getView(), getIndex());
  printer << ", " << stringifyAtomicRMWMode(getMode()) << ", " << getValue();
  printTokenAndHints(printer, getToken(), OptimizationHintsAttr());
  printInbounds(printer, getInboundsAttr());
  printer.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(),
      {getMemoryOrderingSemanticsAttrName(), getMemoryScopeAttrName(),
       getModeAttrName(), getOperandSegmentSizesAttrName(),
       getInboundsAttrName()});
  printer << " : ";
  printCudaTileType(printer, getValue().getType());
  printer << ", ";
  printCudaTileType(printer, getView().getType());
  printIndexTypes(printer, getIndex());
  printer << " -> ";
  printCudaTileType(printer, getResultToken().getType());
}

LogicalResult AtomicRedViewTkoOp::verify() {
  TileView view = getView().getType();
  // The reduction maps onto bulk reduction copies, which neither gather
  // rows nor substitute padding.
  if (isa<GatherScatterViewType>(view))
    return emitOpError("cannot reduce into a gather_scatter_view; use a "
                       "partition_view or strided_view");
  if (view.getViewPaddingValue())
    return emitOpError("cannot reduce into a view with a padding_value");
  if (failed(verifyViewAccess(*this, view, getIndex(), getValue().getType(),
                              "value")) ||
      failed(verifyInbounds(*this, view, getInboundsAttr())))
    return failure();
  if (getMode() == AtomicRMWMode::Xchg)
    return emitOpError("mode 'xchg' is not a reduction");
  if (failed(verifyAtomicMode(*this, getMode(),
                              getValue().getType().getElementType())))
    return failure();
  if (getMemoryOrderingSemantics() != MemoryOrderingSemantics::Relaxed)
    return emitOpError("memory ordering of a view reduction must be relaxed, "
                       "got ")
           << stringifyMemoryOrderingSemantics(getMemoryOrderingSemantics());
  if (getMemoryScope() == MemoryScope::System)
    return emitOpError("memory scope of a view reduction must be tl_blk or "
                       "device, got sys");
  return success();
}

//===----------------------------------------------------------------------===//
// LoadPtrTkoOp
//===----------------------------------------------------------------------===//

/// Whether `type` is a tile of i1, the type of masks.
static bool isI1Tile(Type type) {
  auto tile = dyn_cast<TileType>(type);
  return tile && tile.getElementType().isInteger(1);
}

// ordering [scope] %source [, %mask] [, %paddingValue] [token=%t]
//     [optimization_hints = <...>] [{attrs}]
//     : source-type [, mask-type] [, padding-type] -> result-type, token
//
// This is the specification's syntax. A lone optional operand is the mask
// when it is an i1 tile and the padding value otherwise; a lone i1 padding
// value (an i1 load) is written `padding %pad`.
ParseResult LoadPtrTkoOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand source;
  SmallVector<OpAsmParser::UnresolvedOperand, 2> optionalOperands;
  bool explicitPadding = false;
  std::optional<OpAsmParser::UnresolvedOperand> token;
  if (parseOrderingAndScope(parser, result,
                            getMemoryOrderingSemanticsAttrName(result.name),
                            getMemoryScopeAttrName(result.name)) ||
      parser.parseOperand(source))
    return failure();
  while (optionalOperands.size() < 2 &&
         succeeded(parser.parseOptionalComma())) {
    explicitPadding = optionalOperands.empty() &&
                      succeeded(parser.parseOptionalKeyword("padding"));
    if (parser.parseOperand(optionalOperands.emplace_back()))
      return failure();
    if (explicitPadding)
      break;
  }
  if (parseOptionalToken(parser, token) ||
      parseOptionalHints(parser, result,
                         getOptimizationHintsAttrName(result.name)) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();

  Type sourceType, resultType, tokenType;
  SmallVector<Type, 2> optionalTypes(optionalOperands.size());
  if (parseCudaTileType(parser, sourceType))
    return failure();
  for (Type &type : optionalTypes)
    if (parser.parseComma() || parseCudaTileType(parser, type))
      return failure();
  if (parser.parseArrow() || parseCudaTileType(parser, resultType) ||
      parser.parseComma() || parseCudaTileType(parser, tokenType))
    return failure();

  bool hasMask = optionalOperands.size() == 2 ||
                 (optionalOperands.size() == 1 && !explicitPadding &&
                  isI1Tile(optionalTypes.front()));
  bool hasPadding = optionalOperands.size() == 2 ||
                    (optionalOperands.size() == 1 && !hasMask);
  if (parser.resolveOperand(source, sourceType, result.operands) ||
      parser.resolveOperands(optionalOperands, optionalTypes,
                             parser.getNameLoc(), result.operands) ||
      (token && parser.resolveOperand(*token,
                                      TokenType::get(parser.getContext()),
                                      result.operands)))
    return failure();
  result.addAttribute(getOperandSegmentSizesAttrName(result.name),
                      parser.getBuilder().getDenseI32ArrayAttr(
                          {1, hasMask ? 1 : 0, hasPadding ? 1 : 0,
                           token ? 1 : 0}));
  result.addTypes({resultType, tokenType});
  return success();
}

void LoadPtrTkoOp::print(OpAsmPrinter &printer) {
  printOrderingAndScope(printer, getMemoryOrderingSemantics(),
                        getMemoryScope());
  printer << ' ' << getSource();
  if (getMask())
    printer << ", " << getMask();
  if (Value padding = getPaddingValue()) {
    printer << ", ";
    // Without the keyword, a lone i1 operand reads back as the mask.
    if (!getMask() && isI1Tile(padding.getType()))
      printer << "padding ";
    printer << padding;
  }
  if (getToken())
    printer << " token=" << getToken();
  if (OptimizationHintsAttr hints = getOptimizationHintsAttr()) {
    printer << " optimization_hints = ";
    hints.print(printer);
  }
  printer.printOptionalAttrDict(
      (*this)->getAttrs(),
      {getMemoryOrderingSemanticsAttrName(), getMemoryScopeAttrName(),
       getOptimizationHintsAttrName(), getOperandSegmentSizesAttrName()});
  printer << " : ";
  printCudaTileType(printer, getSource().getType());
  for (Value operand : {getMask(), getPaddingValue()}) {
    if (!operand)
      continue;
    printer << ", ";
    printCudaTileType(printer, operand.getType());
  }
  printer << " -> ";
  printCudaTileType(printer, getResult().getType());
  printer << ", ";
  printCudaTileType(printer, getResultToken().getType());
}

LogicalResult LoadPtrTkoOp::verify() {
  TileType source = getSource().getType();
  Type pointee = cast<PointerType>(source.getElementType()).getPointeeType();
  TileType resultType = getResult().getType();
  if (resultType.getShape() != source.getShape() ||
      resultType.getElementType() != pointee)
    return emitOpError("result must be a tile of ")
           << pointee << " (the pointee type) with the shape of 'source' "
           << formatShape(source.getShape()) << ", got " << resultType;
  if (TypedValue<TileType> mask = getMask();
      mask && mask.getType().getShape() != source.getShape())
    return emitOpError("mask must have the shape of 'source' ")
           << formatShape(source.getShape()) << ", got " << mask.getType();
  // A padding value without a mask has no effect, but producers emit it.
  if (TypedValue<TileType> padding = getPaddingValue();
      padding && !haveSameShapeAndElementType(padding.getType(), resultType))
    return emitOpError("paddingValue must have the shape and element type "
                       "of the result (")
           << resultType << "), got " << padding.getType();
  if (failed(verifyLoadStoreOrdering(*this, /*isLoad=*/true,
                                     getMemoryOrderingSemantics(),
                                     getMemoryScope())))
    return failure();
  return verifyOpHints(*this, getOptimizationHintsAttr());
}

//===----------------------------------------------------------------------===//
// StorePtrTkoOp
//===----------------------------------------------------------------------===//

LogicalResult StorePtrTkoOp::verify() {
  TileType destination = getDestination().getType();
  Type pointee =
      cast<PointerType>(destination.getElementType()).getPointeeType();
  TileType value = getValue().getType();
  if (value.getShape() != destination.getShape() ||
      value.getElementType() != pointee)
    return emitOpError("value must be a tile of ")
           << pointee << " (the pointee type) with the shape of "
           << "'destination' " << formatShape(destination.getShape())
           << ", got " << value;
  if (TypedValue<TileType> mask = getMask();
      mask && mask.getType().getShape() != destination.getShape())
    return emitOpError("mask must have the shape of 'destination' ")
           << formatShape(destination.getShape()) << ", got "
           << mask.getType();
  if (failed(verifyLoadStoreOrdering(*this, /*isLoad=*/false,
                                     getMemoryOrderingSemantics(),
                                     getMemoryScope())))
    return failure();
  return verifyOpHints(*this, getOptimizationHintsAttr());
}

//===----------------------------------------------------------------------===//
// AtomicCASTkoOp
//===----------------------------------------------------------------------===//

LogicalResult AtomicCASTkoOp::verify() {
  // Shapes are checked by AllShapesMatch, cmp against val by AllTypesMatch.
  TileType pointers = getPointers().getType();
  Type pointee = cast<PointerType>(pointers.getElementType()).getPointeeType();
  Type element = getVal().getType().getElementType();
  if (element != pointee)
    return emitOpError("'val' must have the pointee type ")
           << pointee << " as element type, got " << element;
  if (!element.isInteger(32) && !element.isInteger(64) && !element.isF32() &&
      !element.isF64())
    return emitOpError("compare-and-swap needs i32, i64, f32 or f64 "
                       "elements, got ")
           << element;
  if (getResult().getType().getElementType() != element)
    return emitOpError("result must have element type ")
           << element << ", got " << getResult().getType().getElementType();
  if (TypedValue<TileType> mask = getMask();
      mask && mask.getType().getShape() != pointers.getShape())
    return emitOpError("mask must have the shape of 'pointers' ")
           << formatShape(pointers.getShape()) << ", got " << mask.getType();
  return verifyAtomicOrdering(*this, getMemoryOrderingSemantics());
}

//===----------------------------------------------------------------------===//
// AtomicRMWTkoOp
//===----------------------------------------------------------------------===//

LogicalResult AtomicRMWTkoOp::verify() {
  // Shapes are checked by AllShapesMatch.
  TileType pointers = getPointers().getType();
  Type pointee = cast<PointerType>(pointers.getElementType()).getPointeeType();
  Type element = getArg().getType().getElementType();
  if (element != pointee)
    return emitOpError("'arg' must have the pointee type ")
           << pointee << " as element type, got " << element;
  if (getResult().getType().getElementType() != element)
    return emitOpError("result must have element type ")
           << element << ", got " << getResult().getType().getElementType();
  if (TypedValue<TileType> mask = getMask();
      mask && mask.getType().getShape() != pointers.getShape())
    return emitOpError("mask must have the shape of 'pointers' ")
           << formatShape(pointers.getShape()) << ", got " << mask.getType();
  if (failed(verifyAtomicMode(*this, getMode(), element)))
    return failure();
  return verifyAtomicOrdering(*this, getMemoryOrderingSemantics());
}

//===----------------------------------------------------------------------===//
// JoinTokensOp
//===----------------------------------------------------------------------===//

LogicalResult JoinTokensOp::verify() {
  if (getTokens().size() < 2)
    return emitOpError("needs at least two tokens, got ")
           << getTokens().size();
  return success();
}

//===----------------------------------------------------------------------===//
// AllocaOp
//===----------------------------------------------------------------------===//

LogicalResult AllocaOp::verify() {
  int64_t alignment = getAlignment();
  if (!llvm::isPowerOf2_64(static_cast<uint64_t>(alignment)))
    return emitOpError("alignment must be a power of two, got ") << alignment;
  Type pointee =
      cast<PointerType>(getResult().getType().getElementType())
          .getPointeeType();
  uint64_t bits = 0;
  if (auto floatType = dyn_cast<FloatType>(pointee))
    bits = APFloat::getSizeInBits(floatType.getFloatSemantics());
  else if (auto intType = dyn_cast<IntegerType>(pointee))
    bits = intType.getWidth();
  uint64_t elementBytes = llvm::divideCeil(bits, 8);
  if (static_cast<uint64_t>(alignment) < elementBytes)
    return emitOpError("alignment (")
           << alignment << ") must be at least the size of one " << pointee
           << " element (" << elementBytes << " bytes)";
  return success();
}
