//===- OpTable.h - Per-op encodings of Tile IR bytecode --------*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// One registry describes how every cuda_tile operation is encoded: its
// opcode and first version, how its results are counted, its attributes in
// stream order (with kind, optionality and the version each appeared in),
// how its operands are laid out, and its region count. The flag bits of
// optional fields are derived from it, following the format's rule: fields
// grouped by version, earliest first; within a version, attributes before
// operands, each in declaration order.
//
// The reader and the writer are both interpreters of this table; neither
// has a per-op switch.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_BYTECODE_OPTABLE_H
#define TILEIR_BYTECODE_OPTABLE_H

#include "tileir/Bytecode/Version.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace tileir::bc {

/// How an attribute is stored in an op's payload.
enum class FieldKind : uint8_t {
  Enum,          ///< varint enum value
  Unit,          ///< a flag bit only
  Bool,          ///< one byte, 0 or 1
  Int32,         ///< unsigned varint of the zero-extended 32-bit value
  Int64,         ///< unsigned varint of the zero-extended 64-bit value
  String,        ///< string-table index
  SymbolRef,     ///< string-table index of a flat symbol reference
  DenseI32Array, ///< dense i32 array
  DenseBoolArray, ///< varint count, then one byte (0 or 1) per flag; absent
                  ///< or all false is the default
  DenseElements, ///< constant-table index; the type is the op's result type
  Array,         ///< varint count, then self-contained attributes
  Predicate,     ///< one self-contained assume predicate
  Hints,         ///< an untagged optimization-hints dictionary body
};

/// The cuda_tile enum an Enum field holds.
enum class EnumKind : uint8_t {
  None,
  Signedness,
  IntegerOverflow,
  RoundingMode,
  ComparisonOrdering,
  ComparisonPredicate,
  AtomicRMWMode,
  MemoryScope,
  MemoryOrderingSemantics,
  PaddingValue,
  SymbolVisibility,
};
llvm::StringRef getEnumKindName(EnumKind kind);

/// One attribute of an op, in stream order.
struct AttrField {
  llvm::StringRef name;
  FieldKind kind;
  EnumKind enumKind = EnumKind::None;
  /// Present only when its flag bit is set (always true for Unit).
  bool optional = false;
  /// First version whose files carry the field.
  BytecodeVersion since = BytecodeVersion::kV13_1;
  /// For a required enum added after its op: the value an older file means.
  std::optional<uint64_t> defaultValue;
  /// Flag bit, for optional fields (derived).
  int flagBit = -1;
};

/// How operands are laid out in the stream.
enum class OperandLayout : uint8_t {
  Fixed,     ///< exactly numFixedOperands value indices, no count
  Counted,   ///< varint count, then that many value indices
  Segmented, ///< AttrSizedOperandSegments: one entry per segment
};

enum class SegmentKind : uint8_t { Single, Variadic, Optional };

/// One operand group of a Segmented op.
struct OperandSegment {
  llvm::StringRef name;
  SegmentKind kind;
  BytecodeVersion since = BytecodeVersion::kV13_1;
  /// Flag bit, for Optional segments (derived).
  int flagBit = -1;
};

/// Where an op lives in a file.
enum class Placement : uint8_t {
  Body,          ///< encoded in function bodies by opcode
  FunctionTable, ///< `entry`: the function table
  GlobalSection, ///< `global`: the global section
  Container,     ///< `module`: the file itself
};

/// The encoding of one operation.
struct OpInfo {
  uint64_t opcode = 0;
  llvm::StringRef name; ///< mnemonic without the dialect prefix
  BytecodeVersion since = BytecodeVersion::kV13_1;
  Placement placement = Placement::Body;

  /// True when a result-count varint precedes the result types.
  bool countedResults = false;
  /// Result count when not counted.
  unsigned numFixedResults = 0;
  /// A token result added after the op (print_tko): files older than this
  /// carry one result fewer, and the reader synthesizes a token type for it.
  std::optional<BytecodeVersion> trailingTokenResultSince;

  llvm::SmallVector<AttrField, 4> attrs;

  OperandLayout operandLayout = OperandLayout::Fixed;
  unsigned numFixedOperands = 0;
  llvm::SmallVector<OperandSegment, 4> segments;

  unsigned numRegions = 0;

  /// Earliest version of any optional field; the flags varint is present in
  /// files of at least this version (none when the op has no optional field).
  std::optional<BytecodeVersion> flagsSince;

  /// The qualified name, e.g. "cuda_tile.addf".
  std::string getOperationName() const;
  /// Whether files of `version` carry the flags varint of this op.
  bool hasFlagsIn(BytecodeVersion version) const {
    return flagsSince && version >= *flagsSince;
  }
};

/// The table, sorted by opcode.
llvm::ArrayRef<OpInfo> getOpTable();
/// The row for an opcode, or null.
const OpInfo *lookupOpcode(uint64_t opcode);
/// The row for a mnemonic ("addf" or "cuda_tile.addf"), or null.
const OpInfo *lookupOpName(llvm::StringRef name);
/// Largest body opcode a file of `version` may use.
uint64_t getMaxOpcode(BytecodeVersion version);
/// The mnemonic of an op that files of `version` may hold but that this
/// compiler does not implement (13.5's multimem view ops), or nullopt.
std::optional<llvm::StringRef> getUnsupportedOpName(uint64_t opcode,
                                                    BytecodeVersion version);

} // namespace tileir::bc

#endif // TILEIR_BYTECODE_OPTABLE_H
