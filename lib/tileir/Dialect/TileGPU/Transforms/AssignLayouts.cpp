//===- AssignLayouts.cpp - Distribute tiles over the threads of a CTA -----===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Chooses the warps of each kernel and gives every tile of rank >= 1 a
// layout, in three steps:
//
//  1. Anchors. Every matrix product that runs on tensor cores fixes its
//     result (and accumulator) to the accumulator fragment layout of the
//     instruction family the target uses: wgmma's on sm_90 when the product
//     qualifies (getWgmmaConfig), mma.sync's otherwise (getMmaConfig). When a
//     product's result is reduced along its rows somewhere (attention's
//     softmax), its warps are stacked along M so that each warp owns whole
//     rows and the reduction stays in registers and shuffles.
//  2. Propagation, forward, to a fixpoint: element-wise ops take the anchored
//     layout of an operand, reductions the sliced layout of their operand,
//     reshapes the relabeled one, broadcasts an anchored layout whose
//     projection is their operand's, and loop-carried values and `if`
//     results the layout that flows into them. Everything else keeps the
//     coalesced blocked layout that loads and stores want.
//  3. Materialization: types take their layouts, and where a use needs
//     another layout than its value has (the operands of an element-wise
//     op, loop inits and `continue`s, yields, an accumulator), a
//     `tilegpu.convert_layout` is inserted; splat constants are re-created in
//     the layout instead.
//
// The lowering of any op accepts any layout (it converts internally where it
// must), so a layout left blocked is never wrong, only slower.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TileGPU/Transforms/Passes.h"

#include "tileir/Dialect/TileGPU/Transforms/MmaLayouts.h"
#include "tileir/Target/GPUTarget.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <map>

namespace mlir::tilegpu {
#define GEN_PASS_DEF_TILEIRASSIGNLAYOUTSPASS
#include "tileir/Dialect/TileGPU/Transforms/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;
using namespace mlir::tilegpu;
using tileir::LinearLayout;

namespace {

/// The element width the baseline layouts are computed for. Using one
/// width for every element type gives all tiles of one shape the same
/// layout, so element-wise operations between different element types
/// (comparisons, casts, select) need no conversion.
constexpr unsigned kBaselineElementBits = 32;

/// Bound on the propagation rounds: each round only upgrades layouts from
/// the baseline, so this is reached only by very deep loop nests, which
/// then keep some baseline layouts.
constexpr unsigned kMaxRounds = 16;

/// Accumulator elements one thread holds, at most, when products run on
/// 4 warps: past this, registers spill and 8 warps share the accumulators.
constexpr int64_t kMaxAccumulatorsPerThreadOf4Warps = 192;

/// Elements of a reduced tile from which a kernel without products runs on
/// 8 warps (64 elements a thread on 4).
constexpr int64_t kMinElementsOfWideReduction = 8192;

} // namespace

/// The warps-per-CTA rule (docs/architecture.md, section 3.1). The
/// num_worker_warps_per_cta hint decides when given. Otherwise 4 warps
/// (4 warps hold a 128x128 mma.sync accumulator in 128 registers a thread,
/// and more warps only add ldmatrix traffic for the same shared operands),
/// and 8 when
///  - a tile has at least 128x256 elements;
///  - a single wgmma product accumulates at least 128x128 elements (two
///    warpgroups keep the tensor cores fed while the other issues copies);
///  - several wgmma products (attention: S = Q K^T feeding O += P V) hold
///    more than kMaxAccumulatorsPerThreadOf4Warps accumulators a thread on
///    4 warps (below that, one warpgroup per CTA lets two CTAs share an SM
///    and overlap one's softmax with the other's products);
///  - a kernel without products reduces a tile of at least
///    kMinElementsOfWideReduction elements (a layer norm's or softmax's
///    row: half the registers a thread, twice the CTAs an SM).
/// The tuning behind these thresholds is in docs/performance.md.
unsigned mlir::tilegpu::chooseNumWarps(cuda_tile::EntryOp entry,
                                       StringRef target,
                                       const tileir::GPUTarget *gpu) {
  if (auto hints = entry->getAttrOfType<cuda_tile::OptimizationHintsAttr>(
          "optimization_hints"))
    if (std::optional<int64_t> warps = hints.getNumWorkerWarpsPerCTA(target))
      return static_cast<unsigned>(*warps);
  bool largeTile = false, largeWgmma = false, wideReduction = false,
       anyProduct = false;
  int64_t wgmmaProducts = 0, wgmmaAccumulators = 0;
  entry.walk([&](Operation *op) {
    for (Type type : op->getResultTypes()) {
      auto tile = dyn_cast<cuda_tile::TileType>(type);
      if (tile && !tile.getShape().empty() &&
          tile.getNumElements() >= 128 * 256)
        largeTile = true;
    }
    if (isa<cuda_tile::ReduceOp>(op))
      if (auto tile =
              dyn_cast<cuda_tile::TileType>(op->getOperand(0).getType()))
        wideReduction |= tile.getNumElements() >= kMinElementsOfWideReduction;
    if (!isa<cuda_tile::MmaFOp, cuda_tile::MmaIOp>(op))
      return;
    anyProduct = true;
    auto acc = dyn_cast<cuda_tile::TileType>(op->getResult(0).getType());
    if (!acc)
      return;
    int64_t elements = acc.getNumElements();
    // Whether the product takes wgmma does not depend on 4 or 8 warps for
    // the shapes that matter here (M a multiple of 128).
    if (gpu && getWgmmaConfig(op, 4, *gpu)) {
      ++wgmmaProducts;
      wgmmaAccumulators += elements;
      largeWgmma |= elements >= 128 * 128;
    }
  });
  if (largeTile || (wideReduction && !anyProduct))
    return 8;
  if (wgmmaProducts > 1)
    return wgmmaAccumulators > 128 * kMaxAccumulatorsPerThreadOf4Warps ? 8 : 4;
  return largeWgmma ? 8 : 4;
}

namespace {

bool isDistributed(Type type) {
  auto tile = dyn_cast<cuda_tile::TileType>(type);
  return tile && !tile.getShape().empty();
}

/// Ops whose operands and results must all share one layout.
bool isElementwise(Operation *op) {
  return op->hasTrait<OpTrait::Elementwise>() && op->getNumResults() > 0 &&
         isDistributed(op->getResult(0).getType());
}

/// The loop a `continue` or `break` belongs to.
Operation *getEnclosingLoop(Operation *terminator) {
  Operation *parent = terminator->getParentOp();
  while (parent && isa<cuda_tile::IfOp>(parent))
    parent = parent->getParentOp();
  return parent;
}

/// The values a terminator's operands flow into (block arguments or
/// results), or an empty list when it is not a value-carrying terminator.
SmallVector<Value> getTerminatorTargets(Operation *terminator) {
  SmallVector<Value> targets;
  if (isa<cuda_tile::ContinueOp>(terminator)) {
    Operation *loop = getEnclosingLoop(terminator);
    if (auto forOp = dyn_cast_or_null<cuda_tile::ForOp>(loop))
      llvm::append_range(targets, forOp.getRegionIterValues());
    else if (auto loopOp = dyn_cast_or_null<cuda_tile::LoopOp>(loop))
      llvm::append_range(targets, loopOp.getRegionIterValues());
  } else if (isa<cuda_tile::BreakOp>(terminator)) {
    if (Operation *loop = getEnclosingLoop(terminator))
      llvm::append_range(targets, loop->getResults());
  } else if (isa<cuda_tile::YieldOp>(terminator)) {
    if (auto ifOp = dyn_cast<cuda_tile::IfOp>(terminator->getParentOp()))
      llvm::append_range(targets, ifOp->getResults());
  }
  return targets;
}

/// Whether `value` (an MMA result) is reduced along its last dim through a
/// chain of element-wise ops: then each warp should own whole rows.
bool isRowReduced(Value value) {
  SmallVector<std::pair<Value, unsigned>> work = {{value, 0}};
  DenseSet<Value> seen;
  while (!work.empty()) {
    auto [v, depth] = work.pop_back_val();
    if (!seen.insert(v).second || depth > 8)
      continue;
    auto tile = dyn_cast<cuda_tile::TileType>(v.getType());
    if (!tile)
      continue;
    for (Operation *user : v.getUsers()) {
      if (auto reduce = dyn_cast<cuda_tile::ReduceOp>(user))
        if (int64_t(reduce.getDim()) + 1 == tile.getRank())
          return true;
      if (isElementwise(user))
        for (Value r : user->getResults())
          work.push_back({r, depth + 1});
    }
  }
  return false;
}

class LayoutSolver {
public:
  LayoutSolver(cuda_tile::EntryOp entry, unsigned numWarps,
               const tileir::GPUTarget *target, bool swapProducts,
               bool coalesceStores)
      : entry(entry), numWarps(numWarps), target(target),
        swapProducts(swapProducts), coalesceStores(coalesceStores) {}

  LogicalResult run() {
    if (target)
      anchorProducts();
    for (unsigned round = 0; round < kMaxRounds && propagate(); ++round) {
    }
    return materialize();
  }

private:
  //===--------------------------------------------------------------------===//
  // Anchors
  //===--------------------------------------------------------------------===//

  /// The configuration of the transposed product B^T A^T (see
  /// getSwappedWgmmaLayout) when `op` should be computed so: an 8-bit
  /// product whose operands are both loaded as they are (blocked layouts,
  /// contiguous along their last dim), so B is N-contiguous and would be
  /// transposed through shared memory every iteration, while A^T, as the
  /// shared operand of the swapped product, is K-major. A transposed
  /// operand (a permute) keeps the direct form: B^T stored as its source
  /// is K-major already, and A^T's source would not be.
  std::optional<WgmmaConfig> getSwappedConfig(Operation *op) const {
    if (!swapProducts)
      return std::nullopt;
    auto lhs = cast<cuda_tile::TileType>(op->getOperand(0).getType());
    auto rhs = cast<cuda_tile::TileType>(op->getOperand(1).getType());
    auto acc = cast<cuda_tile::TileType>(op->getOperand(2).getType());
    if (lhs.getRank() != 2 || rhs.getRank() != 2 || acc.getRank() != 2 ||
        getRegisterBytes(lhs.getElementType()) != 1 ||
        getRegisterBytes(rhs.getElementType()) != 1)
      return std::nullopt;
    for (Value operand : op->getOperands().take_front(2))
      if (operand.getDefiningOp<cuda_tile::PermuteOp>())
        return std::nullopt;
    return getWgmmaConfig(rhs.getElementType(), lhs.getElementType(),
                          acc.getElementType(), acc.getShape()[1],
                          acc.getShape()[0], lhs.getShape()[1], numWarps,
                          *target);
  }

  void anchorProducts() {
    SmallVector<Operation *> products;
    entry.walk([&](Operation *op) {
      if (isa<cuda_tile::MmaFOp, cuda_tile::MmaIOp>(op))
        products.push_back(op);
    });
    // One row-reduced product makes every product of the kernel stack its
    // warps along M, so chained products (P = softmax(Q K^T); P V) agree.
    bool rowsPerWarp = llvm::any_of(products, [](Operation *op) {
      return isRowReduced(op->getResult(0));
    });
    bool allWgmma = true;
    for (Operation *op : products) {
      Type lhs = op->getOperand(0).getType(), rhs = op->getOperand(1).getType(),
           acc = op->getOperand(2).getType();
      auto accTile = cast<cuda_tile::TileType>(acc);
      if (std::optional<WgmmaConfig> wgmma =
              getWgmmaConfig(op, numWarps, *target)) {
        if (std::optional<WgmmaConfig> swapped = getSwappedConfig(op)) {
          llvm::Expected<LinearLayout> layout = getSwappedWgmmaLayout(
              *swapped, accTile.getShape(), numWarps);
          if (layout) {
            set(op->getResult(0), *layout);
            continue;
          }
          llvm::consumeError(layout.takeError());
        }
        llvm::Expected<LinearLayout> layout =
            getWgmmaAccumulatorLayout(*wgmma, accTile.getShape(), numWarps);
        if (layout) {
          set(op->getResult(0), *layout);
          continue;
        }
        llvm::consumeError(layout.takeError());
      }
      allWgmma = false;
      std::optional<MmaConfig> config =
          getMmaConfig(lhs, rhs, acc, numWarps, *target);
      if (!config)
        continue;
      ArrayRef<int64_t> shape = accTile.getShape();
      int64_t m = shape[shape.size() - 2];
      tileir::MmaInstrShape instr = tileir::getMmaInstrShape(config->instr);
      if (rowsPerWarp && m >= instr.m * int64_t(numWarps))
        config->warpsPerCTA = {int64_t(numWarps), 1};
      llvm::Expected<MmaOperandLayout> layout =
          getMmaOperandLayout(*config, tileir::MmaOperand::C, shape);
      if (!layout) {
        llvm::consumeError(layout.takeError());
        continue;
      }
      op->setAttr(kMmaWarpsAttrName,
                  DenseI64ArrayAttr::get(op->getContext(),
                                         config->warpsPerCTA));
      set(op->getResult(0), layout->layout);
    }
    // Only wgmma kernels that reduce nothing convert their stored tiles
    // (coalesce-stores): attention's one store after a long loop is little
    // of its time, and the conversion made ptxas spill it, as it did
    // mma.sync kernels, whose accumulators already take most of the
    // registers (the e4m3 GEMM on sm_89; docs/performance.md). A reduction
    // is looked for anywhere, not only through isRowReduced's chains:
    // tileir-unswitch-masks may have moved softmax's inputs into branches.
    bool reduces = false;
    entry.walk([&](cuda_tile::ReduceOp) { reduces = true; });
    if (reduces || !allWgmma)
      coalesceStores = false;
  }

  //===--------------------------------------------------------------------===//
  // Propagation
  //===--------------------------------------------------------------------===//

  const LinearLayout *lookup(Value v) const {
    auto it = anchored.find(v);
    return it == anchored.end() ? nullptr : &it->second;
  }

  bool set(Value v, const LinearLayout &layout) {
    if (!isDistributed(v.getType()) || anchored.count(v))
      return false;
    if (layout.getShape() != cast<cuda_tile::TileType>(v.getType()).getShape())
      return false;
    // `layout` may live in `anchored` itself (set(r, *lookup(x))), and the
    // insertion may grow the map: copy it first.
    LinearLayout copy = layout;
    anchored.try_emplace(v, std::move(copy));
    anchoredOrder.push_back(v);
    return true;
  }

  /// One forward sweep; true when some layout changed.
  bool propagate() {
    bool changed = false;
    entry.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isElementwise(op)) {
        for (Value operand : op->getOperands())
          if (const LinearLayout *l = lookup(operand)) {
            for (Value r : op->getResults())
              changed |= set(r, *l);
            return;
          }
        // Nothing upstream decides (iota arithmetic, masks built from
        // indices): compute in the layout the users need.
        for (Value r : op->getResults())
          changed |= adoptUsersLayout(r);
        return;
      }
      if (auto reduce = dyn_cast<cuda_tile::ReduceOp>(op)) {
        const LinearLayout *l = lookup(reduce->getOperand(0));
        if (!l || !tileir::isReducible(*l, reduce.getDim()))
          return;
        llvm::Expected<LinearLayout::CompactedLayout> sliced =
            l->sliceDimAndCompact(reduce.getDim());
        if (!sliced) {
          llvm::consumeError(sliced.takeError());
          return;
        }
        for (Value r : op->getResults())
          changed |= set(r, sliced->layout);
        return;
      }
      if (auto reshape = dyn_cast<cuda_tile::ReshapeOp>(op)) {
        const LinearLayout *l = lookup(reshape->getOperand(0));
        if (!isDistributed(reshape->getResult(0).getType()))
          return;
        if (!l) {
          changed |= adoptUsersLayout(reshape->getResult(0));
          return;
        }
        llvm::Expected<LinearLayout> relabeled = l->reshape(
            cast<cuda_tile::TileType>(reshape->getResult(0).getType())
                .getShape());
        if (!relabeled) {
          llvm::consumeError(relabeled.takeError());
          return;
        }
        changed |= set(reshape->getResult(0), *relabeled);
        return;
      }
      if (auto broadcast = dyn_cast<cuda_tile::BroadcastOp>(op)) {
        changed |= propagateBroadcast(broadcast) ||
                   adoptUsersLayout(op->getResult(0));
        return;
      }
      if (isa<cuda_tile::LoadViewTkoOp, cuda_tile::LoadPtrTkoOp,
              cuda_tile::IotaOp>(op)) {
        changed |= adoptUsersLayout(op->getResult(0));
        return;
      }
      if (auto cat = dyn_cast<cuda_tile::CatOp>(op)) {
        // Two halves in one layout join with a register bit for the
        // concatenated dim (no data moves; tileir-split-rows' results).
        const LinearLayout *lhs = lookup(cat.getLhs());
        const LinearLayout *rhs = lookup(cat.getRhs());
        if (!lhs || !rhs || *lhs != *rhs)
          return;
        llvm::Expected<LinearLayout> pair = lhs->joinAlong(cat.getDim());
        if (!pair) {
          llvm::consumeError(pair.takeError());
          return;
        }
        changed |= set(cat.getResult(), *pair);
        return;
      }
      if (auto forOp = dyn_cast<cuda_tile::ForOp>(op)) {
        changed |= propagateLoop(op, forOp.getRegionIterValues(),
                                 forOp->getResults());
        return;
      }
      if (auto ifOp = dyn_cast<cuda_tile::IfOp>(op)) {
        changed |= propagateIf(ifOp);
        return;
      }
    });
    return changed;
  }

  /// The dims a broadcast grows (size 1 in its operand).
  static SmallVector<int32_t> getBroadcastDims(cuda_tile::BroadcastOp op) {
    auto srcType = cast<cuda_tile::TileType>(op->getOperand(0).getType());
    auto dstType = cast<cuda_tile::TileType>(op->getResult(0).getType());
    SmallVector<int32_t> dims;
    for (unsigned d = 0; d < dstType.getRank(); ++d)
      if (srcType.getShape()[d] != dstType.getShape()[d])
        dims.push_back(static_cast<int32_t>(d));
    return dims;
  }

  /// A broadcast takes an anchored layout of its result's shape whose
  /// projection is its operand's layout: the broadcast is then free.
  bool propagateBroadcast(cuda_tile::BroadcastOp op) {
    Value result = op->getResult(0);
    const LinearLayout *source = lookup(op->getOperand(0));
    if (!source || anchored.count(result))
      return false;
    auto dstType = cast<cuda_tile::TileType>(result.getType());
    SmallVector<int32_t> dims = getBroadcastDims(op);
    // In the order layouts were chosen, so the choice is deterministic.
    for (Value value : anchoredOrder) {
      LinearLayout layout = anchored.find(value)->second;
      if (layout.getShape() != dstType.getShape())
        continue;
      llvm::Expected<LinearLayout> projected = layout.projectOut(dims);
      if (!projected) {
        llvm::consumeError(projected.takeError());
        continue;
      }
      if (*projected == *source)
        return set(result, layout);
    }
    return false;
  }

  /// The layout `use` needs its value in when its owner's result is
  /// anchored and the owner maps layouts one to one: an element-wise op
  /// (the same layout), a reshape (the result's layout reshaped back) or a
  /// broadcast (the result's layout with the broadcast dims projected out,
  /// so the broadcast is free).
  std::optional<LinearLayout> getLayoutForUse(OpOperand &use) {
    Operation *user = use.getOwner();
    if (user->getNumResults() != 1)
      return std::nullopt;
    const LinearLayout *l = lookup(user->getResult(0));
    if (!l)
      return std::nullopt;
    if (isElementwise(user))
      return *l;
    auto operandType = dyn_cast<cuda_tile::TileType>(use.get().getType());
    if (!operandType)
      return std::nullopt;
    if (isa<cuda_tile::ReshapeOp>(user)) {
      llvm::Expected<LinearLayout> back = l->reshape(operandType.getShape());
      if (!back) {
        llvm::consumeError(back.takeError());
        return std::nullopt;
      }
      return *back;
    }
    if (auto broadcast = dyn_cast<cuda_tile::BroadcastOp>(user)) {
      llvm::Expected<LinearLayout> projected =
          l->projectOut(getBroadcastDims(broadcast));
      if (!projected) {
        llvm::consumeError(projected.takeError());
        return std::nullopt;
      }
      return *projected;
    }
    return std::nullopt;
  }

  /// A value produced where any layout costs the same (a broadcast, a
  /// load, an iota, element-wise arithmetic on such values) takes the
  /// layout all its users compute in (getLayoutForUse): otherwise each use
  /// would convert it, and a conversion ahead of a broadcast moves to the
  /// smaller tile before it, or away.
  bool adoptUsersLayout(Value value) {
    if (!isDistributed(value.getType()) || anchored.count(value) ||
        value.use_empty())
      return false;
    std::optional<LinearLayout> common;
    for (OpOperand &use : value.getUses()) {
      std::optional<LinearLayout> l = getLayoutForUse(use);
      if (!l || (common && *common != *l))
        return false;
      common = std::move(l);
    }
    return set(value, *common);
  }

  /// A loop-carried value takes the layout its first `continue` passes.
  bool propagateLoop(Operation *loop, ValueRange iterArgs,
                     ValueRange results) {
    cuda_tile::ContinueOp first;
    loop->getRegion(0).walk([&](cuda_tile::ContinueOp c) {
      if (!first && getEnclosingLoop(c) == loop)
        first = c;
    });
    if (!first)
      return false;
    bool changed = false;
    for (auto [i, arg] : llvm::enumerate(iterArgs)) {
      if (i >= first->getNumOperands())
        break;
      if (const LinearLayout *l = lookup(first->getOperand(i))) {
        LinearLayout layout = *l;
        changed |= set(arg, layout);
        if (i < results.size())
          changed |= set(results[i], layout);
      }
    }
    return changed;
  }

  /// An `if` result takes the layout both yields agree on.
  bool propagateIf(cuda_tile::IfOp op) {
    SmallVector<cuda_tile::YieldOp> yields;
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (auto y = dyn_cast<cuda_tile::YieldOp>(block.getTerminator()))
          yields.push_back(y);
    if (yields.empty())
      return false;
    bool changed = false;
    for (auto [i, result] : llvm::enumerate(op->getResults())) {
      const LinearLayout *common = nullptr;
      bool agree = true;
      for (cuda_tile::YieldOp y : yields) {
        const LinearLayout *l =
            i < y->getNumOperands() ? lookup(y->getOperand(i)) : nullptr;
        if (!l || (common && *common != *l)) {
          agree = false;
          break;
        }
        common = l;
      }
      if (agree && common)
        changed |= set(result, LinearLayout(*common));
    }
    return changed;
  }

  //===--------------------------------------------------------------------===//
  // Materialization
  //===--------------------------------------------------------------------===//

  FailureOr<LinearLayout> getBaseline(Type type, Operation *anchor) {
    auto tile = cast<cuda_tile::TileType>(type);
    SmallVector<int64_t> shape(tile.getShape());
    auto it = baselines.find(shape);
    if (it != baselines.end())
      return it->second;
    llvm::Expected<LinearLayout> layout = LinearLayout::defaultBlocked(
        shape, numWarps, kBaselineElementBits);
    if (!layout) {
      anchor->emitError("cannot distribute ")
          << type << ": " << llvm::toString(layout.takeError());
      return failure();
    }
    baselines.emplace(shape, *layout);
    return *layout;
  }

  /// The layout `value` ends up with.
  FailureOr<LinearLayout> getFinal(Value value, Operation *anchor) {
    if (const LinearLayout *l = lookup(value))
      return *l;
    return getBaseline(value.getType(), anchor);
  }

  /// The layout operand `use` must have, if its owner constrains it.
  FailureOr<std::optional<LinearLayout>> getRequired(OpOperand &use) {
    Operation *op = use.getOwner();
    unsigned index = use.getOperandNumber();
    auto required = [&](Value v) -> FailureOr<std::optional<LinearLayout>> {
      FailureOr<LinearLayout> l = getFinal(v, op);
      if (failed(l))
        return failure();
      return std::optional<LinearLayout>(*l);
    };
    if (isElementwise(op))
      return required(op->getResult(0));
    if (auto store = dyn_cast<cuda_tile::StoreViewTkoOp>(op);
        store && coalesceStores && use.get() == store.getTile()) {
      FailureOr<LinearLayout> base = getBaseline(use.get().getType(), op);
      if (failed(base))
        return failure();
      return std::optional<LinearLayout>(*base);
    }
    if (isa<cuda_tile::MmaFOp, cuda_tile::MmaIOp>(op) && index == 2)
      return required(op->getResult(0));
    if (auto forOp = dyn_cast<cuda_tile::ForOp>(op)) {
      unsigned first = 3; // lower bound, upper bound, step
      if (index >= first &&
          index - first < forOp.getRegionIterValues().size())
        return required(forOp.getRegionIterValues()[index - first]);
      return std::optional<LinearLayout>();
    }
    if (auto loopOp = dyn_cast<cuda_tile::LoopOp>(op)) {
      if (index < loopOp.getRegionIterValues().size())
        return required(loopOp.getRegionIterValues()[index]);
      return std::optional<LinearLayout>();
    }
    if (op->hasTrait<OpTrait::IsTerminator>()) {
      SmallVector<Value> targets = getTerminatorTargets(op);
      if (index < targets.size())
        return required(targets[index]);
    }
    return std::optional<LinearLayout>();
  }

  /// A splat constant: re-created in any layout at no cost.
  static bool isSplatConstant(Value v) {
    auto constant = v.getDefiningOp<cuda_tile::ConstantOp>();
    if (!constant)
      return false;
    auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
    return dense && dense.isSplat();
  }

  LogicalResult materialize() {
    // Types first, then the conversions between them.
    WalkResult typed = entry.walk([&](Operation *op) {
      for (OpResult r : op->getResults())
        if (failed(retype(r, op)))
          return WalkResult::interrupt();
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            if (failed(retype(arg, op)))
              return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (typed.wasInterrupted())
      return failure();

    SmallVector<OpOperand *> uses;
    entry.walk([&](Operation *op) {
      if (isa<ConvertLayoutOp>(op))
        return;
      for (OpOperand &use : op->getOpOperands())
        if (isDistributed(use.get().getType()))
          uses.push_back(&use);
    });
    for (OpOperand *use : uses) {
      FailureOr<std::optional<LinearLayout>> required = getRequired(*use);
      if (failed(required))
        return failure();
      if (!*required)
        continue;
      auto type = cast<cuda_tile::TileType>(use->get().getType());
      LayoutAttr have = getLayout(type);
      if (have && have.getLayout() == **required)
        continue;
      cuda_tile::TileType wanted = withLayout(type, **required);
      Operation *owner = use->getOwner();
      OpBuilder b(owner);
      Value value = use->get();
      if (isSplatConstant(value)) {
        Operation *clone = b.clone(*value.getDefiningOp());
        clone->getResult(0).setType(wanted);
        use->set(clone->getResult(0));
        continue;
      }
      use->set(ConvertLayoutOp::create(b, owner->getLoc(), wanted, value));
      if (isa<cuda_tile::StoreViewTkoOp>(owner))
        entry->setAttr(kCoalescedStoresAttrName, b.getUnitAttr());
    }
    return success();
  }

  LogicalResult retype(Value value, Operation *anchor) {
    if (!isDistributed(value.getType()))
      return success();
    auto tile = cast<cuda_tile::TileType>(value.getType());
    if (getLayout(tile))
      return success();
    FailureOr<LinearLayout> layout = getFinal(value, anchor);
    if (failed(layout))
      return failure();
    value.setType(withLayout(tile, *layout));
    return success();
  }

  cuda_tile::EntryOp entry;
  unsigned numWarps;
  const tileir::GPUTarget *target;
  bool swapProducts;
  /// Whether a tile stored through a view is converted to the blocked
  /// layout first (getRequired); only in kernels of wgmma products that
  /// reduce nothing (anchorProducts).
  bool coalesceStores;
  /// Layouts chosen away from the baseline, keyed by value, and the values
  /// in the order they were chosen.
  DenseMap<Value, LinearLayout> anchored;
  SmallVector<Value> anchoredOrder;
  std::map<SmallVector<int64_t>, LinearLayout> baselines;
};

struct AssignLayoutsPass
    : public tilegpu::impl::TileIRAssignLayoutsPassBase<AssignLayoutsPass> {
  using Base::Base;

  void runOnOperation() override {
    cuda_tile::ModuleOp module = getOperation();
    // The target as the layouts see it: without wgmma when asked to time
    // the sm_80 path on an sm_90.
    std::optional<tileir::GPUTarget> withoutWgmma;
    const tileir::GPUTarget *gpu = tileir::lookupGPUTarget(target);
    if (gpu && disableWgmma) {
      withoutWgmma = *gpu;
      withoutWgmma->hasWgmma = false;
      gpu = &*withoutWgmma;
    }
    llvm::StringMap<unsigned> overrides;
    for (const std::string &item : warpOverrides) {
      auto [name, value] = StringRef(item).rsplit('=');
      unsigned n;
      if (value.getAsInteger(10, n) || n == 0 || n > 32 || (n & (n - 1))) {
        module->emitError("invalid warp override '")
            << item << "' (expected kernel=N, N a power of two up to 32)";
        return signalPassFailure();
      }
      overrides[name] = n;
    }
    for (Operation &top : module->getRegion(0).front()) {
      auto entry = dyn_cast<cuda_tile::EntryOp>(top);
      if (!entry)
        continue;
      unsigned warps =
          numWarps ? numWarps
                   : chooseNumWarps(entry, target, tensorCores ? gpu : nullptr);
      if (auto it = overrides.find(entry.getSymName()); it != overrides.end())
        warps = it->second;
      entry->setAttr(kNumWarpsAttrName,
                     IntegerAttr::get(IntegerType::get(&getContext(), 32),
                                      warps));
      // The driver's re-plan names the kernels whose converted stores
      // spilled (kCoalescedStoresAttrName).
      bool coalesce = coalesceStores &&
                      !llvm::is_contained(keepStoreKernels, entry.getSymName());
      LayoutSolver solver(entry, warps, tensorCores ? gpu : nullptr,
                          swapProducts, coalesce);
      if (failed(solver.run()))
        return signalPassFailure();
    }
  }
};

} // namespace
