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
struct RematerializeAfterLoopsPass
    : public llvm::PassInfoMixin<RematerializeAfterLoopsPass> {
  llvm::PreservedAnalyses run(llvm::Function &function,
                              llvm::FunctionAnalysisManager &analyses);
};

} // namespace tileir

#endif // TILEIR_TARGET_PTX_REMATERIALIZEAFTERLOOPS_H
