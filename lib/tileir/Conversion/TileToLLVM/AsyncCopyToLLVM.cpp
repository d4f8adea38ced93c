//===- AsyncCopyToLLVM.cpp - cp.async from a view into shared memory ------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// tilegpu.async_copy: the CTA copies one tile of a view into a shared
// buffer with cp.async, in the coalesced blocked layout of the tile (16
// bytes per thread and access, consecutive threads on consecutive chunks).
// Addresses and in-bounds predicates are those of a view load (ViewAccess);
// an element out of bounds, or every element when the copy's predicate is
// false, is filled with zero by giving cp.async a source size of 0, so no
// out-of-bounds address is ever read. Where the alignment of 16-byte chunks
// is only known at run time, a uniform branch picks cp.async or, failing
// the check, ordinary loads (zero when masked) and shared stores, which
// complete at once and so satisfy any later wait.
//
//===----------------------------------------------------------------------===//

#include "SharedAccess.h"
#include "ViewAccess.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::lowering;

namespace {

struct AsyncCopyLowering
    : public ConvertOpToLLVMPattern<tilegpu::AsyncCopyOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::AsyncCopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::optional<ViewShape> shape = getViewShape(op.getView().getType());
    if (!shape)
      return rewriter.notifyMatchFailure(op, "unsupported view");
    tilegpu::SMemType bufferType = op.getBuffer().getType();
    const auto &converter =
        *static_cast<const TileLLVMTypeConverter *>(getTypeConverter());
    Type element = bufferType.getElementType();
    FailureOr<MemoryElement> memElement =
        getMemoryElement(element, converter);
    if (failed(memElement) || memElement->isBool)
      return rewriter.notifyMatchFailure(op, "unsupported element type");
    // A copy of a warp-specialized kernel's producer is spread over the
    // producer warps, numbered from zero after the compute warps.
    bool producer = op->hasAttr(tilegpu::kProducerAttrName);
    unsigned numWarps = producer ? getProducerWarps(op) : getNumWarps(op);
    if (numWarps == 0)
      return op.emitOpError("is marked for producer warps in a kernel "
                            "that has none");
    // The coalesced copy layout: 16-byte vectors along the contiguous dim.
    llvm::Expected<LinearLayout> layout = LinearLayout::defaultBlocked(
        shape->tileShape, numWarps, memElement->bytes * 8);
    if (!layout) {
      llvm::consumeError(layout.takeError());
      return rewriter.notifyMatchFailure(op, "cannot distribute the copy");
    }
    FailureOr<SharedOffsets> offsets = SharedOffsets::get(
        *layout, bufferType.getLayout().getSharedMemoryLayout());
    if (failed(offsets))
      return rewriter.notifyMatchFailure(op, "view tile and buffer differ");

    ThreadIds ids = getThreadIds(rewriter, loc);
    if (producer) {
      unsigned computeWarps = getNumWarps(op);
      ids.tid = LLVM::SubOp::create(rewriter, loc, ids.tid,
                                    i32Const(rewriter, loc, 32 * computeWarps));
      ids.warp = LLVM::SubOp::create(rewriter, loc, ids.warp,
                                     i32Const(rewriter, loc, computeWarps));
    }
    ViewAccess access(*shape, *layout, *memElement);
    if (failed(access.setUp(rewriter, loc, op, op.getView(),
                            adaptor.getView(), adaptor.getIndex(),
                            op.getIndex().getTypes(), ids)))
      return rewriter.notifyMatchFailure(op, "cannot address the view");
    int64_t maxWidth = offsets->getVectorWidth(16 / memElement->bytes);
    VectorPlan plan = access.planVectors(rewriter, loc, maxWidth);

    Value predicate = adaptor.getPredicate();
    Value thread = offsets->emitThreadOffset(rewriter, loc, ids);
    // A register that repeats a lower one is copied once; replicated lanes
    // and warps (a tile smaller than the CTA) copy the same bytes to the
    // same place, which is benign.
    uint64_t duplicates = layout->getFreeMask(HwDim::Register);
    Value dstBase = adaptor.getBuffer();
    int64_t bytes = memElement->bytes;
    auto body = [&](unsigned width) -> FailureOr<SmallVector<Value>> {
      int64_t chunk = width * bytes;
      bool async = chunk == 4 || chunk == 8 || chunk == 16;
      for (const ViewAccess::Group &group : access.emitGroups(
               rewriter, loc, width,
               [&](int64_t r) { return (uint64_t(r) & duplicates) != 0; })) {
        Value inBounds = andPredicates(rewriter, loc, group.inBounds, predicate);
        Value offset = offsets->emitOffset(rewriter, loc, thread, group.reg);
        Value dst =
            getSharedElementAddress(rewriter, loc, dstBase, offset, bytes);
        if (!async) {
          // Ordinary loads (zero out of bounds) and shared stores.
          SmallVector<Value> zeros(
              width, LLVM::ZeroOp::create(rewriter, loc,
                                          memElement->registerType));
          SmallVector<Value> values = emitGlobalLoad(
              rewriter, loc, group.address, inBounds, width, zeros,
              *memElement, ".global");
          for (auto [i, v] : llvm::enumerate(values)) {
            Value at = i == 0 ? dst
                              : getSharedElementAddress(
                                    rewriter, loc, dstBase,
                                    LLVM::AddOp::create(
                                        rewriter, loc, offset,
                                        i32Const(rewriter, loc, i)),
                                    bytes);
            LLVM::StoreOp::create(rewriter, loc, v, at);
          }
          continue;
        }
        Value src = group.address;
        auto globalPtr = LLVM::LLVMPointerType::get(rewriter.getContext(), 1);
        if (src.getType() != globalPtr)
          src = LLVM::AddrSpaceCastOp::create(rewriter, loc, globalPtr, src);
        if (!inBounds) {
          NVVM::CpAsyncOp::create(
              rewriter, loc, dst, src, rewriter.getI32IntegerAttr(chunk),
              NVVM::LoadCacheModifierKindAttr::get(
                  rewriter.getContext(),
                  chunk == 16 ? NVVM::LoadCacheModifierKind::CG
                              : NVVM::LoadCacheModifierKind::CA),
              Value());
          continue;
        }
        // Out of bounds copies zeros: the `ignore-src` predicate operand,
        // through inline PTX since the NVVM op has only the source-size
        // form. A source size selected from the predicate makes LLVM fold
        // the conjunction of the bounds into a chain of selects that ptxas
        // turns back into a predicate, several instructions per copy in a
        // pipelined loop; a predicate operand keeps it a conjunction of
        // predicates (the bf16 GEMM loop: 165 to 154 SASS instructions).
        Value ignore = LLVM::XOrOp::create(
            rewriter, loc, inBounds,
            LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                     rewriter.getBoolAttr(true)));
        Value sharedAddress = LLVM::PtrToIntOp::create(
            rewriter, loc, rewriter.getI32Type(), dst);
        std::string text = (llvm::Twine("cp.async.") +
                            (chunk == 16 ? "cg" : "ca") +
                            ".shared.global [$0], [$1], " +
                            llvm::Twine(chunk) + ", $2;")
                               .str();
        LLVM::InlineAsmOp::create(
            rewriter, loc, TypeRange(),
            ValueRange{sharedAddress, src, ignore}, text, "r,l,b",
            /*has_side_effects=*/true, /*is_align_stack=*/false,
            LLVM::TailCallKind::None, /*asm_dialect=*/nullptr,
            /*operand_attrs=*/nullptr);
      }
      return SmallVector<Value>();
    };
    if (failed(emitVersioned(rewriter, loc, plan, TypeRange(), body)))
      return rewriter.notifyMatchFailure(op, "cannot emit the copy");
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void tileir::populateAsyncCopyToLLVMPatterns(TileLLVMTypeConverter &converter,
                                             RewritePatternSet &patterns) {
  patterns.add<AsyncCopyLowering>(converter);
}
