//===- KernelVersions.h - Paired kernels with unpaired ones -----*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_PIPELINE_KERNELVERSIONS_H
#define TILEIR_PIPELINE_KERNELVERSIONS_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace tileir {

/// Whether tileir-pair-row-tiles paired the tile blocks of `kernel` (a
/// cuda_tile entry, or the LLVM function lowered from one).
bool hasPairedTiles(mlir::Operation *kernel);

/// Joins two lowerings of one module (LLVM dialect, before debug scopes):
/// `paired`, compiled with paired tile blocks (tileir-pair-row-tiles), and
/// `unpaired`, compiled without. Each kernel of `paired` whose tile blocks
/// were paired gets the unpaired version of its body beside its own and
/// runs it when the launched grid has at most `unpairedMaxCTAs` CTAs (the
/// GPU's SM count, `%nsmid`, when negative): half as many CTAs of twice
/// the work only pay once the unpaired grid would take more than one wave.
/// The kernel keeps the paired version's threads (the unpaired version's
/// extra threads leave first), its register plan, and the larger shared
/// arena. A kernel whose unpaired version would need more threads, or
/// refers to a symbol the two modules define differently, stays paired
/// only. Returns the names of the kernels joined; `unpaired` is left
/// emptied of their bodies.
llvm::SmallVector<std::string> joinPairedVersions(mlir::ModuleOp paired,
                                                  mlir::ModuleOp unpaired,
                                                  int64_t unpairedMaxCTAs);

} // namespace tileir

#endif // TILEIR_PIPELINE_KERNELVERSIONS_H
