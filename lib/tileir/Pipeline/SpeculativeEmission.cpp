//===- SpeculativeEmission.cpp - A second PTX assembled beside the first --===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Pipeline/SpeculativeEmission.h"

#include "tileir/Target/PTX/RegisterPressure.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"

#include <algorithm>

using namespace tileir;

/// The integer value of string attribute `name` of `function` (its first
/// comma-separated field), if any.
static std::optional<unsigned> getIntAttribute(const llvm::Function &function,
                                               llvm::StringRef name) {
  llvm::Attribute attr = function.getFnAttribute(name);
  if (!attr.isStringAttribute())
    return std::nullopt;
  unsigned value = 0;
  llvm::StringRef text = attr.getValueAsString();
  if (text.split(',').first.trim().getAsInteger(10, value))
    return std::nullopt;
  return value;
}

std::optional<RegisterBoundKernel>
tileir::findRegisterBoundKernel(const llvm::Module &module) {
  for (const llvm::Function &function : module) {
    if (function.isDeclaration() ||
        function.getCallingConv() != llvm::CallingConv::PTX_Kernel)
      continue;
    unsigned limit = 255;
    if (std::optional<unsigned> maxnreg =
            getIntAttribute(function, "nvvm.maxnreg"))
      limit = std::min(limit, *maxnreg);
    // The block's threads share the SM's 64K registers.
    llvm::Attribute reqntid = function.getFnAttribute("nvvm.reqntid");
    if (reqntid.isStringAttribute()) {
      unsigned threads = 1;
      llvm::SmallVector<llvm::StringRef> dims;
      reqntid.getValueAsString().split(dims, ',');
      for (llvm::StringRef dim : dims) {
        unsigned n = 0;
        if (!dim.trim().getAsInteger(10, n) && n > 0)
          threads *= n;
      }
      if (threads > 0)
        limit = std::min(limit, 65536 / threads);
    }
    unsigned estimate = estimateRegisterPressure(function);
    if (estimate >= limit)
      return RegisterBoundKernel{function.getName().str(), estimate, limit};
  }
  return std::nullopt;
}

SpeculativeEmission::SpeculativeEmission(llvm::StringRef bitcode,
                                         const GPUTarget &target,
                                         PTXEmitOptions options) {
  // The thread shares only `bitcode` (read until the join) and `ptx`
  // (written once, read after the join).
  thread = std::thread([this, bitcode, &target, options] {
    ptx.emplace(emitPTXFromOptimized(bitcode, target, options,
                                     /*onlyIfRematerialized=*/true));
  });
}

SpeculativeEmission::~SpeculativeEmission() {
  if (thread.joinable())
    thread.join();
  // A job still running is killed as it goes.
  job.reset();
  if (ptx && !*ptx)
    llvm::consumeError(ptx->takeError());
}

bool SpeculativeEmission::startAssembly(llvm::StringRef firstPTX,
                                        const PtxasOptions &options) {
  if (thread.joinable())
    thread.join();
  if (!ptx || !*ptx || (*ptx)->empty() || **ptx == firstPTX)
    return false;
  llvm::Expected<PtxasJobPtr> started = startPtxas(**ptx, options);
  if (!started) {
    llvm::consumeError(started.takeError());
    return false;
  }
  job = std::move(*started);
  return true;
}

std::optional<SpeculativeEmission::Outcome> SpeculativeEmission::finish() {
  if (!job)
    return std::nullopt;
  llvm::Expected<PtxasResult> result = finishPtxas(*job);
  job.reset();
  return Outcome{std::move(**ptx), std::move(result)};
}
