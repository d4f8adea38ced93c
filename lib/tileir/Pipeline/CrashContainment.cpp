//===- CrashContainment.cpp - Internal failures become diagnostics --------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Pipeline/CrashContainment.h"

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>
#include <cstdlib>
#include <cstring>

using namespace tileir;
using namespace tileir::crash;

//===----------------------------------------------------------------------===//
// Recorded state
//===----------------------------------------------------------------------===//

static SharedState defaultState;
static SharedState *currentState = &defaultState;
/// The PTX of the compilation, for reproducers; only read after a contained
/// failure in this process.
static std::string recordedPTX;
static std::optional<InternalError> recordedError;
/// Why the running stage called report_fatal_error (set just before the
/// handler unwinds into the CrashRecoveryContext).
static char fatalReason[1024];

/// Copies `text` into a fixed buffer, truncating; never allocates, so it is
/// safe after a crash.
template <size_t N>
static void copyInto(char (&buffer)[N], llvm::StringRef text) {
  size_t n = std::min(text.size(), N - 1);
  std::memcpy(buffer, text.data(), n);
  buffer[n] = '\0';
}

SharedState &crash::state() { return *currentState; }

void crash::useSharedState(SharedState *shared) {
  if (shared == currentState)
    return;
  std::memcpy(shared, currentState, sizeof(SharedState));
  currentState = shared;
}

void crash::setStage(llvm::StringRef key, llvm::StringRef description) {
  copyInto(currentState->stageKey, key);
  copyInto(currentState->stage, description);
}

StageScope::StageScope(llvm::StringRef key, llvm::StringRef description)
    : previousKey(currentState->stageKey), previousStage(currentState->stage) {
  setStage(key, description);
  maybeInjectCrash(key);
}

StageScope::~StageScope() { setStage(previousKey, previousStage); }

namespace {
/// Keeps the running pass as the current stage. Pass adaptors (which run
/// nested pipelines) have no argument and leave the stage alone, so a crash
/// names the innermost real pass.
struct StageInstrumentation : public mlir::PassInstrumentation {
  struct Saved {
    std::string key, stage;
  };
  std::vector<Saved> stack;

  void runBeforePass(mlir::Pass *pass, mlir::Operation *) override {
    llvm::StringRef argument = pass->getArgument();
    if (argument.empty())
      return;
    stack.push_back({currentState->stageKey, currentState->stage});
    setStage(argument, ("pass '" + argument + "'").str());
    maybeInjectCrash(argument);
  }
  void restore(mlir::Pass *pass) {
    if (pass->getArgument().empty() || stack.empty())
      return;
    setStage(stack.back().key, stack.back().stage);
    stack.pop_back();
  }
  void runAfterPass(mlir::Pass *pass, mlir::Operation *) override {
    restore(pass);
  }
  void runAfterPassFailed(mlir::Pass *pass, mlir::Operation *) override {
    restore(pass);
  }
};
} // namespace

std::unique_ptr<mlir::PassInstrumentation> crash::createStageInstrumentation() {
  return std::make_unique<StageInstrumentation>();
}

void crash::notePipeline(const mlir::OpPassManager &pm) {
  std::string text;
  llvm::raw_string_ostream os(text);
  pm.printAsTextualPipeline(os);
  copyInto(currentState->pipeline, text);
}

void crash::notePTX(llvm::StringRef ptx) { recordedPTX = ptx.str(); }

void crash::reportInternalError(InternalError error) {
  // The first failure is the interesting one; later ones are consequences.
  if (!recordedError)
    recordedError = std::move(error);
}

const std::optional<InternalError> &crash::getInternalError() {
  return recordedError;
}

//===----------------------------------------------------------------------===//
// Containment
//===----------------------------------------------------------------------===//

/// Unwinds a fatal error into the running CrashRecoveryContext; outside of
/// one (which the driver avoids) it still ends with the internal-error
/// message and status rather than LLVM's abort.
static void fatalErrorHandler(void *, const char *reason, bool) {
  copyInto(fatalReason, reason ? reason : "unknown");
  if (llvm::CrashRecoveryContext *crc =
          llvm::CrashRecoveryContext::GetCurrent())
    crc->HandleExit(kInternalErrorExitCode);
  // No recovery context: report what we can without allocating much.
  llvm::errs() << "error: internal compiler error in "
               << currentState->stage << ": LLVM fatal error: " << fatalReason
               << "\n";
  std::_Exit(kInternalErrorExitCode);
}

static void badAllocHandler(void *data, const char *reason, bool genDiag) {
  fatalErrorHandler(data, reason ? reason : "out of memory", genDiag);
}

void crash::installFatalErrorHandlers() {
  llvm::CrashRecoveryContext::Enable();
  llvm::install_fatal_error_handler(fatalErrorHandler);
  llvm::install_bad_alloc_error_handler(badAllocHandler);
}

static std::string describeSignal(int signal) {
  const char *name = nullptr;
  switch (signal) {
  case SIGSEGV:
    name = "SIGSEGV";
    break;
  case SIGBUS:
    name = "SIGBUS";
    break;
  case SIGFPE:
    name = "SIGFPE";
    break;
  case SIGILL:
    name = "SIGILL";
    break;
  case SIGABRT:
    name = "SIGABRT";
    break;
  case SIGTRAP:
    name = "SIGTRAP";
    break;
  case SIGKILL:
    name = "SIGKILL";
    break;
  default:
    break;
  }
  std::string text = "signal " + std::to_string(signal);
  if (name)
    text += std::string(" (") + name + ", " + strsignal(signal) + ")";
  else
    text += std::string(" (") + strsignal(signal) + ")";
  return text;
}

bool crash::runContained(llvm::function_ref<void()> fn) {
  fatalReason[0] = '\0';
  llvm::CrashRecoveryContext crc;
  // A stack far beyond the default 8 MiB: deep recursion over large inputs
  // must not overflow (an overflow cannot be recovered in-process).
  constexpr unsigned kStackBytes = 256u << 20;
  if (crc.RunSafelyOnThread(fn, kStackBytes))
    return true;
  InternalError error;
  error.stage = currentState->stage[0] ? currentState->stage : "tileiras";
  if (fatalReason[0])
    error.what = std::string("LLVM fatal error: ") + fatalReason;
  else if (crc.RetCode > 128)
    error.what = "crashed with " + describeSignal(crc.RetCode - 128);
  else
    error.what = "crashed (status " + std::to_string(crc.RetCode) + ")";
  // A crash overrides an error recorded before it: it is what ended the run.
  recordedError = std::move(error);
  return false;
}

//===----------------------------------------------------------------------===//
// Reproducers
//===----------------------------------------------------------------------===//

std::string crash::shellQuote(llvm::StringRef arg) {
  if (!arg.empty() && arg.find_first_not_of(
                          "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                          "0123456789-_=./+,:") == llvm::StringRef::npos)
    return arg.str();
  std::string quoted = "'";
  for (char c : arg) {
    if (c == '\'')
      quoted += "'\\''";
    else
      quoted += c;
  }
  return quoted + "'";
}

static std::string reproducerDirFor(llvm::StringRef outputPath) {
  return (outputPath + ".repro").str();
}

/// The ptxas command of `error` reading the reproducer's PTX copy (or, with
/// no reproducer, the original temporary paths).
static std::string ptxasCommand(const InternalError &error,
                                llvm::StringRef reproDir) {
  std::string command;
  for (auto [index, arg] : llvm::enumerate(error.ptxasArgs)) {
    if (!command.empty())
      command += ' ';
    std::string value = arg;
    if (!reproDir.empty() && int(index) == error.ptxArgIndex)
      value = (reproDir + "/kernel.ptx").str();
    else if (!reproDir.empty() && int(index) == error.cubinArgIndex)
      value = (reproDir + "/kernel.cubin").str();
    command += shellQuote(value);
  }
  return command;
}

static llvm::Error writeText(llvm::StringRef path, llvm::StringRef text) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec)
    return llvm::createStringError(ec, "cannot write '%s': %s",
                                   path.str().c_str(), ec.message().c_str());
  os << text;
  os.close();
  if (os.has_error())
    return llvm::createStringError(os.error(), "cannot write '%s'",
                                   path.str().c_str());
  return llvm::Error::success();
}

llvm::Expected<std::string>
crash::writeReproducer(const ReproducerInfo &info, const InternalError &error) {
  std::string dir = reproducerDirFor(info.outputPath);
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return llvm::createStringError(ec, "cannot create '%s': %s", dir.c_str(),
                                   ec.message().c_str());

  llvm::StringRef inputName = llvm::sys::path::filename(info.inputPath);
  std::string inputCopy = dir + "/" + (inputName.empty() ? "input" : inputName).str();
  if (std::error_code ec = llvm::sys::fs::copy_file(info.inputPath, inputCopy))
    return llvm::createStringError(ec, "cannot copy the input to '%s': %s",
                                   inputCopy.c_str(), ec.message().c_str());
  bool havePTX = !recordedPTX.empty();
  if (havePTX)
    if (llvm::Error err = writeText(dir + "/kernel.ptx", recordedPTX))
      return std::move(err);

  std::string text;
  llvm::raw_string_ostream os(text);
  os << "tileiras internal compiler error reproducer\n\n"
     << "stage: " << error.stage << "\n"
     << "error: " << error.what << "\n";
  if (!error.details.empty())
    os << "\n" << error.details << (llvm::StringRef(error.details).ends_with("\n") ? "" : "\n");
  if (!error.quotedPTXLines.empty())
    os << error.quotedPTXLines;
  os << "\ncommand line:\n  " << info.commandLine << "\n"
     << "\nrerun on the copied input:\n  ";
  // The same flags, reading the copy and writing beside it.
  os << "tileiras " << shellQuote(inputCopy) << " -o "
     << shellQuote(dir + "/out.cubin") << " " << info.rerunFlags << "\n";
  os << "\noptions:\n" << info.options;
  llvm::StringRef pipeline = currentState->pipeline;
  os << "\npass pipeline:\n  "
     << (pipeline.empty() ? "(not built yet)" : pipeline) << "\n";
  os << "\nPTX: " << (havePTX ? "kernel.ptx" : "(not produced yet)") << "\n";
  if (!error.ptxasArgs.empty())
    os << "\nptxas command:\n  " << ptxasCommand(error, dir) << "\n";
  if (llvm::Error err = writeText(dir + "/reproducer.txt", text))
    return std::move(err);
  return dir;
}

void crash::printInternalError(const InternalError &error,
                               const ReproducerInfo &info) {
  llvm::Expected<std::string> dir = writeReproducer(info, error);
  llvm::raw_ostream &os = llvm::errs();
  os << "error: internal compiler error in " << error.stage << ": "
     << error.what << "\n";
  if (!error.details.empty()) {
    os << error.details;
    if (!llvm::StringRef(error.details).ends_with("\n"))
      os << "\n";
  }
  os << error.quotedPTXLines;
  std::string reproDir = dir ? *dir : std::string();
  if (!error.ptxasArgs.empty())
    os << "reproduce with: " << ptxasCommand(error, reproDir) << "\n";
  if (dir)
    os << "note: reproducer written to " << *dir
       << "/ (please attach it to a bug report)\n";
  else
    os << "note: could not write a reproducer: "
       << llvm::toString(dir.takeError()) << "\n";
}

//===----------------------------------------------------------------------===//
// Debug hooks
//===----------------------------------------------------------------------===//

namespace {
enum class CrashKind { Segv, Fatal, Abort, Fpe, Ill, Bus, StackOverflow };
} // namespace

static std::string debugCrashStage;
static CrashKind debugCrashKind = CrashKind::Segv;
static bool debugBadPTX = false;

std::optional<std::string> crash::setDebugCrash(llvm::StringRef spec) {
  auto [stage, kind] = spec.split(':');
  if (stage.empty())
    return std::string("--tileir-debug-crash needs a stage");
  std::optional<CrashKind> parsed =
      llvm::StringSwitch<std::optional<CrashKind>>(kind)
          .Cases({"", "segv"}, CrashKind::Segv)
          .Case("fatal", CrashKind::Fatal)
          .Case("abort", CrashKind::Abort)
          .Case("fpe", CrashKind::Fpe)
          .Case("ill", CrashKind::Ill)
          .Case("bus", CrashKind::Bus)
          .Case("stack-overflow", CrashKind::StackOverflow)
          .Default(std::nullopt);
  if (!parsed)
    return ("unknown crash kind '" + kind +
            "' (expected segv, fatal, abort, fpe, ill, bus or stack-overflow)")
        .str();
  debugCrashStage = stage.str();
  debugCrashKind = *parsed;
  return std::nullopt;
}

/// Read through volatiles so the compiler cannot see the null pointer, the
/// zero divisor or the recursion bound and fold the fault into a trap.
static volatile uintptr_t nullAddress = 0;
static volatile int zeroDivisor = 0;
static volatile int recursionLimit = -1;

/// Recursion the optimizer cannot turn into a loop: each frame's buffer is
/// read after the call returns.
[[gnu::noinline]] static int recurseForever(int depth) {
  if (depth == recursionLimit)
    return 0;
  volatile char frame[4096];
  frame[0] = char(depth);
  int below = recurseForever(depth + 1);
  return below + frame[0];
}

void crash::maybeInjectCrash(llvm::StringRef stageKey) {
  if (debugCrashStage.empty() || stageKey != debugCrashStage)
    return;
  switch (debugCrashKind) {
  case CrashKind::Segv:
    *reinterpret_cast<volatile int *>(nullAddress) = 1;
    break;
  case CrashKind::Fatal:
    llvm::report_fatal_error("injected fatal error (--tileir-debug-crash)");
  case CrashKind::Abort:
    std::abort();
  case CrashKind::Fpe: {
    volatile int quotient = 1 / zeroDivisor;
    (void)quotient;
    // Targets whose division does not trap.
    std::raise(SIGFPE);
    break;
  }
  case CrashKind::Ill:
    std::raise(SIGILL);
    break;
  case CrashKind::Bus:
    std::raise(SIGBUS);
    break;
  case CrashKind::StackOverflow:
    recurseForever(0);
    break;
  }
}

void crash::setDebugBadPTX(bool enable) { debugBadPTX = enable; }
bool crash::getDebugBadPTX() { return debugBadPTX; }
