//===- ResourceModel.cpp - Per-target SM resources and occupancy ----------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Target/ResourceModel.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace tileir;

static constexpr uint64_t kKiB = 1024;

// One row per target. Sources:
// - registers, threads, warps, CTAs per SM, threads per CTA, registers per
//   thread and CTA, shared memory per SM and per CTA: NVIDIA CUDA C++
//   Programming Guide, "Technical Specifications per Compute Capability"
//   (compute capabilities 8.0, 8.6, 8.9, 9.0, 10.0, 12.0). Notably 8.6,
//   8.9 and 12.0 hold 1536 threads (48 warps) per SM, 8.6 at most 16 CTAs,
//   8.9 at most 24; 8.0 has 164 KiB of shared memory per SM (163 KiB per
//   CTA), 8.6/8.9/12.0 100 KiB (99 KiB), 9.0/10.0 228 KiB (227 KiB).
// - 8.7, 8.8, 10.3, 11.0 and 12.1: NVIDIA CCCL, libcudacxx/include/cuda/
//   __device/arch_traits.h (arch_traits<arch_id::sm_87> and the others):
//   8.7 has 8.0's shared memory (164 KiB per SM) with 1536 threads and 16
//   CTAs per SM; 8.8 is 8.6; 10.3 is 10.0; 11.0 is 10.0 with 1536 threads
//   and 24 CTAs per SM; 12.1 is 12.0. Registers, units and the reserved
//   kilobyte are those of the architecture each derives from.
// - 1 KiB reserved per CTA: the same guide, "Shared Memory" sections of
//   compute capabilities 8.x, 9.0 and 10.0/12.0 ("the 1 KB of shared memory
//   not made available to a thread block is reserved for system use").
// - register allocation unit 256 per warp, 4 sub-partitions, shared-memory
//   allocation unit 128 bytes: the CUDA Occupancy Calculator
//   (cuda_occupancy.h, Nsight Compute's occupancy section) for 8.x-12.x.
// - 48 KiB static shared memory: the guide, "Shared Memory" (larger
//   allocations are dynamic and need the opt-in attribute).
// - portable cluster size 8 from 9.0 on: the guide, "Thread Block
//   Clusters"; none before 9.0.
static const ResourceModel kModels[] = {
    // name, sm, regs/SM, regs/CTA, regs/thread, reg unit, sub-partitions,
    // threads/CTA, threads/SM, warps/SM, CTAs/SM,
    // smem/SM, smem/CTA, reserved/CTA, smem unit, static smem, cluster
    {"sm_80", 80, 65536, 65536, 255, 256, 4, 1024, 2048, 64, 32, 164 * kKiB,
     163 * kKiB, 1 * kKiB, 128, 48 * kKiB, 0},
    {"sm_86", 86, 65536, 65536, 255, 256, 4, 1024, 1536, 48, 16, 100 * kKiB,
     99 * kKiB, 1 * kKiB, 128, 48 * kKiB, 0},
    {"sm_87", 87, 65536, 65536, 255, 256, 4, 1024, 1536, 48, 16, 164 * kKiB,
     163 * kKiB, 1 * kKiB, 128, 48 * kKiB, 0},
    {"sm_88", 88, 65536, 65536, 255, 256, 4, 1024, 1536, 48, 16, 100 * kKiB,
     99 * kKiB, 1 * kKiB, 128, 48 * kKiB, 0},
    {"sm_89", 89, 65536, 65536, 255, 256, 4, 1024, 1536, 48, 24, 100 * kKiB,
     99 * kKiB, 1 * kKiB, 128, 48 * kKiB, 0},
    {"sm_90", 90, 65536, 65536, 255, 256, 4, 1024, 2048, 64, 32, 228 * kKiB,
     227 * kKiB, 1 * kKiB, 128, 48 * kKiB, 8},
    {"sm_100", 100, 65536, 65536, 255, 256, 4, 1024, 2048, 64, 32,
     228 * kKiB, 227 * kKiB, 1 * kKiB, 128, 48 * kKiB, 8},
    {"sm_103", 103, 65536, 65536, 255, 256, 4, 1024, 2048, 64, 32,
     228 * kKiB, 227 * kKiB, 1 * kKiB, 128, 48 * kKiB, 8},
    {"sm_110", 110, 65536, 65536, 255, 256, 4, 1024, 1536, 48, 24,
     228 * kKiB, 227 * kKiB, 1 * kKiB, 128, 48 * kKiB, 8},
    {"sm_120", 120, 65536, 65536, 255, 256, 4, 1024, 1536, 48, 32,
     100 * kKiB, 99 * kKiB, 1 * kKiB, 128, 48 * kKiB, 8},
    {"sm_121", 121, 65536, 65536, 255, 256, 4, 1024, 1536, 48, 32,
     100 * kKiB, 99 * kKiB, 1 * kKiB, 128, 48 * kKiB, 8},
};

const ResourceModel *tileir::lookupResourceModel(llvm::StringRef name) {
  for (const ResourceModel &m : kModels)
    if (m.name == name)
      return &m;
  return nullptr;
}

static unsigned getWarps(unsigned threads) {
  return static_cast<unsigned>(llvm::divideCeil(threads, 32));
}

unsigned ResourceModel::getAllocatedRegistersPerThread(
    unsigned registers) const {
  return static_cast<unsigned>(llvm::alignTo(registers * 32, registerAllocUnit) /
                               32);
}

uint64_t ResourceModel::getAllocatedSharedBytesPerCTA(uint64_t bytes) const {
  return llvm::alignTo(bytes, sharedAllocUnit) + reservedSharedBytesPerCTA;
}

unsigned ResourceModel::getMaxCTAsByThreads(unsigned threads) const {
  if (threads == 0 || threads > maxThreadsPerCTA)
    return 0;
  return std::min(maxCTAsPerSM, maxWarpsPerSM / getWarps(threads));
}

unsigned ResourceModel::getMaxCTAsByRegisters(unsigned threads,
                                              unsigned registers) const {
  if (threads == 0)
    return 0;
  if (registers == 0)
    return maxCTAsPerSM;
  if (registers > maxRegistersPerThread)
    return 0;
  unsigned warps = getWarps(threads);
  uint64_t perWarp = llvm::alignTo(uint64_t(registers) * 32, registerAllocUnit);
  if (perWarp * warps > maxRegistersPerCTA)
    return 0;
  // A warp's registers come from one sub-partition; warps are spread
  // evenly over them, so count whole warps per sub-partition.
  uint64_t warpsPerSubPartition =
      (registersPerSM / registerSubPartitions) / perWarp;
  uint64_t warpsPerSM = warpsPerSubPartition * registerSubPartitions;
  return static_cast<unsigned>(
      std::min<uint64_t>(maxCTAsPerSM, warpsPerSM / warps));
}

unsigned ResourceModel::getMaxCTAsBySharedMemory(uint64_t sharedBytes) const {
  if (sharedBytes > maxSharedBytesPerCTA)
    return 0;
  uint64_t perCTA = getAllocatedSharedBytesPerCTA(sharedBytes);
  return static_cast<unsigned>(
      std::min<uint64_t>(maxCTAsPerSM, sharedBytesPerSM / perCTA));
}

unsigned ResourceModel::getOccupancy(unsigned threads, unsigned registers,
                                     uint64_t sharedBytes) const {
  return std::min({getMaxCTAsByThreads(threads),
                   getMaxCTAsByRegisters(threads, registers),
                   getMaxCTAsBySharedMemory(sharedBytes)});
}

std::optional<unsigned>
ResourceModel::getMaxRegistersForCTAs(unsigned threads, unsigned ctas) const {
  if (threads == 0 || ctas == 0 || ctas > maxCTAsPerSM)
    return std::nullopt;
  uint64_t warps = getWarps(threads);
  uint64_t perSubPartition =
      llvm::divideCeil(warps * ctas, uint64_t(registerSubPartitions));
  uint64_t perWarp = (registersPerSM / registerSubPartitions) / perSubPartition;
  perWarp = std::min<uint64_t>(perWarp, maxRegistersPerCTA / warps);
  // Whole allocation units per warp.
  perWarp = perWarp / registerAllocUnit * registerAllocUnit;
  unsigned registers = static_cast<unsigned>(
      std::min<uint64_t>(maxRegistersPerThread, perWarp / 32));
  if (registers == 0)
    return std::nullopt;
  return registers;
}
