//===- Encoding.cpp - Primitive encodings of Tile IR bytecode -------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Bytecode/Encoding.h"
#include "tileir/Bytecode/Version.h"

#include "llvm/Support/Endian.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;
using namespace tileir;

//===----------------------------------------------------------------------===//
// BytecodeVersion
//===----------------------------------------------------------------------===//

std::string BytecodeVersion::str() const {
  std::string s = std::to_string(major) + "." + std::to_string(minor);
  if (tag != 0)
    s += "." + std::to_string(tag);
  return s;
}

std::optional<BytecodeVersion> BytecodeVersion::parse(llvm::StringRef text) {
  llvm::SmallVector<llvm::StringRef, 3> parts;
  text.trim().split(parts, '.');
  if (parts.size() < 2 || parts.size() > 3)
    return std::nullopt;
  unsigned major, minor, tag = 0;
  if (parts[0].getAsInteger(10, major) || parts[1].getAsInteger(10, minor) ||
      (parts.size() == 3 && parts[2].getAsInteger(10, tag)))
    return std::nullopt;
  if (major > 0xFF || minor > 0xFF || tag > 0xFFFF)
    return std::nullopt;
  return BytecodeVersion(major, minor, tag);
}

//===----------------------------------------------------------------------===//
// EncodingReader
//===----------------------------------------------------------------------===//

LogicalResult EncodingReader::emitError(const llvm::Twine &message) const {
  return emitErrorAt(absoluteOffset(), message);
}

LogicalResult EncodingReader::emitErrorAt(uint64_t absOffset,
                                          const llvm::Twine &message) const {
  (*sink)(absOffset, message);
  return failure();
}

LogicalResult EncodingReader::need(size_t count, llvm::StringRef what) {
  if (count <= remaining())
    return success();
  return emitError("unexpected end of data while reading " + what + " (need " +
                   llvm::Twine(count) + " byte(s), " +
                   llvm::Twine(remaining()) + " left)");
}

LogicalResult EncodingReader::readByte(uint8_t &value, llvm::StringRef what) {
  if (failed(need(1, what)))
    return failure();
  value = data[pos++];
  return success();
}

LogicalResult EncodingReader::readBytes(size_t count,
                                        llvm::ArrayRef<uint8_t> &bytes,
                                        llvm::StringRef what) {
  if (failed(need(count, what)))
    return failure();
  bytes = data.slice(pos, count);
  pos += count;
  return success();
}

LogicalResult EncodingReader::readLE16(uint16_t &value, llvm::StringRef what) {
  if (failed(need(2, what)))
    return failure();
  value = llvm::support::endian::read16le(data.data() + pos);
  pos += 2;
  return success();
}

LogicalResult EncodingReader::readLE32(uint32_t &value, llvm::StringRef what) {
  if (failed(need(4, what)))
    return failure();
  value = llvm::support::endian::read32le(data.data() + pos);
  pos += 4;
  return success();
}

LogicalResult EncodingReader::readLE64(uint64_t &value, llvm::StringRef what) {
  if (failed(need(8, what)))
    return failure();
  value = llvm::support::endian::read64le(data.data() + pos);
  pos += 8;
  return success();
}

LogicalResult EncodingReader::readVarInt(uint64_t &value,
                                         llvm::StringRef what) {
  uint64_t start = absoluteOffset();
  value = 0;
  for (unsigned i = 0; i < 10; ++i) {
    if (pos >= data.size())
      return emitErrorAt(start, "unexpected end of data inside the varint " +
                                    what);
    uint8_t byte = data[pos++];
    uint64_t group = byte & 0x7F;
    // The tenth byte may only contribute the single remaining bit.
    if (i == 9 && group > 1)
      return emitErrorAt(start, "varint " + what + " does not fit in 64 bits");
    value |= group << (7 * i);
    if (!(byte & 0x80))
      return success();
  }
  return emitErrorAt(start, "varint " + what + " is longer than 10 bytes");
}

LogicalResult EncodingReader::readVarIntBounded(uint64_t &value, uint64_t max,
                                                llvm::StringRef what) {
  uint64_t start = absoluteOffset();
  if (failed(readVarInt(value, what)))
    return failure();
  if (value > max)
    return emitErrorAt(start, what + " " + llvm::Twine(value) +
                                  " is out of range (at most " +
                                  llvm::Twine(max) + ")");
  return success();
}

LogicalResult EncodingReader::readSignedVarInt(int64_t &value,
                                               llvm::StringRef what) {
  uint64_t raw;
  if (failed(readVarInt(raw, what)))
    return failure();
  value = zigzagDecode(raw);
  return success();
}

LogicalResult EncodingReader::readZigZagBits(uint64_t &bits,
                                            llvm::StringRef what) {
  uint64_t start = absoluteOffset();
  uint64_t low = 0;
  bool bit64 = false;
  for (unsigned i = 0; i < 10; ++i) {
    if (pos >= data.size())
      return emitErrorAt(start, "unexpected end of data inside the varint " +
                                    what);
    uint8_t byte = data[pos++];
    uint64_t group = byte & 0x7F;
    if (i == 9) {
      if (group > 3)
        return emitErrorAt(start, "varint " + what + " does not fit in 65 bits");
      bit64 = group & 2;
      group &= 1;
    }
    low |= group << (7 * i);
    if (!(byte & 0x80)) {
      if (low & 1) {
        if (bit64)
          return emitErrorAt(start, "varint " + what +
                                        " is not a valid zigzag value");
        bits = ~(low >> 1);
      } else {
        bits = (low >> 1) | (bit64 ? uint64_t(1) << 63 : 0);
      }
      return success();
    }
  }
  return emitErrorAt(start, "varint " + what + " is longer than 10 bytes");
}

LogicalResult EncodingReader::readBool(bool &value, llvm::StringRef what) {
  uint64_t start = absoluteOffset();
  uint8_t byte;
  if (failed(readByte(byte, what)))
    return failure();
  if (byte > 1)
    return emitErrorAt(start, "expected 0 or 1 for " + what + ", got " +
                                  llvm::Twine(unsigned(byte)));
  value = byte == 1;
  return success();
}

LogicalResult
EncodingReader::readDenseI32Array(llvm::SmallVectorImpl<int32_t> &values,
                                  llvm::StringRef what) {
  uint64_t count;
  if (failed(readVarIntBounded(count, remaining() / 4,
                               ("element count of " + what).str())))
    return failure();
  values.clear();
  values.reserve(count);
  for (uint64_t i = 0; i < count; ++i) {
    uint32_t v;
    if (failed(readLE32(v, what)))
      return failure();
    values.push_back(static_cast<int32_t>(v));
  }
  return success();
}

LogicalResult
EncodingReader::readDenseI64Array(llvm::SmallVectorImpl<int64_t> &values,
                                  llvm::StringRef what) {
  uint64_t count;
  if (failed(readVarIntBounded(count, remaining() / 8,
                               ("element count of " + what).str())))
    return failure();
  values.clear();
  values.reserve(count);
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t v;
    if (failed(readLE64(v, what)))
      return failure();
    values.push_back(static_cast<int64_t>(v));
  }
  return success();
}

LogicalResult EncodingReader::alignTo(uint64_t alignment,
                                      llvm::StringRef what) {
  if (alignment == 0 || !llvm::isPowerOf2_64(alignment))
    return emitError("invalid alignment " + llvm::Twine(alignment) + " for " +
                     what);
  uint64_t abs = absoluteOffset();
  uint64_t padding = llvm::alignTo(abs, alignment) - abs;
  if (padding > remaining())
    return emitError("unexpected end of data in the padding before " + what);
  pos += padding;
  return success();
}

LogicalResult EncodingReader::seek(size_t newPos, llvm::StringRef what) {
  if (newPos > data.size())
    return emitError(what + " points past the end of its data (offset " +
                     llvm::Twine(newPos) + ", size " +
                     llvm::Twine(data.size()) + ")");
  pos = newPos;
  return success();
}

LogicalResult EncodingReader::readSubReader(uint64_t length,
                                            EncodingReader &sub,
                                            llvm::StringRef what) {
  if (length > remaining())
    return emitError("length " + llvm::Twine(length) + " of " + what +
                     " exceeds the " + llvm::Twine(remaining()) +
                     " remaining byte(s)");
  sub = EncodingReader(data.slice(pos, length), absoluteOffset(), *sink);
  pos += length;
  return success();
}

//===----------------------------------------------------------------------===//
// EncodingWriter
//===----------------------------------------------------------------------===//

void EncodingWriter::writeLE16(uint16_t value) {
  for (unsigned i = 0; i < 2; ++i)
    buffer.push_back(static_cast<uint8_t>(value >> (8 * i)));
}

void EncodingWriter::writeLE32(uint32_t value) {
  for (unsigned i = 0; i < 4; ++i)
    buffer.push_back(static_cast<uint8_t>(value >> (8 * i)));
}

void EncodingWriter::writeLE64(uint64_t value) {
  for (unsigned i = 0; i < 8; ++i)
    buffer.push_back(static_cast<uint8_t>(value >> (8 * i)));
}

void EncodingWriter::writeVarInt(uint64_t value) {
  do {
    uint8_t byte = value & 0x7F;
    value >>= 7;
    if (value)
      byte |= 0x80;
    buffer.push_back(byte);
  } while (value);
}

void EncodingWriter::writeSignedVarInt(int64_t value) {
  writeVarInt(zigzagEncode(value));
}

void EncodingWriter::writeDenseI32Array(llvm::ArrayRef<int32_t> values) {
  writeVarInt(values.size());
  for (int32_t v : values)
    writeLE32(static_cast<uint32_t>(v));
}

void EncodingWriter::writeDenseI64Array(llvm::ArrayRef<int64_t> values) {
  writeVarInt(values.size());
  for (int64_t v : values)
    writeLE64(static_cast<uint64_t>(v));
}

void EncodingWriter::alignTo(uint64_t alignment, uint64_t baseOffset) {
  if (alignment <= 1)
    return;
  while ((baseOffset + buffer.size()) % alignment != 0)
    buffer.push_back(kAlignmentByte);
}

unsigned tileir::getVarIntSize(uint64_t value) {
  unsigned size = 1;
  while (value >>= 7)
    ++size;
  return size;
}
