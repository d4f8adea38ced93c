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

#include <functional>
#include <limits>

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

/// A buffer of `type` that already holds `value` when `point` runs: a
/// single-stage buffer whose only store writes `value` before `point` (in
/// `point`'s block or one around it). Several products reading one tile
/// (two products of the same loaded K, or A shared by two GEMMs) then read
/// one buffer, and its load stays a single store that
/// tileir-pipeline-loops can turn into a copy.
Value findStagedCopy(Value value, SMemType type, Operation *point) {
  for (Operation *user : value.getUsers()) {
    auto store = dyn_cast<LocalStoreOp>(user);
    if (!store || store.getValue() != value)
      continue;
    auto alloc = store.getBuffer().getDefiningOp<AllocSharedOp>();
    if (!alloc || alloc.getType() != type ||
        alloc->getBlock() != store->getBlock())
      continue;
    unsigned stores = 0;
    for (Operation *other : alloc->getUsers())
      stores += isa<LocalStoreOp>(other);
    if (stores != 1)
      continue;
    Operation *ancestor = store->getBlock()->findAncestorOpInBlock(*point);
    if (ancestor && store->isBeforeInBlock(ancestor))
      return alloc.getResult();
  }
  return {};
}

/// Stores `value` into a single-stage buffer of layout `smem` right before
/// `point`, unless a buffer holding it is already written before `point`;
/// returns the buffer.
Value stageInSharedMemory(OpBuilder &b, Value value,
                          const tileir::SharedMemoryLayout &smem,
                          Operation *point) {
  auto tile = cast<cuda_tile::TileType>(value.getType());
  MLIRContext *ctx = value.getContext();
  auto type = SMemType::get(ctx, tile.getShape(), tile.getElementType(),
                            SharedLayoutAttr::get(ctx, smem.getLayout()), 1);
  if (Value staged = findStagedCopy(value, type, point))
    return staged;
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

/// The widest swizzled layout of a 2-D tile contiguous along `dim`;
/// std::nullopt when no swizzle of at least 32 bytes fits.
std::optional<tileir::SharedMemoryLayout>
getSwizzledLayout(ArrayRef<int64_t> shape, unsigned dim, Type element) {
  if (shape.size() != 2 || dim >= 2)
    return std::nullopt;
  int64_t elementBytes = getRegisterBytes(element);
  if (elementBytes == 0 || elementBytes > 16 ||
      !llvm::isPowerOf2_64(elementBytes))
    return std::nullopt;
  int64_t rowBytes = shape[dim] * elementBytes;
  for (unsigned swizzle : {128u, 64u, 32u}) {
    if (rowBytes % swizzle != 0)
      continue;
    llvm::Expected<tileir::SharedMemoryLayout> smem =
        tileir::SharedMemoryLayout::getMmaSwizzled(
            shape, dim, static_cast<unsigned>(elementBytes), swizzle);
    if (smem)
      return std::move(*smem);
    llvm::consumeError(smem.takeError());
  }
  return std::nullopt;
}

/// The swizzled layout of a 2-D operand `value` in shared memory, keeping
/// the contiguous dim its registers have.
std::optional<tileir::SharedMemoryLayout> chooseSharedLayout(Value value) {
  auto tile = cast<cuda_tile::TileType>(value.getType());
  if (tile.getRank() != 2)
    return std::nullopt;
  return getSwizzledLayout(tile.getShape(), getContiguousDim(value),
                           tile.getElementType());
}

/// Whether `value` is a view load (through reshapes) whose token nothing
/// uses, the only kind tileir-pipeline-loops turns into a copy.
bool mayBecomeCopy(Value value) {
  for (unsigned depth = 0; value && depth < 8; ++depth) {
    Operation *def = value.getDefiningOp();
    if (auto reshape = dyn_cast_or_null<cuda_tile::ReshapeOp>(def)) {
      value = reshape->getOperand(0);
      continue;
    }
    auto load = dyn_cast_or_null<cuda_tile::LoadViewTkoOp>(def);
    return load && load->getResult(1).use_empty();
  }
  return false;
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

/// Wavefronts one shared-memory access of a warp takes for each phase:
/// `laneSteps` are the element steps of the lane bits, `bytes` the width of
/// each lane's access (a phase is the 128 / bytes lanes, at most 32, that
/// one 128-byte wavefront can serve). The bank group of an element is
/// linear in its coordinates, so a phase whose lane steps have bank groups
/// of rank r among its p bits takes 2^(p - r) wavefronts.
int64_t getWavefronts(const tileir::SharedMemoryLayout &smem,
                      ArrayRef<LinearLayout::Basis> laneSteps,
                      int64_t elementBytes, int64_t bytes) {
  unsigned phaseBits = std::min<unsigned>(
      llvm::Log2_64(std::max<int64_t>(1, 128 / bytes)), laneSteps.size());
  unsigned groupShift = llvm::Log2_64(bytes);
  unsigned groupBits = llvm::Log2_64(std::max<int64_t>(1, 128 / bytes));
  uint64_t groupMask = (uint64_t(1) << groupBits) - 1;
  SmallVector<uint64_t> groups;
  for (unsigned i = 0; i < phaseBits; ++i)
    groups.push_back(
        (static_cast<uint64_t>(smem.getOffset(laneSteps[i]) * elementBytes) >>
         groupShift) &
        groupMask);
  return int64_t(1) << (phaseBits - tileir::F2Map(groupBits, groups).getRank());
}

/// Register layouts that transpose a 2-D tile from buffer `src` (contiguous
/// along `srcDim`) to buffer `dst` (contiguous along `dstDim`): each thread
/// holds v x v blocks (v elements and at most 16 bytes along each dim),
/// `read` with the registers of a block running along `srcDim` first,
/// `write` the same blocks with the registers running along `dstDim` first.
/// Reading and writing are then both vector accesses, and going from one to
/// the other is a renaming of registers. The lanes step from block to block
/// in the order that costs the two accesses the fewest bank conflicts
/// together: lanes running along one dim alone may land 16 ways on the same
/// banks of the other, swizzled, buffer.
struct TransposePlan {
  LinearLayout read, write;
  /// The layout of the source buffer: `src` as given, or, when the caller
  /// may choose it, rows swizzled for the lanes chosen.
  tileir::SharedMemoryLayout source;
  /// Shared-memory wavefronts of one read and one write, added.
  int64_t cost = 0;
};

/// The default block size of a transposition: 4 elements, at most 16 bytes.
int64_t getTransposeBlock(Type element) {
  int64_t bytes = getRegisterBytes(element);
  return std::min<int64_t>(4, std::max<int64_t>(1, 16 / std::max<int64_t>(
                                                        bytes, 1)));
}

/// The chunk masks of the rows of a row-swizzled source buffer (see
/// SharedMemoryLayout::getRowSwizzled) that spread `lanes` over the banks
/// best for reads of `bytes` bytes a lane: lanes stepping along the rows
/// (`srcDim`) have fixed bank groups, and each lane stepping across rows
/// takes a chunk mask independent of those before it. Returns the masks and
/// the wavefronts a read takes.
std::pair<SmallVector<uint64_t>, int64_t>
chooseRowMasks(ArrayRef<LinearLayout::Basis> lanes, unsigned srcDim,
               int64_t elementBytes, int64_t bytes, int64_t rows) {
  unsigned groupBits = llvm::Log2_64(std::max<int64_t>(1, 128 / bytes));
  unsigned phaseBits = std::min<unsigned>(groupBits, lanes.size());
  unsigned groupShift = llvm::Log2_64(bytes);
  uint64_t groupMask = (uint64_t(1) << groupBits) - 1;
  SmallVector<uint64_t> masks(llvm::Log2_64(rows), 0);
  SmallVector<uint64_t> groups;
  auto rank = [&](ArrayRef<uint64_t> columns) {
    return tileir::F2Map(groupBits, columns).getRank();
  };
  for (unsigned i = 0; i < phaseBits; ++i) {
    int64_t along = lanes[i][srcDim];
    if (along == 0)
      continue;
    int64_t byteOffset = along * elementBytes;
    groups.push_back(byteOffset < 128
                         ? (static_cast<uint64_t>(byteOffset) >> groupShift) &
                               groupMask
                         : 0);
  }
  for (unsigned i = 0; i < phaseBits; ++i) {
    int64_t across = lanes[i][1 - srcDim];
    if (across == 0)
      continue;
    unsigned bit = llvm::Log2_64(across);
    for (uint64_t mask : {1, 2, 4, 3, 5, 6, 7}) {
      uint64_t group = ((mask << 4) >> groupShift) & groupMask;
      SmallVector<uint64_t> with(groups);
      with.push_back(group);
      if (rank(with) == with.size()) {
        masks[bit] = mask;
        groups = std::move(with);
        break;
      }
    }
  }
  // Lanes left without an independent group share banks.
  int64_t wavefronts = int64_t(1) << (phaseBits - rank(groups));
  return {masks, wavefronts};
}

/// The basis vector of `amount` elements along dim `d` of a 2-D tile.
LinearLayout::Basis getStep(unsigned d, int64_t amount) {
  LinearLayout::Basis basis(2, 0);
  basis[d] = amount;
  return basis;
}

/// The steps between blocks of `block` elements a side in a 2-D tile of
/// `shape`: along `srcDim` first (the fallback order), then `dstDim`.
SmallVector<LinearLayout::Basis> getBlockSteps(ArrayRef<int64_t> shape,
                                               unsigned srcDim,
                                               unsigned dstDim,
                                               int64_t block) {
  SmallVector<LinearLayout::Basis> steps;
  for (unsigned d : {srcDim, dstDim})
    for (int64_t amount = block; amount < shape[d]; amount *= 2)
      steps.push_back(getStep(d, amount));
  return steps;
}

/// Hands the block steps not `taken` by lanes to the warps (the first
/// `warpBits`) and the rest to `regs`.
void assignLeftoverSteps(ArrayRef<LinearLayout::Basis> steps,
                         ArrayRef<bool> taken, unsigned warpBits,
                         SmallVectorImpl<LinearLayout::Basis> &warps,
                         SmallVectorImpl<LinearLayout::Basis> &regs) {
  for (auto [step, isTaken] : llvm::zip(steps, taken)) {
    if (isTaken)
      continue;
    if (warps.size() < warpBits)
      warps.push_back(step);
    else
      regs.push_back(step);
  }
}

FailureOr<TransposePlan>
getTransposeLayouts(ArrayRef<int64_t> shape, unsigned srcDim, unsigned dstDim,
                    Type element, unsigned numWarps,
                    const tileir::SharedMemoryLayout &src, bool srcIsFree,
                    const tileir::SharedMemoryLayout &dst, Type dstElement,
                    int64_t block) {
  int64_t bytes = getRegisterBytes(element);
  int64_t dstBytes = getRegisterBytes(dstElement);
  if (shape.size() != 2 || srcDim == dstDim || bytes <= 0 || dstBytes <= 0 ||
      !llvm::isPowerOf2_64(numWarps) || block <= 0 ||
      !llvm::isPowerOf2_64(block))
    return failure();
  int64_t v = std::min<int64_t>({block, shape[0], shape[1]});
  SmallVector<LinearLayout::Basis> blockSteps =
      getBlockSteps(shape, srcDim, dstDim, v);
  unsigned laneBits = llvm::Log2_64(LinearLayout::getNumLanes());
  unsigned warpBits = llvm::Log2_64(numWarps);
  if (blockSteps.size() < laneBits + warpBits)
    return failure();
  // Lanes: the order of block steps whose reads and writes take the
  // fewest wavefronts together (the first such, srcDim's steps first). In
  // swizzled buffers the two accesses usually pull apart (rows of one
  // buffer are columns of the other), so both are rarely conflict-free.
  SmallVector<unsigned> chosen, best;
  SmallVector<bool> used(blockSteps.size(), false);
  auto lanesOf = [&](ArrayRef<unsigned> picks) {
    SmallVector<LinearLayout::Basis> lanes;
    for (unsigned i : picks)
      lanes.push_back(blockSteps[i]);
    return lanes;
  };
  int64_t bestCost = std::numeric_limits<int64_t>::max();
  SmallVector<uint64_t> bestMasks;
  bool customSource = false;
  srcIsFree &= shape[srcDim] * bytes % 128 == 0;
  std::function<void()> search = [&]() {
    if (chosen.size() == laneBits) {
      SmallVector<LinearLayout::Basis> lanes = lanesOf(chosen);
      int64_t read = getWavefronts(src, lanes, bytes, v * bytes);
      SmallVector<uint64_t> masks;
      if (srcIsFree) {
        auto [rowMasks, custom] =
            chooseRowMasks(lanes, srcDim, bytes, v * bytes, shape[dstDim]);
        if (custom < read) {
          read = custom;
          masks = std::move(rowMasks);
        }
      }
      int64_t cost = read + getWavefronts(dst, lanes, dstBytes, v * dstBytes);
      if (cost < bestCost) {
        bestCost = cost;
        best = chosen;
        customSource = !masks.empty();
        bestMasks = std::move(masks);
      }
      return;
    }
    for (unsigned i = 0; i < blockSteps.size() && bestCost > 2; ++i) {
      if (used[i])
        continue;
      used[i] = true;
      chosen.push_back(i);
      search();
      chosen.pop_back();
      used[i] = false;
    }
  };
  search();
  SmallVector<bool> taken(blockSteps.size(), false);
  for (unsigned i : best)
    taken[i] = true;
  SmallVector<LinearLayout::Basis> lanes = lanesOf(best), warps, rest;
  assignLeftoverSteps(blockSteps, taken, warpBits, warps, rest);
  // Registers: the block along srcDim, along dstDim, then more blocks.
  SmallVector<LinearLayout::Basis> readRegs, writeRegs;
  for (int64_t amount = 1; amount < v; amount *= 2)
    readRegs.push_back(getStep(srcDim, amount));
  for (int64_t amount = 1; amount < v; amount *= 2) {
    readRegs.push_back(getStep(dstDim, amount));
    writeRegs.push_back(getStep(dstDim, amount));
  }
  for (int64_t amount = 1; amount < v; amount *= 2)
    writeRegs.push_back(getStep(srcDim, amount));
  readRegs.append(rest);
  writeRegs.append(rest);
  llvm::Expected<LinearLayout> read =
      LinearLayout::get(shape, readRegs, lanes, warps);
  if (!read) {
    llvm::consumeError(read.takeError());
    return failure();
  }
  llvm::Expected<LinearLayout> write =
      LinearLayout::get(shape, writeRegs, lanes, warps);
  if (!write) {
    llvm::consumeError(write.takeError());
    return failure();
  }
  TransposePlan plan{*read, *write, src, bestCost};
  if (customSource) {
    llvm::Expected<tileir::SharedMemoryLayout> custom =
        tileir::SharedMemoryLayout::getRowSwizzled(
            shape, srcDim, static_cast<unsigned>(bytes), bestMasks);
    if (!custom) {
      llvm::consumeError(custom.takeError());
      return failure();
    }
    plan.source = std::move(*custom);
  }
  return plan;
}

/// A transposition of 32-bit elements read with ldmatrix: each lane's
/// word of an 8x8 matrix of 16-bit cells is one element, so a matrix is 8
/// rows of 4 elements along `srcDim` (lanes 0 and 1 step along them, lanes
/// 2-4 pick the rows) and the four matrices of one instruction sit at
/// consecutive offsets along `dstDim` (the first two register bits). A
/// thread then holds 4 consecutive elements along `dstDim`, which it
/// stores into `dst` with one 16-byte access: one layout serves both
/// accesses, and a block of 4 x 4 elements costs a warp one ldmatrix and
/// one store per thread instead of four vector loads, four stores and the
/// register moves of a renaming. Only a conflict-free choice of row lanes
/// (for both the matrices' rows in `src` and the stores' 8-lane phases in
/// `dst`) is returned.
FailureOr<TransposePlan>
getLdMatrixTransposeLayouts(ArrayRef<int64_t> shape, unsigned srcDim,
                            unsigned dstDim, Type element, unsigned numWarps,
                            const tileir::SharedMemoryLayout &src,
                            const tileir::SharedMemoryLayout &dst,
                            Type dstElement) {
  constexpr int64_t kWord = 4;
  if (shape.size() != 2 || srcDim == dstDim ||
      getRegisterBytes(element) != kWord ||
      getRegisterBytes(dstElement) != kWord ||
      !llvm::isPowerOf2_64(numWarps) || shape[srcDim] < kWord ||
      shape[dstDim] < kWord)
    return failure();
  SmallVector<LinearLayout::Basis> blockSteps =
      getBlockSteps(shape, srcDim, dstDim, kWord);
  unsigned warpBits = llvm::Log2_64(numWarps);
  constexpr unsigned kRowLanes = 3;
  if (blockSteps.size() < kRowLanes + warpBits)
    return failure();
  SmallVector<LinearLayout::Basis> inRow{getStep(srcDim, 1),
                                         getStep(srcDim, 2)};
  // Row lanes in the first conflict-free order found.
  SmallVector<unsigned> chosen;
  SmallVector<bool> used(blockSteps.size(), false);
  std::function<bool()> search = [&]() -> bool {
    if (chosen.size() == kRowLanes) {
      SmallVector<LinearLayout::Basis> rows, phase(inRow);
      for (unsigned i : chosen)
        rows.push_back(blockSteps[i]);
      phase.push_back(rows.front());
      return getWavefronts(src, rows, kWord, 16) == 1 &&
             getWavefronts(dst, phase, kWord, 16) == 1;
    }
    for (unsigned i = 0; i < blockSteps.size(); ++i) {
      if (used[i])
        continue;
      used[i] = true;
      chosen.push_back(i);
      if (search())
        return true;
      chosen.pop_back();
      used[i] = false;
    }
    return false;
  };
  if (!search())
    return failure();
  SmallVector<LinearLayout::Basis> lanes(inRow), warps, regs;
  regs.push_back(getStep(dstDim, 1));
  regs.push_back(getStep(dstDim, 2));
  for (unsigned i : chosen)
    lanes.push_back(blockSteps[i]);
  assignLeftoverSteps(blockSteps, used, warpBits, warps, regs);
  llvm::Expected<LinearLayout> layout =
      LinearLayout::get(shape, regs, lanes, warps);
  if (!layout) {
    llvm::consumeError(layout.takeError());
    return failure();
  }
  return TransposePlan{*layout, *layout, src, /*cost=*/2};
}

/// The shared copy of `operand` contiguous along `dim`, made through
/// registers: the operand (or, for a conversion, its source) is staged as
/// it is, read back with threads running along `dim`, converted if it was a
/// conversion, and stored into a second buffer. The first store keeps the
/// load feeding it free to become an asynchronous copy; the round trip
/// transposes (wgmma reads 32-bit and 8-bit operands only K-major) and
/// rounds to tf32 where the program asked for it.
Value stageThroughRegisters(OpBuilder &b, Value operand, unsigned dim,
                            Operation *product, unsigned numWarps,
                            bool preferTma) {
  auto tile = cast<cuda_tile::TileType>(operand.getType());
  auto convert = operand.getDefiningOp<cuda_tile::FToFOp>();
  Value source = convert ? convert->getOperand(0) : operand;
  auto sourceTile = cast<cuda_tile::TileType>(source.getType());
  // Read so that the stores into the new buffer are vectors: threads
  // running along `dim`, or, to transpose, blocks read along the first
  // buffer's contiguous dim and written along `dim`.
  std::optional<unsigned> srcDim = getStagedContiguousDim(source);
  LinearLayout readLayout, writeLayout;
  Value first;
  if (srcDim && *srcDim != dim) {
    std::optional<tileir::SharedMemoryLayout> dst =
        getSwizzledLayout(tile.getShape(), dim, tile.getElementType());
    // No tensor core reads the first buffer: unless it is a permuted view
    // of another tile's buffer, its rows may be swizzled for this reader.
    bool sourceIsFree = !getTransposedSource(source);
    std::optional<tileir::SharedMemoryLayout> src;
    if (sourceIsFree) {
      src = chooseSharedLayout(source);
    } else if ((first = stageOperand(b, source, product))) {
      src = cast<SMemType>(first.getType()).getLayout().getSharedMemoryLayout();
    }
    if (!dst || !src)
      return {};
    // 32-bit elements: ldmatrix from the first buffer as it is (the MMA
    // swizzle, which TMA writes, gives conflict-free rows).
    FailureOr<TransposePlan> plan = getLdMatrixTransposeLayouts(
        tile.getShape(), *srcDim, dim, sourceTile.getElementType(), numWarps,
        *src, *dst, tile.getElementType());
    int64_t block = getTransposeBlock(sourceTile.getElementType());
    bool ldMatrix = succeeded(plan);
    if (!ldMatrix)
      plan = getTransposeLayouts(tile.getShape(), *srcDim, dim,
                                 sourceTile.getElementType(), numWarps, *src,
                                 sourceIsFree, *dst, tile.getElementType(),
                                 block);
    if (failed(plan))
      return {};
    // TMA writes only the MMA swizzles (the first buffer's layout before
    // any row swizzle is chosen), and a loop whose copies are TMA copies
    // runs faster (tileir-pipeline-loops). Keep such a buffer when a
    // transposition from it costs no more wavefronts, with smaller blocks
    // down to 8-byte accesses: tf32 B is conflict-free both ways from the
    // 128-byte swizzle with 2 x 2 blocks (measured on an H100: 202 -> 215
    // TFLOP/s with TMA); 8-bit B is not, at any block size, and keeps its
    // row swizzle and cp.async. Only for a load that may become a copy
    // (a load whose token orders other accesses stays a load).
    int64_t bytes = getRegisterBytes(sourceTile.getElementType());
    if (!ldMatrix && sourceIsFree && preferTma && mayBecomeCopy(source) &&
        !(plan->source.getLayout() == src->getLayout())) {
      for (int64_t smaller = block; smaller * bytes >= 8; smaller /= 2) {
        FailureOr<TransposePlan> mma = getTransposeLayouts(
            tile.getShape(), *srcDim, dim, sourceTile.getElementType(),
            numWarps, *src, /*srcIsFree=*/false, *dst, tile.getElementType(),
            smaller);
        if (succeeded(mma) && mma->cost <= plan->cost) {
          plan = std::move(mma);
          break;
        }
      }
    }
    if (sourceIsFree)
      first = stageInSharedMemory(b, source, plan->source,
                                  getStorePoint(source, product));
    readLayout = plan->read;
    writeLayout = plan->write;
  } else {
    first = stageOperand(b, source, product);
    if (!first)
      return {};
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

/// A tf32 A operand that is the conversion of a K-major tile, read back
/// from the tile's buffer straight into the wgmma A fragments and rounded
/// there: the product takes A from registers, so neither a rounded copy in
/// a second buffer nor the tensor cores' reads of it cost shared-memory
/// bandwidth (a warp's reads of a fragment register hit 8 rows' 16-byte
/// chunks, which the 128-byte swizzle of a K-major buffer puts on distinct
/// banks). Null when the operand is not such a conversion.
Value stageAsFragments(OpBuilder &b, Value operand, Operation *product,
                       const WgmmaConfig &config, unsigned numWarps) {
  auto tile = cast<cuda_tile::TileType>(operand.getType());
  auto convert = operand.getDefiningOp<cuda_tile::FToFOp>();
  if (!convert || !isa<FloatTF32Type>(tile.getElementType()))
    return {};
  Value source = convert->getOperand(0);
  auto sourceTile = cast<cuda_tile::TileType>(source.getType());
  std::optional<unsigned> dim = getStagedContiguousDim(source);
  if (!dim || *dim != 1 || !sourceTile.getElementType().isF32())
    return {};
  llvm::Expected<LinearLayout> fragment =
      getWgmmaOperandALayout(config, tile.getShape(), numWarps);
  if (!fragment) {
    llvm::consumeError(fragment.takeError());
    return {};
  }
  // The fragments cost registers for as long as the product reads them:
  // at most 16 a thread (a GEMM's 128x32 A on two warpgroups). The
  // Cholesky fixtures' 64x64 A (32 a thread, beside an mma.sync product in
  // the same loop) made ptxas spill where the staged copy did not.
  int64_t elements = tile.getShape()[0] * tile.getShape()[1];
  if (elements > 16 * 32 * int64_t(numWarps))
    return {};
  Operation *point = getStorePoint(operand, product);
  Value first = stageOperand(b, source, product);
  if (!first)
    return {};
  b.setInsertionPoint(point);
  Location loc = operand.getLoc();
  Value value = LocalLoadOp::create(b, loc, withLayout(sourceTile, *fragment),
                                    first);
  Operation *clone = b.clone(*convert);
  clone->setOperand(0, value);
  clone->getResult(0).setType(withLayout(tile, *fragment));
  return clone->getResult(0);
}

/// The wgmma form: B in shared memory, A in shared memory or, when it is
/// already in the A-fragment layout (a softmax'ed accumulator) or is a
/// tf32 conversion of a K-major tile (stageAsFragments), in registers. 16-bit operands may be stored either way round; other types
/// must be K-major (A contiguous along dim 1, B along dim 0), and those
/// that are not, or that are a conversion of a load (tf32), go through
/// registers. Fails (leaving the product alone) when an operand has no
/// swizzled layout the descriptors can express.
LogicalResult stageForWgmma(Operation *product, const WgmmaConfig &config,
                            unsigned numWarps, bool preferTma, OpBuilder &b) {
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
      return stageThroughRegisters(b, operand, kDim, product, numWarps,
                                   preferTma);
    return stageOperand(b, operand, product);
  };
  Value a = lhsInRegisters ? lhs : Value();
  if (!a && lhsWay == Way::ThroughRegisters)
    a = stageAsFragments(b, lhs, product, config, numWarps);
  if (!a)
    a = stage(lhs, lhsWay, 1);
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

/// A transpose of a register tile that moves no data: `value` relabeled
/// by [1, 0] into `layout`.
Value transposeInRegisters(OpBuilder &b, Location loc, Value value,
                           const LinearLayout &layout) {
  auto tile = cast<cuda_tile::TileType>(value.getType());
  auto type = cuda_tile::TileType::get(
      {tile.getShape()[1], tile.getShape()[0]}, tile.getElementType(),
      LayoutAttr::get(b.getContext(), layout));
  return cuda_tile::PermuteOp::create(b, loc, type, value,
                                      b.getDenseI32ArrayAttr({1, 0}));
}

/// When the swapped product's accumulator is a `for` loop's carried value
/// that only it reads and that it alone produces, the loop carries the
/// transposed accumulator instead: the transposes move out of the loop
/// (before it on the initial value, after it on the result), and the
/// product keeps the form tileir-pipeline-loops makes asynchronous.
void carryTransposedAccumulator(cuda_tile::PermuteOp in,
                                cuda_tile::PermuteOp out, OpBuilder &b) {
  auto arg = dyn_cast<BlockArgument>(in.getSource());
  if (!arg || !arg.hasOneUse() || !out->hasOneUse())
    return;
  auto loop = dyn_cast<cuda_tile::ForOp>(arg.getOwner()->getParentOp());
  if (!loop || arg.getOwner() != loop.getBody() || arg.getArgNumber() == 0)
    return;
  unsigned i = arg.getArgNumber() - 1;
  auto yield = dyn_cast<cuda_tile::ContinueOp>(*out->getUsers().begin());
  if (!yield || yield->getBlock() != loop.getBody() ||
      i >= yield->getNumOperands() || yield->getOperand(i) != out.getResult())
    return;
  constexpr unsigned kFirstInit = 3; // lower bound, upper bound, step
  Type carried = in.getResult().getType();
  Location loc = in.getLoc();
  b.setInsertionPoint(loop);
  Value init = cuda_tile::PermuteOp::create(
      b, loc, carried, loop->getOperand(kFirstInit + i),
      b.getDenseI32ArrayAttr({1, 0}));
  loop->setOperand(kFirstInit + i, init);
  arg.setType(carried);
  in.getResult().replaceAllUsesWith(arg);
  in->erase();
  yield->setOperand(i, out.getSource());
  Type original = out.getResult().getType();
  out->erase();
  Value result = loop->getResult(i);
  result.setType(carried);
  b.setInsertionPointAfter(loop);
  Value back = cuda_tile::PermuteOp::create(b, loc, original, result,
                                            b.getDenseI32ArrayAttr({1, 0}));
  result.replaceAllUsesExcept(back, back.getDefiningOp());
}

/// The swapped wgmma form of an 8-bit product whose accumulator
/// tileir-assign-layouts gave the swapped layout (getSwappedWgmmaLayout):
/// C^T = B^T A^T. A is stored K-major as loaded and read through a
/// transposed view as the shared operand; B is stored N-contiguous as
/// loaded and read back into the A fragments of the swapped product, with
/// ldmatrix.trans (each 32-bit word of which holds two columns of two rows;
/// a renaming of registers makes the K-quads the fragment wants). Nothing
/// is written to shared memory but the copies of the operands, so the loop
/// needs neither a transposition nor a proxy fence and barrier for it.
LogicalResult stageSwappedForWgmma(Operation *product,
                                   const WgmmaConfig &swapped,
                                   unsigned numWarps, OpBuilder &b) {
  Value lhs = product->getOperand(0), rhs = product->getOperand(1),
        acc = product->getOperand(2);
  auto lhsTile = cast<cuda_tile::TileType>(lhs.getType());
  auto rhsTile = cast<cuda_tile::TileType>(rhs.getType());
  auto accTile = cast<cuda_tile::TileType>(acc.getType());
  int64_t m = accTile.getShape()[0], n = accTile.getShape()[1],
          k = lhsTile.getShape()[1];
  std::optional<unsigned> aDim = getStagedContiguousDim(lhs);
  std::optional<unsigned> bDim = getStagedContiguousDim(rhs);
  if (!aDim || *aDim != 1 || !bDim || *bDim != 1)
    return failure();
  llvm::Expected<LinearLayout> fragment =
      getWgmmaOperandALayout(swapped, {n, k}, numWarps);
  if (!fragment)
    return llvm::consumeError(fragment.takeError()), failure();
  llvm::Expected<LinearLayout> renamed = permuteWgmmaRows(*fragment, 0);
  if (!renamed)
    return llvm::consumeError(renamed.takeError()), failure();
  llvm::Expected<LinearLayout> inB = renamed->permute({1, 0});
  if (!inB)
    return llvm::consumeError(inB.takeError()), failure();
  llvm::Expected<LinearLayout> accLayout =
      getWgmmaAccumulatorLayout(swapped, {n, m}, numWarps);
  if (!accLayout)
    return llvm::consumeError(accLayout.takeError()), failure();
  llvm::Expected<LinearLayout> accRenamed = permuteWgmmaRows(*accLayout, 0);
  if (!accRenamed)
    return llvm::consumeError(accRenamed.takeError()), failure();
  // ldmatrix.trans gives a word's bytes as (row, col), (row, col + 1),
  // (row + 1, col), (row + 1, col + 1): the register step along N first.
  SmallVector<LinearLayout::Basis> regs = inB->getRegisterBases();
  auto alongN = llvm::find(regs, LinearLayout::Basis{0, 1});
  if (alongN == regs.end())
    return failure();
  LinearLayout::Basis step = *alongN;
  regs.erase(alongN);
  regs.insert(regs.begin(), step);
  llvm::Expected<LinearLayout> native = LinearLayout::get(
      inB->getShape(), regs, inB->getLaneBases(), inB->getWarpBases());
  if (!native)
    return llvm::consumeError(native.takeError()), failure();

  Value aBuf = stageOperand(b, lhs, product);
  if (!aBuf)
    return failure();
  Value bBuf = stageOperand(b, rhs, product);
  if (!bBuf)
    return failure();
  Location loc = product->getLoc();
  b.setInsertionPoint(getStorePoint(rhs, product));
  Value fragments =
      LocalLoadOp::create(b, loc, withLayout(rhsTile, *native), bBuf);
  if (*native != *inB)
    fragments = ConvertLayoutOp::create(b, loc, withLayout(rhsTile, *inB),
                                        fragments);
  fragments = transposeInRegisters(b, loc, fragments, *renamed);

  b.setInsertionPoint(product);
  auto aType = cast<SMemType>(aBuf.getType());
  llvm::Expected<LinearLayout> viewLayout =
      aType.getLayout().getLayout().permute({1, 0});
  if (!viewLayout)
    return llvm::consumeError(viewLayout.takeError()), failure();
  auto viewType = SMemType::get(b.getContext(), {k, m}, aType.getElementType(),
                                SharedLayoutAttr::get(b.getContext(),
                                                      *viewLayout),
                                1);
  Value aView = PermuteSharedOp::create(b, loc, viewType, aBuf,
                                        b.getDenseI32ArrayAttr({1, 0}));
  auto accIn = cast<cuda_tile::PermuteOp>(
      transposeInRegisters(b, loc, acc, *accRenamed).getDefiningOp());
  auto dot = WarpGroupDotOp::create(b, loc, accIn.getResult().getType(),
                                    fragments, aView, accIn.getResult());
  if (auto mmai = dyn_cast<cuda_tile::MmaIOp>(product)) {
    if (mmai.getSignednessRhs() == cuda_tile::Signedness::Unsigned)
      dot->setAttr("lhs_unsigned", b.getUnitAttr());
    if (mmai.getSignednessLhs() == cuda_tile::Signedness::Unsigned)
      dot->setAttr("rhs_unsigned", b.getUnitAttr());
  }
  auto accOut = cuda_tile::PermuteOp::create(
      b, loc, product->getResult(0).getType(), dot.getResult(),
      b.getDenseI32ArrayAttr({1, 0}));
  product->getResult(0).replaceAllUsesWith(accOut.getResult());
  product->erase();
  carryTransposedAccumulator(accIn, accOut, b);
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
      // wgmma when layout assignment anchored the product in its layout,
      // or in the layout of the swapped product.
      if (std::optional<WgmmaConfig> wgmma =
              getWgmmaConfig(product, numWarps, *gpu)) {
        auto accTile = cast<cuda_tile::TileType>(acc);
        auto lhsTile =
            cast<cuda_tile::TileType>(product->getOperand(0).getType());
        auto rhsTile =
            cast<cuda_tile::TileType>(product->getOperand(1).getType());
        if (std::optional<WgmmaConfig> swapped = getWgmmaConfig(
                rhsTile.getElementType(), lhsTile.getElementType(),
                accTile.getElementType(), accTile.getShape()[1],
                accTile.getShape()[0], lhsTile.getShape()[1], numWarps,
                *gpu)) {
          llvm::Expected<LinearLayout> layout = getSwappedWgmmaLayout(
              *swapped, accTile.getShape(), numWarps);
          if (!layout)
            llvm::consumeError(layout.takeError());
          else if (*layout == accLayout.getLayout() &&
                   succeeded(stageSwappedForWgmma(product, *swapped,
                                                  numWarps, b)))
            continue;
        }
        llvm::Expected<LinearLayout> layout = getWgmmaAccumulatorLayout(
            *wgmma, cast<cuda_tile::TileType>(acc).getShape(), numWarps);
        if (!layout) {
          llvm::consumeError(layout.takeError());
        } else if (*layout == accLayout.getLayout() &&
                   succeeded(stageForWgmma(
                       product, *wgmma, numWarps,
                       // Loops of one compute warpgroup keep cp.async
                       // (tileir-pipeline-loops).
                       tma && gpu->sm >= 90 && numWarps >= 8, b))) {
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
