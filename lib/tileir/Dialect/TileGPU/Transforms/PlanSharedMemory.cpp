//===- PlanSharedMemory.cpp - Size each kernel's shared-memory arena ------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Shared memory serves as transient scratch: an operation that moves data
// between threads stores its operand there, synchronizes and reads what it
// needs, and is done with it when it returns. One arena per kernel therefore
// suffices, sized to the largest single need.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TileGPU/Transforms/Passes.h"
#include "tileir/Dialect/TileGPU/Transforms/SharedMemory.h"

#include "mlir/IR/BuiltinTypes.h"

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
  int64_t bytes = isa<cuda_tile::PointerType>(element)
                      ? 8
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

int64_t tilegpu::getScratchBytes(Operation *op) {
  if (std::optional<int64_t> bytes = getMemoryScratchBytes(op))
    return *bytes;
  // Reductions and scans run their combiner over the whole tile.
  if (isa<cuda_tile::ReduceOp, cuda_tile::ScanOp>(op)) {
    int64_t total = 0;
    for (Type type : op->getOperandTypes())
      total += getTileStorageBytes(type);
    return total;
  }
  // Element-wise operations, control flow and memory accesses need no
  // scratch: each thread works on the registers it holds.
  if (op->hasTrait<OpTrait::Elementwise>() || op->getNumRegions() > 0)
    return 0;
  if (isa<cuda_tile::ConstantOp, cuda_tile::IotaOp, cuda_tile::AssumeOp,
          cuda_tile::MakeTokenOp, cuda_tile::JoinTokensOp>(op))
    return 0;
  int64_t bytes = 0;
  for (Type type : op->getOperandTypes())
    bytes = std::max(bytes, getTileStorageBytes(type));
  for (Type type : op->getResultTypes())
    bytes = std::max(bytes, getTileStorageBytes(type));
  // Matrix products stage both operands.
  if (isa<cuda_tile::MmaFOp, cuda_tile::MmaIOp>(op)) {
    int64_t total = 0;
    for (Type type : op->getOperandTypes())
      total += getTileStorageBytes(type);
    bytes = std::max(bytes, total);
  }
  return bytes;
}

namespace {
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
      int64_t bytes = 0;
      entry.walk([&](Operation *op) {
        bytes = std::max(bytes, getScratchBytes(op));
      });
      // 16-byte granules keep vector accesses aligned.
      bytes = llvm::alignTo(bytes, 16);
      entry->setAttr(kSharedBytesAttrName,
                     IntegerAttr::get(IntegerType::get(&getContext(), 64),
                                      bytes));
    }
  }
};
} // namespace
