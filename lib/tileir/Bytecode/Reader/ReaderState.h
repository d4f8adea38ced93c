//===- ReaderState.h - Shared state of the bytecode reader -----*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The reader is split by job: the container and tables
// (BytecodeReader.cpp), types (TypeReader.cpp), attributes
// (AttrReader.cpp), debug locations (DebugReader.cpp) and function bodies
// (OpReader.cpp). They share this state: the version, the decoded tables,
// and the error sink that turns every failure into one diagnostic naming the
// byte offset.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_LIB_BYTECODE_READER_READERSTATE_H
#define TILEIR_LIB_BYTECODE_READER_READERSTATE_H

#include "tileir/Bytecode/Encoding.h"
#include "tileir/Bytecode/Format.h"
#include "tileir/Bytecode/OpTable.h"
#include "tileir/Bytecode/Version.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <vector>

namespace mlir {
class Block;
class OpBuilder;
class Operation;
class Region;
class Value;
} // namespace mlir

namespace tileir::bc {

/// Nesting limits: hostile input must not exhaust the stack.
inline constexpr unsigned kMaxTypeDepth = 64;
inline constexpr unsigned kMaxAttrDepth = 64;
inline constexpr unsigned kMaxDebugDepth = 512;
inline constexpr unsigned kMaxRegionDepth = 256;

/// An indexed table (strings, types, debug attributes, constants): entry i
/// is the byte range [begin[i], end[i]) of `data`, whose first byte is at
/// absolute file offset `dataOffset`.
struct IndexedTable {
  llvm::ArrayRef<uint8_t> data;
  uint64_t dataOffset = 0;
  std::vector<uint64_t> begin;
  std::vector<uint64_t> end;

  size_t size() const { return begin.size(); }
  llvm::ArrayRef<uint8_t> entry(size_t i) const {
    return data.slice(begin[i], end[i] - begin[i]);
  }
  uint64_t entryOffset(size_t i) const { return dataOffset + begin[i]; }
};

/// Everything the parts of the reader share.
class ReaderState {
public:
  ReaderState(mlir::MLIRContext *context, llvm::StringRef bufferName);

  mlir::MLIRContext *getContext() const { return context; }
  const BytecodeErrorSink &getSink() const { return sink; }
  bool hadError() const { return errorReported; }

  /// Reports an error at an absolute offset; returns failure.
  mlir::LogicalResult emitError(uint64_t offset, const llvm::Twine &message);

  /// Calls `build(emitErrorFn)` (a getChecked-style constructor). Whatever
  /// the verifier says becomes one reader error at `offset`, prefixed with
  /// `what`; the result is null then.
  template <typename BuildFn>
  auto buildChecked(uint64_t offset, llvm::StringRef what, BuildFn build)
      -> decltype(build(std::declval<llvm::function_ref<
                            mlir::InFlightDiagnostic()>>())) {
    bool failedCheck = false;
    std::string message;
    decltype(build(std::declval<
                   llvm::function_ref<mlir::InFlightDiagnostic()>>())) result;
    {
      // The capture must end before the reader's own error is reported:
      // the sink may itself emit an MLIR diagnostic, which this handler
      // would otherwise swallow.
      mlir::ScopedDiagnosticHandler capture(
          context, [&](mlir::Diagnostic &diag) -> mlir::LogicalResult {
            // Only the verifier's own diagnostics are captured.
            if (!failedCheck)
              return mlir::failure();
            if (message.empty())
              message = diag.str();
            return mlir::success();
          });
      auto emitFn = [&]() -> mlir::InFlightDiagnostic {
        failedCheck = true;
        return mlir::emitError(mlir::UnknownLoc::get(context));
      };
      result = build(emitFn);
    }
    if (failedCheck || !result) {
      (void)emitError(offset, "invalid " + what +
                            (message.empty() ? std::string()
                                             : ": " + message));
      return {};
    }
    return result;
  }

  BytecodeVersion version;

  //===--- Tables --------------------------------------------------------===//

  /// Reads the shared table shape: count, padding to `offsetWidth`, the
  /// offsets, then the data. Offsets must not decrease or leave the data.
  mlir::LogicalResult readIndexedTable(EncodingReader &reader,
                                       unsigned offsetWidth,
                                       llvm::StringRef what,
                                       IndexedTable &table);

  IndexedTable strings;
  mlir::LogicalResult getString(EncodingReader &reader, llvm::StringRef &out,
                                llvm::StringRef what);
  mlir::LogicalResult getString(uint64_t index, uint64_t atOffset,
                                llvm::StringRef &out, llvm::StringRef what);

  IndexedTable types;
  std::vector<mlir::Type> typeCache;
  std::vector<uint8_t> typeState; // 0 unread, 1 reading, 2 done
  /// Reads a type index and returns the type it names.
  mlir::LogicalResult readType(EncodingReader &reader, mlir::Type &out,
                               llvm::StringRef what, unsigned depth = 0);
  mlir::LogicalResult getType(uint64_t index, uint64_t atOffset,
                              mlir::Type &out, unsigned depth = 0);

  IndexedTable constants;
  /// The dense elements of constant `index` with the given tile type.
  mlir::LogicalResult getConstant(uint64_t index, uint64_t atOffset,
                                  mlir::Type tileType,
                                  mlir::Attribute &out);

  //===--- Attributes (AttrReader.cpp) -----------------------------------===//

  /// One self-contained (tagged) attribute.
  mlir::LogicalResult readSelfContainedAttr(EncodingReader &reader,
                                            mlir::Attribute &out,
                                            unsigned depth = 0);
  /// The body of a dictionary: count, then (key, tagged value) pairs.
  mlir::LogicalResult readDictionaryBody(EncodingReader &reader,
                                         mlir::DictionaryAttr &out,
                                         bool valuesMustBeDicts,
                                         unsigned depth);
  /// An optimization-hints body (untagged).
  mlir::LogicalResult readHintsBody(EncodingReader &reader,
                                    mlir::Attribute &out);
  /// An enum value of the given kind.
  mlir::LogicalResult readEnum(EncodingReader &reader, EnumKind kind,
                               mlir::Attribute &out, llvm::StringRef what);
  /// The attribute an older file means for a field added later.
  mlir::Attribute makeEnum(EnumKind kind, uint64_t value);

  //===--- Debug information (DebugReader.cpp) ---------------------------===//

  /// Parses the Debug section's three tables.
  mlir::LogicalResult readDebugSection(EncodingReader &reader);
  /// Location of entry `index` of a function's debug list (0-based from the
  /// list start), or unknown when the function has none.
  mlir::LogicalResult getFunctionLocation(uint64_t locIndex,
                                          uint64_t entryInList,
                                          uint64_t atOffset,
                                          mlir::Location &out);
  bool hasDebugSection = false;
  std::vector<uint32_t> debugFuncStarts;
  std::vector<uint64_t> debugIndices;
  IndexedTable debugAttrs;
  std::vector<mlir::Attribute> debugCache;
  std::vector<uint8_t> debugState;
  mlir::LogicalResult getDebugAttr(uint64_t id, uint64_t atOffset,
                                   mlir::Attribute &out, unsigned depth);

private:
  mlir::LogicalResult readPointerFlags(EncodingReader &reader,
                                       bool &hasPtrAttr);
  mlir::LogicalResult readPointerAttr(EncodingReader &reader);
  mlir::LogicalResult parseType(uint64_t index, mlir::Type &out,
                                unsigned depth);
  mlir::LogicalResult parseDebugAttr(uint64_t index, mlir::Attribute &out,
                                     unsigned depth);

  mlir::MLIRContext *context;
  std::string bufferName;
  BytecodeErrorSink sink;
  bool errorReported = false;
};

/// Reads the op stream of one block of `numOps` ops, or (numOps unset) until
/// the reader is exhausted, appending the ops to `block` (OpReader.cpp).
class FunctionBodyReader {
public:
  FunctionBodyReader(ReaderState &state, uint64_t locIndex);

  /// Reads the function's top-level block; `args` are the block arguments.
  mlir::LogicalResult readBody(EncodingReader &reader, mlir::Block &block);

  /// Location of the function itself (entry 0 of its debug list).
  mlir::LogicalResult getFunctionLoc(uint64_t atOffset, mlir::Location &out);

private:
  mlir::LogicalResult readOp(EncodingReader &reader, mlir::Block &block,
                             unsigned depth);
  mlir::LogicalResult readRegion(EncodingReader &reader, mlir::Region &region,
                                 unsigned depth, mlir::Location argLoc);
  mlir::LogicalResult readValue(EncodingReader &reader, mlir::Value &out);
  mlir::LogicalResult readOpAttrs(EncodingReader &reader, const OpInfo &info,
                                  uint64_t flags,
                                  llvm::ArrayRef<mlir::Type> resultTypes,
                                  llvm::SmallVectorImpl<mlir::NamedAttribute>
                                      &attrs);

  ReaderState &state;
  uint64_t locIndex;
  /// Ordinal of the next op in pre-order; its debug entry is ordinal + 1.
  uint64_t nextOpOrdinal = 0;
  /// The value list: arguments, then results, truncated on block exit.
  std::vector<mlir::Value> values;
};

} // namespace tileir::bc

#endif // TILEIR_LIB_BYTECODE_READER_READERSTATE_H
