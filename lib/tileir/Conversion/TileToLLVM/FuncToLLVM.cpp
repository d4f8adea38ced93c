//===- FuncToLLVM.cpp - Kernels, globals, block ids and tokens ------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A kernel (a func.func made by tileir-lower-to-cfg) becomes an llvm.func
// with `nvvm.kernel` and `nvvm.reqntid`: cuTile launches every kernel with a
// (1,1,1) block, and the driver takes the real block size from .reqntid.
// Parameters map one to one onto the kernel's parameters, in order. The
// kernel's shared-memory arena is declared next to it.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Transforms/DialectConversion.h"

#include <tuple>
#include <type_traits>

using namespace mlir;
using namespace tileir;
using namespace tileir::lowering;

/// Largest static shared-memory declaration ptxas accepts; a kernel that
/// needs more declares this much and has its cubin section resized (see
/// docs/architecture.md).
static constexpr int64_t kMaxStaticSharedBytes = 48 * 1024;

namespace {

struct KernelLowering : public ConvertOpToLLVMPattern<func::FuncOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(func::FuncOp func, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FunctionType type = func.getFunctionType();
    if (type.getNumResults() != 0)
      return rewriter.notifyMatchFailure(func, "kernels return nothing");
    TypeConverter::SignatureConversion signature(type.getNumInputs());
    for (auto [i, input] : llvm::enumerate(type.getInputs())) {
      Type converted = getTypeConverter()->convertType(input);
      if (!converted)
        return func.emitOpError("cannot lower parameter ")
               << i << " of type " << input;
      signature.addInputs(i, converted);
    }
    auto llvmType = LLVM::LLVMFunctionType::get(
        LLVM::LLVMVoidType::get(rewriter.getContext()),
        signature.getConvertedTypes());

    Location loc = func.getLoc();
    auto llvmFunc = LLVM::LLVMFuncOp::create(rewriter, loc, func.getName(),
                                             llvmType);
    unsigned numWarps = getNumWarps(func);
    MLIRContext *ctx = rewriter.getContext();
    llvmFunc->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(),
                      UnitAttr::get(ctx));
    // Producer warps (a warp-specialized kernel) come after the others.
    unsigned producerWarps = getProducerWarps(func);
    llvmFunc->setAttr(NVVM::NVVMDialect::getReqntidAttrName(),
                      rewriter.getDenseI32ArrayAttr(
                          {static_cast<int32_t>(32 * (numWarps + producerWarps)),
                           1, 1}));
    llvmFunc->setAttr(tilegpu::kNumWarpsAttrName,
                      rewriter.getI32IntegerAttr(numWarps));
    if (producerWarps)
      llvmFunc->setAttr(tilegpu::kProducerWarpsAttrName,
                        rewriter.getI32IntegerAttr(producerWarps));
    if (Attribute raster = func->getAttr(tilegpu::kGroupedRasterAttrName))
      llvmFunc->setAttr(tilegpu::kGroupedRasterAttrName, raster);
    for (StringRef flag : {tilegpu::kPairedRowsAttrName,
                           tilegpu::kPairedColumnsAttrName,
                           tilegpu::kUnswitchedMasksAttrName,
                           tilegpu::kFp8ProductsAttrName,
                           tilegpu::kCoalescedStoresAttrName})
      if (func->hasAttr(flag))
        llvmFunc->setAttr(flag, UnitAttr::get(ctx));
    // The resource plan (tileir-plan-resources): .maxnreg, .minnctapersm
    // and, on targets with clusters, .reqnctapercluster.
    if (auto cap = func->getAttrOfType<IntegerAttr>(
            tilegpu::kMaxRegistersAttrName))
      llvmFunc->setAttr(NVVM::NVVMDialect::getMaxnregAttrName(),
                        rewriter.getI32IntegerAttr(cap.getInt()));
    if (auto ctas = func->getAttrOfType<IntegerAttr>(
            tilegpu::kMinCTAsPerSMAttrName))
      llvmFunc->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                        rewriter.getI32IntegerAttr(ctas.getInt()));
    if (auto dims = func->getAttrOfType<DenseI32ArrayAttr>(
            tilegpu::kClusterDimsAttrName))
      llvmFunc->setAttr(NVVM::NVVMDialect::getClusterDimAttrName(), dims);

    // The shared-memory arena, sized by tileir-plan-shared-memory.
    int64_t sharedBytes = 0;
    if (auto attr = func->getAttrOfType<IntegerAttr>(
            tilegpu::kSharedBytesAttrName))
      sharedBytes = attr.getInt();
    if (sharedBytes > 0) {
      llvmFunc->setAttr(tilegpu::kSharedBytesAttrName,
                        rewriter.getI64IntegerAttr(sharedBytes));
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(llvmFunc);
      int64_t declared = std::min(sharedBytes, kMaxStaticSharedBytes);
      auto arrayType = LLVM::LLVMArrayType::get(rewriter.getI8Type(),
                                                declared);
      LLVM::GlobalOp::create(rewriter, loc, arrayType, /*isConstant=*/false,
                             LLVM::Linkage::Internal,
                             getSharedArenaName(func.getName()),
                             /*value=*/Attribute(), /*alignment=*/128,
                             /*addrSpace=*/3);
    }

    rewriter.inlineRegionBefore(func.getBody(), llvmFunc.getBody(),
                                llvmFunc.end());
    if (failed(rewriter.convertRegionTypes(&llvmFunc.getBody(),
                                           *getTypeConverter(), &signature)))
      return failure();
    bool rows = func->hasAttr(tilegpu::kPairedRowsAttrName);
    bool columns = func->hasAttr(tilegpu::kPairedColumnsAttrName);
    if (rows || columns)
      leaveIfOdd(rewriter, loc, llvmFunc, rows, columns);
    rewriter.eraseOp(func);
    return success();
  }

  /// A paired kernel's CTAs of odd x ids (paired rows) or odd y ids
  /// (paired columns) leave before anything else (their tiles are their
  /// even neighbour's): a test of the CTA's own ids, ahead of producer
  /// warps, slot claims and barriers.
  static void leaveIfOdd(ConversionPatternRewriter &rewriter, Location loc,
                         LLVM::LLVMFuncOp llvmFunc, bool rows, bool columns) {
    Block *entry = &llvmFunc.getBody().front();
    Block *rest = rewriter.splitBlock(entry, entry->begin());
    Block *leave = rewriter.createBlock(rest);
    LLVM::ReturnOp::create(rewriter, loc, ValueRange());
    rewriter.setInsertionPointToEnd(entry);
    Type i32 = rewriter.getI32Type();
    Value bits;
    if (rows) {
      Value x = NVVM::BlockIdXOp::create(rewriter, loc, i32);
      bits = x;
    }
    if (columns) {
      Value y = NVVM::BlockIdYOp::create(rewriter, loc, i32);
      bits = bits ? LLVM::OrOp::create(rewriter, loc, bits, y).getResult() : y;
    }
    Value one = i32Const(rewriter, loc, 1);
    Value bit = LLVM::AndOp::create(rewriter, loc, bits, one);
    Value zero = i32Const(rewriter, loc, 0);
    Value odd = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne,
                                     bit, zero);
    LLVM::CondBrOp::create(rewriter, loc, odd, leave, rest);
  }
};

struct ReturnLowering : public ConvertOpToLLVMPattern<func::ReturnOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(func::ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, ValueRange());
    return success();
  }
};

/// get_tile_block_id / get_num_tile_blocks: one tile block per CTA.
/// The kernel's `tilegpu.grouped_raster`, or 0.
int64_t getGroupedRaster(Operation *op) {
  for (Operation *p = op; p; p = p->getParentOp())
    if (auto attr =
            p->getAttrOfType<IntegerAttr>(tilegpu::kGroupedRasterAttrName))
      return attr.getInt();
  return 0;
}

/// Whether the kernel around `op` has the unit attribute `name`
/// (tilegpu.paired_rows, tilegpu.paired_columns).
bool kernelHas(Operation *op, StringRef name) {
  for (Operation *p = op; p; p = p->getParentOp())
    if (p->hasAttr(name))
      return true;
  return false;
}

/// The block ids of the CTA launched as (x, y) when the grid's x ids come
/// in groups of `group`: the CTAs launched one after the other walk the y
/// ids of one group of x ids before moving to the next group. A bijection
/// on the grid (the last group may be narrower), so every tile is still
/// computed once; only the order in which they run, which no kernel
/// without atomics can observe, changes. Linear ids are 64-bit: a grid
/// may hold more than 2^32 CTAs.
std::pair<Value, Value> emitGroupedRaster(OpBuilder &b, Location loc, Value x,
                                          Value y, Value gridX, Value gridY,
                                          int64_t group) {
  Type i32 = b.getI32Type();
  Type i64 = b.getI64Type();
  auto wide = [&](Value v) { return LLVM::ZExtOp::create(b, loc, i64, v); };
  Value nx = wide(gridX);
  // The launched grid's y size unless a pairing halved it.
  Value ny = wide(gridY ? gridY : NVVM::GridDimYOp::create(b, loc, i32));
  Value wideX = wide(x);
  Value row = LLVM::MulOp::create(b, loc, nx, wide(y));
  Value linear = LLVM::AddOp::create(b, loc, wideX, row);
  Value g = i64Const(b, loc, group);
  Value perGroup = LLVM::MulOp::create(b, loc, g, ny);
  Value first = LLVM::MulOp::create(
      b, loc, LLVM::UDivOp::create(b, loc, linear, perGroup), g);
  Value left = LLVM::SubOp::create(b, loc, nx, first);
  Value narrow = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult, left, g);
  Value width = LLVM::SelectOp::create(b, loc, narrow, left, g);
  Value within = LLVM::URemOp::create(b, loc, linear, perGroup);
  Value newX = LLVM::AddOp::create(
      b, loc, first, LLVM::URemOp::create(b, loc, within, width));
  Value newY = LLVM::UDivOp::create(b, loc, within, width);
  return {LLVM::TruncOp::create(b, loc, i32, newX),
          LLVM::TruncOp::create(b, loc, i32, newY)};
}

template <typename SourceOp, typename X, typename Y, typename Z>
struct GridQueryLowering : public ConvertOpToLLVMPattern<SourceOp> {
  using ConvertOpToLLVMPattern<SourceOp>::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    Value x = X::create(rewriter, loc, i32);
    Value y = Y::create(rewriter, loc, i32);
    Value z = Z::create(rewriter, loc, i32);
    if constexpr (std::is_same_v<SourceOp, cuda_tile::GetTileBlockIdOp>) {
      bool rows = kernelHas(op, tilegpu::kPairedRowsAttrName);
      bool columns = kernelHas(op, tilegpu::kPairedColumnsAttrName);
      int64_t group = getGroupedRaster(op);
      if (rows || columns || group > 1) {
        // A paired kernel's tile blocks are the even CTAs' pairs: id / 2
        // on a grid of ceil(ids / 2) (the odd CTAs left at the start).
        auto halve = [&](Value &id, Value &grid) {
          Value one = i32Const(rewriter, loc, 1);
          id = LLVM::LShrOp::create(rewriter, loc, id, one);
          Value rounded = LLVM::AddOp::create(rewriter, loc, grid, one);
          grid = LLVM::LShrOp::create(rewriter, loc, rounded, one);
        };
        Value gridX = NVVM::GridDimXOp::create(rewriter, loc, i32);
        if (rows)
          halve(x, gridX);
        Value gridY;
        if (columns) {
          gridY = NVVM::GridDimYOp::create(rewriter, loc, i32);
          halve(y, gridY);
        }
        if (group > 1)
          std::tie(x, y) =
              emitGroupedRaster(rewriter, loc, x, y, gridX, gridY, group);
      }
    }
    rewriter.replaceOp(op, ValueRange{x, y, z});
    return success();
  }
};

/// Tokens order memory operations in the input; after lowering, ordering
/// is carried by the instructions themselves, so tokens are empty values.
template <typename SourceOp>
struct TokenLowering : public ConvertOpToLLVMPattern<SourceOp> {
  using ConvertOpToLLVMPattern<SourceOp>::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = this->getTypeConverter()->convertType(op.getType());
    rewriter.replaceOpWithNewOp<LLVM::PoisonOp>(op, type);
    return success();
  }
};

/// Grid dependency control: griddepcontrol on sm_90 and later. Older SMs
/// have no programmatic dependent launch, so a grid never starts before its
/// predecessor finished: waiting is immediate and launching dependents
/// early has nothing to do.
template <typename SourceOp, NVVM::GridDepActionKind kind>
struct GridDependencyLowering : public ConvertOpToLLVMPattern<SourceOp> {
  using ConvertOpToLLVMPattern<SourceOp>::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const auto &converter = *static_cast<const TileLLVMTypeConverter *>(
        this->getTypeConverter());
    if (converter.getTarget().sm >= 90)
      NVVM::GriddepcontrolOp::create(rewriter, op.getLoc(), kind);
    Type type = converter.convertType(op.getType());
    rewriter.replaceOpWithNewOp<LLVM::PoisonOp>(op, type);
    return success();
  }
};

/// memory_fence_alias_tko: accesses ordered after the token must see those
/// before it through any alias. The thread's own accesses to one address
/// are ordered by the hardware; a CTA-scope fence keeps the compiler and
/// the memory system from reordering accesses through different pointers.
struct MemoryFenceAliasLowering
    : public ConvertOpToLLVMPattern<cuda_tile::MemoryFenceAliasTkoOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::MemoryFenceAliasTkoOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    LLVM::FenceOp::create(rewriter, op.getLoc(), LLVM::AtomicOrdering::acq_rel,
                          "block");
    Type type = getTypeConverter()->convertType(op.getType());
    rewriter.replaceOpWithNewOp<LLVM::PoisonOp>(op, type);
    return success();
  }
};

/// assume only carries facts for analyses; its value is its operand.
struct AssumeLowering : public ConvertOpToLLVMPattern<cuda_tile::AssumeOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::AssumeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getOperands().front());
    return success();
  }
};

} // namespace

void tileir::populateFuncToLLVMPatterns(TileLLVMTypeConverter &converter,
                                        RewritePatternSet &patterns) {
  patterns.add<KernelLowering, ReturnLowering, AssumeLowering,
               TokenLowering<cuda_tile::MakeTokenOp>,
               TokenLowering<cuda_tile::JoinTokensOp>,
               GridDependencyLowering<cuda_tile::GdcWaitTkoOp,
                                      NVVM::GridDepActionKind::wait>,
               GridDependencyLowering<cuda_tile::GdcLaunchDependentsTkoOp,
                                      NVVM::GridDepActionKind::launch_dependents>,
               MemoryFenceAliasLowering,
               GridQueryLowering<cuda_tile::GetTileBlockIdOp,
                                 NVVM::BlockIdXOp, NVVM::BlockIdYOp,
                                 NVVM::BlockIdZOp>,
               GridQueryLowering<cuda_tile::GetNumTileBlocksOp,
                                 NVVM::GridDimXOp, NVVM::GridDimYOp,
                                 NVVM::GridDimZOp>>(converter);
}
