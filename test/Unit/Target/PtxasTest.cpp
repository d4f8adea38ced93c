//===- PtxasTest.cpp - Tests of the ptxas driver's parsing ----------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Target/Cubin/Ptxas.h"
#include "tileir/Target/GPUTarget.h"
#include "tileir/Target/ResourceModel.h"

#include "gtest/gtest.h"

using namespace tileir;

namespace {

TEST(Ptxas, ParsesVerboseReport) {
  const char *log =
      "ptxas info    : 0 bytes gmem\n"
      "ptxas info    : Compiling entry function 'gemm' for 'sm_90a'\n"
      "ptxas info    : Function properties for gemm\n"
      "    16 bytes stack frame, 8 bytes spill stores, 4 bytes spill loads\n"
      "ptxas info    : Used 168 registers, used 1 barriers, 49152 bytes "
      "smem, 400 bytes cmem[0]\n"
      "ptxas info    : Compiling entry function 'add' for 'sm_90a'\n"
      "ptxas info    : Function properties for add\n"
      "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
      "ptxas info    : Used 12 registers, 380 bytes cmem[0]\n";
  std::vector<KernelResourceUsage> kernels = parsePtxasVerboseLog(log);
  ASSERT_EQ(kernels.size(), 2u);
  EXPECT_EQ(kernels[0].name, "gemm");
  EXPECT_EQ(kernels[0].registers, 168u);
  EXPECT_EQ(kernels[0].barriers, 1u);
  EXPECT_EQ(kernels[0].sharedBytes, 49152u);
  EXPECT_EQ(kernels[0].stackFrameBytes, 16u);
  EXPECT_EQ(kernels[0].spillStoreBytes, 8u);
  EXPECT_EQ(kernels[0].spillLoadBytes, 4u);
  EXPECT_EQ(kernels[0].constantBytes, 400u);
  EXPECT_EQ(kernels[1].name, "add");
  EXPECT_EQ(kernels[1].registers, 12u);
  EXPECT_EQ(kernels[1].sharedBytes, 0u);
}

TEST(Ptxas, ParsesSerializedWgmmaNote) {
  // ptxas's note comes before the entry's resource lines and names the
  // function; the entry without it stays unmarked.
  const char *log =
      "ptxas info    : (C7515) Potential Performance Loss: wgmma.mma_async "
      "instructions are serialized due to non wgmma instructions defining "
      "accumulator registers of a wgmma between start and end of the "
      "pipeline stage in the function 'gemm'\n"
      "ptxas info    : Compiling entry function 'gemm' for 'sm_90a'\n"
      "ptxas info    : Used 128 registers\n"
      "ptxas info    : Compiling entry function 'other' for 'sm_90a'\n"
      "ptxas info    : Used 32 registers\n";
  std::vector<KernelResourceUsage> kernels = parsePtxasVerboseLog(log);
  ASSERT_EQ(kernels.size(), 2u);
  EXPECT_EQ(kernels[0].wgmmaSerialized,
            "non wgmma instructions defining accumulator registers of a "
            "wgmma between start and end of the pipeline stage");
  EXPECT_EQ(kernels[0].registers, 128u);
  EXPECT_TRUE(kernels[1].wgmmaSerialized.empty());
}

TEST(Ptxas, ExplicitPathMustBeExecutable) {
  PtxasOptions options;
  options.ptxasPath = "/nonexistent/ptxas";
  llvm::Expected<std::string> found = findPtxas(options);
  ASSERT_FALSE(static_cast<bool>(found));
  std::string message = llvm::toString(found.takeError());
  EXPECT_NE(message.find("/nonexistent/ptxas"), std::string::npos);
}

TEST(GPUTarget, Table) {
  EXPECT_EQ(getSupportedTargets().size(), 11u);
  const GPUTarget *h = lookupGPUTarget("sm_90");
  ASSERT_NE(h, nullptr);
  EXPECT_TRUE(h->hasWgmma);
  EXPECT_EQ(h->llvmProcessor, "sm_90a");
  const GPUTarget *b = lookupGPUTarget("sm_120");
  ASSERT_NE(b, nullptr);
  EXPECT_GE(b->ptxVersion, 87u);
  EXPECT_FALSE(b->hasWgmma);
  EXPECT_EQ(lookupGPUTarget("sm_77"), nullptr);
  EXPECT_EQ(lookupGPUTarget("sm_90a"), nullptr);
  EXPECT_EQ(getSupportedTargetList(),
            "sm_80, sm_86, sm_87, sm_88, sm_89, sm_90, sm_100, sm_103, sm_110, "
            "sm_120, sm_121");
  // Every target has a resource model, and its PTX ISA version names the
  // CUDA release whose ptxas reads it.
  for (const GPUTarget &t : getSupportedTargets()) {
    EXPECT_NE(lookupResourceModel(t.name), nullptr) << t.name.str();
    EXPECT_FALSE(t.getRequiredCudaRelease().empty());
  }
  EXPECT_EQ(lookupGPUTarget("sm_110")->getRequiredCudaRelease(), "13.0");
  EXPECT_EQ(lookupGPUTarget("sm_121")->getRequiredCudaRelease(), "12.9");
  EXPECT_EQ(lookupGPUTarget("sm_120")->getRequiredCudaRelease(), "12.8");
  EXPECT_EQ(lookupGPUTarget("sm_80")->getRequiredCudaRelease(), "12.7");
  EXPECT_EQ(lookupGPUTarget("sm_107"), nullptr);
}

} // namespace
