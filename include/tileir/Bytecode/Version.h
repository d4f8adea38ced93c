//===- Version.h - Tile IR bytecode versions -------------------*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A bytecode version is three fixed-width header fields: major (u8), minor
// (u8) and a tag (u16) that carries no meaning for compatibility. Only
// major.minor decides what a file may contain.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_BYTECODE_VERSION_H
#define TILEIR_BYTECODE_VERSION_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tileir {

/// A Tile IR bytecode version; ordering ignores the tag.
struct BytecodeVersion {
  uint8_t major = 13;
  uint8_t minor = 1;
  uint16_t tag = 0;

  constexpr BytecodeVersion() = default;
  constexpr BytecodeVersion(uint8_t major, uint8_t minor, uint16_t tag = 0)
      : major(major), minor(minor), tag(tag) {}

  constexpr unsigned key() const { return major * 256u + minor; }
  friend constexpr bool operator<(BytecodeVersion a, BytecodeVersion b) {
    return a.key() < b.key();
  }
  friend constexpr bool operator<=(BytecodeVersion a, BytecodeVersion b) {
    return a.key() <= b.key();
  }
  friend constexpr bool operator>=(BytecodeVersion a, BytecodeVersion b) {
    return a.key() >= b.key();
  }
  friend constexpr bool operator>(BytecodeVersion a, BytecodeVersion b) {
    return a.key() > b.key();
  }
  friend constexpr bool operator==(BytecodeVersion a, BytecodeVersion b) {
    return a.key() == b.key();
  }
  friend constexpr bool operator!=(BytecodeVersion a, BytecodeVersion b) {
    return a.key() != b.key();
  }

  /// "13.3" (the tag is printed only when non-zero: "13.3.7").
  std::string str() const;

  /// Parses "13.2" or "13.2.0"; nullopt for anything else.
  static std::optional<BytecodeVersion> parse(llvm::StringRef text);

  /// Whether this reader and writer handle the version.
  bool isSupported() const { return kMinSupported <= *this && *this <= kMax; }

  static const BytecodeVersion kV13_1;
  static const BytecodeVersion kV13_2;
  static const BytecodeVersion kV13_3;
  static const BytecodeVersion kV13_4;
  static const BytecodeVersion kV13_5;
  static const BytecodeVersion kMinSupported;
  static const BytecodeVersion kMax;
  /// What writers produce unless told otherwise: the newest version that
  /// NVIDIA's released tileiras (13.4) reads, so a rewrite stays portable.
  static const BytecodeVersion kDefaultWrite;
};

inline constexpr BytecodeVersion BytecodeVersion::kV13_1{13, 1};
inline constexpr BytecodeVersion BytecodeVersion::kV13_2{13, 2};
inline constexpr BytecodeVersion BytecodeVersion::kV13_3{13, 3};
inline constexpr BytecodeVersion BytecodeVersion::kV13_4{13, 4};
inline constexpr BytecodeVersion BytecodeVersion::kV13_5{13, 5};
inline constexpr BytecodeVersion BytecodeVersion::kMinSupported{13, 1};
inline constexpr BytecodeVersion BytecodeVersion::kMax{13, 5};
inline constexpr BytecodeVersion BytecodeVersion::kDefaultWrite{13, 4};

} // namespace tileir

#endif // TILEIR_BYTECODE_VERSION_H
