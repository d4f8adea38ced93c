//===- AttrReader.cpp - Tile IR bytecode attributes ------------------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Self-contained (tagged) attributes, dictionary bodies, optimization hints
// and enum values.
//
//===----------------------------------------------------------------------===//

#include "ReaderState.h"

#include "../EnumCodec.h"

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::bc;

Attribute ReaderState::makeEnum(EnumKind kind, uint64_t value) {
  return buildEnumAttr(getContext(), kind, value);
}

LogicalResult ReaderState::readEnum(EncodingReader &reader, EnumKind kind,
                                    Attribute &out, llvm::StringRef what) {
  uint64_t at = reader.absoluteOffset();
  uint64_t value;
  if (failed(reader.readVarInt(value, what)))
    return failure();
  out = buildEnumAttr(getContext(), kind, value);
  if (!out)
    return emitError(at, "invalid value " + llvm::Twine(value) + " of " +
                             getEnumKindName(kind) + " for " + what);
  BytecodeVersion since = getEnumValueSince(kind, value);
  if (since > version)
    return emitError(at, "value " + llvm::Twine(value) + " of " +
                             getEnumKindName(kind) + " for " + what +
                             " requires bytecode version " + since.str() +
                             ", but the file is " + version.str());
  return success();
}

/// Reads an integer of `width` bits: one byte for i1, otherwise an unsigned
/// varint of the zero-extended value, which must fit the width.
static LogicalResult readIntegerValue(EncodingReader &reader, unsigned width,
                                      llvm::APInt &out) {
  uint64_t at = reader.absoluteOffset();
  if (width == 1) {
    bool b;
    if (failed(reader.readBool(b, "i1 value")))
      return failure();
    out = llvm::APInt(1, b);
    return success();
  }
  uint64_t value;
  if (failed(reader.readVarInt(value, "integer value")))
    return failure();
  if (width < 64 && (value >> width) != 0)
    return reader.emitErrorAt(at, "integer value " + llvm::Twine(value) +
                                      " does not fit in i" +
                                      llvm::Twine(width));
  out = llvm::APInt(width, value);
  return success();
}

/// Reads a float bit pattern of `width` bits: one raw byte up to 8 bits, a
/// zigzag varint up to 64 bits, otherwise a word count and zigzag words.
static LogicalResult readFloatBits(EncodingReader &reader, unsigned width,
                                   llvm::APInt &out) {
  uint64_t at = reader.absoluteOffset();
  if (width <= 8) {
    uint8_t byte;
    if (failed(reader.readByte(byte, "float value")))
      return failure();
    if (width < 8 && (byte >> width) != 0)
      return reader.emitErrorAt(at, "float bits do not fit the type");
    out = llvm::APInt(width, byte);
    return success();
  }
  if (width <= 64) {
    uint64_t u;
    if (failed(reader.readZigZagBits(u, "float value")))
      return failure();
    if (width < 64 && (u >> width) != 0)
      return reader.emitErrorAt(at, "float bits do not fit the type");
    out = llvm::APInt(width, u);
    return success();
  }
  uint64_t numWords;
  if (failed(reader.readVarIntBounded(numWords, (width + 63) / 64,
                                      "float word count")))
    return failure();
  llvm::SmallVector<uint64_t> words;
  for (uint64_t i = 0; i < numWords; ++i) {
    int64_t w;
    if (failed(reader.readSignedVarInt(w, "float word")))
      return failure();
    words.push_back(static_cast<uint64_t>(w));
  }
  out = llvm::APInt(width, words);
  return success();
}

LogicalResult ReaderState::readDictionaryBody(EncodingReader &reader,
                                              DictionaryAttr &out,
                                              bool valuesMustBeDicts,
                                              unsigned depth) {
  uint64_t count;
  // Each entry takes at least two bytes.
  if (failed(reader.readVarIntBounded(count, reader.remaining() / 2,
                                      "dictionary size")))
    return failure();
  llvm::SmallVector<NamedAttribute> entries;
  llvm::SmallSet<llvm::StringRef, 8> seen;
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t keyAt = reader.absoluteOffset();
    llvm::StringRef key;
    if (failed(getString(reader, key, "dictionary key")))
      return failure();
    if (key.empty())
      return emitError(keyAt, "dictionary key is empty");
    if (!seen.insert(key).second)
      return emitError(keyAt, "duplicate dictionary key '" + key + "'");
    uint64_t valueAt = reader.absoluteOffset();
    Attribute value;
    if (failed(readSelfContainedAttr(reader, value, depth + 1)))
      return failure();
    if (valuesMustBeDicts && !isa<DictionaryAttr>(value))
      return emitError(valueAt, "the hints for '" + key +
                                    "' must be a dictionary");
    entries.emplace_back(StringAttr::get(getContext(), key), value);
  }
  out = DictionaryAttr::get(getContext(), entries);
  return success();
}

LogicalResult ReaderState::readHintsBody(EncodingReader &reader,
                                         Attribute &out) {
  DictionaryAttr dict;
  if (failed(readDictionaryBody(reader, dict, /*valuesMustBeDicts=*/true, 0)))
    return failure();
  out = cuda_tile::OptimizationHintsAttr::get(getContext(), dict);
  return success();
}

LogicalResult ReaderState::readSelfContainedAttr(EncodingReader &reader,
                                                 Attribute &out,
                                                 unsigned depth) {
  MLIRContext *ctx = getContext();
  uint64_t at = reader.absoluteOffset();
  if (depth > kMaxAttrDepth)
    return emitError(at, "attributes nest deeper than " +
                             llvm::Twine(kMaxAttrDepth) + " levels");
  uint64_t tagValue;
  if (failed(reader.readVarInt(tagValue, "attribute tag")))
    return failure();
  if (tagValue < kMinAttrTag || tagValue > kMaxAttrTag)
    return emitError(at, "unknown attribute tag " + llvm::Twine(tagValue));
  switch (static_cast<AttrTag>(tagValue)) {
  case AttrTag::Integer: {
    uint64_t typeAt = reader.absoluteOffset();
    Type type;
    if (failed(readType(reader, type, "integer attribute")))
      return failure();
    auto intType = dyn_cast<IntegerType>(type);
    if (!intType || intType.getWidth() > 64)
      return emitError(typeAt, "integer attribute needs an integer type of "
                               "at most 64 bits");
    llvm::APInt value;
    if (failed(readIntegerValue(reader, intType.getWidth(), value)))
      return failure();
    // A boolean written as an i1 integer reads back as a BoolAttr.
    if (intType.getWidth() == 1)
      out = BoolAttr::get(ctx, value.getBoolValue());
    else
      out = IntegerAttr::get(intType, value);
    return success();
  }
  case AttrTag::Float: {
    uint64_t typeAt = reader.absoluteOffset();
    Type type;
    if (failed(readType(reader, type, "float attribute")))
      return failure();
    auto floatType = dyn_cast<FloatType>(type);
    if (!floatType)
      return emitError(typeAt, "float attribute needs a float type");
    llvm::APInt bits;
    if (failed(readFloatBits(reader, floatType.getWidth(), bits)))
      return failure();
    out = FloatAttr::get(floatType,
                         llvm::APFloat(floatType.getFloatSemantics(), bits));
    return success();
  }
  case AttrTag::Bool: {
    bool b;
    if (failed(reader.readBool(b, "bool attribute")))
      return failure();
    out = BoolAttr::get(ctx, b);
    return success();
  }
  case AttrTag::Type: {
    Type type;
    if (failed(readType(reader, type, "type attribute")))
      return failure();
    out = TypeAttr::get(type);
    return success();
  }
  case AttrTag::String: {
    llvm::StringRef s;
    if (failed(getString(reader, s, "string attribute")))
      return failure();
    out = StringAttr::get(ctx, s);
    return success();
  }
  case AttrTag::Array: {
    uint64_t count;
    if (failed(reader.readVarIntBounded(count, reader.remaining(),
                                        "array size")))
      return failure();
    llvm::SmallVector<Attribute> elements;
    for (uint64_t i = 0; i < count; ++i) {
      Attribute e;
      if (failed(readSelfContainedAttr(reader, e, depth + 1)))
        return failure();
      elements.push_back(e);
    }
    out = ArrayAttr::get(ctx, elements);
    return success();
  }
  case AttrTag::DenseElements:
    return emitError(at, "dense-elements attributes are not allowed here "
                         "(constants belong in the constant table)");
  case AttrTag::DivBy: {
    uint64_t divisor;
    if (failed(reader.readVarInt(divisor, "div_by divisor")))
      return failure();
    uint64_t flagsAt = reader.absoluteOffset();
    uint8_t flags;
    if (failed(reader.readByte(flags, "div_by flags")))
      return failure();
    if (flags & ~3u)
      return emitError(flagsAt, "unknown div_by flag bits");
    std::optional<int64_t> every, along;
    if (flags & 1) {
      int64_t v;
      if (failed(reader.readSignedVarInt(v, "div_by every")))
        return failure();
      every = v;
    }
    if (flags & 2) {
      int64_t v;
      if (failed(reader.readSignedVarInt(v, "div_by along")))
        return failure();
      along = v;
    }
    out = buildChecked(at, "div_by predicate", [&](auto emit) {
      return cuda_tile::DivByAttr::getChecked(emit, ctx, divisor, every, along);
    });
    return success(out != nullptr);
  }
  case AttrTag::SameElements: {
    llvm::SmallVector<int64_t> values;
    if (failed(reader.readDenseI64Array(values, "same_elements values")))
      return failure();
    out = cuda_tile::SameElementsAttr::get(
        ctx, DenseI64ArrayAttr::get(ctx, values));
    return success();
  }
  case AttrTag::Dictionary: {
    DictionaryAttr dict;
    if (failed(readDictionaryBody(reader, dict, false, depth)))
      return failure();
    out = dict;
    return success();
  }
  case AttrTag::OptimizationHints: {
    DictionaryAttr dict;
    if (failed(readDictionaryBody(reader, dict, true, depth)))
      return failure();
    out = cuda_tile::OptimizationHintsAttr::get(ctx, dict);
    return success();
  }
  case AttrTag::Bounded: {
    uint64_t flagsAt = reader.absoluteOffset();
    uint8_t flags;
    if (failed(reader.readByte(flags, "bounded flags")))
      return failure();
    if (flags & ~3u)
      return emitError(flagsAt, "unknown bounded flag bits");
    std::optional<int64_t> lb, ub;
    if (flags & 1) {
      int64_t v;
      if (failed(reader.readSignedVarInt(v, "bounded lower bound")))
        return failure();
      lb = v;
    }
    if (flags & 2) {
      int64_t v;
      if (failed(reader.readSignedVarInt(v, "bounded upper bound")))
        return failure();
      ub = v;
    }
    out = buildChecked(at, "bounded predicate", [&](auto emit) {
      return cuda_tile::BoundedAttr::getChecked(emit, ctx, lb, ub);
    });
    return success(out != nullptr);
  }
  }
  return emitError(at, "unknown attribute tag " + llvm::Twine(tagValue));
}
