//===- OverlapProducts.cpp - Overlap a loop's two products ----------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A loop of two warpgroup products whose second accumulates what the first
// fed (attention: S = Q K^T, a softmax of S, O = P V) runs the tensor cores
// and the other instructions in turn: the softmax waits for S, the product
// P V for the softmax. Software-pipelining the second product by one
// iteration lets the tensor cores run P V of the previous block while the
// warps compute the softmax of this one:
//
//   for j in lb .. ub { A(j): K_j, S_j, softmax -> P_j, c_j
//                       B(j): V_j, O = O * c_j + P_j V_j }
//
// becomes
//
//   if lb < ub { A(lb) }                      // carries P, c, the rest of A
//   for j in start .. ub {                    // start = lb + step if entered
//     A(j) up to S_j = Q K_j^T                (issued, not waited for)
//     B(j - 1): O = O * c + P V_{j-1}         (issued, not waited for)
//     S_j ready (wait: one group pending)
//     rest of A(j) -> P_j, c_j                (runs beside P V)
//     O ready (wait: none pending; P's registers stay until here)
//   }
//   if lb < ub { B(last) }
//
// B is the second product with what only it uses: its accumulator's rescale,
// the subview, load, reshapes, buffer and store of its shared operand,
// broadcasts of its operands. What B takes from A travels as loop-carried
// values. Both products are done at the end of each iteration.
//
// The pass runs twice. Before tileir-pipeline-loops it only marks the loops
// that qualify (kOverlapProductsAttrName): the pipeliner then keeps each
// stage unwritten through the iteration after its own, since B reads the
// stage of the iteration before. After it, the marked loops are rotated: B
// reads its operand through the stage index, carried like any value A
// gives it; the prologue waits for the first stage as the first iteration
// did, and the epilogue reads the last stage, so every load stays in the
// pipeline. A loop left unpipelined is rotated all the same: its B load
// then moves one iteration later (the loop writes no global memory, so the
// load reads the same data).
//
// Only loops whose extra live registers fit are rewritten: the carried P
// stays in registers until its product is done, beside S, the new P and the
// accumulator. Every decision is a remark (category `tensorcore`).
//
// The default pipeline does not run the pass (`--tileir-enable-product-
// overlap` does): on the H200 the waits for the products all but vanish,
// but the softmax beside P V slows about as much, and attention ran 1-3%
// slower (docs/performance.md).
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TileGPU/Transforms/Passes.h"

#include "tileir/Dialect/TileGPU/Transforms/LoopFacts.h"

#include "tileir/Support/Diagnostics.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Remarks.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir::tilegpu {
#define GEN_PASS_DEF_TILEIROVERLAPPRODUCTSPASS
#include "tileir/Dialect/TileGPU/Transforms/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;
using namespace mlir::tilegpu;
using tileir::getRemarkLocation;

namespace {

constexpr StringLiteral kRemarkCategory = "tensorcore";
/// Registers a thread may hold in the tiles live across the softmax once
/// rotated (accumulator, S, P twice, carried values): beyond this ptxas
/// spills, since the softmax's own temporaries need the rest of 255.
constexpr int64_t kMaxLiveRegisters = 200;

/// 32-bit registers a thread holds for `type` in a kernel of `warps` warps.
int64_t registersPerThread(Type type, int64_t warps) {
  auto tile = dyn_cast<cuda_tile::TileType>(type);
  if (!tile || !tile.getElementType().isIntOrFloat())
    return 0;
  int64_t bits =
      std::max<int64_t>(tile.getElementType().getIntOrFloatBitWidth(), 8);
  int64_t words = (tile.getNumElements() * bits + 31) / 32;
  return std::max<int64_t>(1, words / (32 * std::max<int64_t>(warps, 1)));
}

/// A splat zero of tile `type`, or null when its elements are not numbers.
Value createZero(OpBuilder &b, Location loc, Type type) {
  auto tile = dyn_cast<cuda_tile::TileType>(type);
  if (!tile)
    return Value();
  Type element = tile.getElementType();
  TypedAttr zero = b.getZeroAttr(element);
  if (!zero || !element.isIntOrFloat())
    return Value();
  auto shaped = RankedTensorType::get(tile.getShape(), element);
  return cuda_tile::ConstantOp::create(
      b, loc, type,
      cast<DenseIntOrFPElementsAttr>(DenseElementsAttr::get(shaped, zero)));
}

class ProductRotation {
public:
  ProductRotation(cuda_tile::ForOp loop, int64_t warps)
      : loop(loop), body(loop.getBody()), warps(warps) {}

  /// Marks the loop (`rotate` false) or rewrites a marked one if it
  /// matches; a remark says why not when the loop has two products.
  void run(bool rotate) {
    if (rotate && !loop->hasAttr(kOverlapProductsAttrName))
      return;
    std::string why;
    bool matched = match(why);
    if (!matched || rotate)
      loop->removeAttr(kOverlapProductsAttrName);
    if (!matched) {
      if (!why.empty())
        report(/*passed=*/false, "products not overlapped: " + why);
      return;
    }
    if (!rotate) {
      loop->setAttr(kOverlapProductsAttrName, UnitAttr::get(loop.getContext()));
      return;
    }
    rewrite();
    report(/*passed=*/true,
           llvm::formatv("the accumulating product runs one iteration "
                         "late, beside the next iteration's work on the "
                         "first product's result ({0} value(s) carried)",
                         crossing.size())
               .str());
  }

private:
  void report(bool passed, const std::string &message) {
    auto opts =
        remark::RemarkOpts::name("OverlapProducts").category(kRemarkCategory);
    Location where = getRemarkLocation(loop);
    if (passed)
      remark::passed(where, opts)
          << remark::detail::Remark::Arg("Remark", message);
    else
      remark::missed(where, opts)
          << remark::detail::Remark::Arg("Remark", message);
  }

  /// Whether `op` may run in the tail (B): it is one of the kinds B takes
  /// and everything that uses it is already there.
  bool canJoinTail(Operation *op) {
    auto usedOnlyByTail = [&](Operation *o) {
      return llvm::all_of(o->getUsers(), [&](Operation *user) {
        Operation *ancestor = body->findAncestorOpInBlock(*user);
        return ancestor && tail.contains(ancestor);
      });
    };
    if (auto store = dyn_cast<LocalStoreOp>(op)) {
      auto alloc = store.getBuffer().getDefiningOp<AllocSharedOp>();
      if (!alloc || alloc->getBlock() != body)
        return false;
      // Every reader of the buffer is in the tail.
      return llvm::all_of(alloc->getUsers(), [&](Operation *user) {
        return isa<LocalStoreOp>(user) || tail.contains(user);
      });
    }
    if (auto load = dyn_cast<cuda_tile::LoadViewTkoOp>(op))
      return load.getMemoryOrderingSemantics() ==
                 cuda_tile::MemoryOrderingSemantics::Weak &&
             load->getResult(1).use_empty() && usedOnlyByTail(op);
    if (isa<AllocSharedOp, SubviewOp, cuda_tile::BroadcastOp,
            cuda_tile::ReshapeOp, PermuteSharedOp, cuda_tile::ConstantOp>(op))
      return usedOnlyByTail(op);
    return false;
  }

  bool match(std::string &why) {
    SmallVector<WarpGroupDotOp> products;
    bool nested = false;
    body->walk([&](WarpGroupDotOp dot) {
      products.push_back(dot);
      nested |= dot->getBlock() != body;
    });
    if (products.size() != 2)
      return false; // Nothing to say: the pattern needs two products.
    if (nested) {
      why = "a product is nested in the loop body";
      return false;
    }
    first = products[0];
    second = products[1];
    auto yield = dyn_cast<cuda_tile::ContinueOp>(body->getTerminator());
    if (!yield || leavesEarly(loop, /*orReturns=*/true)) {
      why = "the loop leaves its body early";
      return false;
    }
    if (writesGlobalMemory(loop)) {
      why = "the loop writes global memory";
      return false;
    }
    // The second product accumulates into a carried value only it uses,
    // and its result is that value's next iterate.
    Value result = second.getResult();
    if (!result.hasOneUse() || *result.getUsers().begin() != yield) {
      why = "the second product's result is used in the iteration";
      return false;
    }
    accIndex = result.getUses().begin()->getOperandNumber();
    Value accArg = body->getArgument(accIndex + 1);
    Value acc = second.getAcc();
    if (auto mul = acc.getDefiningOp<cuda_tile::MulFOp>();
        mul && mul->getBlock() == body && acc.hasOneUse() &&
        (mul.getLhs() == accArg || mul.getRhs() == accArg))
      rescale = mul;
    bool onlyUse =
        accArg.hasOneUse() &&
        (rescale ? *accArg.getUsers().begin() == rescale.getOperation()
                 : acc == accArg);
    if (!onlyUse) {
      why = "the second product's accumulator is read elsewhere";
      return false;
    }
    if (!isa<cuda_tile::TileType>(second.getLhs().getType())) {
      why = "the second product's A operand is in shared memory";
      return false;
    }
    // The second product must consume the first's result (attention);
    // otherwise nothing waits for it and there is nothing to overlap.
    llvm::SetVector<Operation *> feeding;
    SmallVector<Value> work{second.getLhs()};
    while (!work.empty()) {
      Operation *def = work.pop_back_val().getDefiningOp();
      if (!def || def->getBlock() != body || !feeding.insert(def))
        continue;
      llvm::append_range(work, def->getOperands());
    }
    if (!feeding.contains(first.getOperation())) {
      why = "the second product does not consume the first's result";
      return false;
    }

    // The tail: the second product and what only it uses.
    tail.insert(second.getOperation());
    if (rescale)
      tail.insert(rescale.getOperation());
    for (bool changed = true; changed;) {
      changed = false;
      for (Operation &op : llvm::reverse(body->without_terminator()))
        if (!tail.contains(&op) && canJoinTail(&op)) {
          tail.insert(&op);
          changed = true;
        }
    }
    ordered.assign(tail.begin(), tail.end());
    llvm::sort(ordered, [](Operation *x, Operation *y) {
      return x->isBeforeInBlock(y);
    });
    if (tail.contains(first.getOperation())) {
      why = "the products share their operands";
      return false;
    }
    // What the tail takes from the rest of the body travels to the next
    // iteration; the induction variable and the accumulator are mapped.
    Value iv = loop.getInductionVar();
    for (Operation *op : tail)
      for (Value v : op->getOperands()) {
        if (v == iv || v == accArg)
          continue;
        if (auto arg = dyn_cast<BlockArgument>(v)) {
          if (arg.getOwner() == body)
            crossing.insert(v);
          continue;
        }
        Operation *def = v.getDefiningOp();
        if (!def || def->getBlock() != body || tail.contains(def))
          continue;
        // Constants are cloned where the tail goes, not carried.
        if (isa<cuda_tile::ConstantOp>(def))
          constants.insert(def);
        else
          crossing.insert(v);
      }
    for (Value v : crossing)
      if (!isa<cuda_tile::TileType>(v.getType()) ||
          !cast<cuda_tile::TileType>(v.getType())
               .getElementType()
               .isIntOrFloat()) {
        why = "a value the second product needs is not a tile of numbers";
        return false;
      }
    // Live across the softmax once rotated: the accumulator, S, the new P
    // and everything carried (the old P among it).
    int64_t live = registersPerThread(second.getAcc().getType(), warps) +
                   registersPerThread(first.getResult().getType(), warps) +
                   registersPerThread(second.getLhs().getType(), warps);
    for (Value v : crossing)
      live += registersPerThread(v.getType(), warps);
    if (live > kMaxLiveRegisters) {
      why = llvm::formatv("a thread would hold about {0} registers of tiles "
                          "across the first product's consumers (at most "
                          "{1})",
                          live, kMaxLiveRegisters)
                .str();
      return false;
    }
    return true;
  }

  void rewrite() {
    Location loc = loop.getLoc();
    OpBuilder b(loop);
    Value lb = loop.getLowerBound(), ub = loop.getUpperBound(),
          step = loop.getStep();
    Value iv = loop.getInductionVar();
    auto yield = cast<cuda_tile::ContinueOp>(body->getTerminator());
    unsigned numIters = loop.getInitValues().size();
    auto signedness = loop.getUnsignedCmp() ? cuda_tile::Signedness::Unsigned
                                            : cuda_tile::Signedness::Signed;
    Value entered = cuda_tile::CmpIOp::create(
        b, loc, cuda_tile::ComparisonPredicate::LessThan, lb, ub, signedness);

    // Prologue: A of the first iteration.
    SmallVector<Type> proTypes;
    for (unsigned i = 0; i < numIters; ++i)
      if (i != accIndex)
        proTypes.push_back(loop.getInitValues()[i].getType());
    for (Value v : crossing)
      proTypes.push_back(v.getType());
    auto prologue =
        cuda_tile::IfOp::create(b, loc, proTypes, entered, /*withElse=*/true);
    {
      OpBuilder pb = OpBuilder::atBlockEnd(prologue.getThenBlock());
      IRMapping map;
      map.map(iv, lb);
      for (unsigned i = 0; i < numIters; ++i)
        map.map(body->getArgument(i + 1), loop.getInitValues()[i]);
      for (Operation &op : body->without_terminator())
        if (!tail.contains(&op))
          pb.clone(op, map);
      SmallVector<Value> results;
      for (unsigned i = 0; i < numIters; ++i)
        if (i != accIndex)
          results.push_back(map.lookupOrDefault(yield->getOperand(i)));
      for (Value v : crossing)
        results.push_back(map.lookupOrDefault(v));
      cuda_tile::YieldOp::create(pb, loc, results);
      OpBuilder eb = OpBuilder::atBlockEnd(prologue.getElseBlock());
      SmallVector<Value> skipped;
      for (unsigned i = 0; i < numIters; ++i)
        if (i != accIndex)
          skipped.push_back(loop.getInitValues()[i]);
      for (Value v : crossing)
        skipped.push_back(createZero(eb, loc, v.getType()));
      cuda_tile::YieldOp::create(eb, loc, skipped);
    }

    // The loop from the second iteration (none if not entered).
    Value next = cuda_tile::AddIOp::create(b, loc, lb, step);
    Value start =
        cuda_tile::SelectOp::create(b, loc, lb.getType(), entered, next, ub);
    SmallVector<Value> inits;
    {
      unsigned p = 0;
      for (unsigned i = 0; i < numIters; ++i)
        inits.push_back(i == accIndex ? loop.getInitValues()[i]
                                      : prologue.getResult(p++));
      for (size_t c = 0; c < crossing.size(); ++c)
        inits.push_back(prologue.getResult(p++));
      inits.push_back(lb); // The induction variable of the last iteration.
    }
    auto newLoop = cuda_tile::ForOp::create(b, loc, start, ub, step, inits,
                                            loop.getUnsignedCmp());
    // The pipeliner's read and write stages keep their places; the read
    // stage of the iteration before, carried for B, differs from both (the
    // copies run one stage less ahead in a marked loop).
    if (auto distinct =
            loop->getAttrOfType<DenseI64ArrayAttr>(kDistinctStagesAttrName)) {
      SmallVector<int64_t> indices(distinct.asArrayRef());
      for (auto [c, v] : llvm::enumerate(crossing))
        if (auto arg = dyn_cast<BlockArgument>(v);
            arg && llvm::is_contained(distinct.asArrayRef(),
                                      int64_t(arg.getArgNumber()) - 1))
          indices.push_back(numIters + c);
      newLoop->setAttr(kDistinctStagesAttrName,
                       b.getDenseI64ArrayAttr(indices));
    }
    Block *newBody = newLoop.getBody();
    {
      OpBuilder lb2 = OpBuilder::atBlockBegin(newBody);
      Value newIv = newLoop.getInductionVar();
      IRMapping aMap, bMap;
      aMap.map(iv, newIv);
      for (unsigned i = 0; i < numIters; ++i)
        aMap.map(body->getArgument(i + 1), newBody->getArgument(i + 1));
      Value previousIv = cuda_tile::SubIOp::create(lb2, loc, newIv, step);
      bMap.map(iv, previousIv);
      bMap.map(body->getArgument(accIndex + 1),
               newBody->getArgument(accIndex + 1));
      for (auto [c, v] : llvm::enumerate(crossing))
        bMap.map(v, newBody->getArgument(numIters + 1 + c));
      WarpGroupDotOp secondClone;
      for (Operation &op : body->without_terminator()) {
        if (tail.contains(&op))
          continue;
        Operation *clone = lb2.clone(op, aMap);
        if (&op != first.getOperation())
          continue;
        auto firstClone = cast<WarpGroupDotOp>(clone);
        firstClone.setIsAsync(true);
        // B of the previous iteration, issued behind the first product.
        for (Operation *c : constants)
          lb2.clone(*c, bMap);
        for (Operation *t : ordered) {
          Operation *tc = lb2.clone(*t, bMap);
          if (t == second.getOperation())
            secondClone = cast<WarpGroupDotOp>(tc);
        }
        secondClone.setIsAsync(true);
        auto ready = WarpGroupDotWaitOp::create(
            lb2, first.getLoc(), TypeRange{firstClone.getType()},
            ValueRange{firstClone.getResult()}, 1);
        aMap.map(first.getResult(), ready.getResult(0));
      }
      // The accumulator is done before the next iteration rescales it.
      // The register operand the product reads is tied to the wait, so
      // nothing overwrites it while the product runs, and so are the values
      // carried to the next iteration (the new P among them), so LLVM keeps
      // the wait after the work that computes them; `late` keeps ptxas from
      // scheduling it earlier (it did, above most of the softmax, and the
      // overlap was lost).
      SmallVector<Value> waited{secondClone.getResult(), secondClone.getLhs()};
      for (Value v : crossing)
        waited.push_back(aMap.lookupOrDefault(v));
      auto done = WarpGroupDotWaitOp::create(
          lb2, second.getLoc(), ValueRange(waited).getTypes(), waited, 0,
          /*late=*/true);
      SmallVector<Value> results;
      for (unsigned i = 0; i < numIters; ++i)
        results.push_back(i == accIndex
                              ? done.getResult(0)
                              : aMap.lookupOrDefault(yield->getOperand(i)));
      for (size_t c = 0; c < crossing.size(); ++c)
        results.push_back(done.getResult(2 + c));
      results.push_back(newIv);
      cuda_tile::ContinueOp::create(lb2, loc, results);
    }

    // Epilogue: B of the last iteration.
    b.setInsertionPointAfter(newLoop);
    Value accOut = newLoop.getResult(accIndex);
    auto epilogue = cuda_tile::IfOp::create(b, loc, TypeRange{accOut.getType()},
                                            entered, /*withElse=*/true);
    {
      OpBuilder eb = OpBuilder::atBlockEnd(epilogue.getThenBlock());
      IRMapping map;
      map.map(iv, newLoop.getResult(numIters + crossing.size()));
      map.map(body->getArgument(accIndex + 1), accOut);
      for (auto [c, v] : llvm::enumerate(crossing))
        map.map(v, newLoop.getResult(numIters + c));
      for (Operation *c : constants)
        eb.clone(*c, map);
      for (Operation *t : ordered)
        eb.clone(*t, map);
      cuda_tile::YieldOp::create(eb, loc, map.lookup(second.getResult()));
      OpBuilder sb = OpBuilder::atBlockEnd(epilogue.getElseBlock());
      cuda_tile::YieldOp::create(sb, loc, accOut);
    }
    for (unsigned i = 0; i < numIters; ++i)
      loop->getResult(i).replaceAllUsesWith(
          i == accIndex ? epilogue.getResult(0) : newLoop.getResult(i));
    loop->erase();
  }

  cuda_tile::ForOp loop;
  Block *body;
  int64_t warps;
  WarpGroupDotOp first, second;
  cuda_tile::MulFOp rescale;
  unsigned accIndex = 0;
  /// B, and B in the body's order.
  llvm::SetVector<Operation *> tail;
  SmallVector<Operation *> ordered;
  /// Constants of A that B uses too.
  llvm::SetVector<Operation *> constants;
  /// Values B takes from A, carried from one iteration to the next.
  llvm::SetVector<Value> crossing;
};

struct OverlapProductsPass
    : public tilegpu::impl::TileIROverlapProductsPassBase<OverlapProductsPass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation()->walk([&](cuda_tile::EntryOp entry) {
      int64_t warps = getComputeWarps(entry);
      SmallVector<cuda_tile::ForOp> loops;
      entry.walk([&](cuda_tile::ForOp loop) { loops.push_back(loop); });
      for (cuda_tile::ForOp loop : loops)
        ProductRotation(loop, warps).run(rotate);
    });
  }
};

} // namespace
