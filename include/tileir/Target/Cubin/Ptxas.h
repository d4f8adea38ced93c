//===- Ptxas.h - Finding and running ptxas ---------------------*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// ptxas turns our PTX into a cubin. It is found where cuTile's environments
// put it (an explicit path, next to tileiras, PATH, $CUDA_HOME/bin, the
// default toolkit directory), run through an argument vector with secure
// temporary files, and its resource report (`-v`) is parsed back.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_TARGET_CUBIN_PTXAS_H
#define TILEIR_TARGET_CUBIN_PTXAS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tileir {

/// What ptxas reports about one entry function.
struct KernelResourceUsage {
  std::string name;
  unsigned registers = 0;
  unsigned barriers = 0;
  uint64_t stackFrameBytes = 0;
  uint64_t spillStoreBytes = 0;
  uint64_t spillLoadBytes = 0;
  uint64_t sharedBytes = 0;
  uint64_t constantBytes = 0;
  /// Threads per CTA (`.reqntid`); filled in by the pipeline, not ptxas.
  unsigned threads = 0;
  /// Why ptxas serialized the kernel's wgmma instructions (its performance
  /// note C7515), or empty when it did not.
  std::string wgmmaSerialized;
};

/// Options of one ptxas run.
struct PtxasOptions {
  /// Explicit ptxas (`--ptxas-path`); searched for when empty.
  std::string ptxasPath;
  /// The tileiras executable, to find a ptxas installed beside it.
  std::string argv0;
  /// e.g. "sm_90a".
  std::string arch;
  /// The first CUDA release whose ptxas assembles for `arch` (named when
  /// the ptxas found is older).
  std::string requiredCudaRelease;
  unsigned optLevel = 3;
  bool lineInfo = false;
  bool deviceDebug = false;
  /// Keep the PTX and log on disk (for bug reports).
  bool keepTemps = false;
  /// Seconds before ptxas is killed; 0 waits forever.
  unsigned timeoutSeconds = 600;
  /// Extra arguments, e.g. "--maxrregcount=128".
  std::vector<std::string> extraArgs;
};

/// The cubin and what ptxas said about it.
struct PtxasResult {
  std::vector<char> cubin;
  std::vector<KernelResourceUsage> kernels;
  std::string log;
  /// The command line that reproduces the run.
  std::string command;
};

/// ptxas ran and failed (error exit, crash or timeout). This is always a
/// bug of ours: the PTX is ours. It carries enough to reproduce the run
/// outside the compiler; `log` renders the whole report as one message.
class PtxasFailure : public llvm::ErrorInfo<PtxasFailure> {
public:
  static char ID;
  /// "exited with status 255", "crashed (...)", "timed out after 600s".
  std::string what;
  /// ptxas's stdout and stderr.
  std::string ptxasLog;
  /// "  PTX line N: <text>" for each line ptxas's messages name.
  std::string quotedLines;
  /// The argument vector; the PTX input and cubin output are at these
  /// indices, so a reproducer can substitute its own copies.
  std::vector<std::string> args;
  unsigned ptxArgIndex = 0;
  unsigned cubinArgIndex = 0;
  /// Whether the PTX at args[ptxArgIndex] was kept on disk.
  bool ptxKept = false;

  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override;
  /// The command line, shell-quoted.
  std::string command() const;
};

/// Locates ptxas as described above; an error names every place searched.
llvm::Expected<std::string> findPtxas(const PtxasOptions &options);

/// A ptxas run in progress: startPtxas begins it, finishPtxas waits for it;
/// a job dropped while it runs is killed (its answer is not needed).
struct PtxasJob;
struct PtxasJobDeleter {
  void operator()(PtxasJob *job) const;
};
using PtxasJobPtr = std::unique_ptr<PtxasJob, PtxasJobDeleter>;

/// Starts ptxas on `ptx` and returns without waiting, so that two PTX
/// versions of a kernel can be assembled at once.
llvm::Expected<PtxasJobPtr> startPtxas(llvm::StringRef ptx,
                                       const PtxasOptions &options);

/// Waits for `job` (at most the options' timeout) and reads its results,
/// as runPtxas does; once a job. The timeout is an alarm signal, which any
/// thread of the process may take: call it while no other thread of ours runs.
llvm::Expected<PtxasResult> finishPtxas(PtxasJob &job);

/// Assembles `ptx`. When ptxas fails the error is a PtxasFailure: its exit
/// status, its log with the failing PTX lines quoted, and a command that
/// reproduces it; not finding or starting ptxas is a plain error.
llvm::Expected<PtxasResult> runPtxas(llvm::StringRef ptx,
                                     const PtxasOptions &options);

/// Parses the `-v` report; exposed for tests.
std::vector<KernelResourceUsage> parsePtxasVerboseLog(llvm::StringRef log);

} // namespace tileir

#endif // TILEIR_TARGET_CUBIN_PTXAS_H
