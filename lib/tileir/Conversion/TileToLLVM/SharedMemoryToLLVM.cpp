//===- SharedMemoryToLLVM.cpp - Shared buffers, barriers, copy groups -----===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A shared buffer (`!tilegpu.smem`) lowers to the `!llvm.ptr<3>` of its
// first element: the kernel's shared-memory region plus the offset
// tileir-plan-shared-memory gave it, plus a stage times the stage stride
// for a subview.
//
// local_store and local_load move registers to and from a buffer at the
// offsets SharedOffsets derives from the two layouts: as many consecutive
// registers per access as sit at consecutive offsets (up to 16 bytes), and,
// for 16-bit fragments whose rows are 16-byte chunks of the buffer, one
// ldmatrix (transposed when the fragment runs across the buffer's rows) per
// four 8x8 matrices; 32-bit tiles whose lanes read 16-byte rows in quarters
// (a transposition's reads) the same way; 8-bit tiles whose words hold two
// neighbouring elements of two rows (the transposed A fragments of a
// swapped wgmma product) the same way with ldmatrix.trans. Barriers, proxy
// fences and copy groups map onto their NVVM ops one to one.
//
//===----------------------------------------------------------------------===//

#include "SharedAccess.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::lowering;

namespace {

/// The LLVM type a buffer element is held in registers.
Type getRegisterType(tilegpu::SMemType type,
                     const TileLLVMTypeConverter &converter) {
  return converter.convertElementType(type.getElementType());
}

const TileLLVMTypeConverter &getConverter(const TypeConverter *converter) {
  return *static_cast<const TileLLVMTypeConverter *>(converter);
}

/// Bytes of one element in memory (booleans one, tf32 four).
int64_t getMemoryBytes(tilegpu::SMemType type) {
  return type.getElementBytes();
}

/// The registers of `values` as one vector of `count` elements (or the
/// value itself for one), in memory form (booleans as bytes).
Value packForStore(OpBuilder &b, Location loc, ArrayRef<Value> values) {
  Type element = values.front().getType();
  bool isBool = element.isInteger(1);
  Type memType = isBool ? b.getI8Type() : element;
  auto toMemory = [&](Value v) -> Value {
    return isBool ? LLVM::ZExtOp::create(b, loc, memType, v).getResult() : v;
  };
  if (values.size() == 1)
    return toMemory(values.front());
  auto vec = VectorType::get({static_cast<int64_t>(values.size())}, memType);
  Value packed = LLVM::PoisonOp::create(b, loc, vec);
  for (auto [i, v] : llvm::enumerate(values)) {
    Value index = i32Const(b, loc, static_cast<int64_t>(i));
    packed = LLVM::InsertElementOp::create(b, loc, packed, toMemory(v), index);
  }
  return packed;
}

/// Loads `count` consecutive elements of `regType` at `address`, returned
/// in register form.
SmallVector<Value> loadElements(OpBuilder &b, Location loc, Value address,
                                Type regType, int64_t count) {
  bool isBool = regType.isInteger(1);
  Type memType = isBool ? b.getI8Type() : regType;
  auto toRegister = [&](Value v) -> Value {
    if (!isBool)
      return v;
    Value zero = intConst(b, loc, memType, 0);
    return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, v, zero);
  };
  if (count == 1)
    return {toRegister(LLVM::LoadOp::create(b, loc, memType, address))};
  auto vec = VectorType::get({count}, memType);
  Value loaded = LLVM::LoadOp::create(b, loc, vec, address);
  SmallVector<Value> values;
  for (int64_t i = 0; i < count; ++i) {
    Value index = i32Const(b, loc, i);
    values.push_back(toRegister(
        LLVM::ExtractElementOp::create(b, loc, loaded, index)));
  }
  return values;
}

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

struct AllocSharedLowering
    : public ConvertOpToLLVMPattern<tilegpu::AllocSharedOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::AllocSharedOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<uint64_t> offset = op.getOffset();
    if (!offset)
      return rewriter.notifyMatchFailure(op, "buffer was not placed");
    int64_t end = static_cast<int64_t>(*offset) + op.getType().getTotalBytes();
    if (!sharedArenaHolds(op, end))
      return op.emitError("shared buffer ends at byte ")
             << end << ", past the kernel's planned shared memory";
    FailureOr<Value> base =
        getSharedRegionBase(rewriter, op.getLoc(), op);
    if (failed(base))
      return rewriter.notifyMatchFailure(op, "no shared-memory region");
    Value byteOffset = i32Const(rewriter, op.getLoc(),
                                static_cast<int64_t>(*offset));
    rewriter.replaceOp(op, LLVM::GEPOp::create(
                               rewriter, op.getLoc(), base->getType(),
                               rewriter.getI8Type(), *base,
                               ValueRange{byteOffset}));
    return success();
  }
};

struct SubviewLowering : public ConvertOpToLLVMPattern<tilegpu::SubviewOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::SubviewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value index = castInt(rewriter, loc, adaptor.getIndex(),
                          rewriter.getI32Type(), /*isSigned=*/false);
    Value stride =
        i32Const(rewriter, loc, op.getBuffer().getType().getStageStride());
    Value bytes = LLVM::MulOp::create(rewriter, loc, index, stride);
    rewriter.replaceOp(op, LLVM::GEPOp::create(
                               rewriter, loc, adaptor.getBuffer().getType(),
                               rewriter.getI8Type(), adaptor.getBuffer(),
                               ValueRange{bytes}));
    return success();
  }
};

struct PermuteSharedLowering
    : public ConvertOpToLLVMPattern<tilegpu::PermuteSharedOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::PermuteSharedOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // Same bytes, another view: the layouts say where elements are.
    rewriter.replaceOp(op, adaptor.getBuffer());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// local_store
//===----------------------------------------------------------------------===//

struct LocalStoreLowering
    : public ConvertOpToLLVMPattern<tilegpu::LocalStoreOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::LocalStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    tilegpu::SMemType bufferType = op.getBuffer().getType();
    FailureOr<LinearLayout> layout =
        getTileLayout(op.getValue().getType(), getNumWarps(op));
    if (failed(layout))
      return rewriter.notifyMatchFailure(op, "tile without a layout");
    FailureOr<SharedOffsets> offsets = SharedOffsets::get(
        *layout, bufferType.getLayout().getSharedMemoryLayout());
    if (failed(offsets))
      return rewriter.notifyMatchFailure(op, "tile and buffer differ");
    SmallVector<Value> regs =
        unpackRegisters(rewriter, loc, adaptor.getValue());
    int64_t bytes = getMemoryBytes(bufferType);
    int64_t width = offsets->getVectorWidth(std::max<int64_t>(1, 16 / bytes));
    uint64_t duplicates = layout->getFreeMask(HwDim::Register);
    ThreadIds ids = getThreadIds(rewriter, loc);
    Value thread = offsets->emitThreadOffset(rewriter, loc, ids);
    for (int64_t r = 0, e = regs.size(); r < e; r += width) {
      if (uint64_t(r) & duplicates)
        continue;
      Value offset = offsets->emitOffset(rewriter, loc, thread, r);
      Value address = getSharedElementAddress(rewriter, loc,
                                              adaptor.getBuffer(), offset,
                                              bytes);
      Value value = packForStore(
          rewriter, loc, ArrayRef<Value>(regs).slice(r, width));
      LLVM::StoreOp::create(rewriter, loc, value, address);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// local_load
//===----------------------------------------------------------------------===//

/// How ldmatrix reads a tile of 16-bit or 8-bit elements: `num` 8x8
/// matrices of 16-bit cells per instruction, transposed or not, the row
/// each lane addresses given by the offset columns of its lane bits; each
/// 32-bit word holds `perWord` registers.
struct LdMatrixPlan {
  bool transposed = false;
  int64_t num = 0;
  int64_t perWord = 2;
  SmallVector<uint64_t, 5> addressColumns;
};

/// Whether ldmatrix produces the registers of a tile of `elementBytes`-byte
/// elements whose offsets are `s`: each 32-bit result word holds two
/// 16-bit registers (register bit 0) or four 8-bit ones (bits 0 and 1), a
/// lane's word comes from a 16-byte row chunk of one of the matrices, and
/// the matrices are selected by the next register bits. For 16-bit
/// elements: not transposed, lanes step along a row (offsets 2 and 4) and
/// rows are the upper lane bits; transposed, the upper lane bits step along
/// a row (1, 2, 4) and the two registers of a word are consecutive rows.
/// For 8-bit elements, transposed only: a word holds two neighbouring
/// elements of a row (register bit 0) and the same two of the next row
/// (bit 1), and the upper lane bits step along a row by pairs (2, 4, 8).
/// For 32-bit elements, not transposed: a word is one element, lanes 0 and
/// 1 step along a row (offsets 1 and 2) and the upper lane bits pick the
/// rows (a transposition's reads: the registers then run across rows).
std::optional<LdMatrixPlan> planLdMatrix(const SharedOffsets &s,
                                         int64_t numRegs,
                                         int64_t elementBytes) {
  ArrayRef<uint64_t> r = s.getRegisterColumns(), l = s.getLaneColumns();
  if (elementBytes != 1 && elementBytes != 2 && elementBytes != 4)
    return std::nullopt;
  LdMatrixPlan plan;
  plan.perWord = 4 / elementBytes;
  unsigned wordBits = llvm::Log2_64(plan.perWord);
  if (numRegs < plan.perWord || r.size() < wordBits || l.size() != 5)
    return std::nullopt;
  uint64_t chunk = 16 / elementBytes;
  auto chunkAligned = [&](uint64_t c) { return c % chunk == 0; };
  plan.num = std::min<int64_t>(4, numRegs / plan.perWord);
  bool rest = llvm::all_of(r.drop_front(wordBits), chunkAligned) &&
              llvm::all_of(s.getWarpColumns(), chunkAligned);
  if (!rest)
    return std::nullopt;
  auto matrixColumn = [&](unsigned bit) -> uint64_t {
    return int64_t(1) << bit < plan.num && bit + wordBits < r.size()
               ? r[bit + wordBits]
               : 0;
  };
  if (elementBytes == 4) {
    if (l[0] != 1 || l[1] != 2 || !chunkAligned(l[2]) ||
        !chunkAligned(l[3]) || !chunkAligned(l[4]))
      return std::nullopt;
    plan.addressColumns = {l[2], l[3], l[4], matrixColumn(0),
                           matrixColumn(1)};
    return plan;
  }
  if (elementBytes == 1) {
    if (r[0] != 1 || l[2] != 2 || l[3] != 4 || l[4] != 8 ||
        !chunkAligned(r[1]) || !chunkAligned(l[0]) || !chunkAligned(l[1]))
      return std::nullopt;
    plan.transposed = true;
    plan.addressColumns = {r[1], l[0], l[1], matrixColumn(0),
                           matrixColumn(1)};
    return plan;
  }
  if (r[0] == 1 && l[0] == 2 && l[1] == 4 && chunkAligned(l[2]) &&
      chunkAligned(l[3]) && chunkAligned(l[4])) {
    plan.addressColumns = {l[2], l[3], l[4], matrixColumn(0),
                           matrixColumn(1)};
    return plan;
  }
  if (l[2] == 1 && l[3] == 2 && l[4] == 4 && chunkAligned(r[0]) &&
      chunkAligned(l[0]) && chunkAligned(l[1])) {
    plan.transposed = true;
    plan.addressColumns = {r[0], l[0], l[1], matrixColumn(0),
                           matrixColumn(1)};
    return plan;
  }
  return std::nullopt;
}

SmallVector<Value> emitLdMatrix(OpBuilder &b, Location loc, Value base,
                                const SharedOffsets &s,
                                const LdMatrixPlan &plan, Type regType,
                                int64_t elementBytes, int64_t numRegs,
                                const ThreadIds &ids) {
  MLIRContext *ctx = b.getContext();
  Type i32 = b.getI32Type();
  Value lanePart =
      emitXorOfColumns(b, loc, ids.lane, plan.addressColumns,
                       i32Const(b, loc, 0));
  Value thread =
      emitXorOfColumns(b, loc, ids.warp, s.getWarpColumns(), lanePart);
  uint64_t threadMask = s.getThreadMask();
  for (uint64_t c : plan.addressColumns)
    threadMask |= c;
  Type resultType = i32;
  if (plan.num > 1)
    resultType = LLVM::LLVMStructType::getLiteral(
        ctx, SmallVector<Type>(plan.num, i32));
  auto wordType = VectorType::get({plan.perWord}, regType);
  SmallVector<Value> regs(numRegs);
  for (int64_t g = 0; g < numRegs; g += plan.perWord * plan.num) {
    uint64_t constant = s.getRegisterOffset(g);
    Value offset = thread;
    if (constant) {
      Value c = i32Const(b, loc, static_cast<int64_t>(constant));
      offset = (constant & threadMask) == 0
                   ? LLVM::AddOp::create(b, loc, thread, c).getResult()
                   : LLVM::XOrOp::create(b, loc, thread, c).getResult();
    }
    Value address =
        getSharedElementAddress(b, loc, base, offset, elementBytes);
    Value result = NVVM::LdMatrixOp::create(
        b, loc, resultType, address, static_cast<uint32_t>(plan.num),
        plan.transposed ? NVVM::MMALayout::col : NVVM::MMALayout::row,
        NVVM::LdStMatrixShapeAttr::get(ctx, 8, 8),
        NVVM::LdStMatrixEltType::B16);
    for (int64_t j = 0; j < plan.num; ++j) {
      Value word = plan.num == 1
                       ? result
                       : LLVM::ExtractValueOp::create(b, loc, result, j)
                             .getResult();
      Value elements = LLVM::BitcastOp::create(b, loc, wordType, word);
      for (int64_t h = 0; h < plan.perWord; ++h) {
        Value index = i32Const(b, loc, h);
        regs[g + plan.perWord * j + h] =
            LLVM::ExtractElementOp::create(b, loc, elements, index);
      }
    }
  }
  return regs;
}

struct LocalLoadLowering
    : public ConvertOpToLLVMPattern<tilegpu::LocalLoadOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::LocalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    tilegpu::SMemType bufferType = op.getBuffer().getType();
    FailureOr<LinearLayout> layout =
        getTileLayout(op.getResult().getType(), getNumWarps(op));
    if (failed(layout))
      return rewriter.notifyMatchFailure(op, "tile without a layout");
    FailureOr<SharedOffsets> offsets = SharedOffsets::get(
        *layout, bufferType.getLayout().getSharedMemoryLayout());
    if (failed(offsets))
      return rewriter.notifyMatchFailure(op, "tile and buffer differ");
    Type resultType = getTypeConverter()->convertType(op.getResult().getType());
    Type regType = getRegisterType(bufferType, getConverter(getTypeConverter()));
    if (!resultType || !regType)
      return rewriter.notifyMatchFailure(op, "unconvertible types");
    int64_t numRegs = layout->getNumRegisters();
    int64_t bytes = getMemoryBytes(bufferType);
    ThreadIds ids = getThreadIds(rewriter, loc);
    Value base = adaptor.getBuffer();

    SmallVector<Value> regs;
    std::optional<LdMatrixPlan> plan;
    if ((bytes == 2 && regType.getIntOrFloatBitWidth() == 16) ||
        (bytes == 1 && regType.isInteger(8)) ||
        (bytes == 4 && regType.isIntOrFloat() &&
         regType.getIntOrFloatBitWidth() == 32))
      plan = planLdMatrix(*offsets, numRegs, bytes);
    if (plan) {
      regs = emitLdMatrix(rewriter, loc, base, *offsets, *plan, regType,
                          bytes, numRegs, ids);
    } else {
      int64_t width =
          offsets->getVectorWidth(std::max<int64_t>(1, 16 / bytes));
      width = std::min(width, numRegs);
      Value thread = offsets->emitThreadOffset(rewriter, loc, ids);
      for (int64_t r = 0; r < numRegs; r += width) {
        Value offset = offsets->emitOffset(rewriter, loc, thread, r);
        Value address =
            getSharedElementAddress(rewriter, loc, base, offset, bytes);
        llvm::append_range(regs, loadElements(rewriter, loc, address,
                                              regType, width));
      }
    }
    rewriter.replaceOp(op, packRegisters(rewriter, loc, resultType, regs));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Synchronization and copy groups
//===----------------------------------------------------------------------===//

struct BarrierLowering : public ConvertOpToLLVMPattern<tilegpu::BarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::BarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getAsyncProxy())
      emitAsyncProxyFence(rewriter, op.getLoc());
    emitBarrier(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};

struct AsyncCommitLowering
    : public ConvertOpToLLVMPattern<tilegpu::AsyncCommitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::AsyncCommitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncCommitGroupOp>(op);
    return success();
  }
};

struct AsyncWaitLowering
    : public ConvertOpToLLVMPattern<tilegpu::AsyncWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::AsyncWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncWaitGroupOp>(op,
                                                          op.getPending());
    return success();
  }
};

} // namespace

void tileir::populateSharedMemoryToLLVMPatterns(
    TileLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<AllocSharedLowering, SubviewLowering, PermuteSharedLowering,
               LocalStoreLowering,
               LocalLoadLowering, BarrierLowering, AsyncCommitLowering,
               AsyncWaitLowering>(converter);
}
