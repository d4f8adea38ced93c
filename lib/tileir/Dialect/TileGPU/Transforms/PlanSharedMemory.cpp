//===- PlanSharedMemory.cpp - Size each kernel's shared-memory arena ------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Two kinds of shared memory: buffers (`tilegpu.alloc_shared`), live from
// their allocation to their last use, and scratch, which an operation that
// moves data between threads uses only while it runs (it stores its
// operand, synchronizes and reads what it needs). Both are placed by
// liveness in one region per kernel: every buffer gets an `offset`, every
// op with scratch a `tilegpu.scratch_offset` (absent when 0), and the
// kernel's `tilegpu.shared_bytes` is the end of the highest piece.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TileGPU/Transforms/Passes.h"
#include "tileir/Dialect/TileGPU/Transforms/MmaLayouts.h"
#include "tileir/Dialect/TileGPU/Transforms/SharedMemory.h"

#include "mlir/IR/BuiltinTypes.h"

#include <set>

namespace mlir::tilegpu {
#define GEN_PASS_DEF_TILEIRPLANSHAREDMEMORYPASS
#include "tileir/Dialect/TileGPU/Transforms/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;
using namespace mlir::tilegpu;

int64_t tilegpu::getTileStorageBytes(Type type) {
  auto tile = dyn_cast<cuda_tile::TileType>(type);
  if (!tile || tile.getShape().empty())
    return 0;
  Type element = tile.getElementType();
  // tf32 lives in an f32 register (19 significant bits, 4 bytes).
  int64_t bytes = isa<cuda_tile::PointerType>(element) ? 8
                  : isa<FloatTF32Type>(element)        ? 4
                      : std::max<int64_t>(
                            1, (element.getIntOrFloatBitWidth() + 7) / 8);
  return tile.getNumElements() * bytes;
}

/// Scratch of the memory accesses (lib/tileir/Conversion/TileToLLVM/
/// MemoryToLLVM.cpp, AtomicToLLVM.cpp). Operands in another layout than the
/// data tile (a gather's row indices; masks, pointers) may move through it,
/// and atomics return old values to replicated copies through it, 8 bytes
/// an element.
static std::optional<int64_t> getMemoryScratchBytes(Operation *op) {
  auto differentLayouts = [](Operation *op, Type data) {
    int64_t bytes = 0;
    for (Type type : op->getOperandTypes())
      if (isa<cuda_tile::TileType>(type) && type != data &&
          getLayout(type) != getLayout(data))
        bytes = std::max(bytes, getTileStorageBytes(type));
    return bytes;
  };
  if (isa<cuda_tile::LoadViewTkoOp, cuda_tile::StoreViewTkoOp>(op)) {
    int64_t bytes = 0;
    for (Type type : op->getOperandTypes())
      if (auto tile = dyn_cast<cuda_tile::TileType>(type);
          tile && tile.getRank() == 1 &&
          isa<IntegerType>(tile.getElementType()))
        bytes = std::max(bytes, getTileStorageBytes(type));
    bool isGather = llvm::any_of(op->getOperandTypes(), [](Type type) {
      return isa<cuda_tile::GatherScatterViewType>(type);
    });
    return isGather ? bytes : 0;
  }
  if (isa<cuda_tile::LoadPtrTkoOp>(op))
    return differentLayouts(op, op->getResult(0).getType());
  if (isa<cuda_tile::StorePtrTkoOp>(op))
    return differentLayouts(op, op->getOperand(1).getType());
  if (isa<cuda_tile::AtomicRMWTkoOp, cuda_tile::AtomicCASTkoOp>(op)) {
    Type result = op->getResult(0).getType();
    int64_t elements = 1;
    if (auto tile = dyn_cast<cuda_tile::TileType>(result))
      elements = tile.getNumElements();
    return std::max(8 * elements, differentLayouts(op, result));
  }
  if (isa<cuda_tile::AtomicRedViewTkoOp, cuda_tile::AllocaOp>(op))
    return 0;
  return std::nullopt;
}

/// The layout of tile type `type` in the kernel of `op` (rank-0 tiles are
/// replicated), if it has one.
static std::optional<tileir::LinearLayout> getLayoutIn(Operation *op,
                                                       Type type) {
  if (LayoutAttr layout = getLayout(type))
    return layout.getLayout();
  auto tile = dyn_cast<cuda_tile::TileType>(type);
  if (!tile || !tile.getShape().empty())
    return std::nullopt;
  int64_t numWarps = 4;
  for (Operation *p = op; p; p = p->getParentOp())
    if (auto attr = p->getAttrOfType<IntegerAttr>(kNumWarpsAttrName)) {
      numWarps = attr.getInt();
      break;
    }
  llvm::Expected<tileir::LinearLayout> scalar =
      tileir::LinearLayout::replicated({}, numWarps);
  if (!scalar) {
    llvm::consumeError(scalar.takeError());
    return std::nullopt;
  }
  return *scalar;
}

/// Whether moving a tile from `src` to `dst` goes through shared memory:
/// the decision of the lowering (lowering::redistribute), which keeps
/// equal layouts, register permutations and warp shuffles in registers.
static bool needsSharedRoundTrip(llvm::Expected<tileir::LinearLayout> src,
                                 std::optional<tileir::LinearLayout> dst) {
  if (!src) {
    llvm::consumeError(src.takeError());
    return true;
  }
  if (!dst)
    return true;
  if (*src == *dst)
    return false;
  llvm::Expected<tileir::ConversionPlan> plan =
      tileir::planConversion(*src, *dst);
  if (!plan) {
    llvm::consumeError(plan.takeError());
    return true;
  }
  return plan->kind == tileir::ConversionKind::SharedMemory;
}

/// Scratch of the shape ops (ShapeToLLVM.cpp) and layout conversions
/// (LayoutConversionToLLVM.cpp), which follow the same steps: reshape and
/// permute convert the relabeled source, broadcast converts the source to
/// the projected result layout, cat of operands in one layout converts the
/// pair (otherwise it stores both into a copy of the result), and extract
/// always stages its source.
static std::optional<int64_t> getShapeScratchBytes(Operation *op) {
  if (!isa<cuda_tile::ReshapeOp, cuda_tile::PermuteOp, cuda_tile::BroadcastOp,
           cuda_tile::ExtractOp, cuda_tile::CatOp, ConvertLayoutOp>(op))
    return std::nullopt;
  Type srcType = op->getOperand(0).getType();
  Type dstType = op->getResult(0).getType();
  int64_t bytes = std::max(getTileStorageBytes(srcType),
                           getTileStorageBytes(dstType));
  std::optional<tileir::LinearLayout> src = getLayoutIn(op, srcType);
  std::optional<tileir::LinearLayout> dst = getLayoutIn(op, dstType);
  if (!src || !dst || isa<cuda_tile::ExtractOp>(op))
    return bytes;
  auto ifShared = [&](llvm::Expected<tileir::LinearLayout> from,
                      std::optional<tileir::LinearLayout> to) {
    return needsSharedRoundTrip(std::move(from), std::move(to)) ? bytes : 0;
  };
  if (isa<cuda_tile::ReshapeOp>(op))
    return ifShared(src->reshape(dst->getShape()), dst);
  if (auto permute = dyn_cast<cuda_tile::PermuteOp>(op))
    return ifShared(src->permute(permute.getPermutation()), dst);
  if (isa<ConvertLayoutOp>(op))
    return ifShared(*src, dst);
  if (isa<cuda_tile::BroadcastOp>(op)) {
    SmallVector<int32_t> dims;
    for (unsigned d = 0; d < src->getRank(); ++d)
      if (src->getShape()[d] != dst->getShape()[d])
        dims.push_back(static_cast<int32_t>(d));
    llvm::Expected<tileir::LinearLayout> projected = dst->projectOut(dims);
    if (!projected) {
      llvm::consumeError(projected.takeError());
      return bytes;
    }
    return ifShared(*src, *projected);
  }
  auto cat = cast<cuda_tile::CatOp>(op);
  std::optional<tileir::LinearLayout> rhs =
      getLayoutIn(op, cat.getRhs().getType());
  int64_t dim = cat.getDim();
  if (!rhs || *rhs != *src || dim < 0 || dim >= int64_t(src->getRank()))
    return bytes;
  SmallVector<tileir::LinearLayout::Basis> regs = src->getRegisterBases();
  tileir::LinearLayout::Basis select(src->getRank(), 0);
  select[dim] = src->getShape()[dim];
  regs.push_back(select);
  return ifShared(tileir::LinearLayout::get(dst->getShape(), regs,
                                            src->getLaneBases(),
                                            src->getWarpBases()),
                  dst);
}

/// Scratch of a reduction (ReduceScanToLLVM.cpp). Operands not all in one
/// reducible layout first move to the blocked layout through a copy of each;
/// then, when warps hold parts of a group, each warp along the reduced
/// dimension writes one partial per output element. Sizing the partials
/// rather than the operand keeps whole-tile reductions of large tiles
/// within shared memory.
static int64_t getReduceScratchBytes(cuda_tile::ReduceOp op) {
  int64_t wholeTiles = 0;
  for (Type type : op->getOperandTypes())
    wholeTiles += llvm::alignTo(getTileStorageBytes(type), 16);
  unsigned dim = op.getDim();
  Type firstType = op->getOperand(0).getType();
  auto tile = dyn_cast<cuda_tile::TileType>(firstType);
  std::optional<tileir::LinearLayout> layout = getLayoutIn(op, firstType);
  if (!tile || tile.getShape().empty() || !layout || dim >= tile.getRank())
    return wholeTiles;
  int64_t detour = 0;
  bool same = llvm::all_of(op->getOperandTypes(), [&](Type type) {
    std::optional<tileir::LinearLayout> other = getLayoutIn(op, type);
    return other && *other == *layout;
  });
  if (!same || !tileir::isReducible(*layout, dim)) {
    detour = wholeTiles;
    int64_t numWarps = layout->getNumWarps();
    llvm::Expected<tileir::LinearLayout> blocked =
        tileir::LinearLayout::defaultBlocked(tile.getShape(), numWarps, 32);
    if (!blocked) {
      llvm::consumeError(blocked.takeError());
      return wholeTiles;
    }
    layout = *blocked;
  }
  tileir::DimBits bits = tileir::analyzeDim(*layout, dim);
  // The lowering keeps the result in registers (no scratch, no barrier)
  // when no warp holds part of a group and the combined registers already
  // are the result layout's: lanes and warps hold the same bases with the
  // reduced dim dropped, and every result register is some group.
  if (!detour && bits.warp == 0) {
    std::optional<tileir::LinearLayout> result =
        getLayoutIn(op, op->getResult(0).getType());
    auto dropDim = [&](tileir::LinearLayout::Basis basis) {
      basis.erase(basis.begin() + dim);
      return basis;
    };
    bool direct = result.has_value();
    for (tileir::HwDim hw : {tileir::HwDim::Lane, tileir::HwDim::Warp}) {
      if (!direct)
        break;
      SmallVector<tileir::LinearLayout::Basis> mine = layout->getBases(hw);
      SmallVector<tileir::LinearLayout::Basis> theirs = result->getBases(hw);
      direct = mine.size() == theirs.size();
      for (size_t i = 0; direct && i < mine.size(); ++i)
        direct = dropDim(mine[i]) == theirs[i];
    }
    if (direct) {
      std::set<SmallVector<int64_t, 4>> keys;
      for (int64_t r = 0, e = layout->getNumRegisters(); r < e; ++r)
        if (!(uint64_t(r) & bits.duplicateReg))
          keys.insert(dropDim(layout->apply(r, 0, 0)));
      for (int64_t i = 0, e = result->getNumRegisters(); direct && i < e; ++i)
        direct = keys.count(result->apply(i, 0, 0)) != 0;
    }
    if (direct)
      return 0;
  }
  int64_t numPartials = int64_t(1) << llvm::popcount(bits.warp);
  int64_t numOut = tile.getNumElements() / tile.getShape()[dim];
  int64_t partials = 0;
  for (Type type : op->getOperandTypes()) {
    auto operand = dyn_cast<cuda_tile::TileType>(type);
    if (!operand || operand.getNumElements() == 0)
      return wholeTiles;
    int64_t elementBytes =
        getTileStorageBytes(type) / operand.getNumElements();
    partials += llvm::alignTo(numPartials * numOut * elementBytes, 16);
  }
  return std::max(detour, partials);
}

int64_t tilegpu::getScratchBytes(Operation *op) {
  if (std::optional<int64_t> bytes = getMemoryScratchBytes(op))
    return *bytes;
  if (auto reduce = dyn_cast<cuda_tile::ReduceOp>(op))
    return getReduceScratchBytes(reduce);
  // Scans across warps exchange block totals through a copy of each
  // operand, each copy 16-byte aligned (ReduceScanToLLVM.cpp).
  if (isa<cuda_tile::ScanOp>(op)) {
    int64_t total = 0;
    for (Type type : op->getOperandTypes())
      total += llvm::alignTo(getTileStorageBytes(type), 16);
    return total;
  }
  // Element-wise operations, control flow and memory accesses need no
  // scratch: each thread works on the registers it holds.
  if (op->hasTrait<OpTrait::Elementwise>() || op->getNumRegions() > 0 ||
      op->hasTrait<OpTrait::IsTerminator>())
    return 0;
  if (isa<cuda_tile::ConstantOp, cuda_tile::IotaOp, cuda_tile::AssumeOp,
          cuda_tile::MakeTokenOp, cuda_tile::JoinTokensOp,
          cuda_tile::GdcWaitTkoOp, cuda_tile::GdcLaunchDependentsTkoOp,
          cuda_tile::MemoryFenceAliasTkoOp>(op))
    return 0;
  // insert (ShapeToLLVM.cpp) stages the destination and, after it, the
  // slice, elements of one type back to back.
  if (auto insert = dyn_cast<cuda_tile::InsertOp>(op)) {
    auto dst = cast<cuda_tile::TileType>(insert.getDestination().getType());
    auto src = cast<cuda_tile::TileType>(insert.getSource().getType());
    return getTileStorageBytes(dst) + getTileStorageBytes(src);
  }
  // Shared-memory ops work on their own buffers.
  if (op->getDialect() && isa<TileGPUDialect>(op->getDialect()) &&
      !isa<ConvertLayoutOp>(op))
    return 0;
  // Shape ops and layout conversions (ShapeToLLVM.cpp,
  // LayoutConversionToLLVM.cpp) stage at most one copy of their largest
  // tile, and none when the layouts let registers move within warps.
  if (std::optional<int64_t> bytes = getShapeScratchBytes(op))
    return *bytes;
  int64_t bytes = 0;
  for (Type type : op->getOperandTypes())
    bytes = std::max(bytes, getTileStorageBytes(type));
  for (Type type : op->getResultTypes())
    bytes = std::max(bytes, getTileStorageBytes(type));
  // Matrix products (lib/tileir/Conversion/TileToLLVM/MmaToLLVM.cpp): the
  // FMA path stages every input but the accumulator (operand 2) at once,
  // each at a 16-byte aligned offset; the mma.sync path moves one tile at a
  // time into or out of its fragment layout, 8-bit floats widened to f16
  // where the target has no fp8 mma.sync.
  if (op->hasAttr(kOperandsInFragmentsAttrName))
    return 0;
  if (isa<cuda_tile::MmaFOp, cuda_tile::MmaIOp, cuda_tile::MmaFScaledOp>(
          op)) {
    int64_t total = 0;
    for (auto [index, type] : llvm::enumerate(op->getOperandTypes())) {
      int64_t tileBytes = getTileStorageBytes(type);
      if (index != 2)
        total += llvm::alignTo(tileBytes, 16);
      if (auto tile = dyn_cast<cuda_tile::TileType>(type);
          tile && isa<Float8E4M3FNType, Float8E5M2Type>(tile.getElementType()))
        bytes = std::max(bytes, 2 * tileBytes);
    }
    bytes = std::max(bytes, total);
  }
  return bytes;
}

namespace {

/// One piece of shared memory to place: a buffer, live from its allocation
/// to its last use, or an op's scratch, live while the op runs.
struct Interval {
  Operation *owner;
  int64_t bytes;
  int64_t alignment;
  /// Live range in the entry's pre-order numbering of ops, inclusive.
  int64_t start, end;
  int64_t offset = 0;
};

/// Places buffers and scratch in one kernel's shared memory: each piece at
/// the lowest aligned offset that overlaps no piece live at the same time,
/// largest pieces first (ties in program order), so buffers whose lives do
/// not overlap share their bytes.
class SharedMemoryPlanner {
public:
  explicit SharedMemoryPlanner(cuda_tile::EntryOp entry) : entry(entry) {}

  int64_t run() {
    entry.walk<WalkOrder::PreOrder>([&](Operation *op) {
      index[op] = next++;
    });
    entry.walk<WalkOrder::PostOrder>([&](Operation *op) {
      int64_t last = index[op];
      for (Region &region : op->getRegions())
        for (Block &block : region)
          if (!block.empty())
            last = std::max(last, lastIndex[&block.back()]);
      lastIndex[op] = last;
    });
    entry.walk([&](Operation *op) {
      if (auto alloc = dyn_cast<AllocSharedOp>(op)) {
        intervals.push_back({op, alloc.getType().getTotalBytes(), 1024,
                             index[op], getLastUse(alloc)});
        return;
      }
      int64_t bytes = getScratchBytes(op);
      if (bytes > 0)
        intervals.push_back({op, static_cast<int64_t>(llvm::alignTo(bytes, 16)),
                             128, index[op], lastIndex[op]});
    });
    SmallVector<Interval *> order;
    for (Interval &i : intervals)
      order.push_back(&i);
    llvm::stable_sort(order, [](const Interval *a, const Interval *b) {
      return a->bytes > b->bytes;
    });
    SmallVector<Interval *> placed;
    int64_t total = 0;
    for (Interval *i : order) {
      i->offset = findOffset(*i, placed);
      placed.push_back(i);
      total = std::max(total, i->offset + i->bytes);
    }
    MLIRContext *ctx = entry.getContext();
    Type i64 = IntegerType::get(ctx, 64);
    for (Interval &i : intervals) {
      if (isa<AllocSharedOp>(i.owner))
        i.owner->setAttr("offset", IntegerAttr::get(i64, i.offset));
      else if (i.offset != 0)
        i.owner->setAttr(kScratchOffsetAttrName,
                         IntegerAttr::get(i64, i.offset));
      else
        i.owner->removeAttr(kScratchOffsetAttrName);
    }
    return total;
  }

private:
  /// The last op, in the buffer's block, that uses it (an op around a use
  /// counts whole: a loop reads the buffer in every iteration), or the
  /// block's end for a buffer the producer warps read after their loop.
  int64_t getLastUse(AllocSharedOp alloc) {
    if (alloc->hasAttr(kLiveToEndAttrName))
      return lastIndex[&alloc->getBlock()->back()];
    int64_t last = index[alloc];
    SmallVector<Value> work = {alloc.getResult()};
    while (!work.empty()) {
      Value v = work.pop_back_val();
      for (Operation *user : v.getUsers()) {
        Operation *anchor = alloc->getBlock()->findAncestorOpInBlock(*user);
        if (anchor)
          last = std::max(last, lastIndex[anchor]);
        // Views of the buffer keep it alive through their own uses.
        if (isa<SubviewOp, PermuteSharedOp>(user))
          work.push_back(user->getResult(0));
      }
    }
    return last;
  }

  static int64_t findOffset(const Interval &i, ArrayRef<Interval *> placed) {
    SmallVector<std::pair<int64_t, int64_t>> busy;
    for (const Interval *p : placed)
      if (p->start <= i.end && i.start <= p->end)
        busy.push_back({p->offset, p->offset + p->bytes});
    llvm::sort(busy);
    int64_t offset = 0;
    for (auto [lo, hi] : busy) {
      if (offset + i.bytes <= lo)
        break;
      offset = std::max(offset, static_cast<int64_t>(
                                    llvm::alignTo(hi, i.alignment)));
    }
    return offset;
  }

  cuda_tile::EntryOp entry;
  int64_t next = 0;
  DenseMap<Operation *, int64_t> index, lastIndex;
  SmallVector<Interval> intervals;
};

struct PlanSharedMemoryPass
    : public tilegpu::impl::TileIRPlanSharedMemoryPassBase<
          PlanSharedMemoryPass> {
  using Base::Base;

  void runOnOperation() override {
    cuda_tile::ModuleOp module = getOperation();
    for (Operation &top : module->getRegion(0).front()) {
      auto entry = dyn_cast<cuda_tile::EntryOp>(top);
      if (!entry)
        continue;
      // 16-byte granules keep vector accesses aligned.
      int64_t bytes = llvm::alignTo(SharedMemoryPlanner(entry).run(), 16);
      entry->setAttr(kSharedBytesAttrName,
                     IntegerAttr::get(IntegerType::get(&getContext(), 64),
                                      bytes));
    }
  }
};
} // namespace
