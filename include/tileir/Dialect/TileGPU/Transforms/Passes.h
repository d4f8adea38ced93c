//===- Passes.h - tilegpu transformation passes -----------------*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TILEGPU_TRANSFORMS_PASSES_H
#define TILEIR_DIALECT_TILEGPU_TRANSFORMS_PASSES_H

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Dialect/TileGPU/IR/TileGPU.h"

#include "mlir/Pass/Pass.h"

namespace mlir::tilegpu {

#define GEN_PASS_DECL
#include "tileir/Dialect/TileGPU/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tileir/Dialect/TileGPU/Transforms/Passes.h.inc"

/// The fewest registers a thread of `entry` can run with (tileir-plan-
/// resources' floor, which tileir-pipeline-loops also plans producer warps
/// against): a minimum, or more when a wgmma keeps its whole accumulator
/// (and a register A operand) in registers while it runs.
unsigned getRegisterFloor(cuda_tile::EntryOp entry);

} // namespace mlir::tilegpu

#endif // TILEIR_DIALECT_TILEGPU_TRANSFORMS_PASSES_H
