//===- LoopFacts.h - What the loop rewrites ask of a loop -------*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Facts tileir-pipeline-loops and tileir-overlap-products both need before
// they move work between iterations of a loop, and what the loop rewrites
// build alike.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TILEGPU_TRANSFORMS_LOOPFACTS_H
#define TILEIR_DIALECT_TILEGPU_TRANSFORMS_LOOPFACTS_H

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

namespace mlir::tilegpu {

/// The compute warps of `entry` (tilegpu.num_warps; 4 when unset).
int64_t getComputeWarps(cuda_tile::EntryOp entry);

/// Whether `loop`'s body continues or breaks anywhere but at its end (or,
/// with `orReturns`, returns from the kernel).
bool leavesEarly(cuda_tile::ForOp loop, bool orReturns);

/// Whether `loop` writes global memory anywhere in its body (stores and
/// atomics): loads may then move between its iterations.
bool writesGlobalMemory(cuda_tile::ForOp loop);

/// A rank-0 integer constant of `type` (a scalar integer tile) at `b`'s
/// insertion point.
Value createIntConstant(OpBuilder &b, Location loc, Type type, int64_t v);

/// The tile type `type` with `extent` along `dim`: the halves of
/// tileir-split-rows (rows), the pairs of tileir-pair-row-tiles.
cuda_tile::TileType withExtent(Type type, unsigned dim, int64_t extent);

} // namespace mlir::tilegpu

#endif // TILEIR_DIALECT_TILEGPU_TRANSFORMS_LOOPFACTS_H
