//===- Diagnostics.cpp - Diagnostics the way cuTile reads them ------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Support/Diagnostics.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Operation.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace tileir;

/// Depth-first search for the innermost file position. Call sites prefer the
/// callee (where the op is written); fused locations their first position.
/// Dialect location attributes (such as a debug-info location) are searched
/// through their sub-locations.
static std::optional<FileLineColLoc> search(Location loc, unsigned depth) {
  if (depth > 64)
    return std::nullopt;
  if (auto flc = dyn_cast<FileLineColLoc>(loc))
    return flc;
  if (auto call = dyn_cast<CallSiteLoc>(loc)) {
    if (auto found = search(call.getCallee(), depth + 1))
      return found;
    return search(call.getCaller(), depth + 1);
  }
  if (auto name = dyn_cast<NameLoc>(loc))
    return search(name.getChildLoc(), depth + 1);
  if (auto fused = dyn_cast<FusedLoc>(loc)) {
    for (Location inner : fused.getLocations())
      if (auto found = search(inner, depth + 1))
        return found;
    return std::nullopt;
  }
  if (auto opaque = dyn_cast<OpaqueLoc>(loc))
    return search(opaque.getFallbackLocation(), depth + 1);
  // Any other location attribute: look at the locations it holds.
  std::optional<FileLineColLoc> found;
  cast<LocationAttr>(loc).walkImmediateSubElements(
      [&](Attribute attr) {
        if (found)
          return;
        if (auto sub = dyn_cast<LocationAttr>(attr))
          found = search(sub, depth + 1);
      },
      [](Type) {});
  return found;
}

std::optional<FileLineColLoc> tileir::findSourceLocation(Location loc) {
  return search(loc, 0);
}

Location tileir::getRemarkLocation(Operation *op) {
  if (std::optional<FileLineColLoc> loc = findSourceLocation(op->getLoc()))
    return *loc;
  return op->getLoc();
}

static llvm::StringRef severityName(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Remark:
    return "remark";
  case DiagnosticSeverity::Note:
    return "note";
  }
  return "error";
}

static void printOne(Location loc, DiagnosticSeverity severity,
                     llvm::StringRef message, llvm::raw_ostream &os) {
  if (std::optional<FileLineColLoc> flc = findSourceLocation(loc)) {
    os << "loc(\"";
    // cuTile's pattern stops at the first quote: keep the file name plain.
    for (char c : flc->getFilename().getValue())
      os << (c == '"' || c == '\n' ? '_' : c);
    os << "\":" << flc->getLine() << ":" << flc->getColumn() << "): ";
  }
  os << severityName(severity) << ": ";
  // One diagnostic per line keeps cuTile's line-based parser in step.
  for (char c : message)
    os << (c == '\n' ? ' ' : c);
  os << "\n";
}

void tileir::printDiagnostic(Diagnostic &diag, llvm::raw_ostream &os) {
  printOne(diag.getLocation(), diag.getSeverity(), diag.str(), os);
  for (Diagnostic &note : diag.getNotes())
    printOne(note.getLocation(), DiagnosticSeverity::Note, note.str(), os);
  os.flush();
}

CuTileDiagnosticHandler::CuTileDiagnosticHandler(MLIRContext *context,
                                                 llvm::raw_ostream &os)
    : context(context) {
  id = context->getDiagEngine().registerHandler([this, &os](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error)
      ++numErrors;
    else if (diag.getSeverity() == DiagnosticSeverity::Warning)
      ++numWarnings;
    printDiagnostic(diag, os);
    return success();
  });
}

CuTileDiagnosticHandler::~CuTileDiagnosticHandler() {
  context->getDiagEngine().eraseHandler(id);
}
