//===- MemoryToLLVM.cpp - Views, loads, stores and alloca -----------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A view lowers to the struct {base, sizes..., strides...} of its tensor
// view; the tiling is static, in the view's type.
//
// A load or store through a view computes, once per thread, the address of
// its first element: the tile origin (index x step along each tensor dim,
// where the step is the tile size or the traversal stride) and the part of
// the in-tile coordinates that depends on the lane and the warp. Each
// register then adds a constant (for static strides) to that address, and
// its in-bounds predicate compares its coordinates with the number of valid
// coordinates left along each dim (clamped to the tile size, computed once).
// A gather/scatter view takes the row of each register from its index tile,
// moved to the threads that hold the row's elements.
//
// Accesses are vectorized along a dim of unit stride where the layout gives
// a thread consecutive elements: up to 16 bytes per ld/st. That needs the
// base address, the other strides and (for masking whole vectors) the size
// of that dim to be multiples of the vector; whatever the `assume` facts of
// the program do not prove is checked at run time, once per access, and a
// uniform branch picks the vector or the element-wise version.
//
// Loads give padding (or unspecified values) where out of bounds, every
// thread loads the elements it holds; stores write each element once, from
// its owner thread (emitOwnerPredicate), and never out of bounds.
//
//===----------------------------------------------------------------------===//

#include "MemoryAccess.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/APFloat.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::lowering;

namespace {

//===----------------------------------------------------------------------===//
// View structs and types
//===----------------------------------------------------------------------===//

/// The fields of a lowered view.
struct ViewFields {
  Value base;
  SmallVector<Value> sizes;
  SmallVector<Value> strides;
};

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

/// What the lowerings need of a view type, the same for every kind of view.
struct ViewShape {
  cuda_tile::TensorViewType tensorType;
  SmallVector<int64_t> tileShape;
  /// Tile dim -> tensor dim.
  SmallVector<unsigned> dimMap;
  /// The tile origin along tile dim k is index[k] * steps[k] (the tile size,
  /// the traversal stride of a strided view, or 1 at the dense dims of a
  /// gather/scatter view, which are element offsets); unused at the sparse
  /// dim.
  SmallVector<int64_t> steps;
  /// The dim of a gather/scatter view whose rows come from an index tile.
  std::optional<unsigned> sparseDim;
  cuda_tile::PaddingValueAttr padding;

  unsigned getRank() const { return tileShape.size(); }
};

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
  if (v.tensorType.getShape().size() != rank ||
      steps.size() != rank || (!dimMap.empty() && dimMap.size() != rank) ||
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

/// The make_tensor_view behind view `value` of the input program, if it is
/// visible (not a kernel parameter or a value carried by control flow).
cuda_tile::MakeTensorViewOp findTensorView(Value value) {
  for (unsigned depth = 0; value && depth < 16; ++depth) {
    Operation *def = value.getDefiningOp();
    if (!def)
      return {};
    if (auto tensorView = dyn_cast<cuda_tile::MakeTensorViewOp>(def))
      return tensorView;
    if (isa<cuda_tile::AssumeOp, cuda_tile::MakePartitionViewOp,
            cuda_tile::MakeStridedViewOp, cuda_tile::MakeGatherScatterViewOp>(
            def)) {
      value = def->getOperand(0);
      continue;
    }
    return {};
  }
  return {};
}

/// Known divisors of a tensor view's base address (bytes), sizes and strides
/// (elements).
struct TensorFacts {
  uint64_t base = 1;
  SmallVector<uint64_t> sizes;
  SmallVector<uint64_t> strides;
};

uint64_t getStaticDivisor(int64_t value) {
  if (value <= 0)
    return 1;
  return uint64_t(1) << llvm::countr_zero(static_cast<uint64_t>(value));
}

TensorFacts getTensorFacts(Value view, cuda_tile::TensorViewType type) {
  TensorFacts facts;
  facts.base = getKnownDivisor(view);
  cuda_tile::MakeTensorViewOp maker = findTensorView(view);
  auto collect = [&](ArrayRef<int64_t> statics, OperandRange dynamics,
                     SmallVectorImpl<uint64_t> &out) {
    unsigned next = 0;
    for (int64_t s : statics) {
      if (s != ShapedType::kDynamic) {
        out.push_back(getStaticDivisor(s));
        continue;
      }
      out.push_back(maker && next < dynamics.size()
                        ? getKnownDivisor(dynamics[next])
                        : 1);
      ++next;
    }
  };
  if (maker) {
    collect(type.getShape(), maker.getDynamicShape(), facts.sizes);
    collect(type.getStrides(), maker.getDynamicStrides(), facts.strides);
  } else {
    for (int64_t s : type.getShape())
      facts.sizes.push_back(s == ShapedType::kDynamic ? 1
                                                      : getStaticDivisor(s));
    for (int64_t s : type.getStrides())
      facts.strides.push_back(s == ShapedType::kDynamic ? 1
                                                        : getStaticDivisor(s));
  }
  return facts;
}

//===----------------------------------------------------------------------===//
// Padding
//===----------------------------------------------------------------------===//

/// The value read for out-of-bounds elements, or null when it is
/// unspecified (no padding value).
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
        b.getIntegerAttr(llvmElement, bits.zextOrTrunc(
                                          llvmElement.getIntOrFloatBitWidth()))));
  return Value(LLVM::ConstantOp::create(b, loc, llvmElement,
                                        b.getFloatAttr(llvmElement, *v)));
}

//===----------------------------------------------------------------------===//
// Versioning on a uniform condition
//===----------------------------------------------------------------------===//

/// When an access is vectorized, and under which run-time condition.
struct VectorPlan {
  /// Elements per access on the vector path; 1 when there is none.
  unsigned width = 1;
  /// Null: the vector path needs no check. Otherwise the i1 that selects it.
  Value condition;
};

/// Emits `body(width)` guarded by `plan` and `body(1)` otherwise (or only the
/// version that applies), joining the values both produce.
FailureOr<SmallVector<Value>> emitVersioned(
    ConversionPatternRewriter &rewriter, Location loc, const VectorPlan &plan,
    TypeRange resultTypes,
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

//===----------------------------------------------------------------------===//
// View access addressing
//===----------------------------------------------------------------------===//

/// Addresses and in-bounds predicates of the registers of a view access.
class ViewAccess {
public:
  /// One access: `width` consecutive registers from `reg`.
  struct Group {
    int64_t reg;
    Value address;
    /// Null when always in bounds.
    Value inBounds;
  };

  ViewAccess(const ViewShape &shape, const LinearLayout &layout,
             const MemoryElement &element)
      : shape(shape), layout(layout), element(element) {}

  /// Computes what all registers share, at the insertion point. `view` is
  /// the original view value (for its facts), `loweredView` its struct,
  /// `indices` the converted index operands and `indexTypes` their types.
  LogicalResult setUp(ConversionPatternRewriter &rewriter, Location loc,
                      Operation *op, Value view, Value loweredView,
                      ValueRange indices, TypeRange indexTypes,
                      const ThreadIds &ids);

  /// The vector width and its run-time condition (emitted at the insertion
  /// point, which must dominate both versions).
  VectorPlan planVectors(OpBuilder &b, Location loc,
                         int64_t maxWidth = 16) const;

  /// The accesses of `width` registers each, skipping the groups whose
  /// first register `skip` rejects.
  SmallVector<Group> emitGroups(OpBuilder &b, Location loc, unsigned width,
                                function_ref<bool(int64_t)> skip) const;

  /// 4-bit elements: the byte and nibble position (getPackedNibble) of the
  /// element at group address `address`.
  std::pair<Value, Value> getNibble(OpBuilder &b, Location loc,
                                    Value address) const {
    Value offset = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), address);
    return getPackedNibble(b, loc, packedBase, offset);
  }

private:
  Value getStrideTimes(OpBuilder &b, Location loc, unsigned tensorDim,
                       Value coordinate) const;
  Value getRegisterStrideTimes(OpBuilder &b, Location loc, unsigned tensorDim,
                               int64_t coordinate) const;
  std::optional<int64_t> getStaticStride(unsigned tensorDim) const {
    int64_t s = shape.tensorType.getStrides()[tensorDim];
    if (s == ShapedType::kDynamic)
      return std::nullopt;
    return s;
  }

  const ViewShape &shape;
  const LinearLayout &layout;
  const MemoryElement &element;
  ViewFields fields;
  TensorFacts facts;
  Type memoryType;
  /// Per tile dim: the tile origin (i64), null at a sparse dim.
  SmallVector<Value> origins;
  /// Per tile dim: the valid coordinates left (i32), null if always all.
  SmallVector<Value> limits;
  /// Per tile dim: the lane/warp part of the coordinates (i32).
  SmallVector<Value> threadCoords;
  /// Per tile dim: register and thread bits of the coordinate are disjoint,
  /// so the coordinate is their sum.
  SmallVector<bool> disjoint;
  /// In-tile offsets fit in 32 bits.
  bool offsets32 = false;
  /// Address of the element at the thread part of the coordinates.
  Value threadBase;
  /// 4-bit elements: the view's base. Group addresses then count elements
  /// from a null base (one unit per element), which getNibble turns into
  /// a byte of this base and a nibble.
  Value packedBase;
  /// Gather/scatter: per register the row (i64) and whether it is in bounds.
  SmallVector<Value> rows;
  SmallVector<Value> rowInBounds;
};

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
  for (unsigned k = 0; k < rank; ++k) {
    if (shape.sparseDim == k)
      continue;
    unsigned d = shape.dimMap[k];
    int64_t step = shape.steps[k];
    Value index = castInt(rewriter, loc, indices[k], i64, /*isSigned=*/false);
    Value origin =
        LLVM::MulOp::create(rewriter, loc, index, i64Const(rewriter, loc, step));
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
    Value left = LLVM::SubOp::create(rewriter, loc, fields.sizes[d], origin);
    left = LLVM::SMaxOp::create(rewriter, loc, left, i64Const(rewriter, loc, 0));
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

  Value threadOffset = offsets32 ? i32Const(rewriter, loc, 0)
                                 : i64Const(rewriter, loc, 0);
  for (unsigned k = 0; k < rank; ++k) {
    if (shape.sparseDim == k || !disjoint[k])
      continue;
    threadOffset = LLVM::AddOp::create(
        rewriter, loc, threadOffset,
        getStrideTimes(rewriter, loc, shape.dimMap[k], threadCoords[k]));
  }
  threadBase = LLVM::GEPOp::create(rewriter, loc, ptrType, memoryType,
                                   tileBase, ValueRange{threadOffset});

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
Value ViewAccess::getStrideTimes(OpBuilder &b, Location loc,
                                 unsigned tensorDim, Value coordinate) const {
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
    Value rem = LLVM::AndOp::create(
        b, loc, v, intConst(b, loc, v.getType(), divisor - 1));
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
      offset = offset ? LLVM::AddOp::create(b, loc, offset, term).getResult()
                      : term;
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
                : LLVM::XOrOp::create(b, loc, coordinate, regPart)
                      .getResult();
      }
      if (disjoint[k]) {
        if (regCoords[k] != 0)
          addOffset(getRegisterStrideTimes(b, loc, d, regCoords[k]));
      } else {
        addOffset(getStrideTimes(b, loc, d, coordinate));
      }
      if (limits[k])
        inBounds = andPredicates(
            b, loc, inBounds,
            LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult, coordinate,
                                 limits[k]));
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

/// The rewriter's converter, with its element types.
const TileLLVMTypeConverter &getConverter(const TypeConverter *converter) {
  return *static_cast<const TileLLVMTypeConverter *>(converter);
}

//===----------------------------------------------------------------------===//
// View construction and queries
//===----------------------------------------------------------------------===//

struct MakeTensorViewLowering
    : public ConvertOpToLLVMPattern<cuda_tile::MakeTensorViewOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::MakeTensorViewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto viewType = cast<cuda_tile::TensorViewType>(op.getResult().getType());
    Type structType = getTypeConverter()->convertType(viewType);
    if (!structType)
      return rewriter.notifyMatchFailure(op, "unsupported view type");
    Type i64 = rewriter.getI64Type();
    Value result = LLVM::PoisonOp::create(rewriter, loc, structType);
    result = LLVM::InsertValueOp::create(rewriter, loc, result,
                                         adaptor.getBase(),
                                         ArrayRef<int64_t>{0});
    unsigned rank = viewType.getShape().size();
    // Sizes and strides are unsigned; narrower operands are zero-extended.
    auto fill = [&](ArrayRef<int64_t> statics, ValueRange dynamics,
                    unsigned first) {
      unsigned next = 0;
      for (unsigned i = 0; i < rank; ++i) {
        Value v;
        if (statics[i] == ShapedType::kDynamic)
          v = castInt(rewriter, loc, dynamics[next++], i64, /*isSigned=*/false);
        else
          v = i64Const(rewriter, loc, statics[i]);
        result = LLVM::InsertValueOp::create(
            rewriter, loc, result, v, ArrayRef<int64_t>{first + i});
      }
    };
    fill(viewType.getShape(), adaptor.getDynamicShape(), 1);
    fill(viewType.getStrides(), adaptor.getDynamicStrides(), 1 + rank);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// Partition, strided and gather/scatter views are their tensor view: the
/// tiling is in the type.
template <typename SourceOp>
struct MakeViewLowering : public ConvertOpToLLVMPattern<SourceOp> {
  using ConvertOpToLLVMPattern<SourceOp>::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getTensorView());
    return success();
  }
};

struct GetTensorShapeLowering
    : public ConvertOpToLLVMPattern<cuda_tile::GetTensorShapeOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::GetTensorShapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto viewType = cast<cuda_tile::TensorViewType>(op.getSrc().getType());
    unsigned rank = viewType.getShape().size();
    if (op.getNumResults() != rank)
      return rewriter.notifyMatchFailure(op, "one result per dimension");
    Location loc = op.getLoc();
    ViewFields fields = unpackView(rewriter, loc, adaptor.getSrc(), rank);
    SmallVector<Value> results;
    for (auto [size, result] : llvm::zip(fields.sizes, op.getResults())) {
      Type type = getTypeConverter()->convertType(result.getType());
      if (!type)
        return rewriter.notifyMatchFailure(op, "unsupported result type");
      results.push_back(castInt(rewriter, loc, size, type, /*isSigned=*/false));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct GetIndexSpaceShapeLowering
    : public ConvertOpToLLVMPattern<cuda_tile::GetIndexSpaceShapeOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::GetIndexSpaceShapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<ViewShape> shape = getViewShape(op.getSrc().getType());
    if (!shape || op.getNumResults() != shape->getRank())
      return rewriter.notifyMatchFailure(op, "unsupported view");
    Location loc = op.getLoc();
    ViewFields fields =
        unpackView(rewriter, loc, adaptor.getSrc(), shape->getRank());
    SmallVector<Value> results;
    for (auto [k, result] : llvm::enumerate(op.getResults())) {
      Value size = fields.sizes[shape->dimMap[k]];
      Value extent = size;
      // A gather/scatter view indexes single rows along its sparse dim;
      // elsewhere tiles start every `step` elements, the last one
      // possibly partial.
      if (shape->sparseDim != k) {
        int64_t step = shape->steps[k];
        Value rounded = LLVM::AddOp::create(rewriter, loc, size,
                                            i64Const(rewriter, loc, step - 1));
        extent = LLVM::UDivOp::create(rewriter, loc, rounded,
                                      i64Const(rewriter, loc, step));
      }
      Type type = getTypeConverter()->convertType(result.getType());
      if (!type)
        return rewriter.notifyMatchFailure(op, "unsupported result type");
      results.push_back(
          castInt(rewriter, loc, extent, type, /*isSigned=*/false));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// View loads and stores
//===----------------------------------------------------------------------===//

struct LoadViewLowering
    : public ConvertOpToLLVMPattern<cuda_tile::LoadViewTkoOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::LoadViewTkoOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<ViewShape> shape = getViewShape(op.getView().getType());
    if (!shape)
      return rewriter.notifyMatchFailure(op, "unsupported view");
    Location loc = op.getLoc();
    auto tileType = cast<cuda_tile::TileType>(op.getTile().getType());
    FailureOr<LinearLayout> layout = getTileLayout(tileType, getNumWarps(op));
    if (failed(layout))
      return rewriter.notifyMatchFailure(op, "tile without a layout");
    const TileLLVMTypeConverter &converter = getConverter(getTypeConverter());
    FailureOr<MemoryElement> element = getMemoryElement(
        tileType.getElementType(), converter, /*allowPacked=*/true);
    if (failed(element))
      return op.emitOpError("loads of ")
             << tileType.getElementType() << " are not supported yet";
    Type resultType = converter.convertType(tileType);
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "unsupported tile type");

    ThreadIds ids = getThreadIds(rewriter, loc);
    ViewAccess access(*shape, *layout, *element);
    if (failed(access.setUp(rewriter, loc, op, op.getView(),
                            adaptor.getView(), adaptor.getIndex(),
                            op.getIndex().getTypes(), ids)))
      return rewriter.notifyMatchFailure(op, "cannot address the view");
    VectorPlan plan = access.planVectors(rewriter, loc);

    FailureOr<Value> padding =
        getPaddingValue(rewriter, loc, tileType.getElementType(),
                        element->registerType, shape->padding);
    if (failed(padding))
      return op.emitOpError("padding_value ")
             << stringifyPaddingValue(shape->padding.getValue())
             << " has no encoding in " << tileType.getElementType();
    std::string qualifiers =
        getLoadStoreQualifiers(op.getMemoryOrderingSemantics(),
                               op.getMemoryScope()) +
        getPointerStateSpace(op).str();
    // Registers that repeat a lower register of the thread are copied.
    uint64_t duplicates = layout->getFreeMask(HwDim::Register);
    int64_t numRegs = layout->getNumRegisters();
    auto body = [&](unsigned width) -> FailureOr<SmallVector<Value>> {
      SmallVector<Value> regs(numRegs);
      SmallVector<Value> fallback;
      if (*padding)
        fallback.assign(width, *padding);
      for (const ViewAccess::Group &group : access.emitGroups(
               rewriter, loc, width,
               [&](int64_t r) { return (uint64_t(r) & duplicates) != 0; })) {
        if (element->isPacked) {
          auto [byte, shift] = access.getNibble(rewriter, loc, group.address);
          regs[group.reg] = emitPackedLoad(rewriter, loc, byte, shift,
                                           group.inBounds, *padding,
                                           qualifiers);
          continue;
        }
        SmallVector<Value> values =
            emitGlobalLoad(rewriter, loc, group.address, group.inBounds,
                           width, fallback, *element, qualifiers);
        for (unsigned i = 0; i < width; ++i)
          regs[group.reg + i] = values[i];
      }
      for (int64_t r = 0; r < numRegs; ++r)
        if (!regs[r])
          regs[r] = regs[uint64_t(r) & ~duplicates];
      return regs;
    };
    SmallVector<Type> regTypes(numRegs, element->registerType);
    FailureOr<SmallVector<Value>> regs =
        emitVersioned(rewriter, loc, plan, regTypes, body);
    if (failed(regs))
      return rewriter.notifyMatchFailure(op, "cannot emit the load");
    Value tile = packRegisters(rewriter, loc, resultType, *regs);
    Value token = LLVM::PoisonOp::create(
        rewriter, loc,
        getTypeConverter()->convertType(op.getResultToken().getType()));
    rewriter.replaceOp(op, ValueRange{tile, token});
    return success();
  }
};

struct StoreViewLowering
    : public ConvertOpToLLVMPattern<cuda_tile::StoreViewTkoOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::StoreViewTkoOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<ViewShape> shape = getViewShape(op.getView().getType());
    if (!shape)
      return rewriter.notifyMatchFailure(op, "unsupported view");
    Location loc = op.getLoc();
    auto tileType = cast<cuda_tile::TileType>(op.getTile().getType());
    FailureOr<LinearLayout> layout = getTileLayout(tileType, getNumWarps(op));
    if (failed(layout))
      return rewriter.notifyMatchFailure(op, "tile without a layout");
    const TileLLVMTypeConverter &converter = getConverter(getTypeConverter());
    FailureOr<MemoryElement> element = getMemoryElement(
        tileType.getElementType(), converter, /*allowPacked=*/true);
    if (failed(element))
      return op.emitOpError("stores of ")
             << tileType.getElementType() << " are not supported yet";

    ThreadIds ids = getThreadIds(rewriter, loc);
    ViewAccess access(*shape, *layout, *element);
    if (failed(access.setUp(rewriter, loc, op, op.getView(),
                            adaptor.getView(), adaptor.getIndex(),
                            op.getIndex().getTypes(), ids)))
      return rewriter.notifyMatchFailure(op, "cannot address the view");
    VectorPlan plan = access.planVectors(rewriter, loc);
    SmallVector<Value> values =
        unpackRegisters(rewriter, loc, adaptor.getTile());
    if (static_cast<int64_t>(values.size()) != layout->getNumRegisters())
      return rewriter.notifyMatchFailure(op, "unexpected register count");
    std::string semantics = getLoadStoreQualifiers(
        op.getMemoryOrderingSemantics(), op.getMemoryScope());
    StringRef space = getPointerStateSpace(op);
    std::string qualifiers = semantics + space.str();
    // One thread writes each element: registers that repeat a lower one are
    // skipped, and the owner predicate (the same for every register kept)
    // silences replicated lanes and warps.
    LinearLayout::ReplicationMask mask = layout->getReplicationMask();
    Value owner = emitOwnerPredicate(rewriter, loc, *layout, 0, ids);
    auto body = [&](unsigned width) -> FailureOr<SmallVector<Value>> {
      for (const ViewAccess::Group &group : access.emitGroups(
               rewriter, loc, width,
               [&](int64_t r) { return (uint64_t(r) & mask.reg) != 0; })) {
        Value pred = andPredicates(rewriter, loc, group.inBounds, owner);
        if (element->isPacked) {
          auto [byte, shift] = access.getNibble(rewriter, loc, group.address);
          emitPackedStore(rewriter, loc, byte, shift, pred,
                          values[group.reg], semantics, space);
          continue;
        }
        emitGlobalStore(rewriter, loc, group.address, pred,
                        ArrayRef(values).slice(group.reg, width), *element,
                        qualifiers);
      }
      return SmallVector<Value>();
    };
    if (failed(emitVersioned(rewriter, loc, plan, TypeRange(), body)))
      return rewriter.notifyMatchFailure(op, "cannot emit the store");
    Value token = LLVM::PoisonOp::create(
        rewriter, loc,
        getTypeConverter()->convertType(op.getResultToken().getType()));
    rewriter.replaceOp(op, token);
    return success();
  }
};

/// Each owned element of the tile is combined into the view with one `red`
/// (packed or vector forms where the layout allows), never out of bounds.
struct AtomicRedViewLowering
    : public ConvertOpToLLVMPattern<cuda_tile::AtomicRedViewTkoOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::AtomicRedViewTkoOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<ViewShape> shape = getViewShape(op.getView().getType());
    if (!shape || shape->sparseDim)
      return rewriter.notifyMatchFailure(op, "unsupported view");
    Location loc = op.getLoc();
    auto tileType = cast<cuda_tile::TileType>(op.getValue().getType());
    FailureOr<LinearLayout> layout = getTileLayout(tileType, getNumWarps(op));
    if (failed(layout))
      return rewriter.notifyMatchFailure(op, "tile without a layout");
    const TileLLVMTypeConverter &converter = getConverter(getTypeConverter());
    Type elementType = tileType.getElementType();
    FailureOr<MemoryElement> element =
        getMemoryElement(elementType, converter);
    unsigned sm = converter.getTarget().sm;
    FailureOr<AtomicInstr> instr =
        getAtomicInstr(op.getMode(), elementType, sm);
    if (failed(element) || failed(instr))
      return op.emitOpError("atomic reductions of ")
             << elementType << " with this mode are not supported";

    ThreadIds ids = getThreadIds(rewriter, loc);
    ViewAccess access(*shape, *layout, *element);
    if (failed(access.setUp(rewriter, loc, op, op.getView(),
                            adaptor.getView(), adaptor.getIndex(),
                            op.getIndex().getTypes(), ids)))
      return rewriter.notifyMatchFailure(op, "cannot address the view");
    int64_t maxWidth =
        instr->emulated ? 1
                        : getMaxReduceVectorWidth(op.getMode(), elementType, sm);
    VectorPlan plan = access.planVectors(rewriter, loc, maxWidth);
    SmallVector<Value> values =
        unpackRegisters(rewriter, loc, adaptor.getValue());
    if (static_cast<int64_t>(values.size()) != layout->getNumRegisters())
      return rewriter.notifyMatchFailure(op, "unexpected register count");
    std::string sem = getAtomicQualifiers(op.getMemoryOrderingSemantics(),
                                          op.getMemoryScope());
    StringRef space = getPointerStateSpace(op);
    LinearLayout::ReplicationMask mask = layout->getReplicationMask();
    Value owner = emitOwnerPredicate(rewriter, loc, *layout, 0, ids);
    auto body = [&](unsigned width) -> FailureOr<SmallVector<Value>> {
      for (const ViewAccess::Group &group : access.emitGroups(
               rewriter, loc, width,
               [&](int64_t r) { return (uint64_t(r) & mask.reg) != 0; })) {
        Value pred = andPredicates(rewriter, loc, group.inBounds, owner);
        emitAtomicReduce(rewriter, loc, *instr, group.address, pred,
                         ArrayRef(values).slice(group.reg, width), sem, space);
      }
      return SmallVector<Value>();
    };
    if (failed(emitVersioned(rewriter, loc, plan, TypeRange(), body)))
      return rewriter.notifyMatchFailure(op, "cannot emit the reduction");
    Value token = LLVM::PoisonOp::create(
        rewriter, loc,
        getTypeConverter()->convertType(op.getResultToken().getType()));
    rewriter.replaceOp(op, token);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Pointer loads and stores
//===----------------------------------------------------------------------===//

struct LoadPtrLowering
    : public ConvertOpToLLVMPattern<cuda_tile::LoadPtrTkoOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::LoadPtrTkoOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto tileType = cast<cuda_tile::TileType>(op.getResult().getType());
    FailureOr<LinearLayout> layout = getTileLayout(tileType, getNumWarps(op));
    if (failed(layout))
      return rewriter.notifyMatchFailure(op, "tile without a layout");
    const TileLLVMTypeConverter &converter = getConverter(getTypeConverter());
    FailureOr<MemoryElement> element = getMemoryElement(
        tileType.getElementType(), converter, /*allowPacked=*/true);
    if (failed(element))
      return op.emitOpError("loads of ")
             << tileType.getElementType() << " are not supported yet";
    Type resultType = converter.convertType(tileType);
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "unsupported tile type");

    ThreadIds ids = getThreadIds(rewriter, loc);
    FailureOr<SmallVector<Value>> pointers =
        getRegistersInLayout(rewriter, loc, op, adaptor.getSource(),
                             op.getSource().getType(), *layout, ids);
    if (failed(pointers))
      return rewriter.notifyMatchFailure(op, "cannot distribute pointers");
    FailureOr<SmallVector<Value>> masks = SmallVector<Value>();
    if (op.getMask())
      masks = getRegistersInLayout(rewriter, loc, op, adaptor.getMask(),
                                   op.getMask().getType(), *layout, ids);
    // Padding only matters where a mask can turn elements off.
    FailureOr<SmallVector<Value>> paddings = SmallVector<Value>();
    if (op.getMask() && op.getPaddingValue())
      paddings =
          getRegistersInLayout(rewriter, loc, op, adaptor.getPaddingValue(),
                               op.getPaddingValue().getType(), *layout, ids);
    if (failed(masks) || failed(paddings))
      return rewriter.notifyMatchFailure(op, "cannot distribute operands");

    std::string qualifiers =
        getLoadStoreQualifiers(op.getMemoryOrderingSemantics(),
                               op.getMemoryScope()) +
        getPointerStateSpace(op).str();
    uint64_t duplicates = layout->getFreeMask(HwDim::Register);
    int64_t numRegs = layout->getNumRegisters();
    SmallVector<Value> regs(numRegs);
    for (int64_t r = 0; r < numRegs; ++r) {
      if (uint64_t(r) & duplicates)
        continue;
      Value pred = masks->empty() ? Value() : (*masks)[r];
      SmallVector<Value> fallback;
      if (!paddings->empty())
        fallback.push_back((*paddings)[r]);
      regs[r] = emitGlobalLoad(rewriter, loc, (*pointers)[r], pred, 1,
                               fallback, *element, qualifiers)
                    .front();
    }
    for (int64_t r = 0; r < numRegs; ++r)
      if (!regs[r])
        regs[r] = regs[uint64_t(r) & ~duplicates];
    Value tile = packRegisters(rewriter, loc, resultType, regs);
    Value token = LLVM::PoisonOp::create(
        rewriter, loc,
        getTypeConverter()->convertType(op.getResultToken().getType()));
    rewriter.replaceOp(op, ValueRange{tile, token});
    return success();
  }
};

struct StorePtrLowering
    : public ConvertOpToLLVMPattern<cuda_tile::StorePtrTkoOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::StorePtrTkoOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto tileType = cast<cuda_tile::TileType>(op.getValue().getType());
    FailureOr<LinearLayout> layout = getTileLayout(tileType, getNumWarps(op));
    if (failed(layout))
      return rewriter.notifyMatchFailure(op, "tile without a layout");
    const TileLLVMTypeConverter &converter = getConverter(getTypeConverter());
    FailureOr<MemoryElement> element = getMemoryElement(
        tileType.getElementType(), converter, /*allowPacked=*/true);
    if (failed(element))
      return op.emitOpError("stores of ")
             << tileType.getElementType() << " are not supported yet";

    ThreadIds ids = getThreadIds(rewriter, loc);
    SmallVector<Value> values =
        unpackRegisters(rewriter, loc, adaptor.getValue());
    FailureOr<SmallVector<Value>> pointers =
        getRegistersInLayout(rewriter, loc, op, adaptor.getDestination(),
                             op.getDestination().getType(), *layout, ids);
    FailureOr<SmallVector<Value>> masks = SmallVector<Value>();
    if (op.getMask())
      masks = getRegistersInLayout(rewriter, loc, op, adaptor.getMask(),
                                   op.getMask().getType(), *layout, ids);
    if (failed(pointers) || failed(masks))
      return rewriter.notifyMatchFailure(op, "cannot distribute operands");

    std::string qualifiers =
        getLoadStoreQualifiers(op.getMemoryOrderingSemantics(),
                               op.getMemoryScope()) +
        getPointerStateSpace(op).str();
    LinearLayout::ReplicationMask mask = layout->getReplicationMask();
    Value owner = emitOwnerPredicate(rewriter, loc, *layout, 0, ids);
    for (auto [r, value] : llvm::enumerate(values)) {
      if (uint64_t(r) & mask.reg)
        continue;
      Value pred = owner;
      if (!masks->empty())
        pred = andPredicates(rewriter, loc, pred, (*masks)[r]);
      emitGlobalStore(rewriter, loc, (*pointers)[r], pred, value, *element,
                      qualifiers);
    }
    Value token = LLVM::PoisonOp::create(
        rewriter, loc,
        getTypeConverter()->convertType(op.getResultToken().getType()));
    rewriter.replaceOp(op, token);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// alloca
//===----------------------------------------------------------------------===//

/// Scratch private to the tile block lives in shared memory: one buffer per
/// alloca, next to the kernel. Its generic address is returned as the
/// pointer (kernels with allocas access memory through pointers and views
/// with generic ld/st, see getPointerStateSpace). A buffer live across tile
/// blocks (`global`) needs memory outside the CTA and is not supported yet.
struct AllocaLowering : public ConvertOpToLLVMPattern<cuda_tile::AllocaOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::AllocaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getGlobal())
      return op.emitOpError(
          "alloca with `global` (memory shared across tile blocks) is not "
          "supported yet");
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    auto kernel = op->getParentOfType<FunctionOpInterface>();
    if (!module || !kernel)
      return rewriter.notifyMatchFailure(op, "alloca outside a kernel");
    auto pointee = cast<cuda_tile::PointerType>(
                       cast<cuda_tile::TileType>(op.getResult().getType())
                           .getElementType())
                       .getPointeeType();
    uint64_t bits = pointee.getIntOrFloatBitWidth();
    uint64_t bytes = llvm::divideCeil(
        static_cast<uint64_t>(op.getNumElem()) * bits, uint64_t(8));
    bytes = std::max<uint64_t>(bytes, 1);
    if (bytes > (uint64_t(1) << 31))
      return op.emitOpError("alloca of ") << bytes << " bytes is too large";

    std::string prefix = (kAllocaPrefix + kernel.getName()).str();
    std::string name = prefix;
    SymbolTable symbols(module);
    for (unsigned i = 1; symbols.lookup(name); ++i)
      name = prefix + "_" + std::to_string(i);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      auto arrayType = LLVM::LLVMArrayType::get(rewriter.getI8Type(), bytes);
      LLVM::GlobalOp::create(rewriter, loc, arrayType, /*isConstant=*/false,
                             LLVM::Linkage::Internal, name,
                             /*value=*/Attribute(),
                             static_cast<uint64_t>(op.getAlignment()),
                             /*addrSpace=*/3);
    }
    MLIRContext *ctx = rewriter.getContext();
    Value shared = LLVM::AddressOfOp::create(
        rewriter, loc, LLVM::LLVMPointerType::get(ctx, 3), name);
    Value generic = LLVM::AddrSpaceCastOp::create(
        rewriter, loc, LLVM::LLVMPointerType::get(ctx, 0), shared);
    // The bits of the generic address, typed as our pointers are.
    Value bitsOfAddress =
        LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI64Type(), generic);
    rewriter.replaceOpWithNewOp<LLVM::IntToPtrOp>(
        op, LLVM::LLVMPointerType::get(ctx, 1), bitsOfAddress);
    return success();
  }
};

} // namespace

void tileir::populateMemoryToLLVMPatterns(TileLLVMTypeConverter &converter,
                                          RewritePatternSet &patterns) {
  patterns.add<MakeTensorViewLowering,
               MakeViewLowering<cuda_tile::MakePartitionViewOp>,
               MakeViewLowering<cuda_tile::MakeStridedViewOp>,
               MakeViewLowering<cuda_tile::MakeGatherScatterViewOp>,
               GetTensorShapeLowering, GetIndexSpaceShapeLowering,
               LoadViewLowering, StoreViewLowering, AtomicRedViewLowering,
               LoadPtrLowering,
               StorePtrLowering, AllocaLowering>(converter);
  populateAtomicToLLVMPatterns(converter, patterns);
}
