//===- ReduceScanToLLVM.cpp - reduce and scan -----------------------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `reduce` and `scan` combine the elements of a tile along one dimension d
// with the op's combiner region, which is emitted inline on scalars (one
// emitScalarOp per region op) at every step.
//
// Both work on a *separable* layout: every register, lane and warp basis
// either moves along d only or does not move along d at all. Then the
// elements a thread holds split into groups with equal coordinates off d,
// and the hardware bits that move along d say where the rest of a group is:
// in other registers of the thread, in the lanes across a lane bit (one
// shfl.sync.bfly away) or in the warps across a warp bit (through the
// shared-memory arena). Blocked and MMA layouts are separable; any other
// layout is first moved to the blocked layout through shared memory.
//
// reduce: registers of a group are combined in the thread, then lanes by
// butterfly shuffles over the lane bits moving along d, then every thread
// writes its partial results to shared memory indexed by (index of the warp
// along d, output element), and each thread reads back and combines the
// partials of the output elements the *result* layout gives it. That last
// step also moves the result into its layout; it is skipped when no warp
// bit moves along d and the result layout is the sliced operand layout.
// Bits whose basis is zero (replication) or is a combination of lower
// register bases never take part in a combination, so replicated elements
// are not counted twice; the bases that move along d must be linearly
// independent (they are in every layout we build; others take the blocked
// detour).
//
// scan: each bit of the d coordinate must come from exactly one hardware
// bit. The low d bits held in registers are scanned sequentially in the
// thread; every higher bit is one step of a butterfly scan: partners across
// the bit exchange their block totals (register copy, shuffle, or shared
// memory for warp bits); the later partner prepends the earlier total to
// its prefix and both combine the totals in order. The combiner's first
// argument (the element) is always the later value in scan order, its second
// (the accumulator) the earlier, so non-commutative combiners are honoured
// in both directions.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/DialectConversion.h"
#include <map>
#include <vector>
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::lowering;

namespace {

//===----------------------------------------------------------------------===//
// The combiner
//===----------------------------------------------------------------------===//

/// Emits the combiner region of a reduce or scan on scalars. The region
/// takes (element_i, accumulator_i) for each operand i and yields the new
/// accumulators.
class Combiner {
public:
  Combiner(Block &body, const TileLLVMTypeConverter &converter,
           ConversionPatternRewriter &rewriter)
      : body(body), converter(converter), rewriter(rewriter) {}

  /// Checks that every op of the region can be emitted, so that a failure
  /// is reported before any IR is built.
  LogicalResult verify(Operation *op) const {
    for (Operation &inner : body.without_terminator()) {
      if (inner.getNumRegions() != 0)
        return rewriter.notifyMatchFailure(op, "combiner op with a region");
      for (Type type : inner.getResultTypes())
        if (auto tile = dyn_cast<cuda_tile::TileType>(type);
            !tile || !tile.getShape().empty())
          return rewriter.notifyMatchFailure(op, "combiner op on a non-scalar");
    }
    if (body.getNumArguments() % 2 != 0)
      return rewriter.notifyMatchFailure(op, "odd combiner argument count");
    return success();
  }

  /// Returns the yielded values for the given elements (the later values in
  /// scan order) and accumulators (the earlier ones).
  FailureOr<SmallVector<Value>> emit(OpBuilder &b, ArrayRef<Value> elements,
                                     ArrayRef<Value> accumulators) const {
    unsigned n = body.getNumArguments() / 2;
    if (elements.size() != n || accumulators.size() != n)
      return failure();
    IRMapping map;
    for (unsigned i = 0; i < n; ++i) {
      map.map(body.getArgument(2 * i), elements[i]);
      map.map(body.getArgument(2 * i + 1), accumulators[i]);
    }
    auto lookup = [&](Value v) -> Value {
      if (Value mapped = map.lookupOrNull(v))
        return mapped;
      // A scalar defined outside the region: its converted value.
      return rewriter.getRemappedValue(v);
    };
    for (Operation &op : body.without_terminator()) {
      SmallVector<Value> operands;
      for (Value operand : op.getOperands()) {
        Value v = lookup(operand);
        if (!v)
          return failure();
        operands.push_back(v);
      }
      FailureOr<SmallVector<Value>> results = emitOne(b, op, operands);
      if (failed(results) || results->size() != op.getNumResults())
        return failure();
      for (auto [from, to] : llvm::zip(op.getResults(), *results))
        map.map(from, to);
    }
    SmallVector<Value> yielded;
    for (Value v : body.getTerminator()->getOperands()) {
      Value mapped = lookup(v);
      if (!mapped)
        return failure();
      yielded.push_back(mapped);
    }
    if (yielded.size() != n)
      return failure();
    return yielded;
  }

private:
  FailureOr<SmallVector<Value>> emitOne(OpBuilder &b, Operation &op,
                                        ValueRange operands) const {
    // Splat constants are not element-wise ops; emit them directly.
    if (auto constant = dyn_cast<cuda_tile::ConstantOp>(op)) {
      auto value = dyn_cast<DenseElementsAttr>(constant.getValue());
      if (!value || !value.isSplat())
        return failure();
      Type elementType = value.getType().getElementType();
      if (converter.convertElementType(elementType) != elementType)
        return failure();
      Value v = LLVM::ConstantOp::create(
          b, op.getLoc(), elementType,
          cast<TypedAttr>(value.getSplatValue<Attribute>()));
      return SmallVector<Value>{v};
    }
    return emitScalarOp(b, &op, operands, converter);
  }

  Block &body;
  const TileLLVMTypeConverter &converter;
  ConversionPatternRewriter &rewriter;
};

//===----------------------------------------------------------------------===//
// Shuffles
//===----------------------------------------------------------------------===//

/// shfl.sync.bfly of a scalar of any width up to 64 bits: narrower values
/// travel widened to 32 bits, 64-bit values as two 32-bit halves. Null for
/// types that cannot be shuffled.
Value emitShuffleXor(OpBuilder &b, Location loc, Value value,
                     int64_t laneMask) {
  Type type = value.getType();
  Type i32 = b.getI32Type();
  auto shfl = [&](Value v) -> Value {
    return emitShuffle(b, loc, v, laneMask, NVVM::ShflKind::bfly);
  };
  if (type.isF32() || type.isInteger(32))
    return shfl(value);
  if (!type.isIntOrFloat())
    return {};
  unsigned width = type.getIntOrFloatBitWidth();
  Type intType = b.getIntegerType(width);
  Value bits = isa<FloatType>(type)
                   ? LLVM::BitcastOp::create(b, loc, intType, value).getResult()
                   : value;
  Value shuffled;
  if (width < 32) {
    Value wide = LLVM::ZExtOp::create(b, loc, i32, bits);
    shuffled = LLVM::TruncOp::create(b, loc, intType, shfl(wide));
  } else if (width == 64) {
    Type i64 = b.getI64Type();
    Value lo = LLVM::TruncOp::create(b, loc, i32, bits);
    Value hi = LLVM::TruncOp::create(
        b, loc, i32, LLVM::LShrOp::create(b, loc, bits, i64Const(b, loc, 32)));
    Value newLo = LLVM::ZExtOp::create(b, loc, i64, shfl(lo));
    Value wideHi = LLVM::ZExtOp::create(b, loc, i64, shfl(hi));
    Value newHi = LLVM::ShlOp::create(b, loc, wideHi, i64Const(b, loc, 32));
    shuffled = LLVM::OrOp::create(b, loc, newHi, newLo);
  } else {
    return {};
  }
  if (isa<FloatType>(type))
    return LLVM::BitcastOp::create(b, loc, type, shuffled);
  return shuffled;
}

//===----------------------------------------------------------------------===//
// Layout analysis
//===----------------------------------------------------------------------===//

/// Which hardware bit provides one bit of the coordinate along the scanned
/// dimension.
struct BitProvider {
  HwDim hw;
  unsigned bit;
};

/// For a separable layout in which every bit of the `dim` coordinate comes
/// from exactly one hardware bit (its basis is that power of two along
/// `dim`), the provider of each coordinate bit, lowest first.
std::optional<SmallVector<BitProvider>> getScanProviders(
    const LinearLayout &layout, unsigned dim) {
  if (!layout.isSurjective() || !isSeparable(layout, dim))
    return std::nullopt;
  unsigned width = llvm::Log2_64(layout.getShape()[dim]);
  SmallVector<std::optional<BitProvider>> providers(width);
  for (HwDim hw : {HwDim::Register, HwDim::Lane, HwDim::Warp})
    for (auto [i, basis] : llvm::enumerate(layout.getBases(hw))) {
      int64_t c = basis[dim];
      if (c == 0)
        continue;
      if (!llvm::isPowerOf2_64(c))
        return std::nullopt;
      unsigned b = llvm::Log2_64(c);
      if (b >= width || providers[b])
        return std::nullopt;
      providers[b] = BitProvider{hw, unsigned(i)};
    }
  SmallVector<BitProvider> result;
  for (auto &p : providers) {
    if (!p)
      return std::nullopt;
    result.push_back(*p);
  }
  return result;
}

/// `coords` without dimension `dim`.
template <typename T>
SmallVector<T> dropDim(ArrayRef<T> coords, unsigned dim) {
  SmallVector<T> result;
  for (auto [d, c] : llvm::enumerate(coords))
    if (d != dim)
      result.push_back(c);
  return result;
}

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

/// Bytes one element of `type` takes in shared memory (i1 as a byte).
int64_t getScratchElementBytes(Type type) {
  return std::max<int64_t>(1, (type.getIntOrFloatBitWidth() + 7) / 8);
}

/// Per-operand regions of the arena, `slots` elements each, 16-byte
/// aligned (getScratchBytes reserves the same for `slots` = the operand's
/// element count).
SmallVector<int64_t> getRegionOffsets(ArrayRef<Type> types, int64_t slots) {
  SmallVector<int64_t> offsets;
  int64_t offset = 0;
  for (Type type : types) {
    offsets.push_back(offset);
    offset += llvm::alignTo(slots * getScratchElementBytes(type), 16);
  }
  return offsets;
}

/// Address of element `index` of a region of elements of `type`.
Value getSlotAddress(OpBuilder &b, Location loc, Value base,
                     int64_t regionOffset, Type type, Value index) {
  Type ptrType = base.getType();
  Value region = base;
  if (regionOffset != 0)
    region = LLVM::GEPOp::create(
        b, loc, ptrType, b.getI8Type(), base,
        ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(regionOffset)});
  Type memType = type.isInteger(1) ? b.getI8Type() : type;
  return LLVM::GEPOp::create(b, loc, ptrType, memType, region,
                             ValueRange{index});
}

void storeSlot(OpBuilder &b, Location loc, Value ptr, Value value) {
  if (value.getType().isInteger(1))
    value = LLVM::ZExtOp::create(b, loc, b.getI8Type(), value);
  LLVM::StoreOp::create(b, loc, value, ptr);
}

Value loadSlot(OpBuilder &b, Location loc, Value ptr, Type type) {
  if (type.isInteger(1)) {
    Value byte = LLVM::LoadOp::create(b, loc, b.getI8Type(), ptr);
    return LLVM::TruncOp::create(b, loc, type, byte);
  }
  return LLVM::LoadOp::create(b, loc, type, ptr);
}

/// Bits `mask` of `index`, packed together (lowest first).
Value compressBits(OpBuilder &b, Location loc, Value index, uint64_t mask) {
  Value result = i32Const(b, loc, 0);
  unsigned out = 0;
  for (unsigned bit = 0; bit < 64; ++bit) {
    if (!(mask & (uint64_t(1) << bit)))
      continue;
    Value v = LLVM::LShrOp::create(b, loc, index, i32Const(b, loc, bit));
    v = LLVM::AndOp::create(b, loc, v, i32Const(b, loc, 1));
    if (out)
      v = LLVM::ShlOp::create(b, loc, v, i32Const(b, loc, out));
    result = LLVM::OrOp::create(b, loc, result, v);
    ++out;
  }
  return result;
}

/// i1: bit `bit` of `index` is set.
Value testBit(OpBuilder &b, Location loc, Value index, unsigned bit) {
  Value v = LLVM::AndOp::create(b, loc, index, i32Const(b, loc, 1u << bit));
  return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, v,
                              i32Const(b, loc, 0));
}

SmallVector<Value> selectAll(OpBuilder &b, Location loc, Value cond,
                             ArrayRef<Value> t, ArrayRef<Value> f) {
  SmallVector<Value> result;
  for (auto [x, y] : llvm::zip(t, f))
    result.push_back(LLVM::SelectOp::create(b, loc, cond, x, y));
  return result;
}

//===----------------------------------------------------------------------===//
// Common preparation
//===----------------------------------------------------------------------===//

/// The operands' registers, all in one separable layout.
struct PreparedOperands {
  LinearLayout layout;
  /// [operand][register]
  SmallVector<SmallVector<Value>> regs;
  /// LLVM scalar type of each operand.
  SmallVector<Type> types;
};

/// Unpacks the operands and, when they are not all in one layout accepted
/// by `accept`, moves them to the blocked layout through shared memory.
FailureOr<PreparedOperands>
prepareOperands(ConversionPatternRewriter &rewriter, Operation *op,
                ValueRange converted, unsigned dim,
                llvm::function_ref<bool(const LinearLayout &)> accept) {
  Location loc = op->getLoc();
  unsigned numWarps = getNumWarps(op);
  std::vector<LinearLayout> layouts;
  for (Type type : op->getOperandTypes()) {
    auto tile = dyn_cast<cuda_tile::TileType>(type);
    if (!tile || tile.getShape().empty() || dim >= tile.getRank())
      return failure();
    FailureOr<LinearLayout> layout = getTileLayout(type, numWarps);
    if (failed(layout))
      return failure();
    layouts.push_back(*layout);
  }
  PreparedOperands prepared{layouts.front(), {}, {}};
  for (Value v : converted) {
    prepared.regs.push_back(unpackRegisters(rewriter, loc, v));
    prepared.types.push_back(prepared.regs.back().front().getType());
    // Shuffles and scratch slots handle integers and floats only.
    if (!prepared.types.back().isIntOrFloat())
      return failure();
  }
  bool same = llvm::all_of(layouts, [&](const LinearLayout &l) {
    return l == layouts.front();
  });
  if (same && accept(layouts.front()))
    return prepared;

  auto tile = cast<cuda_tile::TileType>(op->getOperand(0).getType());
  llvm::Expected<LinearLayout> blocked =
      LinearLayout::defaultBlocked(tile.getShape(), numWarps, 32);
  if (!blocked) {
    llvm::consumeError(blocked.takeError());
    return failure();
  }
  if (!accept(*blocked))
    return failure();
  for (auto [i, layout] : llvm::enumerate(layouts)) {
    if (layout == *blocked)
      continue;
    FailureOr<SmallVector<Value>> moved = convertThroughSharedMemory(
        rewriter, loc, op, prepared.regs[i], layout, *blocked);
    if (failed(moved))
      return failure();
    prepared.regs[i] = *moved;
  }
  prepared.layout = *blocked;
  return prepared;
}

/// Values of operand i of register r, as a vector over operands.
SmallVector<Value> column(ArrayRef<SmallVector<Value>> regs, int64_t r) {
  SmallVector<Value> result;
  for (const auto &operandRegs : regs)
    result.push_back(operandRegs[r]);
  return result;
}

//===----------------------------------------------------------------------===//
// reduce
//===----------------------------------------------------------------------===//

struct ReduceLowering : public ConvertOpToLLVMPattern<cuda_tile::ReduceOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto *converter =
        static_cast<const TileLLVMTypeConverter *>(getTypeConverter());
    Combiner combiner(op.getBody().front(), *converter, rewriter);
    if (failed(combiner.verify(op)))
      return failure();
    unsigned dim = op.getDim();
    unsigned numWarps = getNumWarps(op);
    unsigned numOperands = op.getOperands().size();
    if (numOperands == 0 || op.getNumResults() != numOperands)
      return rewriter.notifyMatchFailure(op, "operand/result count mismatch");

    std::vector<LinearLayout> resultLayouts;
    SmallVector<Type> resultTypes;
    for (Value result : op.getResults()) {
      FailureOr<LinearLayout> layout =
          getTileLayout(result.getType(), numWarps);
      Type type = converter->convertType(result.getType());
      if (failed(layout) || !type)
        return rewriter.notifyMatchFailure(op, "result without a layout");
      resultLayouts.push_back(*layout);
      resultTypes.push_back(type);
    }
    const LinearLayout &resultLayout = resultLayouts.front();
    if (!llvm::all_of(resultLayouts, [&](const LinearLayout &l) {
          return l == resultLayout;
        }))
      return rewriter.notifyMatchFailure(op, "results in different layouts");

    FailureOr<PreparedOperands> prepared = prepareOperands(
        rewriter, op, adaptor.getOperands(), dim,
        [&](const LinearLayout &l) { return isReducible(l, dim); });
    if (failed(prepared))
      return rewriter.notifyMatchFailure(op, "cannot distribute the operands "
                                             "for a reduction");
    const LinearLayout &layout = prepared->layout;
    DimBits bits = analyzeDim(layout, dim);
    auto combine = [&](ArrayRef<Value> later,
                       ArrayRef<Value> earlier) -> FailureOr<SmallVector<Value>> {
      return combiner.emit(rewriter, later, earlier);
    };

    // 1. In the thread: distinct registers with equal coordinates off `dim`
    // form a group, combined in register order.
    struct Group {
      SmallVector<int64_t> key; // Register part of the coordinates off dim.
      int64_t firstReg;
      SmallVector<Value> values; // One per operand.
    };
    SmallVector<Group> groups;
    for (int64_t r = 0, e = layout.getNumRegisters(); r < e; ++r) {
      if (uint64_t(r) & bits.duplicateReg)
        continue;
      SmallVector<int64_t> key =
          dropDim<int64_t>(layout.apply(r, 0, 0), dim);
      SmallVector<Value> values = column(prepared->regs, r);
      auto it = llvm::find_if(groups, [&](const Group &g) {
        return g.key == key;
      });
      if (it == groups.end()) {
        groups.push_back({key, r, values});
        continue;
      }
      FailureOr<SmallVector<Value>> c = combine(values, it->values);
      if (failed(c))
        return rewriter.notifyMatchFailure(op, "cannot emit the combiner");
      it->values = *c;
    }

    // 2. Across lanes: butterflies over the lane bits moving along dim. Both
    // partners order the pair by lane so they compute the same value.
    ThreadIds ids = getThreadIds(rewriter, loc);
    for (unsigned j = 0; j < LinearLayout::kNumLaneBits; ++j) {
      if (!(bits.lane & (1u << j)))
        continue;
      Value upper = testBit(rewriter, loc, ids.lane, j);
      for (Group &g : groups) {
        SmallVector<Value> partner;
        for (Value v : g.values) {
          Value s = emitShuffleXor(rewriter, loc, v, int64_t(1) << j);
          if (!s)
            return rewriter.notifyMatchFailure(op, "cannot shuffle the type");
          partner.push_back(s);
        }
        SmallVector<Value> later =
            selectAll(rewriter, loc, upper, g.values, partner);
        SmallVector<Value> earlier =
            selectAll(rewriter, loc, upper, partner, g.values);
        FailureOr<SmallVector<Value>> c = combine(later, earlier);
        if (failed(c))
          return rewriter.notifyMatchFailure(op, "cannot emit the combiner");
        g.values = *c;
      }
    }

    // 3. When the groups already are the result layout's registers, done.
    auto slicedBasesMatch = [&](HwDim hw) {
      SmallVector<LinearLayout::Basis> mine = layout.getBases(hw);
      SmallVector<LinearLayout::Basis> theirs = resultLayout.getBases(hw);
      if (mine.size() != theirs.size())
        return false;
      // Bases moving along dim become zero: replication of the result.
      for (auto [m, t] : llvm::zip(mine, theirs))
        if (dropDim<int64_t>(m, dim) != t)
          return false;
      return true;
    };
    SmallVector<SmallVector<Value>> resultRegs(numOperands);
    bool direct = bits.warp == 0 && slicedBasesMatch(HwDim::Lane) &&
                  slicedBasesMatch(HwDim::Warp);
    if (direct) {
      for (int64_t i = 0, e = resultLayout.getNumRegisters(); i < e; ++i) {
        SmallVector<int64_t> key = resultLayout.apply(i, 0, 0);
        auto it = llvm::find_if(groups, [&](const Group &g) {
          return g.key == key;
        });
        if (it == groups.end()) {
          direct = false;
          break;
        }
        for (unsigned k = 0; k < numOperands; ++k)
          resultRegs[k].push_back(it->values[k]);
      }
    }

    // 4. Otherwise through shared memory: partials indexed by (index of the
    // warp along dim, output element), read back in the result layout.
    if (!direct) {
      for (auto &regs : resultRegs)
        regs.clear();
      FailureOr<Value> base = getSharedMemoryBase(rewriter, loc, op);
      if (failed(base))
        return rewriter.notifyMatchFailure(op, "no shared-memory arena");
      ArrayRef<int64_t> resultShape = resultLayout.getShape();
      int64_t numOut = 1;
      for (int64_t s : resultShape)
        numOut *= s;
      int64_t numPartials = int64_t(1) << llvm::popcount(bits.warp);
      SmallVector<int64_t> offsets =
          getRegionOffsets(prepared->types, numPartials * numOut);
      int64_t needed =
          offsets.back() + llvm::alignTo(numPartials * numOut *
                                             getScratchElementBytes(
                                                 prepared->types.back()),
                                         16);
      if (!sharedArenaHolds(op, needed))
        return op.emitError("reduction needs ")
               << needed << " bytes of shared memory, more than planned";

      emitBarrier(rewriter, loc);
      SmallVector<SmallVector<Value>> coords =
          emitElementCoordinates(rewriter, loc, layout, ids);
      Value warpIndex = compressBits(rewriter, loc, ids.warp, bits.warp);
      Value partialBase =
          LLVM::MulOp::create(rewriter, loc, warpIndex,
                              i32Const(rewriter, loc, numOut));
      for (const Group &g : groups) {
        SmallVector<Value> outCoords =
            dropDim<Value>(coords[g.firstReg], dim);
        Value index = LLVM::AddOp::create(
            rewriter, loc, partialBase,
            emitRowMajorOffset(rewriter, loc, outCoords, resultShape));
        for (unsigned k = 0; k < numOperands; ++k)
          storeSlot(rewriter, loc,
                    getSlotAddress(rewriter, loc, *base, offsets[k],
                                   prepared->types[k], index),
                    g.values[k]);
      }
      emitBarrier(rewriter, loc);
      SmallVector<SmallVector<Value>> resultCoords =
          emitElementCoordinates(rewriter, loc, resultLayout, ids);
      for (int64_t i = 0, e = resultLayout.getNumRegisters(); i < e; ++i) {
        Value out =
            emitRowMajorOffset(rewriter, loc, resultCoords[i], resultShape);
        SmallVector<Value> acc;
        for (int64_t p = 0; p < numPartials; ++p) {
          Value index = LLVM::AddOp::create(
              rewriter, loc, out, i32Const(rewriter, loc, p * numOut));
          SmallVector<Value> loaded;
          for (unsigned k = 0; k < numOperands; ++k)
            loaded.push_back(loadSlot(
                rewriter, loc,
                getSlotAddress(rewriter, loc, *base, offsets[k],
                               prepared->types[k], index),
                prepared->types[k]));
          if (p == 0) {
            acc = loaded;
            continue;
          }
          FailureOr<SmallVector<Value>> c = combine(loaded, acc);
          if (failed(c))
            return rewriter.notifyMatchFailure(op, "cannot emit the combiner");
          acc = *c;
        }
        for (unsigned k = 0; k < numOperands; ++k)
          resultRegs[k].push_back(acc[k]);
      }
    }

    SmallVector<Value> packed;
    for (unsigned k = 0; k < numOperands; ++k)
      packed.push_back(
          packRegisters(rewriter, loc, resultTypes[k], resultRegs[k]));
    rewriter.replaceOp(op, packed);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// scan
//===----------------------------------------------------------------------===//

struct ScanLowering : public ConvertOpToLLVMPattern<cuda_tile::ScanOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto *converter =
        static_cast<const TileLLVMTypeConverter *>(getTypeConverter());
    Combiner combiner(op.getBody().front(), *converter, rewriter);
    if (failed(combiner.verify(op)))
      return failure();
    unsigned dim = op.getDim();
    bool reverse = op.getReverse();
    unsigned numWarps = getNumWarps(op);
    unsigned numOperands = op.getOperands().size();
    if (numOperands == 0 || op.getNumResults() != numOperands)
      return rewriter.notifyMatchFailure(op, "operand/result count mismatch");

    std::vector<LinearLayout> resultLayouts;
    SmallVector<Type> resultTypes;
    for (Value result : op.getResults()) {
      FailureOr<LinearLayout> layout =
          getTileLayout(result.getType(), numWarps);
      Type type = converter->convertType(result.getType());
      if (failed(layout) || !type)
        return rewriter.notifyMatchFailure(op, "result without a layout");
      resultLayouts.push_back(*layout);
      resultTypes.push_back(type);
    }

    FailureOr<PreparedOperands> prepared = prepareOperands(
        rewriter, op, adaptor.getOperands(), dim, [&](const LinearLayout &l) {
          return getScanProviders(l, dim).has_value();
        });
    if (failed(prepared))
      return rewriter.notifyMatchFailure(op, "cannot distribute the operands "
                                             "for a scan");
    const LinearLayout &layout = prepared->layout;
    SmallVector<BitProvider> providers = *getScanProviders(layout, dim);
    int64_t numRegs = layout.getNumRegisters();
    auto combine = [&](ArrayRef<Value> later,
                       ArrayRef<Value> earlier) -> FailureOr<SmallVector<Value>> {
      return combiner.emit(rewriter, later, earlier);
    };

    // prefix[r] is the inclusive scan of register r's element within its
    // current block; total[r] the combination of the whole block, in order.
    SmallVector<SmallVector<Value>> prefix, total;
    for (int64_t r = 0; r < numRegs; ++r)
      prefix.push_back(column(prepared->regs, r));

    // 1. The low coordinate bits held in registers: a sequential scan over
    // each run of consecutive elements in the thread.
    unsigned numLow = 0;
    uint64_t lowRegMask = 0;
    SmallVector<unsigned> lowRegBits;
    while (numLow < providers.size() &&
           providers[numLow].hw == HwDim::Register) {
      lowRegBits.push_back(providers[numLow].bit);
      lowRegMask |= uint64_t(1) << providers[numLow].bit;
      ++numLow;
    }
    total = prefix;
    for (int64_t baseReg = 0; baseReg < numRegs; ++baseReg) {
      if (uint64_t(baseReg) & lowRegMask)
        continue;
      int64_t run = int64_t(1) << numLow;
      SmallVector<int64_t> order; // Registers by position along dim.
      for (int64_t p = 0; p < run; ++p) {
        int64_t pos = reverse ? run - 1 - p : p;
        int64_t r = baseReg;
        for (unsigned b = 0; b < numLow; ++b)
          if (pos & (int64_t(1) << b))
            r |= int64_t(1) << lowRegBits[b];
        order.push_back(r);
      }
      SmallVector<Value> acc = prefix[order.front()];
      for (int64_t r : ArrayRef<int64_t>(order).drop_front()) {
        FailureOr<SmallVector<Value>> c = combine(prefix[r], acc);
        if (failed(c))
          return rewriter.notifyMatchFailure(op, "cannot emit the combiner");
        acc = *c;
        prefix[r] = acc;
      }
      for (int64_t r : order)
        total[r] = acc;
    }

    // 2. Every higher coordinate bit: one butterfly step.
    ThreadIds ids = getThreadIds(rewriter, loc);
    FailureOr<Value> base = failure();
    SmallVector<SmallVector<Value>> coords;
    SmallVector<int64_t> offsets;
    bool hasWarpStep = llvm::any_of(providers, [](const BitProvider &p) {
      return p.hw == HwDim::Warp;
    });
    if (hasWarpStep) {
      base = getSharedMemoryBase(rewriter, loc, op);
      if (failed(base))
        return rewriter.notifyMatchFailure(op, "no shared-memory arena");
      coords = emitElementCoordinates(rewriter, loc, layout, ids);
      offsets = getRegionOffsets(prepared->types, layout.getNumElements());
    }
    ArrayRef<int64_t> shape = layout.getShape();
    for (unsigned b = numLow; b < providers.size(); ++b) {
      const BitProvider &provider = providers[b];
      // The partner's block total for each register, and whether this
      // register's element comes later in scan order than the partner's.
      SmallVector<SmallVector<Value>> partner(numRegs);
      SmallVector<std::optional<bool>> staticLater(numRegs);
      Value dynamicLater;
      switch (provider.hw) {
      case HwDim::Register:
        for (int64_t r = 0; r < numRegs; ++r) {
          partner[r] = total[r ^ (int64_t(1) << provider.bit)];
          bool bitSet = (r >> provider.bit) & 1;
          staticLater[r] = bitSet != reverse;
        }
        break;
      case HwDim::Lane: {
        // Registers of one block share their total: shuffle it once.
        DenseMap<Value, Value> shuffled;
        for (int64_t r = 0; r < numRegs; ++r) {
          for (Value v : total[r]) {
            Value &s = shuffled[v];
            if (!s)
              s = emitShuffleXor(rewriter, loc, v,
                                 int64_t(1) << provider.bit);
            if (!s)
              return rewriter.notifyMatchFailure(op,
                                                 "cannot shuffle the type");
            partner[r].push_back(s);
          }
        }
        dynamicLater = testBit(rewriter, loc, ids.lane, provider.bit);
        break;
      }
      case HwDim::Warp: {
        // Totals go to shared memory at their element's offset; the partner
        // element is the one across coordinate bit b.
        emitBarrier(rewriter, loc);
        for (int64_t r = 0; r < numRegs; ++r) {
          Value index = emitRowMajorOffset(rewriter, loc, coords[r], shape);
          for (unsigned k = 0; k < numOperands; ++k)
            storeSlot(rewriter, loc,
                      getSlotAddress(rewriter, loc, *base, offsets[k],
                                     prepared->types[k], index),
                      total[r][k]);
        }
        emitBarrier(rewriter, loc);
        for (int64_t r = 0; r < numRegs; ++r) {
          SmallVector<Value> partnerCoords = coords[r];
          partnerCoords[dim] =
              LLVM::XOrOp::create(rewriter, loc, partnerCoords[dim],
                                  i32Const(rewriter, loc, int64_t(1) << b));
          Value index =
              emitRowMajorOffset(rewriter, loc, partnerCoords, shape);
          for (unsigned k = 0; k < numOperands; ++k)
            partner[r].push_back(loadSlot(
                rewriter, loc,
                getSlotAddress(rewriter, loc, *base, offsets[k],
                               prepared->types[k], index),
                prepared->types[k]));
        }
        dynamicLater = testBit(rewriter, loc, ids.warp, provider.bit);
        break;
      }
      }
      if (dynamicLater && reverse)
        dynamicLater = LLVM::XOrOp::create(
            rewriter, loc, dynamicLater,
            LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                     rewriter.getBoolAttr(true)));

      // Registers of one block, and for a register bit both partners,
      // compute the same new total: emit it once. The key is the ordered
      // pair for a static order, the (mine, partner) pair otherwise (the
      // order then depends only on the thread).
      std::map<SmallVector<void *>, SmallVector<Value>> newTotals;
      SmallVector<SmallVector<Value>> nextPrefix(numRegs), nextTotal(numRegs);
      for (int64_t r = 0; r < numRegs; ++r) {
        ArrayRef<Value> mine = total[r], theirs = partner[r];
        bool isStatic = staticLater[r].has_value();
        bool isLater = isStatic && *staticLater[r];
        ArrayRef<Value> first = isStatic && !isLater ? theirs : mine;
        ArrayRef<Value> second = isStatic && !isLater ? mine : theirs;
        SmallVector<void *> key;
        for (Value v : llvm::concat<const Value>(first, second))
          key.push_back(v.getAsOpaquePointer());
        auto it = newTotals.find(key);
        if (it != newTotals.end()) {
          nextTotal[r] = it->second;
        } else {
          SmallVector<Value> later(first), earlier(second);
          if (!isStatic) {
            later = selectAll(rewriter, loc, dynamicLater, mine, theirs);
            earlier = selectAll(rewriter, loc, dynamicLater, theirs, mine);
          }
          FailureOr<SmallVector<Value>> c = combine(later, earlier);
          if (failed(c))
            return rewriter.notifyMatchFailure(op, "cannot emit the combiner");
          nextTotal[r] = *c;
          newTotals.emplace(key, *c);
        }
        // The later partner prepends the earlier block's total.
        if (staticLater[r] && !*staticLater[r]) {
          nextPrefix[r] = prefix[r];
          continue;
        }
        FailureOr<SmallVector<Value>> p = combine(prefix[r], theirs);
        if (failed(p))
          return rewriter.notifyMatchFailure(op, "cannot emit the combiner");
        nextPrefix[r] = staticLater[r]
                            ? *p
                            : selectAll(rewriter, loc, dynamicLater, *p,
                                        prefix[r]);
      }
      prefix = std::move(nextPrefix);
      total = std::move(nextTotal);
    }

    // 3. Into each result's layout.
    SmallVector<Value> packed;
    for (unsigned k = 0; k < numOperands; ++k) {
      SmallVector<Value> regs;
      for (int64_t r = 0; r < numRegs; ++r)
        regs.push_back(prefix[r][k]);
      if (resultLayouts[k] != layout) {
        FailureOr<SmallVector<Value>> moved = convertThroughSharedMemory(
            rewriter, loc, op, regs, layout, resultLayouts[k]);
        if (failed(moved))
          return rewriter.notifyMatchFailure(op, "cannot move the result to "
                                                 "its layout");
        regs = *moved;
      }
      packed.push_back(packRegisters(rewriter, loc, resultTypes[k], regs));
    }
    rewriter.replaceOp(op, packed);
    return success();
  }
};

} // namespace

void tileir::populateReduceScanToLLVMPatterns(TileLLVMTypeConverter &converter,
                                              RewritePatternSet &patterns) {
  patterns.add<ReduceLowering, ScanLowering>(converter);
}
