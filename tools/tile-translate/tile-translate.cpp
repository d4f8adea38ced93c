//===- tile-translate.cpp - Bytecode <-> MLIR translations ----------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
//   tile-translate --tileir-bytecode-to-mlir IN -o OUT
//   tile-translate --mlir-to-tileir-bytecode [--bytecode-version=13.x] IN -o OUT
//
//===----------------------------------------------------------------------===//

#include "tileir/Bytecode/BytecodeReader.h"
#include "tileir/Bytecode/BytecodeWriter.h"
#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace tileir;

static llvm::cl::opt<std::string> bytecodeVersion(
    "bytecode-version",
    llvm::cl::desc("Bytecode version to write (13.1 to 13.5; default 13.4)"),
    llvm::cl::init(BytecodeVersion::kDefaultWrite.str()));

/// The cuda_tile.module to write: the op itself, or the only op of a
/// builtin module that wraps it.
static cuda_tile::ModuleOp findTileModule(Operation *op) {
  if (auto tile = dyn_cast<cuda_tile::ModuleOp>(op))
    return tile;
  if (auto builtin = dyn_cast<ModuleOp>(op)) {
    cuda_tile::ModuleOp found;
    unsigned count = 0;
    for (Operation &inner : *builtin.getBody()) {
      ++count;
      found = dyn_cast<cuda_tile::ModuleOp>(inner);
    }
    if (count == 1)
      return found;
  }
  return nullptr;
}

static void registerTranslations() {
  TranslateToMLIRRegistration toMLIR(
      "tileir-bytecode-to-mlir", "Tile IR bytecode to cuda_tile MLIR",
      [](llvm::SourceMgr &sourceMgr,
         MLIRContext *context) -> OwningOpRef<Operation *> {
        const llvm::MemoryBuffer *buffer =
            sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
        OwningOpRef<cuda_tile::ModuleOp> module =
            readBytecode(buffer->getMemBufferRef(), context);
        if (!module)
          return nullptr;
        return OwningOpRef<Operation *>(module.release());
      },
      [](DialectRegistry &registry) {
        registry.insert<cuda_tile::CudaTileDialect>();
      });

  TranslateFromMLIRRegistration fromMLIR(
      "mlir-to-tileir-bytecode", "cuda_tile MLIR to Tile IR bytecode",
      [](Operation *op, llvm::raw_ostream &os) -> LogicalResult {
        cuda_tile::ModuleOp module = findTileModule(op);
        if (!module)
          return op->emitError("expected a single 'cuda_tile.module'");
        std::optional<BytecodeVersion> version =
            BytecodeVersion::parse(bytecodeVersion);
        if (!version || !version->isSupported())
          return op->emitError("unsupported bytecode version '")
                 << bytecodeVersion << "'; supported versions are "
                 << BytecodeVersion::kMinSupported.str() << " to "
                 << BytecodeVersion::kMax.str();
        BytecodeWriterConfig config;
        config.version = *version;
        return writeBytecode(module, os, config);
      },
      [](DialectRegistry &registry) {
        registry.insert<cuda_tile::CudaTileDialect>();
      });
}

int main(int argc, char **argv) {
  registerTranslations();
  return failed(mlirTranslateMain(argc, argv, "tileir translation tool"));
}
