//===- ShapeToLLVM.cpp - constant, broadcast, reshape, permute, extract, cat ===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The shape operations move elements without computing on them. Each is
// expressed as a layout conversion wherever the algebra allows: reshape and
// permute relabel the source layout's coordinates (the same threads keep the
// same registers), broadcast reads the source in the result layout with the
// broadcast dims projected out, and cat of two operands in one layout is
// that layout with one more register bit. The conversion to the result's
// layout is then free, register moves, warp shuffles or a shared-memory round
// trip (lowering::redistribute picks the cheapest). `extract` and `insert`
// with their run-time slice indices, and `cat` of operands in different
// layouts, go through the shared-memory arena directly.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"
#include "MemoryAccess.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::lowering;

namespace {

/// Constants with distinct elements are selected by flat index per register;
/// past this many elements the select chains get too long.
constexpr int64_t kMaxDenseConstantElements = 64;

/// Splat constants fill every register with the value; other constants give
/// each register its element, selected by the element's row-major index
/// (only the lane and warp make it vary at run time).
struct ConstantLowering
    : public ConvertOpToLLVMPattern<cuda_tile::ConstantOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto value = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!value)
      return rewriter.notifyMatchFailure(op, "expected dense elements");
    Location loc = op.getLoc();
    auto *converter =
        static_cast<const TileLLVMTypeConverter *>(getTypeConverter());
    Type resultType = converter->convertType(op.getResult().getType());
    Type element = converter->convertElementType(
        value.getType().getElementType());
    if (!resultType || !element)
      return rewriter.notifyMatchFailure(op, "unsupported element type");
    // Elements whose register type differs (8-bit floats held as i8, tf32
    // as f32) take their bit pattern or their exact wider value.
    auto toRegisterAttr = [&](Attribute attr) -> TypedAttr {
      auto f = dyn_cast<FloatAttr>(attr);
      if (!f || f.getType() == element)
        return dyn_cast<TypedAttr>(attr);
      llvm::APFloat v = f.getValue();
      if (auto intType = dyn_cast<IntegerType>(element)) {
        llvm::APInt bits = v.bitcastToAPInt();
        if (bits.getBitWidth() > intType.getWidth())
          return {};
        return IntegerAttr::get(intType, bits.zext(intType.getWidth()));
      }
      auto floatType = dyn_cast<FloatType>(element);
      if (!floatType)
        return {};
      bool losesInfo = false;
      v.convert(floatType.getFloatSemantics(),
                llvm::APFloat::rmNearestTiesToEven, &losesInfo);
      if (losesInfo)
        return {};
      return FloatAttr::get(floatType, v);
    };
    FailureOr<LinearLayout> layout =
        getTileLayout(op.getResult().getType(), getNumWarps(op));
    if (failed(layout))
      return rewriter.notifyMatchFailure(op, "result has no layout");
    int64_t numRegs = layout->getNumRegisters();

    if (value.isSplat()) {
      TypedAttr scalar = toRegisterAttr(value.getSplatValue<Attribute>());
      if (!scalar)
        return rewriter.notifyMatchFailure(op, "unrepresentable constant");
      Value v = LLVM::ConstantOp::create(rewriter, loc, element, scalar);
      SmallVector<Value> regs(numRegs, v);
      rewriter.replaceOp(op, packRegisters(rewriter, loc, resultType, regs));
      return success();
    }

    int64_t numElements = value.getNumElements();
    if (numElements > kMaxDenseConstantElements)
      return rewriter.notifyMatchFailure(
          op, "non-splat constants of more than 64 elements");
    SmallVector<Value> elements;
    for (Attribute attr : value.getValues<Attribute>()) {
      TypedAttr scalar = toRegisterAttr(attr);
      if (!scalar)
        return rewriter.notifyMatchFailure(op, "unrepresentable constant");
      elements.push_back(
          LLVM::ConstantOp::create(rewriter, loc, element, scalar));
    }
    ThreadIds ids = getThreadIds(rewriter, loc);
    SmallVector<SmallVector<Value>> coords =
        emitElementCoordinates(rewriter, loc, *layout, ids);
    SmallVector<Value> regs;
    for (int64_t r = 0; r < numRegs; ++r) {
      Value flat =
          emitRowMajorOffset(rewriter, loc, coords[r], layout->getShape());
      // Element 0 is the fallback; every flat index is in range.
      Value v = elements.front();
      for (int64_t i = 1; i < numElements; ++i) {
        Value isThis =
            LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq, flat,
                                 i32Const(rewriter, loc, i));
        v = LLVM::SelectOp::create(rewriter, loc, isThis, elements[i], v);
      }
      regs.push_back(v);
    }
    rewriter.replaceOp(op, packRegisters(rewriter, loc, resultType, regs));
    return success();
  }
};

/// Common plumbing of the shape patterns: the layouts of a source and a
/// result tile, and the result packing.
template <typename OpTy>
struct ShapePattern : public ConvertOpToLLVMPattern<OpTy> {
  using ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;

  /// The layout of `type` in the kernel of `op`, or a match failure.
  static FailureOr<LinearLayout> layoutOf(Operation *op, Type type,
                                          ConversionPatternRewriter &rewriter) {
    FailureOr<LinearLayout> layout = getTileLayout(type, getNumWarps(op));
    if (failed(layout))
      (void)rewriter.notifyMatchFailure(op, "tile without a layout");
    return layout;
  }

  /// Replaces `op` with the result registers `regs`.
  LogicalResult replaceWithRegisters(Operation *op, ArrayRef<Value> regs,
                                     ConversionPatternRewriter &rewriter) const {
    Type resultType =
        this->getTypeConverter()->convertType(op->getResult(0).getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "unconvertible result type");
    rewriter.replaceOp(op,
                       packRegisters(rewriter, op->getLoc(), resultType, regs));
    return success();
  }

  /// Moves `regs` from `src` to the result's layout `dst` and replaces `op`.
  LogicalResult convertAndReplace(Operation *op, ArrayRef<Value> regs,
                                  const LinearLayout &src,
                                  const LinearLayout &dst,
                                  ConversionPatternRewriter &rewriter) const {
    Location loc = op->getLoc();
    ThreadIds ids = getThreadIds(rewriter, loc);
    FailureOr<SmallVector<Value>> moved =
        redistribute(rewriter, loc, op, regs, src, dst, ids);
    if (failed(moved))
      return rewriter.notifyMatchFailure(op, "layout conversion failed");
    return replaceWithRegisters(op, *moved, rewriter);
  }
};

/// Unwraps an llvm::Expected layout into a match failure.
static FailureOr<LinearLayout>
checkLayout(llvm::Expected<LinearLayout> layout, Operation *op,
            ConversionPatternRewriter &rewriter) {
  if (!layout) {
    std::string message = llvm::toString(layout.takeError());
    return rewriter.notifyMatchFailure(op, message);
  }
  return std::move(*layout);
}

/// reshape: the row-major flat index of every element is unchanged, so the
/// source layout relabeled with the result shape holds the result.
struct ReshapeLowering : public ShapePattern<cuda_tile::ReshapeOp> {
  using ShapePattern::ShapePattern;

  LogicalResult
  matchAndRewrite(cuda_tile::ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<LinearLayout> src =
        layoutOf(op, op.getSource().getType(), rewriter);
    FailureOr<LinearLayout> dst =
        layoutOf(op, op.getResult().getType(), rewriter);
    if (failed(src) || failed(dst))
      return failure();
    FailureOr<LinearLayout> relabeled =
        checkLayout(src->reshape(dst->getShape()), op, rewriter);
    if (failed(relabeled))
      return failure();
    SmallVector<Value> regs =
        unpackRegisters(rewriter, op.getLoc(), adaptor.getSource());
    return convertAndReplace(op, regs, *relabeled, *dst, rewriter);
  }
};

/// permute: the source layout with its coordinates permuted.
struct PermuteLowering : public ShapePattern<cuda_tile::PermuteOp> {
  using ShapePattern::ShapePattern;

  LogicalResult
  matchAndRewrite(cuda_tile::PermuteOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<LinearLayout> src =
        layoutOf(op, op.getSource().getType(), rewriter);
    FailureOr<LinearLayout> dst =
        layoutOf(op, op.getResult().getType(), rewriter);
    if (failed(src) || failed(dst))
      return failure();
    FailureOr<LinearLayout> relabeled =
        checkLayout(src->permute(op.getPermutation()), op, rewriter);
    if (failed(relabeled))
      return failure();
    if (relabeled->getShape() != dst->getShape())
      return rewriter.notifyMatchFailure(op, "permuted shape mismatch");
    SmallVector<Value> regs =
        unpackRegisters(rewriter, op.getLoc(), adaptor.getSource());
    return convertAndReplace(op, regs, *relabeled, *dst, rewriter);
  }
};

/// broadcast: result register r of each thread is the source element that
/// fills it, i.e. register r of the result layout with the broadcast dims
/// projected out; getting the source into that layout is a conversion.
struct BroadcastLowering : public ShapePattern<cuda_tile::BroadcastOp> {
  using ShapePattern::ShapePattern;

  LogicalResult
  matchAndRewrite(cuda_tile::BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<cuda_tile::TileType>(op.getSource().getType());
    auto dstType = cast<cuda_tile::TileType>(op.getResult().getType());
    FailureOr<LinearLayout> src = layoutOf(op, srcType, rewriter);
    FailureOr<LinearLayout> dst = layoutOf(op, dstType, rewriter);
    if (failed(src) || failed(dst))
      return failure();
    SmallVector<int32_t> dims;
    for (auto [d, sizes] :
         llvm::enumerate(llvm::zip(srcType.getShape(), dstType.getShape())))
      if (std::get<0>(sizes) != std::get<1>(sizes))
        dims.push_back(static_cast<int32_t>(d));
    FailureOr<LinearLayout> projected =
        checkLayout(dst->projectOut(dims), op, rewriter);
    if (failed(projected))
      return failure();
    if (projected->getShape() != src->getShape())
      return rewriter.notifyMatchFailure(op, "projected shape mismatch");
    SmallVector<Value> regs =
        unpackRegisters(rewriter, op.getLoc(), adaptor.getSource());
    return convertAndReplace(op, regs, *src, *projected, rewriter);
  }
};

/// cat: both operands have the same size along `dim` (powers of two adding
/// up to a power of two), so the result's coordinate along `dim` is the
/// operand's with one more bit selecting lhs or rhs. With both operands in
/// one layout the pair is that layout plus a top register bit for that
/// coordinate bit (lhs registers, then rhs registers). Otherwise both are
/// stored into a scratch copy of the result and read back.
struct CatLowering : public ShapePattern<cuda_tile::CatOp> {
  using ShapePattern::ShapePattern;

  LogicalResult
  matchAndRewrite(cuda_tile::CatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<LinearLayout> lhs = layoutOf(op, op.getLhs().getType(), rewriter);
    FailureOr<LinearLayout> rhs = layoutOf(op, op.getRhs().getType(), rewriter);
    FailureOr<LinearLayout> dst =
        layoutOf(op, op.getResult().getType(), rewriter);
    if (failed(lhs) || failed(rhs) || failed(dst))
      return failure();
    int64_t dim = op.getDim();
    unsigned rank = dst->getRank();
    if (dim < 0 || dim >= int64_t(rank) || lhs->getShape() != rhs->getShape())
      return rewriter.notifyMatchFailure(op, "operands of different shapes");
    int64_t half = lhs->getShape()[dim];
    if (2 * half != dst->getShape()[dim])
      return rewriter.notifyMatchFailure(op, "unexpected result shape");
    SmallVector<Value> lhsRegs =
        unpackRegisters(rewriter, loc, adaptor.getLhs());
    SmallVector<Value> rhsRegs =
        unpackRegisters(rewriter, loc, adaptor.getRhs());

    if (*lhs == *rhs) {
      llvm::Expected<LinearLayout> pair = lhs->joinAlong(dim);
      if (pair) {
        SmallVector<Value> regs = lhsRegs;
        regs.append(rhsRegs);
        return convertAndReplace(op, regs, *pair, *dst, rewriter);
      }
      // Too many hardware bits for one layout: use shared memory.
      llvm::consumeError(pair.takeError());
    }

    ArrayRef<int64_t> shape = dst->getShape();
    auto lhsOffset = [&](OpBuilder &b, Location loc, ArrayRef<Value> coords) {
      return emitRowMajorOffset(b, loc, coords, shape);
    };
    auto rhsOffset = [&](OpBuilder &b, Location loc, ArrayRef<Value> coords) {
      SmallVector<Value> shifted(coords.begin(), coords.end());
      shifted[dim] =
          LLVM::OrOp::create(b, loc, shifted[dim], i32Const(b, loc, half));
      return emitRowMajorOffset(b, loc, shifted, shape);
    };
    ScratchStore stores[] = {{lhsRegs, &*lhs, lhsOffset},
                             {rhsRegs, &*rhs, rhsOffset}};
    FailureOr<SmallVector<Value>> regs = exchangeThroughSharedMemory(
        rewriter, loc, op, stores, *dst, lhsOffset);
    if (failed(regs))
      return rewriter.notifyMatchFailure(op, "no shared-memory arena");
    return replaceWithRegisters(op, *regs, rewriter);
  }
};

/// extract and insert: per dim, the number of the slice an index selects
/// (the index modulo the slice count, a power of two), or null where the
/// slice spans the dim; failure for an index that is not an i32.
static FailureOr<SmallVector<Value>>
emitSliceNumbers(OpBuilder &b, Location loc, ValueRange indices,
                 ArrayRef<int64_t> wholeShape, ArrayRef<int64_t> sliceShape) {
  SmallVector<Value> numbers;
  for (auto [d, index] : llvm::enumerate(indices)) {
    int64_t count = wholeShape[d] / sliceShape[d];
    if (count <= 1) {
      numbers.push_back(Value());
      continue;
    }
    if (!index.getType().isInteger(32))
      return failure();
    Value mask = i32Const(b, loc, count - 1);
    numbers.push_back(LLVM::AndOp::create(b, loc, index, mask));
  }
  return numbers;
}

/// extract: the slice indices are run-time values, so the source goes
/// through shared memory and each thread reads its result elements at
/// their coordinates plus the slice origin. Indices are taken modulo the
/// number of slices so that an out-of-range index (undefined behavior)
/// still reads inside the arena.
struct ExtractLowering : public ShapePattern<cuda_tile::ExtractOp> {
  using ShapePattern::ShapePattern;

  LogicalResult
  matchAndRewrite(cuda_tile::ExtractOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<LinearLayout> src =
        layoutOf(op, op.getSource().getType(), rewriter);
    FailureOr<LinearLayout> dst =
        layoutOf(op, op.getResult().getType(), rewriter);
    if (failed(src) || failed(dst))
      return failure();
    ArrayRef<int64_t> srcShape = src->getShape();
    ArrayRef<int64_t> dstShape = dst->getShape();
    unsigned rank = srcShape.size();
    if (dstShape.size() != rank || adaptor.getIndices().size() != rank)
      return rewriter.notifyMatchFailure(op, "rank mismatch");

    // Slice origins: (index mod slices) * slice size. Dims with one slice
    // start at 0 whatever the index.
    FailureOr<SmallVector<Value>> origins = emitSliceNumbers(
        rewriter, loc, adaptor.getIndices(), srcShape, dstShape);
    if (failed(origins))
      return rewriter.notifyMatchFailure(op, "index is not an i32");
    for (unsigned d = 0; d < rank; ++d)
      if (Value number = (*origins)[d]) {
        Value shift = i32Const(rewriter, loc, llvm::Log2_64(dstShape[d]));
        (*origins)[d] = LLVM::ShlOp::create(rewriter, loc, number, shift);
      }

    SmallVector<Value> regs =
        unpackRegisters(rewriter, loc, adaptor.getSource());
    auto srcOffset = [&](OpBuilder &b, Location loc, ArrayRef<Value> coords) {
      return emitRowMajorOffset(b, loc, coords, srcShape);
    };
    // Result coordinates are below the slice size and origins are multiples
    // of it, so OR adds them.
    auto dstOffset = [&](OpBuilder &b, Location loc, ArrayRef<Value> coords) {
      SmallVector<Value> shifted(coords.begin(), coords.end());
      for (unsigned d = 0; d < rank; ++d)
        if ((*origins)[d])
          shifted[d] = LLVM::OrOp::create(b, loc, shifted[d], (*origins)[d]);
      return emitRowMajorOffset(b, loc, shifted, srcShape);
    };
    ScratchStore store{regs, &*src, srcOffset};
    FailureOr<SmallVector<Value>> result =
        exchangeThroughSharedMemory(rewriter, loc, op, store, *dst, dstOffset);
    if (failed(result))
      return rewriter.notifyMatchFailure(op, "no shared-memory arena");
    return replaceWithRegisters(op, *result, rewriter);
  }
};

/// insert: the destination and the slice go through shared memory side by
/// side (the slice after the destination's elements), and each thread reads
/// its result elements from the slice where they fall inside it, from the
/// destination elsewhere. Indices are taken modulo the number of slices, as
/// for extract.
struct InsertLowering : public ShapePattern<cuda_tile::InsertOp> {
  using ShapePattern::ShapePattern;

  LogicalResult
  matchAndRewrite(cuda_tile::InsertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<LinearLayout> src =
        layoutOf(op, op.getSource().getType(), rewriter);
    FailureOr<LinearLayout> whole =
        layoutOf(op, op.getDestination().getType(), rewriter);
    FailureOr<LinearLayout> dst =
        layoutOf(op, op.getResult().getType(), rewriter);
    if (failed(src) || failed(whole) || failed(dst))
      return failure();
    ArrayRef<int64_t> sliceShape = src->getShape();
    ArrayRef<int64_t> shape = dst->getShape();
    unsigned rank = shape.size();
    if (sliceShape.size() != rank || adaptor.getIndices().size() != rank)
      return rewriter.notifyMatchFailure(op, "rank mismatch");

    // Per dim with several slices: the slice number to replace.
    FailureOr<SmallVector<Value>> numbers = emitSliceNumbers(
        rewriter, loc, adaptor.getIndices(), shape, sliceShape);
    if (failed(numbers))
      return rewriter.notifyMatchFailure(op, "index is not an i32");
    SmallVector<Value> slices = std::move(*numbers);
    int64_t wholeElements = 1;
    for (int64_t s : shape)
      wholeElements *= s;

    SmallVector<Value> wholeRegs =
        unpackRegisters(rewriter, loc, adaptor.getDestination());
    SmallVector<Value> sliceRegs =
        unpackRegisters(rewriter, loc, adaptor.getSource());
    auto wholeOffset = [&](OpBuilder &b, Location loc, ArrayRef<Value> coords) {
      return emitRowMajorOffset(b, loc, coords, shape);
    };
    auto sliceOffset = [&](OpBuilder &b, Location loc, ArrayRef<Value> coords) {
      Value local = emitRowMajorOffset(b, loc, coords, sliceShape);
      Value base = i32Const(b, loc, wholeElements);
      return LLVM::AddOp::create(b, loc, local, base).getResult();
    };
    // Slice sizes are powers of two: the slice number of a coordinate is
    // its high bits, its place in the slice the low bits.
    auto resultOffset = [&](OpBuilder &b, Location loc,
                            ArrayRef<Value> coords) -> Value {
      Value inside;
      SmallVector<Value> local(coords.begin(), coords.end());
      for (unsigned d = 0; d < rank; ++d) {
        if (!slices[d])
          continue;
        unsigned bits = llvm::Log2_64(sliceShape[d]);
        Value number =
            LLVM::LShrOp::create(b, loc, coords[d], i32Const(b, loc, bits));
        Value same = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq,
                                          number, slices[d]);
        inside = inside ? LLVM::AndOp::create(b, loc, inside, same).getResult()
                        : same;
        local[d] = LLVM::AndOp::create(b, loc, coords[d],
                                       i32Const(b, loc, sliceShape[d] - 1));
      }
      Value fromSlice = sliceOffset(b, loc, local);
      if (!inside)
        return fromSlice;
      return LLVM::SelectOp::create(b, loc, inside, fromSlice,
                                    wholeOffset(b, loc, coords));
    };
    ScratchStore stores[] = {{wholeRegs, &*whole, wholeOffset},
                             {sliceRegs, &*src, sliceOffset}};
    FailureOr<SmallVector<Value>> result = exchangeThroughSharedMemory(
        rewriter, loc, op, stores, *dst, resultOffset);
    if (failed(result))
      return rewriter.notifyMatchFailure(op, "no shared-memory arena");
    return replaceWithRegisters(op, *result, rewriter);
  }
};

} // namespace

void tileir::populateShapeToLLVMPatterns(TileLLVMTypeConverter &converter,
                                         RewritePatternSet &patterns) {
  patterns.add<ConstantLowering, ReshapeLowering, PermuteLowering,
               BroadcastLowering, CatLowering, ExtractLowering,
               InsertLowering>(converter);
}
