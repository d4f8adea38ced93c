//===- tileir-fuzz-reader.cpp - libFuzzer target for the bytecode reader --===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Feeds arbitrary bytes to the bytecode reader and, when it accepts them,
// to the module verifier, exactly as `tile-translate
// --tileir-bytecode-to-mlir` does. Malformed input must end in a diagnostic;
// a crash, a sanitizer report or a hang is a bug. See docs/testing.md.
//
//===----------------------------------------------------------------------===//

#include "FuzzInput.h"

#include "tileir/Bytecode/BytecodeReader.h"
#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Verifier.h"

#include <cstddef>
#include <cstdint>
#include <memory>

/// The LLVM/MLIR libraries we link are not instrumented, but LLVM headers
/// compiled here with AddressSanitizer poison and unpoison BumpPtrAllocator
/// slabs; the uninstrumented half then trips over poison it never cleared
/// (a false "use-after-poison" while the context registers builtin types).
/// Manual poisoning is therefore ignored; ordinary heap checks stay on.
extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::cuda_tile::CudaTileDialect>();
  tileir::fuzz::InputContext input(registry);
  std::unique_ptr<llvm::WritableMemoryBuffer> buffer =
      tileir::fuzz::copyInput(data, size);
  if (!buffer)
    return 0;
  mlir::OwningOpRef<mlir::cuda_tile::ModuleOp> module =
      tileir::readBytecode(buffer->getMemBufferRef(), &input.context);
  if (module)
    (void)mlir::verify(*module);
  return 0;
}
