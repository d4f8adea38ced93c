//===- Pipeline.h - The tileiras compilation pipeline ----------*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The compiler as a library: one options struct and one function per stage,
// bytecode -> cuda_tile -> tile optimizations -> distributed tiles ->
// LLVM/NVVM -> PTX -> cubin. `tileiras` is a thin front end over these, and
// `tile-opt` registers the pass pipelines so each stage can be run alone.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_PIPELINE_PIPELINE_H
#define TILEIR_PIPELINE_PIPELINE_H

#include "tileir/Target/Cubin/Ptxas.h"
#include "tileir/Target/GPUTarget.h"

#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <memory>
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace mlir {
class MLIRContext;
class DialectRegistry;
class OpPassManager;
namespace cuda_tile {
class ModuleOp;
} // namespace cuda_tile
} // namespace mlir

namespace tileir {

/// Everything the command line can ask of a compilation.
struct CompileOptions {
  /// `--gpu-name`; must be one of getSupportedTargets().
  const GPUTarget *target = nullptr;
  /// `-O0` .. `-O3`.
  unsigned optLevel = 3;
  /// `--lineinfo`: `.loc` directives from the bytecode's debug locations.
  bool lineInfo = false;
  /// `--device-debug`: full device debug information (ptxas -g).
  bool deviceDebug = false;
  /// ptxas: explicit path, the tileiras executable (to look beside it), and
  /// whether to keep its inputs.
  std::string ptxasPath;
  std::string argv0;
  bool keepTemps = false;
  unsigned ptxasTimeoutSeconds = 600;
  /// Compile-time bounds (see CodeSizeBudget.h): past them compilation stops
  /// with an error naming the op instead of running for minutes. Estimated
  /// per-thread operations one op may unroll into, the same summed over a
  /// kernel, and LLVM dialect operations after conversion.
  uint64_t maxUnrolledOpsPerOp = uint64_t(1) << 17;
  uint64_t maxUnrolledOpsPerKernel = uint64_t(1) << 20;
  uint64_t maxLLVMOperations = 2'000'000;
  /// `kernel=N`: occupancy to plan instead of the kernel's hint; set by the
  /// re-plan after ptxas (see compileModule).
  std::vector<std::string> occupancyOverrides;
  /// `kernel=N` warps per CTA for kernels whose warps the rule chose (set
  /// by the re-plan after ptxas spilled).
  std::vector<std::string> warpOverrides;
  /// Kernels whose element masks stay (tileir-unswitch-masks leaves them;
  /// set by the re-plan after ptxas spilled in a kernel it had changed).
  std::vector<std::string> keepMasks;
  /// Kernels whose 8-bit float products become f16 products on every target
  /// (set by the re-plan after ptxas spilled in a kernel with 8-bit
  /// mma.sync products).
  std::vector<std::string> widenFp8;
  /// Kernels whose stored tiles stay in their own layout (coalesce-stores
  /// taken back; set by the re-plan after ptxas spilled in a kernel whose
  /// stores tileir-assign-layouts had converted).
  std::vector<std::string> keepStores;
  /// Stop once the PTX exists: the result holds the PTX and no cubin, and
  /// ptxas is not run (the pipeline fuzzer, which must not depend on a
  /// subprocess for every input, and `--tileir-ptx-only`).
  bool stopAfterPTX = false;
  /// Code-generation knobs for experiments (hidden flags): lower products
  /// with mma.sync even where wgmma exists (the sm_80 path on an sm_90),
  /// pipeline loops with this many stages and give kernels without a
  /// `num_worker_warps` hint this many warps (0: the planner's choice).
  bool disableWgmma = false;
  unsigned pipelineStages = 0;
  /// CTAs per SM that pipelines plan their shared memory for where no
  /// occupancy hint asks (0: the planner's rule).
  unsigned ctasPerSM = 0;
  unsigned numWarps = 0;
  /// Keep every element mask of a loop, even where a scalar test shows
  /// that every element passes (tileir-unswitch-masks).
  bool disableMaskUnswitching = false;
  /// When ptxas spills a few bytes of a kernel, emit its PTX again with the
  /// values its loops keep without reading them computed after the loops
  /// (RematerializeAfterLoopsPass), and keep the cubin that spills less.
  bool rematerializeAfterLoops = true;
  /// Emit every kernel that way at once (for timing it).
  bool forceRematerializeAfterLoops = false;
  /// For a kernel likely to need the whole register file, generate and
  /// assemble that second PTX at once, beside the first
  /// (SpeculativeEmission.h); otherwise only after ptxas spilled.
  bool speculativeEmission = true;
  /// Multiply 8-bit floats as f16 on every target (tileir-widen-mma-operands
  /// does on those without 8-bit mma.sync), to time and check that form on
  /// a GPU that has 8-bit products.
  bool widenFp8Products = false;
  /// Keep every warp on the same code (no producer warps).
  bool disableWarpSpecialization = false;
  /// Producer warps copy with cp.async, never with TMA.
  bool disableTma = false;
  /// Run the accumulating product of attention-like loops one iteration
  /// late, beside the softmax (tileir-overlap-products; off: measured
  /// slower, docs/performance.md).
  bool enableProductOverlap = false;
  /// 8-bit wgmma products whose B is N-contiguous keep B transposed
  /// through shared memory instead of computing B^T A^T.
  bool disableProductSwap = false;
  /// Unspecialized TMA loops keep a CTA barrier before each refill.
  bool disableEmptyBarriers = false;
  /// Build a register operand only after the product before it completes
  /// (the default builds it while that product runs, docs/performance.md).
  bool disableOperandPrefetch = false;
  /// Staging buffers of asynchronous products alternate between two stages
  /// (a CTA barrier before each store) instead of rotating through three.
  bool twoStagingStages = false;
  /// A loop unrolled by two with staging buffers in rotation stages its
  /// second copy's operand before the wait that ends the first copy
  /// (2-3% slower on an H100, so off by default).
  bool enableStagingHoist = false;
  /// Keep every warpgroup product synchronous outside the loops
  /// tileir-pipeline-loops rewrites (no tileir-async-products).
  bool disableAsyncProducts = false;
  /// Compute a one-warpgroup loop's 128 rows of chained products as two
  /// halves (tileir-split-rows; measured slower on an H100, so off).
  bool enableRowSplit = false;
  /// Tensor maps are built in shared memory and copied to their slots
  /// (false: built in their global slots; docs/performance.md).
  bool tensorMapsInShared = true;
  /// Tiles stored through views are converted to the blocked layout first
  /// in kernels of wgmma products that reduce nothing
  /// (tileir-assign-layouts).
  bool coalesceStores = true;
  /// An unspecialized loop of one compute warpgroup copies with TMA too.
  bool tmaOneWarpgroup = false;
  /// Tile blocks of even x ids compute their odd neighbours' 64-row
  /// tiles too (tileir-pair-row-tiles).
  bool pairRowTiles = true;
  /// Tile blocks of even y ids compute their odd neighbours' 128-column
  /// tiles too (tileir-pair-row-tiles `columns`).
  bool pairColumnTiles = true;
  /// With pairColumnTiles, pair the columns of tf32 products too (not yet
  /// timed on a GPU).
  bool pairTf32Columns = false;
  /// A paired kernel also carries its unpaired version and runs it on
  /// grids of at most `unpairedMaxCTAs` CTAs (the SM count when negative;
  /// KernelVersions.h).
  bool versionPairedKernels = true;
  int64_t unpairedMaxCTAs = -1;
  /// The producer thread of a warp-specialized TMA loop frees the
  /// tensor-map slot (tileir-pipeline-loops; not yet timed, so off).
  bool producerReleasesMaps = false;
  /// Tile blocks run in launch order, never grouped.
  bool disableGroupedRaster = false;
  /// x ids per group of the grouped raster (0: the default).
  unsigned rasterGroup = 0;
  /// Producer warps of a warp-specialized kernel (0: the default).
  unsigned producerWarps = 0;
};

/// What a compilation produced.
struct CompileResult {
  std::vector<char> cubin;
  std::string ptx;
  std::vector<KernelResourceUsage> kernels;
};

/// Registers every dialect the pipeline may create.
void registerPipelineDialects(mlir::DialectRegistry &registry);

/// Stage 1: reads bytecode (or, for tests and debugging, MLIR text) into a
/// cuda_tile module. Errors are reported through the context.
mlir::OwningOpRef<mlir::cuda_tile::ModuleOp>
importModule(llvm::MemoryBufferRef input, mlir::MLIRContext *context);

/// Stage 1b: verifies the whole module before any pass runs, and warns about
/// optimization hints that cannot apply to the target.
mlir::LogicalResult verifyModule(mlir::cuda_tile::ModuleOp module,
                                 const CompileOptions &options);

/// Stage 2: target-independent tile optimizations.
void buildTileOptimizationPipeline(mlir::OpPassManager &pm,
                                   const CompileOptions &options);

/// Stages 3-5: layouts, shared memory, CFG, LLVM/NVVM (on a builtin module
/// holding one cuda_tile module).
/// `debugScopes` false leaves out the debug scopes of --lineinfo and
/// --device-debug (added once lowerings are joined).
void buildCodegenPipeline(mlir::OpPassManager &pm,
                          const CompileOptions &options,
                          bool debugScopes = true);

/// Every stage after verification, ending in a cubin.
mlir::FailureOr<CompileResult> compileModule(mlir::cuda_tile::ModuleOp module,
                                             const CompileOptions &options);

/// Stage 6: PTX to cubin with ptxas. A ptxas failure is an internal error:
/// it is recorded with crash::reportInternalError (no diagnostic), and the
/// driver reports it.
mlir::FailureOr<CompileResult> assembleCubin(mlir::MLIRContext *context,
                                             llvm::StringRef ptx,
                                             const CompileOptions &options);

} // namespace tileir

#endif // TILEIR_PIPELINE_PIPELINE_H
