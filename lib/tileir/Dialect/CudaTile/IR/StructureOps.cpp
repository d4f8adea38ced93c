//===- StructureOps.cpp - cuda_tile module-level operations ---------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// module, entry, return, global and get_global, and the debug-information
// rules the module verifier enforces.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Dialect/CudaTile/IR/CudaTileAsmUtils.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::cuda_tile;

#define GET_OP_CLASSES
#include "tileir/Dialect/CudaTile/IR/StructureOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Debug-information rules
//===----------------------------------------------------------------------===//

/// Checks the debug information of one kernel: its own location, and the
/// locations of every operation in its body.
static LogicalResult verifyFunctionDebugInfo(FunctionOpInterface func) {
  // Call-site locations describe inlined code inside a body; the format does
  // not allow one as the location of a function itself.
  if (isa<CallSiteLoc>(func.getLoc()))
    return func.emitOpError("location must not be a call-site location");

  DISubprogramAttr funcSubprogram;
  if (DILocAttr diLoc = findDILoc(func.getLoc())) {
    funcSubprogram = dyn_cast<DISubprogramAttr>(diLoc.getScope());
    if (!funcSubprogram)
      return func.emitOpError("debug-info scope must be a di_subprogram, got ")
             << diLoc.getScope();
    if (funcSubprogram.getLinkageName() != func.getName())
      return func.emitOpError("is named '")
             << func.getName() << "' but its di_subprogram has linkageName "
             << funcSubprogram.getLinkageName();
  }

  WalkResult result = func.getFunctionBody().walk([&](Operation *op) {
    DILocAttr diLoc = findDILoc(op->getLoc());
    if (!diLoc)
      return WalkResult::advance();
    DISubprogramAttr opSubprogram = getEnclosingSubprogram(diLoc.getScope());
    if (!funcSubprogram) {
      op->emitOpError("has a debug-info scope, but its function @")
          << func.getName() << " has none";
      return WalkResult::interrupt();
    }
    if (opSubprogram != funcSubprogram) {
      op->emitOpError("has a debug-info scope outside the di_subprogram of "
                      "its function @")
          << func.getName();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// ModuleOp
//===----------------------------------------------------------------------===//

void cuda_tile::ModuleOp::build(OpBuilder &builder, OperationState &state,
                                StringRef name, StringRef producer) {
  state.addAttribute(getSymNameAttrName(state.name),
                     builder.getStringAttr(name));
  if (!producer.empty())
    state.addAttribute(getProducerAttrName(state.name),
                       builder.getStringAttr(producer));
  state.addRegion()->emplaceBlock();
}

ParseResult cuda_tile::ModuleOp::parse(OpAsmParser &parser,
                                       OperationState &result) {
  StringAttr name;
  if (parser.parseSymbolName(name, getSymNameAttrName(result.name),
                             result.attributes) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Region *body = result.addRegion();
  if (parser.parseRegion(*body))
    return failure();
  // `{}` parses to a region without blocks; a module always has its block.
  if (body->empty())
    body->emplaceBlock();
  return success();
}

void cuda_tile::ModuleOp::print(OpAsmPrinter &printer) {
  printer << ' ';
  printer.printSymbolName(getSymName());
  printer.printOptionalAttrDictWithKeyword((*this)->getAttrs(),
                                           {getSymNameAttrName()});
  printer << ' ';
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                      /*printBlockTerminators=*/false);
}

LogicalResult cuda_tile::ModuleOp::verifyRegions() {
  // A body without its block has been reported by the region constraint.
  if (getBody().empty())
    return success();
  for (Operation &op : getBody().front()) {
    if (auto func = dyn_cast<FunctionOpInterface>(op)) {
      if (failed(verifyFunctionDebugInfo(func)))
        return failure();
      continue;
    }
    // Only functions are debug-info scopes; a global has a plain location.
    if (DILocAttr diLoc = findDILoc(op.getLoc()))
      return op.emitOpError("is not a function, so its location must not "
                            "have a debug-info scope, got ")
             << diLoc.getScope();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// EntryOp
//===----------------------------------------------------------------------===//

static constexpr StringLiteral kOptimizationHintsKeyword = "optimization_hints";

void EntryOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                    FunctionType type, OptimizationHintsAttr hints) {
  state.addAttribute(getSymNameAttrName(state.name),
                     builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  if (hints)
    state.addAttribute(getOptimizationHintsAttrName(state.name), hints);
  Region *body = state.addRegion();
  Block *block = new Block();
  body->push_back(block);
  for (Type input : type.getInputs())
    block->addArgument(input, state.location);
  ensureTerminator(*body, builder, state.location);
}

ParseResult EntryOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *context = parser.getContext();
  StringAttr name;
  SmallVector<OpAsmParser::Argument> arguments;
  SmallVector<Type> resultTypes;
  SmallVector<DictionaryAttr> resultAttrs;
  if (parser.parseSymbolName(name, getSymNameAttrName(result.name),
                             result.attributes) ||
      parseFunctionSignature(parser, arguments, resultTypes, resultAttrs))
    return failure();

  SmallVector<Type> argTypes;
  for (OpAsmParser::Argument &arg : arguments)
    argTypes.push_back(arg.type);
  result.addAttribute(
      getFunctionTypeAttrName(result.name),
      TypeAttr::get(FunctionType::get(context, argTypes, resultTypes)));
  Builder builder(context);
  call_interface_impl::addArgAndResultAttrs(
      builder, result, arguments, resultAttrs, getArgAttrsAttrName(result.name),
      getResAttrsAttrName(result.name));

  if (succeeded(parser.parseOptionalKeyword(kOptimizationHintsKeyword))) {
    if (parser.parseEqual())
      return failure();
    Attribute hints = OptimizationHintsAttr::parse(parser, Type());
    if (!hints)
      return failure();
    result.addAttribute(getOptimizationHintsAttrName(result.name), hints);
  }

  Region *body = result.addRegion();
  if (parser.parseRegion(*body, arguments, /*enableNameShadowing=*/false))
    return failure();
  ensureTerminator(*body, builder, result.location);

  // Other attributes follow the body.
  return parser.parseOptionalAttrDict(result.attributes);
}

void EntryOp::print(OpAsmPrinter &printer) {
  printer << ' ';
  printer.printSymbolName(getSymName());
  printFunctionSignature(printer, *this);
  // An empty hints attribute says nothing; it is not printed.
  if (OptimizationHintsAttr hints = getOptimizationHintsAttr();
      hints && !hints.getValue().empty()) {
    printer << ' ' << kOptimizationHintsKeyword << '=';
    hints.print(printer);
  }
  printer << ' ';
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                      /*printBlockTerminators=*/true);
  printer.printOptionalAttrDict(
      (*this)->getAttrs(),
      {getSymNameAttrName(), getFunctionTypeAttrName(), getArgAttrsAttrName(),
       getResAttrsAttrName(), getOptimizationHintsAttrName()});
}

LogicalResult EntryOp::verify() {
  FunctionType type = getFunctionType();
  if (type.getNumResults() != 0)
    return emitOpError("must not return values, but its type has ")
           << type.getNumResults() << " results";
  for (auto [i, input] : llvm::enumerate(type.getInputs())) {
    auto tile = dyn_cast<TileType>(input);
    if (tile && tile.getRank() != 0)
      return emitOpError("argument #")
             << i << " must be a rank-0 tile, got " << input;
  }

  // Hint problems are only reported on request: a hint is a suggestion,
  // and an invalid one reads as no hint.
  OptimizationHintsAttr hints = getOptimizationHintsAttr();
  auto mode =
      cast<CudaTileDialect>((*this)->getDialect())->getHintDiagnostics();
  if (!hints || mode == CudaTileDialect::HintDiagnostics::Ignore)
    return success();
  bool asErrors = mode == CudaTileDialect::HintDiagnostics::Error;
  LogicalResult hintsOk = hints.verifyHints(
      getLoc(), OptimizationHintsAttr::getHintKeysValidFor(*this),
      asErrors ? DiagnosticSeverity::Error : DiagnosticSeverity::Warning);
  return asErrors ? hintsOk : success();
}

//===----------------------------------------------------------------------===//
// ReturnOp
//===----------------------------------------------------------------------===//

LogicalResult ReturnOp::verify() {
  // A return may sit in (nested) `if`s inside the kernel body; it then ends
  // the kernel early. The `if` op is matched by name so that this file does
  // not depend on the control-flow ops.
  Operation *parent = (*this)->getParentOp();
  while (parent && parent->getName().getStringRef() == "cuda_tile.if")
    parent = parent->getParentOp();
  if (!isa_and_nonnull<EntryOp>(parent))
    return emitOpError("must be nested in a cuda_tile.entry, directly or "
                       "through cuda_tile.if operations");
  if (getNumOperands() != 0)
    return emitOpError("cannot return values from a kernel, got ")
           << getNumOperands() << " operands";
  return success();
}

//===----------------------------------------------------------------------===//
// GlobalOp
//===----------------------------------------------------------------------===//

ParseResult GlobalOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *context = parser.getContext();
  Builder builder(context);

  // [public|private] [constant] @name [alignment = N] attr-dict constant
  StringRef visibility;
  if (succeeded(
          parser.parseOptionalKeyword(&visibility, {"public", "private"}))) {
    SymbolVisibility value = *symbolizeSymbolVisibility(visibility);
    if (value != SymbolVisibility::Public)
      result.addAttribute(getSymbolVisibilityAttrName(result.name),
                          SymbolVisibilityAttr::get(context, value));
  }
  if (succeeded(parser.parseOptionalKeyword("constant")))
    result.addAttribute(getConstantAttrName(result.name),
                        builder.getUnitAttr());

  StringAttr name;
  if (parser.parseSymbolName(name, getSymNameAttrName(result.name),
                             result.attributes))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("alignment"))) {
    int64_t alignment;
    if (parser.parseEqual() || parser.parseInteger(alignment))
      return failure();
    result.addAttribute(getAlignmentAttrName(result.name),
                        builder.getI64IntegerAttr(alignment));
  }

  DenseIntOrFPElementsAttr value;
  if (parser.parseOptionalAttrDict(result.attributes) ||
      parseDenseTileConstant(parser, value))
    return failure();
  result.addAttribute(getValueAttrName(result.name), value);
  return success();
}

void GlobalOp::print(OpAsmPrinter &printer) {
  printer << ' ';
  if (getSymbolVisibility() != SymbolVisibility::Public)
    printer << stringifySymbolVisibility(getSymbolVisibility()) << ' ';
  if (getConstant())
    printer << "constant ";
  printer.printSymbolName(getSymName());
  if (getAlignment() != 0)
    printer << " alignment = " << getAlignment();
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {getSymNameAttrName(), getValueAttrName(),
                                 getAlignmentAttrName(), getConstantAttrName(),
                                 getSymbolVisibilityAttrName()});
  printer << ' ';
  printDenseTileConstant(printer, *this, getValue());
}

LogicalResult GlobalOp::verify() {
  auto type = dyn_cast<TileType>(getValue().getType());
  if (!type || type.getRank() != 1)
    return emitOpError("value must be a rank-1 tile, got ")
           << getValue().getType();
  int64_t alignment = getAlignment();
  if (alignment < 0 || (alignment != 0 && !llvm::isPowerOf2_64(alignment)))
    return emitOpError("alignment must be 0 (natural) or a power of two, got ")
           << alignment;
  return success();
}

//===----------------------------------------------------------------------===//
// GetGlobalOp
//===----------------------------------------------------------------------===//

LogicalResult
GetGlobalOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto global =
      symbolTable.lookupNearestSymbolFrom<GlobalOp>(*this, getNameAttr());
  if (!global)
    return emitOpError("'@")
           << getName() << "' does not name a cuda_tile.global";
  // The types are checked by the verifiers, which may have failed already:
  // look at them without assuming they passed.
  auto globalType = dyn_cast<TileType>(global.getValue().getType());
  auto resultType = dyn_cast<TileType>((*this)->getResult(0).getType());
  auto pointer =
      resultType ? dyn_cast<PointerType>(resultType.getElementType()) : nullptr;
  if (!globalType || !pointer)
    return failure();
  if (pointer.getPointeeType() != globalType.getElementType())
    return emitOpError("result points to ")
           << pointer.getPointeeType() << ", but global @" << getName()
           << " holds " << globalType.getElementType();
  return success();
}
