//===- LoweringUtils.cpp - Helpers shared by the LLVM lowerings -----------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::lowering;

unsigned lowering::getNumWarps(Operation *op) {
  for (Operation *p = op; p; p = p->getParentOp())
    if (auto attr = p->getAttrOfType<IntegerAttr>(tilegpu::kNumWarpsAttrName))
      return static_cast<unsigned>(attr.getInt());
  return 4;
}

unsigned lowering::getProducerWarps(Operation *op) {
  for (Operation *p = op; p; p = p->getParentOp())
    if (auto attr =
            p->getAttrOfType<IntegerAttr>(tilegpu::kProducerWarpsAttrName))
      return static_cast<unsigned>(attr.getInt());
  return 0;
}

FailureOr<LinearLayout> lowering::getTileLayout(Type tileType,
                                                unsigned numWarps) {
  auto tile = dyn_cast<cuda_tile::TileType>(tileType);
  if (!tile)
    return failure();
  if (tilegpu::LayoutAttr layout = tilegpu::getLayout(tile))
    return layout.getLayout();
  if (!tile.getShape().empty())
    return failure();
  llvm::Expected<LinearLayout> scalar = LinearLayout::replicated({}, numWarps);
  if (!scalar) {
    llvm::consumeError(scalar.takeError());
    return failure();
  }
  return *scalar;
}

FailureOr<int64_t> lowering::getNumRegisters(Type tileType,
                                             unsigned numWarps) {
  FailureOr<LinearLayout> layout = getTileLayout(tileType, numWarps);
  if (failed(layout))
    return failure();
  return layout->getNumRegisters();
}

SmallVector<Value> lowering::unpackRegisters(OpBuilder &b, Location loc,
                                             Value packed) {
  auto structType = dyn_cast<LLVM::LLVMStructType>(packed.getType());
  if (!structType)
    return {packed};
  SmallVector<Value> regs;
  for (unsigned i = 0, e = structType.getBody().size(); i < e; ++i)
    regs.push_back(LLVM::ExtractValueOp::create(b, loc, packed, i));
  return regs;
}

Value lowering::packRegisters(OpBuilder &b, Location loc, Type llvmType,
                              ArrayRef<Value> registers) {
  auto structType = dyn_cast<LLVM::LLVMStructType>(llvmType);
  if (!structType)
    return registers.front();
  Value packed = LLVM::PoisonOp::create(b, loc, structType);
  for (auto [i, reg] : llvm::enumerate(registers))
    packed = LLVM::InsertValueOp::create(b, loc, packed, reg, i);
  return packed;
}

Value lowering::intConst(OpBuilder &b, Location loc, Type type, int64_t v) {
  return LLVM::ConstantOp::create(b, loc, type,
                                  b.getIntegerAttr(type, v));
}

Value lowering::i32Const(OpBuilder &b, Location loc, int64_t value) {
  return intConst(b, loc, b.getI32Type(), value);
}

Value lowering::i64Const(OpBuilder &b, Location loc, int64_t value) {
  return intConst(b, loc, b.getI64Type(), value);
}

Value lowering::castInt(OpBuilder &b, Location loc, Value value, Type type,
                        bool isSigned) {
  unsigned from = value.getType().getIntOrFloatBitWidth();
  unsigned to = type.getIntOrFloatBitWidth();
  if (from == to)
    return value;
  if (from > to)
    return LLVM::TruncOp::create(b, loc, type, value);
  if (isSigned)
    return LLVM::SExtOp::create(b, loc, type, value);
  return LLVM::ZExtOp::create(b, loc, type, value);
}

Value lowering::emitShuffle(OpBuilder &b, Location loc, Value word,
                           Value laneOrMask, NVVM::ShflKind kind) {
  Value allLanes = i32Const(b, loc, -1);
  Value clamp = i32Const(b, loc, 0x1f);
  return NVVM::ShflOp::create(b, loc, word.getType(), allLanes, word,
                              laneOrMask, clamp, kind, UnitAttr());
}

Value lowering::emitShuffle(OpBuilder &b, Location loc, Value word,
                           int64_t laneOrMask, NVVM::ShflKind kind) {
  Value allLanes = i32Const(b, loc, -1);
  Value lane = i32Const(b, loc, laneOrMask);
  Value clamp = i32Const(b, loc, 0x1f);
  return NVVM::ShflOp::create(b, loc, word.getType(), allLanes, word, lane,
                              clamp, kind, UnitAttr());
}

ThreadIds lowering::getThreadIds(OpBuilder &b, Location loc) {
  Type i32 = b.getI32Type();
  ThreadIds ids;
  ids.tid = NVVM::ThreadIdXOp::create(b, loc, i32);
  ids.lane = LLVM::AndOp::create(b, loc, ids.tid, i32Const(b, loc, 31));
  ids.warp = LLVM::LShrOp::create(b, loc, ids.tid, i32Const(b, loc, 5));
  return ids;
}

Value lowering::emitXorOfColumns(OpBuilder &b, Location loc, Value index,
                                ArrayRef<uint64_t> columns, Value acc) {
  for (auto [bit, column] : llvm::enumerate(columns)) {
    if (column == 0)
      continue;
    Value shifted = LLVM::LShrOp::create(b, loc, index, i32Const(b, loc, bit));
    Value one = LLVM::AndOp::create(b, loc, shifted, i32Const(b, loc, 1));
    Value mask = LLVM::SubOp::create(b, loc, i32Const(b, loc, 0), one);
    Value term = LLVM::AndOp::create(
        b, loc, mask, i32Const(b, loc, static_cast<int64_t>(column)));
    acc = LLVM::XOrOp::create(b, loc, acc, term);
  }
  return acc;
}

Value lowering::emitXorOfBases(OpBuilder &b, Location loc, Value index,
                              ArrayRef<LinearLayout::Basis> bases,
                              unsigned dim, Value acc) {
  SmallVector<uint64_t> columns;
  for (const LinearLayout::Basis &basis : bases)
    columns.push_back(static_cast<uint64_t>(basis[dim]));
  return emitXorOfColumns(b, loc, index, columns, acc);
}

SmallVector<SmallVector<Value>>
lowering::emitElementCoordinates(OpBuilder &b, Location loc,
                                 const LinearLayout &layout,
                                 const ThreadIds &ids) {
  unsigned rank = layout.getRank();
  SmallVector<LinearLayout::Basis> laneBases = layout.getLaneBases();
  SmallVector<LinearLayout::Basis> warpBases = layout.getWarpBases();
  // The thread-dependent part, shared by all registers.
  SmallVector<Value> threadPart;
  for (unsigned d = 0; d < rank; ++d) {
    Value acc = i32Const(b, loc, 0);
    acc = emitXorOfBases(b, loc, ids.lane, laneBases, d, acc);
    acc = emitXorOfBases(b, loc, ids.warp, warpBases, d, acc);
    threadPart.push_back(acc);
  }
  SmallVector<SmallVector<Value>> coords;
  for (int64_t r = 0, e = layout.getNumRegisters(); r < e; ++r) {
    SmallVector<int64_t, 4> regPart = layout.apply(r, 0, 0);
    SmallVector<Value> c;
    for (unsigned d = 0; d < rank; ++d) {
      if (regPart[d] == 0)
        c.push_back(threadPart[d]);
      else
        c.push_back(LLVM::XOrOp::create(b, loc, threadPart[d],
                                        i32Const(b, loc, regPart[d])));
    }
    coords.push_back(std::move(c));
  }
  return coords;
}

Value lowering::emitOwnerPredicate(OpBuilder &b, Location loc,
                                   const LinearLayout &layout, int64_t reg,
                                   const ThreadIds &ids) {
  LinearLayout::ReplicationMask mask = layout.getReplicationMask();
  if ((uint64_t(reg) & mask.reg) != 0)
    return LLVM::ConstantOp::create(b, loc, b.getI1Type(),
                                    b.getBoolAttr(false));
  Value pred;
  auto add = [&](Value index, uint64_t m) {
    if (!m)
      return;
    Value masked = LLVM::AndOp::create(b, loc, index, i32Const(b, loc, m));
    Value isZero = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq,
                                        masked, i32Const(b, loc, 0));
    pred = pred ? LLVM::AndOp::create(b, loc, pred, isZero).getResult()
                : isZero;
  };
  add(ids.lane, mask.lane);
  add(ids.warp, mask.warp);
  return pred;
}

std::string tileir::getSharedArenaName(llvm::StringRef kernelName) {
  return ("__tileir_smem_" + kernelName).str();
}

/// The `tilegpu.scratch_offset` of `op` (0 when absent).
static int64_t getScratchOffset(Operation *op) {
  if (auto attr = op->getAttrOfType<IntegerAttr>(tilegpu::kScratchOffsetAttrName))
    return attr.getInt();
  return 0;
}

FailureOr<Value> lowering::getSharedMemoryBase(OpBuilder &b, Location loc,
                                               Operation *op) {
  FailureOr<Value> base = getSharedRegionBase(b, loc, op);
  int64_t offset = getScratchOffset(op);
  if (failed(base) || offset == 0)
    return base;
  Value bytes = i32Const(b, loc, offset);
  return LLVM::GEPOp::create(b, loc, base->getType(), b.getI8Type(), *base,
                             ValueRange{bytes})
      .getResult();
}

FailureOr<Value> lowering::getSharedRegionBase(OpBuilder &b, Location loc,
                                               Operation *op) {
  auto func = op->getParentOfType<LLVM::LLVMFuncOp>();
  if (!func)
    return failure();
  std::string name = getSharedArenaName(func.getName());
  auto global = SymbolTable::lookupNearestSymbolFrom<LLVM::GlobalOp>(
      func, StringAttr::get(b.getContext(), name));
  if (!global)
    return failure();
  Value base = LLVM::AddressOfOp::create(b, loc, global);
  return base;
}

bool lowering::sharedArenaHolds(Operation *op, int64_t bytes) {
  auto func = op->getParentOfType<LLVM::LLVMFuncOp>();
  if (!func)
    return false;
  auto planned =
      func->getAttrOfType<IntegerAttr>(tilegpu::kSharedBytesAttrName);
  return planned && planned.getInt() >= getScratchOffset(op) + bytes;
}

void lowering::emitBarrier(OpBuilder &b, Location loc) {
  // In a warp-specialized kernel every barrier of the program runs in the
  // compute warps only (the producers split off first and never return):
  // named barrier 1 counts just them.
  Operation *anchor = b.getInsertionBlock()->getParentOp();
  if (getProducerWarps(anchor) != 0) {
    Value id = i32Const(b, loc, 1);
    Value threads = i32Const(b, loc, 32 * getNumWarps(anchor));
    NVVM::BarrierOp::create(b, loc, TypeRange(), id, threads,
                            NVVM::BarrierReductionAttr(), Value());
    return;
  }
  NVVM::Barrier0Op::create(b, loc);
}

LLVM::InlineAsmOp lowering::createAsm(OpBuilder &b, Location loc,
                                     TypeRange results, ValueRange operands,
                                     StringRef text, StringRef constraints) {
  Type resultType;
  if (results.size() == 1)
    resultType = results.front();
  else if (results.size() > 1)
    resultType = LLVM::LLVMStructType::getLiteral(b.getContext(),
                                                  llvm::to_vector(results));
  return LLVM::InlineAsmOp::create(
      b, loc, resultType ? TypeRange(resultType) : TypeRange(), operands, text,
      constraints, /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::TailCallKind::None, /*asm_dialect=*/nullptr,
      /*operand_attrs=*/nullptr);
}

void lowering::emitAsyncProxyFence(OpBuilder &b, Location loc) {
  MLIRContext *ctx = b.getContext();
  NVVM::FenceProxyOp::create(
      b, loc, NVVM::ProxyKindAttr::get(ctx, NVVM::ProxyKind::async_shared),
      NVVM::SharedSpaceAttr::get(ctx, NVVM::SharedSpace::shared_cta));
}

Value lowering::emitRowMajorOffset(OpBuilder &b, Location loc,
                                   ArrayRef<Value> coords,
                                   ArrayRef<int64_t> shape) {
  Value offset = i32Const(b, loc, 0);
  int64_t stride = 1;
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    Value term = coords[d];
    if (stride != 1)
      term = LLVM::MulOp::create(b, loc, term, i32Const(b, loc, stride));
    offset = LLVM::AddOp::create(b, loc, offset, term);
    stride *= shape[d];
  }
  return offset;
}

FailureOr<SmallVector<Value>> lowering::exchangeThroughSharedMemory(
    OpBuilder &b, Location loc, Operation *op, ArrayRef<ScratchStore> stores,
    const LinearLayout &dst, ScratchOffsetFn dstOffset, int64_t dstVector) {
  if (stores.empty() || stores.front().registers.empty())
    return failure();
  FailureOr<Value> base = getSharedMemoryBase(b, loc, op);
  if (failed(base))
    return failure();
  Type elementType = stores.front().registers.front().getType();
  // i1 travels as a byte.
  bool isBool = elementType.isInteger(1);
  Type memType = isBool ? b.getI8Type() : elementType;
  ThreadIds ids = getThreadIds(b, loc);

  emitBarrier(b, loc);
  for (const ScratchStore &store : stores) {
    SmallVector<SmallVector<Value>> coords =
        emitElementCoordinates(b, loc, *store.layout, ids);
    uint64_t duplicateRegs = store.layout->getFreeMask(HwDim::Register);
    int64_t vector = memType.isIntOrFloat() ? std::max<int64_t>(1, store.vector)
                                            : 1;
    int64_t numRegs = static_cast<int64_t>(store.registers.size());
    if (numRegs % vector != 0)
      vector = 1;
    for (int64_t r = 0; r < numRegs; r += vector) {
      // The run varies only non-duplicate register bits: it is all
      // duplicates or none.
      if (uint64_t(r) & duplicateRegs)
        continue;
      Value offset = store.offset(b, loc, coords[r]);
      Value ptr = LLVM::GEPOp::create(b, loc, base->getType(), memType, *base,
                                      ValueRange{offset});
      auto widen = [&](Value value) {
        return isBool ? LLVM::ZExtOp::create(b, loc, memType, value).getResult()
                      : value;
      };
      if (vector == 1) {
        LLVM::StoreOp::create(b, loc, widen(store.registers[r]), ptr);
        continue;
      }
      Type vecType = VectorType::get({vector}, memType);
      Value packed = LLVM::PoisonOp::create(b, loc, vecType);
      for (int64_t i = 0; i < vector; ++i) {
        Value element = widen(store.registers[r + i]);
        Value position = i32Const(b, loc, i);
        packed = LLVM::InsertElementOp::create(b, loc, packed, element,
                                               position);
      }
      LLVM::StoreOp::create(
          b, loc, packed, ptr,
          static_cast<unsigned>(vector * memType.getIntOrFloatBitWidth() / 8));
    }
  }
  emitBarrier(b, loc);
  SmallVector<SmallVector<Value>> dstCoords =
      emitElementCoordinates(b, loc, dst, ids);
  SmallVector<Value> result;
  int64_t numDst = dst.getNumRegisters();
  int64_t vector = memType.isIntOrFloat() ? std::max<int64_t>(1, dstVector) : 1;
  if (numDst % vector != 0)
    vector = 1;
  auto narrow = [&](Value loaded) {
    return isBool ? LLVM::TruncOp::create(b, loc, elementType, loaded)
                        .getResult()
                  : loaded;
  };
  for (int64_t r = 0; r < numDst; r += vector) {
    Value offset = dstOffset(b, loc, dstCoords[r]);
    Value ptr = LLVM::GEPOp::create(b, loc, base->getType(), memType, *base,
                                    ValueRange{offset});
    if (vector == 1) {
      result.push_back(narrow(LLVM::LoadOp::create(b, loc, memType, ptr)));
      continue;
    }
    Type vecType = VectorType::get({vector}, memType);
    Value loaded = LLVM::LoadOp::create(
        b, loc, vecType, ptr,
        static_cast<unsigned>(vector * memType.getIntOrFloatBitWidth() / 8));
    for (int64_t i = 0; i < vector; ++i)
      result.push_back(narrow(LLVM::ExtractElementOp::create(
          b, loc, loaded, i32Const(b, loc, i))));
  }
  return result;
}

/// The XOR swizzle of a conversion's scratch copy, as (source bit, target
/// bit) pairs of the row-major element offset: offset bit `target` is
/// flipped by offset bit `source` (source > target, so the map is a
/// permutation of the copy). The writers' lanes that differ only above a
/// 128-byte line (a transpose's lanes walking down a column) would all hit
/// one bank; each such lane bit gets its own target bit inside the line, so
/// they spread over the banks. Targets stay above the readers' vector (their
/// contiguous run along the last dim, at most 16 bytes), which the swizzle
/// then keeps whole, and readers within one line stay conflict-free.
static SmallVector<std::pair<unsigned, unsigned>>
planScratchSwizzle(const LinearLayout &src, const LinearLayout &dst,
                   unsigned elementBytes) {
  SmallVector<std::pair<unsigned, unsigned>> pairs;
  unsigned lineBits = llvm::Log2_64(128 / std::max(1u, elementBytes));
  int64_t vector = std::min<int64_t>(
      dst.getContiguousRegisterRun(dst.getRank() - 1),
      std::max<int64_t>(1, 16 / std::max(1u, elementBytes)));
  unsigned vectorBits = llvm::Log2_64(static_cast<uint64_t>(vector));
  unsigned totalBits = src.getNumElementBits();
  if (totalBits <= lineBits || vectorBits >= lineBits)
    return pairs;
  uint64_t lineMask = (uint64_t(1) << lineBits) - 1;
  uint64_t targetMask = lineMask & ~((uint64_t(1) << vectorBits) - 1);
  // Targets already varied by some writer lane need no help.
  uint64_t usedTargets = 0, usedSources = 0;
  ArrayRef<uint64_t> lanes = src.getFlatBases(HwDim::Lane);
  for (uint64_t basis : lanes)
    usedTargets |= basis & targetMask;
  for (uint64_t basis : lanes) {
    if (basis == 0 || (basis & lineMask) != 0)
      continue;
    uint64_t sources = basis & ~usedSources;
    uint64_t targets = targetMask & ~usedTargets;
    if (sources == 0 || targets == 0)
      continue;
    unsigned source = llvm::countr_zero(sources);
    unsigned target = llvm::countr_zero(targets);
    pairs.push_back({source, target});
    usedSources |= uint64_t(1) << source;
    usedTargets |= uint64_t(1) << target;
  }
  return pairs;
}

FailureOr<SmallVector<Value>>
lowering::convertThroughSharedMemory(OpBuilder &b, Location loc, Operation *op,
                                     ArrayRef<Value> srcRegisters,
                                     const LinearLayout &src,
                                     const LinearLayout &dst) {
  if (srcRegisters.empty() || src.getShape() != dst.getShape())
    return failure();
  ArrayRef<int64_t> shape = src.getShape();
  Type elementType = srcRegisters.front().getType();
  unsigned elementBytes =
      elementType.isIntOrFloat()
          ? std::max(1u, elementType.getIntOrFloatBitWidth() / 8)
          : 8;
  SmallVector<std::pair<unsigned, unsigned>> swizzle =
      planScratchSwizzle(src, dst, elementBytes);
  // Vector accesses: a thread's consecutive elements along the last dim,
  // at most 16 bytes, and no wider than the swizzle keeps together.
  unsigned lastDim = src.getRank() - 1;
  int64_t widest = std::max<int64_t>(1, 16 / elementBytes);
  for (auto [source, target] : swizzle)
    widest = std::min<int64_t>(widest, int64_t(1) << target);
  int64_t srcVector =
      std::min(src.getContiguousRegisterRun(lastDim), widest);
  int64_t dstVector =
      std::min(dst.getContiguousRegisterRun(lastDim), widest);
  auto offsetOf = [&](OpBuilder &b, Location loc, ArrayRef<Value> coords) {
    Value offset = emitRowMajorOffset(b, loc, coords, shape);
    Value flips;
    for (auto [source, target] : swizzle) {
      Value shifted = LLVM::LShrOp::create(
          b, loc, offset, i32Const(b, loc, source - target));
      Value bit = LLVM::AndOp::create(b, loc, shifted,
                                      i32Const(b, loc, int64_t(1) << target));
      flips = flips ? LLVM::OrOp::create(b, loc, flips, bit).getResult() : bit;
    }
    return flips ? LLVM::XOrOp::create(b, loc, offset, flips).getResult()
                 : offset;
  };
  ScratchStore store{srcRegisters, &src, offsetOf, srcVector};
  return exchangeThroughSharedMemory(b, loc, op, store, dst, offsetOf,
                                     dstVector);
}

void lowering::enterLeaderOnly(RewriterBase &rewriter, Operation *op) {
  if (!op->hasAttr(tilegpu::kLeaderOnlyAttrName))
    return;
  Location loc = op->getLoc();
  Value tid = NVVM::ThreadIdXOp::create(rewriter, loc, rewriter.getI32Type());
  Value leader = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                      tid, i32Const(rewriter, loc, 0));
  Block *before = rewriter.getInsertionBlock();
  Block *after = rewriter.splitBlock(before, rewriter.getInsertionPoint());
  Block *then = rewriter.createBlock(after);
  auto exit = LLVM::BrOp::create(rewriter, loc, ValueRange(), after);
  rewriter.setInsertionPointToEnd(before);
  LLVM::CondBrOp::create(rewriter, loc, leader, then, after);
  rewriter.setInsertionPoint(exit);
}
