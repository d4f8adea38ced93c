//===- Diagnostics.h - Diagnostics the way cuTile reads them ---*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// cuTile Python parses tileiras's stderr line by line: a line
// `loc("file.py":12:8): error: message` gives the user's Python position, a
// line `error: message` a message without one. This handler prints every
// diagnostic in that form, picking the most precise file:line:col inside
// whatever location the op carries (debug-info locations, call sites, fused
// and named locations).
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_SUPPORT_DIAGNOSTICS_H
#define TILEIR_SUPPORT_DIAGNOSTICS_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"

#include <optional>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace tileir {

/// The user-facing source position inside `loc`, if it has one.
std::optional<mlir::FileLineColLoc> findSourceLocation(mlir::Location loc);

/// Where a remark about `op` goes: the user's file:line:col when its
/// location has one (LLVM's remark formats only understand plain file
/// locations, not the input's debug scopes), else its own location.
mlir::Location getRemarkLocation(mlir::Operation *op);

/// Prints one diagnostic (and its notes) as cuTile expects.
void printDiagnostic(mlir::Diagnostic &diag, llvm::raw_ostream &os);

/// Installs printDiagnostic as the context's handler for its lifetime, and
/// counts errors.
class CuTileDiagnosticHandler {
public:
  CuTileDiagnosticHandler(mlir::MLIRContext *context, llvm::raw_ostream &os);
  ~CuTileDiagnosticHandler();

  unsigned getNumErrors() const { return numErrors; }
  unsigned getNumWarnings() const { return numWarnings; }

private:
  mlir::MLIRContext *context;
  mlir::DiagnosticEngine::HandlerID id;
  unsigned numErrors = 0;
  unsigned numWarnings = 0;
};

} // namespace tileir

#endif // TILEIR_SUPPORT_DIAGNOSTICS_H
