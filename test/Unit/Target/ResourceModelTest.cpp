//===- ResourceModelTest.cpp - Occupancy arithmetic -----------------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Expectations are computed by hand from the occupancy rules: registers per
// warp rounded up to 256, warps counted per register sub-partition (16384
// registers each), shared memory per CTA rounded to 128 bytes plus 1 KiB.
//
//===----------------------------------------------------------------------===//

#include "tileir/Target/GPUTarget.h"
#include "tileir/Target/ResourceModel.h"

#include "gtest/gtest.h"

using namespace tileir;

namespace {

TEST(ResourceModelTest, EveryTargetHasAModel) {
  for (const GPUTarget &target : getSupportedTargets()) {
    const ResourceModel *model = lookupResourceModel(target.name);
    ASSERT_NE(model, nullptr) << target.name.str();
    EXPECT_EQ(model->sm, target.sm);
    EXPECT_EQ(model->maxThreadsPerSM, 32 * model->maxWarpsPerSM);
    EXPECT_EQ(model->maxPortableClusterSize != 0, target.hasClusters);
  }
  EXPECT_EQ(lookupResourceModel("sm_70"), nullptr);
}

TEST(ResourceModelTest, Table) {
  const ResourceModel *sm86 = lookupResourceModel("sm_86");
  EXPECT_EQ(sm86->maxWarpsPerSM, 48u);
  EXPECT_EQ(sm86->maxCTAsPerSM, 16u);
  EXPECT_EQ(sm86->maxSharedBytesPerCTA, 99u * 1024);
  const ResourceModel *sm89 = lookupResourceModel("sm_89");
  EXPECT_EQ(sm89->maxCTAsPerSM, 24u);
  const ResourceModel *sm80 = lookupResourceModel("sm_80");
  EXPECT_EQ(sm80->maxSharedBytesPerCTA, 163u * 1024);
  EXPECT_EQ(sm80->maxPortableClusterSize, 0u);
  const ResourceModel *sm90 = lookupResourceModel("sm_90");
  EXPECT_EQ(sm90->sharedBytesPerSM, 228u * 1024);
  EXPECT_EQ(sm90->maxSharedBytesPerCTA, 227u * 1024);
  EXPECT_EQ(sm90->maxPortableClusterSize, 8u);
}

TEST(ResourceModelTest, OccupancySm90) {
  const ResourceModel &m = *lookupResourceModel("sm_90");
  // 128 threads = 4 warps. 128 registers: 4096 per warp, 4 warps per
  // sub-partition, 16 warps per SM: 4 CTAs.
  EXPECT_EQ(m.getOccupancy(128, 128, 0), 4u);
  // 255 registers round to 256: 8192 per warp, 2 per sub-partition, 2 CTAs.
  EXPECT_EQ(m.getOccupancy(128, 255, 0), 2u);
  // 100 KiB of shared memory: 101 KiB a CTA, 228 / 101 = 2 CTAs.
  EXPECT_EQ(m.getOccupancy(128, 0, 100 * 1024), 2u);
  // 32 registers: 1024 per warp, 16 per sub-partition, 64 warps: 16 CTAs,
  // also the warp limit.
  EXPECT_EQ(m.getOccupancy(128, 32, 0), 16u);
  // 1 warp of 16 registers: 32 CTAs (the CTA limit).
  EXPECT_EQ(m.getOccupancy(32, 16, 0), 32u);
  // 40 registers round to 40 (1280 per warp): 12 per sub-partition, 48
  // warps, 6 CTAs of 8 warps.
  EXPECT_EQ(m.getOccupancy(256, 40, 0), 6u);
  // 41 registers round to 48: 1536 per warp, 10 per sub-partition, 40
  // warps, 5 CTAs of 8 warps.
  EXPECT_EQ(m.getOccupancy(256, 41, 0), 5u);
  // One CTA does not fit.
  EXPECT_EQ(m.getOccupancy(2048, 32, 0), 0u);
  EXPECT_EQ(m.getOccupancy(128, 0, 228 * 1024), 0u);
  EXPECT_EQ(m.getOccupancy(1024, 128, 0), 0u);
  // Shared memory rounds to 128 bytes plus 1 KiB: 16 KiB + 1 byte takes
  // 16 KiB + 128 + 1 KiB, 228 KiB / 17.125 KiB = 13 CTAs.
  EXPECT_EQ(m.getMaxCTAsBySharedMemory(16 * 1024 + 1), 13u);
}

TEST(ResourceModelTest, OccupancySm86) {
  const ResourceModel &m = *lookupResourceModel("sm_86");
  // 48 warps: 12 CTAs of 4 warps; 16 CTAs of 1 warp.
  EXPECT_EQ(m.getOccupancy(128, 0, 0), 12u);
  EXPECT_EQ(m.getOccupancy(32, 0, 0), 16u);
  // 100 KiB per SM: 1 CTA of 48 KiB + 1 KiB... two take 98 KiB.
  EXPECT_EQ(m.getOccupancy(128, 0, 48 * 1024), 2u);
  EXPECT_EQ(m.getOccupancy(128, 0, 50 * 1024), 1u);
  EXPECT_EQ(m.getOccupancy(128, 0, 100 * 1024), 0u);
}

TEST(ResourceModelTest, MaxRegistersForCTAs) {
  const ResourceModel &m = *lookupResourceModel("sm_90");
  EXPECT_EQ(m.getMaxRegistersForCTAs(128, 1), 255u);
  EXPECT_EQ(m.getMaxRegistersForCTAs(128, 2), 255u);
  EXPECT_EQ(m.getMaxRegistersForCTAs(128, 3), 168u);
  EXPECT_EQ(m.getMaxRegistersForCTAs(128, 4), 128u);
  EXPECT_EQ(m.getMaxRegistersForCTAs(128, 8), 64u);
  EXPECT_EQ(m.getMaxRegistersForCTAs(128, 16), 32u);
  EXPECT_EQ(m.getMaxRegistersForCTAs(256, 2), 128u);
  // 1024 threads: 64K registers per CTA allow at most 64 per thread.
  EXPECT_EQ(m.getMaxRegistersForCTAs(1024, 1), 64u);
  EXPECT_EQ(m.getMaxRegistersForCTAs(128, 33), std::nullopt);
  // The cap is self-consistent: with it, the CTAs fit.
  for (unsigned threads : {32u, 64u, 128u, 256u, 512u})
    for (unsigned ctas = 1; ctas <= 32; ++ctas)
      if (std::optional<unsigned> regs = m.getMaxRegistersForCTAs(threads, ctas)) {
        EXPECT_GE(m.getMaxCTAsByRegisters(threads, *regs), ctas)
            << threads << " threads, " << ctas << " CTAs";
        if (*regs < m.maxRegistersPerThread)
          EXPECT_LT(m.getMaxCTAsByRegisters(threads, *regs + 8), ctas)
              << threads << " threads, " << ctas << " CTAs";
      }
}

} // namespace
