//===- PtxasTest.cpp - Tests of the ptxas driver's parsing ----------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Target/Cubin/Ptxas.h"
#include "tileir/Target/GPUTarget.h"
#include "tileir/Target/ResourceModel.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <thread>

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

/// A stand-in ptxas in a fresh directory: a shell script with `body`.
static std::string writeFakePtxas(const char *body) {
  llvm::SmallString<128> dir;
  EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("fake-ptxas", dir));
  llvm::SmallString<128> path(dir);
  llvm::sys::path::append(path, "ptxas");
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    EXPECT_FALSE(ec);
    os << "#!/bin/sh\n" << body << "\n";
  }
  llvm::sys::fs::setPermissions(path, llvm::sys::fs::all_read |
                                          llvm::sys::fs::all_exe |
                                          llvm::sys::fs::owner_write);
  return std::string(path);
}

// A started ptxas whose job is dropped is killed and reaped at once (this
// one would sleep a minute): its process is gone when the job is.
TEST(Ptxas, DroppedJobIsKilled) {
  llvm::SmallString<128> pidFile;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("fake-ptxas-pid", pidFile));
  llvm::sys::path::append(pidFile, "pid");
  PtxasOptions options;
  options.ptxasPath =
      writeFakePtxas(("echo $$ > " + pidFile + ".tmp; mv " + pidFile + ".tmp " +
                      pidFile + "; exec sleep 60")
                         .str()
                         .c_str());
  options.arch = "sm_90a";
  auto begin = std::chrono::steady_clock::now();
  pid_t pid = 0;
  {
    llvm::Expected<PtxasJobPtr> job = startPtxas(".version 8.6\n", options);
    ASSERT_TRUE(static_cast<bool>(job)) << llvm::toString(job.takeError());
    for (int i = 0; i < 1000 && !pid; ++i) {
      if (auto text = llvm::MemoryBuffer::getFile(pidFile))
        pid = std::atoi((*text)->getBuffer().str().c_str());
      else
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ASSERT_GT(pid, 0);
    EXPECT_EQ(::kill(pid, 0), 0);
  }
  EXPECT_NE(::kill(pid, 0), 0);
  EXPECT_LT(std::chrono::steady_clock::now() - begin, std::chrono::seconds(30));
}

// Two jobs run at once and each reads its own answer.
TEST(Ptxas, TwoJobsAtOnce) {
  PtxasOptions options;
  // Writes the cubin path given after -o, and reports the PTX's first line
  // as its kernel name.
  options.ptxasPath = writeFakePtxas(
      "while [ $# -gt 0 ]; do case $1 in -o) out=$2; shift;; *.ptx) "
      "in=$1;; esac; shift; done\n"
      "name=$(head -n 1 \"$in\")\n"
      "sleep 1; printf cubin > \"$out\"\n"
      "echo \"ptxas info    : Compiling entry function '$name' for "
      "'sm_90a'\"\n"
      "echo \"ptxas info    : Used 8 registers\"");
  options.arch = "sm_90a";
  llvm::Expected<PtxasJobPtr> first = startPtxas("one\n", options);
  ASSERT_TRUE(static_cast<bool>(first)) << llvm::toString(first.takeError());
  llvm::Expected<PtxasJobPtr> second = startPtxas("two\n", options);
  ASSERT_TRUE(static_cast<bool>(second)) << llvm::toString(second.takeError());
  llvm::Expected<PtxasResult> a = finishPtxas(**first);
  llvm::Expected<PtxasResult> b = finishPtxas(**second);
  ASSERT_TRUE(static_cast<bool>(a)) << llvm::toString(a.takeError());
  ASSERT_TRUE(static_cast<bool>(b)) << llvm::toString(b.takeError());
  ASSERT_EQ(a->kernels.size(), 1u);
  ASSERT_EQ(b->kernels.size(), 1u);
  EXPECT_EQ(a->kernels[0].name, "one");
  EXPECT_EQ(b->kernels[0].name, "two");
  EXPECT_EQ(std::string(a->cubin.begin(), a->cubin.end()), "cubin");
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
