//===- UnswitchMasks.cpp - Skip masks that every element passes ----------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A loop over tiles often masks the elements of a block that lie past an
// edge: `select(cols < n, s, -inf)` with `cols = j * B + iota`. Every block
// but the last passes the mask whole, yet each thread computes the
// comparison and the selection of every element it holds, every iteration
// (attention spends a tenth of its softmax instructions there). When the
// condition is built from comparisons of bounded integer tiles, its bounds
// give a scalar test that holds only if every element passes; the select
// becomes
//
//   if (test) { yield s } else { yield select(cond, s, -inf) }
//
// with the condition's own computation moved into the else branch. The
// test is warp-uniform, so the common case runs no per-element work.
//
// Bounds are exact scalar expressions, computed in i64 next to the select:
//  - a rank-0 value, a splat constant, or a broadcast or reshape of one is
//    uniform: its single value, and elementwise integer ops on uniform
//    operands stay uniform (recomputed on the scalars, wrapping alike);
//  - iota gives [0, n - 1];
//  - addi, subi and a multiplication by a non-negative constant combine
//    intervals; the test then also requires that the i64 bounds fit the
//    element type, so that no element wrapped;
//  - anything else is unbounded, and a select whose condition needs it is
//    left alone.
// A comparison passes whole when the bounds of its sides separate
// (max(lhs) < min(rhs) for less_than, and so on); `andi` needs both sides,
// `ori` either. Unsigned comparisons additionally require both sides to be
// non-negative.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TileGPU/Transforms/Passes.h"

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Dialect/TileGPU/IR/TensorMap.h"
#include "tileir/Dialect/TileGPU/IR/TileGPU.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/SetVector.h"

#include <map>
#include <optional>

namespace mlir::tilegpu {
#define GEN_PASS_DEF_TILEIRUNSWITCHMASKSPASS
#include "tileir/Dialect/TileGPU/Transforms/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;

namespace {

/// Tiles smaller than this keep their select: the test and the branch would
/// cost about what they save.
constexpr int64_t kMinElements = 1024;

/// Widest element type whose bounds are computed (in i64, where sums and
/// differences of two such values cannot wrap).
constexpr unsigned kMaxBoundWidth = 32;

/// Elementwise integer ops whose result is uniform when every operand is
/// (MaskBounds::getUniform recomputes them on the scalars).
bool isUniformPreserving(Operation *op) {
  return isa<cuda_tile::BroadcastOp, cuda_tile::ReshapeOp, cuda_tile::PermuteOp,
             cuda_tile::AddIOp, cuda_tile::SubIOp, cuda_tile::MulIOp,
             cuda_tile::MaxIOp, cuda_tile::MinIOp, cuda_tile::AndIOp,
             cuda_tile::OrIOp, cuda_tile::CmpIOp>(op);
}

cuda_tile::TileType getScalarType(Type element) {
  return cuda_tile::TileType::get({}, element);
}

/// Builds the scalar test, in front of the select.
class MaskBounds {
public:
  MaskBounds(OpBuilder &b, Location loc) : b(b), loc(loc) {}

  /// A scalar i1 that implies every element of `cond` is true, or null.
  Value getAllTrue(Value cond) {
    if (Value uniform = getUniform(cond))
      return uniform;
    Operation *def = cond.getDefiningOp();
    if (!def)
      return {};
    if (isa<cuda_tile::BroadcastOp, cuda_tile::ReshapeOp,
            cuda_tile::PermuteOp>(def))
      return getAllTrue(def->getOperand(0));
    if (auto andOp = dyn_cast<cuda_tile::AndIOp>(def)) {
      Value lhs = getAllTrue(andOp.getLhs());
      Value rhs = lhs ? getAllTrue(andOp.getRhs()) : Value();
      if (!lhs || !rhs)
        return {};
      return cuda_tile::AndIOp::create(b, loc, lhs, rhs);
    }
    if (auto orOp = dyn_cast<cuda_tile::OrIOp>(def)) {
      Value lhs = getAllTrue(orOp.getLhs());
      Value rhs = getAllTrue(orOp.getRhs());
      if (lhs && rhs)
        return cuda_tile::OrIOp::create(b, loc, lhs, rhs);
      return lhs ? lhs : rhs;
    }
    if (auto cmp = dyn_cast<cuda_tile::CmpIOp>(def))
      return getAllTrue(cmp);
    return {};
  }

private:
  /// Bounds of an integer tile's elements (i64 scalars), right only when
  /// `valid` (an i1 scalar; null: always) holds.
  struct Interval {
    Value min, max, valid;
  };

  Value getAllTrue(cuda_tile::CmpIOp cmp) {
    auto type = cast<cuda_tile::TileType>(cmp.getLhs().getType());
    auto element = dyn_cast<IntegerType>(type.getElementType());
    if (!element || element.getWidth() > kMaxBoundWidth)
      return {};
    std::optional<Interval> lhs = getInterval(cmp.getLhs());
    std::optional<Interval> rhs = lhs ? getInterval(cmp.getRhs()) : std::nullopt;
    if (!lhs || !rhs)
      return {};
    SmallVector<Value> conditions;
    for (Value valid : {lhs->valid, rhs->valid})
      if (valid)
        conditions.push_back(valid);
    using cuda_tile::ComparisonPredicate;
    Value test;
    switch (cmp.getComparisonPredicate()) {
    case ComparisonPredicate::LessThan:
      test = compare(ComparisonPredicate::LessThan, lhs->max, rhs->min);
      break;
    case ComparisonPredicate::LessThanOrEqual:
      test = compare(ComparisonPredicate::LessThanOrEqual, lhs->max, rhs->min);
      break;
    case ComparisonPredicate::GreaterThan:
      test = compare(ComparisonPredicate::GreaterThan, lhs->min, rhs->max);
      break;
    case ComparisonPredicate::GreaterThanOrEqual:
      test =
          compare(ComparisonPredicate::GreaterThanOrEqual, lhs->min, rhs->max);
      break;
    case ComparisonPredicate::Equal:
    case ComparisonPredicate::NotEqual:
      return {};
    }
    // An unsigned comparison orders non-negative values as a signed one.
    if (cmp.getSignedness() == cuda_tile::Signedness::Unsigned) {
      Value zero = getI64(0);
      conditions.push_back(
          compare(ComparisonPredicate::GreaterThanOrEqual, lhs->min, zero));
      conditions.push_back(
          compare(ComparisonPredicate::GreaterThanOrEqual, rhs->min, zero));
    }
    for (Value c : conditions)
      test = cuda_tile::AndIOp::create(b, loc, test, c);
    return test;
  }

  /// The single value of a tile whose elements are all equal, as a scalar
  /// of its element type, or null.
  Value getUniform(Value v) {
    auto it = uniforms.find(v);
    if (it != uniforms.end())
      return it->second;
    Value scalar = computeUniform(v);
    uniforms.try_emplace(v, scalar);
    return scalar;
  }

  Value computeUniform(Value v) {
    auto type = dyn_cast<cuda_tile::TileType>(v.getType());
    if (!type)
      return {};
    if (type.getShape().empty())
      return v;
    Operation *def = v.getDefiningOp();
    if (!def)
      return {};
    if (auto constant = dyn_cast<cuda_tile::ConstantOp>(def)) {
      auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
      if (!dense || !dense.isSplat())
        return {};
      Type element = type.getElementType();
      auto scalarAttr = cast<DenseIntOrFPElementsAttr>(DenseElementsAttr::get(
          RankedTensorType::get({}, dense.getElementType()),
          dense.getSplatValue<Attribute>()));
      return cuda_tile::ConstantOp::create(b, loc, getScalarType(element),
                                           scalarAttr);
    }
    if (isa<cuda_tile::BroadcastOp, cuda_tile::ReshapeOp,
            cuda_tile::PermuteOp>(def))
      return getUniform(def->getOperand(0));
    // An elementwise integer op of uniform operands, on the scalars.
    if (!isUniformPreserving(def))
      return {};
    SmallVector<Value> scalars;
    for (Value operand : def->getOperands()) {
      Value scalar = getUniform(operand);
      if (!scalar)
        return {};
      scalars.push_back(scalar);
    }
    OperationState state(loc, def->getName(), scalars,
                         {getScalarType(type.getElementType())},
                         def->getAttrs());
    return b.create(state)->getResult(0);
  }

  std::optional<Interval> getInterval(Value v) {
    auto it = intervals.find(v);
    if (it != intervals.end())
      return it->second;
    std::optional<Interval> bounds = computeInterval(v);
    intervals.try_emplace(v, bounds);
    return bounds;
  }

  std::optional<Interval> computeInterval(Value v) {
    auto type = cast<cuda_tile::TileType>(v.getType());
    auto element = cast<IntegerType>(type.getElementType());
    if (Value uniform = getUniform(v)) {
      Value wide = widen(uniform, element);
      return Interval{wide, wide, Value()};
    }
    Operation *def = v.getDefiningOp();
    if (!def)
      return std::nullopt;
    if (isa<cuda_tile::BroadcastOp, cuda_tile::ReshapeOp,
            cuda_tile::PermuteOp>(def))
      return getInterval(def->getOperand(0));
    if (isa<cuda_tile::IotaOp>(def)) {
      // iota's values are unsigned; read as signed they must stay below
      // the sign bit.
      int64_t last = type.getShape()[0] - 1;
      if (last < 0 || (element.getWidth() < 64 &&
                       last > (int64_t(1) << (element.getWidth() - 1)) - 1))
        return std::nullopt;
      return Interval{getI64(0), getI64(last), Value()};
    }
    if (auto add = dyn_cast<cuda_tile::AddIOp>(def)) {
      std::optional<Interval> lhs = getInterval(add.getLhs());
      std::optional<Interval> rhs =
          lhs ? getInterval(add.getRhs()) : std::nullopt;
      if (!lhs || !rhs)
        return std::nullopt;
      return fitting({cuda_tile::AddIOp::create(b, loc, lhs->min, rhs->min),
                      cuda_tile::AddIOp::create(b, loc, lhs->max, rhs->max),
                      Value()},
                     element, {lhs->valid, rhs->valid});
    }
    if (auto sub = dyn_cast<cuda_tile::SubIOp>(def)) {
      std::optional<Interval> lhs = getInterval(sub.getLhs());
      std::optional<Interval> rhs =
          lhs ? getInterval(sub.getRhs()) : std::nullopt;
      if (!lhs || !rhs)
        return std::nullopt;
      return fitting({cuda_tile::SubIOp::create(b, loc, lhs->min, rhs->max),
                      cuda_tile::SubIOp::create(b, loc, lhs->max, rhs->min),
                      Value()},
                     element, {lhs->valid, rhs->valid});
    }
    if (auto mul = dyn_cast<cuda_tile::MulIOp>(def)) {
      // A non-negative constant factor keeps the order of the bounds.
      for (auto [tile, factor] : {std::pair(mul.getLhs(), mul.getRhs()),
                                  std::pair(mul.getRhs(), mul.getLhs())}) {
        std::optional<int64_t> c = getConstant(factor);
        if (!c || *c < 0 || *c > (int64_t(1) << 31))
          continue;
        std::optional<Interval> bounds = getInterval(tile);
        if (!bounds)
          return std::nullopt;
        Value k = getI64(*c);
        return fitting({cuda_tile::MulIOp::create(b, loc, bounds->min, k),
                        cuda_tile::MulIOp::create(b, loc, bounds->max, k),
                        Value()},
                       element, {bounds->valid});
      }
    }
    return std::nullopt;
  }

  /// The value of a splat integer constant (sign-extended), if `v` is one
  /// or a broadcast or reshape of one.
  static std::optional<int64_t> getConstant(Value v) {
    while (isa_and_nonnull<cuda_tile::BroadcastOp, cuda_tile::ReshapeOp>(
        v.getDefiningOp()))
      v = v.getDefiningOp()->getOperand(0);
    return tileir::getConstantIntValue(v);
  }

  /// `bounds` computed in i64 describe the elements only if no element
  /// wrapped: both must lie in the element type's range, and the operands'
  /// own bounds must have been right.
  Interval fitting(Interval bounds, IntegerType element,
                   ArrayRef<Value> operandValid) {
    unsigned width = element.getWidth();
    int64_t lowest = -(int64_t(1) << (width - 1));
    int64_t highest = (int64_t(1) << (width - 1)) - 1;
    // One statement per op, so that they are built in a fixed order.
    Value aboveLowest =
        compare(cuda_tile::ComparisonPredicate::GreaterThanOrEqual, bounds.min,
                getI64(lowest));
    Value belowHighest =
        compare(cuda_tile::ComparisonPredicate::LessThanOrEqual, bounds.max,
                getI64(highest));
    Value valid = cuda_tile::AndIOp::create(b, loc, aboveLowest, belowHighest);
    for (Value v : operandValid)
      if (v)
        valid = cuda_tile::AndIOp::create(b, loc, valid, v);
    bounds.valid = valid;
    return bounds;
  }

  Value widen(Value scalar, IntegerType element) {
    if (element.getWidth() == 64)
      return scalar;
    Value &wide = widened[scalar];
    if (!wide)
      wide = cuda_tile::ExtIOp::create(b, loc, getScalarType(b.getI64Type()),
                                       scalar, cuda_tile::Signedness::Signed);
    return wide;
  }

  Value getI64(int64_t v) {
    Value &constant = constants[v];
    if (constant)
      return constant;
    auto attr = DenseIntElementsAttr::get(
        RankedTensorType::get({}, b.getI64Type()),
        APInt(64, static_cast<uint64_t>(v), /*isSigned=*/true));
    constant = cuda_tile::ConstantOp::create(
        b, loc, getScalarType(b.getI64Type()), attr);
    return constant;
  }

  Value compare(cuda_tile::ComparisonPredicate predicate, Value lhs,
                Value rhs) {
    return cuda_tile::CmpIOp::create(b, loc, predicate, lhs, rhs,
                                     cuda_tile::Signedness::Signed);
  }

  OpBuilder &b;
  Location loc;
  /// What was built for each value, so that shared subexpressions are
  /// built once.
  DenseMap<Value, Value> uniforms;
  DenseMap<Value, std::optional<Interval>> intervals;
  DenseMap<Value, Value> widened;
  std::map<int64_t, Value> constants;
};

bool isInLoop(Operation *op) {
  return op->getParentOfType<cuda_tile::ForOp>() ||
         op->getParentOfType<cuda_tile::LoopOp>();
}

/// Moves into `region`, in order, the side-effect-free ops of `block` that
/// only `region` uses, starting from the definition of `root`.
void sinkExclusiveDefs(Value root, Block *block, Region &region,
                       Operation *before) {
  llvm::SetVector<Operation *> moved;
  SmallVector<Value> worklist{root};
  while (!worklist.empty()) {
    Operation *def = worklist.pop_back_val().getDefiningOp();
    if (!def || def->getBlock() != block || moved.contains(def) ||
        !isPure(def) || def->getNumRegions() != 0)
      continue;
    bool exclusive = llvm::all_of(def->getUsers(), [&](Operation *user) {
      return region.isAncestor(user->getParentRegion()) ||
             moved.contains(user);
    });
    if (!exclusive)
      continue;
    moved.insert(def);
    llvm::append_range(worklist, def->getOperands());
  }
  SmallVector<Operation *> ordered(moved.begin(), moved.end());
  llvm::sort(ordered, [](Operation *a, Operation *c) {
    return a->isBeforeInBlock(c);
  });
  for (Operation *op : ordered)
    op->moveBefore(before);
}

/// Whether every element of `v` is provably equal (MaskBounds::getUniform
/// finds the value), without building anything.
bool isUniform(Value v) {
  auto type = dyn_cast<cuda_tile::TileType>(v.getType());
  if (!type)
    return false;
  if (type.getShape().empty())
    return true;
  Operation *def = v.getDefiningOp();
  if (!def)
    return false;
  if (auto constant = dyn_cast<cuda_tile::ConstantOp>(def)) {
    auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
    return dense && dense.isSplat();
  }
  if (isUniformPreserving(def))
    return llvm::all_of(def->getOperands(), isUniform);
  return false;
}

/// Rewrites `select` into an `if` on the scalar test, when there is one;
/// returns whether it did.
bool unswitch(cuda_tile::SelectOp select) {
  auto type = dyn_cast<cuda_tile::TileType>(select.getType());
  Value cond = select.getCond();
  // A uniform condition is a scalar choice already.
  if (!type || type.getNumElements() < kMinElements || !isInLoop(select) ||
      isUniform(cond))
    return false;
  Block *block = select->getBlock();
  Operation *before = select->getPrevNode();
  OpBuilder b(select);
  Location loc = select.getLoc();
  MaskBounds bounds(b, loc);
  Value test = bounds.getAllTrue(cond);
  // What the analysis built (between `before` and the select): parts of it
  // may be unused (a side of an `ori` that had no bounds), or all of it.
  SmallVector<Operation *> created;
  for (Operation *op = before ? before->getNextNode() : &block->front();
       op != select.getOperation(); op = op->getNextNode())
    created.push_back(op);
  auto eraseUnused = [&] {
    for (Operation *op : llvm::reverse(created))
      if (op->use_empty())
        op->erase();
  };
  if (!test) {
    eraseUnused();
    return false;
  }

  auto ifOp = cuda_tile::IfOp::create(b, loc, TypeRange{type}, test,
                                      /*withElseRegion=*/true);
  b.setInsertionPointToStart(ifOp.getThenBlock());
  cuda_tile::YieldOp::create(b, loc, ValueRange{select.getValIfTrue()});
  b.setInsertionPointToStart(ifOp.getElseBlock());
  auto elseYield = cuda_tile::YieldOp::create(b, loc, ValueRange{});
  select.getResult().replaceAllUsesWith(ifOp.getResult(0));
  select->moveBefore(elseYield);
  elseYield->setOperands(ValueRange{select.getResult()});
  sinkExclusiveDefs(cond, block, ifOp.getElseRegion(), select);
  eraseUnused();
  return true;
}

struct UnswitchMasksPass
    : public tilegpu::impl::TileIRUnswitchMasksPassBase<UnswitchMasksPass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation()->walk([&](cuda_tile::EntryOp entry) {
      if (llvm::is_contained(keepKernels, entry.getSymName()))
        return;
      SmallVector<cuda_tile::SelectOp> selects;
      entry.walk(
          [&](cuda_tile::SelectOp select) { selects.push_back(select); });
      bool changed = false;
      for (cuda_tile::SelectOp select : selects)
        changed |= unswitch(select);
      if (changed)
        entry->setAttr(tilegpu::kUnswitchedMasksAttrName,
                       UnitAttr::get(entry.getContext()));
    });
  }
};

} // namespace
