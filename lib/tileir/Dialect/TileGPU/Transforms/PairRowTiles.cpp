//===- PairRowTiles.cpp - Two tile blocks' tiles in one CTA ---------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A GEMM written with 64-row tiles (one output tile per tile block, the
// block's x id picking the rows) reads the same B tile in the CTAs of two
// neighbouring x ids. On sm_90 such a kernel is bound by the L2's bandwidth
// to the SMs (about 43 flop a byte per K step at 64x128x64), where 128-row
// tiles read each B tile once for twice the products. cuTile launches one
// CTA per tile block and passes no cluster shape, so the operand cannot be
// multicast; instead the CTA of an even x id computes its own rows and its
// odd neighbour's as one tile of 128 rows, and the odd CTA leaves at once.
//
// The pass rewrites a kernel whose block x id is used only as the row index
// of 2-D partition views with 64-row tiles, read and written along one
// chain of row values: the loads' tiles, products that take them as A or
// accumulator (B is not a row value), element-wise ops (other operands
// splat constants or broadcasts of one row), loop-carried values and the
// stores of the results. Every row value gets 128 rows; the views get
// 128-row tiles; the stored view's tensor is cut at the rows of the last
// tile block when the odd neighbour does not exist, so that no row is
// written that no CTA of the launch wrote before. The kernel is marked
// `tilegpu.paired_rows`: its lowering makes CTAs of odd x ids leave first
// thing and gives the others x id / 2 (grouped rasters then walk the
// halved grid), so the rewritten IR's x id is the pair's index.
//
// The same along y (`columns`): 128x128 tiles of 16-bit operands (with
// the `tf32` option, also tf32 ones: f32 tiles converted before the
// product) whose y id picks columns of B and C become the 128x256 GEMM,
// the kernel marked `tilegpu.paired_columns`.
//
// Only where the result is a GEMM the planner was tuned on: targets with
// wgmma, kernels with one product whose paired loads feed it alone, no
// warp, occupancy or cluster hint, 64-row tiles of at least 128 columns
// (rows) or 128x128 tiles (columns).
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TileGPU/Transforms/Passes.h"

#include "tileir/Dialect/TileGPU/Transforms/LoopFacts.h"
#include "tileir/Support/Diagnostics.h"
#include "tileir/Target/GPUTarget.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Remarks.h"
#include "llvm/ADT/SetVector.h"

#include <numeric>

namespace mlir::tilegpu {
#define GEN_PASS_DEF_TILEIRPAIRROWTILESPASS
#include "tileir/Dialect/TileGPU/Transforms/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

/// What a pairing doubles: the rows (dim 0, picked by the x id; 64-row
/// tiles of at least 128 columns become the 128-row GEMM) or the columns
/// (dim 1, picked by the y id; 128x128 tiles become the 128x256 GEMM).
struct Pairing {
  unsigned dim;
  int64_t size;
  llvm::StringLiteral attr;
  const char *what;
};
constexpr Pairing kRowPairing{0, 64, kPairedRowsAttrName, "rows"};
constexpr Pairing kColumnPairing{1, 128, kPairedColumnsAttrName, "columns"};
constexpr int64_t kMinOtherExtent = 128;

bool isSplatConstant(Value v) {
  auto constant = v.getDefiningOp<cuda_tile::ConstantOp>();
  if (!constant)
    return false;
  auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
  return dense && dense.isSplat();
}

/// A broadcast of one line along `dim` (a bias row when pairing rows).
bool isLineBroadcast(Value v, unsigned dim) {
  auto broadcast = v.getDefiningOp<cuda_tile::BroadcastOp>();
  if (!broadcast)
    return false;
  auto source = dyn_cast<cuda_tile::TileType>(broadcast.getSource().getType());
  return source && source.getRank() == 2 && source.getShape()[dim] == 1;
}

class TilePairer {
public:
  TilePairer(cuda_tile::EntryOp entry, const Pairing &pairing, bool pairTf32)
      : entry(entry), pairing(pairing), dim(pairing.dim), size(pairing.size),
        pairTf32(pairTf32) {}

  /// Whether the kernel is one the pass is for: it computes one product
  /// and its block id (x for rows, y for columns) picks tiles of the
  /// paired extent (others are left alone without a remark).
  bool isCandidate() {
    entry.walk([&](cuda_tile::GetTileBlockIdOp op) {
      blockIds.push_back(op);
    });
    int64_t products = 0;
    entry.walk([&](Operation *op) {
      if (isa<cuda_tile::MmaFOp, cuda_tile::MmaIOp, cuda_tile::MmaFScaledOp>(
              op))
        ++products;
    });
    if (blockIds.empty() || products != 1)
      return false;
    // Some tile of the paired extent is picked by the block id.
    bool picksTiles = false;
    for (cuda_tile::GetTileBlockIdOp op : blockIds)
      for (Operation *user : idOf(op).getUsers()) {
        Value view;
        if (auto load = dyn_cast<cuda_tile::LoadViewTkoOp>(user))
          view = load.getView();
        else if (auto store = dyn_cast<cuda_tile::StoreViewTkoOp>(user))
          view = store.getView();
        auto type =
            view ? dyn_cast<cuda_tile::PartitionViewType>(view.getType())
                 : cuda_tile::PartitionViewType();
        picksTiles |= type && type.getTileShape().size() == 2 &&
                    type.getTileShape()[dim] == size;
      }
    return picksTiles;
  }

  /// Empty when the kernel can be rewritten, else why not.
  std::string analyze() {
    // The odd CTAs leave at once: nothing but the paired stores may have
    // an effect they would have had.
    Operation *effect = nullptr;
    entry.walk([&](Operation *op) {
      if (isa<cuda_tile::StorePtrTkoOp, cuda_tile::AtomicRMWTkoOp,
              cuda_tile::AtomicCASTkoOp, cuda_tile::AtomicRedViewTkoOp,
              cuda_tile::PrintTkoOp, cuda_tile::AssertOp,
              cuda_tile::AllocaOp>(op))
        effect = op;
    });
    if (effect)
      return llvm::formatv("the kernel has '{0}', which every tile block "
                           "must run",
                           effect->getName())
          .str();
    // The block id indexes the paired dim of such views, nothing else.
    for (cuda_tile::GetTileBlockIdOp op : blockIds) {
      for (OpOperand &use : idOf(op).getUses()) {
        Operation *user = use.getOwner();
        std::string why;
        if (auto load = dyn_cast<cuda_tile::LoadViewTkoOp>(user)) {
          if (!isPairedIndex(use, load.getView(), load.getIndex(), why))
            return why;
          loads.insert(load);
          continue;
        }
        if (auto store = dyn_cast<cuda_tile::StoreViewTkoOp>(user)) {
          if (!isPairedIndex(use, store.getView(), store.getIndex(), why))
            return why;
          if (!store.getView().getDefiningOp<cuda_tile::MakePartitionViewOp>()
                   .getTensorView()
                   .getDefiningOp<cuda_tile::MakeTensorViewOp>())
            return "a stored view's tensor is not made in the kernel";
          stores.insert(store);
          continue;
        }
        return llvm::formatv("the block's {0} id is used by '{1}'", idName(),
                             user->getName())
            .str();
      }
    }
    if (loads.empty() || stores.empty())
      return llvm::formatv("no tile is both loaded and stored by the "
                           "block's {0} id",
                           idName())
          .str();
    bool otherStore = false;
    entry.walk([&](cuda_tile::StoreViewTkoOp store) {
      otherStore |= !stores.contains(store);
    });
    if (otherStore)
      return llvm::formatv("the kernel stores a tile not indexed by the "
                           "block's {0} id",
                           idName())
          .str();
    // The paired loads feed the product's paired operand and nothing else:
    // the rewritten kernel is then the larger GEMM the planner was tuned
    // on (a paired C tile read back, say, would stage its own 128 or
    // 256 KiB in shared memory next to the stages, which may not fit).
    for (Operation *load : loads) {
      Value tile = load->getResult(0);
      // With `tf32`, the conversion of f32 tiles to tf32 may come between.
      if (pairTf32 && tile.hasOneUse())
        if (auto convert =
                dyn_cast<cuda_tile::FToFOp>(*tile.getUsers().begin()))
          if (isa<FloatTF32Type>(cast<cuda_tile::TileType>(convert.getType())
                                     .getElementType()))
            tile = convert.getResult();
      if (!tile.hasOneUse() ||
          !isa<cuda_tile::MmaFOp, cuda_tile::MmaIOp>(*tile.getUsers().begin()) ||
          tile.getUses().begin()->getOperandNumber() != 1 - sharedOperand())
        return llvm::formatv("the block's {0} id loads other than the "
                             "product's {1}",
                             idName(), dim == 0 ? "A" : "B")
            .str();
      // 128x256 was measured with 16-bit operands only (8-bit products
      // serialize in ptxas for want of registers at 256 columns).
      Type element =
          cast<cuda_tile::TileType>(tile.getType()).getElementType();
      if (dim == 1 && !element.isF16() && !element.isBF16() &&
          !(pairTf32 && isa<FloatTF32Type>(element)))
        return "256-column tiles are only planned for 16-bit operands";
    }
    // The row values, forward from the loads.
    SmallVector<Value> work;
    for (Operation *load : loads)
      work.push_back(load->getResult(0));
    while (!work.empty()) {
      Value v = work.pop_back_val();
      if (!paired.insert(v))
        continue;
      if (!isPairedShape(v.getType()))
        return "a paired value is not a 2-D tile of the paired extent";
      for (OpOperand &use : v.getUses()) {
        std::string why = follow(use, work);
        if (!why.empty())
          return why;
      }
    }
    // Carried rows: what the loop carries in and out are row values too.
    for (cuda_tile::ForOp loop : loops) {
      Block *body = loop.getBody();
      Operation *terminator = body->getTerminator();
      for (auto [i, init] : llvm::enumerate(loop.getInitValues())) {
        bool carried = paired.contains(body->getArgument(i + 1));
        if (!carried)
          continue;
        if (!paired.contains(terminator->getOperand(i)))
          return llvm::formatv("a loop carries a {0} it does not compute", valueName()).str();
        if (!paired.contains(init) && !isSplatConstant(init))
          return llvm::formatv("a carried {0} starts from a tile made before the "
                             "loop",
                             valueName())
              .str();
      }
    }
    for (Operation *store : stores)
      if (!paired.contains(store->getOperand(0)))
        return llvm::formatv("a tile stored by the block's {0} id is not a {1}",
                             idName(), valueName())
              .str();
    for (Operation *op : pairedOps) {
      if (isa<cuda_tile::MmaFOp, cuda_tile::MmaIOp>(op)) {
        if (paired.contains(op->getOperand(sharedOperand())))
          return "a product's shared operand is a paired value";
        if (!paired.contains(op->getOperand(1 - sharedOperand())) ||
            (!paired.contains(op->getOperand(2)) &&
             !isSplatConstant(op->getOperand(2))))
          return "a product mixes paired values with other tiles";
        continue;
      }
      for (Value operand : op->getOperands())
        if (!paired.contains(operand) && !isSplatConstant(operand) &&
            !isLineBroadcast(operand, dim))
          return llvm::formatv("'{0}' mixes a {1} with another tile",
                               op->getName(), valueName())
              .str();
    }
    for (Operation *store : stores) {
      auto tile = cast<cuda_tile::TileType>(store->getOperand(0).getType());
      int64_t other = tile.getShape()[1 - dim];
      if (dim == 0 && other < kMinOtherExtent)
        return "the stored tiles have fewer than 128 columns";
      if (dim == 1 && other != kMinOtherExtent)
        return "the stored tiles do not have 128 rows";
    }
    return "";
  }

  void rewrite() {
    MLIRContext *ctx = entry.getContext();
    OpBuilder b(ctx);
    // Views of doubled tiles, beside the original ones: one for the loads
    // of a view and one, on the cut tensor, for its stores.
    llvm::DenseMap<Value, Value> loadViews, storeViews;
    auto pairView = [&](Value view, bool stored) {
      Value &paired = (stored ? storeViews : loadViews)[view];
      if (paired)
        return paired;
      auto make = view.getDefiningOp<cuda_tile::MakePartitionViewOp>();
      auto type = cast<cuda_tile::PartitionViewType>(view.getType());
      SmallVector<int32_t> tile(type.getTileShape().asArrayRef());
      tile[dim] *= 2;
      Value tensor = make.getTensorView();
      b.setInsertionPointAfter(make);
      if (stored)
        tensor = cut(b, tensor.getDefiningOp<cuda_tile::MakeTensorViewOp>());
      auto pairedType = cuda_tile::PartitionViewType::get(
          ctx, DenseI32ArrayAttr::get(ctx, tile),
          cast<cuda_tile::TensorViewType>(tensor.getType()), type.getDimMap(),
          type.getPaddingValue());
      paired = cuda_tile::MakePartitionViewOp::create(b, make.getLoc(),
                                                      pairedType, tensor);
      return paired;
    };
    for (Operation *op : loads) {
      auto load = cast<cuda_tile::LoadViewTkoOp>(op);
      load.getViewMutable().assign(pairView(load.getView(), false));
      dropFact(op, load.getInboundsAttr());
    }
    for (Operation *op : stores) {
      auto store = cast<cuda_tile::StoreViewTkoOp>(op);
      store.getViewMutable().assign(pairView(store.getView(), true));
      dropFact(op, store.getInboundsAttr());
    }
    // Operands of row ops that are not row values (splat constants, rows
    // broadcast) and the starting values of carried rows: rebuilt at 128
    // rows for these users.
    for (Operation *op : pairedOps) {
      for (OpOperand &operand : op->getOpOperands()) {
        if (isa<cuda_tile::MmaFOp, cuda_tile::MmaIOp>(op) &&
            operand.getOperandNumber() == sharedOperand())
          continue;
        if (paired.contains(operand.get()))
          continue;
        b.setInsertionPoint(op);
        operand.set(rebuild(b, operand.get()));
      }
    }
    for (cuda_tile::ForOp loop : loops) {
      for (auto [i, init] : llvm::enumerate(loop.getInitValuesMutable())) {
        if (!paired.contains(loop.getBody()->getArgument(i + 1)) ||
            paired.contains(init.get()))
          continue;
        b.setInsertionPoint(loop);
        init.set(rebuild(b, init.get()));
      }
    }
    for (Value v : paired)
      v.setType(getPairedType(v.getType()));
    entry->setAttr(pairing.attr, UnitAttr::get(ctx));
  }

private:
  /// The block id the pairing follows (x for rows, y for columns).
  Value idOf(cuda_tile::GetTileBlockIdOp op) const {
    return dim == 0 ? op.getBlockIdX() : op.getBlockIdY();
  }

  /// A product's operand that is not a paired value: B when pairing rows,
  /// A when pairing columns.
  unsigned sharedOperand() const { return dim == 0 ? 1 : 0; }

  bool isPairedShape(Type type) const {
    auto tile = dyn_cast<cuda_tile::TileType>(type);
    return tile && tile.getRank() == 2 && tile.getShape()[dim] == size;
  }

  cuda_tile::TileType getPairedType(Type type) const {
    return withExtent(type, dim, 2 * size);
  }

  /// Whether `use` is index `dim` of a 2-D partition view whose tiles
  /// have the paired extent along `dim` (identity dim map) made in the
  /// kernel, and no other index.
  bool isPairedIndex(OpOperand &use, Value view, ValueRange index,
                  std::string &why) {
    std::string id = llvm::formatv("the block's {0} id", idName()).str();
    auto make = view.getDefiningOp<cuda_tile::MakePartitionViewOp>();
    if (!make) {
      why = id + " indexes a view that is not a partition view";
      return false;
    }
    auto type = cast<cuda_tile::PartitionViewType>(view.getType());
    ArrayRef<int32_t> tile = type.getTileShape().asArrayRef();
    if (tile.size() != 2 || tile[dim] != size) {
      why = llvm::formatv("{0} indexes a view whose tiles are not 2-D with "
                          "{1} {2}",
                          id, size, pairing.what)
                .str();
      return false;
    }
    ArrayRef<int32_t> dims = type.getDimMap();
    if (!dims.empty() && (dims[0] != 0 || dims[1] != 1)) {
      why = id + " indexes a permuted view";
      return false;
    }
    if (index.size() != 2 || index[dim] != use.get() ||
        index[1 - dim] == use.get()) {
      why = llvm::formatv("{0} indexes other than a view's {1}", id,
                          pairing.what)
                .str();
      return false;
    }
    return true;
  }

  const char *idName() const { return dim == 0 ? "x" : "y"; }
  const char *valueName() const {
    return dim == 0 ? "row value" : "column value";
  }

  /// Checks one use of a row value and queues the row values it makes.
  std::string follow(OpOperand &use, SmallVectorImpl<Value> &work) {
    Operation *user = use.getOwner();
    unsigned n = use.getOperandNumber();
    if (isa<cuda_tile::MmaFOp, cuda_tile::MmaIOp>(user)) {
      if (n == sharedOperand())
        return dim == 0 ? "a row value is a product's B"
                        : "a column value is a product's A";
      pairedOps.insert(user);
      work.push_back(user->getResult(0));
      return "";
    }
    if (auto loop = dyn_cast<cuda_tile::ForOp>(user)) {
      if (n < 3)
        return llvm::formatv("a {0} bounds a loop", valueName()).str();
      return carry(loop, n - 3, work);
    }
    if (isa<cuda_tile::ContinueOp>(user)) {
      auto loop = dyn_cast<cuda_tile::ForOp>(user->getParentOp());
      if (!loop)
        return llvm::formatv("a {0} leaves a loop other than a 'for'", valueName())
            .str();
      return carry(loop, n, work);
    }
    if (auto store = dyn_cast<cuda_tile::StoreViewTkoOp>(user)) {
      if (n != 0 || !stores.contains(store))
        return llvm::formatv("a {0} is stored other than by the block's {1} id",
                           valueName(), idName())
          .str();
      return "";
    }
    if (user->hasTrait<OpTrait::Elementwise>() && user->getNumResults() == 1 &&
        user->getNumRegions() == 0) {
      pairedOps.insert(user);
      work.push_back(user->getResult(0));
      return "";
    }
    return llvm::formatv("a {0} is used by '{1}'", valueName(),
                         user->getName())
        .str();
  }

  /// Iteration value `i` of `loop` carries rows: its block argument and
  /// the loop's result are row values too.
  std::string carry(cuda_tile::ForOp loop, unsigned i,
                    SmallVectorImpl<Value> &work) {
    if (loop->getParentOp() != entry)
      return llvm::formatv("a loop carrying {0}s is nested in control flow",
                           valueName())
          .str();
    loops.insert(loop);
    work.push_back(loop.getBody()->getArgument(i + 1));
    work.push_back(loop->getResult(i));
    return "";
  }

  /// `value` (a splat constant or a line broadcast) at the doubled extent.
  Value rebuild(OpBuilder &b, Value value) {
    Type type = getPairedType(value.getType());
    Location loc = value.getLoc();
    if (auto constant = value.getDefiningOp<cuda_tile::ConstantOp>()) {
      auto dense = cast<DenseElementsAttr>(constant.getValue());
      auto shaped = RankedTensorType::get(
          cast<cuda_tile::TileType>(type).getShape(),
          dense.getElementType());
      return cuda_tile::ConstantOp::create(
          b, loc, type,
          cast<DenseIntOrFPElementsAttr>(
              DenseElementsAttr::get(shaped, dense.getSplatValue<Attribute>())));
    }
    auto broadcast = value.getDefiningOp<cuda_tile::BroadcastOp>();
    return cuda_tile::BroadcastOp::create(b, loc, type, broadcast.getSource());
  }

  /// The rows (columns) the launch's tile blocks cover stay the only ones
  /// stored: where the pair's odd block was not launched (id 2p + 1 past
  /// the grid), the stored tensor ends at block 2p's.
  Value cut(OpBuilder &b, cuda_tile::MakeTensorViewOp make) {
    Location loc = make.getLoc();
    auto type = cast<cuda_tile::TensorViewType>(make.getType());
    Type i32 = cuda_tile::TileType::get({}, b.getI32Type());
    ArrayRef<int64_t> sizes = type.getShape();
    // The dynamic sizes come in dim order: the paired dim's is after those
    // of the dims before it.
    unsigned position = llvm::count(sizes.take_front(dim),
                                    cuda_tile::TensorViewType::kDynamic);
    bool dynamic = sizes[dim] == cuda_tile::TensorViewType::kDynamic;
    SmallVector<Value> shape(make.getDynamicShape());
    Value extent = dynamic ? shape[position]
                           : createIntConstant(b, loc, i32, sizes[dim]);
    auto ids = cuda_tile::GetTileBlockIdOp::create(b, loc, i32, i32, i32);
    auto grid = cuda_tile::GetNumTileBlocksOp::create(b, loc, i32, i32, i32);
    Value pair = idOf(ids);
    Value blocks = dim == 0 ? grid.getGridSizeX() : grid.getGridSizeY();
    Value two = createIntConstant(b, loc, i32, 2);
    Value even = cuda_tile::MulIOp::create(b, loc, pair, two);
    Value one = createIntConstant(b, loc, i32, 1);
    Value odd = cuda_tile::AddIOp::create(b, loc, even, one);
    Value launched = cuda_tile::CmpIOp::create(
        b, loc, cuda_tile::ComparisonPredicate::LessThan, odd, blocks,
        cuda_tile::Signedness::Signed);
    // size * (2p + 1) fits in 32 bits, or those rows are past any tensor.
    Value largest = createIntConstant(b, loc, i32, INT32_MAX / size);
    Value fits = cuda_tile::CmpIOp::create(
        b, loc, cuda_tile::ComparisonPredicate::LessThanOrEqual, odd, largest,
        cuda_tile::Signedness::Signed);
    Value perBlock = createIntConstant(b, loc, i32, size);
    Value end = cuda_tile::MulIOp::create(b, loc, odd, perBlock);
    Value shorter = cuda_tile::MinIOp::create(b, loc, extent, end,
                                              cuda_tile::Signedness::Signed);
    shorter = cuda_tile::SelectOp::create(b, loc, i32, fits, shorter, extent);
    Value newExtent =
        cuda_tile::SelectOp::create(b, loc, i32, launched, extent, shorter);
    // Either choice is a multiple of what both the extent and the tile size
    // are multiples of: keep that fact, which the stores' vector width
    // along a contiguous dim rests on.
    uint64_t divisor = 1;
    for (Value v = extent; auto assume = v.getDefiningOp<cuda_tile::AssumeOp>();
         v = assume.getValue())
      if (auto div = dyn_cast<cuda_tile::DivByAttr>(assume.getPredicate()))
        if (!div.getEvery())
          divisor = std::max<uint64_t>(divisor, div.getDivisor());
    if (!dynamic)
      divisor = static_cast<uint64_t>(sizes[dim]) & -static_cast<uint64_t>(sizes[dim]);
    uint64_t common = std::gcd(divisor, static_cast<uint64_t>(size));
    if (common > 1)
      newExtent = cuda_tile::AssumeOp::create(
          b, loc, newExtent,
          cuda_tile::DivByAttr::get(b.getContext(), common, std::nullopt,
                                    std::nullopt));
    if (dynamic)
      shape[position] = newExtent;
    else
      shape.insert(shape.begin() + position, newExtent);
    SmallVector<int64_t> newSizes(sizes);
    newSizes[dim] = cuda_tile::TensorViewType::kDynamic;
    auto newType = cuda_tile::TensorViewType::get(
        b.getContext(), type.getElementType(), newSizes, type.getStrides());
    return cuda_tile::MakeTensorViewOp::create(b, loc, newType, make.getBase(),
                                               shape, make.getDynamicStrides());
  }

  /// A fact that the tile was in bounds along the paired dim does not hold
  /// for the pair.
  void dropFact(Operation *op, DenseBoolArrayAttr inbounds) const {
    if (!inbounds || static_cast<unsigned>(inbounds.size()) <= dim ||
        !inbounds[dim])
      return;
    SmallVector<bool> facts(inbounds.asArrayRef());
    facts[dim] = false;
    op->setAttr("inbounds", DenseBoolArrayAttr::get(op->getContext(), facts));
  }

  cuda_tile::EntryOp entry;
  const Pairing &pairing;
  unsigned dim;
  int64_t size;
  /// Whether tf32 products' columns pair too.
  bool pairTf32;
  SmallVector<cuda_tile::GetTileBlockIdOp> blockIds;
  llvm::SetVector<Operation *> loads, stores;
  /// Products and element-wise ops that compute row values.
  llvm::SetVector<Operation *> pairedOps;
  llvm::SetVector<cuda_tile::ForOp> loops;
  /// The paired values: the paired loads' tiles and what is computed
  /// from them.
  llvm::SetVector<Value> paired;
};

struct PairRowTilesPass
    : public tilegpu::impl::TileIRPairRowTilesPassBase<PairRowTilesPass> {
  using Base::Base;

  static void pair(cuda_tile::EntryOp entry, const Pairing &pairing,
                   bool pairTf32) {
    TilePairer pairer(entry, pairing, pairTf32);
    if (!pairer.isCandidate())
      return;
    std::string why = pairer.analyze();
    auto opts = remark::RemarkOpts::name("PairRowTiles")
                    .category("tensorcore")
                    .function(entry.getSymName());
    Location where = tileir::getRemarkLocation(entry);
    if (!why.empty()) {
      remark::missed(where, opts) << remark::detail::Remark::Arg(
          "Remark", llvm::formatv("tile blocks not paired along their {0}: "
                                  "{1}",
                                  pairing.what, why)
                        .str());
      return;
    }
    pairer.rewrite();
    std::string done =
        pairing.dim == 0
            ? "the CTA of an even x id computes its own 64-row tiles and its "
              "odd neighbour's as 128-row tiles, sharing their B; CTAs of "
              "odd x ids leave at once"
            : "the CTA of an even y id computes its own 128-column tiles "
              "and its odd neighbour's as 256-column tiles, sharing their A; "
              "CTAs of odd y ids leave at once";
    remark::passed(where, opts) << remark::detail::Remark::Arg("Remark", done);
  }

  void runOnOperation() override {
    const tileir::GPUTarget *gpu = tileir::lookupGPUTarget(target);
    if (!gpu || !gpu->hasWgmma)
      return;
    for (Operation &top : getOperation()->getRegion(0).front()) {
      auto entry = dyn_cast<cuda_tile::EntryOp>(top);
      if (!entry)
        continue;
      if (auto hints = entry->getAttrOfType<cuda_tile::OptimizationHintsAttr>(
              "optimization_hints"))
        if (hints.getNumWorkerWarpsPerCTA(target) ||
            hints.getOccupancy(target) || hints.getNumCTAInCGA(target))
          continue;
      if (rows)
        pair(entry, kRowPairing, tf32);
      if (columns)
        pair(entry, kColumnPairing, tf32);
    }
  }
};

} // namespace
