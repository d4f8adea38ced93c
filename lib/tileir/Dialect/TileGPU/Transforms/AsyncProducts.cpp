//===- AsyncProducts.cpp - Independent products in flight together --------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A synchronous `warpgroup_dot` waits for the tensor cores right after
// issuing its instructions. Where a block holds several products that do
// not depend on each other (two halves of a tile's rows, each with its own
// softmax; two GEMMs sharing an operand), the warps could instead issue the
// next product and compute on the first result while the tensor cores run
// the second. This pass does that in each block:
//
//  1. The register-only ops that depend on a product's result move down to
//     just before their first user in the block, so independent work and
//     the next products come first.
//  2. A product whose first reader (or the first op that touches shared
//     memory or synchronizes, or the block's end) comes after another
//     product is issued becomes asynchronous (`is_async`), with a
//     `warpgroup_dot_wait` right before that reader. The wait lets the
//     products issued since stay in flight (`pending`); its operands are the
//     result and the register operand A, which must not be overwritten
//     while the product reads it.
//
// Only register arithmetic runs while a product is in flight: nothing
// between the product and its wait writes or reads shared memory, has
// scratch, or is a barrier, so the barriers tileir-insert-barriers placed
// (for products complete when they return) still order every access, and no
// buffer sharing the product's bytes by liveness is written before the
// wait. Blocks that already hold asynchronous products or waits (loops
// tileir-pipeline-loops or tileir-overlap-products rewrote) are left to
// them.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TileGPU/Transforms/Passes.h"

#include "tileir/Dialect/TileGPU/Transforms/SharedMemory.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tilegpu {
#define GEN_PASS_DEF_TILEIRASYNCPRODUCTSPASS
#include "tileir/Dialect/TileGPU/Transforms/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

/// Whether `op` (and everything nested in it) only computes in registers:
/// no memory effects, no scratch, no product.
bool isRegisterOnly(Operation *op) {
  if (op->hasTrait<OpTrait::IsTerminator>() || !isMemoryEffectFree(op))
    return false;
  WalkResult result = op->walk([](Operation *nested) {
    if (isa<WarpGroupDotOp, WarpGroupDotWaitOp>(nested) ||
        getScratchBytes(nested) > 0)
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return !result.wasInterrupted();
}

/// The first op of `block` that uses `value` (itself or through an op
/// nested in it); null when none does.
Operation *findFirstUser(Value value, Block *block) {
  Operation *first = nullptr;
  for (Operation *user : value.getUsers()) {
    Operation *ancestor = block->findAncestorOpInBlock(*user);
    if (ancestor && (!first || ancestor->isBeforeInBlock(first)))
      first = ancestor;
  }
  return first;
}

/// Moves the register-only ops of `block` that depend on `dot`'s result
/// down to just before their first user, last ones first.
void sinkDependents(WarpGroupDotOp dot, Block *block) {
  llvm::SetVector<Operation *> slice;
  SmallVector<Value> work{dot.getResult()};
  while (!work.empty()) {
    Value v = work.pop_back_val();
    for (Operation *user : v.getUsers()) {
      if (user->getBlock() != block || !isRegisterOnly(user) ||
          user->getNumRegions() != 0 || !slice.insert(user))
        continue;
      llvm::append_range(work, user->getResults());
    }
  }
  SmallVector<Operation *> ordered(slice.begin(), slice.end());
  llvm::sort(ordered,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  for (Operation *op : llvm::reverse(ordered)) {
    Operation *first = nullptr;
    for (Value r : op->getResults())
      if (Operation *user = findFirstUser(r, block))
        if (!first || user->isBeforeInBlock(first))
          first = user;
    if (first && first != op->getNextNode())
      op->moveBefore(first);
  }
}

/// Where `dot` must be complete: the first op after it that reads its
/// result, touches shared memory, synchronizes or ends the block.
Operation *findCompletionPoint(WarpGroupDotOp dot) {
  for (Operation *op = dot->getNextNode(); op; op = op->getNextNode()) {
    if (isa<WarpGroupDotOp>(op)) {
      if (llvm::is_contained(op->getOperands(), dot.getResult()))
        return op;
      continue;
    }
    bool reads = false;
    op->walk([&](Operation *nested) {
      reads |= llvm::is_contained(nested->getOperands(), dot.getResult());
    });
    if (reads || !isRegisterOnly(op))
      return op;
  }
  return nullptr;
}

void runOnBlock(Block &block) {
  SmallVector<WarpGroupDotOp> dots;
  for (Operation &op : block) {
    if (isa<WarpGroupDotWaitOp>(op))
      return;
    if (auto dot = dyn_cast<WarpGroupDotOp>(op)) {
      if (dot.getIsAsync())
        return;
      dots.push_back(dot);
    }
  }
  if (dots.size() < 2)
    return;
  for (WarpGroupDotOp dot : dots)
    sinkDependents(dot, &block);

  // A product goes asynchronous when another is issued before it must be
  // complete; the decisions come first, since each wait counts the
  // asynchronous products issued after its own.
  SmallVector<Operation *> completion;
  SmallVector<bool> async;
  for (WarpGroupDotOp dot : dots) {
    Operation *point = findCompletionPoint(dot);
    bool overlaps = false;
    for (Operation *op = dot->getNextNode(); op && op != point;
         op = op->getNextNode())
      overlaps |= isa<WarpGroupDotOp>(op);
    completion.push_back(point);
    async.push_back(point && overlaps);
  }
  for (auto [index, dot] : llvm::enumerate(dots)) {
    if (!async[index])
      continue;
    Operation *point = completion[index];
    // Groups issued after this one that may stay in flight: the
    // asynchronous products after the last synchronous one (which waits
    // for every group).
    int32_t pending = 0;
    Operation *before = point->getPrevNode();
    for (Operation *op = dot->getNextNode(); op != point;
         op = op->getNextNode()) {
      auto other = dyn_cast<WarpGroupDotOp>(op);
      if (!other)
        continue;
      auto it = llvm::find(dots, other);
      bool otherAsync = it != dots.end() && async[it - dots.begin()];
      pending = otherAsync ? pending + 1 : 0;
    }
    dot.setIsAsync(true);
    OpBuilder b(point);
    SmallVector<Value> values{dot.getResult()};
    if (!isa<SMemType>(dot.getLhs().getType()))
      values.push_back(dot.getLhs());
    // Register work right before the wait is independent of the product,
    // and ptxas could hoist the wait above it; a wait right behind a
    // product's issue has nothing to keep.
    bool late = before && !isa<WarpGroupDotOp>(before);
    auto wait = WarpGroupDotWaitOp::create(
        b, dot.getLoc(), ValueRange(values).getTypes(), values, pending, late);
    dot.getResult().replaceAllUsesExcept(wait.getResult(0), wait);
  }
}

struct AsyncProductsPass
    : public tilegpu::impl::TileIRAsyncProductsPassBase<AsyncProductsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<Block *> blocks;
    getOperation()->walk([&](Block *block) { blocks.push_back(block); });
    for (Block *block : blocks)
      runOnBlock(*block);
  }
};

} // namespace
