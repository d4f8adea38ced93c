//===- RematerializeAfterLoopsTest.cpp - Values recomputed after loops ----===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Target/PTX/RematerializeAfterLoops.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace llvm;

namespace {

/// A kernel whose loop does not read `%row`; `%row` (thread index
/// arithmetic) and `%loaded` (a load) are used only after the loop,
/// `%both` in it and after it.
constexpr const char *kKernel = R"(
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define void @kernel(ptr %out, ptr %in, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %scaled = shl i32 %tid, 2
  %row = or i32 %scaled, 1
  %both = add i32 %tid, 7
  %loaded = load i32, ptr %in
  %enter = icmp sgt i32 %n, 0
  br i1 %enter, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %sum, %loop ]
  %sum = add i32 %acc, %both
  %next = add i32 %i, 1
  %done = icmp eq i32 %next, %n
  br i1 %done, label %exit, label %loop

exit:
  %result = phi i32 [ 0, %entry ], [ %sum, %loop ]
  %total = add i32 %result, %loaded
  %last = add i32 %total, %both
  %at = getelementptr i32, ptr %out, i32 %row
  store i32 %last, ptr %at
  ret void
}
)";

/// Two loops in a row: the first exits straight into the second's header,
/// where a copy would run every iteration of the second loop.
constexpr const char *kTwoLoops = R"(
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define void @kernel(ptr %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %row = shl i32 %tid, 3
  br label %first

first:
  %i = phi i32 [ 0, %entry ], [ %inext, %first ]
  %inext = add i32 %i, 1
  %idone = icmp eq i32 %inext, %n
  br i1 %idone, label %second, label %first

second:
  %j = phi i32 [ 0, %first ], [ %jnext, %second ]
  %jnext = add i32 %j, 1
  %jdone = icmp eq i32 %jnext, %n
  br i1 %jdone, label %exit, label %second

exit:
  %at = getelementptr i32, ptr %out, i32 %row
  store i32 %jnext, ptr %at
  ret void
}
)";

struct RematerializeAfterLoopsTest : public ::testing::Test {
  void run(const char *kernel = kKernel, bool recomputeLoopReads = false) {
    SMDiagnostic error;
    module = parseAssemblyString(kernel, error, context);
    ASSERT_TRUE(module) << error.getMessage().str();
    FunctionAnalysisManager analyses;
    PassBuilder builder;
    builder.registerFunctionAnalyses(analyses);
    function = module->getFunction("kernel");
    tileir::RematerializeAfterLoopsPass(recomputeLoopReads)
        .run(*function, analyses);
    ASSERT_FALSE(verifyModule(*module, &errs()));
  }

  BasicBlock *getBlock(StringRef name) {
    for (BasicBlock &block : *function)
      if (block.getName() == name)
        return &block;
    return nullptr;
  }

  Instruction *getInstruction(StringRef name) {
    for (Instruction &inst : instructions(*function))
      if (inst.getName() == name)
        return &inst;
    return nullptr;
  }

  LLVMContext context;
  std::unique_ptr<Module> module;
  Function *function = nullptr;
};

TEST_F(RematerializeAfterLoopsTest, RecomputesIndexArithmeticAfterTheLoop) {
  run();
  auto *at = cast<GetElementPtrInst>(getInstruction("at"));
  auto *row = dyn_cast<Instruction>(at->getOperand(1));
  ASSERT_TRUE(row);
  EXPECT_EQ(row->getParent(), getBlock("exit"));
  // The thread index is read again in the exit block, as inline assembly
  // that code generation does not merge with the read before the loop.
  bool readsAgain = false;
  for (Instruction &inst : *getBlock("exit"))
    if (auto *call = dyn_cast<CallInst>(&inst))
      readsAgain |= call->isInlineAsm() &&
                    cast<InlineAsm>(call->getCalledOperand())
                            ->getAsmString() == "mov.u32 $0, %tid.x;";
  EXPECT_TRUE(readsAgain);
  // Nothing uses the original any more.
  EXPECT_EQ(getInstruction("row"), nullptr);
}

TEST_F(RematerializeAfterLoopsTest, LeavesValuesTheLoopKeepsAndLoads) {
  run();
  // %both is live in the loop anyway; %loaded reads memory.
  auto *last = getInstruction("last");
  EXPECT_EQ(last->getOperand(1), getInstruction("both"));
  auto *total = getInstruction("total");
  EXPECT_EQ(total->getOperand(1), getInstruction("loaded"));
  EXPECT_EQ(getInstruction("both")->getParent(), getBlock("entry"));
}

TEST_F(RematerializeAfterLoopsTest, RecomputesWhatTheLoopReadsButNotLoads) {
  run(kKernel, /*recomputeLoopReads=*/true);
  // %both is read in the loop, but code generation may reassociate that
  // use away: its use after the loop takes a copy computed from the thread
  // index read again, and the loop keeps the original.
  auto *last = getInstruction("last");
  auto *both = dyn_cast<Instruction>(last->getOperand(1));
  ASSERT_TRUE(both);
  EXPECT_NE(both, getInstruction("both"));
  EXPECT_EQ(both->getParent(), getBlock("exit"));
  auto *sum = getInstruction("sum");
  EXPECT_EQ(sum->getOperand(1), getInstruction("both"));
  EXPECT_EQ(getInstruction("both")->getParent(), getBlock("entry"));
  // %loaded reads memory: never copied.
  auto *total = getInstruction("total");
  EXPECT_EQ(total->getOperand(1), getInstruction("loaded"));
}

TEST_F(RematerializeAfterLoopsTest, NeverCopiesIntoAnotherLoop) {
  run(kTwoLoops);
  // Nothing goes into the second loop's header; the second loop's own exit
  // gets the copy.
  for (Instruction &inst : *getBlock("second"))
    EXPECT_FALSE(inst.getName().ends_with(".after")) << inst.getName().str();
  auto *at = cast<GetElementPtrInst>(getInstruction("at"));
  auto *row = dyn_cast<Instruction>(at->getOperand(1));
  ASSERT_TRUE(row);
  EXPECT_EQ(row->getParent(), getBlock("exit"));
}

} // namespace
