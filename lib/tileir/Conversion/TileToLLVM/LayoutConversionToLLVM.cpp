//===- LayoutConversionToLLVM.cpp - tilegpu.convert_layout ----------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A layout conversion lowers by the cheapest class the layout algebra proves
// (planConversion): nothing when the layouts map alike, register selection
// when every thread already holds what it needs, warp shuffles when the data
// stays within each warp, and otherwise a round trip through the kernel's
// shared-memory arena (one copy of the tile, see getScratchBytes).
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"
#include "MemoryAccess.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::lowering;

namespace {

struct ConvertLayoutLowering
    : public ConvertOpToLLVMPattern<tilegpu::ConvertLayoutOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned numWarps = getNumWarps(op);
    FailureOr<LinearLayout> src =
        getTileLayout(op.getSource().getType(), numWarps);
    FailureOr<LinearLayout> dst =
        getTileLayout(op.getResult().getType(), numWarps);
    if (failed(src) || failed(dst))
      return rewriter.notifyMatchFailure(op, "tile without a layout");
    if (src->getShape() != dst->getShape())
      return rewriter.notifyMatchFailure(op, "layouts of different shapes");
    Type resultType = getTypeConverter()->convertType(op.getResult().getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "unconvertible result type");
    SmallVector<Value> regs =
        unpackRegisters(rewriter, loc, adaptor.getSource());
    ThreadIds ids = getThreadIds(rewriter, loc);
    FailureOr<SmallVector<Value>> moved =
        redistribute(rewriter, loc, op, regs, *src, *dst, ids);
    if (failed(moved))
      return rewriter.notifyMatchFailure(op, "layout conversion failed");
    rewriter.replaceOp(op, packRegisters(rewriter, loc, resultType, *moved));
    return success();
  }
};

} // namespace

void tileir::populateLayoutConversionToLLVMPatterns(
    TileLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ConvertLayoutLowering>(converter);
}
