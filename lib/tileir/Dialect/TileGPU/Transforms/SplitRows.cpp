//===- SplitRows.cpp - A loop's 128 rows as two halves of 64 --------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// On sm_90, attention with 64-column blocks runs on one warpgroup that holds
// all 128 rows of the query tile, and each iteration is one dependence
// chain: the warps wait while the tensor cores compute S = Q K^T, the tensor
// cores idle while the warps compute the softmax, then P V. The rows of such
// a loop never meet: every op is element-wise, reduces along the columns,
// or is a product whose A and accumulator are rows (B is not). This pass
// computes the loop as two halves of 64 rows, each op cloned per half, so
// that tileir-async-products can issue both S products, run the first
// half's softmax while the second product computes, and the first P V
// while the second half's softmax runs.
//
// A `for` loop qualifies when (sm_90, wgmma, the kernel on one warpgroup by
// the warp rule) its body holds a chain of products (one product's A
// depends on another's result) whose accumulators have 128 rows, and every
// value that depends on those rows, or that they depend on within the body,
// can be computed half by half:
//  - element-wise ops (both halves read the halves of their operands);
//  - products (A and the accumulator split, B shared);
//  - reductions along a dim other than the rows;
//  - reshapes and broadcasts that keep the 128 rows in front.
// Row operands defined before the loop are split there (`extract`), and
// broadcasts of a single row in the body are rebuilt at 64 rows. Carried
// values become two, and the loop's results are joined again (`cat`).
// Anything else (a row value stored, transposed, reduced along the rows,
// or read in a nested region) leaves the loop alone.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TileGPU/Transforms/Passes.h"

#include "tileir/Dialect/TileGPU/Transforms/LoopFacts.h"
#include "tileir/Dialect/TileGPU/Transforms/MmaLayouts.h"
#include "tileir/Support/Diagnostics.h"
#include "tileir/Target/GPUTarget.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Remarks.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

#include <array>

namespace mlir::tilegpu {
#define GEN_PASS_DEF_TILEIRSPLITROWSPASS
#include "tileir/Dialect/TileGPU/Transforms/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

constexpr int64_t kRows = 128;
constexpr int64_t kHalf = kRows / 2;

/// A tile whose leading dim has the loop's 128 rows.
bool hasRows(Type type) {
  auto tile = dyn_cast<cuda_tile::TileType>(type);
  return tile && tile.getRank() >= 1 && tile.getShape()[0] == kRows;
}

cuda_tile::TileType getHalfType(Type type) {
  return withExtent(type, 0, kHalf);
}

bool isProduct(Operation *op) {
  return isa<cuda_tile::MmaFOp, cuda_tile::MmaIOp>(op);
}

/// Whether `op`, with its row values split, computes each half from the
/// halves of its row operands alone.
bool isSplittable(Operation *op) {
  if (isProduct(op))
    return op->getNumResults() == 1 && hasRows(op->getResult(0).getType()) &&
           cast<cuda_tile::TileType>(op->getResult(0).getType()).getRank() ==
               2;
  if (auto reduce = dyn_cast<cuda_tile::ReduceOp>(op))
    return reduce.getDim() != 0 &&
           llvm::all_of(op->getOperandTypes(), hasRows) &&
           llvm::all_of(op->getResultTypes(), hasRows);
  if (isa<cuda_tile::ReshapeOp, cuda_tile::BroadcastOp>(op))
    return hasRows(op->getOperand(0).getType()) &&
           hasRows(op->getResult(0).getType());
  return op->hasTrait<OpTrait::Elementwise>() && op->getNumRegions() == 0 &&
         op->getNumResults() > 0 && isMemoryEffectFree(op) &&
         llvm::all_of(op->getResultTypes(), hasRows);
}

/// Whether operand `index` of a splittable `op` holds rows (a product's B
/// does not).
bool isRowOperand(Operation *op, unsigned index) {
  if (isProduct(op))
    return index != 1;
  return hasRows(op->getOperand(index).getType());
}

/// `constant`, a splat, again with the shape `half`.
Value createHalfSplat(OpBuilder &b, cuda_tile::ConstantOp constant,
                      cuda_tile::TileType half) {
  auto dense = cast<DenseElementsAttr>(constant.getValue());
  return cuda_tile::ConstantOp::create(
      b, constant.getLoc(), half,
      cast<DenseIntOrFPElementsAttr>(dense.resizeSplat(
          RankedTensorType::get(half.getShape(), dense.getElementType()))));
}

/// A row operand the body can rebuild at 64 rows: a broadcast of one row,
/// or a splat constant.
bool isRebuildable(Value value) {
  Operation *def = value.getDefiningOp();
  if (auto broadcast = dyn_cast_or_null<cuda_tile::BroadcastOp>(def)) {
    auto source = cast<cuda_tile::TileType>(broadcast.getOperand().getType());
    return source.getRank() >= 1 && source.getShape()[0] == 1;
  }
  if (auto constant = dyn_cast_or_null<cuda_tile::ConstantOp>(def))
    if (auto dense = dyn_cast<DenseElementsAttr>(constant.getValue()))
      return dense.isSplat();
  return false;
}

class LoopSplitter {
public:
  explicit LoopSplitter(cuda_tile::ForOp loop) : loop(loop) {}

  /// Why the loop cannot be split; empty when it can.
  std::string analyze() {
    Block *body = loop.getBody();
    SmallVector<Operation *> products;
    for (Operation &op : *body)
      if (isProduct(&op) && isSplittable(&op))
        products.push_back(&op);
    if (products.size() < 2)
      return "fewer than two products of 128 rows";
    if (!hasChain(products))
      return "no product reads another's result";
    for (Operation *product : products)
      if (!add(product->getResult(0)))
        return why;
    while (!work.empty()) {
      Value v = work.pop_back_val();
      if (!visit(v))
        return why;
    }
    return "";
  }

  void rewrite();

private:
  /// Whether some product's A depends, within the body, on another
  /// product's result.
  bool hasChain(ArrayRef<Operation *> products) {
    Block *body = loop.getBody();
    for (Operation *product : products) {
      SmallVector<Value> stack{product->getOperand(0)};
      DenseSet<Value> seen;
      while (!stack.empty()) {
        Value v = stack.pop_back_val();
        Operation *def = v.getDefiningOp();
        if (!def || def->getBlock() != body || !seen.insert(v).second)
          continue;
        if (def != product && llvm::is_contained(products, def))
          return true;
        llvm::append_range(stack, def->getOperands());
      }
    }
    return false;
  }

  bool fail(const Twine &reason) {
    why = reason.str();
    return false;
  }

  bool add(Value v) {
    if (!hasRows(v.getType()))
      return fail("a value of the rows' computation has no 128 leading rows");
    if (split.insert(v))
      work.push_back(v);
    return true;
  }

  /// Splits what `v` flows into and what it is computed from.
  bool visit(Value v) {
    Block *body = loop.getBody();
    Operation *terminator = body->getTerminator();
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (user == terminator) {
        if (!add(body->getArgument(use.getOperandNumber() + 1)))
          return false;
        continue;
      }
      if (user->getBlock() != body)
        return fail("a row value is read in a nested region");
      if (!isSplittable(user))
        return fail("a row value is read by '" +
                    user->getName().getStringRef() + "'");
      if (!isRowOperand(user, use.getOperandNumber()))
        return fail("a row value is a product's B operand");
      for (Value r : user->getResults())
        if (!add(r))
          return false;
    }
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (arg.getOwner() != body || arg.getArgNumber() == 0)
        return fail("a row value is the induction variable");
      return add(terminator->getOperand(arg.getArgNumber() - 1));
    }
    Operation *def = v.getDefiningOp();
    if (def->getBlock() != body)
      return true;
    // Every result of a split op is split (a reduction of several tiles).
    for (Value r : def->getResults())
      if (!add(r))
        return false;
    for (auto [index, operand] : llvm::enumerate(def->getOperands())) {
      if (!isRowOperand(def, index) || split.contains(operand))
        continue;
      if (!loop.getBody()->getParentOp()->isAncestor(
              operand.getParentBlock()->getParentOp()))
        continue; // Defined before the loop: extracted there.
      if (isRebuildable(operand))
        continue;
      if (!add(operand))
        return false;
    }
    return true;
  }

  /// The half `h` of a row operand that is not split: rebuilt at 64 rows
  /// in the body (a broadcast of one row, a splat), or extracted before the
  /// loop.
  Value getUnsplitHalf(OpBuilder &b, Value v, unsigned h) {
    auto it = halves.find(v);
    if (it != halves.end())
      return it->second[h];
    std::array<Value, 2> pair;
    Location loc = v.getLoc();
    cuda_tile::TileType half = getHalfType(v.getType());
    Operation *def = v.getDefiningOp();
    OpBuilder::InsertionGuard guard(b);
    if (def && def->getBlock() == newBody) {
      b.setInsertionPoint(def);
      Value rebuiltValue;
      if (auto constant = dyn_cast<cuda_tile::ConstantOp>(def)) {
        rebuiltValue = createHalfSplat(b, constant, half);
      } else {
        Operation *clone = b.clone(*def);
        clone->getResult(0).setType(half);
        rebuiltValue = clone->getResult(0);
      }
      pair = {rebuiltValue, rebuiltValue};
      rebuilt.push_back(def);
    } else if (Value first = rebuildBeforeLoop(b, v, 0)) {
      // Computed again per half (a splat, a broadcast, a reshape of a
      // split value): an extracted copy would hold registers through the
      // loop that the original never needed.
      pair = {first, rebuildBeforeLoop(b, v, 1)};
    } else {
      b.setInsertionPoint(outerPoint);
      auto tile = cast<cuda_tile::TileType>(v.getType());
      Type i32 = cuda_tile::TileType::get({}, b.getI32Type());
      Value zero = createIntConstant(b, loc, i32, 0);
      Value one = createIntConstant(b, loc, i32, 1);
      for (unsigned k = 0; k < 2; ++k) {
        SmallVector<Value> indices(tile.getRank(), zero);
        indices[0] = k == 0 ? zero : one;
        pair[k] = cuda_tile::ExtractOp::create(b, loc, half, v, indices);
      }
    }
    halves[v] = pair;
    return pair[h];
  }

  bool isSplitOp(Operation *op) const {
    return llvm::any_of(op->getResults(),
                        [&](Value r) { return split.contains(r); });
  }

  /// Half `h` of `v`, defined before the loop, computed again at 64 rows
  /// right before the loop: a splat constant, a broadcast (of one
  /// row, or of a value whose half is rebuilt or extracted in turn), or a
  /// reshape keeping the rows in front. Null for anything else.
  Value rebuildBeforeLoop(OpBuilder &b, Value v, unsigned h) {
    Operation *def = v.getDefiningOp();
    if (!def || def->getNumResults() != 1)
      return {};
    cuda_tile::TileType half = getHalfType(v.getType());
    OpBuilder::InsertionGuard guard(b);
    if (auto constant = dyn_cast<cuda_tile::ConstantOp>(def)) {
      auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
      if (!dense || !dense.isSplat())
        return {};
      b.setInsertionPoint(outerPoint);
      return createHalfSplat(b, constant, half);
    }
    if (!isa<cuda_tile::BroadcastOp, cuda_tile::ReshapeOp>(def))
      return {};
    Value source = def->getOperand(0);
    auto sourceTile = cast<cuda_tile::TileType>(source.getType());
    if (sourceTile.getRank() == 0)
      return {};
    Value sourceHalf;
    if (sourceTile.getShape()[0] == kRows)
      sourceHalf = getUnsplitHalf(b, source, h);
    else if (sourceTile.getShape()[0] == 1 &&
             isa<cuda_tile::BroadcastOp>(def))
      sourceHalf = source;
    else
      return {};
    b.setInsertionPoint(outerPoint);
    Operation *clone = b.clone(*def);
    clone->setOperand(0, sourceHalf);
    clone->getResult(0).setType(half);
    return clone->getResult(0);
  }

  cuda_tile::ForOp loop;
  llvm::SetVector<Value> split;
  SmallVector<Value> work;
  std::string why;
  DenseMap<Value, std::array<Value, 2>> halves;
  IRMapping bodyMap;
  /// The new loop's body once it exists, and where values defined before
  /// the loop are split.
  Block *newBody = nullptr;
  Operation *outerPoint = nullptr;
  /// Ops of the body rebuilt at 64 rows (erased when nothing else reads
  /// them).
  SmallVector<Operation *> rebuilt;
};

void LoopSplitter::rewrite() {
  Block *body = loop.getBody();
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  outerPoint = loop;
  // Carried values: two for each split one.
  SmallVector<Value> inits;
  SmallVector<int64_t> firstIndex;
  for (auto [i, init] : llvm::enumerate(loop.getInitValues())) {
    firstIndex.push_back(inits.size());
    if (split.contains(body->getArgument(i + 1))) {
      inits.push_back(getUnsplitHalf(b, init, 0));
      inits.push_back(getUnsplitHalf(b, init, 1));
    } else {
      inits.push_back(init);
    }
  }
  b.setInsertionPoint(loop);
  auto newLoop = cuda_tile::ForOp::create(
      b, loc, loop.getLowerBound(), loop.getUpperBound(), loop.getStep(),
      inits, loop.getUnsignedCmp());
  newLoop->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
  newBody = newLoop.getBody();
  outerPoint = newLoop;
  std::array<IRMapping, 2> halfMap;
  bodyMap.map(body->getArgument(0), newBody->getArgument(0));
  for (unsigned i = 0; i + 1 < body->getNumArguments(); ++i) {
    BlockArgument old = body->getArgument(i + 1);
    if (split.contains(old)) {
      halfMap[0].map(old, newBody->getArgument(firstIndex[i] + 1));
      halfMap[1].map(old, newBody->getArgument(firstIndex[i] + 2));
    } else {
      bodyMap.map(old, newBody->getArgument(firstIndex[i] + 1));
    }
  }
  // Move the body's ops into the new loop, then replace the split ones by
  // a clone per half.
  Operation *oldTerminator = body->getTerminator();
  newBody->getOperations().splice(newBody->end(), body->getOperations(),
                                  body->begin(), Block::iterator(oldTerminator));
  for (unsigned i = 0; i + 1 < body->getNumArguments(); ++i) {
    BlockArgument old = body->getArgument(i + 1);
    if (!split.contains(old))
      old.replaceAllUsesWith(bodyMap.lookup(old));
  }
  body->getArgument(0).replaceAllUsesWith(newBody->getArgument(0));
  SmallVector<Operation *> ops;
  for (Operation &op : *newBody)
    ops.push_back(&op);
  // The first half takes the place of the rows' computation; the second
  // half follows it whole, except its products of operands from before
  // the loop (Q K^T), which go right behind the first half's: both are in
  // flight while the first half's element-wise work runs.
  SmallVector<Operation *> secondHalf;
  for (Operation *op : ops) {
    if (!isSplitOp(op))
      continue;
    b.setInsertionPoint(op);
    bool leading = isProduct(op) && llvm::none_of(op->getOperands(), [&](
                                                       Value v) {
      return split.contains(v);
    });
    for (unsigned h = 0; h < 2; ++h) {
      Operation *clone = b.clone(*op);
      if (h == 1 && !leading)
        secondHalf.push_back(clone);
      for (auto [index, operand] : llvm::enumerate(op->getOperands())) {
        if (!isRowOperand(op, index))
          continue;
        Value half = split.contains(operand) ? halfMap[h].lookup(operand)
                                              : getUnsplitHalf(b, operand, h);
        clone->setOperand(index, half);
      }
      for (auto [r, nr] : llvm::zip(op->getResults(), clone->getResults())) {
        nr.setType(getHalfType(r.getType()));
        halfMap[h].map(r, nr);
      }
    }
  }
  // The new terminator carries both halves.
  b.setInsertionPointToEnd(newBody);
  SmallVector<Value> yielded;
  for (Value v : oldTerminator->getOperands()) {
    if (split.contains(v)) {
      yielded.push_back(halfMap[0].lookup(v));
      yielded.push_back(halfMap[1].lookup(v));
    } else {
      yielded.push_back(v);
    }
  }
  Operation *terminator = b.clone(*oldTerminator);
  terminator->setOperands(yielded);
  oldTerminator->erase();
  for (Operation *op : secondHalf)
    op->moveBefore(terminator);
  // Split ops are dead now (users first), and so may be the ops rebuilt at
  // 64 rows.
  for (Operation *op : llvm::reverse(ops))
    if (isSplitOp(op))
      op->erase();
  for (Operation *op : rebuilt)
    if (op->use_empty())
      op->erase();
  // The loop's results: halves joined again.
  b.setInsertionPointAfter(newLoop);
  for (auto [i, result] : llvm::enumerate(loop.getResults())) {
    if (result.use_empty())
      continue;
    Value replacement;
    if (split.contains(body->getArgument(i + 1))) {
      Value lhs = newLoop->getResult(firstIndex[i]);
      Value rhs = newLoop->getResult(firstIndex[i] + 1);
      replacement = cuda_tile::CatOp::create(b, loc, result.getType(), lhs,
                                             rhs, b.getI64IntegerAttr(0));
    } else {
      replacement = newLoop->getResult(firstIndex[i]);
    }
    result.replaceAllUsesWith(replacement);
  }
  loop->erase();
}

struct SplitRowsPass
    : public tilegpu::impl::TileIRSplitRowsPassBase<SplitRowsPass> {
  using Base::Base;

  void runOnOperation() override {
    const tileir::GPUTarget *gpu = tileir::lookupGPUTarget(target);
    if (!gpu || !gpu->hasWgmma)
      return;
    for (Operation &top : getOperation()->getRegion(0).front()) {
      auto entry = dyn_cast<cuda_tile::EntryOp>(top);
      if (!entry || llvm::is_contained(skipKernels, entry.getSymName()))
        continue;
      if (chooseNumWarps(entry, target, gpu) != 4)
        continue;
      SmallVector<cuda_tile::ForOp> loops;
      entry.walk([&](cuda_tile::ForOp loop) { loops.push_back(loop); });
      for (cuda_tile::ForOp loop : loops) {
        LoopSplitter splitter(loop);
        std::string why = splitter.analyze();
        auto opts = remark::RemarkOpts::name("SplitRows")
                        .category("tensorcore")
                        .function(entry.getSymName());
        Location where = tileir::getRemarkLocation(loop);
        if (!why.empty()) {
          if (why != "fewer than two products of 128 rows")
            remark::missed(where, opts) << remark::detail::Remark::Arg(
                "Remark", "rows not split in two halves: " + why);
          continue;
        }
        splitter.rewrite();
        remark::passed(where, opts) << remark::detail::Remark::Arg(
            "Remark", "the loop's 128 rows computed as two halves of 64, so "
                      "that one half's products run while the other's "
                      "element-wise work does");
      }
    }
  }
};

} // namespace
