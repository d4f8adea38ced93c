//===- GPUTarget.h - The GPUs tileiras compiles for ------------*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// One row per supported `--gpu-name`: the SM version, the PTX ISA version
// and processor name the NVPTX backend is asked for, and the instruction
// families code generation may use.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_TARGET_GPUTARGET_H
#define TILEIR_TARGET_GPUTARGET_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace tileir {

/// A GPU target and what code generation may use on it.
struct GPUTarget {
  /// The name cuTile passes, e.g. "sm_90".
  llvm::StringRef name;
  /// Compute capability times ten, e.g. 90.
  unsigned sm;
  /// PTX ISA version times ten, e.g. 86.
  unsigned ptxVersion;
  /// The processor the NVPTX backend targets; the architecture-specific
  /// variant where its instructions are needed (e.g. "sm_90a").
  llvm::StringRef llvmProcessor;
  /// Tensor-core mma.sync with e4m3/e5m2 operands.
  bool hasFp8MmaSync;
  /// Warpgroup MMA (wgmma).
  bool hasWgmma;
  /// Bulk tensor copies (TMA) and mbarrier transaction counts.
  bool hasTma;
  /// Thread-block clusters.
  bool hasClusters;
  /// Most shared memory one CTA may use with the driver's opt-in (CUDA C++
  /// Programming Guide, "Technical Specifications per Compute Capability":
  /// 163 KiB on 8.0/8.7, 99 KiB on 8.6/8.8/8.9/12.x, 227 KiB on 9.0/10.x/
  /// 11.0). A kernel planning more cannot launch.
  uint64_t maxSharedBytesPerBlockOptin;

  /// "+ptx86"-style feature string for the NVPTX backend.
  std::string getPtxFeature() const;
  /// The first CUDA release whose ptxas reads this target's PTX ISA
  /// version (8.6: 12.7, 8.7: 12.8, 8.8: 12.9, 9.0: 13.0).
  llvm::StringRef getRequiredCudaRelease() const;
};

/// Every supported target, in increasing SM order.
llvm::ArrayRef<GPUTarget> getSupportedTargets();

/// The target called `name` ("sm_90"), or null.
const GPUTarget *lookupGPUTarget(llvm::StringRef name);

/// "sm_80, sm_86, ..." for diagnostics.
std::string getSupportedTargetList();

} // namespace tileir

#endif // TILEIR_TARGET_GPUTARGET_H
