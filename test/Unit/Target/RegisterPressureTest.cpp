//===- RegisterPressureTest.cpp - Registers an LLVM function keeps live ---===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Target/PTX/RegisterPressure.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace llvm;

namespace {

unsigned estimate(const char *ir) {
  LLVMContext context;
  SMDiagnostic error;
  std::unique_ptr<Module> module = parseAssemblyString(ir, error, context);
  EXPECT_TRUE(module) << error.getMessage().str();
  if (!module)
    return 0;
  return tileir::estimateRegisterPressure(*module->getFunction("f"));
}

// Four floats live at once before the first add; a pointer argument takes
// two registers until the store.
TEST(RegisterPressure, StraightLine) {
  EXPECT_EQ(estimate(R"(
define void @f(ptr %out, float %a, float %b, float %c, float %d) {
  %ab = fadd float %a, %b
  %abc = fadd float %ab, %c
  %all = fadd float %abc, %d
  store float %all, ptr %out
  ret void
}
)"),
            6u);
}

// Widths: a double takes two registers, <2 x half> one, a shared-memory
// pointer one, an i1 none (a predicate register).
TEST(RegisterPressure, Widths) {
  EXPECT_EQ(estimate(R"(
define void @f(ptr addrspace(3) %out, double %x, <2 x half> %h, i1 %p) {
  %y = select i1 %p, double %x, double 0.0
  %e = extractelement <2 x half> %h, i32 0
  %w = fpext half %e to double
  %z = fadd double %y, %w
  store double %z, ptr addrspace(3) %out
  ret void
}
)"),
            5u);
}

// A value used only after a loop (%keep) is live through it, beside the
// loop's counter, its bound and its accumulator: four, where the loop alone
// needs three.
TEST(RegisterPressure, LiveThroughLoop) {
  EXPECT_EQ(estimate(R"(
define i32 @f(i32 %n, i32 %keep) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %sum, %loop ]
  %sum = add i32 %acc, %i
  %next = add i32 %i, 1
  %done = icmp eq i32 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  %r = add i32 %sum, %keep
  ret i32 %r
}
)"),
            4u);
}

} // namespace
