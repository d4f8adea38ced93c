//===- DebugReader.cpp - Tile IR bytecode debug section --------------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The Debug section holds, per function, a list of debug-attribute ids (the
// function's own location, then one per op in pre-order) and the table of
// debug attributes those ids name. Id 0 means "unknown"; id k is entry k-1.
//
//===----------------------------------------------------------------------===//

#include "ReaderState.h"

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"

#include <algorithm>

using namespace mlir;
using namespace tileir;
using namespace tileir::bc;

LogicalResult ReaderState::readDebugSection(EncodingReader &reader) {
  hasDebugSection = true;
  uint64_t numFuncs;
  if (failed(reader.readVarIntBounded(numFuncs, reader.remaining() / 4,
                                      "number of debug function lists")))
    return failure();
  if (failed(reader.alignTo(4, "debug function list starts")))
    return failure();
  debugFuncStarts.resize(numFuncs);
  for (uint64_t i = 0; i < numFuncs; ++i)
    if (failed(reader.readLE32(debugFuncStarts[i], "debug list start")))
      return failure();

  uint64_t numIndices;
  if (failed(reader.readVarIntBounded(numIndices, reader.remaining() / 8,
                                      "number of debug indices")))
    return failure();
  if (failed(reader.alignTo(8, "debug indices")))
    return failure();
  debugIndices.resize(numIndices);
  for (uint64_t i = 0; i < numIndices; ++i)
    if (failed(reader.readLE64(debugIndices[i], "debug index")))
      return failure();

  if (failed(readIndexedTable(reader, 4, "debug attribute", debugAttrs)))
    return failure();
  debugCache.assign(debugAttrs.size(), Attribute());
  debugState.assign(debugAttrs.size(), 0);
  return success();
}

LogicalResult ReaderState::getDebugAttr(uint64_t id, uint64_t atOffset,
                                        Attribute &out, unsigned depth) {
  if (id == 0) {
    out = UnknownLoc::get(getContext());
    return success();
  }
  uint64_t index = id - 1;
  if (index >= debugAttrs.size())
    return emitError(atOffset, "debug attribute id " + llvm::Twine(id) +
                                   " is out of range (" +
                                   llvm::Twine(debugAttrs.size()) +
                                   " attributes)");
  if (debugState[index] == 2) {
    out = debugCache[index];
    return success();
  }
  if (debugState[index] == 1)
    return emitError(debugAttrs.entryOffset(index),
                     "debug attribute " + llvm::Twine(id) +
                         " refers to itself");
  if (depth > kMaxDebugDepth)
    return emitError(atOffset, "debug scopes nest deeper than " +
                                   llvm::Twine(kMaxDebugDepth) + " levels");
  debugState[index] = 1;
  if (failed(parseDebugAttr(index, out, depth)))
    return failure();
  debugState[index] = 2;
  debugCache[index] = out;
  return success();
}

namespace {
/// Typed access to referenced debug attributes.
struct DebugRefs {
  ReaderState &state;
  EncodingReader &reader;
  unsigned depth;

  template <typename T>
  LogicalResult get(T &out, llvm::StringRef what) {
    uint64_t at = reader.absoluteOffset();
    uint64_t id;
    if (failed(reader.readVarInt(id, what)))
      return failure();
    if (id == 0)
      return state.emitError(at, what + " must not be unknown");
    Attribute attr;
    if (failed(state.getDebugAttr(id, at, attr, depth + 1)))
      return failure();
    out = dyn_cast<T>(attr);
    if (!out)
      return state.emitError(at, what + " refers to the wrong kind of debug "
                                        "attribute");
    return success();
  }

  LogicalResult getLocation(Location &out, llvm::StringRef what) {
    uint64_t at = reader.absoluteOffset();
    uint64_t id;
    if (failed(reader.readVarInt(id, what)))
      return failure();
    Attribute attr;
    if (failed(state.getDebugAttr(id, at, attr, depth + 1)))
      return failure();
    auto loc = dyn_cast<LocationAttr>(attr);
    if (!loc)
      return state.emitError(at, what + " is not a location");
    out = loc;
    return success();
  }

  LogicalResult getUnsigned(unsigned &out, llvm::StringRef what) {
    uint64_t v;
    if (failed(reader.readVarIntBounded(v, UINT32_MAX, what)))
      return failure();
    out = static_cast<unsigned>(v);
    return success();
  }
};
} // namespace

LogicalResult ReaderState::parseDebugAttr(uint64_t index, Attribute &out,
                                          unsigned depth) {
  MLIRContext *ctx = getContext();
  EncodingReader reader(debugAttrs.entry(index),
                        debugAttrs.entryOffset(index), getSink());
  uint64_t at = reader.absoluteOffset();
  uint64_t tag;
  if (failed(reader.readVarInt(tag, "debug attribute tag")))
    return failure();
  if (tag > kMaxDebugTag)
    return emitError(at, "unknown debug attribute tag " + llvm::Twine(tag));
  DebugRefs refs{*this, reader, depth};
  switch (static_cast<DebugTag>(tag)) {
  case DebugTag::Unknown:
    out = UnknownLoc::get(ctx);
    break;
  case DebugTag::CompileUnit: {
    cuda_tile::DIFileAttr file;
    if (failed(refs.get(file, "compile unit file")))
      return failure();
    out = cuda_tile::DICompileUnitAttr::get(ctx, file);
    break;
  }
  case DebugTag::File: {
    llvm::StringRef name, directory;
    if (failed(getString(reader, name, "file name")) ||
        failed(getString(reader, directory, "file directory")))
      return failure();
    out = cuda_tile::DIFileAttr::get(ctx, StringAttr::get(ctx, name),
                                     StringAttr::get(ctx, directory));
    break;
  }
  case DebugTag::LexicalBlock: {
    cuda_tile::DILocalScopeAttr scope;
    cuda_tile::DIFileAttr file;
    unsigned line, column;
    if (failed(refs.get(scope, "lexical block scope")) ||
        failed(refs.get(file, "lexical block file")) ||
        failed(refs.getUnsigned(line, "lexical block line")) ||
        failed(refs.getUnsigned(column, "lexical block column")))
      return failure();
    out = cuda_tile::DILexicalBlockAttr::get(ctx, scope, file, line, column);
    break;
  }
  case DebugTag::Loc: {
    cuda_tile::DILocalScopeAttr scope;
    llvm::StringRef filename;
    unsigned line, column;
    if (failed(refs.get(scope, "location scope")) ||
        failed(getString(reader, filename, "location file name")) ||
        failed(refs.getUnsigned(line, "location line")) ||
        failed(refs.getUnsigned(column, "location column")))
      return failure();
    out = cuda_tile::DILocAttr::get(
        ctx, FileLineColLoc::get(ctx, filename, line, column), scope);
    break;
  }
  case DebugTag::Subprogram: {
    cuda_tile::DIFileAttr file;
    unsigned line, scopeLine;
    llvm::StringRef name, linkageName;
    cuda_tile::DICompileUnitAttr unit;
    if (failed(refs.get(file, "subprogram file")) ||
        failed(refs.getUnsigned(line, "subprogram line")) ||
        failed(getString(reader, name, "subprogram name")) ||
        failed(getString(reader, linkageName, "subprogram linkage name")) ||
        failed(refs.get(unit, "subprogram compile unit")) ||
        failed(refs.getUnsigned(scopeLine, "subprogram scope line")))
      return failure();
    // 13.5 appends a flags varint. No flag is defined yet and none changes
    // the code, so the value is read and dropped.
    uint64_t spFlags;
    if (version >= BytecodeVersion::kV13_5 &&
        failed(reader.readVarInt(spFlags, "subprogram flags")))
      return failure();
    out = cuda_tile::DISubprogramAttr::get(
        ctx, file, line, StringAttr::get(ctx, name),
        StringAttr::get(ctx, linkageName), unit, scopeLine);
    break;
  }
  case DebugTag::CallSite: {
    Location callee = UnknownLoc::get(ctx), caller = UnknownLoc::get(ctx);
    if (failed(refs.getLocation(callee, "call site callee")) ||
        failed(refs.getLocation(caller, "call site caller")))
      return failure();
    out = CallSiteLoc::get(callee, caller);
    break;
  }
  }
  if (!reader.empty())
    return reader.emitError(llvm::Twine(reader.remaining()) +
                            " unexpected trailing byte(s) in a debug "
                            "attribute");
  return success();
}

LogicalResult ReaderState::getFunctionLocation(uint64_t locIndex,
                                               uint64_t entryInList,
                                               uint64_t atOffset,
                                               Location &out) {
  out = UnknownLoc::get(getContext());
  if (locIndex == 0)
    return success();
  if (locIndex > debugFuncStarts.size())
    return emitError(atOffset, "function debug index " +
                                   llvm::Twine(locIndex) +
                                   " is out of range (" +
                                   llvm::Twine(debugFuncStarts.size()) +
                                   " debug lists)");
  uint64_t start = debugFuncStarts[locIndex - 1];
  // The list ends where the next list starts (or at the end of the array):
  // a list that is too short must not borrow another function's entries.
  uint64_t end = debugIndices.size();
  for (uint32_t other : debugFuncStarts)
    if (other > start && other < end)
      end = other;
  uint64_t slot = start + entryInList;
  if (slot >= end)
    return emitError(atOffset, "the debug list of this function has no entry "
                               "for operation " +
                                   llvm::Twine(entryInList) + " (it has " +
                                   llvm::Twine(end > start ? end - start : 0) +
                                   " entries)");
  Attribute attr;
  if (failed(getDebugAttr(debugIndices[slot], atOffset, attr, 0)))
    return failure();
  auto loc = dyn_cast<LocationAttr>(attr);
  if (!loc)
    return emitError(atOffset, "debug entry " + llvm::Twine(slot) +
                                   " is not a location");
  out = loc;
  return success();
}
