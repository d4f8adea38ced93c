//===- GPUTarget.cpp - The GPUs tileiras compiles for ---------------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Target/GPUTarget.h"

#include "llvm/ADT/STLExtras.h"

using namespace tileir;

// PTX 8.6 covers sm_80 through sm_100; sm_120 first appears in PTX 8.7,
// sm_103 and sm_121 in 8.8, sm_88 and sm_110 in 9.0 (the lowest versions
// LLVM 22's NVPTX backend and ptxas accept for them). sm_90a and sm_100a
// (and their relatives) unlock wgmma / tcgen05, which plain PTX may not
// use; the cubin still runs on the plain architecture. The variants
// without a row of their own in NVIDIA's tables derive from one that has:
// sm_87 (Jetson Orin) is Ampere with sm_80's shared memory, sm_88 is
// sm_86, sm_103 is sm_100, sm_110 is sm_100 with sm_120's thread limits,
// sm_121 is sm_120 (NVIDIA CCCL, libcudacxx/include/cuda/__device/
// arch_traits.h). fp8 mma.sync needs sm_89 or later in the 8.x line.
static const GPUTarget kTargets[] = {
    {"sm_80", 80, 86, "sm_80", false, false, false, false, 163 * 1024},
    {"sm_86", 86, 86, "sm_86", false, false, false, false, 99 * 1024},
    {"sm_87", 87, 86, "sm_87", false, false, false, false, 163 * 1024},
    {"sm_88", 88, 90, "sm_88", false, false, false, false, 99 * 1024},
    {"sm_89", 89, 86, "sm_89", true, false, false, false, 99 * 1024},
    {"sm_90", 90, 86, "sm_90a", true, true, true, true, 227 * 1024},
    {"sm_100", 100, 86, "sm_100a", true, false, true, true, 227 * 1024},
    {"sm_103", 103, 88, "sm_103a", true, false, true, true, 227 * 1024},
    {"sm_110", 110, 90, "sm_110a", true, false, true, true, 227 * 1024},
    {"sm_120", 120, 87, "sm_120", true, false, true, true, 99 * 1024},
    {"sm_121", 121, 88, "sm_121", true, false, true, true, 99 * 1024},
};

llvm::StringRef GPUTarget::getRequiredCudaRelease() const {
  if (ptxVersion >= 90)
    return "13.0";
  if (ptxVersion >= 88)
    return "12.9";
  if (ptxVersion >= 87)
    return "12.8";
  return "12.7";
}

std::string GPUTarget::getPtxFeature() const {
  return "+ptx" + std::to_string(ptxVersion);
}

llvm::ArrayRef<GPUTarget> tileir::getSupportedTargets() { return kTargets; }

const GPUTarget *tileir::lookupGPUTarget(llvm::StringRef name) {
  for (const GPUTarget &t : kTargets)
    if (t.name == name)
      return &t;
  return nullptr;
}

std::string tileir::getSupportedTargetList() {
  std::string list;
  for (const GPUTarget &t : kTargets) {
    if (!list.empty())
      list += ", ";
    list += t.name.str();
  }
  return list;
}
