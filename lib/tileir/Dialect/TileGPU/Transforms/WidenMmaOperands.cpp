//===- WidenMmaOperands.cpp - 8-bit float products as f16 products --------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// sm_80 and sm_86 have no mma.sync for 8-bit floats. Every e4m3 and e5m2
// value is exact in f16, and an f16 mma.sync forms exact products and sums
// them in f32, so `mmaf(a, b, acc)` of 8-bit floats with an f32 accumulator
// is `mmaf(ftof(a), ftof(b), acc)` with f16 operands, as precise as the
// 8-bit product asked for (`fast_acc` only allowed less). Written that way
// before layouts are assigned, the operands get the f16 product's fragment
// layouts and its staging, instead of being widened inside the product's
// lowering from the load's layout, which held both whole operand tiles in
// registers at once (an e4m3 GEMM of 128x128x128 tiles spilled 2.4 KB a
// thread on 8 warps).
//
// An f16 accumulator stays with the product's lowering, which carries it in
// f32 and rounds once: an f16 product would round at every step.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TileGPU/Transforms/Passes.h"

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Dialect/TileGPU/IR/TileGPU.h"
#include "tileir/Target/GPUTarget.h"

#include "mlir/IR/Builders.h"

namespace mlir::tilegpu {
#define GEN_PASS_DEF_TILEIRWIDENMMAOPERANDSPASS
#include "tileir/Dialect/TileGPU/Transforms/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;

namespace {

bool isFloat8(Type type) {
  return isa<Float8E4M3FNType, Float8E5M2Type>(type);
}

/// Whether the rewrite applies to `mma`: 8-bit float operands, an f32
/// accumulator.
bool isWidenable(cuda_tile::MmaFOp mma) {
  auto lhsType = cast<cuda_tile::TileType>(mma.getLhs().getType());
  auto accType = cast<cuda_tile::TileType>(mma.getAcc().getType());
  return isFloat8(lhsType.getElementType()) &&
         accType.getElementType().isF32();
}

void widen(cuda_tile::MmaFOp mma) {
  OpBuilder b(mma);
  Location loc = mma.getLoc();
  auto toF16 = [&](Value v) -> Value {
    auto type = cast<cuda_tile::TileType>(v.getType());
    auto f16 = cuda_tile::TileType::get(type.getShape(), b.getF16Type());
    return cuda_tile::FToFOp::create(b, loc, f16, v,
                                     cuda_tile::RoundingMode::NearestEven);
  };
  Value lhs = toF16(mma.getLhs());
  Value rhs = toF16(mma.getRhs());
  auto product = cuda_tile::MmaFOp::create(b, loc, mma.getType(), lhs, rhs,
                                           mma.getAcc(), /*fast_acc=*/false);
  mma.getResult().replaceAllUsesWith(product.getResult());
  mma.erase();
}

struct WidenMmaOperandsPass
    : public tilegpu::impl::TileIRWidenMmaOperandsPassBase<
          WidenMmaOperandsPass> {
  using Base::Base;

  void runOnOperation() override {
    const tileir::GPUTarget *gpu = tileir::lookupGPUTarget(target);
    if (!gpu)
      return;
    getOperation()->walk([&](cuda_tile::EntryOp entry) {
      SmallVector<cuda_tile::MmaFOp> products;
      entry.walk([&](cuda_tile::MmaFOp mma) {
        if (isWidenable(mma))
          products.push_back(mma);
      });
      if (products.empty())
        return;
      if (gpu->hasFp8MmaSync && !force &&
          !llvm::is_contained(widenKernels, entry.getSymName())) {
        entry->setAttr(tilegpu::kFp8ProductsAttrName,
                       UnitAttr::get(entry.getContext()));
        return;
      }
      for (cuda_tile::MmaFOp mma : products)
        widen(mma);
    });
  }
};

} // namespace
