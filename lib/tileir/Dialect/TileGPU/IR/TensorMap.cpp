//===- TensorMap.cpp - Facts of the input program, TMA tile plans ---------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TileGPU/IR/TensorMap.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tileir;

//===----------------------------------------------------------------------===//
// Facts from the input program
//===----------------------------------------------------------------------===//

std::optional<int64_t> tileir::getConstantIntValue(Value value) {
  while (value) {
    if (auto assume = value.getDefiningOp<cuda_tile::AssumeOp>()) {
      value = assume.getValue();
      continue;
    }
    auto constant = value.getDefiningOp<cuda_tile::ConstantOp>();
    if (!constant)
      return std::nullopt;
    auto attr = dyn_cast<DenseIntElementsAttr>(constant.getValue());
    if (!attr || !attr.isSplat())
      return std::nullopt;
    return attr.getSplatValue<APInt>().getSExtValue();
  }
  return std::nullopt;
}

uint64_t tileir::getKnownDivisor(Value value) {
  // Large enough for any alignment question; keeps products in range.
  constexpr uint64_t kMaxDivisor = uint64_t(1) << 32;
  uint64_t known = 1;
  for (unsigned depth = 0; value && depth < 16; ++depth) {
    Operation *def = value.getDefiningOp();
    if (!def)
      break;
    if (auto assume = dyn_cast<cuda_tile::AssumeOp>(def)) {
      if (auto divBy = dyn_cast<cuda_tile::DivByAttr>(assume.getPredicate()))
        if (!divBy.getEvery() && llvm::isPowerOf2_64(divBy.getDivisor()))
          known = std::max(known, std::min(divBy.getDivisor(), kMaxDivisor));
      value = assume.getValue();
      continue;
    }
    if (auto constant = dyn_cast<cuda_tile::ConstantOp>(def)) {
      if (std::optional<int64_t> v = getConstantIntValue(constant)) {
        uint64_t magnitude = static_cast<uint64_t>(*v);
        if (magnitude == 0)
          return kMaxDivisor;
        known = std::max(known, std::min(uint64_t(1) << llvm::countr_zero(
                                                             magnitude),
                                          kMaxDivisor));
      }
      break;
    }
    if (auto tensorView = dyn_cast<cuda_tile::MakeTensorViewOp>(def)) {
      value = tensorView.getBase();
      continue;
    }
    if (isa<cuda_tile::MakePartitionViewOp, cuda_tile::MakeStridedViewOp,
            cuda_tile::MakeGatherScatterViewOp>(def)) {
      value = def->getOperand(0);
      continue;
    }
    break;
  }
  return known;
}


cuda_tile::MakeTensorViewOp tileir::findTensorView(Value value) {
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

uint64_t tileir::getStaticDivisor(int64_t value) {
  if (value <= 0)
    return 1;
  return uint64_t(1) << llvm::countr_zero(static_cast<uint64_t>(value));
}

TensorFacts tileir::getTensorFacts(Value view, cuda_tile::TensorViewType type) {
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
// TMA copies of partition-view tiles
//===----------------------------------------------------------------------===//

static LogicalResult fail(std::string *why, const llvm::Twine &message) {
  if (why)
    *why = message.str();
  return failure();
}

FailureOr<TensorMapPlan> tileir::planTensorMap(Type view,
                                               tilegpu::SMemType buffer,
                                               std::string *why) {
  auto partition = dyn_cast<cuda_tile::PartitionViewType>(view);
  if (!partition)
    return fail(why, "the view is not a partition view");
  cuda_tile::PaddingValueAttr padding = partition.getPaddingValue();
  if (padding && padding.getValue() != cuda_tile::PaddingValue::Zero)
    return fail(why, "the view pads with a value other than zero");
  cuda_tile::TensorViewType tensor = partition.getTensorView();
  ArrayRef<int64_t> strides = tensor.getStrides();
  unsigned rank = strides.size();
  ArrayRef<int32_t> tile = partition.getTileShape().asArrayRef();
  ArrayRef<int32_t> dimMap = partition.getDimMap();
  if (rank < 2 || rank > 5 || tile.size() != rank ||
      (!dimMap.empty() && dimMap.size() != rank))
    return fail(why, "tensor maps have 2 to 5 dims");
  if (strides[rank - 1] != 1)
    return fail(why, "the innermost stride is not 1");
  Type element = tensor.getElementType();
  if (!element.isIntOrFloat() || element != buffer.getElementType())
    return fail(why, "the buffer holds another element type");
  unsigned bits = element.getIntOrFloatBitWidth();
  if (bits != 8 && bits != 16 && bits != 32)
    return fail(why, "elements are not 1, 2 or 4 bytes");
  TensorMapPlan plan;
  plan.rank = rank;
  plan.elementBytes = bits / 8;
  plan.elementType = llvm::Log2_32(plan.elementBytes);
  // Tile dim -> tensor dim, and the tile dims the buffer keeps.
  SmallVector<unsigned, 5> tensorDimOf;
  SmallVector<unsigned, 2> kept;
  for (unsigned k = 0; k < rank; ++k) {
    int32_t d = dimMap.empty() ? static_cast<int32_t>(k) : dimMap[k];
    if (d < 0 || static_cast<unsigned>(d) >= rank || tile[k] <= 0)
      return fail(why, "malformed partition view");
    tensorDimOf.push_back(static_cast<unsigned>(d));
    if (tile[k] != 1)
      kept.push_back(k);
  }
  ArrayRef<int64_t> shape = buffer.getShape();
  if (shape.size() != 2 || kept.size() != 2 || tile[kept[0]] != shape[0] ||
      tile[kept[1]] != shape[1])
    return fail(why, "the buffer is not the tile without its unit dims");
  std::optional<SharedMemoryLayout::MmaSwizzle> swizzle =
      buffer.getLayout().getSharedMemoryLayout().matchMmaSwizzled(
          plan.elementBytes);
  if (!swizzle)
    return fail(why, "the buffer is not in an MMA swizzle");
  unsigned contiguous = kept[swizzle->contiguousDim];
  unsigned rows = kept[1 - swizzle->contiguousDim];
  if (tensorDimOf[contiguous] != rank - 1)
    return fail(why, "the buffer's contiguous dim is not the tensor's");
  // TMA swizzles by shared address bits: every box must start where the
  // pattern does (8 lines of the swizzle width).
  if (tile[rows] % 8 != 0 || tile[rows] > 256)
    return fail(why, "the tile's rows are not a multiple of 8 up to 256");
  int64_t width = swizzle->swizzleBytes / plan.elementBytes;
  plan.swizzleMode = llvm::Log2_32(swizzle->swizzleBytes / 16);
  plan.blocks = tile[contiguous] / width;
  plan.blockBytes = static_cast<int64_t>(swizzle->swizzleBytes) * tile[rows];
  for (unsigned j = 0; j < rank; ++j) {
    unsigned d = rank - 1 - j;
    unsigned k = llvm::find(tensorDimOf, d) - tensorDimOf.begin();
    if (k == rank)
      return fail(why, "malformed partition view");
    plan.tileDims.push_back(k);
    plan.tileExtents.push_back(tile[k]);
    plan.box.push_back(j == 0 ? static_cast<int32_t>(width) : tile[k]);
  }
  return plan;
}

bool tileir::isTensorMapAligned(Value view, const TensorMapPlan &plan) {
  auto partition = dyn_cast<cuda_tile::PartitionViewType>(view.getType());
  if (!partition)
    return false;
  TensorFacts facts = getTensorFacts(view, partition.getTensorView());
  if (facts.base < 16 || facts.strides.size() != plan.rank)
    return false;
  for (unsigned d = 0; d + 1 < plan.rank; ++d)
    if (facts.strides[d] * plan.elementBytes % 16 != 0)
      return false;
  return true;
}
