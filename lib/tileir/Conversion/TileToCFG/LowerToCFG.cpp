//===- LowerToCFG.cpp - Kernels as functions with an explicit CFG ---------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Structured control flow is lowered outermost first. When a loop is
// lowered, the `continue` and `break` ops that belong to it (those whose
// innermost enclosing loop it is, possibly nested in `if`s not yet lowered)
// become branches to its header or exit, so early exits out of nested
// regions need no special case. An `if`'s own `yield`s become branches to
// its continuation; blocks that already end in a branch (a continue or
// break of an enclosing loop, a return) are left as they are.
//
//===----------------------------------------------------------------------===//

#include "tileir/Conversion/Passes.h"
#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Dialect/TileGPU/IR/TileGPU.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringSet.h"

namespace tileir {
#define GEN_PASS_DEF_TILEIRLOWERTOCFGPASS
#include "tileir/Conversion/Passes.h.inc"
} // namespace tileir

using namespace mlir;
using namespace tileir;

namespace {

/// The storage type of a global's elements: what the tile-to-LLVM type
/// converter gives registers (narrow floats and integers live in bytes, tf32
/// in an f32), or null when the global cannot be stored as an array.
Type getGlobalStorageType(Type element) {
  MLIRContext *ctx = element.getContext();
  if (auto i = dyn_cast<IntegerType>(element))
    return i.getWidth() == 8 || i.getWidth() == 16 || i.getWidth() == 32 ||
                   i.getWidth() == 64
               ? element
               : Type();
  if (isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(element))
    return element;
  if (auto f = dyn_cast<FloatType>(element))
    if (f.getWidth() == 8)
      return IntegerType::get(ctx, 8);
  return {};
}

/// Module globals leave the cuda_tile.module with the kernels, so they
/// become device globals (addrspace 1) here, and `get_global` takes their
/// address; the tile pointer it produced is the same !llvm.ptr<1> after the
/// tile-to-LLVM conversion, so a cast bridges the two until then.
LogicalResult lowerGlobals(cuda_tile::ModuleOp tileModule) {
  MLIRContext *ctx = tileModule->getContext();
  llvm::StringSet<> lowered;
  for (Operation &op :
       llvm::make_early_inc_range(tileModule->getRegion(0).front())) {
    auto global = dyn_cast<cuda_tile::GlobalOp>(op);
    if (!global)
      continue;
    auto value = dyn_cast<DenseElementsAttr>(global->getAttr("value"));
    auto name = global->getAttrOfType<StringAttr>("sym_name");
    if (!value || !name)
      return global.emitOpError("has no initial value");
    Type element = value.getType().getElementType();
    Type storage = getGlobalStorageType(element);
    if (!storage)
      return global.emitOpError("globals of ")
             << element << " elements are not supported yet";
    int64_t count = value.getType().getNumElements();
    auto tensorType = RankedTensorType::get({count}, storage);
    Attribute init = storage == element ? value.reshape(tensorType)
                                        : value.bitcast(storage).reshape(
                                              tensorType);
    uint64_t alignment = 0;
    if (auto a = global->getAttrOfType<IntegerAttr>("alignment"))
      alignment = a.getInt();
    OpBuilder b(global);
    b.setInsertionPoint(tileModule);
    LLVM::GlobalOp::create(b, global.getLoc(),
                           LLVM::LLVMArrayType::get(storage, count),
                           global->hasAttr("constant"),
                           LLVM::Linkage::External, name.getValue(), init,
                           alignment, /*addrSpace=*/1);
    lowered.insert(name.getValue());
    global->erase();
  }
  WalkResult result = tileModule.walk([&](cuda_tile::GetGlobalOp op) {
    auto name = op->getAttrOfType<FlatSymbolRefAttr>("name");
    if (!name || !lowered.contains(name.getValue())) {
      op.emitOpError("refers to an unknown global");
      return WalkResult::interrupt();
    }
    OpBuilder b(op);
    Value address = LLVM::AddressOfOp::create(
        b, op.getLoc(), LLVM::LLVMPointerType::get(ctx, 1), name.getValue());
    Value cast = UnrealizedConversionCastOp::create(
                     b, op.getLoc(), op->getResult(0).getType(), address)
                     .getResult(0);
    op->getResult(0).replaceAllUsesWith(cast);
    op->erase();
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// Whether `op` is a loop whose region `continue`/`break` refer to.
bool isLoop(Operation *op) {
  return isa<cuda_tile::ForOp, cuda_tile::LoopOp>(op);
}

/// The innermost loop enclosing `op`, or null.
Operation *getEnclosingLoop(Operation *op) {
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
    if (isLoop(p))
      return p;
  return nullptr;
}

/// A rank-0 tile condition as the i1 a branch needs.
Value asI1(OpBuilder &b, Location loc, Value condition) {
  return UnrealizedConversionCastOp::create(b, loc, b.getI1Type(), condition)
      .getResult(0);
}

/// Splits the block of `op` after it; the new block receives one argument
/// per result of `op`, which replace those results.
Block *splitAfter(Operation *op) {
  Block *cont = op->getBlock()->splitBlock(std::next(op->getIterator()));
  for (OpResult result : op->getResults())
    result.replaceAllUsesWith(cont->addArgument(result.getType(), op->getLoc()));
  return cont;
}

/// Moves the blocks of `region` before `before`.
void inlineRegionBefore(Region &region, Block *before) {
  Region *parent = before->getParent();
  parent->getBlocks().splice(before->getIterator(), region.getBlocks());
}

/// The continue/break ops that belong to `loop`.
void collectLoopExits(Operation *loop, SmallVectorImpl<Operation *> &exits) {
  loop->getRegion(0).walk([&](Operation *op) {
    if (isa<cuda_tile::ContinueOp, cuda_tile::BreakOp>(op) &&
        getEnclosingLoop(op) == loop)
      exits.push_back(op);
  });
}

/// Replaces terminator `op` with `cf.br dest(operands)`.
void replaceWithBranch(Operation *op, Block *dest, ValueRange operands) {
  OpBuilder b(op);
  cf::BranchOp::create(b, op->getLoc(), dest, operands);
  op->erase();
}

LogicalResult lowerFor(cuda_tile::ForOp forOp) {
  Location loc = forOp.getLoc();
  MLIRContext *ctx = forOp.getContext();
  Operation *op = forOp.getOperation();
  Value lb = op->getOperand(0), ub = op->getOperand(1),
        step = op->getOperand(2);
  SmallVector<Value> inits(op->getOperands().drop_front(3));
  Region &body = op->getRegion(0);
  if (!body.hasOneBlock())
    return forOp.emitOpError("expected a single-block body");
  Block *bodyEntry = &body.front();

  SmallVector<Operation *> exits;
  collectLoopExits(op, exits);

  Block *before = op->getBlock();
  Block *cont = splitAfter(op);
  // The header receives the induction variable and the carried values.
  auto *header = new Block();
  header->addArgument(lb.getType(), loc);
  for (Value v : inits)
    header->addArgument(v.getType(), loc);
  before->getParent()->getBlocks().insert(cont->getIterator(), header);
  inlineRegionBefore(body, cont);

  OpBuilder b(ctx);
  b.setInsertionPointToEnd(before);
  SmallVector<Value> entryArgs = {lb};
  entryArgs.append(inits);
  cf::BranchOp::create(b, loc, header, entryArgs);

  b.setInsertionPointToEnd(header);
  Value iv = header->getArgument(0);
  bool isUnsigned = op->hasAttr("unsignedCmp");
  Type i1Tile = cuda_tile::TileType::get(ctx, ArrayRef<int64_t>(),
                                         b.getI1Type(), Attribute());
  OperationState cmp(loc, cuda_tile::CmpIOp::getOperationName());
  cmp.addOperands({iv, ub});
  cmp.addTypes(i1Tile);
  cmp.addAttribute("comparison_predicate",
                   cuda_tile::ComparisonPredicateAttr::get(
                       ctx, cuda_tile::ComparisonPredicate::LessThan));
  cmp.addAttribute("signedness",
                   cuda_tile::SignednessAttr::get(
                       ctx, isUnsigned ? cuda_tile::Signedness::Unsigned
                                       : cuda_tile::Signedness::Signed));
  Value inRange = b.create(cmp)->getResult(0);
  cf::CondBranchOp::create(b, loc, asI1(b, loc, inRange), bodyEntry,
                           header->getArguments(), cont,
                           header->getArguments().drop_front());

  for (Operation *exit : exits) {
    if (isa<cuda_tile::BreakOp>(exit))
      return exit->emitOpError("'break' is not allowed in a 'for' loop");
    OpBuilder eb(exit);
    OperationState add(exit->getLoc(), cuda_tile::AddIOp::getOperationName());
    add.addOperands({iv, step});
    add.addTypes(iv.getType());
    add.addAttribute("overflow",
                     cuda_tile::IntegerOverflowAttr::get(
                         ctx, cuda_tile::IntegerOverflow::None));
    Value next = eb.create(add)->getResult(0);
    SmallVector<Value> args = {next};
    args.append(exit->getOperands().begin(), exit->getOperands().end());
    replaceWithBranch(exit, header, args);
  }
  op->erase();
  return success();
}

LogicalResult lowerLoop(cuda_tile::LoopOp loopOp) {
  Location loc = loopOp.getLoc();
  Operation *op = loopOp.getOperation();
  Region &body = op->getRegion(0);
  if (!body.hasOneBlock())
    return loopOp.emitOpError("expected a single-block body");
  Block *header = &body.front();
  SmallVector<Value> inits(op->getOperands());

  SmallVector<Operation *> exits;
  collectLoopExits(op, exits);

  Block *before = op->getBlock();
  Block *cont = splitAfter(op);
  inlineRegionBefore(body, cont);
  OpBuilder b(op->getContext());
  b.setInsertionPointToEnd(before);
  cf::BranchOp::create(b, loc, header, inits);
  for (Operation *exit : exits)
    replaceWithBranch(exit, isa<cuda_tile::BreakOp>(exit) ? cont : header,
                      exit->getOperands());
  op->erase();
  return success();
}

LogicalResult lowerIf(cuda_tile::IfOp ifOp) {
  Location loc = ifOp.getLoc();
  Operation *op = ifOp.getOperation();
  Region &thenRegion = op->getRegion(0);
  Region &elseRegion = op->getRegion(1);
  if (thenRegion.empty())
    return ifOp.emitOpError("expected a 'then' block");

  // The yields of this if: the terminators of its own regions' blocks.
  SmallVector<Operation *> yields;
  for (Region *region : {&thenRegion, &elseRegion})
    for (Block &block : *region)
      if (!block.empty() && isa<cuda_tile::YieldOp>(block.back()))
        yields.push_back(&block.back());

  Block *before = op->getBlock();
  Block *cont = splitAfter(op);
  Block *thenEntry = &thenRegion.front();
  Block *elseEntry = elseRegion.empty() ? cont : &elseRegion.front();
  if (elseRegion.empty() && op->getNumResults() != 0)
    return ifOp.emitOpError("an 'if' with results needs an 'else'");
  inlineRegionBefore(thenRegion, cont);
  inlineRegionBefore(elseRegion, cont);

  OpBuilder b(op->getContext());
  b.setInsertionPointToEnd(before);
  cf::CondBranchOp::create(b, loc, asI1(b, loc, op->getOperand(0)), thenEntry,
                           ValueRange(), elseEntry, ValueRange());
  for (Operation *yield : yields)
    replaceWithBranch(yield, cont, yield->getOperands());
  op->erase();
  return success();
}

/// Turns `entry` into a func.func with the same signature and attributes.
func::FuncOp convertEntry(cuda_tile::EntryOp entry) {
  OpBuilder b(entry);
  auto type = cast<FunctionType>(
      cast<TypeAttr>(entry->getAttr("function_type")).getValue());
  auto name = entry->getAttrOfType<StringAttr>("sym_name");
  auto func = func::FuncOp::create(b, entry.getLoc(), name.getValue(), type);
  for (NamedAttribute attr : entry->getAttrs()) {
    StringRef key = attr.getName().getValue();
    if (key == "sym_name" || key == "function_type" || key == "arg_attrs" ||
        key == "res_attrs")
      continue;
    // Hints and code-generation decisions stay on the kernel.
    if (key == "optimization_hints")
      func->setAttr("cuda_tile.optimization_hints", attr.getValue());
    else
      func->setAttr(attr.getName(), attr.getValue());
  }
  func.getBody().takeBody(entry->getRegion(0));
  entry->erase();
  return func;
}

struct LowerToCFGPass
    : public tileir::impl::TileIRLowerToCFGPassBase<LowerToCFGPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<cuda_tile::ModuleOp> tileModules(
        module.getOps<cuda_tile::ModuleOp>());
    SmallVector<func::FuncOp> funcs;
    for (cuda_tile::ModuleOp tileModule : tileModules) {
      if (failed(lowerGlobals(tileModule)))
        return signalPassFailure();
      Block &body = tileModule->getRegion(0).front();
      for (Operation &op : llvm::make_early_inc_range(body)) {
        op.moveBefore(tileModule);
        if (auto entry = dyn_cast<cuda_tile::EntryOp>(op))
          funcs.push_back(convertEntry(entry));
      }
      tileModule->erase();
    }

    for (func::FuncOp func : funcs) {
      // Outermost first: a loop's continue/break ops are found inside the
      // still-structured regions it encloses.
      SmallVector<Operation *> worklist;
      func.walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (isa<cuda_tile::ReduceOp, cuda_tile::ScanOp>(op))
          return WalkResult::skip();
        if (isa<cuda_tile::ForOp, cuda_tile::LoopOp, cuda_tile::IfOp,
                cuda_tile::ReturnOp>(op))
          worklist.push_back(op);
        return WalkResult::advance();
      });
      for (Operation *op : worklist) {
        LogicalResult result = success();
        if (auto forOp = dyn_cast<cuda_tile::ForOp>(op))
          result = lowerFor(forOp);
        else if (auto loopOp = dyn_cast<cuda_tile::LoopOp>(op))
          result = lowerLoop(loopOp);
        else if (auto ifOp = dyn_cast<cuda_tile::IfOp>(op))
          result = lowerIf(ifOp);
        else {
          OpBuilder b(op);
          func::ReturnOp::create(b, op->getLoc());
          op->erase();
        }
        if (failed(result))
          return signalPassFailure();
      }
    }
  }
};

} // namespace
