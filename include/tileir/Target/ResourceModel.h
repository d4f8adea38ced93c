//===- ResourceModel.h - Per-target SM resources and occupancy -*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What one streaming multiprocessor of each supported target offers
// (registers, warps, CTAs, shared memory, cluster size) and the occupancy
// arithmetic over it: how many CTAs of a kernel fit on an SM, and how many
// registers per thread a kernel may use for N CTAs to fit. The arithmetic
// follows the CUDA Occupancy Calculator (cuda_occupancy.h): registers are
// allocated per warp in units of 256 from four SM sub-partitions, shared
// memory per CTA in units of 128 bytes plus 1 KiB reserved by the system.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_TARGET_RESOURCEMODEL_H
#define TILEIR_TARGET_RESOURCEMODEL_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace tileir {

/// The resources of one SM of a target.
struct ResourceModel {
  /// `--gpu-name`, e.g. "sm_90".
  llvm::StringRef name;
  /// Compute capability times ten.
  unsigned sm;

  /// 32-bit registers in the register file of one SM.
  unsigned registersPerSM;
  /// Registers one CTA may use in total.
  unsigned maxRegistersPerCTA;
  /// Registers one thread may use (ptxas's upper bound for .maxnreg).
  unsigned maxRegistersPerThread;
  /// Registers are allocated per warp in units of this many.
  unsigned registerAllocUnit;
  /// The register file is split evenly between this many sub-partitions;
  /// a warp takes its registers from one of them.
  unsigned registerSubPartitions;

  unsigned maxThreadsPerCTA;
  unsigned maxThreadsPerSM;
  unsigned maxWarpsPerSM;
  unsigned maxCTAsPerSM;

  /// Shared memory of one SM (the largest carve-out).
  uint64_t sharedBytesPerSM;
  /// Largest shared memory one CTA may use (with the opt-in attribute).
  uint64_t maxSharedBytesPerCTA;
  /// Shared memory the system reserves for every resident CTA.
  uint64_t reservedSharedBytesPerCTA;
  /// Shared memory is allocated per CTA in units of this many bytes.
  uint64_t sharedAllocUnit;
  /// Largest static (.shared) declaration ptxas accepts.
  uint64_t maxStaticSharedBytes;

  /// Largest portable cluster (CTAs per cluster); 0 without clusters.
  unsigned maxPortableClusterSize;

  /// Registers per thread rounded up to what is allocated (a warp's
  /// registers are a multiple of registerAllocUnit).
  unsigned getAllocatedRegistersPerThread(unsigned registers) const;

  /// Shared bytes one CTA occupies on the SM for `bytes` requested
  /// (rounded to the allocation unit, plus the reserved part).
  uint64_t getAllocatedSharedBytesPerCTA(uint64_t bytes) const;

  /// CTAs of `threads` threads that fit on one SM, by threads/warps/CTA
  /// count alone. 0 when one CTA is too large.
  unsigned getMaxCTAsByThreads(unsigned threads) const;
  /// CTAs that fit by registers; `registers` == 0 means unknown (no limit).
  unsigned getMaxCTAsByRegisters(unsigned threads, unsigned registers) const;
  /// CTAs that fit by shared memory.
  unsigned getMaxCTAsBySharedMemory(uint64_t sharedBytes) const;

  /// Resident CTAs per SM for a kernel of `threads` threads per CTA using
  /// `registers` registers per thread (0: unknown) and `sharedBytes` of
  /// shared memory per CTA: the minimum over all limits. 0 when one CTA
  /// does not fit at all.
  unsigned getOccupancy(unsigned threads, unsigned registers,
                        uint64_t sharedBytes) const;

  /// The most registers per thread (at most maxRegistersPerThread, a
  /// multiple of the per-thread allocation granularity below that) with
  /// which `ctas` CTAs of `threads` threads fit by registers; std::nullopt
  /// when no register count lets them fit.
  std::optional<unsigned> getMaxRegistersForCTAs(unsigned threads,
                                                 unsigned ctas) const;
};

/// The model of `name` ("sm_90"), or null for an unknown target.
const ResourceModel *lookupResourceModel(llvm::StringRef name);

} // namespace tileir

#endif // TILEIR_TARGET_RESOURCEMODEL_H
