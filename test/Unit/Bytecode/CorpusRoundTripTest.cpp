//===- CorpusRoundTripTest.cpp - Every fixture survives a round trip ------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// For every committed cuTile fixture: bytecode -> MLIR (A) -> bytecode at
// the fixture's version -> MLIR (B), and A must equal B, locations included.
// The module must also verify. Running in-process keeps the ~2400 files to
// seconds.
//
//===----------------------------------------------------------------------===//

#include "tileir/Bytecode/BytecodeReader.h"
#include "tileir/Bytecode/BytecodeWriter.h"
#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace mlir;
using namespace tileir;

namespace {

std::vector<std::string> listFixtures() {
  std::vector<std::string> files;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(TILEIR_FIXTURES_DIR, ec), end;
       it != end && !ec; it.increment(ec))
    if (llvm::StringRef(it->path()).ends_with(".tileirbc"))
      files.push_back(it->path());
  std::sort(files.begin(), files.end());
  return files;
}

/// Reads, verifies and prints `bytes`; an empty string means failure, with
/// the diagnostics in `errors`.
std::string readAndPrint(MLIRContext &context, llvm::MemoryBufferRef buffer,
                         std::string &errors) {
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    errors += diag.str() + "\n";
    return success();
  });
  OwningOpRef<cuda_tile::ModuleOp> module = readBytecode(buffer, &context);
  if (!module || failed(verify(*module)))
    return {};
  std::string text;
  llvm::raw_string_ostream os(text);
  module->getOperation()->print(os, OpPrintingFlags().enableDebugInfo());
  return text;
}

TEST(CorpusRoundTrip, EveryFixture) {
  std::vector<std::string> files = listFixtures();
  ASSERT_GT(files.size(), 1000u) << "fixtures missing from "
                                 << TILEIR_FIXTURES_DIR;
  MLIRContext context;
  context.loadDialect<cuda_tile::CudaTileDialect>();
  unsigned failures = 0;
  for (const std::string &file : files) {
    auto input = llvm::MemoryBuffer::getFile(file, /*IsText=*/false,
                                             /*RequiresNullTerminator=*/false);
    ASSERT_TRUE(bool(input)) << file;
    std::optional<BytecodeVersion> version =
        peekBytecodeVersion((*input)->getBuffer());
    ASSERT_TRUE(version.has_value()) << file;

    std::string errors;
    std::string first = readAndPrint(context, (*input)->getMemBufferRef(),
                                     errors);
    if (first.empty()) {
      ADD_FAILURE() << file << ": cannot read: " << errors;
      if (++failures > 20)
        break;
      continue;
    }

    // Write it back at its own version and read that again.
    std::string bytes;
    {
      std::string ignored;
      ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
        errors += diag.str() + "\n";
        return success();
      });
      OwningOpRef<cuda_tile::ModuleOp> module =
          readBytecode((*input)->getMemBufferRef(), &context);
      llvm::raw_string_ostream os(bytes);
      BytecodeWriterConfig config;
      config.version = *version;
      if (!module || failed(writeBytecode(*module, os, config))) {
        ADD_FAILURE() << file << ": cannot write: " << errors;
        if (++failures > 20)
          break;
        continue;
      }
    }
    auto rewritten = llvm::MemoryBuffer::getMemBuffer(bytes, file, false);
    std::string second =
        readAndPrint(context, rewritten->getMemBufferRef(), errors);
    if (first != second) {
      ADD_FAILURE() << file << ": MLIR differs after a round trip\n"
                    << errors << "--- first\n"
                    << first << "--- second\n"
                    << second;
      if (++failures > 20)
        break;
    }
  }
}

} // namespace
