//===- tileir-fuzz-pipeline.cpp - libFuzzer target for the whole pipeline -===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Feeds arbitrary bytes through every stage `tileiras` runs: import,
// verification, layouts, shared-memory and resource planning, the lowering
// to LLVM/NVVM and the NVPTX backend, stopping at the PTX (ptxas is a
// separate program; `tileiras` already contains its failures). The target
// comes from the input's last byte so one corpus covers all six. Any input
// must end in a diagnostic or PTX; a crash, a sanitizer report or a hang is
// a bug. Crash containment is not enabled here, so crashes reach libFuzzer.
// See docs/testing.md.
//
//===----------------------------------------------------------------------===//

#include "FuzzInput.h"

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Pipeline/Pipeline.h"
#include "tileir/Target/GPUTarget.h"

#include <cstddef>
#include <cstdint>
#include <memory>

/// See tileir-fuzz-reader.cpp: the LLVM/MLIR libraries are not
/// instrumented, so manual poisoning from instrumented LLVM headers is
/// ignored. The code generator also frees, from instrumented inline code,
/// arrays that the statically linked (uninstrumented) C++ runtime allocated
/// with plain malloc, which AddressSanitizer would call an alloc/dealloc
/// mismatch; that check is off, the other heap checks stay on.
extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0:alloc_dealloc_mismatch=0";
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  mlir::DialectRegistry registry;
  tileir::registerPipelineDialects(registry);
  tileir::fuzz::InputContext input(registry);
  std::unique_ptr<llvm::WritableMemoryBuffer> buffer =
      tileir::fuzz::copyInput(data, size);
  if (!buffer)
    return 0;

  mlir::OwningOpRef<mlir::cuda_tile::ModuleOp> module =
      tileir::importModule(buffer->getMemBufferRef(), &input.context);
  if (!module)
    return 0;

  llvm::ArrayRef<tileir::GPUTarget> targets = tileir::getSupportedTargets();
  tileir::CompileOptions options;
  options.target = &targets[size ? data[size - 1] % targets.size() : 0];
  options.optLevel = 2;
  options.stopAfterPTX = true;
  if (mlir::failed(tileir::verifyModule(*module, options)))
    return 0;
  (void)tileir::compileModule(*module, options);
  return 0;
}
