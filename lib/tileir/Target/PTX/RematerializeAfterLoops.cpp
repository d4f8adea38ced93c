//===- RematerializeAfterLoops.cpp - Recompute values after loops ---------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A kernel computes its store addresses from the thread and block indices,
// and LLVM shares them with the load addresses computed before the main
// loop: the value then holds a register through the whole loop although the
// loop never reads it. In a kernel that needs every register in its loop
// (attention on the mma.sync targets), ptxas spills such a value rather
// than compute it again. This pass computes it again: for each outermost
// loop with one exit block, each value defined before the loop, not used in
// it, and used after it, whose computation is a small tree of integer
// arithmetic over constants, kernel arguments, thread and block indices and
// values the loop keeps live anyway, gets a copy of that tree at the top of
// the exit block, and the uses the exit block dominates take the copy.
// Asked to, it also computes again, for their uses after the loop, values
// the loop reads: LLVM's code generation reassociates the loop's uses
// (`t | (c | 8)` becomes `(t | c) | 8`), so a value the IR loop reads may be
// one that the machine loop does not keep at all.
//
// ptxas may still merge the copy with the original, or allocate the rest
// of the kernel differently, so the driver runs this pass only in a second
// emission of a kernel that spilled a little, and keeps whichever cubin
// spills less (tileir::compileModule).
//
//===----------------------------------------------------------------------===//

#include "tileir/Target/PTX/RematerializeAfterLoops.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/Local.h"

#include <algorithm>
#include <optional>

using namespace llvm;

namespace {

/// The most instructions one value's copy may take.
constexpr unsigned kMaxTreeSize = 32;

/// Whether `call` reads an index register that keeps its value for the
/// whole kernel (thread, block and lane indices and their extents).
bool readsFixedIndex(const CallInst &call) {
  const Function *callee = call.getCalledFunction();
  if (!callee || !callee->isIntrinsic())
    return false;
  StringRef name = callee->getName();
  if (!name.consume_front("llvm.nvvm.read.ptx.sreg."))
    return false;
  return name.starts_with("tid.") || name.starts_with("ntid.") ||
         name.starts_with("ctaid.") || name.starts_with("nctaid.") ||
         name == "laneid";
}

/// Whether `inst` may be computed again anywhere its operands are
/// available: no memory, no side effect, no trap, and cheap.
bool isCheapAndPure(const Instruction &inst) {
  if (auto *call = dyn_cast<CallInst>(&inst))
    return readsFixedIndex(*call);
  if (auto *binary = dyn_cast<BinaryOperator>(&inst))
    return binary->getType()->isIntegerTy() && !binary->isIntDivRem();
  if (auto *cast = dyn_cast<CastInst>(&inst))
    return cast->getSrcTy()->isIntegerTy() && cast->getDestTy()->isIntegerTy();
  if (isa<GetElementPtrInst>(inst))
    return true;
  return isa<ICmpInst, SelectInst>(inst) &&
         inst.getType()->isIntOrIntVectorTy();
}

class Rematerializer {
public:
  Rematerializer(Loop &loop, DominatorTree &dominance, Instruction *point,
                 bool recomputeLoopReads)
      : loop(loop), dominance(dominance), point(point),
        recomputeLoopReads(recomputeLoopReads) {}

  /// The number of instructions a copy of the tree behind `inst` before
  /// `point` takes, or nothing when it is not copied. A value the loop
  /// keeps is read where it is if it reaches `point` (it may not: defined
  /// on the path into the loop that bypasses the exit), unless
  /// `recomputeLoopReads` asks to compute it again like the rest from the
  /// index registers, kernel arguments and constants where it can.
  /// `depth` counts the instructions above `inst` in the tree asked for:
  /// as many as fit are looked at, so a long chain ends the search early
  /// (and is then not copied from anywhere).
  std::optional<unsigned> getCopySize(Instruction *inst, unsigned depth = 0) {
    auto known = copySizes.find(inst);
    if (known != copySizes.end())
      return known->second;
    std::optional<unsigned> size;
    if (depth < kMaxTreeSize && !loop.contains(inst->getParent()) &&
        isCheapAndPure(*inst) &&
        (recomputeLoopReads || !isReadable(*inst))) {
      unsigned total = 1;
      for (Value *operand : inst->operands()) {
        auto *operandInst = dyn_cast<Instruction>(operand);
        if (!operandInst)
          continue;
        if (std::optional<unsigned> operandSize =
                getCopySize(operandInst, depth + 1))
          total += *operandSize;
        else if (!isReadable(*operandInst))
          total = kMaxTreeSize + 1;
        if (total > kMaxTreeSize)
          break;
      }
      if (total <= kMaxTreeSize)
        size = total;
    }
    copySizes[inst] = size;
    return size;
  }

  /// A copy of the tree behind `value` before `point`.
  Value *copy(Value *value) {
    auto *inst = dyn_cast<Instruction>(value);
    if (!inst || !getCopySize(inst))
      return value;
    if (Value *done = copies.lookup(inst))
      return done;
    Instruction *clone = nullptr;
    if (auto *call = dyn_cast<CallInst>(inst)) {
      // The index read again as inline assembly: code generation would
      // otherwise merge the copy with the read before the loop (its value
      // numbering ignores how long that keeps a register).
      StringRef name = call->getCalledFunction()->getName();
      name.consume_front("llvm.nvvm.read.ptx.sreg.");
      std::string asmText = ("mov.u32 $0, %" + name + ";").str();
      auto *asmType = FunctionType::get(call->getType(), false);
      InlineAsm *read = InlineAsm::get(asmType, asmText, "=r",
                                       /*hasSideEffects=*/true);
      clone = CallInst::Create(asmType, read);
    } else {
      clone = inst->clone();
      for (Use &operand : clone->operands())
        operand.set(copy(operand.get()));
    }
    clone->insertBefore(point->getIterator());
    clone->setName(inst->getName() + ".after");
    copies[inst] = clone;
    return clone;
  }

  /// Whether `inst` may be read at `point` as it is: the loop keeps it
  /// anyway, and it reaches `point`.
  bool isReadable(Instruction &inst) const {
    return isLiveInLoop(inst) && dominance.dominates(&inst, point);
  }

  /// Whether `inst` holds a register through the loop anyway: it is
  /// defined in the loop or used there.
  bool isLiveInLoop(const Instruction &inst) const {
    if (loop.contains(inst.getParent()))
      return true;
    return llvm::any_of(inst.users(), [&](const User *user) {
      auto *userInst = dyn_cast<Instruction>(user);
      return userInst && loop.contains(userInst->getParent());
    });
  }

  /// Copies the values used after the loop into `exit`; returns whether
  /// anything changed.
  bool run(BasicBlock &exit) {
    BasicBlock *header = loop.getHeader();
    SmallVector<Instruction *> roots;
    for (BasicBlock *block : getDominatorsOf(header))
      for (Instruction &inst : *block)
        if ((recomputeLoopReads || !isLiveInLoop(inst)) &&
            llvm::any_of(inst.uses(),
                         [&](Use &use) { return isAfterLoop(use, exit); }) &&
            getCopySize(&inst))
          roots.push_back(&inst);
    // One copy of each instruction serves every root: all go to one point.
    SmallVector<WeakTrackingVH> originals;
    for (Instruction *root : roots) {
      Value *replacement = copy(root);
      root->replaceUsesWithIf(replacement,
                              [&](Use &use) { return isAfterLoop(use, exit); });
      originals.push_back(root);
    }
    // Roots may be each other's operands: delete only once all are done.
    for (WeakTrackingVH &handle : originals)
      if (auto *inst = dyn_cast_or_null<Instruction>(handle))
        RecursivelyDeleteTriviallyDeadInstructions(inst);
    return !roots.empty();
  }

private:
  /// The blocks that strictly dominate `block`, nearest last.
  SmallVector<BasicBlock *> getDominatorsOf(BasicBlock *block) const {
    SmallVector<BasicBlock *> blocks;
    for (DomTreeNode *node = dominance.getNode(block)->getIDom(); node;
         node = node->getIDom())
      blocks.push_back(node->getBlock());
    std::reverse(blocks.begin(), blocks.end());
    return blocks;
  }

  /// Whether `use` comes after the loop, where a copy at the top of `exit`
  /// reaches it.
  bool isAfterLoop(Use &use, BasicBlock &exit) const {
    auto *user = dyn_cast<Instruction>(use.getUser());
    if (!user)
      return false;
    BasicBlock *block = user->getParent();
    if (auto *phi = dyn_cast<PHINode>(user))
      block = phi->getIncomingBlock(use);
    else if (block == &exit)
      return true; // After the copy, which heads the block.
    return !loop.contains(block) && dominance.dominates(&exit, block);
  }

  Loop &loop;
  DominatorTree &dominance;
  /// Where the copies go: the top of the loop's exit block.
  Instruction *point;
  bool recomputeLoopReads;
  /// getCopySize's answers.
  DenseMap<Instruction *, std::optional<unsigned>> copySizes;
  /// The copies made, by original.
  DenseMap<Value *, Value *> copies;
};

} // namespace

PreservedAnalyses
tileir::RematerializeAfterLoopsPass::run(Function &function,
                                         FunctionAnalysisManager &analyses) {
  if (function.isDeclaration())
    return PreservedAnalyses::all();
  auto &loops = analyses.getResult<LoopAnalysis>(function);
  auto &dominance = analyses.getResult<DominatorTreeAnalysis>(function);
  bool changed = false;
  for (Loop *loop : loops.getTopLevelLoops()) {
    // The copies run once: not in a block of another loop (the header of
    // one that follows at once, say).
    BasicBlock *exit = loop->getUniqueExitBlock();
    if (exit && !exit->isEHPad() && !loops.getLoopFor(exit))
      changed |= Rematerializer(*loop, dominance,
                                &*exit->getFirstInsertionPt(),
                                recomputeLoopReads)
                     .run(*exit);
  }
  if (!changed)
    return PreservedAnalyses::all();
  PreservedAnalyses preserved;
  preserved.preserveSet<CFGAnalyses>();
  return preserved;
}
