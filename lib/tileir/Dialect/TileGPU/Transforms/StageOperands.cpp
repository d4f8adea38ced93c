//===- StageOperands.cpp - Tensor-core operands through shared memory -----===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The operands of a matrix product reach the tensor cores through shared
// memory, in the swizzled layout the instructions read without bank
// conflicts:
//
//  - wgmma (sm_90; the product's accumulator has the wgmma layout, see
//    tileir-assign-layouts): A and B are stored into buffers and the
//    product becomes `tilegpu.warpgroup_dot`, which reads them through
//    matrix descriptors;
//  - mma.sync: A and B are stored into buffers and read back with
//    `tilegpu.local_load` in their fragment layouts (ldmatrix).
//
// A stored operand is written where its value is defined when that is
// outside the loops around the product (attention's Q), otherwise right
// before the product. tileir-pipeline-loops then turns stores of loaded
// tiles in loops into multi-stage asynchronous copies.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TileGPU/Transforms/Passes.h"

#include "tileir/Dialect/TileGPU/Transforms/MmaLayouts.h"
#include "tileir/Dialect/TileGPU/Transforms/SharedMemory.h"
#include "tileir/Target/GPUTarget.h"

#include "mlir/IR/Builders.h"

namespace mlir::tilegpu {
#define GEN_PASS_DEF_TILEIRSTAGEOPERANDSPASS
#include "tileir/Dialect/TileGPU/Transforms/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;
using namespace mlir::tilegpu;
using tileir::LinearLayout;

namespace {

/// The number of warps of the kernel holding `op`.
unsigned getKernelWarps(Operation *op) {
  for (Operation *p = op; p; p = p->getParentOp())
    if (auto attr = p->getAttrOfType<IntegerAttr>(kNumWarpsAttrName))
      return static_cast<unsigned>(attr.getInt());
  return 4;
}

/// Where the shared copy of `value`, used by `user`, is written: before
/// the outermost loop around `user` that `value` is defined outside of, so
/// a loop-invariant operand is stored once; otherwise right before `user`.
Operation *getStorePoint(Value value, Operation *user) {
  Operation *point = user;
  Operation *defScope = value.getParentBlock()->getParentOp();
  for (Operation *p = user->getParentOp(); p; p = p->getParentOp()) {
    if (p == defScope || p->isProperAncestor(defScope))
      break;
    if (isa<cuda_tile::ForOp, cuda_tile::LoopOp>(p))
      point = p;
  }
  return point;
}

std::optional<tileir::SharedMemoryLayout> chooseSharedLayout(Value value);

/// A 2-D operand that is the transpose of a 2-D tile: stored as that tile
/// and read through a permuted view, so its producer (a load) can become a
/// copy.
cuda_tile::PermuteOp getTransposedSource(Value value) {
  auto permute = value.getDefiningOp<cuda_tile::PermuteOp>();
  if (!permute ||
      cast<cuda_tile::TileType>(permute->getOperand(0).getType()).getRank() != 2)
    return {};
  return permute;
}

/// Stores `value` into a new single-stage buffer of layout `smem` right
/// before `point`; returns the buffer.
Value stageInSharedMemory(OpBuilder &b, Value value,
                          const tileir::SharedMemoryLayout &smem,
                          Operation *point) {
  auto tile = cast<cuda_tile::TileType>(value.getType());
  MLIRContext *ctx = value.getContext();
  auto type = SMemType::get(ctx, tile.getShape(), tile.getElementType(),
                            SharedLayoutAttr::get(ctx, smem.getLayout()), 1);
  b.setInsertionPoint(point);
  Location loc = value.getLoc();
  Value buffer = AllocSharedOp::create(b, loc, type, IntegerAttr());
  LocalStoreOp::create(b, loc, value, buffer);
  return buffer;
}

/// The dim along which the registers of `value` hold consecutive elements
/// (the one a vectorized store follows), the last dim when there is none.
unsigned getContiguousDim(Value value) {
  auto tile = cast<cuda_tile::TileType>(value.getType());
  unsigned rank = tile.getRank();
  LayoutAttr layout = getLayout(tile);
  if (!layout)
    return rank - 1;
  unsigned best = rank - 1;
  int64_t run = layout.getLayout().getContiguousRegisterRun(rank - 1);
  for (unsigned d = 0; d + 1 < rank; ++d)
    if (layout.getLayout().getContiguousRegisterRun(d) > run) {
      run = layout.getLayout().getContiguousRegisterRun(d);
      best = d;
    }
  return best;
}

/// The swizzled layout of a 2-D operand `value` in shared memory, keeping
/// the contiguous dim its registers have; std::nullopt when no swizzle of
/// at least 32 bytes fits.
std::optional<tileir::SharedMemoryLayout> chooseSharedLayout(Value value) {
  auto tile = cast<cuda_tile::TileType>(value.getType());
  if (tile.getRank() != 2)
    return std::nullopt;
  int64_t elementBytes = getRegisterBytes(tile.getElementType());
  if (elementBytes == 0 || elementBytes > 16 ||
      !llvm::isPowerOf2_64(elementBytes))
    return std::nullopt;
  unsigned dim = getContiguousDim(value);
  int64_t rowBytes = tile.getShape()[dim] * elementBytes;
  for (unsigned swizzle : {128u, 64u, 32u}) {
    if (rowBytes % swizzle != 0)
      continue;
    llvm::Expected<tileir::SharedMemoryLayout> smem =
        tileir::SharedMemoryLayout::getMmaSwizzled(
            tile.getShape(), dim, static_cast<unsigned>(elementBytes),
            swizzle);
    if (smem)
      return std::move(*smem);
    llvm::consumeError(smem.takeError());
  }
  return std::nullopt;
}

/// The shared copy of `operand`, for `product`: a transpose is stored as
/// its source and viewed permuted. Null when no swizzled layout fits.
Value stageOperand(OpBuilder &b, Value operand, Operation *product) {
  if (cuda_tile::PermuteOp permute = getTransposedSource(operand)) {
    Value source = permute->getOperand(0);
    std::optional<tileir::SharedMemoryLayout> layout =
        chooseSharedLayout(source);
    if (layout) {
      Value buffer =
          stageInSharedMemory(b, source, *layout, getStorePoint(source, product));
      auto bufferType = cast<SMemType>(buffer.getType());
      ArrayRef<int32_t> perm = permute.getPermutation();
      llvm::Expected<tileir::LinearLayout> permuted =
          bufferType.getLayout().getLayout().permute(perm);
      if (permuted) {
        auto tile = cast<cuda_tile::TileType>(operand.getType());
        auto viewType = SMemType::get(
            b.getContext(), tile.getShape(), tile.getElementType(),
            SharedLayoutAttr::get(b.getContext(), *permuted), 1);
        b.setInsertionPointAfter(buffer.getDefiningOp()->getNextNode());
        return PermuteSharedOp::create(b, operand.getLoc(), viewType, buffer,
                                       b.getDenseI32ArrayAttr(perm));
      }
      llvm::consumeError(permuted.takeError());
    }
  }
  std::optional<tileir::SharedMemoryLayout> layout =
      chooseSharedLayout(operand);
  if (!layout)
    return {};
  return stageInSharedMemory(b, operand, *layout,
                             getStorePoint(operand, product));
}

/// The contiguous dim `operand` would have in shared memory when staged as
/// it is (a transpose is staged as its source).
std::optional<unsigned> getStagedContiguousDim(Value operand) {
  if (cuda_tile::PermuteOp permute = getTransposedSource(operand)) {
    std::optional<tileir::SharedMemoryLayout> layout =
        chooseSharedLayout(permute->getOperand(0));
    if (layout) {
      ArrayRef<int32_t> perm = permute.getPermutation();
      unsigned source = getContiguousDim(permute->getOperand(0));
      for (unsigned d = 0; d < perm.size(); ++d)
        if (static_cast<unsigned>(perm[d]) == source)
          return d;
    }
  }
  if (!chooseSharedLayout(operand))
    return std::nullopt;
  return getContiguousDim(operand);
}

/// A register layout of `shape` holding consecutive elements along `dim`
/// (16-byte vectors, coalesced threads): what a tile is written through
/// into a buffer contiguous along `dim`.
FailureOr<LinearLayout> getLayoutContiguousAlong(ArrayRef<int64_t> shape,
                                                unsigned dim, Type element,
                                                unsigned numWarps) {
  unsigned bits = 8 * static_cast<unsigned>(getRegisterBytes(element));
  if (dim == 1) {
    llvm::Expected<LinearLayout> l =
        LinearLayout::defaultBlocked(shape, numWarps, bits);
    if (!l) {
      llvm::consumeError(l.takeError());
      return failure();
    }
    return *l;
  }
  llvm::Expected<LinearLayout> l = LinearLayout::defaultBlocked(
      {shape[1], shape[0]}, numWarps, bits);
  if (!l) {
    llvm::consumeError(l.takeError());
    return failure();
  }
  llvm::Expected<LinearLayout> permuted = l->permute({1, 0});
  if (!permuted) {
    llvm::consumeError(permuted.takeError());
    return failure();
  }
  return *permuted;
}

/// Register layouts that transpose a 2-D tile between a buffer contiguous
/// along `srcDim` and one contiguous along `dstDim`: each thread holds v x v
/// blocks (v elements and at most 16 bytes along each dim), `read` with the
/// registers of a block running along `srcDim` first, `write` the same
/// blocks with the registers running along `dstDim` first. Reading and
/// writing are then both vector accesses, and going from one to the other is
/// a renaming of registers.
FailureOr<std::pair<LinearLayout, LinearLayout>>
getTransposeLayouts(ArrayRef<int64_t> shape, unsigned srcDim, unsigned dstDim,
                    Type element, unsigned numWarps) {
  int64_t bytes = getRegisterBytes(element);
  if (shape.size() != 2 || srcDim == dstDim || bytes <= 0)
    return failure();
  int64_t v = std::min<int64_t>({4, std::max<int64_t>(1, 16 / bytes),
                                 shape[0], shape[1]});
  SmallVector<int64_t> size = {v, v};
  SmallVector<int64_t> lanes(2, 1), warps(2, 1);
  lanes[srcDim] = std::min<int64_t>(32, std::max<int64_t>(1, shape[srcDim] / v));
  lanes[dstDim] = 32 / lanes[srcDim];
  warps[dstDim] = std::min<int64_t>(
      numWarps, std::max<int64_t>(1, shape[dstDim] / (v * lanes[dstDim])));
  warps[srcDim] = numWarps / warps[dstDim];
  SmallVector<int32_t> order = {static_cast<int32_t>(srcDim),
                                static_cast<int32_t>(dstDim)};
  llvm::Expected<LinearLayout> read =
      LinearLayout::blocked(shape, size, lanes, warps, order);
  if (!read) {
    llvm::consumeError(read.takeError());
    return failure();
  }
  // The first log2(v) register bits step along srcDim, the next along
  // dstDim: swap the two groups.
  SmallVector<LinearLayout::Basis> regs = read->getRegisterBases();
  unsigned vBits = llvm::Log2_64(v);
  if (regs.size() < 2 * vBits)
    return failure();
  SmallVector<LinearLayout::Basis> swapped(regs.begin() + vBits,
                                           regs.begin() + 2 * vBits);
  swapped.append(regs.begin(), regs.begin() + vBits);
  swapped.append(regs.begin() + 2 * vBits, regs.end());
  llvm::Expected<LinearLayout> write = LinearLayout::get(
      shape, swapped, read->getLaneBases(), read->getWarpBases());
  if (!write) {
    llvm::consumeError(write.takeError());
    return failure();
  }
  return std::make_pair(*read, *write);
}

/// The shared copy of `operand` contiguous along `dim`, made through
/// registers: the operand (or, for a conversion, its source) is staged as
/// it is, read back with threads running along `dim`, converted if it was a
/// conversion, and stored into a second buffer. The first store keeps the
/// load feeding it free to become an asynchronous copy; the round trip
/// transposes (wgmma reads 32-bit and 8-bit operands only K-major) and
/// rounds to tf32 where the program asked for it.
Value stageThroughRegisters(OpBuilder &b, Value operand, unsigned dim,
                            Operation *product, unsigned numWarps) {
  auto tile = cast<cuda_tile::TileType>(operand.getType());
  auto convert = operand.getDefiningOp<cuda_tile::FToFOp>();
  Value source = convert ? convert->getOperand(0) : operand;
  Value first = stageOperand(b, source, product);
  if (!first)
    return {};
  auto sourceTile = cast<cuda_tile::TileType>(source.getType());
  // Read so that the stores into the new buffer are vectors: threads
  // running along `dim`, or, to transpose, blocks read along the first
  // buffer's contiguous dim and written along `dim`.
  std::optional<unsigned> srcDim = getStagedContiguousDim(source);
  LinearLayout readLayout, writeLayout;
  if (srcDim && *srcDim != dim) {
    FailureOr<std::pair<LinearLayout, LinearLayout>> layouts =
        getTransposeLayouts(tile.getShape(), *srcDim, dim,
                            sourceTile.getElementType(), numWarps);
    if (failed(layouts))
      return {};
    readLayout = layouts->first;
    writeLayout = layouts->second;
  } else {
    FailureOr<LinearLayout> layout = getLayoutContiguousAlong(
        tile.getShape(), dim, sourceTile.getElementType(), numWarps);
    if (failed(layout))
      return {};
    readLayout = writeLayout = *layout;
  }
  Operation *point = getStorePoint(operand, product);
  b.setInsertionPoint(point);
  Location loc = operand.getLoc();
  Value value = LocalLoadOp::create(b, loc, withLayout(sourceTile, readLayout),
                                    first);
  if (writeLayout != readLayout)
    value = ConvertLayoutOp::create(b, loc,
                                    withLayout(sourceTile, writeLayout), value);
  if (convert) {
    Operation *clone = b.clone(*convert);
    clone->setOperand(0, value);
    clone->getResult(0).setType(withLayout(tile, writeLayout));
    value = clone->getResult(0);
  }
  return stageOperand(b, value, product);
}

/// The wgmma form: B in shared memory, A in shared memory or, when it is
/// already in the A-fragment layout (a softmax'ed accumulator), in
/// registers. 16-bit operands may be stored either way round; other types
/// must be K-major (A contiguous along dim 1, B along dim 0), and those
/// that are not, or that are a conversion of a load (tf32), go through
/// registers. Fails (leaving the product alone) when an operand has no
/// swizzled layout the descriptors can express.
LogicalResult stageForWgmma(Operation *product, const WgmmaConfig &config,
                            unsigned numWarps, OpBuilder &b) {
  Value lhs = product->getOperand(0), rhs = product->getOperand(1);
  auto lhsTile = cast<cuda_tile::TileType>(lhs.getType());
  bool sixteenBit = getRegisterBytes(lhsTile.getElementType()) == 2;
  bool lhsInRegisters = false;
  if (sixteenBit) {
    llvm::Expected<LinearLayout> aFragment =
        getWgmmaOperandALayout(config, lhsTile.getShape(), numWarps);
    if (aFragment) {
      LayoutAttr have = getLayout(lhsTile);
      lhsInRegisters = have && have.getLayout() == *aFragment;
    } else {
      llvm::consumeError(aFragment.takeError());
    }
  }
  // How each operand is staged, decided before anything is created.
  enum class Way { AsIs, ThroughRegisters, Fail };
  auto decide = [&](Value operand, unsigned kDim) {
    std::optional<unsigned> dim = getStagedContiguousDim(operand);
    bool converted = !sixteenBit && operand.getDefiningOp<cuda_tile::FToFOp>();
    if (dim && (sixteenBit || (*dim == kDim && !converted)))
      return Way::AsIs;
    if (!sixteenBit)
      return Way::ThroughRegisters;
    return Way::Fail;
  };
  Way lhsWay = lhsInRegisters ? Way::AsIs : decide(lhs, 1);
  Way rhsWay = decide(rhs, 0);
  if (lhsWay == Way::Fail || rhsWay == Way::Fail)
    return failure();
  auto stage = [&](Value operand, Way way, unsigned kDim) -> Value {
    if (way == Way::ThroughRegisters)
      return stageThroughRegisters(b, operand, kDim, product, numWarps);
    return stageOperand(b, operand, product);
  };
  Value a = lhsInRegisters ? lhs : stage(lhs, lhsWay, 1);
  Value bBuf = stage(rhs, rhsWay, 0);
  if (!a || !bBuf)
    return failure();
  b.setInsertionPoint(product);
  auto dot = WarpGroupDotOp::create(b, product->getLoc(),
                                    product->getResult(0).getType(), a, bBuf,
                                    product->getOperand(2));
  if (auto mmai = dyn_cast<cuda_tile::MmaIOp>(product)) {
    if (mmai.getSignednessLhs() == cuda_tile::Signedness::Unsigned)
      dot->setAttr("lhs_unsigned", b.getUnitAttr());
    if (mmai.getSignednessRhs() == cuda_tile::Signedness::Unsigned)
      dot->setAttr("rhs_unsigned", b.getUnitAttr());
  }
  product->getResult(0).replaceAllUsesWith(dot.getResult());
  product->erase();
  return success();
}

/// The mma.sync form: each operand not yet in its fragment layout is
/// stored and read back in it (ldmatrix for 16-bit elements).
void stageForMmaSync(Operation *product, const MmaConfig &config,
                     OpBuilder &b) {
  bool allInFragments = true;
  for (auto [index, which] :
       {std::pair{0u, tileir::MmaOperand::A},
        std::pair{1u, tileir::MmaOperand::B}}) {
    Value operand = product->getOperand(index);
    auto tile = cast<cuda_tile::TileType>(operand.getType());
    llvm::Expected<MmaOperandLayout> fragment =
        getMmaOperandLayout(config, which, tile.getShape());
    if (!fragment) {
      llvm::consumeError(fragment.takeError());
      allInFragments = false;
      continue;
    }
    LayoutAttr have = getLayout(tile);
    if (have && have.getLayout() == fragment->layout)
      continue;
    Operation *point = getStorePoint(operand, product);
    Value buffer = stageOperand(b, operand, product);
    if (!buffer) {
      allInFragments = false;
      continue;
    }
    b.setInsertionPoint(point);
    Value loaded = LocalLoadOp::create(b, operand.getLoc(),
                                       withLayout(tile, fragment->layout),
                                       buffer);
    product->setOperand(index, loaded);
  }
  // Its lowering then moves nothing through shared memory.
  if (allInFragments)
    product->setAttr(kOperandsInFragmentsAttrName, b.getUnitAttr());
}

struct StageOperandsPass
    : public tilegpu::impl::TileIRStageOperandsPassBase<StageOperandsPass> {
  using Base::Base;

  void runOnOperation() override {
    const tileir::GPUTarget *gpu = tileir::lookupGPUTarget(target);
    if (!gpu)
      return;
    std::optional<tileir::GPUTarget> withoutWgmma;
    if (disableWgmma) {
      withoutWgmma = *gpu;
      withoutWgmma->hasWgmma = false;
      gpu = &*withoutWgmma;
    }
    SmallVector<Operation *> products;
    getOperation()->walk([&](Operation *op) {
      if (isa<cuda_tile::MmaFOp, cuda_tile::MmaIOp>(op))
        products.push_back(op);
    });
    OpBuilder b(&getContext());
    for (Operation *product : products) {
      unsigned numWarps = getKernelWarps(product);
      Type acc = product->getOperand(2).getType();
      LayoutAttr accLayout = getLayout(acc);
      if (!accLayout || product->getResult(0).getType() != acc)
        continue;
      // wgmma when layout assignment anchored the product in its layout.
      if (std::optional<WgmmaConfig> wgmma =
              getWgmmaConfig(product, numWarps, *gpu)) {
        llvm::Expected<LinearLayout> layout = getWgmmaAccumulatorLayout(
            *wgmma, cast<cuda_tile::TileType>(acc).getShape(), numWarps);
        if (!layout) {
          llvm::consumeError(layout.takeError());
        } else if (*layout == accLayout.getLayout() &&
                   succeeded(stageForWgmma(product, *wgmma, numWarps, b))) {
          continue;
        }
      }
      std::optional<MmaConfig> config =
          getMmaConfig(product, numWarps, *gpu);
      if (!config || cast<cuda_tile::TileType>(acc).getRank() != 2)
        continue;
      llvm::Expected<MmaOperandLayout> accFragment = getMmaOperandLayout(
          *config, tileir::MmaOperand::C,
          cast<cuda_tile::TileType>(acc).getShape());
      if (!accFragment) {
        llvm::consumeError(accFragment.takeError());
        continue;
      }
      // Only products whose accumulator already lives in fragments: the
      // others stage everything in their lowering anyway.
      if (accFragment->layout != accLayout.getLayout())
        continue;
      stageForMmaSync(product, *config, b);
    }
    // Transposes and reshapes of staged operands that nothing reads any
    // more would still be lowered (and keep their loads from becoming
    // copies).
    SmallVector<Operation *> dead;
    getOperation()->walk([&](Operation *op) {
      if (isa<cuda_tile::PermuteOp, cuda_tile::ReshapeOp, cuda_tile::FToFOp,
              ConvertLayoutOp>(op))
        dead.push_back(op);
    });
    for (Operation *op : llvm::reverse(dead))
      if (op->use_empty())
        op->erase();
  }
};

} // namespace
