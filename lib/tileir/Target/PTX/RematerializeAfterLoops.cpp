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
  Rematerializer(Loop &loop, DominatorTree &dominance)
      : loop(loop), dominance(dominance) {}

  /// Whether the tree behind `value` may be copied before `point`
  /// (counting its instructions into `size`): what it reads of the loop's
  /// live values must be available there.
  bool isCopyable(Value *value, Instruction *point, unsigned &size) {
    auto *inst = dyn_cast<Instruction>(value);
    if (!inst)
      return true;
    // A value the loop keeps is read where it is, if it reaches `point`
    // (it may not: defined on the path into the loop that bypasses the
    // exit); otherwise it is computed again like the rest.
    if (isLiveInLoop(*inst) && dominance.dominates(inst, point))
      return true;
    if (loop.contains(inst->getParent()) || !isCheapAndPure(*inst) ||
        ++size > kMaxTreeSize)
      return false;
    return llvm::all_of(inst->operands(), [&](Value *operand) {
      return isCopyable(operand, point, size);
    });
  }

  /// A copy of the tree behind `value` before `point`.
  Value *copy(Value *value, Instruction *point,
              DenseMap<Value *, Value *> &copies) {
    auto *inst = dyn_cast<Instruction>(value);
    if (!inst || (isLiveInLoop(*inst) && dominance.dominates(inst, point)))
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
        operand.set(copy(operand.get(), point, copies));
    }
    clone->insertBefore(point->getIterator());
    clone->setName(inst->getName() + ".after");
    copies[inst] = clone;
    return clone;
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

  /// Copies the values live across the loop into `exit`; returns whether
  /// anything changed.
  bool run(BasicBlock &exit) {
    BasicBlock *header = loop.getHeader();
    Instruction *point = &*exit.getFirstInsertionPt();
    SmallVector<Instruction *> roots;
    for (BasicBlock *block : getDominatorsOf(header))
      for (Instruction &inst : *block) {
        if (!isLiveInLoop(inst) && isCheapAndPure(inst) &&
            llvm::any_of(inst.uses(),
                         [&](Use &use) { return isAfterLoop(use, exit); })) {
          unsigned size = 0;
          if (isCopyable(&inst, point, size))
            roots.push_back(&inst);
        }
      }
    // One copy of each instruction serves every root: all go to one point.
    DenseMap<Value *, Value *> copies;
    SmallVector<WeakTrackingVH> originals;
    for (Instruction *root : roots) {
      Value *replacement = copy(root, point, copies);
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
      changed |= Rematerializer(*loop, dominance).run(*exit);
  }
  if (!changed)
    return PreservedAnalyses::all();
  PreservedAnalyses preserved;
  preserved.preserveSet<CFGAnalyses>();
  return preserved;
}
