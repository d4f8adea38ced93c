//===- AssignLayouts.cpp - Distribute tiles over the threads of a CTA -----===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Chooses the warps of each kernel and gives every tile of rank >= 1 a
// layout. The baseline gives every tile the coalesced blocked layout of its
// shape, which is what loads and stores want; operations
// whose operands need another distribution (MMA fragments, reductions)
// convert internally in their lowering.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TileGPU/Transforms/Passes.h"

#include "tileir/Target/GPUTarget.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir::tilegpu {
#define GEN_PASS_DEF_TILEIRASSIGNLAYOUTSPASS
#include "tileir/Dialect/TileGPU/Transforms/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

/// The element width the baseline layouts are computed for. Using one
/// width for every element type gives all tiles of one shape the same
/// layout, so element-wise operations between different element types
/// (comparisons, casts, select) need no conversion.
constexpr unsigned kBaselineElementBits = 32;

/// The warps-per-CTA rule (docs/architecture.md, section 3.1): 4 warps, 8
/// when an MMA accumulates at least 128x128 elements or a tile has at least
/// 128x256 elements; the num_worker_warps_per_cta hint overrides the rule.
unsigned chooseNumWarps(cuda_tile::EntryOp entry, StringRef target) {
  if (auto hints = entry->getAttrOfType<cuda_tile::OptimizationHintsAttr>(
          "optimization_hints"))
    if (std::optional<int64_t> warps = hints.getNumWorkerWarpsPerCTA(target))
      return static_cast<unsigned>(*warps);
  unsigned warps = 4;
  entry.walk([&](Operation *op) {
    bool isMma = isa<cuda_tile::MmaFOp, cuda_tile::MmaIOp>(op);
    for (Type type : op->getResultTypes()) {
      auto tile = dyn_cast<cuda_tile::TileType>(type);
      if (!tile || tile.getShape().empty())
        continue;
      int64_t elements = tile.getNumElements();
      if ((isMma && elements >= 128 * 128) || elements >= 128 * 256)
        warps = 8;
    }
  });
  return warps;
}

struct AssignLayoutsPass
    : public tilegpu::impl::TileIRAssignLayoutsPassBase<AssignLayoutsPass> {
  using Base::Base;

  /// The layout given to tiles of `type`'s shape and element width.
  FailureOr<Type> assign(cuda_tile::TileType type, unsigned numWarps,
                         Operation *anchor) {
    if (type.getShape().empty() || getLayout(type))
      return Type(type);
    llvm::Expected<tileir::LinearLayout> layout =
        tileir::LinearLayout::defaultBlocked(type.getShape(), numWarps,
                                             kBaselineElementBits);
    if (!layout) {
      anchor->emitError("cannot distribute ")
          << type << ": " << llvm::toString(layout.takeError());
      return failure();
    }
    return Type(withLayout(type, *layout));
  }

  FailureOr<Type> convertType(Type type, unsigned numWarps, Operation *anchor) {
    if (auto tile = dyn_cast<cuda_tile::TileType>(type))
      return assign(tile, numWarps, anchor);
    return type;
  }

  void runOnOperation() override {
    cuda_tile::ModuleOp module = getOperation();
    for (Operation &top : module->getRegion(0).front()) {
      auto entry = dyn_cast<cuda_tile::EntryOp>(top);
      if (!entry)
        continue;
      unsigned warps = numWarps ? numWarps : chooseNumWarps(entry, target);
      entry->setAttr(kNumWarpsAttrName,
                     IntegerAttr::get(IntegerType::get(&getContext(), 32),
                                      warps));
      WalkResult result = entry.walk([&](Operation *op) {
        for (OpResult r : op->getResults()) {
          FailureOr<Type> t = convertType(r.getType(), warps, op);
          if (failed(t))
            return WalkResult::interrupt();
          r.setType(*t);
        }
        for (Region &region : op->getRegions())
          for (Block &block : region)
            for (BlockArgument arg : block.getArguments()) {
              FailureOr<Type> t = convertType(arg.getType(), warps, op);
              if (failed(t))
                return WalkResult::interrupt();
              arg.setType(*t);
            }
        return WalkResult::advance();
      });
      if (result.wasInterrupted())
        return signalPassFailure();
    }
  }
};

} // namespace
