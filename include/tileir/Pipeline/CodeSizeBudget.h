//===- CodeSizeBudget.h - Compile-time bounds on generated code -*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Tiles are unrolled into per-thread registers, so a huge tile (or an mma
// whose K loop is unrolled) can produce millions of instructions, and the
// conversion, the NVPTX backend and ptxas then run for minutes or exhaust
// memory. Two checks stop such compilations early with an `error:` that
// names the operation and the numbers (a user error: exit 1):
//
//  - before conversion, once layouts are known, each op's unrolled size is
//    estimated from its registers per thread (a lower bound of what its
//    lowering emits) and checked per op and per kernel;
//  - after conversion, the LLVM dialect operations are counted.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_PIPELINE_CODESIZEBUDGET_H
#define TILEIR_PIPELINE_CODESIZEBUDGET_H

#include <cstdint>
#include <memory>

namespace mlir {
class Operation;
class Pass;
} // namespace mlir

namespace tileir {

/// A lower bound of the per-thread operations the lowering of `op` emits
/// (registers of its largest tile; multiply-accumulates for mmaf/mmai).
/// Requires layouts to be assigned.
uint64_t estimateUnrolledOps(mlir::Operation *op);

/// Checks every op of a cuda_tile module with layouts against
/// `maxOpsPerOp`, and each entry's sum against `maxOpsPerKernel`.
std::unique_ptr<mlir::Pass> createCheckUnrollBudgetPass(uint64_t maxOpsPerOp,
                                                        uint64_t maxOpsPerKernel);

/// Counts the operations of the converted (LLVM dialect) module against
/// `maxOps`, naming the source location that contributes the most.
std::unique_ptr<mlir::Pass> createCheckCodeSizePass(uint64_t maxOps);

} // namespace tileir

#endif // TILEIR_PIPELINE_CODESIZEBUDGET_H
