//===- BytecodeReader.h - Tile IR bytecode to cuda_tile --------*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_BYTECODE_BYTECODEREADER_H
#define TILEIR_BYTECODE_BYTECODEREADER_H

#include "tileir/Bytecode/Version.h"

#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <optional>

namespace mlir {
class MLIRContext;
namespace cuda_tile {
class ModuleOp;
} // namespace cuda_tile
} // namespace mlir

namespace tileir {

/// Whether `data` starts with the Tile IR bytecode magic.
bool isTileIRBytecode(llvm::StringRef data);

/// The version in the header, if the header is complete and well formed
/// (the version itself may be unsupported).
std::optional<BytecodeVersion> peekBytecodeVersion(llvm::StringRef data);

/// Reads a whole bytecode file into a new `cuda_tile.module`. Malformed
/// input is reported through the context's diagnostic engine, each message
/// naming the buffer, the byte offset and what was expected; the result is
/// then null. The module is not verified here.
mlir::OwningOpRef<mlir::cuda_tile::ModuleOp>
readBytecode(llvm::MemoryBufferRef buffer, mlir::MLIRContext *context);

} // namespace tileir

#endif // TILEIR_BYTECODE_BYTECODEREADER_H
