//===- ViewAccess.cpp - Addressing the elements of a view access ---------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ViewAccess.h"

#include "llvm/ADT/APFloat.h"

using namespace mlir;

namespace tileir::lowering {

ViewFields unpackView(OpBuilder &b, Location loc, Value view, unsigned rank) {
  ViewFields f;
  f.base = LLVM::ExtractValueOp::create(b, loc, view, 0);
  for (unsigned i = 0; i < rank; ++i)
    f.sizes.push_back(LLVM::ExtractValueOp::create(b, loc, view, 1 + i));
  for (unsigned i = 0; i < rank; ++i)
    f.strides.push_back(
        LLVM::ExtractValueOp::create(b, loc, view, 1 + rank + i));
  return f;
}

std::optional<ViewShape> getViewShape(Type type) {
  ViewShape v;
  ArrayRef<int32_t> tile, dimMap, steps;
  SmallVector<int32_t> unitSteps;
  if (auto partition = dyn_cast<cuda_tile::PartitionViewType>(type)) {
    v.tensorType = partition.getTensorView();
    tile = partition.getTileShape().asArrayRef();
    dimMap = partition.getDimMap();
    steps = tile;
    v.padding = partition.getPaddingValue();
  } else if (auto strided = dyn_cast<cuda_tile::StridedViewType>(type)) {
    v.tensorType = strided.getTensorView();
    tile = strided.getTileShape().asArrayRef();
    dimMap = strided.getDimMap();
    steps = strided.getTraversalStrides().asArrayRef();
    v.padding = strided.getPaddingValue();
  } else if (auto gather = dyn_cast<cuda_tile::GatherScatterViewType>(type)) {
    v.tensorType = gather.getTensorView();
    tile = gather.getTileShape().asArrayRef();
    // Dense dims take element offsets (cuTile's ct.Slice(start, length)
    // passes `start` unchanged), not tile indices.
    unitSteps.assign(tile.size(), 1);
    steps = unitSteps;
    v.sparseDim = gather.getSparseDim();
    v.padding = gather.getPaddingValue();
  } else {
    return std::nullopt;
  }
  unsigned rank = tile.size();
  if (v.tensorType.getShape().size() != rank || steps.size() != rank ||
      (!dimMap.empty() && dimMap.size() != rank) ||
      (v.sparseDim && *v.sparseDim >= rank))
    return std::nullopt;
  v.tileShape.assign(tile.begin(), tile.end());
  v.steps.assign(steps.begin(), steps.end());
  for (unsigned k = 0; k < rank; ++k) {
    int32_t d = dimMap.empty() ? static_cast<int32_t>(k) : dimMap[k];
    if (d < 0 || static_cast<unsigned>(d) >= rank)
      return std::nullopt;
    v.dimMap.push_back(static_cast<unsigned>(d));
  }
  return v;
}

FailureOr<Value> getPaddingValue(OpBuilder &b, Location loc, Type tileElement,
                                 Type llvmElement,
                                 cuda_tile::PaddingValueAttr padding) {
  if (!padding)
    return Value();
  auto f = dyn_cast<FloatType>(tileElement);
  if (!f || padding.getValue() == cuda_tile::PaddingValue::Zero)
    return Value(LLVM::ZeroOp::create(b, loc, llvmElement));
  // Not every format has every value: f4E2M1FN has no NaN or infinity,
  // f8E4M3FN no infinity, f8E8M0FNU no zero, sign or infinity. A missing
  // infinity saturates to the largest value; the others have no stand-in.
  const llvm::fltSemantics &sem = f.getFloatSemantics();
  bool negative = padding.getValue() == cuda_tile::PaddingValue::NegZero ||
                  padding.getValue() == cuda_tile::PaddingValue::NegInf;
  if (negative && !llvm::APFloat::semanticsHasSignedRepr(sem))
    return failure();
  std::optional<llvm::APFloat> v;
  switch (padding.getValue()) {
  case cuda_tile::PaddingValue::Zero:
  case cuda_tile::PaddingValue::NegZero:
    if (!llvm::APFloat::semanticsHasZero(sem))
      return failure();
    v = llvm::APFloat::getZero(sem, negative);
    break;
  case cuda_tile::PaddingValue::NaN:
    if (!llvm::APFloat::semanticsHasNaN(sem))
      return failure();
    v = llvm::APFloat::getNaN(sem);
    break;
  case cuda_tile::PaddingValue::PosInf:
  case cuda_tile::PaddingValue::NegInf:
    v = llvm::APFloat::semanticsHasInf(sem)
            ? llvm::APFloat::getInf(sem, negative)
            : llvm::APFloat::getLargest(sem, negative);
    break;
  }
  if (!v)
    return failure();
  llvm::APInt bits = v->bitcastToAPInt();
  if (llvmElement.isInteger())
    return Value(LLVM::ConstantOp::create(
        b, loc, llvmElement,
        b.getIntegerAttr(
            llvmElement,
            bits.zextOrTrunc(llvmElement.getIntOrFloatBitWidth()))));
  return Value(LLVM::ConstantOp::create(b, loc, llvmElement,
                                        b.getFloatAttr(llvmElement, *v)));
}

FailureOr<SmallVector<Value>>
emitVersioned(ConversionPatternRewriter &rewriter, Location loc,
              const VectorPlan &plan, TypeRange resultTypes,
              function_ref<FailureOr<SmallVector<Value>>(unsigned)> body) {
  if (plan.width == 1 || !plan.condition)
    return body(plan.width);
  Block *before = rewriter.getInsertionBlock();
  Block *after = rewriter.splitBlock(before, rewriter.getInsertionPoint());
  SmallVector<Location> locs(resultTypes.size(), loc);
  after->addArguments(resultTypes, locs);

  Block *vectorBlock = rewriter.createBlock(after);
  FailureOr<SmallVector<Value>> vectorValues = body(plan.width);
  if (failed(vectorValues))
    return failure();
  LLVM::BrOp::create(rewriter, loc, *vectorValues, after);

  Block *scalarBlock = rewriter.createBlock(after);
  FailureOr<SmallVector<Value>> scalarValues = body(1);
  if (failed(scalarValues))
    return failure();
  LLVM::BrOp::create(rewriter, loc, *scalarValues, after);

  rewriter.setInsertionPointToEnd(before);
  LLVM::CondBrOp::create(rewriter, loc, plan.condition, vectorBlock,
                         scalarBlock);
  rewriter.setInsertionPointToStart(after);
  return SmallVector<Value>(after->getArguments().begin(),
                            after->getArguments().end());
}

LogicalResult ViewAccess::setUp(ConversionPatternRewriter &rewriter,
                                Location loc, Operation *op, Value view,
                                Value loweredView, ValueRange indices,
                                TypeRange indexTypes, const ThreadIds &ids) {
  unsigned rank = shape.getRank();
  if (layout.getRank() != rank || indices.size() != rank)
    return failure();
  fields = unpackView(rewriter, loc, loweredView, rank);
  if (element.isPacked) {
    packedBase = fields.base;
    fields.base = LLVM::ZeroOp::create(rewriter, loc, packedBase.getType());
  }
  facts = getTensorFacts(view, shape.tensorType);
  memoryType = rewriter.getIntegerType(element.bytes * 8);
  Type i32 = rewriter.getI32Type();
  Type i64 = rewriter.getI64Type();

  // Tile origin, and the valid coordinates left along each dim.
  Value baseOffset = i64Const(rewriter, loc, 0);
  limits.assign(rank, Value());
  origins.assign(rank, Value());
  // `inbounds` (13.4): the user promises the tile lies inside the view
  // along the flagged dims, so they need no bounds check.
  auto inbounds = op->getAttrOfType<DenseBoolArrayAttr>("inbounds");
  for (unsigned k = 0; k < rank; ++k) {
    if (shape.sparseDim == k)
      continue;
    unsigned d = shape.dimMap[k];
    int64_t step = shape.steps[k];
    Value index = castInt(rewriter, loc, indices[k], i64, /*isSigned=*/false);
    Value origin = LLVM::MulOp::create(rewriter, loc, index,
                                       i64Const(rewriter, loc, step));
    origins[k] = origin;
    baseOffset = LLVM::AddOp::create(
        rewriter, loc, baseOffset,
        LLVM::MulOp::create(rewriter, loc, origin, fields.strides[d]));
    // Indices are within the index space (the specification makes anything
    // else undefined), so a tile whose steps divide the size and are at
    // least the tile size never crosses the end.
    uint64_t sizeDivisor = facts.sizes[d];
    if (shape.tileShape[k] <= step && step > 0 &&
        sizeDivisor % static_cast<uint64_t>(step) == 0)
      continue;
    if (inbounds && k < inbounds.size() && inbounds[k])
      continue;
    Value left = LLVM::SubOp::create(rewriter, loc, fields.sizes[d], origin);
    left =
        LLVM::SMaxOp::create(rewriter, loc, left, i64Const(rewriter, loc, 0));
    left = LLVM::SMinOp::create(rewriter, loc, left,
                                i64Const(rewriter, loc, shape.tileShape[k]));
    limits[k] = LLVM::TruncOp::create(rewriter, loc, i32, left);
  }
  auto ptrType = fields.base.getType();
  Value tileBase = LLVM::GEPOp::create(rewriter, loc, ptrType, memoryType,
                                       fields.base, ValueRange{baseOffset});

  // Lane and warp parts of the coordinates.
  SmallVector<LinearLayout::Basis> regBases = layout.getRegisterBases();
  SmallVector<LinearLayout::Basis> laneBases = layout.getLaneBases();
  SmallVector<LinearLayout::Basis> warpBases = layout.getWarpBases();
  threadCoords.clear();
  disjoint.clear();
  for (unsigned k = 0; k < rank; ++k) {
    Value c = emitXorOfBases(rewriter, loc, ids.lane, laneBases, k,
                             i32Const(rewriter, loc, 0));
    c = emitXorOfBases(rewriter, loc, ids.warp, warpBases, k, c);
    threadCoords.push_back(c);
    int64_t regBits = 0, threadBits = 0;
    for (const LinearLayout::Basis &basis : regBases)
      regBits |= basis[k];
    for (const LinearLayout::Basis &basis : laneBases)
      threadBits |= basis[k];
    for (const LinearLayout::Basis &basis : warpBases)
      threadBits |= basis[k];
    disjoint.push_back((regBits & threadBits) == 0);
  }

  // In-tile offsets need 64 bits only with dynamic or large strides.
  offsets32 = true;
  int64_t maxOffset = 0;
  for (unsigned k = 0; k < rank && offsets32; ++k) {
    if (shape.sparseDim == k)
      continue;
    std::optional<int64_t> stride = getStaticStride(shape.dimMap[k]);
    if (!stride || *stride > (int64_t(1) << 31)) {
      offsets32 = false;
      break;
    }
    maxOffset += (shape.tileShape[k] - 1) * *stride;
    offsets32 = maxOffset < (int64_t(1) << 31);
  }

  Value threadOffset =
      offsets32 ? i32Const(rewriter, loc, 0) : i64Const(rewriter, loc, 0);
  for (unsigned k = 0; k < rank; ++k) {
    if (shape.sparseDim == k || !disjoint[k])
      continue;
    threadOffset = LLVM::AddOp::create(
        rewriter, loc, threadOffset,
        getStrideTimes(rewriter, loc, shape.dimMap[k], threadCoords[k]));
  }
  threadBase = LLVM::GEPOp::create(rewriter, loc, ptrType, memoryType, tileBase,
                                   ValueRange{threadOffset});

  // Rows of a gather/scatter: the index tile in the layout that gives each
  // thread the row of each element it holds.
  if (shape.sparseDim) {
    unsigned s = *shape.sparseDim;
    SmallVector<int32_t> others;
    for (unsigned k = 0; k < rank; ++k)
      if (k != s)
        others.push_back(static_cast<int32_t>(k));
    llvm::Expected<LinearLayout> projected = layout.projectOut(others);
    if (!projected) {
      llvm::consumeError(projected.takeError());
      return failure();
    }
    llvm::Expected<LinearLayout> rowLayout =
        projected->reshape({shape.tileShape[s]});
    if (!rowLayout) {
      llvm::consumeError(rowLayout.takeError());
      return failure();
    }
    FailureOr<SmallVector<Value>> rowRegs = getRegistersInLayout(
        rewriter, loc, op, indices[s], indexTypes[s], *rowLayout, ids);
    if (failed(rowRegs) ||
        static_cast<int64_t>(rowRegs->size()) != layout.getNumRegisters())
      return failure();
    unsigned d = shape.dimMap[s];
    for (Value row : *rowRegs) {
      // Row indices are unsigned: a negative i32 is far out of bounds.
      Value row64 = castInt(rewriter, loc, row, i64, /*isSigned=*/false);
      rowInBounds.push_back(LLVM::ICmpOp::create(
          rewriter, loc, LLVM::ICmpPredicate::ult, row64, fields.sizes[d]));
      rows.push_back(
          LLVM::MulOp::create(rewriter, loc, row64, fields.strides[d]));
    }
  }
  return success();
}

/// `coordinate` (i32, below the tile size) times the stride of `tensorDim`,
/// in the offset width.
Value ViewAccess::getStrideTimes(OpBuilder &b, Location loc, unsigned tensorDim,
                                 Value coordinate) const {
  if (offsets32) {
    int64_t stride = *getStaticStride(tensorDim);
    if (stride == 1)
      return coordinate;
    return LLVM::MulOp::create(b, loc, coordinate, i32Const(b, loc, stride));
  }
  // Both factors are zero-extended 32-bit values when the stride came from
  // an i32 operand, which NVPTX turns into one mul.wide.u32.
  Value c64 = castInt(b, loc, coordinate, b.getI64Type(), /*isSigned=*/false);
  return LLVM::MulOp::create(b, loc, c64, fields.strides[tensorDim]);
}

Value ViewAccess::getRegisterStrideTimes(OpBuilder &b, Location loc,
                                         unsigned tensorDim,
                                         int64_t coordinate) const {
  if (std::optional<int64_t> stride = getStaticStride(tensorDim))
    return offsets32 ? i32Const(b, loc, coordinate * *stride)
                     : i64Const(b, loc, coordinate * *stride);
  return LLVM::MulOp::create(b, loc, i64Const(b, loc, coordinate),
                             fields.strides[tensorDim]);
}

VectorPlan ViewAccess::planVectors(OpBuilder &b, Location loc,
                                   int64_t maxWidth) const {
  VectorPlan plan;
  // Two 4-bit elements share a byte: one element per access.
  if (element.isPacked)
    return plan;
  unsigned rank = shape.getRank();
  // The dim of unit stride along which threads hold the longest runs.
  std::optional<unsigned> vectorDim;
  int64_t run = 1;
  for (unsigned k = 0; k < rank; ++k) {
    if (shape.sparseDim == k || getStaticStride(shape.dimMap[k]) != 1)
      continue;
    int64_t r = layout.getContiguousRegisterRun(k);
    if (r > run) {
      run = r;
      vectorDim = k;
    }
  }
  if (!vectorDim)
    return plan;
  unsigned kv = *vectorDim;
  int64_t width = std::min<int64_t>({run, 16 / element.bytes, maxWidth});
  if (width < 2 || (shape.steps[kv] % width != 0 && !origins[kv]))
    return plan;
  uint64_t vectorBytes = static_cast<uint64_t>(width) * element.bytes;

  Value condition;
  auto require = [&](Value check) {
    condition = andPredicates(b, loc, condition, check);
  };
  auto isMultiple = [&](Value v, uint64_t divisor) {
    Value rem = LLVM::AndOp::create(b, loc, v,
                                    intConst(b, loc, v.getType(), divisor - 1));
    return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, rem,
                                intConst(b, loc, v.getType(), 0));
  };
  // A tile origin that steps by less than a vector (an element offset) is
  // checked at run time.
  if (shape.steps[kv] % width != 0)
    require(isMultiple(origins[kv], width));
  if (facts.base % vectorBytes != 0) {
    Value address =
        LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), fields.base);
    require(isMultiple(address, vectorBytes));
  }
  for (unsigned k = 0; k < rank; ++k) {
    if (k == kv)
      continue;
    unsigned d = shape.dimMap[k];
    if (std::optional<int64_t> stride = getStaticStride(d)) {
      if (*stride % width != 0)
        return plan;
      continue;
    }
    if (facts.strides[d] % static_cast<uint64_t>(width) != 0)
      require(isMultiple(fields.strides[d], width));
  }
  // Whole vectors are in or out of bounds when the size is a multiple.
  unsigned dv = shape.dimMap[kv];
  if (limits[kv]) {
    int64_t size = shape.tensorType.getShape()[dv];
    if (size != ShapedType::kDynamic) {
      if (size % width != 0)
        return plan;
    } else if (facts.sizes[dv] % static_cast<uint64_t>(width) != 0) {
      require(isMultiple(fields.sizes[dv], width));
    }
  }
  plan.width = static_cast<unsigned>(width);
  plan.condition = condition;
  return plan;
}

SmallVector<ViewAccess::Group>
ViewAccess::emitGroups(OpBuilder &b, Location loc, unsigned width,
                       function_ref<bool(int64_t)> skip) const {
  unsigned rank = shape.getRank();
  SmallVector<Group> groups;
  for (int64_t r = 0, e = layout.getNumRegisters(); r < e; r += width) {
    if (skip(r))
      continue;
    SmallVector<int64_t, 4> regCoords = layout.apply(r, 0, 0);
    Value offset;
    auto addOffset = [&](Value term) {
      offset =
          offset ? LLVM::AddOp::create(b, loc, offset, term).getResult() : term;
    };
    Value inBounds;
    for (unsigned k = 0; k < rank; ++k) {
      if (shape.sparseDim == k)
        continue;
      unsigned d = shape.dimMap[k];
      Value coordinate = threadCoords[k];
      if (regCoords[k] != 0) {
        Value regPart = i32Const(b, loc, regCoords[k]);
        coordinate =
            disjoint[k]
                ? LLVM::OrOp::create(b, loc, coordinate, regPart).getResult()
                : LLVM::XOrOp::create(b, loc, coordinate, regPart).getResult();
      }
      if (disjoint[k]) {
        if (regCoords[k] != 0)
          addOffset(getRegisterStrideTimes(b, loc, d, regCoords[k]));
      } else {
        addOffset(getStrideTimes(b, loc, d, coordinate));
      }
      if (limits[k])
        inBounds =
            andPredicates(b, loc, inBounds,
                          LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult,
                                               coordinate, limits[k]));
    }
    if (offset && offsets32 && !rows.empty())
      offset = castInt(b, loc, offset, b.getI64Type(), /*isSigned=*/false);
    if (!rows.empty()) {
      addOffset(rows[r]);
      inBounds = andPredicates(b, loc, inBounds, rowInBounds[r]);
    }
    Value address = threadBase;
    if (offset)
      address = LLVM::GEPOp::create(b, loc, threadBase.getType(), memoryType,
                                    threadBase, ValueRange{offset});
    groups.push_back({r, address, inBounds});
  }
  return groups;
}

std::pair<Value, Value> ViewAccess::getNibble(OpBuilder &b, Location loc,
                                              Value address) const {
  Value offset = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), address);
  return getPackedNibble(b, loc, packedBase, offset);
}

} // namespace tileir::lowering
