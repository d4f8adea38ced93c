//===- Format.h - Tile IR bytecode container constants ---------*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Magic, section ids, type tags, attribute tags and debug-attribute tags of
// the Tile IR bytecode container, with the first version each appeared in.
// The per-op encodings live in OpTable.h; both the reader and the writer are
// driven by these tables and by nothing else.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_BYTECODE_FORMAT_H
#define TILEIR_BYTECODE_FORMAT_H

#include "tileir/Bytecode/Version.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace tileir::bc {

/// "\x7FTileIR\0"
inline constexpr uint8_t kMagic[8] = {0x7F, 'T', 'i', 'l', 'e', 'I', 'R', 0x00};
inline constexpr unsigned kHeaderSize = 12;

/// Section ids. An id byte carries 0x80 when an alignment field follows.
enum class Section : uint8_t {
  End = 0x00,
  String = 0x01,
  Func = 0x02,
  Debug = 0x03,
  Constant = 0x04,
  Type = 0x05,
  Global = 0x06,
  Producer = 0x07,
};
inline constexpr unsigned kNumSections = 8;
inline constexpr uint8_t kSectionAlignFlag = 0x80;

/// Alignment the reader demands of a section's payload (0: none checked).
unsigned getRequiredSectionAlignment(Section section);
/// Alignment the writer uses for a section's payload (1: no field).
unsigned getWriterSectionAlignment(Section section);
llvm::StringRef getSectionName(Section section);

/// Type tags (a varint in the type table).
enum class TypeTag : uint64_t {
  I1 = 0,
  I8 = 1,
  I16 = 2,
  I32 = 3,
  I64 = 4,
  F16 = 5,
  BF16 = 6,
  F32 = 7,
  TF32 = 8,
  F64 = 9,
  F8E4M3FN = 10,
  F8E5M2 = 11,
  Pointer = 12,
  Tile = 13,
  TensorView = 14,
  PartitionView = 15,
  Function = 16,
  Token = 17,
  F8E8M0FNU = 18,
  F4E2M1FN = 19,
  GatherScatterView = 20,
  StridedView = 21,
  I4 = 22,
};
inline constexpr uint64_t kMaxTypeTag = 22;
/// 13.4's fnv8E5M3FNU, which has no MLIR type here: read as a clear error.
inline constexpr uint64_t kFNV8E5M3FNUTypeTag = 130;

/// One row of the type-tag table.
struct TypeTagInfo {
  TypeTag tag;
  llvm::StringRef name;
  BytecodeVersion since;
};
/// The row for `tag`, or null for an unknown tag.
const TypeTagInfo *lookupTypeTag(uint64_t tag);

/// Tags of self-contained attributes.
enum class AttrTag : uint64_t {
  Integer = 1,
  Float = 2,
  Bool = 3,
  Type = 4,
  String = 5,
  Array = 6,
  DenseElements = 7,
  DivBy = 8,
  SameElements = 9,
  Dictionary = 10,
  OptimizationHints = 11,
  Bounded = 12,
};
inline constexpr uint64_t kMinAttrTag = 1;
inline constexpr uint64_t kMaxAttrTag = 12;
llvm::StringRef getAttrTagName(AttrTag tag);

/// Tags of debug-info attributes (the Debug section's table).
enum class DebugTag : uint64_t {
  Unknown = 0,
  CompileUnit = 1,
  File = 2,
  LexicalBlock = 3,
  Loc = 4,
  Subprogram = 5,
  CallSite = 6,
};
inline constexpr uint64_t kMaxDebugTag = 6;

/// Function-table flag bits.
enum FunctionFlags : uint8_t {
  kFuncPrivate = 0x01,
  kFuncKernel = 0x02,
  kFuncHasHints = 0x04,
};

/// Versions from here on encode optional type parameters with a leading
/// flags varint instead of a presence byte.
inline constexpr BytecodeVersion kUnifiedBitfieldVersion{13, 3};

/// Largest tile the format allows (elements).
inline constexpr uint64_t kMaxTileElements = uint64_t(1) << 24;

} // namespace tileir::bc

#endif // TILEIR_BYTECODE_FORMAT_H
