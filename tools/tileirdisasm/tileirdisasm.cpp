//===- tileirdisasm.cpp - Tile IR bytecode to cuda_tile text --------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A drop-in `tileirdisasm`: cuTile Python looks for it beside `tileiras` to
// print a kernel's Tile IR (CUDA_TILE_DUMP_TILEIR, the tileir log) and runs
//
//   tileirdisasm FILE [--preview=FEATURE ...]
//
// It prints the module as `cuda_tile` text on stdout; `-g` /
// `--print-debug-info` adds the locations the bytecode carries. Exit codes
// follow NVIDIA's tool: 2 when the file cannot be read, 3 when it is not
// valid Tile IR bytecode (with the reader's message, which names the byte
// offset), 0 otherwise.
//
//===----------------------------------------------------------------------===//

#include "tileir/Bytecode/BytecodeReader.h"
#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Support/VersionHash.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace tileir;

namespace cl = llvm::cl;

static cl::OptionCategory category("TileIR Disassembler Options");

static cl::opt<std::string> inputFilename(cl::Positional,
                                          cl::desc("<tile bytecode file>"),
                                          cl::Required, cl::cat(category));

static cl::opt<bool>
    printDebugInfo("print-debug-info",
                   cl::desc("Annotate disassembly with debugging "
                            "information, if present."),
                   cl::cat(category));
static cl::alias printDebugInfoShort("g",
                                     cl::desc("Alias for --print-debug-info"),
                                     cl::aliasopt(printDebugInfo),
                                     cl::cat(category));

// cuTile passes the preview features its program uses; the reader accepts
// every construct it knows whatever the features, so they change nothing.
static cl::list<std::string>
    previewFeatures("preview",
                    cl::desc("Preview feature the bytecode may use (accepted "
                             "for compatibility; every known construct is "
                             "printed)"),
                    cl::value_desc("feature"), cl::cat(category));

static void printVersion(llvm::raw_ostream &os) {
  os << "tileirdisasm: tileir Tile IR disassembler, version "
        TILEIR_VERSION_STRING " (sources " TILEIR_SOURCE_HASH ")\n"
     << "Reads Tile IR bytecode " << BytecodeVersion::kMinSupported.str()
     << " to " << BytecodeVersion::kMax.str() << "\n";
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::SetVersionPrinter(printVersion);
  cl::ParseCommandLineOptions(argc, argv,
                              "tileirdisasm: Tile IR bytecode disassembler\n");

  auto input = llvm::MemoryBuffer::getFile(inputFilename, /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
  if (!input) {
    llvm::errs() << "error: unable to read input file '" << inputFilename
                 << "': " << input.getError().message() << "\n";
    return 2;
  }

  MLIRContext context;
  context.loadDialect<cuda_tile::CudaTileDialect>();
  // The reader reports through diagnostics; each becomes one stderr line.
  ScopedDiagnosticHandler handler(&context, [](Diagnostic &diag) {
    llvm::errs() << (diag.getSeverity() == DiagnosticSeverity::Error
                         ? "error: "
                         : diag.getSeverity() == DiagnosticSeverity::Warning
                               ? "warning: "
                               : "note: ")
                 << diag << "\n";
    return success();
  });
  if (!isTileIRBytecode((*input)->getBuffer())) {
    llvm::errs() << "error: input does not correspond to Tile IR bytecode\n";
    return 3;
  }
  OwningOpRef<cuda_tile::ModuleOp> module =
      readBytecode((*input)->getMemBufferRef(), &context);
  if (!module)
    return 3;

  OpPrintingFlags flags;
  if (printDebugInfo)
    flags.enableDebugInfo();
  module->print(llvm::outs(), flags);
  llvm::outs().flush();
  return llvm::outs().has_error() ? 1 : 0;
}
