//===- PackToLLVM.cpp - pack and unpack -----------------------------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// pack reinterprets a rank-1 tile as the bytes of its elements
// (little-endian; elements narrower than a byte fill a byte from its low
// bits up, element 0 first) and unpack is its inverse.
//
// Both are register relabelings once the two sides are in matching layouts:
// the bytes of an element of a k-byte type are held by the thread holding
// the element, in k consecutive registers, and the g elements of a byte of a
// 1/g-byte type by the thread holding the byte. `expandLayout` derives that
// matching layout from either side; when it differs from the layout the
// tile actually has, the tile moves on the side that is cheaper to describe
// (bytes for wide elements, elements for narrow ones) the way a layout
// conversion moves it (redistribute): in registers, by warp shuffles, or
// through the shared-memory arena. The arena holds one copy of the larger
// of the two tiles (tilegpu::getScratchBytes), which covers both cases
// since every element travels in at least a byte.
//
//===----------------------------------------------------------------------===//

#include "ElementwiseUtils.h"
#include "LoweringUtils.h"
#include "MemoryAccess.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::lowering;

namespace {

/// Bits one element of `element` occupies in a packed tile.
unsigned getPackedBits(Type element) {
  if (isa<FloatTF32Type>(element))
    return 32;
  return element.getIntOrFloatBitWidth();
}

/// The rank-1 layout in which each element of `layout` becomes `factor`
/// consecutive elements held in consecutive registers of the same thread:
/// register r * factor + i holds element e * factor + i where register r
/// held element e.
FailureOr<LinearLayout> expandLayout(const LinearLayout &layout,
                                     unsigned factor) {
  if (layout.getRank() != 1 || !llvm::isPowerOf2_32(factor))
    return failure();
  unsigned shift = llvm::Log2_32(factor);
  auto scaled = [&](HwDim dim) {
    SmallVector<uint64_t> bases;
    for (uint64_t basis : layout.getFlatBases(dim))
      bases.push_back(basis << shift);
    return bases;
  };
  SmallVector<uint64_t> registers;
  for (unsigned i = 0; i < shift; ++i)
    registers.push_back(uint64_t(1) << i);
  llvm::append_range(registers, scaled(HwDim::Register));
  llvm::Expected<LinearLayout> expanded = LinearLayout::getFlat(
      {layout.getShape().front() * int64_t(factor)}, registers,
      scaled(HwDim::Lane), scaled(HwDim::Warp));
  if (!expanded) {
    llvm::consumeError(expanded.takeError());
    return failure();
  }
  return *expanded;
}

/// The integer with the bits of a register (floats are bitcast).
Value toBits(OpBuilder &b, Location loc, Value v) {
  Type type = v.getType();
  if (type.isInteger())
    return v;
  return LLVM::BitcastOp::create(
      b, loc, b.getIntegerType(type.getIntOrFloatBitWidth()), v);
}

/// The layouts of both sides of a pack or unpack.
LogicalResult getLayouts(Operation *op, Type a, Type b, LinearLayout &la,
                         LinearLayout &lb) {
  unsigned numWarps = getNumWarps(op);
  FailureOr<LinearLayout> first = getTileLayout(a, numWarps);
  FailureOr<LinearLayout> second = getTileLayout(b, numWarps);
  if (failed(first) || failed(second) || first->getRank() != 1 ||
      second->getRank() != 1)
    return failure();
  la = *first;
  lb = *second;
  return success();
}

struct PackLowering : public ConvertOpToLLVMPattern<cuda_tile::PackOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::PackOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type srcTile = op.getSource().getType();
    Type dstTile = op.getResult().getType();
    LinearLayout srcLayout, dstLayout;
    if (failed(getLayouts(op, srcTile, dstTile, srcLayout, dstLayout)))
      return rewriter.notifyMatchFailure(op, "expected rank-1 tiles with "
                                             "layouts");
    Type resultType = getTypeConverter()->convertType(dstTile);
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "unconvertible result type");
    unsigned bits = getPackedBits(getTileElementType(srcTile));
    SmallVector<Value> srcRegs =
        unpackRegisters(rewriter, loc, adaptor.getSource());
    Type i8 = rewriter.getI8Type();

    FailureOr<SmallVector<Value>> bytes;
    if (bits >= 8) {
      // Split every element into its bytes where it is, then move bytes.
      unsigned width = bits / 8;
      FailureOr<LinearLayout> byteLayout = expandLayout(srcLayout, width);
      if (failed(byteLayout))
        return rewriter.notifyMatchFailure(op, "unsupported layout");
      SmallVector<Value> split;
      for (Value reg : srcRegs) {
        Value word = toBits(rewriter, loc, reg);
        for (unsigned i = 0; i < width; ++i) {
          Value shifted =
              i == 0 ? word
                     : Value(LLVM::LShrOp::create(
                           rewriter, loc, word,
                           intConst(rewriter, loc, word.getType(), 8 * i)));
          split.push_back(castInt(rewriter, loc, shifted, i8, /*isSigned=*/false));
        }
      }
      bytes = redistribute(rewriter, loc, op, split, *byteLayout, dstLayout,
                           getThreadIds(rewriter, loc));
    } else {
      // Bring the elements of each byte to the byte's thread, then combine.
      unsigned perByte = 8 / bits;
      FailureOr<LinearLayout> elementLayout =
          expandLayout(dstLayout, perByte);
      if (failed(elementLayout))
        return rewriter.notifyMatchFailure(op, "unsupported layout");
      FailureOr<SmallVector<Value>> elements =
          redistribute(rewriter, loc, op, srcRegs, srcLayout, *elementLayout,
                       getThreadIds(rewriter, loc));
      if (failed(elements))
        return rewriter.notifyMatchFailure(op, "cannot move the elements");
      Value mask = intConst(rewriter, loc, i8, (1 << bits) - 1);
      SmallVector<Value> combined;
      for (size_t r = 0; r < elements->size() / perByte; ++r) {
        Value byte = intConst(rewriter, loc, i8, 0);
        for (unsigned i = 0; i < perByte; ++i) {
          Value e = castInt(rewriter, loc, (*elements)[r * perByte + i], i8,
                            /*isSigned=*/false);
          e = LLVM::AndOp::create(rewriter, loc, e, mask);
          if (i)
            e = LLVM::ShlOp::create(rewriter, loc, e,
                                    intConst(rewriter, loc, i8, i * bits));
          byte = LLVM::OrOp::create(rewriter, loc, byte, e);
        }
        combined.push_back(byte);
      }
      bytes = combined;
    }
    if (failed(bytes))
      return rewriter.notifyMatchFailure(op, "cannot move the bytes");
    rewriter.replaceOp(op, packRegisters(rewriter, loc, resultType, *bytes));
    return success();
  }
};

struct UnpackLowering : public ConvertOpToLLVMPattern<cuda_tile::UnpackOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::UnpackOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type srcTile = op.getSource().getType();
    Type dstTile = op.getResult().getType();
    LinearLayout srcLayout, dstLayout;
    if (failed(getLayouts(op, srcTile, dstTile, srcLayout, dstLayout)))
      return rewriter.notifyMatchFailure(op, "expected rank-1 tiles with "
                                             "layouts");
    auto *converter =
        static_cast<const TileLLVMTypeConverter *>(getTypeConverter());
    Type resultType = converter->convertType(dstTile);
    Type dstElement = getTileElementType(dstTile);
    Type element = converter->convertElementType(dstElement);
    if (!resultType || !element)
      return rewriter.notifyMatchFailure(op, "unconvertible result type");
    unsigned bits = getPackedBits(dstElement);
    SmallVector<Value> srcRegs =
        unpackRegisters(rewriter, loc, adaptor.getSource());

    FailureOr<SmallVector<Value>> result;
    if (bits >= 8) {
      // Bring each element's bytes to its thread, then assemble.
      unsigned width = bits / 8;
      FailureOr<LinearLayout> byteLayout = expandLayout(dstLayout, width);
      if (failed(byteLayout))
        return rewriter.notifyMatchFailure(op, "unsupported layout");
      FailureOr<SmallVector<Value>> bytes =
          redistribute(rewriter, loc, op, srcRegs, srcLayout, *byteLayout,
                       getThreadIds(rewriter, loc));
      if (failed(bytes))
        return rewriter.notifyMatchFailure(op, "cannot move the bytes");
      Type word = rewriter.getIntegerType(bits);
      SmallVector<Value> assembled;
      for (size_t r = 0; r < bytes->size() / width; ++r) {
        Value value = intConst(rewriter, loc, word, 0);
        for (unsigned i = 0; i < width; ++i) {
          Value part = castInt(rewriter, loc, (*bytes)[r * width + i], word,
                               /*isSigned=*/false);
          if (i)
            part = LLVM::ShlOp::create(rewriter, loc, part,
                                       intConst(rewriter, loc, word, 8 * i));
          value = LLVM::OrOp::create(rewriter, loc, value, part);
        }
        if (element != word)
          value = LLVM::BitcastOp::create(rewriter, loc, element, value);
        assembled.push_back(value);
      }
      result = assembled;
    } else {
      // Split every byte into its elements where it is, then move elements.
      unsigned perByte = 8 / bits;
      FailureOr<LinearLayout> elementLayout =
          expandLayout(srcLayout, perByte);
      if (failed(elementLayout))
        return rewriter.notifyMatchFailure(op, "unsupported layout");
      Type i8 = rewriter.getI8Type();
      Value mask = intConst(rewriter, loc, i8, (1 << bits) - 1);
      SmallVector<Value> split;
      for (Value byte : srcRegs) {
        for (unsigned i = 0; i < perByte; ++i) {
          Value e = i == 0 ? byte
                           : Value(LLVM::LShrOp::create(
                                 rewriter, loc, byte,
                                 intConst(rewriter, loc, i8, i * bits)));
          e = LLVM::AndOp::create(rewriter, loc, e, mask);
          split.push_back(castInt(rewriter, loc, e, element,
                                  /*isSigned=*/false));
        }
      }
      result = redistribute(rewriter, loc, op, split, *elementLayout, dstLayout,
                            getThreadIds(rewriter, loc));
    }
    if (failed(result))
      return rewriter.notifyMatchFailure(op, "cannot move the elements");
    rewriter.replaceOp(op, packRegisters(rewriter, loc, resultType, *result));
    return success();
  }
};

} // namespace

void lowering::populatePackToLLVMPatterns(TileLLVMTypeConverter &converter,
                                          RewritePatternSet &patterns) {
  patterns.add<PackLowering, UnpackLowering>(converter);
}
