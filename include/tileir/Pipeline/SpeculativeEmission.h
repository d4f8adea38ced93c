//===- SpeculativeEmission.h - Second PTX beside the first ------*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A kernel that ptxas spills a little is emitted once more with the values
// its loops keep without reading them computed after the loops
// (RematerializeAfterLoopsPass), and the cubin that spills less is kept.
// Done after ptxas has answered, that doubles the kernel's compile time.
// For a kernel that will likely need the whole register file, the second
// PTX is generated on another thread while the first is, and assembled
// while ptxas assembles the first: the driver then has both answers at the
// time of one, and cancels the second when the first did not spill. The
// cubin kept is the one the sequential rule keeps.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_PIPELINE_SPECULATIVEEMISSION_H
#define TILEIR_PIPELINE_SPECULATIVEEMISSION_H

#include "tileir/Target/Cubin/Ptxas.h"
#include "tileir/Target/GPUTarget.h"
#include "tileir/Target/PTX/PTXEmitter.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <thread>

namespace llvm {
class Module;
} // namespace llvm

namespace tileir {

/// A kernel that keeps at least as many registers live, by
/// estimateRegisterPressure, as a thread of it may have (its `maxnreg`,
/// else what its block size leaves of the 64K register file, at most 255):
/// ptxas will have to fit it into the register file, and may spill.
struct RegisterBoundKernel {
  std::string name;
  unsigned estimate = 0;
  unsigned limit = 0;
};

/// The first such kernel of the optimized `module`, if any.
std::optional<RegisterBoundKernel>
findRegisterBoundKernel(const llvm::Module &module);

/// The PTX of an optimized module with values recomputed after loops,
/// generated on a thread of its own, then assembled by a ptxas of its own.
class SpeculativeEmission {
public:
  /// Starts generating the PTX from `bitcode` (writeOptimizedModule's,
  /// which must outlive this object) with `options`, which ask for
  /// RematerializeAfterLoopsPass.
  SpeculativeEmission(llvm::StringRef bitcode, const GPUTarget &target,
                      PTXEmitOptions options);
  /// Joins the thread and kills the ptxas still running.
  ~SpeculativeEmission();
  SpeculativeEmission(const SpeculativeEmission &) = delete;
  SpeculativeEmission &operator=(const SpeculativeEmission &) = delete;

  /// Waits for the PTX and starts ptxas on it, unless the pass found
  /// nothing to recompute, the PTX equals `firstPTX` or could not be
  /// generated. Returns whether ptxas started.
  bool startAssembly(llvm::StringRef firstPTX, const PtxasOptions &options);

  /// The PTX and ptxas's answer; nothing when no ptxas was started.
  struct Outcome {
    std::string ptx;
    llvm::Expected<PtxasResult> result;
  };
  std::optional<Outcome> finish();

private:
  std::optional<llvm::Expected<std::string>> ptx;
  std::thread thread;
  PtxasJobPtr job;
};

} // namespace tileir

#endif // TILEIR_PIPELINE_SPECULATIVEEMISSION_H
