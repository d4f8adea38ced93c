//===- CodeSizeBudget.cpp - Compile-time bounds on generated code ---------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Pipeline/CodeSizeBudget.h"

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Dialect/TileGPU/IR/TileGPU.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace tileir;

/// Registers per thread of a value: its layout's registers, 1 for scalars
/// and rank-0 tiles, 0 for everything else (views, tokens).
static uint64_t registersOf(Type type) {
  auto tile = dyn_cast<cuda_tile::TileType>(type);
  if (!tile)
    return type.isIntOrIndexOrFloat() ? 1 : 0;
  if (tilegpu::LayoutAttr layout = tilegpu::getLayout(tile))
    return layout.getNumRegisters();
  if (tile.getRank() == 0)
    return 1;
  // No layout (not yet assigned): assume the widest distribution, 8 warps
  // of 32 threads, so the estimate stays a lower bound.
  uint64_t elements = 1;
  for (int64_t dim : tile.getShape())
    elements *= std::max<int64_t>(dim, 1);
  return std::max<uint64_t>(elements / 256, 1);
}

/// Saturating multiplication; shapes in a malformed module may be huge.
static uint64_t mulSat(uint64_t a, uint64_t b) {
  if (a && b > UINT64_MAX / a)
    return UINT64_MAX;
  return a * b;
}

uint64_t tileir::estimateUnrolledOps(Operation *op) {
  uint64_t widest = 0;
  for (Type type : op->getOperandTypes())
    widest = std::max(widest, registersOf(type));
  for (Type type : op->getResultTypes())
    widest = std::max(widest, registersOf(type));

  // An mma does K multiply-accumulates per accumulator element. With FMAs
  // (f32 operands, or no tensor-core instruction) that is one instruction
  // each; an mma.sync instruction covers at least 8 per thread (m8n8k4 f64)
  // and 32 or more for tf32 and narrower operands (m16n8k8).
  if (isa<cuda_tile::MmaFOp, cuda_tile::MmaIOp>(op) &&
      op->getNumOperands() >= 3) {
    auto lhs = dyn_cast<cuda_tile::TileType>(op->getOperand(0).getType());
    uint64_t accRegisters = registersOf(op->getOperand(2).getType());
    if (lhs && lhs.getRank() >= 2) {
      uint64_t k = std::max<int64_t>(lhs.getShape().back(), 1);
      Type element = lhs.getElementType();
      unsigned width =
          element.isIntOrFloat() ? element.getIntOrFloatBitWidth() : 16;
      uint64_t perInstruction = width >= 32 ? (width == 64 ? 8 : 1) : 32;
      uint64_t macs = mulSat(accRegisters, k);
      widest = std::max(widest, macs / perInstruction);
    }
  }
  return widest;
}

namespace {
struct CheckUnrollBudgetPass
    : public PassWrapper<CheckUnrollBudgetPass,
                         OperationPass<cuda_tile::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CheckUnrollBudgetPass)
  CheckUnrollBudgetPass(uint64_t maxOpsPerOp, uint64_t maxOpsPerKernel)
      : maxOpsPerOp(maxOpsPerOp), maxOpsPerKernel(maxOpsPerKernel) {}
  StringRef getArgument() const final { return "tileir-check-unroll-budget"; }
  StringRef getDescription() const final {
    return "Reject ops and kernels that would unroll beyond the code-size "
           "budget";
  }

  void runOnOperation() override {
    bool failedAny = false;
    for (auto entry : getOperation().getOps<cuda_tile::EntryOp>()) {
      uint64_t total = 0;
      bool failedOp = false;
      entry->walk([&](Operation *op) {
        if (failedOp)
          return WalkResult::interrupt();
        uint64_t estimate = estimateUnrolledOps(op);
        total = std::min(total + estimate, UINT64_MAX / 2);
        if (estimate <= maxOpsPerOp)
          return WalkResult::advance();
        op->emitError() << "'" << op->getName()
                        << "' would unroll into at least " << estimate
                        << " operations per thread, over the code-size "
                           "budget of "
                        << maxOpsPerOp
                        << " per operation; use smaller tiles";
        failedOp = true;
        return WalkResult::interrupt();
      });
      if (failedOp) {
        failedAny = true;
        continue;
      }
      if (total > maxOpsPerKernel) {
        entry->emitError() << "kernel '" << entry.getSymName()
                           << "' would unroll into at least " << total
                           << " operations per thread, over the code-size "
                              "budget of "
                           << maxOpsPerKernel
                           << "; use smaller tiles";
        failedAny = true;
      }
    }
    if (failedAny)
      signalPassFailure();
  }

  uint64_t maxOpsPerOp, maxOpsPerKernel;
};

struct CheckCodeSizePass
    : public PassWrapper<CheckCodeSizePass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CheckCodeSizePass)
  explicit CheckCodeSizePass(uint64_t maxOps) : maxOps(maxOps) {}
  StringRef getArgument() const final { return "tileir-check-code-size"; }
  StringRef getDescription() const final {
    return "Reject converted modules beyond the code-size budget";
  }

  void runOnOperation() override {
    uint64_t total = 0;
    getOperation()->walk([&](Operation *) { ++total; });
    if (total <= maxOps)
      return;
    // Conversion keeps the source op's location on what it emits, so the
    // location with the most operations is the op to blame.
    llvm::DenseMap<Location, uint64_t> perLocation;
    getOperation()->walk([&](Operation *op) { ++perLocation[op->getLoc()]; });
    Location worst = getOperation().getLoc();
    uint64_t worstCount = 0;
    for (auto [loc, count] : perLocation)
      if (count > worstCount) {
        worst = loc;
        worstCount = count;
      }
    emitError(worst) << "the generated code has " << total
                     << " LLVM operations, over the code-size budget of "
                     << maxOps << "; the operation here accounts for "
                     << worstCount << " of them; use smaller tiles";
    signalPassFailure();
  }

  uint64_t maxOps;
};
} // namespace

std::unique_ptr<Pass>
tileir::createCheckUnrollBudgetPass(uint64_t maxOpsPerOp,
                                    uint64_t maxOpsPerKernel) {
  return std::make_unique<CheckUnrollBudgetPass>(maxOpsPerOp, maxOpsPerKernel);
}

std::unique_ptr<Pass> tileir::createCheckCodeSizePass(uint64_t maxOps) {
  return std::make_unique<CheckCodeSizePass>(maxOps);
}
