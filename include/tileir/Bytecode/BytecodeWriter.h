//===- BytecodeWriter.h - cuda_tile to Tile IR bytecode --------*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_BYTECODE_BYTECODEWRITER_H
#define TILEIR_BYTECODE_BYTECODEWRITER_H

#include "tileir/Bytecode/Version.h"

#include "mlir/Support/LLVM.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::cuda_tile {
class ModuleOp;
} // namespace mlir::cuda_tile

namespace tileir {

struct BytecodeWriterConfig {
  /// The version to write; features newer than it are errors (or dropped
  /// where the format defines a lossless fallback).
  BytecodeVersion version = BytecodeVersion::kDefaultWrite;
};

/// Writes `module` as bytecode. Fails, with a diagnostic on the offending
/// op, for anything the target version cannot express.
mlir::LogicalResult writeBytecode(mlir::cuda_tile::ModuleOp module,
                                  llvm::raw_ostream &os,
                                  const BytecodeWriterConfig &config = {});

} // namespace tileir

#endif // TILEIR_BYTECODE_BYTECODEWRITER_H
