//===- Ptxas.cpp - Finding and running ptxas ------------------------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Target/Cubin/Ptxas.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>
#include <functional>
#include <string>
#include <vector>

using namespace tileir;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 message.str());
}

static bool isExecutableFile(const llvm::Twine &path) {
  return llvm::sys::fs::exists(path) && !llvm::sys::fs::is_directory(path) &&
         llvm::sys::fs::can_execute(path);
}

llvm::Expected<std::string> tileir::findPtxas(const PtxasOptions &options) {
  if (!options.ptxasPath.empty()) {
    if (isExecutableFile(options.ptxasPath))
      return options.ptxasPath;
    return makeError("--ptxas-path '" + options.ptxasPath +
                     "' is not an executable file");
  }
  llvm::SmallVector<std::string> searched;
  // Beside tileiras: NVIDIA's pip layout installs both into one bin
  // directory. Then pip's `nvidia-cuda-nvcc` in the Python environment
  // tileiras is installed in (a wheel puts tileiras in <prefix>/bin, that
  // package puts ptxas in <prefix>/lib/python3.X/site-packages/nvidia/
  // cu13/bin): most cuTile users have no CUDA toolkit.
  if (!options.argv0.empty()) {
    std::string self = llvm::sys::fs::getMainExecutable(
        options.argv0.c_str(), reinterpret_cast<void *>(&findPtxas));
    if (!self.empty()) {
      llvm::StringRef bin = llvm::sys::path::parent_path(self);
      llvm::SmallString<256> candidate(bin);
      llvm::sys::path::append(candidate, "ptxas");
      if (isExecutableFile(candidate))
        return std::string(candidate);
      searched.push_back(std::string(candidate));
      llvm::SmallString<256> lib(llvm::sys::path::parent_path(bin));
      llvm::sys::path::append(lib, "lib");
      std::vector<std::string> pythons;
      std::error_code ec;
      for (llvm::sys::fs::directory_iterator it(lib, ec), end;
           !ec && it != end; it.increment(ec))
        if (llvm::sys::path::filename(it->path()).starts_with("python3"))
          pythons.push_back(it->path());
      // Deterministic: the lexically last Python first.
      llvm::sort(pythons, std::greater<std::string>());
      for (const std::string &python : pythons) {
        llvm::SmallString<256> pip(python);
        llvm::sys::path::append(pip, "site-packages", "nvidia", "cu13");
        llvm::sys::path::append(pip, "bin", "ptxas");
        if (isExecutableFile(pip))
          return std::string(pip);
      }
      llvm::SmallString<256> pattern(lib);
      llvm::sys::path::append(pattern, "python3*", "site-packages", "nvidia");
      llvm::sys::path::append(pattern, "cu13", "bin", "ptxas");
      searched.push_back(std::string(pattern));
    }
  }
  if (llvm::ErrorOr<std::string> onPath =
          llvm::sys::findProgramByName("ptxas"))
    return *onPath;
  searched.push_back("PATH");
  for (const char *var : {"CUDA_HOME", "CUDA_PATH"}) {
    if (std::optional<std::string> home = llvm::sys::Process::GetEnv(var)) {
      llvm::SmallString<256> candidate(*home);
      llvm::sys::path::append(candidate, "bin", "ptxas");
      if (isExecutableFile(candidate))
        return std::string(candidate);
      searched.push_back(std::string(candidate));
    }
  }
  const char *defaultPath = "/usr/local/cuda/bin/ptxas";
  if (isExecutableFile(defaultPath))
    return std::string(defaultPath);
  searched.push_back(defaultPath);
  return makeError("cannot find ptxas (searched " +
                   llvm::join(searched, ", ") +
                   "); install the CUDA toolkit or pip's nvidia-cuda-nvcc, or pass "
                   "--ptxas-path");
}

/// Quotes `arg` for a POSIX shell so a reproducer can be pasted as is.
static std::string shellQuote(llvm::StringRef arg) {
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

char PtxasFailure::ID = 0;

std::error_code PtxasFailure::convertToErrorCode() const {
  return llvm::inconvertibleErrorCode();
}

std::string PtxasFailure::command() const {
  std::string text;
  for (const std::string &a : args) {
    if (!text.empty())
      text += ' ';
    text += shellQuote(a);
  }
  return text;
}

void PtxasFailure::log(llvm::raw_ostream &os) const {
  os << "ptxas " << what << ":\n" << ptxasLog << quotedLines
     << "reproduce with: " << command();
  if (!ptxKept)
    os << "  (rerun tileiras with --keep-temps to keep the PTX)";
}

/// Appends the PTX lines ptxas's "line N" messages refer to.
static std::string quoteFailingLines(llvm::StringRef log, llvm::StringRef ptx) {
  llvm::SmallVector<llvm::StringRef> ptxLines;
  ptx.split(ptxLines, '\n');
  std::string quoted;
  llvm::SmallVector<llvm::StringRef> logLines;
  log.split(logLines, '\n');
  unsigned shown = 0;
  for (llvm::StringRef line : logLines) {
    size_t at = line.find(", line ");
    if (at == llvm::StringRef::npos || shown >= 8)
      continue;
    llvm::StringRef rest = line.drop_front(at + 7);
    unsigned lineNo = 0;
    if (rest.consumeInteger(10, lineNo) || lineNo == 0 ||
        lineNo > ptxLines.size())
      continue;
    quoted += "  PTX line " + std::to_string(lineNo) + ": " +
              ptxLines[lineNo - 1].trim().str() + "\n";
    ++shown;
  }
  return quoted;
}

/// A ptxas process started by startPtxas, with the files it reads and
/// writes (removed when the job goes).
struct tileir::PtxasJob {
  PtxasOptions options;
  std::string ptxas;
  std::string ptx;
  llvm::SmallString<128> ptxPath, cubinPath, logPath;
  std::optional<llvm::FileRemover> ptxRemover, cubinRemover, logRemover;
  std::vector<std::string> args;
  unsigned ptxArgIndex = 0;
  unsigned cubinArgIndex = 0;
  std::string command;
  llvm::sys::ProcessInfo process;
  bool running = false;

  /// A process still running is killed and reaped.
  ~PtxasJob() {
    if (!running)
      return;
    ::kill(process.Pid, SIGKILL);
    llvm::sys::Wait(process, /*SecondsToWait=*/std::nullopt);
  }
};

void tileir::PtxasJobDeleter::operator()(PtxasJob *job) const { delete job; }

llvm::Expected<PtxasJobPtr> tileir::startPtxas(llvm::StringRef ptx,
                                               const PtxasOptions &options) {
  llvm::Expected<std::string> ptxas = findPtxas(options);
  if (!ptxas)
    return ptxas.takeError();

  PtxasJobPtr job(new PtxasJob);
  job->options = options;
  job->ptxas = *ptxas;
  job->ptx = ptx.str();
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile("tileiras", "ptx", job->ptxPath))
    return makeError("cannot create a temporary file: " + ec.message());
  job->ptxRemover.emplace(job->ptxPath, !options.keepTemps);
  if (std::error_code ec = llvm::sys::fs::createTemporaryFile(
          "tileiras", "cubin", job->cubinPath))
    return makeError("cannot create a temporary file: " + ec.message());
  job->cubinRemover.emplace(job->cubinPath);
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile("tileiras", "log", job->logPath))
    return makeError("cannot create a temporary file: " + ec.message());
  job->logRemover.emplace(job->logPath, !options.keepTemps);

  {
    std::error_code ec;
    llvm::raw_fd_ostream os(job->ptxPath, ec);
    if (ec)
      return makeError("cannot write " + job->ptxPath + ": " + ec.message());
    os << ptx;
    os.close();
    if (os.has_error())
      return makeError("cannot write " + job->ptxPath);
  }

  // ptxas refuses -g with optimization ("Optimized debugging not
  // supported"): a debug build is assembled at -O0, as nvcc -G does.
  unsigned ptxasLevel = options.deviceDebug ? 0 : std::min(options.optLevel, 3u);
  std::vector<std::string> &args = job->args;
  args = {*ptxas, "-arch=" + options.arch, "-O" + std::to_string(ptxasLevel),
          "-v"};
  if (options.deviceDebug)
    args.push_back("-g");
  else if (options.lineInfo)
    args.push_back("-lineinfo");
  llvm::append_range(args, options.extraArgs);
  job->ptxArgIndex = args.size();
  args.push_back(std::string(job->ptxPath));
  args.push_back("-o");
  job->cubinArgIndex = args.size();
  args.push_back(std::string(job->cubinPath));

  llvm::SmallVector<llvm::StringRef> argRefs(args.begin(), args.end());
  for (llvm::StringRef a : argRefs) {
    if (!job->command.empty())
      job->command += ' ';
    job->command += shellQuote(a);
  }

  std::optional<llvm::StringRef> redirects[] = {llvm::StringRef(),
                                                llvm::StringRef(job->logPath),
                                                llvm::StringRef(job->logPath)};
  std::string execError;
  bool execFailed = false;
  job->process =
      llvm::sys::ExecuteNoWait(*ptxas, argRefs, /*Env=*/std::nullopt, redirects,
                               /*MemoryLimit=*/0, &execError, &execFailed);
  if (execFailed || job->process.Pid == llvm::sys::ProcessInfo::InvalidPid)
    return makeError("cannot run ptxas (" + *ptxas + "): " + execError);
  job->running = true;
  return job;
}

llvm::Expected<PtxasResult> tileir::finishPtxas(PtxasJob &job) {
  const PtxasOptions &options = job.options;
  std::string execError;
  llvm::sys::ProcessInfo done = llvm::sys::Wait(
      job.process,
      options.timeoutSeconds ? std::optional<unsigned>(options.timeoutSeconds)
                             : std::nullopt,
      &execError);
  job.running = false;
  int status = done.ReturnCode;

  std::string log;
  if (auto buf = llvm::MemoryBuffer::getFile(job.logPath))
    log = (*buf)->getBuffer().str();

  // A ptxas older than the target is the user's setup, not our bug: say
  // which release is needed rather than report an internal error.
  if (status > 0 && (llvm::StringRef(log).contains("Unsupported .version") ||
                     llvm::StringRef(log).contains("is not defined for option"))) {
    llvm::StringRef first = llvm::StringRef(log).trim();
    first = first.take_until([](char c) { return c == '\n'; }).trim();
    return makeError(
        "this ptxas (" + job.ptxas + ") cannot assemble for " + options.arch +
        " (it says: " + first + "); that needs ptxas from CUDA " +
        (options.requiredCudaRelease.empty() ? std::string("a newer release")
                                             : options.requiredCudaRelease) +
        " or newer: pass --ptxas-path, set CUDA_HOME, or pip install "
        "nvidia-cuda-nvcc");
  }
  if (status != 0) {
    auto failure = std::make_unique<PtxasFailure>();
    // Wait answers -2 both for a timeout and for a death by a signal; only
    // its message tells them apart.
    if (status == -2 && llvm::StringRef(execError).contains("timed out"))
      failure->what =
          "timed out after " + std::to_string(options.timeoutSeconds) + "s";
    else if (status < 0)
      failure->what =
          "crashed" + (execError.empty() ? "" : " (" + execError + ")");
    else
      failure->what = "exited with status " + std::to_string(status);
    failure->ptxasLog = log;
    failure->quotedLines = quoteFailingLines(log, job.ptx);
    failure->args = job.args;
    failure->ptxArgIndex = job.ptxArgIndex;
    failure->cubinArgIndex = job.cubinArgIndex;
    failure->ptxKept = options.keepTemps;
    return llvm::Error(std::move(failure));
  }

  auto cubinBuf = llvm::MemoryBuffer::getFile(job.cubinPath, /*IsText=*/false,
                                              /*RequiresNullTerminator=*/false);
  if (!cubinBuf)
    return makeError("ptxas produced no cubin: " +
                     cubinBuf.getError().message());
  PtxasResult result;
  result.cubin.assign((*cubinBuf)->getBufferStart(),
                      (*cubinBuf)->getBufferEnd());
  result.kernels = parsePtxasVerboseLog(log);
  result.log = std::move(log);
  result.command = std::move(job.command);
  return result;
}

llvm::Expected<PtxasResult> tileir::runPtxas(llvm::StringRef ptx,
                                             const PtxasOptions &options) {
  llvm::Expected<PtxasJobPtr> job = startPtxas(ptx, options);
  if (!job)
    return job.takeError();
  return finishPtxas(**job);
}

/// Reads the number in front of `unit` in `text` ("32 registers").
static std::optional<uint64_t> numberBefore(llvm::StringRef text,
                                            llvm::StringRef unit) {
  size_t at = text.find(unit);
  if (at == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef head = text.take_front(at).rtrim();
  size_t start = head.find_last_not_of("0123456789");
  llvm::StringRef digits =
      start == llvm::StringRef::npos ? head : head.drop_front(start + 1);
  uint64_t value;
  if (digits.empty() || digits.getAsInteger(10, value))
    return std::nullopt;
  return value;
}

std::vector<KernelResourceUsage>
tileir::parsePtxasVerboseLog(llvm::StringRef log) {
  std::vector<KernelResourceUsage> kernels;
  llvm::SmallVector<llvm::StringRef> lines;
  log.split(lines, '\n');
  KernelResourceUsage *current = nullptr;
  // The note may precede the entry's own lines.
  llvm::StringMap<std::string> serializedWhy;
  for (llvm::StringRef line : lines) {
    // "... wgmma.mma_async instructions are serialized due to <why> in the
    // function '<name>'[ in line N]": not tied to the current entry.
    constexpr llvm::StringLiteral serialized =
        "wgmma.mma_async instructions are serialized due to ";
    constexpr llvm::StringLiteral inFunction = " in the function '";
    if (size_t at = line.find(serialized); at != llvm::StringRef::npos) {
      llvm::StringRef rest = line.drop_front(at + serialized.size());
      size_t in = rest.find(inFunction);
      llvm::StringRef why = rest.take_front(in);
      if (in != llvm::StringRef::npos) {
        llvm::StringRef name = rest.drop_front(in + inFunction.size())
                                   .take_until([](char c) { return c == '\''; });
        serializedWhy.try_emplace(name, why.str());
      }
      continue;
    }
    size_t entry = line.find("Compiling entry function '");
    if (entry != llvm::StringRef::npos) {
      llvm::StringRef rest = line.drop_front(entry + 26);
      kernels.push_back({});
      kernels.back().name = rest.take_until([](char c) { return c == '\''; })
                                .str();
      current = &kernels.back();
      continue;
    }
    size_t props = line.find("Function properties for ");
    if (props != llvm::StringRef::npos) {
      llvm::StringRef name = line.drop_front(props + 24).trim();
      name.consume_back(":");
      current = nullptr;
      for (KernelResourceUsage &k : kernels)
        if (k.name == name)
          current = &k;
      continue;
    }
    if (!current)
      continue;
    if (auto v = numberBefore(line, "bytes stack frame"))
      current->stackFrameBytes = *v;
    if (auto v = numberBefore(line, "bytes spill stores"))
      current->spillStoreBytes = *v;
    if (auto v = numberBefore(line, "bytes spill loads"))
      current->spillLoadBytes = *v;
    if (line.contains("Used ")) {
      if (auto v = numberBefore(line, "registers"))
        current->registers = *v;
      if (auto v = numberBefore(line, "barriers"))
        current->barriers = *v;
      if (auto v = numberBefore(line, "bytes smem"))
        current->sharedBytes = *v;
      if (auto v = numberBefore(line, "bytes cmem[0]"))
        current->constantBytes = *v;
    }
  }
  for (KernelResourceUsage &k : kernels)
    if (auto it = serializedWhy.find(k.name); it != serializedWhy.end())
      k.wgmmaSerialized = it->second;
  return kernels;
}
