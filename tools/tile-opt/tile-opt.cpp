//===- tile-opt.cpp - The tileir optimizer driver -------------------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// MlirOptMain with the dialects and passes of this project, so every stage
// of the pipeline can be run and tested from lit.
//
//===----------------------------------------------------------------------===//

#include "tileir/Conversion/Passes.h"
#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Dialect/TileGPU/Transforms/Passes.h"
#include "tileir/Pipeline/Pipeline.h"

#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"

using HintDiagnostics = mlir::cuda_tile::CudaTileDialect::HintDiagnostics;

static llvm::cl::opt<HintDiagnostics> hintDiagnostics(
    "tileir-hint-diagnostics",
    llvm::cl::desc("How the verifier reports optimization hints that would "
                   "be ignored"),
    llvm::cl::init(HintDiagnostics::Ignore),
    llvm::cl::values(
        clEnumValN(HintDiagnostics::Ignore, "ignore", "say nothing"),
        clEnumValN(HintDiagnostics::Warn, "warn", "report warnings"),
        clEnumValN(HintDiagnostics::Error, "error", "report errors")));

/// Options of the `tileir-codegen` pipeline.
struct CodegenPipelineOptions
    : public mlir::PassPipelineOptions<CodegenPipelineOptions> {
  Option<std::string> target{*this, "target",
                              llvm::cl::desc("GPU to compile for"),
                              llvm::cl::init("sm_90")};
};

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  tileir::registerPipelineDialects(registry);
  mlir::registerTransformsPasses();
  mlir::tilegpu::registerTileGPUPasses();
  tileir::registerTileIRConversionPasses();
  mlir::PassPipelineRegistration<CodegenPipelineOptions>(
      "tileir-codegen",
      "Every code-generation stage, from cuda_tile to the LLVM dialect",
      [](mlir::OpPassManager &pm, const CodegenPipelineOptions &opts) {
        tileir::CompileOptions options;
        options.target = tileir::lookupGPUTarget(opts.target);
        if (!options.target)
          options.target = &tileir::getSupportedTargets().front();
        // A paired kernel is joined with its unpaired lowering by the
        // driver (KernelVersions.h), not by a pass: this single pipeline
        // lowers the kernels unpaired.
        options.pairRowTiles = options.pairColumnTiles = false;
        tileir::buildCodegenPipeline(pm, options);
      });
  // Runs when the dialect is loaded, after the command line is parsed.
  registry.addExtension(
      +[](mlir::MLIRContext *, mlir::cuda_tile::CudaTileDialect *dialect) {
        dialect->setHintDiagnostics(hintDiagnostics);
      });
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "tileir optimizer driver\n", registry));
}
