//===- Pipeline.cpp - The tileiras compilation pipeline -------------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Pipeline/Pipeline.h"

#include "tileir/Bytecode/BytecodeReader.h"
#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Conversion/Passes.h"
#include "tileir/Conversion/TileToLLVM/TileToLLVM.h"
#include "tileir/Dialect/TileGPU/IR/TileGPU.h"
#include "tileir/Dialect/TileGPU/Transforms/Passes.h"
#include "tileir/Target/PTX/PTXEmitter.h"

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

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

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

LogicalResult tileir::verifyModule(cuda_tile::ModuleOp module,
                                   const CompileOptions &options) {
  return mlir::verify(module);
}

void tileir::buildTileOptimizationPipeline(OpPassManager &pm,
                                           const CompileOptions &options) {}

FailureOr<CompileResult>
tileir::assembleCubin(MLIRContext *context, llvm::StringRef ptx,
                      const CompileOptions &options) {
  PtxasOptions ptxasOptions;
  ptxasOptions.ptxasPath = options.ptxasPath;
  ptxasOptions.argv0 = options.argv0;
  ptxasOptions.arch = options.target->llvmProcessor.str();
  ptxasOptions.optLevel = options.optLevel;
  ptxasOptions.lineInfo = options.lineInfo;
  ptxasOptions.deviceDebug = options.deviceDebug;
  ptxasOptions.keepTemps = options.keepTemps;
  ptxasOptions.timeoutSeconds = options.ptxasTimeoutSeconds;
  llvm::Expected<PtxasResult> result = runPtxas(ptx, ptxasOptions);
  if (!result) {
    emitError(UnknownLoc::get(context)) << llvm::toString(result.takeError());
    return failure();
  }
  CompileResult out;
  out.cubin = std::move(result->cubin);
  out.kernels = std::move(result->kernels);
  out.ptx = ptx.str();
  return out;
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
  if (auto call = dyn_cast<CallSiteLoc>(loc))
    return CallSiteLoc::get(simplifyLocation(call.getCallee(), depth + 1),
                            simplifyLocation(call.getCaller(), depth + 1));
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

void tileir::buildCodegenPipeline(OpPassManager &pm,
                                  const CompileOptions &options) {
  std::string target = options.target->name.str();
  OpPassManager &tile = pm.nest<cuda_tile::ModuleOp>();
  tilegpu::TileIRAssignLayoutsPassOptions layoutOptions;
  layoutOptions.target = target;
  tile.addPass(tilegpu::createTileIRAssignLayoutsPass(layoutOptions));
  tile.addPass(tilegpu::createTileIRPlanSharedMemoryPass());
  pm.addPass(createTileIRLowerToCFGPass());
  ConvertTileToLLVMPassOptions llvmOptions;
  llvmOptions.target = target;
  pm.addPass(createConvertTileToLLVMPass(llvmOptions));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(std::make_unique<SimplifyLocationsPass>());
  // Line tables (.loc) need a debug scope on every function. --lineinfo
  // asks only for .file/.loc directives: DWARF sections would make ptxas
  // treat the module as a debug build, which it refuses to optimize.
  if (options.lineInfo || options.deviceDebug) {
    LLVM::DIScopeForLLVMFuncOpPassOptions scopeOptions;
    scopeOptions.emissionKind = options.deviceDebug
                                    ? LLVM::DIEmissionKind::Full
                                    : LLVM::DIEmissionKind::DebugDirectivesOnly;
    pm.addPass(LLVM::createDIScopeForLLVMFuncOpPass(scopeOptions));
  }
}

FailureOr<CompileResult>
tileir::compileModule(cuda_tile::ModuleOp tileModule,
                      const CompileOptions &options) {
  MLIRContext *context = tileModule->getContext();
  if (Operation *op = findUnsupportedOp(tileModule)) {
    op->emitError() << "not yet supported: " << op->getName();
    return failure();
  }

  // The passes run on a builtin module that holds the cuda_tile module; the
  // CFG lowering moves the kernels out of it.
  OwningOpRef<ModuleOp> module = ModuleOp::create(tileModule.getLoc());
  module->getBody()->push_back(tileModule->clone());

  PassManager pm(context);
  buildCodegenPipeline(pm, options);
  if (failed(pm.run(*module)))
    return failure();

  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(*module, llvmContext, "tileir");
  if (!llvmModule) {
    emitError(tileModule.getLoc()) << "translation to LLVM IR failed";
    return failure();
  }
  PTXEmitOptions ptxOptions;
  ptxOptions.optLevel = options.optLevel;
  ptxOptions.debugInfo = options.lineInfo || options.deviceDebug;
  // libdevice is looked for beside the ptxas this compilation uses.
  ptxOptions.ptxasPath = options.ptxasPath;
  ptxOptions.argv0 = options.argv0;
  llvm::Expected<std::string> ptx =
      emitPTX(*llvmModule, *options.target, ptxOptions);
  if (!ptx) {
    emitError(tileModule.getLoc()) << llvm::toString(ptx.takeError());
    return failure();
  }
  return assembleCubin(context, *ptx, options);
}
