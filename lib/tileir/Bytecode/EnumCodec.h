//===- EnumCodec.h - cuda_tile enum attributes <-> integers ----*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_LIB_BYTECODE_ENUMCODEC_H
#define TILEIR_LIB_BYTECODE_ENUMCODEC_H

#include "tileir/Bytecode/OpTable.h"

#include "mlir/IR/Attributes.h"

#include <cstdint>
#include <optional>

namespace tileir::bc {

/// The attribute for `value` of enum `kind`, or null when the value is not
/// one of the enum's cases.
mlir::Attribute buildEnumAttr(mlir::MLIRContext *context, EnumKind kind,
                              uint64_t value);

/// The integer value of an enum attribute of `kind`, or nullopt when `attr`
/// is not one.
std::optional<uint64_t> getEnumAttrValue(mlir::Attribute attr, EnumKind kind);

/// The first version whose files may hold `value` of enum `kind`
/// (RoundingMode's nearest_away came with 13.4).
BytecodeVersion getEnumValueSince(EnumKind kind, uint64_t value);

} // namespace tileir::bc

#endif // TILEIR_LIB_BYTECODE_ENUMCODEC_H
