//===- ControlFlowOps.cpp - cuda_tile control flow ops --------------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Verifiers, builders, folders and custom assembly of the ops defined in
// ControlFlowOps.td. Static helpers used by `custom<...>` directives of those
// ops must be declared before the generated definitions below.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Dialect/CudaTile/IR/CudaTileAsmUtils.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::cuda_tile;

//===----------------------------------------------------------------------===//
// Region helpers
//===----------------------------------------------------------------------===//

/// Gives `region` a block if it has none, and ends that block with an
/// operand-less `TerminatorOp` if it does not end in a terminator yet. The
/// regions of if, for and loop may end in several kinds of terminator, so
/// this replaces SingleBlockImplicitTerminator where only one kind could be
/// named.
template <typename TerminatorOp>
static void ensureImplicitTerminator(Region &region, OpBuilder &builder,
                                     Location loc) {
  if (region.empty())
    region.push_back(new Block());
  Block &block = region.front();
  if (!block.empty() && block.back().mightHaveTrait<OpTrait::IsTerminator>())
    return;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(&block);
  TerminatorOp::create(builder, loc);
}

/// Returns the terminator of the single block of `region`, or null when the
/// region is empty or its block does not end in a terminator (verify() runs
/// before the blocks of its regions are checked).
static Operation *getTerminatorOrNull(Region &region) {
  if (region.empty() || region.front().empty())
    return nullptr;
  Operation &last = region.front().back();
  return last.hasTrait<OpTrait::IsTerminator>() ? &last : nullptr;
}

/// Prints a region without its entry block arguments, leaving out the final
/// terminator when it is the implicit one: an operand-less `TerminatorOp`.
template <typename TerminatorOp>
static void printControlFlowRegion(OpAsmPrinter &printer, Region &region) {
  Operation *terminator = getTerminatorOrNull(region);
  bool implicit = terminator && isa<TerminatorOp>(terminator) &&
                  terminator->getNumOperands() == 0;
  printer.printRegion(region, /*printEntryBlockArgs=*/false,
                      /*printBlockTerminators=*/!implicit);
}

/// Whether a value of `type` may be carried by a loop or returned by an if:
/// views and tensor_views may not.
static bool isViewType(Type type) {
  return isa<TensorViewType, TileView>(type);
}

/// Appends `(t1, t2, ...)` to a diagnostic.
static InFlightDiagnostic &appendTypes(InFlightDiagnostic &diag,
                                       TypeRange types) {
  diag << "(";
  llvm::interleaveComma(types, diag);
  return diag << ")";
}

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// Parses a branch of `if`; an empty or unterminated branch ends in an
/// implicit `yield`.
static ParseResult parseIfRegion(OpAsmParser &parser, Region &region) {
  if (parser.parseRegion(region))
    return failure();
  OpBuilder builder(parser.getContext());
  ensureImplicitTerminator<YieldOp>(
      region, builder, parser.getEncodedSourceLoc(parser.getNameLoc()));
  return success();
}

static void printIfRegion(OpAsmPrinter &printer, Operation *, Region &region) {
  printControlFlowRegion<YieldOp>(printer, region);
}

#define GET_OP_CLASSES
#include "tileir/Dialect/CudaTile/IR/ControlFlowOps.cpp.inc"

//===----------------------------------------------------------------------===//
// IfOp
//===----------------------------------------------------------------------===//

void IfOp::build(OpBuilder &builder, OperationState &state,
                 TypeRange resultTypes, Value condition, bool withElseRegion) {
  state.addOperands(condition);
  state.addTypes(resultTypes);
  Region *thenRegion = state.addRegion();
  Region *elseRegion = state.addRegion();
  OpBuilder::InsertionGuard guard(builder);
  builder.createBlock(thenRegion);
  if (resultTypes.empty())
    YieldOp::create(builder, state.location);
  if (!withElseRegion)
    return;
  builder.createBlock(elseRegion);
  if (resultTypes.empty())
    YieldOp::create(builder, state.location);
}

LogicalResult IfOp::verify() {
  for (auto [index, type] : llvm::enumerate(getResultTypes()))
    if (isViewType(type))
      return emitOpError("result ") << index << " is a view or tensor_view ("
                                    << type << "), which an 'if' cannot return";
  if (getNumResults() != 0 && getElseRegion().empty())
    return emitOpError("with results requires an else region");

  // Only a `yield` returns to the `if`; `continue`, `break` and `return`
  // leave it, so their operands are checked against their own targets.
  for (auto [region, name] :
       {std::pair<Region *, StringRef>(&getThenRegion(), "then"),
        {&getElseRegion(), "else"}}) {
    auto yield = dyn_cast_or_null<YieldOp>(getTerminatorOrNull(*region));
    if (!yield || yield.getOperandTypes() == getResultTypes())
      continue;
    InFlightDiagnostic diag = emitOpError("the ") << name << " branch yields ";
    appendTypes(diag, yield.getOperandTypes()) << ", but the results are ";
    return appendTypes(diag, getResultTypes());
  }
  return success();
}

LogicalResult IfOp::verifyRegions() {
  for (Region *region : {&getThenRegion(), &getElseRegion()}) {
    if (region->empty())
      continue;
    Operation *terminator = &region->front().back();
    if (!isa<YieldOp, ContinueOp, BreakOp, ReturnOp>(terminator))
      return emitOpError("branches must end in 'yield', 'continue', 'break' "
                         "or 'return', found '")
             << terminator->getName() << "'";
  }
  return success();
}

void IfOp::getSuccessorRegions(RegionBranchPoint point,
                               SmallVectorImpl<RegionSuccessor> &regions) {
  if (point.isParent()) {
    regions.push_back(RegionSuccessor(&getThenRegion()));
    if (getElseRegion().empty())
      regions.push_back(RegionSuccessor(getOperation(), getResults()));
    else
      regions.push_back(RegionSuccessor(&getElseRegion()));
    return;
  }
  // A `continue` or `break` ending a branch transfers control to an
  // enclosing loop, which this interface cannot name: no successor here.
  if (isa<YieldOp>(point.getTerminatorPredecessorOrNull()))
    regions.push_back(RegionSuccessor(getOperation(), getResults()));
}

//===----------------------------------------------------------------------===//
// ForOp
//===----------------------------------------------------------------------===//

void ForOp::build(OpBuilder &builder, OperationState &state, Value lowerBound,
                  Value upperBound, Value step, ValueRange initValues,
                  bool unsignedCmp) {
  state.addOperands({lowerBound, upperBound, step});
  state.addOperands(initValues);
  state.addTypes(initValues.getTypes());
  if (unsignedCmp)
    state.addAttribute(getUnsignedCmpAttrName(state.name),
                       builder.getUnitAttr());
  Region *body = state.addRegion();
  OpBuilder::InsertionGuard guard(builder);
  Block *block = builder.createBlock(body);
  block->addArgument(lowerBound.getType(), state.location);
  for (Value value : initValues)
    block->addArgument(value.getType(), value.getLoc());
  if (initValues.empty())
    ContinueOp::create(builder, state.location);
}

/// Parses `iter_values(%arg = %init, ...)`; the types come separately.
static ParseResult
parseIterValues(OpAsmParser &parser,
                SmallVectorImpl<OpAsmParser::Argument> &arguments,
                SmallVectorImpl<OpAsmParser::UnresolvedOperand> &inits) {
  return parser.parseAssignmentList(arguments, inits);
}

/// Prints `iter_values(%arg = %init, ...)`.
static void printIterValues(OpAsmPrinter &printer, ValueRange arguments,
                            ValueRange inits) {
  printer << "iter_values(";
  llvm::interleaveComma(
      llvm::zip_equal(arguments, inits), printer, [&](auto pair) {
        printer << std::get<0>(pair) << " = " << std::get<1>(pair);
      });
  printer << ")";
}

// for [unsigned] %iv in (%lb to %ub, step %step) : type
//     [iter_values(%arg = %init, ...) -> (types)] region [attr-dict]
ParseResult ForOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder &builder = parser.getBuilder();
  if (succeeded(parser.parseOptionalKeyword("unsigned")))
    result.addAttribute(getUnsignedCmpAttrName(result.name),
                        builder.getUnitAttr());

  SmallVector<OpAsmParser::Argument> arguments(1);
  OpAsmParser::UnresolvedOperand lowerBound, upperBound, step;
  if (parser.parseArgument(arguments[0]) || parser.parseKeyword("in") ||
      parser.parseLParen() || parser.parseOperand(lowerBound) ||
      parser.parseKeyword("to") || parser.parseOperand(upperBound) ||
      parser.parseComma() || parser.parseKeyword("step") ||
      parser.parseOperand(step) || parser.parseRParen() ||
      parser.parseColon() || parseCudaTileType(parser, arguments[0].type))
    return failure();

  SmallVector<OpAsmParser::UnresolvedOperand> inits;
  SMLoc initsLoc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword("iter_values"))) {
    if (parseIterValues(parser, arguments, inits) || parser.parseArrow() ||
        parser.parseLParen() || parseCudaTileType(parser, result.types) ||
        parser.parseRParen())
      return failure();
    if (inits.size() != result.types.size())
      return parser.emitError(initsLoc, "has ")
             << inits.size() << " loop-carried values but "
             << result.types.size() << " types";
    for (auto [argument, type] :
         llvm::zip_equal(llvm::drop_begin(arguments), result.types))
      argument.type = type;
  }

  Region *body = result.addRegion();
  if (parser.parseRegion(*body, arguments))
    return failure();
  OpBuilder bodyBuilder(parser.getContext());
  ForOp::ensureTerminator(*body, bodyBuilder,
                          parser.getEncodedSourceLoc(parser.getNameLoc()));
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();

  Type boundType = arguments[0].type;
  return failure(
      parser.resolveOperands({lowerBound, upperBound, step}, boundType,
                             result.operands) ||
      parser.resolveOperands(inits, result.types, initsLoc, result.operands));
}

void ForOp::print(OpAsmPrinter &printer) {
  if (getUnsignedCmp())
    printer << " unsigned";
  printer << ' ' << getInductionVar() << " in (" << getLowerBound() << " to "
          << getUpperBound() << ", step " << getStep() << ") : ";
  printCudaTileType(printer, getLowerBound().getType());
  if (!getInitValues().empty()) {
    printer << ' ';
    printIterValues(printer, getRegionIterValues(), getInitValues());
    printer << " -> (";
    printCudaTileType(printer, getResultTypes());
    printer << ')';
  }
  printer << ' ';
  printControlFlowRegion<ContinueOp>(printer, getRegion());
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                /*elidedAttrs=*/{getUnsignedCmpAttrName()});
}

LogicalResult ForOp::verify() {
  Type boundType = getLowerBound().getType();
  if (getUpperBound().getType() != boundType ||
      getStep().getType() != boundType)
    return emitOpError("lower bound, upper bound and step must have one "
                       "type, got ")
           << boundType << ", " << getUpperBound().getType() << " and "
           << getStep().getType();

  Block *body = getBody();
  size_t numCarried = getInitValues().size();
  if (body->getNumArguments() != numCarried + 1)
    return emitOpError("body must take the induction variable and ")
           << numCarried << " loop-carried values, got "
           << body->getNumArguments() << " arguments";
  if (getInductionVar().getType() != boundType)
    return emitOpError("induction variable has type ")
           << getInductionVar().getType() << ", but the bounds have type "
           << boundType;
  if (getNumResults() != numCarried)
    return emitOpError("expects one result per loop-carried value (")
           << numCarried << "), got " << getNumResults();

  for (auto [index, init, argument, result] :
       llvm::enumerate(getInitValues(), getRegionIterValues(), getResults())) {
    Type type = init.getType();
    if (isViewType(type))
      return emitOpError("loop-carried value ")
             << index << " is a view or tensor_view (" << type
             << "), which a loop cannot carry";
    if (argument.getType() != type || result.getType() != type)
      return emitOpError("loop-carried value ")
             << index << " has initial type " << type << ", body argument "
             << "type " << argument.getType() << " and result type "
             << result.getType() << "; they must be equal";
  }
  return success();
}

void ForOp::getSuccessorRegions(RegionBranchPoint,
                                SmallVectorImpl<RegionSuccessor> &regions) {
  // From the op and from the continue ending the body alike, control goes
  // to the body (another iteration) or out (no iteration left).
  regions.push_back(RegionSuccessor(&getRegion(), getRegionIterValues()));
  regions.push_back(RegionSuccessor(getOperation(), getResults()));
}

OperandRange ForOp::getEntrySuccessorOperands(RegionSuccessor) {
  return getInitValues();
}

SmallVector<Region *> ForOp::getLoopRegions() { return {&getRegion()}; }

std::optional<SmallVector<Value>> ForOp::getLoopInductionVars() {
  return SmallVector<Value>{getInductionVar()};
}

std::optional<SmallVector<OpFoldResult>> ForOp::getLoopLowerBounds() {
  return SmallVector<OpFoldResult>{OpFoldResult(getLowerBound())};
}

std::optional<SmallVector<OpFoldResult>> ForOp::getLoopUpperBounds() {
  return SmallVector<OpFoldResult>{OpFoldResult(getUpperBound())};
}

std::optional<SmallVector<OpFoldResult>> ForOp::getLoopSteps() {
  return SmallVector<OpFoldResult>{OpFoldResult(getStep())};
}

MutableArrayRef<OpOperand> ForOp::getInitsMutable() {
  return getInitValuesMutable();
}

Block::BlockArgListType ForOp::getRegionIterArgs() {
  return getRegionIterValues();
}

std::optional<MutableArrayRef<OpOperand>> ForOp::getYieldedValuesMutable() {
  // Continues nested in ifs also yield; only the one ending the body is a
  // single operand list that can be returned here.
  auto terminator =
      dyn_cast_or_null<ContinueOp>(getTerminatorOrNull(getRegion()));
  if (!terminator)
    return std::nullopt;
  return MutableArrayRef<OpOperand>(terminator.getOperandsMutable());
}

std::optional<ResultRange> ForOp::getLoopResults() {
  return getOperation()->getResults();
}

//===----------------------------------------------------------------------===//
// LoopOp
//===----------------------------------------------------------------------===//

// loop [iter_values(%arg = %init, ...) : types [-> types]] region [attr-dict]
// loop [: types] region [attr-dict]
ParseResult LoopOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::Argument> arguments;
  SmallVector<OpAsmParser::UnresolvedOperand> inits;
  SmallVector<Type> initTypes;
  SMLoc initsLoc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword("iter_values"))) {
    if (parseIterValues(parser, arguments, inits) || parser.parseColon() ||
        parseCudaTileType(parser, initTypes))
      return failure();
    if (inits.size() != initTypes.size())
      return parser.emitError(initsLoc, "has ")
             << inits.size() << " loop-carried values but " << initTypes.size()
             << " types";
    for (auto [argument, type] : llvm::zip_equal(arguments, initTypes))
      argument.type = type;
    if (succeeded(parser.parseOptionalArrow()) &&
        parseCudaTileType(parser, result.types))
      return failure();
  } else if (succeeded(parser.parseOptionalColon())) {
    // Without loop-carried values the types are those of the results.
    if (parseCudaTileType(parser, result.types))
      return failure();
  }

  Region *body = result.addRegion();
  if (parser.parseRegion(*body, arguments))
    return failure();
  OpBuilder bodyBuilder(parser.getContext());
  ensureImplicitTerminator<ContinueOp>(
      *body, bodyBuilder, parser.getEncodedSourceLoc(parser.getNameLoc()));
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  return parser.resolveOperands(inits, initTypes, initsLoc, result.operands);
}

void LoopOp::print(OpAsmPrinter &printer) {
  bool hasCarried = !getInitValues().empty();
  bool hasResults = getNumResults() != 0;
  if (hasCarried) {
    printer << ' ';
    printIterValues(printer, getRegionIterValues(), getInitValues());
  }
  if (hasCarried || hasResults)
    printer << " : ";
  if (hasCarried)
    printCudaTileType(printer, getInitValues().getTypes());
  if (hasCarried && hasResults)
    printer << " -> ";
  if (hasResults)
    printCudaTileType(printer, getResultTypes());
  printer << ' ';
  printControlFlowRegion<ContinueOp>(printer, getRegion());
  printer.printOptionalAttrDict((*this)->getAttrs());
}

LogicalResult LoopOp::verify() {
  Block *body = getBody();
  if (body->getNumArguments() != getInitValues().size())
    return emitOpError("body must take ")
           << getInitValues().size() << " loop-carried values, got "
           << body->getNumArguments() << " arguments";
  for (auto [index, init, argument] :
       llvm::enumerate(getInitValues(), getRegionIterValues())) {
    Type type = init.getType();
    if (isViewType(type))
      return emitOpError("loop-carried value ")
             << index << " is a view or tensor_view (" << type
             << "), which a loop cannot carry";
    if (argument.getType() != type)
      return emitOpError("loop-carried value ")
             << index << " has initial type " << type
             << " but body argument type " << argument.getType();
  }
  for (auto [index, type] : llvm::enumerate(getResultTypes()))
    if (isViewType(type))
      return emitOpError("result ") << index << " is a view or tensor_view ("
                                    << type << "), which a loop cannot return";
  return success();
}

LogicalResult LoopOp::verifyRegions() {
  Operation *terminator = &getBody()->back();
  if (!isa<ContinueOp, BreakOp>(terminator))
    return emitOpError("body must end in 'continue' or 'break', found '")
           << terminator->getName() << "'";
  return success();
}

void LoopOp::getSuccessorRegions(RegionBranchPoint point,
                                 SmallVectorImpl<RegionSuccessor> &regions) {
  Operation *terminator = point.getTerminatorPredecessorOrNull();
  if (point.isParent() || isa<ContinueOp>(terminator))
    regions.push_back(RegionSuccessor(&getRegion(), getRegionIterValues()));
  else if (isa<BreakOp>(terminator))
    regions.push_back(RegionSuccessor(getOperation(), getResults()));
}

OperandRange LoopOp::getEntrySuccessorOperands(RegionSuccessor) {
  return getInitValues();
}

SmallVector<Region *> LoopOp::getLoopRegions() { return {&getRegion()}; }

MutableArrayRef<OpOperand> LoopOp::getInitsMutable() {
  return getInitValuesMutable();
}

Block::BlockArgListType LoopOp::getRegionIterArgs() {
  return getRegionIterValues();
}

//===----------------------------------------------------------------------===//
// ContinueOp / BreakOp
//===----------------------------------------------------------------------===//

/// Returns the loop that a `continue` or `break` acts on: the first
/// ancestor that is not an `if`, or null when there is none.
static Operation *getTargetLoop(Operation *exitOp) {
  Operation *parent = exitOp->getParentOp();
  while (isa_and_nonnull<IfOp>(parent))
    parent = parent->getParentOp();
  return parent;
}

/// Checks the operand types of a loop exit against what its loop expects.
static LogicalResult verifyExitOperands(Operation *exitOp, TypeRange expected,
                                        StringRef what) {
  if (exitOp->getOperandTypes() == expected)
    return success();
  InFlightDiagnostic diag = exitOp->emitOpError("operand types ");
  appendTypes(diag, exitOp->getOperandTypes())
      << " do not match the " << what << " ";
  return appendTypes(diag, expected);
}

LogicalResult ContinueOp::verify() {
  Operation *loop = getTargetLoop(*this);
  if (auto forOp = dyn_cast_or_null<ForOp>(loop))
    return verifyExitOperands(*this, forOp.getResultTypes(),
                              "loop-carried value types of the enclosing "
                              "'for'");
  if (auto loopOp = dyn_cast_or_null<LoopOp>(loop))
    return verifyExitOperands(*this, loopOp.getInitValues().getTypes(),
                              "loop-carried value types of the enclosing "
                              "'loop'");
  return emitOpError("must be nested in a 'for' or 'loop', directly or "
                     "through 'if' operations");
}

MutableOperandRange ContinueOp::getMutableSuccessorOperands(RegionSuccessor) {
  return getOperandsMutable();
}

LogicalResult BreakOp::verify() {
  Operation *loop = getTargetLoop(*this);
  if (auto loopOp = dyn_cast_or_null<LoopOp>(loop))
    return verifyExitOperands(*this, loopOp.getResultTypes(),
                              "result types of the enclosing 'loop'");
  if (isa_and_nonnull<ForOp>(loop))
    return emitOpError("cannot leave a 'for'; only 'loop' ends with 'break'");
  return emitOpError("must be nested in a 'loop', directly or through 'if' "
                     "operations");
}

MutableOperandRange BreakOp::getMutableSuccessorOperands(RegionSuccessor) {
  return getOperandsMutable();
}

//===----------------------------------------------------------------------===//
// PrintTkoOp
//===----------------------------------------------------------------------===//

/// Counts the conversions of a printf format string that consume an
/// argument, or returns failure at a `%` without a conversion character.
static FailureOr<unsigned> countFormatArguments(StringRef format) {
  // The characters that end a conversion; flags, width, precision and
  // length modifiers may come between them and the `%`.
  constexpr StringLiteral conversions = "diuoxXeEfFgGaAcsSpn%";
  unsigned count = 0;
  for (size_t pos = format.find('%'); pos != StringRef::npos;
       pos = format.find('%', pos)) {
    size_t end = format.find_first_of(conversions, pos + 1);
    if (end == StringRef::npos)
      return failure();
    if (format[end] != '%' || end != pos + 1)
      ++count;
    pos = end + 1;
  }
  return count;
}

LogicalResult PrintTkoOp::verify() {
  FailureOr<unsigned> expected = countFormatArguments(getStr());
  if (failed(expected))
    return emitOpError("format string has a '%' without a conversion "
                       "character");
  if (*expected != getArgs().size())
    return emitOpError("format string has ")
           << *expected << " conversions, but " << getArgs().size()
           << " arguments were given";
  return success();
}
