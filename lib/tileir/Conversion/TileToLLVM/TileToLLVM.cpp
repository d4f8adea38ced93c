//===- TileToLLVM.cpp - The convert-tile-to-llvm pass ---------------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Conversion/TileToLLVM/TileToLLVM.h"

#include "LoweringUtils.h"

#include "tileir/Conversion/Passes.h"

#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseSet.h"

namespace tileir {
#define GEN_PASS_DEF_CONVERTTILETOLLVMPASS
#include "tileir/Conversion/Passes.h.inc"
} // namespace tileir

using namespace mlir;
using namespace tileir;

//===----------------------------------------------------------------------===//
// TileLLVMTypeConverter
//===----------------------------------------------------------------------===//

Type TileLLVMTypeConverter::convertElementType(Type type) const {
  MLIRContext *ctx = type.getContext();
  if (auto i = dyn_cast<IntegerType>(type))
    return i.getWidth() < 8 && i.getWidth() != 1 ? IntegerType::get(ctx, 8)
                                                  : Type(i);
  if (isa<FloatTF32Type>(type))
    return Float32Type::get(ctx);
  if (isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(type))
    return type;
  if (auto f = dyn_cast<FloatType>(type))
    if (f.getWidth() <= 8)
      return IntegerType::get(ctx, 8);
  if (isa<cuda_tile::PointerType>(type))
    return LLVM::LLVMPointerType::get(ctx, 1);
  return {};
}

/// The struct of a view: base pointer, then sizes, then strides (i64).
static Type convertViewType(cuda_tile::TensorViewType view) {
  MLIRContext *ctx = view.getContext();
  SmallVector<Type> fields = {LLVM::LLVMPointerType::get(ctx, 1)};
  Type i64 = IntegerType::get(ctx, 64);
  fields.append(2 * view.getShape().size(), i64);
  return LLVM::LLVMStructType::getLiteral(ctx, fields);
}

TileLLVMTypeConverter::TileLLVMTypeConverter(MLIRContext *context,
                                             const GPUTarget &target)
    : LLVMTypeConverter(context), target(target) {
  addConversion([this](cuda_tile::TileType tile) -> std::optional<Type> {
    Type element = convertElementType(tile.getElementType());
    if (!element)
      return std::nullopt;
    int64_t numRegisters = 1;
    if (tilegpu::LayoutAttr layout = tilegpu::getLayout(tile))
      numRegisters = layout.getNumRegisters();
    else if (!tile.getShape().empty())
      return std::nullopt; // Every tile of rank >= 1 must have a layout.
    if (numRegisters == 1)
      return element;
    SmallVector<Type> fields(numRegisters, element);
    return LLVM::LLVMStructType::getLiteral(tile.getContext(), fields);
  });
  // A shared buffer is the address of its first element.
  addConversion([](tilegpu::SMemType buffer) -> Type {
    return LLVM::LLVMPointerType::get(buffer.getContext(), 3);
  });
  addConversion([](cuda_tile::TokenType token) -> Type {
    return LLVM::LLVMStructType::getLiteral(token.getContext(), {});
  });
  addConversion([](cuda_tile::TensorViewType view) -> Type {
    return convertViewType(view);
  });
  addConversion([](cuda_tile::PartitionViewType view) -> Type {
    return convertViewType(view.getTensorView());
  });
  addConversion([](cuda_tile::StridedViewType view) -> Type {
    return convertViewType(view.getTensorView());
  });
  addConversion([](cuda_tile::GatherScatterViewType view) -> Type {
    return convertViewType(view.getTensorView());
  });
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

void tileir::populateTileToLLVMPatterns(TileLLVMTypeConverter &converter,
                                        RewritePatternSet &patterns) {
  populateFuncToLLVMPatterns(converter, patterns);
  populateElementwiseToLLVMPatterns(converter, patterns);
  populateMemoryToLLVMPatterns(converter, patterns);
  populateShapeToLLVMPatterns(converter, patterns);
  populateReduceScanToLLVMPatterns(converter, patterns);
  populateMmaToLLVMPatterns(converter, patterns);
  populateLayoutConversionToLLVMPatterns(converter, patterns);
  populateDebugToLLVMPatterns(converter, patterns);
  populateSharedMemoryToLLVMPatterns(converter, patterns);
  populateAsyncCopyToLLVMPatterns(converter, patterns);
  populateWarpGroupDotToLLVMPatterns(converter, patterns);
  populateWarpSpecializationToLLVMPatterns(converter, patterns);
  populateTensorMapToLLVMPatterns(converter, patterns);
  cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
}

CodegenSupport::CodegenSupport(MLIRContext *context) {
  TileLLVMTypeConverter converter(context, getSupportedTargets().front());
  RewritePatternSet patterns(context);
  populateTileToLLVMPatterns(converter, patterns);
  FrozenRewritePatternSet frozen(std::move(patterns));
  for (const auto &entry : frozen.getOpSpecificNativePatterns())
    lowered.insert(entry.first);
}

bool CodegenSupport::supports(Operation *op) const {
  // Structure, control flow and globals are removed by tileir-lower-to-cfg.
  if (isa<cuda_tile::ModuleOp, cuda_tile::EntryOp, cuda_tile::ReturnOp,
          cuda_tile::ForOp, cuda_tile::LoopOp, cuda_tile::IfOp,
          cuda_tile::YieldOp, cuda_tile::ContinueOp, cuda_tile::BreakOp,
          cuda_tile::GlobalOp, cuda_tile::GetGlobalOp>(op))
    return true;
  return lowered.contains(op->getName());
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// Memory through an alloca is shared by the CTA's threads, while the
/// program sees one logical thread per tile block: a write by the element's
/// owner must be visible to every thread that reads it next, and no thread
/// may still read the old value when it is overwritten. Kernels with allocas
/// therefore put a CTA barrier before and after every write. Tile-level
/// control flow is uniform across the CTA, so every thread reaches them.
static void fenceWritesInAllocaKernels(ModuleOp module) {
  module.walk([](FunctionOpInterface kernel) {
    bool hasAlloca = false;
    kernel->walk([&](cuda_tile::AllocaOp) { hasAlloca = true; });
    if (!hasAlloca)
      return;
    SmallVector<Operation *> writes;
    kernel->walk([&](Operation *op) {
      if (isa<cuda_tile::StoreViewTkoOp, cuda_tile::StorePtrTkoOp,
              cuda_tile::AtomicRMWTkoOp, cuda_tile::AtomicCASTkoOp,
              cuda_tile::AtomicRedViewTkoOp>(op))
        writes.push_back(op);
    });
    for (Operation *op : writes) {
      OpBuilder b(op);
      NVVM::Barrier0Op::create(b, op->getLoc());
      b.setInsertionPointAfter(op);
      NVVM::Barrier0Op::create(b, op->getLoc());
    }
  });
}

namespace {
struct ConvertTileToLLVMPass
    : public tileir::impl::ConvertTileToLLVMPassBase<ConvertTileToLLVMPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    const GPUTarget *gpu = lookupGPUTarget(target);
    if (!gpu) {
      module.emitError() << "unsupported target '" << target << "'";
      return signalPassFailure();
    }
    MLIRContext *ctx = &getContext();
    TileLLVMTypeConverter converter(ctx, *gpu);

    fenceWritesInAllocaKernels(module);

    RewritePatternSet patterns(ctx);
    populateTileToLLVMPatterns(converter, patterns);

    LLVMConversionTarget conversionTarget(*ctx);
    conversionTarget.addLegalDialect<NVVM::NVVMDialect>();
    conversionTarget.addLegalOp<ModuleOp>();
    conversionTarget.addIllegalDialect<cuda_tile::CudaTileDialect,
                                       tilegpu::TileGPUDialect,
                                       cf::ControlFlowDialect,
                                       func::FuncDialect>();
    if (failed(applyPartialConversion(module, conversionTarget,
                                      std::move(patterns))))
      return signalPassFailure();

    // Casts inserted between converted and not-yet-converted values cancel
    // out once everything is converted.
    SmallVector<UnrealizedConversionCastOp> casts;
    module.walk([&](UnrealizedConversionCastOp op) { casts.push_back(op); });
    SmallVector<UnrealizedConversionCastOp> remaining;
    reconcileUnrealizedCasts(casts, &remaining);
    for (UnrealizedConversionCastOp cast : remaining) {
      cast.emitError("a value could not be converted to an LLVM type");
      return signalPassFailure();
    }
  }
};
} // namespace
