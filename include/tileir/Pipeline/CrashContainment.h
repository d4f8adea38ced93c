//===- CrashContainment.h - Internal failures become diagnostics -*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// cuTile treats any non-zero exit of the compiler as a failure and shows its
// stderr; a signal death shows the user nothing useful. Everything here
// serves one contract: an internal failure (a signal, an LLVM fatal error, a
// ptxas failure) ends as
//
//   error: internal compiler error in <stage>: <what>
//
// with a reproducer directory next to the output and exit status 2, while
// errors in the user's program keep their `loc(...)` diagnostics and exit 1.
//
// The pieces: the compiler records the stage it is in (a pass records itself
// through a PassInstrumentation), stages run under llvm::CrashRecoveryContext
// with a fatal-error handler that unwinds into it, and ptxas failures are
// recorded as internal errors. Hidden debug hooks inject failures into a
// chosen stage so the containment itself is tested.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_PIPELINE_CRASHCONTAINMENT_H
#define TILEIR_PIPELINE_CRASHCONTAINMENT_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class OpPassManager;
class PassInstrumentation;
} // namespace mlir

namespace tileir {
namespace crash {

/// Exit status of an internal compiler error (user errors exit 1).
inline constexpr int kInternalErrorExitCode = 2;

/// What the compiler is doing, kept in fixed-size buffers so that it can be
/// read after a crash (possibly from another process: see
/// useSharedState) without allocating.
struct SharedState {
  /// Key of the current stage, as accepted by --tileir-debug-crash.
  char stageKey[128];
  /// Human-readable stage, e.g. "pass 'tileir-assign-layouts'".
  char stage[256];
  /// The textual pass pipeline of the compilation, once known.
  char pipeline[8192];
};

/// The state the recording functions write to (a static one by default).
SharedState &state();
/// Redirects the recorded state to `shared` (e.g. memory shared with a
/// supervising parent process); the current contents are copied over.
void useSharedState(SharedState *shared);

/// Sets the current stage; `key` names it for the debug hooks.
void setStage(llvm::StringRef key, llvm::StringRef description);

/// Marks a stage for the lifetime of the scope and restores the previous
/// one afterwards. Entering a stage fires an injected crash aimed at `key`.
class StageScope {
public:
  StageScope(llvm::StringRef key, llvm::StringRef description);
  ~StageScope();
  StageScope(const StageScope &) = delete;
  StageScope &operator=(const StageScope &) = delete;

private:
  std::string previousKey, previousStage;
};

/// Records each pass as the current stage while it runs (key: the pass's
/// argument) and fires crashes injected into a pass.
std::unique_ptr<mlir::PassInstrumentation> createStageInstrumentation();

/// Records the pass pipeline for reproducers.
void notePipeline(const mlir::OpPassManager &pm);
/// Records the PTX once it exists, for reproducers.
void notePTX(llvm::StringRef ptx);

/// An internal error that did not crash (ptxas failed, ...), or the record
/// of a contained crash.
struct InternalError {
  std::string stage;
  /// One line: the headline after "in <stage>: ".
  std::string what;
  /// Further lines printed after the headline (a tool's log, ...).
  std::string details;
  /// When ptxas failed: its argument vector, with the PTX input and the
  /// cubin output at these indices, so the reproducer can point the command
  /// at its own copy of the PTX.
  std::vector<std::string> ptxasArgs;
  int ptxArgIndex = -1;
  int cubinArgIndex = -1;
  /// Lines of the PTX that ptxas's messages name ("PTX line N: ...").
  std::string quotedPTXLines;
};

/// Records an internal error for the driver to report (the stage failing
/// returns failure as usual; the driver then exits 2 instead of 1).
void reportInternalError(InternalError error);
/// The recorded internal error, if any.
const std::optional<InternalError> &getInternalError();

/// Installs the LLVM fatal-error and bad-alloc handlers that turn
/// report_fatal_error into a contained crash of the running stage.
void installFatalErrorHandlers();

/// Runs `fn` under llvm::CrashRecoveryContext on a thread with a large stack.
/// Returns true when `fn` completed; otherwise a crash was contained and
/// recorded as the internal error (stage and signal or fatal-error reason).
bool runContained(llvm::function_ref<void()> fn);

/// Everything a reproducer records besides the recorded state.
struct ReproducerInfo {
  std::string inputPath;
  std::string outputPath;
  /// The exact command line, shell-quoted.
  std::string commandLine;
  /// The flags that matter for a rerun (target, level, debug info).
  std::string rerunFlags;
  /// The options as the pipeline saw them, one `name: value` per line.
  std::string options;
};

/// Writes `<output>.repro/`: the input copied, `reproducer.txt` (stage,
/// error, command line, options, pass pipeline) and the PTX when it was
/// produced. Returns the directory, or an error message.
llvm::Expected<std::string> writeReproducer(const ReproducerInfo &info,
                                            const InternalError &error);

/// Prints the internal-error diagnostic (and where the reproducer went) to
/// stderr.
void printInternalError(const InternalError &error,
                        const ReproducerInfo &info);

/// Quotes `arg` for a POSIX shell.
std::string shellQuote(llvm::StringRef arg);

//===----------------------------------------------------------------------===//
// Debug hooks (hidden tileiras flags)
//===----------------------------------------------------------------------===//

/// `--tileir-debug-crash=<stage>[:<kind>]`: kind is segv (default), fatal,
/// abort, fpe, ill, bus or stack-overflow. Returns an error message for a bad
/// spec.
std::optional<std::string> setDebugCrash(llvm::StringRef spec);
/// Fires the injected crash when it targets `stageKey`.
void maybeInjectCrash(llvm::StringRef stageKey);
/// `--tileir-debug-bad-ptx`: corrupt the PTX handed to ptxas.
void setDebugBadPTX(bool enable);
bool getDebugBadPTX();

} // namespace crash
} // namespace tileir

#endif // TILEIR_PIPELINE_CRASHCONTAINMENT_H
