//===- WriterState.h - Shared state of the bytecode writer -----*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The writer mirrors the reader: the container and its tables
// (BytecodeWriter.cpp), types, attributes and debug locations
// (TableWriter.cpp), and function bodies (OpWriter.cpp). Every table
// deduplicates its entries; a type is registered after the types it refers
// to, so references always point backwards.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_LIB_BYTECODE_WRITER_WRITERSTATE_H
#define TILEIR_LIB_BYTECODE_WRITER_WRITERSTATE_H

#include "tileir/Bytecode/Encoding.h"
#include "tileir/Bytecode/Format.h"
#include "tileir/Bytecode/OpTable.h"
#include "tileir/Bytecode/Version.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Types.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <map>
#include <string>
#include <vector>

namespace mlir {
class Operation;
class Region;
} // namespace mlir

namespace tileir::bc {

class WriterState {
public:
  WriterState(mlir::MLIRContext *context, BytecodeVersion version)
      : context(context), version(version) {}

  mlir::MLIRContext *getContext() const { return context; }
  BytecodeVersion getVersion() const { return version; }

  /// Index of `s` in the string table (deduplicated).
  uint64_t getString(llvm::StringRef s);
  /// Index of `type` in the type table; `anchor` receives diagnostics.
  mlir::FailureOr<uint64_t> getType(mlir::Type type, mlir::Operation *anchor);
  /// Index of a constant's raw data in the constant table.
  uint64_t getConstant(llvm::ArrayRef<char> rawData);
  /// Debug-attribute id of a location (0 for unknown or unrepresentable).
  uint64_t getLocationId(mlir::Location loc);

  /// A self-contained (tagged) attribute.
  mlir::LogicalResult writeSelfContainedAttr(EncodingWriter &w,
                                             mlir::Attribute attr,
                                             mlir::Operation *anchor);
  /// A dictionary body: count, then (key, tagged value) pairs.
  mlir::LogicalResult writeDictionaryBody(EncodingWriter &w,
                                          mlir::DictionaryAttr dict,
                                          mlir::Operation *anchor);

  /// The finished tables, each as a section payload.
  void writeStringSection(EncodingWriter &w) const;
  void writeTypeSection(EncodingWriter &w) const;
  void writeConstantSection(EncodingWriter &w) const;
  void writeDebugSection(EncodingWriter &w) const;
  bool hasConstants() const { return !constants.empty(); }
  bool hasTypes() const { return !types.empty(); }

  /// Per-function debug lists, built by the op writer.
  std::vector<std::vector<uint64_t>> debugLists;
  bool hasDebugInfo() const { return !debugLists.empty(); }

private:
  uint64_t addDebugAttr(mlir::Attribute key, EncodingWriter &entry);
  uint64_t getScopeId(mlir::Attribute scope);

  mlir::MLIRContext *context;
  BytecodeVersion version;

  llvm::StringMap<uint64_t> stringIds;
  std::vector<std::string> strings;

  llvm::DenseMap<mlir::Type, uint64_t> typeIds;
  std::vector<std::vector<uint8_t>> types;

  std::map<std::string, uint64_t> constantIds;
  std::vector<std::string> constants;

  llvm::DenseMap<mlir::Attribute, uint64_t> debugIds;
  std::vector<std::vector<uint8_t>> debugAttrs;
};

/// Writes the op stream of one function body.
class FunctionBodyWriter {
public:
  explicit FunctionBodyWriter(WriterState &state) : state(state) {}

  /// Writes the ops of `body` (the entry's single block, whose arguments are
  /// the first values); `debugList` receives one id per op in pre-order.
  mlir::LogicalResult writeBody(mlir::Block &body, EncodingWriter &w,
                                std::vector<uint64_t> &debugList);

private:
  mlir::LogicalResult writeOp(mlir::Operation *op, EncodingWriter &w);
  mlir::LogicalResult writeRegion(mlir::Region &region, EncodingWriter &w);
  mlir::LogicalResult writeValue(mlir::Value value, mlir::Operation *user,
                                 EncodingWriter &w);
  void pushValue(mlir::Value value);
  void truncateValues(size_t size);

  WriterState &state;
  std::vector<mlir::Value> values;
  llvm::DenseMap<mlir::Value, uint64_t> valueIds;
  std::vector<uint64_t> *debugList = nullptr;
};

} // namespace tileir::bc

#endif // TILEIR_LIB_BYTECODE_WRITER_WRITERSTATE_H
