//===- GPUTarget.cpp - The GPUs tileiras compiles for ---------------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Target/GPUTarget.h"

#include "llvm/ADT/STLExtras.h"

using namespace tileir;

// PTX 8.6 covers sm_80 through sm_100; sm_120 first appears in PTX 8.7.
// sm_90a and sm_100a unlock wgmma / tcgen05, which plain sm_90 / sm_100 PTX
// may not use; the cubin still runs on the plain architecture.
static const GPUTarget kTargets[] = {
    {"sm_80", 80, 86, "sm_80", false, false, false, false, 163 * 1024},
    {"sm_86", 86, 86, "sm_86", false, false, false, false, 99 * 1024},
    {"sm_89", 89, 86, "sm_89", true, false, false, false, 99 * 1024},
    {"sm_90", 90, 86, "sm_90a", true, true, true, true, 227 * 1024},
    {"sm_100", 100, 86, "sm_100a", true, false, true, true, 227 * 1024},
    {"sm_120", 120, 87, "sm_120", true, false, true, true, 99 * 1024},
};

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
