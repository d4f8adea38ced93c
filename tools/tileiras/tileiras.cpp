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
// stderr in the form cuTile parses, and the exit status is 1. An internal
// failure (a crash, an LLVM fatal error, ptxas rejecting our PTX) is
// contained: `error: internal compiler error in <stage>: ...`, a reproducer
// in `<output>.repro/`, exit status 2 -- never a signal death.
//
//===----------------------------------------------------------------------===//

#include "tileir/Bytecode/BytecodeReader.h"
#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Pipeline/CrashContainment.h"
#include "tileir/Pipeline/Pipeline.h"
#include "tileir/Support/Diagnostics.h"
#include "tileir/Support/VersionHash.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Remarks.h"
#include "mlir/Remark/RemarkStreamer.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"

#include <cstdlib>
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

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
                     "(sm_80, sm_86, sm_87, sm_88, sm_89, sm_90, sm_100, "
                     "sm_103, sm_110, sm_120, sm_121)."),
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
// The host NVIDIA's tileiras compiles for; the cubin does not depend on it,
// but the values are NVIDIA's, so a typo fails as it does there.
enum class HostArch { X86_64, AArch64 };
enum class HostOS { Linux, Windows };
static cl::opt<HostArch> hostArch(
    "host-arch",
    cl::desc("Host architecture (accepted for compatibility; the cubin does "
             "not depend on it)"),
    cl::values(clEnumValN(HostArch::X86_64, "x86_64", "x86_64"),
               clEnumValN(HostArch::AArch64, "aarch64", "aarch64")),
    cl::cat(assemblerCategory));
static cl::opt<HostOS> hostOS(
    "host-os",
    cl::desc("Host operating system (accepted for compatibility; the cubin "
             "does not depend on it)"),
    cl::values(clEnumValN(HostOS::Linux, "linux", "linux"),
               clEnumValN(HostOS::Windows, "windows", "windows")),
    cl::cat(assemblerCategory));
static cl::opt<std::string> sanitize(
    "sanitize",
    cl::desc("Enable compiler instrumentation for the sanitizer tool "
             "specified by the option (memcheck: not supported here, "
             "refused with an error)"),
    cl::value_desc("tool"), cl::cat(assemblerCategory));
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

// Hidden flags for testing and debugging the compiler itself (not in --help).
static cl::opt<std::string> debugCrash(
    "tileir-debug-crash",
    cl::desc("Deliberately crash in a stage: <stage>[:segv|fatal|abort|fpe|"
             "ill|bus|stack-overflow]; stages are import, verify, compile, a "
             "pass argument, llvm-translation, ptx-emission, ptxas, output"),
    cl::ReallyHidden);
static cl::opt<bool>
    debugBadPtx("tileir-debug-bad-ptx",
                cl::desc("Hand ptxas invalid PTX (tests its error reports)"),
                cl::ReallyHidden);
static cl::opt<bool> ptxOnly(
    "tileir-ptx-only",
    cl::desc("Write the PTX to the output file and do not run ptxas (for "
             "comparing the PTX of two builds)"),
    cl::ReallyHidden);
static cl::opt<bool> disableWgmma(
    "tileir-disable-wgmma",
    cl::desc("Lower matrix products with mma.sync even where wgmma exists "
             "(times the sm_80 path on an sm_90)"),
    cl::ReallyHidden);
static cl::opt<bool> disableWarpSpecialization(
    "tileir-disable-warp-specialization",
    cl::desc("Keep every warp of a pipelined wgmma loop on the same code "
             "instead of adding producer warps that issue its copies"),
    cl::ReallyHidden);
static cl::opt<bool> disableTma(
    "tileir-disable-tma",
    cl::desc("Copy pipelined operands with cp.async instead of TMA with "
             "tensor maps built on the device (producer warps, or the first "
             "thread of an unspecialized loop)"),
    cl::ReallyHidden);
static cl::opt<bool> enableProductOverlap(
    "tileir-enable-product-overlap",
    cl::desc("Run the accumulating product of an attention-like loop one "
             "iteration late, beside the softmax (off: measured slower)"),
    cl::ReallyHidden);
static cl::opt<bool> disableProductSwap(
    "tileir-disable-product-swap",
    cl::desc("Transpose the N-contiguous B of 8-bit wgmma products through "
             "shared memory instead of computing B^T A^T with B^T in "
             "registers"),
    cl::ReallyHidden);
static cl::opt<bool> disableEmptyBarriers(
    "tileir-disable-empty-barriers",
    cl::desc("Keep a CTA barrier before each refill of an unspecialized TMA "
             "loop instead of releasing stages on mbarriers"),
    cl::ReallyHidden);
static cl::opt<bool> disableOperandPrefetch(
    "tileir-disable-operand-prefetch",
    cl::desc("Build an asynchronous product's register operand after the "
             "product before it completes instead of while it runs (no "
             "unrolling by two)"),
    cl::ReallyHidden);
static cl::opt<bool> twoStagingStages(
    "tileir-two-staging-stages",
    cl::desc("Alternate asynchronous products' staging buffers between two "
             "stages, with a CTA barrier before each store, instead of "
             "rotating through three"),
    cl::ReallyHidden);
static cl::opt<bool> enableStagingHoist(
    "tileir-enable-staging-hoist",
    cl::desc("In loops unrolled by two with staging buffers in rotation, "
             "stage the second copy's operand before the wait that ends the "
             "first copy"),
    cl::ReallyHidden);
static cl::opt<bool> disableAsyncProducts(
    "tileir-disable-async-products",
    cl::desc("Keep independent warpgroup products of a block synchronous "
             "instead of issuing them together (tileir-async-products)"),
    cl::ReallyHidden);
static cl::opt<bool> enableRowSplit(
    "tileir-enable-row-split",
    cl::desc("Compute the 128 rows of a one-warpgroup loop of chained "
             "products as two halves of 64 (tileir-split-rows)"),
    cl::ReallyHidden);
static cl::opt<bool> tensorMapsInShared(
    "tileir-tensormaps-in-shared",
    cl::desc("Build each tensor map in shared memory and copy it to its "
             "global slot, the maps of a slot sharing one proxy fence "
             "(=false: build them in global memory)"),
    cl::init(true), cl::ReallyHidden);
static cl::opt<bool> coalesceStores(
    "tileir-coalesce-stores",
    cl::desc("Convert a tile stored through a view to the blocked layout "
             "first, so that each warp writes whole lines, in kernels whose "
             "products are all wgmma products and that reduce nothing "
             "(=false: store from the tile's own layout)"),
    cl::init(true), cl::ReallyHidden);
static cl::opt<bool> pairRowTiles(
    "tileir-pair-row-tiles",
    cl::desc("Let the CTA of an even x id compute its odd neighbour's 64-row "
             "tiles too, as 128-row tiles (tileir-pair-row-tiles; =false: "
             "never)"),
    cl::init(true), cl::ReallyHidden);
static cl::opt<bool> pairColumnTiles(
    "tileir-pair-column-tiles",
    cl::desc("Let the CTA of an even y id compute its odd neighbour's "
             "128-column tiles too, as 256-column tiles "
             "(tileir-pair-row-tiles; =false: never)"),
    cl::init(true), cl::ReallyHidden);
static cl::opt<bool> pairTf32Columns(
    "tileir-pair-tf32-columns",
    cl::desc("With column pairing, pair the columns of tf32 products too "
             "(128x128 tiles computed as 128x256)"),
    cl::ReallyHidden);
static cl::opt<bool> disablePairedVersions(
    "tileir-disable-paired-versions",
    cl::desc("Paired kernels carry no unpaired version for small grids"),
    cl::ReallyHidden);
static cl::opt<int64_t> unpairedMaxCTAs(
    "tileir-unpaired-max-ctas",
    cl::desc("Grids of at most this many CTAs run a paired kernel's "
             "unpaired version (negative: the GPU's SM count)"),
    cl::init(-1), cl::ReallyHidden);
static cl::opt<bool> producerReleasesMaps(
    "tileir-producer-releases-maps",
    cl::desc("In a warp-specialized TMA loop the producer thread frees the "
             "tensor-map slot once every stage's last copy has landed, "
             "instead of the compute warps after their loop"),
    cl::ReallyHidden);
static cl::opt<bool> tmaOneWarpgroup(
    "tileir-tma-one-warpgroup",
    cl::desc("Let an unspecialized loop of one compute warpgroup copy with "
             "TMA from its first thread (by default every warp copies with "
             "cp.async)"),
    cl::ReallyHidden);
static cl::opt<bool> disableGroupedRaster(
    "tileir-disable-grouped-raster",
    cl::desc("Keep GEMM kernels' tile blocks in launch order (x fastest) "
             "instead of groups of 8 along x"),
    cl::ReallyHidden);
static cl::opt<unsigned> rasterGroup(
    "tileir-raster-group",
    cl::desc("x ids per group of GEMM kernels' grouped raster (0: the "
             "default)"),
    cl::init(0), cl::ReallyHidden);
static cl::opt<unsigned> producerWarps(
    "tileir-producer-warps",
    cl::desc("Producer warps of warp-specialized kernels (0: the default; "
             "else 4 or 8)"),
    cl::init(0), cl::ReallyHidden);
static cl::opt<unsigned> pipelineStages(
    "tileir-pipeline-stages",
    cl::desc("Stages of pipelined loops (0: the planner's choice)"),
    cl::init(0), cl::ReallyHidden);
static cl::opt<unsigned> ctasPerSM(
    "tileir-ctas-per-sm",
    cl::desc("CTAs per SM that pipelined loops leave shared memory for, "
             "where no occupancy hint asks (0: the planner's rule)"),
    cl::init(0), cl::ReallyHidden);
static cl::opt<bool> disableMaskUnswitching(
    "tileir-disable-mask-unswitching",
    cl::desc("Keep every element mask of a loop (no scalar test that skips "
             "a mask every element passes)"),
    cl::ReallyHidden);
static cl::opt<bool> disableRematerialization(
    "tileir-disable-remat-after-loops",
    cl::desc("Never emit a kernel that spilled a little again with the values "
             "its loops keep without reading them computed after the loops"),
    cl::ReallyHidden);
static cl::opt<bool> forceRematerialization(
    "tileir-force-remat-after-loops",
    cl::desc("Emit every kernel with the values its loops keep without "
             "reading them computed after the loops"),
    cl::ReallyHidden);
static cl::opt<bool> disableSpeculativeEmission(
    "tileir-disable-speculative-emission",
    cl::desc("Emit a kernel with values recomputed after loops only after "
             "ptxas spilled the first emission, never beside it"),
    cl::ReallyHidden);
static cl::opt<bool> widenFp8Products(
    "tileir-widen-fp8-mma",
    cl::desc("Multiply 8-bit floats as f16 on every target, as on those "
             "without 8-bit mma.sync"),
    cl::ReallyHidden);
static cl::opt<unsigned> numWarps(
    "tileir-num-warps",
    cl::desc("Warps per CTA of every kernel, hints included (0: the "
             "planner's choice; else 1, 2, 4, 8, 16 or 32)"),
    cl::init(0), cl::ReallyHidden);
static cl::opt<bool> noSupervisor(
    "tileir-no-supervisor",
    cl::desc("Compile in this process only (for running under a debugger)"),
    cl::ReallyHidden);
static cl::opt<uint64_t> maxUnrolledOpsPerOp(
    "tileir-max-unrolled-ops-per-op",
    cl::desc("Code-size budget: estimated per-thread operations of one op"),
    cl::ReallyHidden);
static cl::opt<uint64_t> maxUnrolledOpsPerKernel(
    "tileir-max-unrolled-ops-per-kernel",
    cl::desc("Code-size budget: estimated per-thread operations of a kernel"),
    cl::ReallyHidden);
static cl::opt<uint64_t> maxLLVMOperations(
    "tileir-max-llvm-operations",
    cl::desc("Code-size budget: LLVM operations after conversion"),
    cl::ReallyHidden);

/// Options also read from this environment variable, for experiments
/// through a client that builds the command line itself (cuTile).
static constexpr const char *kOptionsEnvVar = "TILEIRAS_OPTIONS";

static void printVersion(llvm::raw_ostream &os) {
  os << "tileiras: tileir Tile IR compiler, version " TILEIR_VERSION_STRING
        " (sources " TILEIR_SOURCE_HASH ")";
  // Options from the environment change the code: they go into the line
  // cuTile keys its cubin cache on.
  if (const char *extra = std::getenv(kOptionsEnvVar); extra && *extra)
    os << " [" << kOptionsEnvVar << "=" << extra << "]";
  os << "\n"
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

namespace {
/// Prints each remark as one `remark:` diagnostic at the kernel's location,
/// so it reaches stderr in the form cuTile reads.
class DiagnosticRemarkStreamer
    : public mlir::remark::detail::MLIRRemarkStreamerBase {
public:
  void streamOptimizationRemark(
      const mlir::remark::detail::Remark &remark) override {
    std::string text;
    for (const mlir::remark::detail::Remark::Arg &arg : remark.getArgs())
      if (arg.key == "Remark")
        text += arg.val;
    mlir::emitRemark(remark.getLocation())
        << "[" << remark.getRemarkTypeString() << "] " << text;
  }
};
} // namespace

/// The remark-engine filter for one remark flag ("none" and "" enable
/// nothing, "all" everything, a category itself).
static std::optional<std::string> getRemarkFilter(llvm::StringRef flag) {
  if (flag.empty() || flag == "none")
    return std::nullopt;
  if (flag == "all")
    return std::string(".*");
  return flag.str();
}

/// Routes the remarks the flags ask for (the resource planner's are in
/// category `memory`): to stderr with --remark-format=command-line, to the
/// --remarks-output-file in LLVM's YAML remark format with yaml.
static LogicalResult setUpRemarks(MLIRContext &context) {
  mlir::remark::RemarkCategories categories;
  std::optional<std::string> everything = getRemarkFilter(remarks);
  auto pick = [&](const cl::opt<std::string> &specific) {
    if (std::optional<std::string> filter = getRemarkFilter(specific))
      return filter;
    return everything;
  };
  categories.passed = pick(remarksPassed);
  categories.missed = pick(remarksMissed);
  categories.failed = pick(remarksFailed);
  categories.analysis = pick(remarksAnalysis);
  if (!categories.passed && !categories.missed && !categories.failed &&
      !categories.analysis)
    return success();
  auto policy = std::make_unique<mlir::remark::RemarkEmittingPolicyAll>();
  if (remarkFormat == "yaml") {
    if (failed(mlir::remark::enableOptimizationRemarksWithLLVMStreamer(
            context, remarksOutputFile, llvm::remarks::Format::YAML,
            std::move(policy), categories))) {
      fail("unable to open remarks output file '" + remarksOutputFile + "'");
      return failure();
    }
    return success();
  }
  return mlir::remark::enableOptimizationRemarks(
      context, std::make_unique<DiagnosticRemarkStreamer>(), std::move(policy),
      categories);
}

static int run(const char *argv0) {
  if (listVersions) {
    for (BytecodeVersion v :
         {BytecodeVersion::kV13_1, BytecodeVersion::kV13_2,
          BytecodeVersion::kV13_3, BytecodeVersion::kV13_4,
          BytecodeVersion::kV13_5})
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
  // Instrumentation that is asked for and silently left out would let a
  // user believe a kernel was checked.
  if (sanitize.getNumOccurrences()) {
    if (sanitize == "memcheck")
      return fail("--sanitize=memcheck is not supported by this tileiras: "
                  "its memory accesses are not instrumented; compile "
                  "without it, or with NVIDIA's tileiras to sanitize");
    return fail("unknown sanitizer '" + sanitize +
                "' (the one NVIDIA's tileiras offers is memcheck)");
  }

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
  // Single-threaded: a crash must happen on the thread whose
  // CrashRecoveryContext contains it, and cuTile compiles one kernel per
  // process anyway.
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);
  context.loadAllAvailableDialects();
  // Users get one line per problem at their source location, not our IR.
  context.printOpOnDiagnostic(false);
  // One line per diagnostic, in the form cuTile parses.
  CuTileDiagnosticHandler diagnostics(&context, llvm::errs());
  if (failed(setUpRemarks(context)))
    return 1;

  OwningOpRef<cuda_tile::ModuleOp> module;
  {
    crash::StageScope stage("import", "bytecode reading");
    module = importModule(input->getMemBufferRef(), &context);
  }
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
  options.stopAfterPTX = ptxOnly;
  options.disableWgmma = disableWgmma;
  options.pipelineStages = pipelineStages;
  options.ctasPerSM = ctasPerSM;
  options.disableMaskUnswitching = disableMaskUnswitching;
  options.rematerializeAfterLoops = !disableRematerialization;
  options.forceRematerializeAfterLoops = forceRematerialization;
  options.speculativeEmission = !disableSpeculativeEmission;
  options.widenFp8Products = widenFp8Products;
  options.disableWarpSpecialization = disableWarpSpecialization;
  options.disableTma = disableTma;
  options.disableGroupedRaster = disableGroupedRaster;
  options.disableProductSwap = disableProductSwap;
  options.disableEmptyBarriers = disableEmptyBarriers;
  options.disableOperandPrefetch = disableOperandPrefetch;
  options.twoStagingStages = twoStagingStages;
  options.enableStagingHoist = enableStagingHoist;
  options.disableAsyncProducts = disableAsyncProducts;
  options.enableRowSplit = enableRowSplit;
  options.tmaOneWarpgroup = tmaOneWarpgroup;
  options.coalesceStores = coalesceStores;
  options.tensorMapsInShared = tensorMapsInShared;
  options.producerReleasesMaps = producerReleasesMaps;
  options.pairRowTiles = pairRowTiles;
  options.pairColumnTiles = pairColumnTiles;
  options.pairTf32Columns = pairTf32Columns;
  options.versionPairedKernels = !disablePairedVersions;
  options.unpairedMaxCTAs = unpairedMaxCTAs;
  options.enableProductOverlap = enableProductOverlap;
  options.rasterGroup = rasterGroup;
  if (producerWarps == 4 || producerWarps == 8)
    options.producerWarps = producerWarps;
  if (numWarps > 32 || (numWarps & (numWarps - 1))) {
    llvm::errs() << "error: --tileir-num-warps must be 0, 1, 2, 4, 8, 16 or 32\n";
    return 2;
  }
  options.numWarps = numWarps;
  if (maxUnrolledOpsPerOp.getNumOccurrences())
    options.maxUnrolledOpsPerOp = maxUnrolledOpsPerOp;
  if (maxUnrolledOpsPerKernel.getNumOccurrences())
    options.maxUnrolledOpsPerKernel = maxUnrolledOpsPerKernel;
  if (maxLLVMOperations.getNumOccurrences())
    options.maxLLVMOperations = maxLLVMOperations;

  {
    crash::StageScope stage("verify", "verification");
    if (failed(verifyModule(*module, options)))
      return 1;
  }
  crash::StageScope compileStage("compile", "code generation");
  FailureOr<CompileResult> result = compileModule(*module, options);
  if (failed(result))
    return 1;
  crash::StageScope outputStage("output", "writing the output");

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
  if (ptxOnly)
    out->os() << result->ptx;
  else
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
                   << " shared=" << k.sharedBytes
                   << " threads=" << k.threads << "\n";
  return 0;
}

/// What a reproducer records about this invocation.
static crash::ReproducerInfo getReproducerInfo(int argc, char **argv) {
  crash::ReproducerInfo info;
  info.inputPath = inputFile;
  info.outputPath = outputFile;
  for (int i = 0; i < argc; ++i) {
    if (i)
      info.commandLine += ' ';
    info.commandLine += crash::shellQuote(argv[i]);
  }
  info.rerunFlags = "--gpu-name " + crash::shellQuote(gpuName) + " -O" +
                    (optLevelShort.getNumOccurrences() ? std::string(optLevelShort)
                                                       : std::string(optLevel));
  if (lineInfo)
    info.rerunFlags += " --lineinfo";
  if (deviceDebug)
    info.rerunFlags += " --device-debug";
  llvm::raw_string_ostream os(info.options);
  os << "  gpu-name: " << gpuName << "\n"
     << "  opt-level: "
     << (optLevelShort.getNumOccurrences() ? std::string(optLevelShort)
                                           : std::string(optLevel))
     << "\n"
     << "  lineinfo: " << (lineInfo ? "yes" : "no") << "\n"
     << "  device-debug: " << (deviceDebug ? "yes" : "no") << "\n"
     << "  ptxas-path: " << (ptxasPath.empty() ? std::string("(searched)") : ptxasPath)
     << "\n";
  return info;
}

/// Runs the compilation with every stage contained: a crash or fatal error
/// unwinds here, and an internal error (recorded by a stage or by the
/// containment) is reported with a reproducer and exit status 2.
static int runContained(int argc, char **argv) {
  crash::installFatalErrorHandlers();
  int status = 1;
  bool completed = crash::runContained([&] { status = run(argv[0]); });
  const std::optional<crash::InternalError> &error = crash::getInternalError();
  if (completed && (status == 0 || !error))
    return status;
  crash::printInternalError(*error, getReproducerInfo(argc, argv));
  if (!completed) {
    // The crashed stage's state may be corrupt: skip all destructors.
    llvm::errs().flush();
    std::fflush(nullptr);
    std::_Exit(crash::kInternalErrorExitCode);
  }
  return crash::kInternalErrorExitCode;
}

/// The last line of defence. The compilation runs in a child process;
/// what in-process containment cannot catch (a stack overflow, a corrupted
/// heap, the out-of-memory killer) kills only the child, and this parent
/// reports it as an internal error in the stage the child had recorded in
/// shared memory.
static int runSupervised(int argc, char **argv) {
  if (noSupervisor)
    return runContained(argc, argv);
  void *page = mmap(nullptr, sizeof(crash::SharedState),
                    PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (page == MAP_FAILED)
    return runContained(argc, argv);
  crash::useSharedState(static_cast<crash::SharedState *>(page));
  llvm::outs().flush();
  llvm::errs().flush();
  std::fflush(nullptr);
  pid_t parent = getpid();
  pid_t child = fork();
  if (child < 0)
    return runContained(argc, argv);
  if (child == 0) {
    // Do not outlive a parent that was killed (e.g. by a caller's timeout).
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent)
      std::_Exit(crash::kInternalErrorExitCode);
    return runContained(argc, argv);
  }
  int waitStatus = 0;
  while (waitpid(child, &waitStatus, 0) < 0) {
    if (errno != EINTR)
      return runContained(argc, argv);
  }
  if (WIFEXITED(waitStatus))
    return WEXITSTATUS(waitStatus);
  crash::InternalError error;
  llvm::StringRef stage = crash::state().stage;
  error.stage = stage.empty() ? "tileiras" : stage.str();
  int signal = WIFSIGNALED(waitStatus) ? WTERMSIG(waitStatus) : 0;
  error.what = "crashed with signal " + std::to_string(signal) + " (" +
               strsignal(signal) + ")";
  if (signal == SIGSEGV)
    error.details = "(a fault the compiler could not recover from in "
                    "process, e.g. a stack overflow)";
  else if (signal == SIGKILL)
    error.details = "(killed: out of memory?)";
  crash::printInternalError(error, getReproducerInfo(argc, argv));
  return crash::kInternalErrorExitCode;
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  cl::HideUnrelatedOptions({&assemblerCategory, &remarkCategory});
  cl::SetVersionPrinter(printVersion);
  cl::ParseCommandLineOptions(argc, argv,
                              "tileiras: Tile IR bytecode to cubin compiler\n",
                              /*Errs=*/nullptr, /*VFS=*/nullptr,
                              kOptionsEnvVar);
  if (!debugCrash.empty())
    if (std::optional<std::string> message = crash::setDebugCrash(debugCrash))
      return fail(*message);
  crash::setDebugBadPTX(debugBadPtx);
  // --version, --help and flag errors never get here; a compilation does.
  return runSupervised(argc, argv);
}
