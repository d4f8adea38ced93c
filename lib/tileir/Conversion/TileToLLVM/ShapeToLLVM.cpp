//===- ShapeToLLVM.cpp - constant, iota, broadcast, reshape, permute, extract, cat ---===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::lowering;

namespace {

/// A splat constant: every register holds the value.
struct ConstantLowering
    : public ConvertOpToLLVMPattern<cuda_tile::ConstantOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto value = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!value || !value.isSplat())
      return rewriter.notifyMatchFailure(op, "only splat constants so far");
    Location loc = op.getLoc();
    auto *converter =
        static_cast<const TileLLVMTypeConverter *>(getTypeConverter());
    Type resultType = converter->convertType(op.getResult().getType());
    Type element = converter->convertElementType(
        value.getType().getElementType());
    if (!element || element != value.getType().getElementType())
      return rewriter.notifyMatchFailure(op, "element type needs a cast");
    Attribute scalar = value.getSplatValue<Attribute>();
    Value v = LLVM::ConstantOp::create(rewriter, loc, element,
                                       cast<TypedAttr>(scalar));
    FailureOr<int64_t> numRegs =
        getNumRegisters(op.getResult().getType(), getNumWarps(op));
    if (failed(numRegs))
      return failure();
    SmallVector<Value> regs(*numRegs, v);
    rewriter.replaceOp(op, packRegisters(rewriter, loc, resultType, regs));
    return success();
  }
};

} // namespace

void tileir::populateShapeToLLVMPatterns(TileLLVMTypeConverter &converter,
                                         RewritePatternSet &patterns) {
  patterns.add<ConstantLowering>(converter);
}
