//===- Pipeline.cpp - The tileiras compilation pipeline -------------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Pipeline/Pipeline.h"

#include "tileir/Bytecode/BytecodeReader.h"
#include "tileir/Conversion/Passes.h"
#include "tileir/Conversion/TileToLLVM/TileToLLVM.h"
#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Dialect/TileGPU/IR/TileGPU.h"
#include "tileir/Dialect/TileGPU/Transforms/Passes.h"
#include "tileir/Pipeline/CodeSizeBudget.h"
#include "tileir/Pipeline/CrashContainment.h"
#include "tileir/Pipeline/KernelVersions.h"
#include "tileir/Pipeline/SpeculativeEmission.h"
#include "tileir/Target/Cubin/CubinPatcher.h"
#include "tileir/Target/PTX/PTXEmitter.h"
#include "tileir/Target/ResourceModel.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "tileir/Support/Diagnostics.h"

#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Remarks.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/Threading.h"

using namespace mlir;
using namespace tileir;

void tileir::registerPipelineDialects(DialectRegistry &registry) {
  registry.insert<cuda_tile::CudaTileDialect, tilegpu::TileGPUDialect,
                  cf::ControlFlowDialect, func::FuncDialect,
                  LLVM::LLVMDialect, NVVM::NVVMDialect>();
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
}

OwningOpRef<cuda_tile::ModuleOp>
tileir::importModule(llvm::MemoryBufferRef input, MLIRContext *context) {
  if (isTileIRBytecode(input.getBuffer()))
    return readBytecode(input, context);

  // MLIR text: either a bare cuda_tile.module or one wrapped in a builtin
  // module, as tile-opt prints it.
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(input, /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  ParserConfig config(context);
  Block block;
  if (failed(parseSourceFile(sourceMgr, &block, config)))
    return nullptr;
  Operation *top = block.empty() ? nullptr : &block.front();
  bool single = top && std::next(block.begin()) == block.end();
  // A builtin module wrapping one cuda_tile.module, as tile-opt prints it.
  if (auto builtin = dyn_cast_or_null<ModuleOp>(single ? top : nullptr)) {
    Block *body = builtin.getBody();
    if (!body->empty() && std::next(body->begin()) == body->end()) {
      top = &body->front();
      single = true;
    } else {
      single = false;
    }
  }
  if (auto tile = dyn_cast_or_null<cuda_tile::ModuleOp>(single ? top : nullptr)) {
    tile->remove();
    return OwningOpRef<cuda_tile::ModuleOp>(tile);
  }
  emitError(UnknownLoc::get(context))
      << "expected a single 'cuda_tile.module' at the top level";
  return nullptr;
}

/// Whether `name` can be a PTX symbol as it is: kernels keep their names
/// (cuTile looks the entry up by it), so a name PTX cannot spell is the
/// user's error, not something to mangle. PTX identifiers are a letter
/// followed by letters, digits, '_' or '$', or one of '_', '$', '%'
/// followed by at least one of those.
static bool isPTXIdentifier(llvm::StringRef name) {
  if (name.empty())
    return false;
  auto follows = [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '$';
  };
  if (!llvm::all_of(name.drop_front(), follows))
    return false;
  if (llvm::isAlpha(name.front()))
    return true;
  return (name.front() == '_' || name.front() == '$' || name.front() == '%') &&
         name.size() > 1;
}

LogicalResult tileir::verifyModule(cuda_tile::ModuleOp module,
                                   const CompileOptions &options) {
  if (failed(mlir::verify(module)))
    return failure();
  bool valid = true;
  for (Operation &op : module->getRegion(0).front()) {
    auto name = op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
    if (!name || isPTXIdentifier(name.getValue()))
      continue;
    op.emitError() << "symbol name " << name
                   << " is not a PTX identifier (a letter, then letters, "
                      "digits, '_' or '$')";
    valid = false;
  }
  return success(valid);
}

void tileir::buildTileOptimizationPipeline(OpPassManager &pm,
                                           const CompileOptions &options) {}

/// ptxas's options for `options`.
static PtxasOptions getPtxasOptions(const CompileOptions &options) {
  PtxasOptions ptxasOptions;
  ptxasOptions.ptxasPath = options.ptxasPath;
  ptxasOptions.argv0 = options.argv0;
  ptxasOptions.arch = options.target->llvmProcessor.str();
  ptxasOptions.requiredCudaRelease =
      options.target->getRequiredCudaRelease().str();
  ptxasOptions.optLevel = options.optLevel;
  ptxasOptions.lineInfo = options.lineInfo;
  ptxasOptions.deviceDebug = options.deviceDebug;
  ptxasOptions.keepTemps = options.keepTemps;
  ptxasOptions.timeoutSeconds = options.ptxasTimeoutSeconds;
  return ptxasOptions;
}

/// The compilation result of ptxas's answer on `ptx`.
static FailureOr<CompileResult>
takePtxasResult(MLIRContext *context, llvm::StringRef ptx,
                llvm::Expected<PtxasResult> result) {
  if (!result) {
    // ptxas rejecting or crashing on our PTX is our bug (exit 2, with a
    // reproducer); not finding ptxas is the environment's (exit 1).
    llvm::Error rest = llvm::handleErrors(
        result.takeError(), [](const PtxasFailure &f) {
          crash::InternalError error;
          error.stage = "ptxas";
          error.what = "ptxas " + f.what;
          error.details = f.ptxasLog;
          error.quotedPTXLines = f.quotedLines;
          error.ptxasArgs = f.args;
          error.ptxArgIndex = f.ptxArgIndex;
          error.cubinArgIndex = f.cubinArgIndex;
          crash::reportInternalError(std::move(error));
        });
    if (rest)
      emitError(UnknownLoc::get(context)) << llvm::toString(std::move(rest));
    return failure();
  }
  CompileResult out;
  out.cubin = std::move(result->cubin);
  out.kernels = std::move(result->kernels);
  out.ptx = ptx.str();
  return out;
}

FailureOr<CompileResult> tileir::assembleCubin(MLIRContext *context,
                                               llvm::StringRef ptx,
                                               const CompileOptions &options) {
  crash::StageScope stage("ptxas", "ptxas");
  return takePtxasResult(context, ptx, runPtxas(ptx, getPtxasOptions(options)));
}

/// The first operation code generation cannot handle yet, if any.
static Operation *findUnsupportedOp(cuda_tile::ModuleOp module) {
  CodegenSupport support(module->getContext());
  Operation *unsupported = nullptr;
  module->walk([&](Operation *op) {
    if (!unsupported && !support.supports(op))
      unsupported = op;
  });
  return unsupported;
}

/// The location LLVM's debug-info translation understands for `loc`: debug
/// scopes of the input dialect reduce to their file:line:col; anything the
/// translation does not know becomes unknown.
static Location simplifyLocation(Location loc, unsigned depth = 0) {
  MLIRContext *ctx = loc.getContext();
  if (depth > 32)
    return UnknownLoc::get(ctx);
  if (isa<FileLineColLoc, UnknownLoc>(loc))
    return loc;
  // An op inlined from a helper function keeps the helper's line: MLIR's
  // DI scope pass crashes on call-site locations whose callee has no scope
  // of its own (an assert inside a helper), and `.loc` has no use for the
  // caller chain.
  if (auto call = dyn_cast<CallSiteLoc>(loc))
    return simplifyLocation(call.getCallee(), depth + 1);
  if (auto name = dyn_cast<NameLoc>(loc))
    return simplifyLocation(name.getChildLoc(), depth + 1);
  if (auto fused = dyn_cast<FusedLoc>(loc)) {
    SmallVector<Location> inner;
    for (Location l : fused.getLocations())
      inner.push_back(simplifyLocation(l, depth + 1));
    return FusedLoc::get(ctx, inner, fused.getMetadata());
  }
  if (std::optional<FileLineColLoc> source = findSourceLocation(loc))
    return *source;
  return UnknownLoc::get(ctx);
}

namespace {
/// Rewrites every location into one the LLVM IR translation understands.
struct SimplifyLocationsPass
    : public PassWrapper<SimplifyLocationsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SimplifyLocationsPass)
  StringRef getArgument() const final { return "tileir-simplify-locations"; }
  void runOnOperation() override {
    getOperation()->walk([](Operation *op) {
      op->setLoc(simplifyLocation(op->getLoc()));
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            arg.setLoc(simplifyLocation(arg.getLoc()));
    });
  }
};
} // namespace

/// Adds tileir-pair-row-tiles when an option asks for paired tile blocks
/// and the kernels' warps are the pipeline's to choose.
static void addPairingPass(OpPassManager &tile, const CompileOptions &options) {
  if ((!options.pairRowTiles && !options.pairColumnTiles) ||
      options.disableWgmma || options.numWarps)
    return;
  tilegpu::TileIRPairRowTilesPassOptions pairOptions;
  pairOptions.target = options.target->name.str();
  pairOptions.rows = options.pairRowTiles;
  pairOptions.columns = options.pairColumnTiles;
  pairOptions.tf32 = options.pairTf32Columns;
  tile.addPass(tilegpu::createTileIRPairRowTilesPass(pairOptions));
}

/// Whether tileir-pair-row-tiles pairs the tile blocks of any kernel of
/// `tileModule` (run alone on a copy, its remarks dropped).
static bool pairsAnyKernel(cuda_tile::ModuleOp tileModule,
                           const CompileOptions &options) {
  if (!options.pairRowTiles && !options.pairColumnTiles)
    return false;
  MLIRContext *context = tileModule->getContext();
  ScopedDiagnosticHandler quiet(context,
                                [](Diagnostic &) { return success(); });
  OwningOpRef<ModuleOp> module = ModuleOp::create(tileModule.getLoc());
  module->getBody()->push_back(tileModule->clone());
  PassManager pm(context);
  addPairingPass(pm.nest<cuda_tile::ModuleOp>(), options);
  if (failed(pm.run(*module)))
    return true;
  bool paired = false;
  module->walk(
      [&](cuda_tile::EntryOp entry) { paired |= hasPairedTiles(entry); });
  return paired;
}

/// Debug scopes on every function, for --lineinfo and --device-debug.
static void addDebugScopePass(OpPassManager &pm,
                              const CompileOptions &options) {
  // Line tables (.loc) need a debug scope on every function. --lineinfo
  // asks only for .file/.loc directives: DWARF sections would make ptxas
  // treat the module as a debug build, which it refuses to optimize.
  if (!options.lineInfo && !options.deviceDebug)
    return;
  LLVM::DIScopeForLLVMFuncOpPassOptions scopeOptions;
  scopeOptions.emissionKind = options.deviceDebug
                                  ? LLVM::DIEmissionKind::Full
                                  : LLVM::DIEmissionKind::DebugDirectivesOnly;
  pm.addPass(LLVM::createDIScopeForLLVMFuncOpPass(scopeOptions));
}

void tileir::buildCodegenPipeline(OpPassManager &pm,
                                  const CompileOptions &options,
                                  bool debugScopes) {
  std::string target = options.target->name.str();
  OpPassManager &tile = pm.nest<cuda_tile::ModuleOp>();
  addPairingPass(tile, options);
  if (options.enableRowSplit && !options.disableWgmma &&
      !options.numWarps) {
    tilegpu::TileIRSplitRowsPassOptions splitOptions;
    splitOptions.target = target;
    for (const std::string &entry : options.warpOverrides)
      splitOptions.skipKernels.push_back(StringRef(entry).rsplit('=').first.str());
    tile.addPass(tilegpu::createTileIRSplitRowsPass(splitOptions));
  }
  if (!options.disableMaskUnswitching) {
    tilegpu::TileIRUnswitchMasksPassOptions unswitchOptions;
    unswitchOptions.keepKernels.assign(options.keepMasks.begin(),
                                       options.keepMasks.end());
    tile.addPass(tilegpu::createTileIRUnswitchMasksPass(unswitchOptions));
  }
  tilegpu::TileIRWidenMmaOperandsPassOptions widenOptions;
  widenOptions.target = target;
  widenOptions.force = options.widenFp8Products;
  widenOptions.widenKernels.assign(options.widenFp8.begin(),
                                   options.widenFp8.end());
  tile.addPass(tilegpu::createTileIRWidenMmaOperandsPass(widenOptions));
  tilegpu::TileIRAssignLayoutsPassOptions layoutOptions;
  layoutOptions.target = target;
  layoutOptions.disableWgmma = options.disableWgmma;
  layoutOptions.swapProducts = !options.disableProductSwap;
  layoutOptions.coalesceStores = options.coalesceStores;
  layoutOptions.keepStoreKernels.assign(options.keepStores.begin(),
                                        options.keepStores.end());
  layoutOptions.numWarps = options.numWarps;
  layoutOptions.warpOverrides.assign(options.warpOverrides.begin(),
                                     options.warpOverrides.end());
  tile.addPass(tilegpu::createTileIRAssignLayoutsPass(layoutOptions));
  tilegpu::TileIRStageOperandsPassOptions stageOptions;
  stageOptions.target = target;
  stageOptions.disableWgmma = options.disableWgmma;
  stageOptions.tma = !options.disableTma;
  tile.addPass(tilegpu::createTileIRStageOperandsPass(stageOptions));
  if (options.enableProductOverlap) {
    tilegpu::TileIROverlapProductsPassOptions markOptions;
    markOptions.rotate = false;
    tile.addPass(tilegpu::createTileIROverlapProductsPass(markOptions));
  }
  tilegpu::TileIRPipelineLoopsPassOptions pipelineOptions;
  pipelineOptions.target = target;
  pipelineOptions.stages = options.pipelineStages;
  pipelineOptions.ctas = options.ctasPerSM;
  pipelineOptions.warpSpecialize = !options.disableWarpSpecialization;
  pipelineOptions.tma = !options.disableTma;
  pipelineOptions.emptyBarriers = !options.disableEmptyBarriers;
  pipelineOptions.prefetchOperands = !options.disableOperandPrefetch;
  pipelineOptions.stagingStages = options.twoStagingStages ? 2 : 3;
  pipelineOptions.hoistStaging = options.enableStagingHoist;
  pipelineOptions.tmaOneWarpgroup = options.tmaOneWarpgroup;
  pipelineOptions.tensorMapsInShared = options.tensorMapsInShared;
  pipelineOptions.producerReleasesMaps = options.producerReleasesMaps;
  pipelineOptions.groupedRaster = !options.disableGroupedRaster;
  if (options.rasterGroup)
    pipelineOptions.rasterGroup = options.rasterGroup;
  if (options.producerWarps)
    pipelineOptions.producerWarps = options.producerWarps;
  tile.addPass(tilegpu::createTileIRPipelineLoopsPass(pipelineOptions));
  if (options.enableProductOverlap)
    tile.addPass(tilegpu::createTileIROverlapProductsPass());
  tile.addPass(tilegpu::createTileIRPlanSharedMemoryPass());
  tile.addPass(tilegpu::createTileIRInsertBarriersPass());
  if (!options.disableAsyncProducts)
    tile.addPass(tilegpu::createTileIRAsyncProductsPass());
  tile.addPass(createCheckUnrollBudgetPass(options.maxUnrolledOpsPerOp,
                                           options.maxUnrolledOpsPerKernel));
  tilegpu::TileIRPlanResourcesPassOptions resourceOptions;
  resourceOptions.target = target;
  resourceOptions.occupancyOverrides.assign(
      options.occupancyOverrides.begin(), options.occupancyOverrides.end());
  tile.addPass(tilegpu::createTileIRPlanResourcesPass(resourceOptions));
  pm.addPass(createTileIRLowerToCFGPass());
  ConvertTileToLLVMPassOptions llvmOptions;
  llvmOptions.target = target;
  pm.addPass(createConvertTileToLLVMPass(llvmOptions));
  // wgmma and the other NVVM ops without an LLVM intrinsic become inline PTX.
  pm.addPass(createConvertNVVMToLLVMPass());
  pm.addPass(createCheckCodeSizePass(options.maxLLVMOperations));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(std::make_unique<SimplifyLocationsPass>());
  if (debugScopes)
    addDebugScopePass(pm, options);
}

namespace {
/// What tileir-plan-resources decided for one kernel, read back from the
/// lowered kernel to compare with what ptxas achieved.
struct KernelPlan {
  std::string name;
  unsigned threads = 0;
  uint64_t sharedBytes = 0;
  unsigned occupancy = 0;
  unsigned maxRegisters = 0;
  /// tileir-unswitch-masks rewrote some of its selects.
  bool unswitchedMasks = false;
  /// It multiplies 8-bit floats with 8-bit products.
  bool fp8Products = false;
  /// tileir-assign-layouts converted some of its stored tiles.
  bool coalescedStores = false;
};
} // namespace

static FailureOr<CompileResult>
compileModuleOnce(cuda_tile::ModuleOp tileModule,
                  const CompileOptions &options,
                  SmallVectorImpl<KernelPlan> *plans);

/// The plans of the kernels (occupancy 0 and no register cap where no
/// occupancy was requested).
static SmallVector<KernelPlan> collectKernelPlans(ModuleOp module) {
  SmallVector<KernelPlan> plans;
  module->walk([&](LLVM::LLVMFuncOp func) {
    if (!func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()))
      return;
    auto ctas = func->getAttrOfType<IntegerAttr>(
        NVVM::NVVMDialect::getMinctasmAttrName());
    auto cap = func->getAttrOfType<IntegerAttr>(
        NVVM::NVVMDialect::getMaxnregAttrName());
    KernelPlan plan;
    plan.name = func.getName().str();
    if (auto warps =
            func->getAttrOfType<IntegerAttr>(tilegpu::kNumWarpsAttrName))
      plan.threads = 32 * warps.getInt();
    if (auto producers =
            func->getAttrOfType<IntegerAttr>(tilegpu::kProducerWarpsAttrName))
      plan.threads += 32 * producers.getInt();
    if (auto bytes =
            func->getAttrOfType<IntegerAttr>(tilegpu::kSharedBytesAttrName))
      plan.sharedBytes = bytes.getInt();
    if (ctas && cap) {
      plan.occupancy = ctas.getInt();
      plan.maxRegisters = cap.getInt();
    }
    plan.unswitchedMasks = func->hasAttr(tilegpu::kUnswitchedMasksAttrName);
    plan.fp8Products = func->hasAttr(tilegpu::kFp8ProductsAttrName);
    plan.coalescedStores = func->hasAttr(tilegpu::kCoalescedStoresAttrName);
    plans.push_back(plan);
  });
  return plans;
}

/// The location of the entry called `name`, for diagnostics after codegen.
static Location getKernelLocation(cuda_tile::ModuleOp module,
                                  StringRef name) {
  Location loc = module.getLoc();
  module->walk([&](cuda_tile::EntryOp entry) {
    if (entry.getSymName() == name)
      loc = entry.getLoc();
  });
  // Remark files only understand plain file locations.
  if (std::optional<FileLineColLoc> source = findSourceLocation(loc))
    return *source;
  return loc;
}

/// Whether the warps of kernel `name` came from tileir-assign-layouts' rule
/// (no `num_worker_warps` hint for the target, no knob), so that a re-plan
/// may change them.
static bool warpsChosenByRule(cuda_tile::ModuleOp module, StringRef name,
                              const CompileOptions &options) {
  if (options.numWarps)
    return false;
  bool byRule = false;
  module->walk([&](cuda_tile::EntryOp entry) {
    if (entry.getSymName() != name)
      return;
    auto hints = entry->getAttrOfType<cuda_tile::OptimizationHintsAttr>(
        "optimization_hints");
    byRule = !hints ||
             !hints.getNumWorkerWarpsPerCTA(options.target->name).has_value();
  });
  return byRule;
}

namespace {
/// What a second compilation changes: `kernel=N` overrides of occupancy
/// and of warps per CTA, and kernels whose masks stay.
struct Replan {
  std::vector<std::string> occupancy, warps, keepMasks, widenFp8,
      keepStores;
  bool empty() const {
    return occupancy.empty() && warps.empty() && keepMasks.empty() &&
           widenFp8.empty() && keepStores.empty();
  }
  /// Whether this re-plan takes back a choice of `name`'s own (masks
  /// branched around, stores converted) before any other rule.
  bool takesBack(StringRef name) const {
    return llvm::is_contained(keepMasks, name) ||
           llvm::is_contained(keepStores, name);
  }
  /// Every kernel this re-plan changes.
  std::vector<std::string> getKernels() const {
    std::vector<std::string> names;
    auto add = [&](StringRef name) {
      if (!llvm::is_contained(names, name))
        names.push_back(name.str());
    };
    for (const std::string &entry : llvm::concat<const std::string>(
             occupancy, warps))
      add(StringRef(entry).rsplit('=').first);
    for (const std::string &name :
         llvm::concat<const std::string>(keepMasks, widenFp8, keepStores))
      add(name);
    return names;
  }
};
} // namespace

/// Compares each kernel's plan with ptxas's report. A kernel that spilled
/// where tileir-unswitch-masks had branched around its masks keeps its
/// masks first (the branch keeps both paths' values live). Otherwise a
/// kernel that spilled under a cap set for its occupancy gets a lower
/// occupancy whose cap holds what it needed (registers used plus the
/// spilled words), and a kernel that spilled with all the registers a
/// thread may have, on one warpgroup the warp rule chose, gets two
/// warpgroups, which halve its accumulators per thread. Only the kernels
/// named in `only` are considered when it is not empty. Nothing is returned
/// when every plan held.
static Replan replanAfterPtxas(cuda_tile::ModuleOp module,
                               const CompileOptions &options,
                               ArrayRef<KernelPlan> plans,
                               ArrayRef<KernelResourceUsage> usages,
                               ArrayRef<std::string> only = {}) {
  Replan replan;
  const ResourceModel *model = lookupResourceModel(options.target->name);
  if (!model)
    return replan;
  for (const KernelPlan &plan : plans) {
    if (!only.empty() && !llvm::is_contained(only, plan.name))
      continue;
    const KernelResourceUsage *usage = nullptr;
    for (const KernelResourceUsage &u : usages)
      if (u.name == plan.name)
        usage = &u;
    if (!usage || plan.threads == 0)
      continue;
    if (!usage->wgmmaSerialized.empty())
      remark::missed(getKernelLocation(module, plan.name),
                     remark::RemarkOpts::name("WgmmaSerialized")
                         .category("tensorcore")
                         .function(plan.name))
          << remark::detail::Remark::Arg(
                 "Remark", "kernel '" + plan.name +
                               "': ptxas serialized its wgmma instructions "
                               "(each waits for the one before) due to " +
                               usage->wgmmaSerialized);
    uint64_t spilled = usage->spillStoreBytes + usage->spillLoadBytes;
    // Branches around masks and stores converted to the blocked layout go
    // first; the rules below wait for the compilation without them. 8-bit
    // products become f16 products only where no other rule applies (they
    // halve the product's K step).
    if (spilled && plan.unswitchedMasks)
      replan.keepMasks.push_back(plan.name);
    if (spilled && plan.coalescedStores)
      replan.keepStores.push_back(plan.name);
    bool takeBack = replan.takesBack(plan.name);
    auto widenOtherwise = [&] {
      if (spilled && !takeBack && plan.fp8Products)
        replan.widenFp8.push_back(plan.name);
    };
    if (plan.occupancy == 0) {
      if (spilled && !takeBack && plan.threads == 4 * 32 &&
          warpsChosenByRule(module, plan.name, options))
        replan.warps.push_back(plan.name + "=8");
      else
        widenOtherwise();
      continue;
    }
    Location loc = getKernelLocation(module, plan.name);
    unsigned achieved =
        model->getOccupancy(plan.threads, usage->registers, plan.sharedBytes);
    remark::analysis(loc, remark::RemarkOpts::name("PtxasResources")
                              .category("memory")
                              .function(plan.name))
        << remark::detail::Remark::Arg(
               "Remark",
               llvm::formatv("kernel '{0}': ptxas used {1} registers (cap "
                             "{2}), {3} bytes of spill stores, {4} of spill "
                             "loads; {5} CTAs per SM (planned {6})",
                             plan.name, usage->registers, plan.maxRegisters,
                             usage->spillStoreBytes, usage->spillLoadBytes,
                             achieved, plan.occupancy)
                   .str())
        << remark::detail::Remark::Arg("Registers", usage->registers)
        << remark::detail::Remark::Arg("SpillBytes", spilled)
        << remark::detail::Remark::Arg("Occupancy", achieved);
    if (spilled == 0 || takeBack)
      continue;
    if (plan.occupancy <= 1 ||
        plan.maxRegisters >= model->maxRegistersPerThread) {
      widenOtherwise();
      continue;
    }
    // Spilled words are a lower bound of the registers the cap took away.
    unsigned needed = std::min<uint64_t>(
        model->maxRegistersPerThread,
        usage->registers + llvm::divideCeil(usage->spillStoreBytes, 4));
    unsigned relaxed = 1;
    for (unsigned n = plan.occupancy - 1; n >= 1; --n) {
      std::optional<unsigned> cap =
          model->getMaxRegistersForCTAs(plan.threads, n);
      if (cap && *cap >= needed) {
        relaxed = n;
        break;
      }
    }
    replan.occupancy.push_back(plan.name + "=" + std::to_string(relaxed));
  }
  return replan;
}

static FailureOr<CompileResult>
compileModuleWithReplan(cuda_tile::ModuleOp tileModule,
                        const CompileOptions &options);

static FailureOr<CompileResult>
compileModuleWithDebugRetry(cuda_tile::ModuleOp tileModule,
                            const CompileOptions &options);

/// The bytes a compilation spilled, over all its kernels.
static uint64_t getSpilledBytes(const CompileResult &result) {
  uint64_t total = 0;
  for (const KernelResourceUsage &k : result.kernels)
    total += k.spillStoreBytes + k.spillLoadBytes;
  return total;
}

FailureOr<CompileResult>
tileir::compileModule(cuda_tile::ModuleOp tileModule,
                      const CompileOptions &options) {
  // A module the pass leaves alone compiles once, its diagnostics as they
  // come.
  if (!pairsAnyKernel(tileModule, options))
    return compileModuleWithDebugRetry(tileModule, options);
  // Paired tile blocks double a CTA's tiles: a kernel that fits unpaired
  // may then need more shared memory than the target has, or spill where
  // the unpaired kernel did not. The paired compilation's diagnostics are
  // held back until it is kept; otherwise the kernels are compiled again
  // unpaired, and that compilation speaks for the input.
  MLIRContext *context = tileModule->getContext();
  auto compileHolding = [&](const CompileOptions &compileOptions,
                            std::vector<Diagnostic> &held) {
    ScopedDiagnosticHandler hold(context, [&](Diagnostic &diag) {
      held.push_back(std::move(diag));
      return success();
    });
    return compileModuleWithDebugRetry(tileModule, compileOptions);
  };
  auto release = [&](std::vector<Diagnostic> &held) {
    for (Diagnostic &diag : held)
      context->getDiagEngine().emit(std::move(diag));
    held.clear();
  };
  std::vector<Diagnostic> held;
  FailureOr<CompileResult> paired = compileHolding(options, held);
  if (succeeded(paired) && getSpilledBytes(*paired) == 0) {
    release(held);
    return paired;
  }
  CompileOptions unpairedOptions = options;
  unpairedOptions.pairRowTiles = unpairedOptions.pairColumnTiles = false;
  if (failed(paired)) {
    // The first held error says why (the remarks before it do not).
    std::string reason;
    Location where = tileModule.getLoc();
    for (const Diagnostic &diag : held)
      if (diag.getSeverity() == DiagnosticSeverity::Error && reason.empty()) {
        reason = diag.str();
        where = diag.getLocation();
      }
    if (std::optional<FileLineColLoc> source = findSourceLocation(where))
      where = *source;
    held.clear();
    FailureOr<CompileResult> unpaired =
        compileModuleWithDebugRetry(tileModule, unpairedOptions);
    if (succeeded(unpaired))
      remark::missed(
          where,
          remark::RemarkOpts::name("PairingTakenBack").category("memory"))
          << remark::detail::Remark::Arg(
                 "Remark", "paired tile blocks did not compile (" + reason +
                               "); compiled unpaired");
    return unpaired;
  }
  // The paired kernels spilled: keep whichever compilation spills less.
  std::vector<Diagnostic> unpairedHeld;
  FailureOr<CompileResult> unpaired =
      compileHolding(unpairedOptions, unpairedHeld);
  uint64_t pairedSpill = getSpilledBytes(*paired);
  if (failed(unpaired) || getSpilledBytes(*unpaired) >= pairedSpill) {
    release(held);
    return paired;
  }
  release(unpairedHeld);
  StringRef spilling;
  for (const KernelResourceUsage &k : paired->kernels)
    if (spilling.empty() && k.spillStoreBytes + k.spillLoadBytes)
      spilling = k.name;
  remark::missed(
      getKernelLocation(tileModule, spilling),
      remark::RemarkOpts::name("PairingTakenBack").category("memory"))
      << remark::detail::Remark::Arg(
             "Remark", llvm::formatv("paired tile blocks spilled {0} bytes, "
                                     "unpaired {1}; compiled unpaired",
                                     pairedSpill, getSpilledBytes(*unpaired))
                           .str());
  return unpaired;
}

static FailureOr<CompileResult>
compileModuleWithDebugRetry(cuda_tile::ModuleOp tileModule,
                            const CompileOptions &options) {
  FailureOr<CompileResult> result =
      compileModuleWithReplan(tileModule, options);
  if (succeeded(result) || !options.deviceDebug)
    return result;
  // ptxas itself can crash on full device debug information (CUDA 13.0's
  // ptxas does for f16 atomics on sm_120). Rather than fail the user's
  // debug build, compile once more with line information at ptxas -O0,
  // which keeps source-level stepping by line, and say so.
  const std::optional<crash::InternalError> &error = crash::getInternalError();
  if (!error || error->stage != "ptxas" ||
      !llvm::StringRef(error->what).starts_with("ptxas crashed"))
    return result;
  emitWarning(tileModule.getLoc())
      << "ptxas crashed on the full device debug information for "
      << options.target->name
      << "; compiled again with line information only (ptxas -O0 -lineinfo)";
  CompileOptions retry = options;
  retry.deviceDebug = false;
  retry.lineInfo = true;
  retry.optLevel = 0;
  return compileModuleWithReplan(tileModule, retry);
}

static FailureOr<CompileResult>
compileModuleWithReplan(cuda_tile::ModuleOp tileModule,
                        const CompileOptions &options) {
  SmallVector<KernelPlan> plans;
  FailureOr<CompileResult> first =
      compileModuleOnce(tileModule, options, &plans);
  if (failed(first) || plans.empty())
    return first;
  Replan replan = replanAfterPtxas(tileModule, options, plans, first->kernels);
  if (replan.empty())
    return first;

  // The first compilation already said everything about the input; the
  // outcome of the re-plan is reported below.
  auto compileQuietly = [&](const CompileOptions &retryOptions,
                            SmallVectorImpl<KernelPlan> &retryPlans) {
    ScopedDiagnosticHandler quiet(tileModule->getContext(),
                                  [](Diagnostic &) { return success(); });
    return compileModuleOnce(tileModule, retryOptions, &retryPlans);
  };
  // One re-plan, kept whatever it achieves, and a second for the kernels it
  // changed that still spill: by every rule where the first kept their
  // masks, otherwise only by turning 8-bit products into f16 products (the
  // warp and occupancy rules re-plan a kernel once).
  CompileOptions retry = options;
  retry.occupancyOverrides = replan.occupancy;
  retry.warpOverrides = replan.warps;
  retry.keepMasks = replan.keepMasks;
  retry.widenFp8 = replan.widenFp8;
  retry.keepStores = replan.keepStores;
  SmallVector<KernelPlan> retryPlans;
  FailureOr<CompileResult> second = compileQuietly(retry, retryPlans);
  if (failed(second))
    return first;
  {
    Replan more;
    {
      ScopedDiagnosticHandler quiet(tileModule->getContext(),
                                    [](Diagnostic &) { return success(); });
      more = replanAfterPtxas(tileModule, retry, retryPlans, second->kernels,
                              replan.getKernels());
    }
    auto rulesDone = [&](const std::string &entry) {
      return !replan.takesBack(StringRef(entry).rsplit('=').first);
    };
    llvm::erase_if(more.occupancy, rulesDone);
    llvm::erase_if(more.warps, rulesDone);
    if (!more.empty()) {
      CompileOptions again = retry;
      llvm::append_range(again.occupancyOverrides, more.occupancy);
      llvm::append_range(again.warpOverrides, more.warps);
      llvm::append_range(again.keepMasks, more.keepMasks);
      llvm::append_range(again.widenFp8, more.widenFp8);
      llvm::append_range(again.keepStores, more.keepStores);
      SmallVector<KernelPlan> againPlans;
      FailureOr<CompileResult> third = compileQuietly(again, againPlans);
      if (succeeded(third)) {
        second = std::move(third);
        retryPlans = std::move(againPlans);
      }
    }
  }
  auto find = [](auto range, StringRef name) -> decltype(&*range.begin()) {
    for (auto &item : range)
      if (item.name == name)
        return &item;
    return nullptr;
  };
  for (const KernelPlan &plan : retryPlans) {
    const KernelPlan *before = find(ArrayRef<KernelPlan>(plans), plan.name);
    const KernelResourceUsage *after =
        find(ArrayRef<KernelResourceUsage>(second->kernels), plan.name);
    const KernelResourceUsage *old =
        find(ArrayRef<KernelResourceUsage>(first->kernels), plan.name);
    if (!before || !after || !old)
      continue;
    uint64_t oldSpill = old->spillStoreBytes + old->spillLoadBytes;
    uint64_t newSpill = after->spillStoreBytes + after->spillLoadBytes;
    // A choice of the kernel's own taken back: a remark; more warps or a
    // lower occupancy, if that still spilled, are reported below.
    auto reportTakenBack = [&](StringRef name, StringRef spilledWith,
                               StringRef compiledWith) {
      remark::missed(getKernelLocation(tileModule, plan.name),
                     remark::RemarkOpts::name(name)
                         .category("memory")
                         .function(plan.name))
          << remark::detail::Remark::Arg(
                 "Remark",
                 llvm::formatv("kernel '{0}': {1} bytes spilled with {2}; "
                               "compiled again with {3} on {4} warps: ptxas "
                               "used {5} registers and spilled {6} bytes",
                               plan.name, oldSpill, spilledWith, compiledWith,
                               plan.threads / 32, after->registers, newSpill)
                     .str());
    };
    if (before->fp8Products && !plan.fp8Products)
      reportTakenBack("Fp8Replan", "8-bit float products",
                      "them as f16 products (tileir-widen-mma-operands)");
    if (before->unswitchedMasks && !plan.unswitchedMasks)
      reportTakenBack("MaskReplan",
                      "its masks branched around (tileir-unswitch-masks)",
                      "its masks kept");
    if (before->coalescedStores && !plan.coalescedStores)
      reportTakenBack("StoreReplan",
                      "its stored tiles converted to the blocked layout "
                      "(coalesce-stores)",
                      "them stored as computed");
    std::string message;
    StringRef name;
    if (before->threads != plan.threads) {
      // A spill was replaced by more warps: worth a remark, not a warning.
      message = llvm::formatv(
          "kernel '{0}': {1} warps spilled {2} bytes at {3} registers; "
          "re-planned with {4} warps: ptxas used {5} registers and spilled "
          "{6} bytes",
          plan.name, before->threads / 32, oldSpill, old->registers,
          plan.threads / 32, after->registers, newSpill).str();
      name = "WarpReplan";
    } else if (before->occupancy != plan.occupancy) {
      message = llvm::formatv(
          "kernel '{0}': occupancy {1} (at most {2} registers per thread) "
          "spilled {3} bytes; re-planned for occupancy {4} (at most {5} "
          "registers): ptxas used {6} registers and spilled {7} bytes",
          plan.name, before->occupancy, before->maxRegisters, oldSpill,
          plan.occupancy, plan.maxRegisters, after->registers, newSpill)
                    .str();
      name = "ResourceReplan";
      emitWarning(getKernelLocation(tileModule, plan.name)) << message;
    } else {
      continue;
    }
    Location loc = getKernelLocation(tileModule, plan.name);
    remark::missed(loc, remark::RemarkOpts::name(name)
                            .category("memory")
                            .function(plan.name))
        << remark::detail::Remark::Arg("Remark", message)
        << remark::detail::Remark::Arg("Requested", before->occupancy)
        << remark::detail::Remark::Arg("Achieved", plan.occupancy);
  }
  return second;
}

namespace {
/// What the cubin must provide for one kernel: its block size and the
/// shared memory its arena was planned at and declared with.
struct KernelLaunchInfo {
  std::string name;
  unsigned threads = 0;
  uint64_t plannedSharedBytes = 0;
  uint64_t declaredSharedBytes = 0;
};
} // namespace

static SmallVector<KernelLaunchInfo> collectKernelLaunchInfo(ModuleOp module) {
  SmallVector<KernelLaunchInfo> kernels;
  module->walk([&](LLVM::LLVMFuncOp func) {
    if (!func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()))
      return;
    KernelLaunchInfo info;
    info.name = func.getName().str();
    if (auto reqntid = func->getAttrOfType<DenseI32ArrayAttr>(
            NVVM::NVVMDialect::getReqntidAttrName())) {
      info.threads = 1;
      for (int32_t n : reqntid.asArrayRef())
        info.threads *= n;
    }
    if (auto bytes =
            func->getAttrOfType<IntegerAttr>(tilegpu::kSharedBytesAttrName))
      info.plannedSharedBytes = bytes.getInt();
    // The arena the kernel lowering declared (at most ptxas's static limit).
    if (auto arena =
            module.lookupSymbol<LLVM::GlobalOp>(getSharedArenaName(info.name)))
      if (auto array = dyn_cast<LLVM::LLVMArrayType>(arena.getGlobalType()))
        info.declaredSharedBytes = array.getNumElements();
    kernels.push_back(info);
  });
  return kernels;
}

/// A kernel whose shared memory exceeds the target's per-block opt-in limit
/// could never launch.
static LogicalResult
checkSharedMemoryLimits(cuda_tile::ModuleOp tileModule,
                        const CompileOptions &options,
                        ArrayRef<KernelLaunchInfo> kernels) {
  uint64_t available = options.target->maxSharedBytesPerBlockOptin;
  bool ok = true;
  for (const KernelLaunchInfo &k : kernels) {
    if (k.plannedSharedBytes <= available)
      continue;
    Location loc = tileModule.getLoc();
    tileModule->walk([&](cuda_tile::EntryOp entry) {
      if (entry.getSymName() == k.name)
        loc = entry.getLoc();
    });
    emitError(loc) << "kernel '" << k.name << "' needs "
                   << k.plannedSharedBytes
                   << " bytes of shared memory, but " << options.target->name
                   << " has " << available << " bytes per block";
    ok = false;
  }
  return success(ok);
}

/// Gives each kernel whose arena was declared smaller than planned (ptxas's
/// 48 KiB static limit) its planned size in the cubin, and completes the
/// resource report with what the cubin now says.
static LogicalResult finishCubin(cuda_tile::ModuleOp tileModule,
                                 ArrayRef<KernelLaunchInfo> kernels,
                                 CompileResult &result) {
  for (const KernelLaunchInfo &k : kernels) {
    KernelResourceUsage *usage = nullptr;
    for (KernelResourceUsage &u : result.kernels)
      if (u.name == k.name)
        usage = &u;
    if (usage)
      usage->threads = k.threads;
    if (k.plannedSharedBytes <= k.declaredSharedBytes)
      continue;
    llvm::Expected<std::optional<uint64_t>> size =
        getKernelSharedSectionSize(result.cubin, k.name);
    if (!size) {
      emitError(tileModule.getLoc()) << llvm::toString(size.takeError());
      return failure();
    }
    // No section: ptxas found no use of the arena, nothing to size.
    if (!*size)
      continue;
    // The section holds the declared arena plus what ptxas reserves (1 KiB
    // on sm_90+); keep the reserve.
    uint64_t extra = k.plannedSharedBytes - k.declaredSharedBytes;
    if (llvm::Error e =
            setKernelSharedSectionSize(result.cubin, k.name, **size + extra)) {
      emitError(tileModule.getLoc()) << llvm::toString(std::move(e));
      return failure();
    }
    if (usage)
      usage->sharedBytes += extra;
  }
  return success();
}

/// One compilation to a cubin; `plans` receives the resource plans of the
/// kernels that have one.
/// The most spill-store bytes a kernel may have for the driver to emit its
/// PTX again with values recomputed after loops: a few registers short,
/// which values kept live through a loop without being read there may
/// account for. Larger spills are the re-plan's.
static constexpr uint64_t kRematerializeSpillBytes = 32;

/// When a kernel of `result` spilled a few bytes, emits the optimized
/// module (`optimized`, writeOptimizedModule's) again with
/// RematerializeAfterLoopsPass (if that still spills, once more with the
/// pass also recomputing the values the loops read), and keeps the cubin
/// that spills least in total (ptxas sometimes merges the recomputed values
/// back, or allocates the rest differently, so the first cubin may stay
/// better). `speculative`, when given, already assembles the first of
/// those emissions.
static void retryWithRematerialization(cuda_tile::ModuleOp tileModule,
                                       llvm::StringRef optimized,
                                       PTXEmitOptions ptxOptions,
                                       const CompileOptions &options,
                                       CompileResult &result,
                                       SpeculativeEmission *speculative) {
  bool few = llvm::any_of(result.kernels, [](const KernelResourceUsage &k) {
    return k.spillStoreBytes > 0 &&
           k.spillStoreBytes <= kRematerializeSpillBytes;
  });
  if (!few)
    return;
  MLIRContext *context = tileModule->getContext();
  // The values the loops keep without reading them first; if that still
  // spills, also those they read (code generation may have reassociated
  // the reads away). The cubin that spills least is kept.
  auto emitAgain = [&](bool loopReads) -> std::optional<CompileResult> {
    ScopedDiagnosticHandler quiet(context,
                                  [](Diagnostic &) { return success(); });
    FailureOr<CompileResult> cubin = failure();
    std::optional<SpeculativeEmission::Outcome> outcome;
    if (!loopReads && speculative && (outcome = speculative->finish())) {
      cubin =
          takePtxasResult(context, outcome->ptx, std::move(outcome->result));
    } else {
      ptxOptions.rematerializeAfterLoops = true;
      ptxOptions.rematerializeLoopReads = loopReads;
      llvm::Expected<std::string> ptx =
          emitPTXFromOptimized(optimized, *options.target, ptxOptions);
      if (!ptx) {
        llvm::consumeError(ptx.takeError());
        return std::nullopt;
      }
      cubin = assembleCubin(context, *ptx, options);
    }
    if (failed(cubin))
      return std::nullopt;
    return std::move(*cubin);
  };
  std::optional<CompileResult> again = emitAgain(/*loopReads=*/false);
  if (!again || getSpilledBytes(*again) > 0) {
    std::optional<CompileResult> broader = emitAgain(/*loopReads=*/true);
    if (broader &&
        (!again || getSpilledBytes(*broader) < getSpilledBytes(*again)))
      again = std::move(broader);
  }
  if (!again)
    return;
  uint64_t before = getSpilledBytes(result), after = getSpilledBytes(*again);
  for (const KernelResourceUsage &k : result.kernels) {
    if (k.spillStoreBytes == 0)
      continue;
    uint64_t now = 0;
    for (const KernelResourceUsage &other : again->kernels)
      if (other.name == k.name)
        now = other.spillStoreBytes + other.spillLoadBytes;
    remark::analysis(getKernelLocation(tileModule, k.name),
                     remark::RemarkOpts::name("RematerializeAfterLoops")
                         .category("memory")
                         .function(k.name))
        << remark::detail::Remark::Arg(
               "Remark",
               llvm::formatv("kernel '{0}': ptxas spilled {1} bytes; with "
                             "the values its loops keep without reading "
                             "them computed again after the loops, {2} "
                             "bytes ({3})",
                             k.name, k.spillStoreBytes + k.spillLoadBytes,
                             now,
                             after < before ? "kept" : "not kept")
                   .str());
  }
  if (after < before) {
    crash::notePTX(again->ptx);
    result = std::move(*again);
  }
}

/// Lowers `tileModule` unpaired and joins that lowering's kernels to the
/// paired ones of `module` (KernelVersions.h), with a remark for each
/// kernel joined. An unpaired lowering that fails leaves the kernels
/// paired only; its diagnostics (remarks that repeat the paired ones'
/// findings, for the most part) are dropped.
template <typename Lower>
static void joinUnpairedVersions(cuda_tile::ModuleOp tileModule,
                                 ModuleOp module, const CompileOptions &options,
                                 Lower &lower) {
  bool anyPaired = false;
  module->walk(
      [&](LLVM::LLVMFuncOp func) { anyPaired |= hasPairedTiles(func); });
  if (!anyPaired)
    return;
  CompileOptions unpairedOptions = options;
  unpairedOptions.pairRowTiles = unpairedOptions.pairColumnTiles = false;
  OwningOpRef<ModuleOp> unpaired = ModuleOp::create(tileModule.getLoc());
  unpaired->getBody()->push_back(tileModule->clone());
  {
    ScopedDiagnosticHandler quiet(module->getContext(),
                                  [](Diagnostic &) { return success(); });
    if (failed(lower(*unpaired, unpairedOptions)))
      return;
  }
  std::string limit =
      options.unpairedMaxCTAs < 0
          ? std::string("no more CTAs than the GPU has SMs")
          : "at most " + std::to_string(options.unpairedMaxCTAs) + " CTAs";
  for (const std::string &name :
       joinPairedVersions(module, *unpaired, options.unpairedMaxCTAs))
    remark::passed(getKernelLocation(tileModule, name),
                   remark::RemarkOpts::name("PairedVersions")
                       .category("tensorcore")
                       .function(name))
        << remark::detail::Remark::Arg(
               "Remark", "kernel '" + name +
                             "' also carries its unpaired tile blocks, run "
                             "when the grid has " +
                             limit);
}

static FailureOr<CompileResult>
compileModuleOnce(cuda_tile::ModuleOp tileModule,
                  const CompileOptions &options,
                  SmallVectorImpl<KernelPlan> *plans) {
  MLIRContext *context = tileModule->getContext();
  if (Operation *op = findUnsupportedOp(tileModule)) {
    op->emitError() << "not yet supported: " << op->getName();
    return failure();
  }

  // The passes run on a builtin module that holds the cuda_tile module; the
  // CFG lowering moves the kernels out of it.
  OwningOpRef<ModuleOp> module = ModuleOp::create(tileModule.getLoc());
  module->getBody()->push_back(tileModule->clone());

  // A paired module is lowered once more unpaired, and the two lowerings
  // joined (KernelVersions.h) before debug scopes go on.
  bool versions = (options.pairRowTiles || options.pairColumnTiles) &&
                  options.versionPairedKernels;
  auto lower = [&](ModuleOp into, const CompileOptions &lowerOptions) {
    PassManager pm(context);
    buildCodegenPipeline(pm, lowerOptions, /*debugScopes=*/!versions);
    // A crash names the pass it happened in, and reproducers list the
    // pipeline.
    crash::notePipeline(pm);
    pm.addInstrumentation(crash::createStageInstrumentation());
    return pm.run(into);
  };
  if (failed(lower(*module, options)))
    return failure();
  if (versions) {
    joinUnpairedVersions(tileModule, *module, options, lower);
    PassManager pm(context);
    addDebugScopePass(pm, options);
    if (failed(pm.run(*module)))
      return failure();
  }
  if (plans)
    *plans = collectKernelPlans(*module);
  SmallVector<KernelLaunchInfo> launches = collectKernelLaunchInfo(*module);
  if (failed(checkSharedMemoryLimits(tileModule, options, launches)))
    return failure();

  crash::StageScope translationStage("llvm-translation",
                                     "translation to LLVM IR");
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(*module, llvmContext, "tileir");
  if (!llvmModule) {
    emitError(tileModule.getLoc()) << "translation to LLVM IR failed";
    return failure();
  }
  PTXEmitOptions ptxOptions;
  ptxOptions.optLevel = options.optLevel;
  ptxOptions.rematerializeAfterLoops = options.forceRematerializeAfterLoops;
  ptxOptions.debugInfo = options.lineInfo || options.deviceDebug;
  // libdevice is looked for beside the ptxas this compilation uses.
  ptxOptions.ptxasPath = options.ptxasPath;
  ptxOptions.argv0 = options.argv0;
  // A kernel that spills a little is emitted again from the optimized
  // module; one likely to, at once on another thread (SpeculativeEmission.h).
  bool mayRematerialize = options.rematerializeAfterLoops &&
                          !options.forceRematerializeAfterLoops &&
                          options.optLevel > 0 && !options.stopAfterPTX;
  llvm::SmallVector<char, 0> optimized;
  std::optional<SpeculativeEmission> speculative;
  std::optional<RegisterBoundKernel> bound;
  auto afterOptimization = [&](llvm::Module &optimizedModule) {
    if (!mayRematerialize)
      return;
    writeOptimizedModule(optimizedModule, optimized);
    if (!options.speculativeEmission ||
        llvm::heavyweight_hardware_concurrency().compute_thread_count() < 2)
      return;
    bound = findRegisterBoundKernel(optimizedModule);
    if (!bound)
      return;
    PTXEmitOptions rematOptions = ptxOptions;
    rematOptions.rematerializeAfterLoops = true;
    rematOptions.rematerializeLoopReads = false;
    speculative.emplace(llvm::StringRef(optimized.data(), optimized.size()),
                        *options.target, rematOptions);
  };
  crash::StageScope ptxStage("ptx-emission", "PTX emission");
  llvm::Expected<std::string> ptx =
      emitPTX(*llvmModule, *options.target, ptxOptions, afterOptimization);
  if (!ptx) {
    emitError(tileModule.getLoc()) << llvm::toString(ptx.takeError());
    return failure();
  }
  // A hidden debug flag hands ptxas invalid PTX to test how its failures
  // are reported.
  if (crash::getDebugBadPTX())
    ptx->append("\n\tthis.is.not.ptx;\n");
  crash::notePTX(*ptx);
  if (options.stopAfterPTX) {
    CompileResult result;
    result.ptx = std::move(*ptx);
    return result;
  }
  FailureOr<CompileResult> result = [&]() -> FailureOr<CompileResult> {
    crash::StageScope stage("ptxas", "ptxas");
    PtxasOptions ptxasOptions = getPtxasOptions(options);
    llvm::Expected<PtxasJobPtr> job = startPtxas(*ptx, ptxasOptions);
    if (!job)
      return takePtxasResult(context, *ptx, job.takeError());
    // Both ptxas run at once; ours waits for the first.
    if (speculative && speculative->startAssembly(*ptx, ptxasOptions))
      remark::analysis(getKernelLocation(tileModule, bound->name),
                       remark::RemarkOpts::name("SpeculativeEmission")
                           .category("memory")
                           .function(bound->name))
          << remark::detail::Remark::Arg(
                 "Remark",
                 llvm::formatv(
                     "kernel '{0}' keeps about {1} registers live where a "
                     "thread has {2}: in case ptxas spills, its PTX with the "
                     "values its loops keep computed again after them is "
                     "assembled beside the first",
                     bound->name, bound->estimate, bound->limit)
                     .str());
    return takePtxasResult(context, *ptx, finishPtxas(**job));
  }();
  if (failed(result))
    return failure();
  if (mayRematerialize)
    retryWithRematerialization(
        tileModule, llvm::StringRef(optimized.data(), optimized.size()),
        ptxOptions, options, *result, speculative ? &*speculative : nullptr);
  if (failed(finishCubin(tileModule, launches, *result)))
    return failure();
  return result;
}
