//===- tileiras.cpp - The Tile IR bytecode to cubin compiler --------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A drop-in `tileiras`: the command line cuTile Python runs
//
//   tileiras IN.bytecode -o OUT.cubin --gpu-name sm_XX -O<n>
//            [--lineinfo | --device-debug] [remarks flags]
//
// plus `--version` (a line that changes whenever the compiler changes, since
// cuTile keys its cubin cache on it) and `--list-versions`. Errors go to
// stderr in the form cuTile parses, and the exit status is 1.
//
//===----------------------------------------------------------------------===//

#include "tileir/Bytecode/BytecodeReader.h"
#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Pipeline/Pipeline.h"
#include "tileir/Support/Diagnostics.h"
#include "tileir/Support/VersionHash.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace tileir;
namespace cl = llvm::cl;

static cl::OptionCategory assemblerCategory("TileIR Assembler Options");
static cl::OptionCategory remarkCategory("TileIR Assembler Remark Options");

static cl::opt<std::string> inputFile(cl::Positional,
                                      cl::desc("<tile bytecode file>"),
                                      cl::cat(assemblerCategory));
static cl::opt<std::string> outputFile("output-file",
                                       cl::desc("Specify name of output file."),
                                       cl::value_desc("file"),
                                       cl::init("elf.o"),
                                       cl::cat(assemblerCategory));
static cl::alias outputFileShort("o", cl::desc("Alias for --output-file"),
                                 cl::aliasopt(outputFile),
                                 cl::cat(assemblerCategory));
static cl::opt<std::string>
    gpuName("gpu-name",
            cl::desc("Specify name of NVIDIA GPU to generate code for "
                     "(sm_80, sm_86, sm_89, sm_90, sm_100, sm_120)."),
            cl::value_desc("sm_XX"), cl::cat(assemblerCategory));
static cl::alias gpuNameAlias("arch", cl::desc("Alias for --gpu-name"),
                              cl::aliasopt(gpuName),
                              cl::cat(assemblerCategory));
static cl::opt<std::string>
    optLevel("opt-level",
             cl::desc("Specify optimization level. Default Value: 3."),
             cl::value_desc("N"), cl::init("3"), cl::cat(assemblerCategory));
static cl::opt<std::string> optLevelShort("O", cl::desc("Alias for --opt-level"),
                                          cl::Prefix, cl::ValueOptional,
                                          cl::cat(assemblerCategory));
static cl::opt<bool>
    lineInfo("lineinfo",
             cl::desc("Generate line-number information (if present in the "
                      "input bytecode)"),
             cl::cat(assemblerCategory));
static cl::opt<bool> deviceDebug(
    "device-debug",
    cl::desc("Generate debug information (if present in the input bytecode)"),
    cl::cat(assemblerCategory));
static cl::alias deviceDebugShort("g", cl::desc("Alias for --device-debug"),
                                  cl::aliasopt(deviceDebug),
                                  cl::cat(assemblerCategory));
static cl::opt<bool>
    listVersions("list-versions",
                 cl::desc("List all supported bytecode versions and exit"),
                 cl::cat(assemblerCategory));
static cl::opt<std::string>
    hostArch("host-arch", cl::desc("Accepted for compatibility; ignored."),
             cl::cat(assemblerCategory));
static cl::opt<std::string>
    hostOS("host-os", cl::desc("Accepted for compatibility; ignored."),
           cl::cat(assemblerCategory));
static cl::opt<std::string>
    ptxasPath("ptxas-path", cl::desc("ptxas to assemble PTX with"),
              cl::value_desc("path"), cl::cat(assemblerCategory));
static cl::opt<bool> keepTemps("keep-temps",
                               cl::desc("Keep the PTX handed to ptxas"),
                               cl::cat(assemblerCategory));
static cl::opt<bool> resourceUsage(
    "resource-usage",
    cl::desc("Print each kernel's registers, spills, shared memory and "
             "threads to stderr"),
    cl::cat(assemblerCategory));
static cl::opt<std::string>
    emitPtxFile("emit-ptx", cl::desc("Also write the PTX to this file"),
                cl::value_desc("file"), cl::cat(assemblerCategory));

static cl::opt<std::string>
    remarkFormat("remark-format",
                 cl::desc("Specify the format for remark output "
                          "(command-line or yaml)"),
                 cl::init("command-line"), cl::cat(remarkCategory));
static cl::opt<std::string> remarks(
    "remarks",
    cl::desc("Enable all remark types for a category (none, all, memory, "
             "tensorcore)"),
    cl::init("none"), cl::cat(remarkCategory));
static cl::opt<std::string>
    remarksPassed("remarks-passed", cl::desc("Category for passed remarks"),
                  cl::cat(remarkCategory));
static cl::opt<std::string>
    remarksMissed("remarks-missed", cl::desc("Category for missed remarks"),
                  cl::cat(remarkCategory));
static cl::opt<std::string>
    remarksFailed("remarks-failed", cl::desc("Category for failed remarks"),
                  cl::cat(remarkCategory));
static cl::opt<std::string>
    remarksAnalysis("remarks-analysis",
                    cl::desc("Category for analysis remarks"),
                    cl::cat(remarkCategory));
static cl::opt<std::string> remarksOutputFile(
    "remarks-output-file",
    cl::desc("Output file for YAML remark format. Default is "
             "tileir_remarks.yaml"),
    cl::init("tileir_remarks.yaml"), cl::cat(remarkCategory));

static void printVersion(llvm::raw_ostream &os) {
  os << "tileiras: tileir Tile IR compiler, version " TILEIR_VERSION_STRING
        " (sources " TILEIR_SOURCE_HASH ")\n"
     << "Reads Tile IR bytecode " << BytecodeVersion::kMinSupported.str()
     << " to " << BytecodeVersion::kMax.str() << "; targets "
     << getSupportedTargetList() << "\n";
}

static int fail(const llvm::Twine &message) {
  llvm::errs() << "error: " << message << "\n";
  return 1;
}

static std::optional<unsigned> parseOptLevel() {
  std::string text = optLevel;
  if (optLevelShort.getNumOccurrences())
    text = optLevelShort;
  unsigned level;
  if (llvm::StringRef(text).getAsInteger(10, level) || level > 3)
    return std::nullopt;
  return level;
}

/// Validates the remark flags; remarks themselves are written by the
/// resource planner when it has something to say.
static LogicalResult checkRemarkFlags() {
  auto isCategory = [](llvm::StringRef v) {
    return v.empty() || v == "none" || v == "all" || v == "memory" ||
           v == "tensorcore";
  };
  for (const cl::opt<std::string> *opt :
       {&remarks, &remarksPassed, &remarksMissed, &remarksFailed,
        &remarksAnalysis})
    if (!isCategory(*opt)) {
      fail("invalid remark category '" + *opt +
           "' (expected none, all, memory or tensorcore)");
      return failure();
    }
  if (remarkFormat != "command-line" && remarkFormat != "yaml") {
    fail("invalid remark format '" + remarkFormat +
         "' (expected command-line or yaml)");
    return failure();
  }
  return success();
}

static int run(const char *argv0) {
  if (listVersions) {
    for (BytecodeVersion v :
         {BytecodeVersion::kV13_1, BytecodeVersion::kV13_2,
          BytecodeVersion::kV13_3})
      llvm::outs() << v.str() << "\n";
    return 0;
  }
  if (inputFile.empty())
    return fail("no input file provided");
  std::optional<unsigned> level = parseOptLevel();
  if (!level)
    return fail("invalid optimization level: " +
                (optLevelShort.getNumOccurrences() ? optLevelShort
                                                   : optLevel));
  if (failed(checkRemarkFlags()))
    return 1;

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::openInputFile(inputFile, &errorMessage);
  if (!input)
    return fail("unable to read input file '" + inputFile +
                "': " + errorMessage);

  // An unsupported version is reported before anything else is read, so
  // cuTile's version probe gets a prompt, clear answer.
  if (isTileIRBytecode(input->getBuffer())) {
    std::optional<BytecodeVersion> version =
        peekBytecodeVersion(input->getBuffer());
    if (version && !version->isSupported())
      return fail("unsupported Tile IR bytecode version " + version->str() +
                  "; this compiler reads versions " +
                  BytecodeVersion::kMinSupported.str() + " to " +
                  BytecodeVersion::kMax.str());
  }

  const GPUTarget *target = lookupGPUTarget(gpuName);
  if (!target)
    return fail(gpuName.empty()
                    ? llvm::Twine("no GPU architecture given: pass "
                                  "--gpu-name with one of ") +
                          getSupportedTargetList()
                    : llvm::Twine("GPU architecture ") + gpuName +
                          " is not supported by this tileiras (supported: " +
                          getSupportedTargetList() + ")");

  DialectRegistry registry;
  registerPipelineDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  // One line per diagnostic, in the form cuTile parses.
  CuTileDiagnosticHandler diagnostics(&context, llvm::errs());

  OwningOpRef<cuda_tile::ModuleOp> module =
      importModule(input->getMemBufferRef(), &context);
  if (!module)
    return 1;

  CompileOptions options;
  options.target = target;
  options.optLevel = *level;
  options.lineInfo = lineInfo;
  options.deviceDebug = deviceDebug;
  options.ptxasPath = ptxasPath;
  options.argv0 = argv0;
  options.keepTemps = keepTemps;

  if (failed(verifyModule(*module, options)))
    return 1;
  FailureOr<CompileResult> result = compileModule(*module, options);
  if (failed(result))
    return 1;

  if (!emitPtxFile.empty()) {
    std::unique_ptr<llvm::ToolOutputFile> ptxOut =
        mlir::openOutputFile(emitPtxFile, &errorMessage);
    if (!ptxOut)
      return fail(errorMessage);
    ptxOut->os() << result->ptx;
    ptxOut->keep();
  }

  std::unique_ptr<llvm::ToolOutputFile> out =
      mlir::openOutputFile(outputFile, &errorMessage);
  if (!out)
    return fail("unable to open output file '" + outputFile +
                "': " + errorMessage);
  out->os().write(result->cubin.data(), result->cubin.size());
  out->os().flush();
  if (out->os().has_error())
    return fail("unable to write output file '" + outputFile + "'");
  out->keep();

  if (resourceUsage)
    for (const KernelResourceUsage &k : result->kernels)
      llvm::errs() << "resource-usage: kernel=" << k.name
                   << " registers=" << k.registers
                   << " spill-stores=" << k.spillStoreBytes
                   << " spill-loads=" << k.spillLoadBytes
                   << " stack=" << k.stackFrameBytes
                   << " shared=" << k.sharedBytes << "\n";
  return 0;
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  cl::HideUnrelatedOptions({&assemblerCategory, &remarkCategory});
  cl::SetVersionPrinter(printVersion);
  cl::ParseCommandLineOptions(
      argc, argv, "tileiras: Tile IR bytecode to cubin compiler\n");
  return run(argv[0]);
}
