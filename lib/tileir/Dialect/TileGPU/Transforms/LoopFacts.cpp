//===- LoopFacts.cpp - What the loop rewrites ask of a loop ---------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TileGPU/Transforms/LoopFacts.h"

#include "tileir/Dialect/TileGPU/IR/TileGPU.h"

using namespace mlir;
using namespace mlir::tilegpu;

int64_t tilegpu::getComputeWarps(cuda_tile::EntryOp entry) {
  if (auto attr = entry->getAttrOfType<IntegerAttr>(kNumWarpsAttrName))
    return attr.getInt();
  return 4;
}

bool tilegpu::leavesEarly(cuda_tile::ForOp loop, bool orReturns) {
  Operation *terminator = loop.getBody()->getTerminator();
  bool early = false;
  loop.getBody()->walk([&](Operation *op) {
    if ((isa<cuda_tile::ContinueOp, cuda_tile::BreakOp>(op) &&
         op != terminator) ||
        (orReturns && isa<cuda_tile::ReturnOp>(op)))
      early = true;
  });
  return early;
}

bool tilegpu::writesGlobalMemory(cuda_tile::ForOp loop) {
  WalkResult result = loop.getBody()->walk([](Operation *op) {
    if (isa<cuda_tile::StoreViewTkoOp, cuda_tile::StorePtrTkoOp,
            cuda_tile::AtomicRMWTkoOp, cuda_tile::AtomicCASTkoOp,
            cuda_tile::AtomicRedViewTkoOp>(op))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

Value mlir::tilegpu::createIntConstant(OpBuilder &b, Location loc, Type type,
                                       int64_t v) {
  auto tile = cast<cuda_tile::TileType>(type);
  auto element = cast<IntegerType>(tile.getElementType());
  auto attr = DenseIntElementsAttr::get(
      RankedTensorType::get({}, element),
      APInt(element.getWidth(), static_cast<uint64_t>(v), /*isSigned=*/true));
  return cuda_tile::ConstantOp::create(b, loc, type, attr);
}

cuda_tile::TileType mlir::tilegpu::withExtent(Type type, unsigned dim,
                                              int64_t extent) {
  auto tile = cast<cuda_tile::TileType>(type);
  SmallVector<int64_t> shape(tile.getShape());
  shape[dim] = extent;
  return cuda_tile::TileType::get(shape, tile.getElementType());
}
