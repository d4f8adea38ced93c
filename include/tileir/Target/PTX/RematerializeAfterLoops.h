//===- RematerializeAfterLoops.h - Recompute values after loops -*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_TARGET_PTX_REMATERIALIZEAFTERLOOPS_H
#define TILEIR_TARGET_PTX_REMATERIALIZEAFTERLOOPS_H

#include "llvm/IR/PassManager.h"

namespace tileir {

/// Recomputes after a loop the cheap values (thread and block indices, kernel
/// arguments, constants, and integer arithmetic on them) that are computed
/// before it, used after it and not in it, so that they do not hold a
/// register through the loop: a kernel's store addresses, say, which LLVM
/// shares with the loads before its main loop. Runs after the optimization
/// pipeline, which would share them again.
///
/// With `recomputeLoopReads`, values the loop reads are computed again for
/// their uses after it too, from the index registers up: code generation
/// reassociates the loop's uses (`t | (c | 8)` becomes `(t | c) | 8`), so a
/// value the IR loop reads may be one the machine loop does not keep.
struct RematerializeAfterLoopsPass
    : public llvm::PassInfoMixin<RematerializeAfterLoopsPass> {
  explicit RematerializeAfterLoopsPass(bool recomputeLoopReads = false)
      : recomputeLoopReads(recomputeLoopReads) {}
  llvm::PreservedAnalyses run(llvm::Function &function,
                              llvm::FunctionAnalysisManager &analyses);

private:
  bool recomputeLoopReads;
};

} // namespace tileir

#endif // TILEIR_TARGET_PTX_REMATERIALIZEAFTERLOOPS_H
