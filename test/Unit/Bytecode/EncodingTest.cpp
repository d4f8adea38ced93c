//===- EncodingTest.cpp - Tests of the bytecode primitives ----------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Bytecode/Encoding.h"
#include "tileir/Bytecode/Version.h"

#include "gtest/gtest.h"

#include <limits>
#include <string>
#include <vector>

using namespace tileir;

namespace {

/// Collects reader errors so tests can check offsets and messages.
struct ErrorLog {
  std::vector<std::pair<uint64_t, std::string>> errors;
  BytecodeErrorSink sink = [this](uint64_t offset, const llvm::Twine &msg) {
    errors.emplace_back(offset, msg.str());
  };
};

TEST(Encoding, VarIntRoundTrip) {
  const uint64_t values[] = {0,           1,          127,        128,
                             300,         16383,      16384,      0xFFFFFFFFu,
                             1ull << 35,  1ull << 63, ~0ull};
  for (uint64_t v : values) {
    EncodingWriter w;
    w.writeVarInt(v);
    EXPECT_EQ(w.size(), getVarIntSize(v)) << v;
    ErrorLog log;
    EncodingReader r(w.getData(), 0, log.sink);
    uint64_t out = 0;
    ASSERT_TRUE(mlir::succeeded(r.readVarInt(out, "value")));
    EXPECT_EQ(out, v);
    EXPECT_TRUE(r.empty());
  }
}

TEST(Encoding, VarIntMinimalForm) {
  EncodingWriter w;
  w.writeVarInt(300);
  ASSERT_EQ(w.size(), 2u);
  EXPECT_EQ(w.getData()[0], 0xAC);
  EXPECT_EQ(w.getData()[1], 0x02);
}

TEST(Encoding, VarIntTruncatedReportsStartOffset) {
  const uint8_t bytes[] = {0x00, 0x80, 0x80};
  ErrorLog log;
  EncodingReader r(bytes, /*baseOffset=*/100, log.sink);
  uint64_t v;
  ASSERT_TRUE(mlir::succeeded(r.readVarInt(v, "first")));
  EXPECT_TRUE(mlir::failed(r.readVarInt(v, "count")));
  ASSERT_EQ(log.errors.size(), 1u);
  EXPECT_EQ(log.errors[0].first, 101u);
  EXPECT_NE(log.errors[0].second.find("count"), std::string::npos);
}

TEST(Encoding, VarIntOverflowRejected) {
  // Ten continuation groups whose last carries more than the 64th bit.
  const uint8_t bytes[] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                           0xFF, 0xFF, 0xFF, 0xFF, 0x02};
  ErrorLog log;
  EncodingReader r(bytes, 0, log.sink);
  uint64_t v;
  EXPECT_TRUE(mlir::failed(r.readVarInt(v, "big")));
  EXPECT_EQ(log.errors.size(), 1u);

  const uint8_t eleven[] = {0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
                            0x80, 0x80, 0x80, 0x80, 0x00};
  EncodingReader r2(eleven, 0, log.sink);
  EXPECT_TRUE(mlir::failed(r2.readVarInt(v, "long")));
}

TEST(Encoding, SignedVarIntZigzag) {
  const int64_t values[] = {0, -1, 1, -64, 63, -65, 64,
                            std::numeric_limits<int64_t>::min(),
                            std::numeric_limits<int64_t>::max()};
  for (int64_t v : values) {
    EncodingWriter w;
    w.writeSignedVarInt(v);
    ErrorLog log;
    EncodingReader r(w.getData(), 0, log.sink);
    int64_t out = 0;
    ASSERT_TRUE(mlir::succeeded(r.readSignedVarInt(out, "value")));
    EXPECT_EQ(out, v);
  }
  EXPECT_EQ(zigzagEncode(-1), 1u);
  EXPECT_EQ(zigzagEncode(1), 2u);
}

TEST(Encoding, FloatBitsFromEitherZigzagConvention) {
  // -inf in f64: written as a signed 64-bit zigzag (odd) or as the zigzag of
  // the unsigned pattern (65 bits, even); both read back as the pattern.
  const uint64_t negInf = 0xFFF0000000000000ull;
  EncodingWriter signedForm;
  signedForm.writeSignedVarInt(static_cast<int64_t>(negInf));
  // The unsigned pattern shifted left: 65 bits, in 10 groups.
  EncodingWriter unsignedForm;
  {
    uint64_t lowBits = negInf << 1;
    for (unsigned i = 0; i < 9; ++i) {
      unsignedForm.writeByte(static_cast<uint8_t>((lowBits & 0x7F) | 0x80));
      lowBits >>= 7;
    }
    unsignedForm.writeByte(static_cast<uint8_t>(lowBits | 2));
  }
  for (EncodingWriter *w : {&signedForm, &unsignedForm}) {
    ErrorLog log;
    EncodingReader r(w->getData(), 0, log.sink);
    uint64_t bits = 0;
    ASSERT_TRUE(mlir::succeeded(r.readZigZagBits(bits, "value")));
    EXPECT_EQ(bits, negInf);
    EXPECT_TRUE(r.empty());
  }
  // A 66-bit value is rejected.
  const uint8_t tooWide[] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                             0xFF, 0xFF, 0xFF, 0xFF, 0x04};
  ErrorLog log;
  EncodingReader r(tooWide, 0, log.sink);
  uint64_t bits;
  EXPECT_TRUE(mlir::failed(r.readZigZagBits(bits, "value")));
}

TEST(Encoding, FixedWidthLittleEndian) {
  EncodingWriter w;
  w.writeLE16(0x1234);
  w.writeLE32(0xDEADBEEF);
  w.writeLE64(0x0102030405060708ull);
  ASSERT_EQ(w.size(), 14u);
  EXPECT_EQ(w.getData()[0], 0x34);
  EXPECT_EQ(w.getData()[2], 0xEF);
  ErrorLog log;
  EncodingReader r(w.getData(), 0, log.sink);
  uint16_t a;
  uint32_t b;
  uint64_t c;
  ASSERT_TRUE(mlir::succeeded(r.readLE16(a, "a")));
  ASSERT_TRUE(mlir::succeeded(r.readLE32(b, "b")));
  ASSERT_TRUE(mlir::succeeded(r.readLE64(c, "c")));
  EXPECT_EQ(a, 0x1234);
  EXPECT_EQ(b, 0xDEADBEEFu);
  EXPECT_EQ(c, 0x0102030405060708ull);
  uint8_t extra;
  EXPECT_TRUE(mlir::failed(r.readByte(extra, "past end")));
}

TEST(Encoding, ReadPastEndNamesWhat) {
  const uint8_t bytes[] = {1, 2, 3};
  ErrorLog log;
  EncodingReader r(bytes, 40, log.sink);
  uint32_t v;
  EXPECT_TRUE(mlir::failed(r.readLE32(v, "section length")));
  ASSERT_EQ(log.errors.size(), 1u);
  EXPECT_EQ(log.errors[0].first, 40u);
  EXPECT_NE(log.errors[0].second.find("section length"), std::string::npos);
}

TEST(Encoding, AlignmentIsAbsolute) {
  // A window starting at file offset 13: aligning to 4 skips 3 bytes.
  const uint8_t bytes[] = {0xCB, 0xCB, 0xCB, 0x07};
  ErrorLog log;
  EncodingReader r(bytes, 13, log.sink);
  ASSERT_TRUE(mlir::succeeded(r.alignTo(4, "table")));
  uint8_t b;
  ASSERT_TRUE(mlir::succeeded(r.readByte(b, "byte")));
  EXPECT_EQ(b, 0x07);
  EXPECT_TRUE(mlir::failed(r.alignTo(3, "bad")));

  EncodingWriter w;
  w.writeByte(1);
  w.alignTo(8, /*baseOffset=*/5);
  EXPECT_EQ(w.size(), 3u);
  EXPECT_EQ(w.getData()[1], kAlignmentByte);
}

TEST(Encoding, DenseArraysBoundedByRemainingBytes) {
  EncodingWriter w;
  w.writeDenseI32Array({1, -2, 3});
  w.writeDenseI64Array({-1, 1ll << 40});
  ErrorLog log;
  EncodingReader r(w.getData(), 0, log.sink);
  llvm::SmallVector<int32_t> a;
  llvm::SmallVector<int64_t> b;
  ASSERT_TRUE(mlir::succeeded(r.readDenseI32Array(a, "shape")));
  ASSERT_TRUE(mlir::succeeded(r.readDenseI64Array(b, "strides")));
  EXPECT_EQ(a, (llvm::SmallVector<int32_t>{1, -2, 3}));
  EXPECT_EQ(b, (llvm::SmallVector<int64_t>{-1, 1ll << 40}));

  // A count claiming more elements than bytes remain fails before reading.
  const uint8_t lying[] = {0xFF, 0xFF, 0x03, 0, 0, 0, 0};
  EncodingReader r2(lying, 0, log.sink);
  EXPECT_TRUE(mlir::failed(r2.readDenseI32Array(a, "shape")));
}

TEST(Encoding, BoolMustBeZeroOrOne) {
  const uint8_t bytes[] = {0, 1, 2};
  ErrorLog log;
  EncodingReader r(bytes, 0, log.sink);
  bool v;
  EXPECT_TRUE(mlir::succeeded(r.readBool(v, "flag")));
  EXPECT_FALSE(v);
  EXPECT_TRUE(mlir::succeeded(r.readBool(v, "flag")));
  EXPECT_TRUE(v);
  EXPECT_TRUE(mlir::failed(r.readBool(v, "flag")));
}

TEST(Encoding, SubReaderLengthChecked) {
  const uint8_t bytes[] = {1, 2, 3, 4};
  ErrorLog log;
  EncodingReader r(bytes, 10, log.sink);
  EncodingReader sub = r;
  EXPECT_TRUE(mlir::failed(r.readSubReader(5, sub, "payload")));
  ASSERT_TRUE(mlir::succeeded(r.readSubReader(3, sub, "payload")));
  EXPECT_EQ(sub.absoluteOffset(), 10u);
  EXPECT_EQ(sub.remaining(), 3u);
  EXPECT_EQ(r.remaining(), 1u);
}

TEST(Version, ParseAndOrder) {
  auto v = BytecodeVersion::parse("13.2");
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->major, 13);
  EXPECT_EQ(v->minor, 2);
  EXPECT_TRUE(v->isSupported());
  EXPECT_FALSE(BytecodeVersion::parse("13").has_value());
  EXPECT_FALSE(BytecodeVersion::parse("x.y").has_value());
  EXPECT_FALSE(BytecodeVersion::parse("300.1").has_value());
  EXPECT_TRUE(BytecodeVersion(13, 4).isSupported());
  EXPECT_TRUE(BytecodeVersion(13, 5).isSupported());
  EXPECT_FALSE(BytecodeVersion(13, 6).isSupported());
  EXPECT_FALSE(BytecodeVersion(12, 9).isSupported());
  EXPECT_TRUE(BytecodeVersion(13, 3, 7).isSupported());
  EXPECT_EQ(BytecodeVersion(13, 3, 7), BytecodeVersion::kV13_3);
  EXPECT_EQ(BytecodeVersion(13, 3, 7).str(), "13.3.7");
  EXPECT_LT(BytecodeVersion::kV13_1, BytecodeVersion::kV13_2);
}

} // namespace
