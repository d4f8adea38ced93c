//===- Encoding.h - Primitive encodings of Tile IR bytecode ----*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Bounds-checked readers and writers of the primitives every part of the
// bytecode is made of: bytes, little-endian fixed-width integers, unsigned
// LEB128 varints, zigzag varints, dense integer arrays and alignment padding.
//
// Every input byte is hostile. A reader never reads past its end; each
// failure reports the absolute byte offset in the file and what was
// expected there, through the error sink the reader was created with.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_BYTECODE_ENCODING_H
#define TILEIR_BYTECODE_ENCODING_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <cstdint>
#include <functional>

namespace tileir {

/// Receives a reader error: the absolute file offset and the message.
using BytecodeErrorSink =
    std::function<void(uint64_t offset, const llvm::Twine &message)>;

/// The byte the writers pad with (and readers skip without checking).
inline constexpr uint8_t kAlignmentByte = 0xCB;

/// Reads primitives from a window of the input. `baseOffset` is the absolute
/// file offset of the window's first byte, used in diagnostics and for
/// alignment, which the format defines on absolute offsets.
class EncodingReader {
public:
  EncodingReader(llvm::ArrayRef<uint8_t> data, uint64_t baseOffset,
                 const BytecodeErrorSink &sink)
      : data(data), pos(0), baseOffset(baseOffset), sink(&sink) {}

  /// Reports `message` at the current offset; always returns failure.
  mlir::LogicalResult emitError(const llvm::Twine &message) const;
  /// Reports `message` at an explicit absolute offset.
  mlir::LogicalResult emitErrorAt(uint64_t absOffset,
                                  const llvm::Twine &message) const;

  bool empty() const { return pos >= data.size(); }
  size_t remaining() const { return data.size() - pos; }
  size_t position() const { return pos; }
  uint64_t absoluteOffset() const { return baseOffset + pos; }
  llvm::ArrayRef<uint8_t> getData() const { return data; }

  mlir::LogicalResult readByte(uint8_t &value, llvm::StringRef what);
  mlir::LogicalResult readBytes(size_t count, llvm::ArrayRef<uint8_t> &bytes,
                                llvm::StringRef what);
  mlir::LogicalResult readLE16(uint16_t &value, llvm::StringRef what);
  mlir::LogicalResult readLE32(uint32_t &value, llvm::StringRef what);
  mlir::LogicalResult readLE64(uint64_t &value, llvm::StringRef what);
  /// Unsigned LEB128, at most 10 bytes; bits past 64 are an error.
  mlir::LogicalResult readVarInt(uint64_t &value, llvm::StringRef what);
  /// A varint that must be at most `max` (e.g. a count or an index).
  mlir::LogicalResult readVarIntBounded(uint64_t &value, uint64_t max,
                                        llvm::StringRef what);
  /// A zigzag-encoded signed varint.
  mlir::LogicalResult readSignedVarInt(int64_t &value, llvm::StringRef what);
  /// The bit pattern of a float written as a zigzag varint. Writers that
  /// zigzag-encode the unsigned bit pattern produce up to 65 bits (an even
  /// value, the pattern shifted left); writers that zigzag-encode it as a
  /// signed 64-bit integer produce at most 64. Both decode to the pattern.
  mlir::LogicalResult readZigZagBits(uint64_t &bits, llvm::StringRef what);
  /// A 0/1 presence or boolean byte.
  mlir::LogicalResult readBool(bool &value, llvm::StringRef what);
  /// Varint count, then `count` little-endian i32 values.
  mlir::LogicalResult readDenseI32Array(llvm::SmallVectorImpl<int32_t> &values,
                                        llvm::StringRef what);
  /// Varint count, then `count` little-endian i64 values.
  mlir::LogicalResult readDenseI64Array(llvm::SmallVectorImpl<int64_t> &values,
                                        llvm::StringRef what);
  /// Skips padding so the absolute offset becomes a multiple of `alignment`.
  mlir::LogicalResult alignTo(uint64_t alignment, llvm::StringRef what);
  /// Moves to a position inside the window (used by indexed tables).
  mlir::LogicalResult seek(size_t newPos, llvm::StringRef what);

  /// A reader over the next `length` bytes, which are consumed here.
  mlir::LogicalResult readSubReader(uint64_t length, EncodingReader &sub,
                                    llvm::StringRef what);

private:
  mlir::LogicalResult need(size_t count, llvm::StringRef what);

  llvm::ArrayRef<uint8_t> data;
  size_t pos;
  uint64_t baseOffset;
  const BytecodeErrorSink *sink;
};

/// Appends primitives to a growable buffer.
class EncodingWriter {
public:
  void writeByte(uint8_t value) { buffer.push_back(value); }
  void writeBytes(llvm::ArrayRef<uint8_t> bytes) {
    buffer.append(bytes.begin(), bytes.end());
  }
  void writeLE16(uint16_t value);
  void writeLE32(uint32_t value);
  void writeLE64(uint64_t value);
  void writeVarInt(uint64_t value);
  void writeSignedVarInt(int64_t value);
  void writeDenseI32Array(llvm::ArrayRef<int32_t> values);
  void writeDenseI64Array(llvm::ArrayRef<int64_t> values);
  /// Pads with kAlignmentByte until size() + `baseOffset` is a multiple of
  /// `alignment`.
  void alignTo(uint64_t alignment, uint64_t baseOffset = 0);

  size_t size() const { return buffer.size(); }
  llvm::ArrayRef<uint8_t> getData() const { return buffer; }
  llvm::SmallVectorImpl<uint8_t> &getBuffer() { return buffer; }

private:
  llvm::SmallVector<uint8_t, 256> buffer;
};

/// Number of bytes the unsigned LEB128 encoding of `value` takes.
unsigned getVarIntSize(uint64_t value);

/// Zigzag mapping used by signed varints.
inline uint64_t zigzagEncode(int64_t value) {
  return (static_cast<uint64_t>(value) << 1) ^
         static_cast<uint64_t>(value >> 63);
}
inline int64_t zigzagDecode(uint64_t value) {
  return static_cast<int64_t>(value >> 1) ^ -static_cast<int64_t>(value & 1);
}

} // namespace tileir

#endif // TILEIR_BYTECODE_ENCODING_H
