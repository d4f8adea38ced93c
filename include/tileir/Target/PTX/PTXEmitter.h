//===- PTXEmitter.h - LLVM IR to PTX through the NVPTX backend -*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_TARGET_PTX_PTXEMITTER_H
#define TILEIR_TARGET_PTX_PTXEMITTER_H

#include "tileir/Target/GPUTarget.h"

#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace tileir {

/// How LLVM IR is optimized and turned into PTX.
struct PTXEmitOptions {
  /// 0..3, mapped onto LLVM's optimization levels.
  unsigned optLevel = 3;
  /// Keep debug information (`--lineinfo` / `--device-debug`).
  bool debugInfo = false;
};

/// Creates the NVPTX target machine for `target`.
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createNVPTXTargetMachine(const GPUTarget &target, unsigned optLevel);

/// Sets the module's triple and data layout for `tm`.
void prepareModuleForNVPTX(llvm::Module &module, llvm::TargetMachine &tm);

/// Optimizes `module` at the requested level and returns its PTX text.
llvm::Expected<std::string> emitPTX(llvm::Module &module,
                                    const GPUTarget &target,
                                    const PTXEmitOptions &options);

} // namespace tileir

#endif // TILEIR_TARGET_PTX_PTXEMITTER_H
