//===- WarpSpecializationToLLVM.cpp - Producer warps and mbarriers --------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The ops a warp-specialized kernel (tileir-pipeline-loops) synchronizes its
// producer and compute warps with, onto NVVM ops: the producer test on the
// thread id, `exit`, mbarrier init/try_wait.parity/arrive,
// `cp.async.mbarrier.arrive.noinc` and the generic-to-async proxy fence.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "tileir/Conversion/TileToLLVM/TileToLLVM.h"
#include "tileir/Dialect/TileGPU/IR/TileGPU.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::lowering;

namespace {

/// Suspend-time hint of a try_wait, in nanoseconds (a retry bound, not a
/// timeout: the wait loops until the phase completes).
constexpr int64_t kTryWaitTicks = 0x989680;

/// The address of mbarrier `index` (an i32 or i64) of the buffer at `base`.
Value getBarrierAddress(OpBuilder &b, Location loc, Value base, Value index) {
  Value i = castInt(b, loc, index, b.getI32Type(), /*isSigned=*/false);
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI64Type(), base,
                             ValueRange{i});
}

struct IsProducerWarpLowering
    : public ConvertOpToLLVMPattern<tilegpu::IsProducerWarpOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::IsProducerWarpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (getProducerWarps(op) == 0)
      return op.emitOpError("in a kernel without producer warps");
    Value tid = NVVM::ThreadIdXOp::create(rewriter, loc, rewriter.getI32Type());
    Value first = i32Const(rewriter, loc, 32 * getNumWarps(op));
    rewriter.replaceOpWithNewOp<LLVM::ICmpOp>(
        op, op.getLeader() ? LLVM::ICmpPredicate::eq : LLVM::ICmpPredicate::uge,
        tid, first);
    return success();
  }
};

struct ExitLowering : public ConvertOpToLLVMPattern<tilegpu::ExitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::ExitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::Exit>(op);
    return success();
  }
};

struct MBarrierInitLowering
    : public ConvertOpToLLVMPattern<tilegpu::MBarrierInitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::MBarrierInitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value tid = NVVM::ThreadIdXOp::create(rewriter, loc, rewriter.getI32Type());
    Value first = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                       tid, i32Const(rewriter, loc, 0));
    for (auto [i, count] : llvm::enumerate(op.getCounts())) {
      Value addr = getBarrierAddress(rewriter, loc, adaptor.getBarriers(),
                                     i32Const(rewriter, loc, i));
      Value expected = i32Const(rewriter, loc, count);
      NVVM::MBarrierInitOp::create(rewriter, loc, addr, expected, first);
    }
    // Every thread, producers included, sees the barriers initialized
    // before it uses them.
    NVVM::Barrier0Op::create(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

struct MBarrierWaitLowering
    : public ConvertOpToLLVMPattern<tilegpu::MBarrierWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::MBarrierWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // An unspecialized loop's refilling thread waits for `empty` alone.
    enterLeaderOnly(rewriter, op);
    Value addr = getBarrierAddress(rewriter, loc, adaptor.getBarriers(),
                                   adaptor.getIndex());
    Value parity = castInt(rewriter, loc, adaptor.getParity(),
                           rewriter.getI32Type(), /*isSigned=*/false);
    Value ticks = i32Const(rewriter, loc, kTryWaitTicks);
    NVVM::MBarrierTryWaitParityOp::create(rewriter, loc, addr, parity, ticks);
    rewriter.eraseOp(op);
    return success();
  }
};

struct MBarrierArriveLowering
    : public ConvertOpToLLVMPattern<tilegpu::MBarrierArriveOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::MBarrierArriveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value addr = getBarrierAddress(rewriter, loc, adaptor.getBarriers(),
                                   adaptor.getIndex());
    if (!op.getPerWarpgroup()) {
      NVVM::MBarrierArriveOp::create(rewriter, loc, TypeRange(), addr,
                                     /*count=*/Value());
      rewriter.eraseOp(op);
      return success();
    }
    // if (tid % 128 == 0) arrive.
    Value tid = NVVM::ThreadIdXOp::create(rewriter, loc, rewriter.getI32Type());
    Value inGroup = LLVM::AndOp::create(rewriter, loc, tid,
                                        i32Const(rewriter, loc, 127));
    Value leader =
        LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq, inGroup,
                             i32Const(rewriter, loc, 0));
    Block *before = rewriter.getInsertionBlock();
    Block *after =
        rewriter.splitBlock(before, rewriter.getInsertionPoint());
    Block *arrive = rewriter.createBlock(after);
    NVVM::MBarrierArriveOp::create(rewriter, loc, TypeRange(), addr,
                                   /*count=*/Value());
    LLVM::BrOp::create(rewriter, loc, ValueRange(), after);
    rewriter.setInsertionPointToEnd(before);
    LLVM::CondBrOp::create(rewriter, loc, leader, arrive, after);
    rewriter.eraseOp(op);
    return success();
  }
};

struct AsyncCopyArriveLowering
    : public ConvertOpToLLVMPattern<tilegpu::AsyncCopyArriveOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::AsyncCopyArriveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value addr = getBarrierAddress(rewriter, loc, adaptor.getBarriers(),
                                   adaptor.getIndex());
    NVVM::CpAsyncMBarrierArriveOp::create(rewriter, loc, addr,
                                          /*noinc=*/true);
    rewriter.eraseOp(op);
    return success();
  }
};

struct FenceAsyncProxyLowering
    : public ConvertOpToLLVMPattern<tilegpu::FenceAsyncProxyOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::FenceAsyncProxyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    emitAsyncProxyFence(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void tileir::populateWarpSpecializationToLLVMPatterns(
    TileLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<IsProducerWarpLowering, ExitLowering, MBarrierInitLowering,
               MBarrierWaitLowering, MBarrierArriveLowering,
               AsyncCopyArriveLowering, FenceAsyncProxyLowering>(converter);
}
