//===- PTXEmitter.h - LLVM IR to PTX through the NVPTX backend -*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_TARGET_PTX_PTXEMITTER_H
#define TILEIR_TARGET_PTX_PTXEMITTER_H

#include "tileir/Target/GPUTarget.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
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
  /// libdevice (the CUDA math library as bitcode), linked when the module
  /// calls `__nv_` functions: this file when set, otherwise searched for
  /// beside ptxas (found from `ptxasPath` and `argv0` as ptxas itself is),
  /// in $CUDA_HOME and $CUDA_PATH, and in /usr/local/cuda.
  std::string libdevicePath;
  std::string ptxasPath;
  std::string argv0;
  /// Recompute after each loop the cheap values it keeps live without
  /// reading them (RematerializeAfterLoopsPass), after optimization.
  bool rematerializeAfterLoops = false;
  /// With it, also the values the loop reads, for their uses after it.
  bool rematerializeLoopReads = false;
};

/// Locates libdevice.10.bc as described in PTXEmitOptions; the error names
/// every place searched.
llvm::Expected<std::string> findLibdevice(const PTXEmitOptions &options);

/// Links the libdevice functions `module` calls into it (internalized, so
/// that they are inlined and dropped) and sets the `nvvm-reflect-ftz` flag
/// that libdevice's `__nvvm_reflect("__CUDA_FTZ")` reads: 0, since every
/// flush-to-zero request of the source is lowered without libdevice.
/// Nothing happens when the module calls no `__nv_` function.
llvm::Error linkLibdevice(llvm::Module &module, const PTXEmitOptions &options);

/// Creates the NVPTX target machine for `target`.
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createNVPTXTargetMachine(const GPUTarget &target, unsigned optLevel);

/// Sets the module's triple and data layout for `tm`.
void prepareModuleForNVPTX(llvm::Module &module, llvm::TargetMachine &tm);

/// Links libdevice if needed, optimizes `module` at the requested level
/// (NVVMReflect resolves libdevice's target queries), calls
/// `afterOptimization` on the optimized module, runs the late passes
/// `options` ask for and returns its PTX text.
llvm::Expected<std::string>
emitPTX(llvm::Module &module, const GPUTarget &target,
        const PTXEmitOptions &options,
        llvm::function_ref<void(llvm::Module &)> afterOptimization = {});

/// Writes an optimized module (emitPTX's `afterOptimization` sees one) as
/// bitcode for emitPTXFromOptimized.
void writeOptimizedModule(const llvm::Module &module,
                          llvm::SmallVectorImpl<char> &bitcode);

/// Generates PTX once more from an optimized module that
/// writeOptimizedModule wrote, with the late passes of `options`: the PTX
/// emitPTX gives with those options, without optimizing again. It reads the
/// module into a context of its own, so it may run on another thread.
/// With `onlyIfRematerialized`, a module RematerializeAfterLoopsPass leaves
/// as it is gives an empty string (its PTX would be emitPTX's own).
llvm::Expected<std::string>
emitPTXFromOptimized(llvm::StringRef bitcode, const GPUTarget &target,
                     const PTXEmitOptions &options,
                     bool onlyIfRematerialized = false);

} // namespace tileir

#endif // TILEIR_TARGET_PTX_PTXEMITTER_H
