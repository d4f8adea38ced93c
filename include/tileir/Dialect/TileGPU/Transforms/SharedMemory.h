//===- SharedMemory.h - Shared-memory needs of tile operations --*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// One definition of how much scratch an operation's lowering may use, shared
// by tileir-plan-shared-memory (which sizes the arena) and the lowerings
// (which must stay within it).
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TILEGPU_TRANSFORMS_SHAREDMEMORY_H
#define TILEIR_DIALECT_TILEGPU_TRANSFORMS_SHAREDMEMORY_H

#include "mlir/IR/Operation.h"

namespace mlir::tilegpu {

/// Bytes one copy of a tile of `type` takes (0 for rank 0 and non-tiles).
int64_t getTileStorageBytes(Type type);

/// Bytes of scratch the lowering of `op` may use.
int64_t getScratchBytes(Operation *op);

} // namespace mlir::tilegpu

#endif // TILEIR_DIALECT_TILEGPU_TRANSFORMS_SHAREDMEMORY_H
