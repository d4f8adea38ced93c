//===- FuzzInput.h - What the libFuzzer targets share -----------*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The per-input setup of tools/tileir-fuzz-reader and
// tools/tileir-fuzz-pipeline: a context of their own and an exactly sized
// copy of the input.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_TOOLS_FUZZINPUT_H
#define TILEIR_TOOLS_FUZZINPUT_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>

namespace tileir::fuzz {

/// A fresh context per input: types and attributes interned from one input
/// must not make the next one pass or fail, and memory must not grow over a
/// long run. Threading is off so each input runs on the fuzzer's thread.
/// Diagnostics are the expected outcome for most inputs; printing them
/// would only slow the run down, so they are dropped.
struct InputContext {
  explicit InputContext(const mlir::DialectRegistry &registry)
      : context(registry, mlir::MLIRContext::Threading::DISABLED),
        silence(&context,
                [](mlir::Diagnostic &) { return mlir::success(); }) {
    context.loadAllAvailableDialects();
  }

  mlir::MLIRContext context;
  mlir::ScopedDiagnosticHandler silence;
};

/// The input in an exactly sized heap buffer, so that AddressSanitizer
/// flags any read past its end; null if it cannot be allocated.
inline std::unique_ptr<llvm::WritableMemoryBuffer>
copyInput(const uint8_t *data, size_t size) {
  std::unique_ptr<llvm::WritableMemoryBuffer> buffer =
      llvm::WritableMemoryBuffer::getNewUninitMemBuffer(size, "fuzz-input");
  if (buffer && size)
    std::memcpy(buffer->getBufferStart(), data, size);
  return buffer;
}

} // namespace tileir::fuzz

#endif // TILEIR_TOOLS_FUZZINPUT_H
