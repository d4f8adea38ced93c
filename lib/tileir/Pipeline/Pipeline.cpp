//===- Pipeline.cpp - The tileiras compilation pipeline -------------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Pipeline/Pipeline.h"

#include "tileir/Bytecode/BytecodeReader.h"
#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Target/PTX/PTXEmitter.h"

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
  registry.insert<cuda_tile::CudaTileDialect>();
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
  Operation *unsupported = nullptr;
  module->getRegion(0).walk([&](Operation *op) {
    if (unsupported || isa<cuda_tile::GlobalOp>(op))
      return;
    if (isa<cuda_tile::EntryOp>(op))
      return;
    unsupported = op;
  });
  return unsupported;
}

FailureOr<CompileResult>
tileir::compileModule(cuda_tile::ModuleOp module,
                      const CompileOptions &options) {
  MLIRContext *context = module->getContext();
  if (Operation *op = findUnsupportedOp(module)) {
    op->emitError() << "not yet supported: " << op->getName();
    return failure();
  }

  // No kernels: an empty PTX module still makes a valid cubin, which is what
  // cuTile's version probe needs.
  llvm::LLVMContext llvmContext;
  llvm::Module llvmModule("tileir", llvmContext);
  PTXEmitOptions ptxOptions;
  ptxOptions.optLevel = options.optLevel;
  llvm::Expected<std::string> ptx =
      emitPTX(llvmModule, *options.target, ptxOptions);
  if (!ptx) {
    emitError(module.getLoc()) << llvm::toString(ptx.takeError());
    return failure();
  }
  return assembleCubin(context, *ptx, options);
}
