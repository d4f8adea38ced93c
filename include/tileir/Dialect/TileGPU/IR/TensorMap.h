//===- TensorMap.h - Facts of the input program, TMA tile plans -*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What both the pipeliner and the lowering need to know about a view: the
// divisors the input program proves (`assume div_by`, constants), and how
// one tile of a partition view lands in a swizzled shared buffer through
// TMA: the tensor map's dims and box, and how many copies a tile takes.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TILEGPU_IR_TENSORMAP_H
#define TILEIR_DIALECT_TILEGPU_IR_TENSORMAP_H

#include "tileir/Dialect/TileGPU/IR/TileGPU.h"

#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace tileir {

//===----------------------------------------------------------------------===//
// Facts from the input program
//===----------------------------------------------------------------------===//

/// The value of `value` (a cuda_tile value of the input program) if it is a
/// rank-0 integer constant, looking through `assume`.
std::optional<int64_t> getConstantIntValue(mlir::Value value);

/// A power of two known to divide `value`: an integer scalar, a pointer (in
/// bytes) or a tensor_view (its base address, in bytes), from `div_by`
/// assumptions and constants, looking through `assume` and the view
/// constructors. 1 when nothing is known.
uint64_t getKnownDivisor(mlir::Value value);

/// The largest power of two dividing `value` (1 for values <= 0).
uint64_t getStaticDivisor(int64_t value);

/// The make_tensor_view behind view `value` of the input program, if it is
/// visible (not a kernel parameter or a value carried by control flow).
mlir::cuda_tile::MakeTensorViewOp findTensorView(mlir::Value value);

/// Known divisors of a tensor view's base address (bytes), sizes and strides
/// (elements).
struct TensorFacts {
  uint64_t base = 1;
  llvm::SmallVector<uint64_t> sizes;
  llvm::SmallVector<uint64_t> strides;
};

TensorFacts getTensorFacts(mlir::Value view,
                           mlir::cuda_tile::TensorViewType type);

//===----------------------------------------------------------------------===//
// TMA copies of partition-view tiles
//===----------------------------------------------------------------------===//

/// How a tile of a partition view is copied by TMA into a buffer laid out by
/// SharedMemoryLayout::getMmaSwizzled: the tensor map has the tensor's
/// rank, its dim 0 the tensor's innermost (stride 1) dim; a box is one
/// swizzle-wide column block of the tile, so a tile takes `blocks` copies,
/// `blockBytes` apart in the buffer.
struct TensorMapPlan {
  /// Tensor-map dim j -> tensor dim (rank - 1 - j).
  unsigned rank = 0;
  /// Tensor-map dim j -> the tile dim along it (its tile index times its
  /// extent is the box origin).
  llvm::SmallVector<unsigned, 5> tileDims;
  /// Tensor-map dim j -> the tile's extent along it.
  llvm::SmallVector<int64_t, 5> tileExtents;
  /// Box extent per tensor-map dim.
  llvm::SmallVector<int32_t, 5> box;
  unsigned elementBytes = 0;
  /// tensormap.replace encodings: U8/U16/U32 and 32/64/128-byte swizzle.
  unsigned elementType = 0;
  unsigned swizzleMode = 0;
  int64_t blocks = 0;
  int64_t blockBytes = 0;

  int64_t getTileBytes() const { return blocks * blockBytes; }
  unsigned getTensorDim(unsigned j) const { return rank - 1 - j; }
};

/// The plan for copying tiles of `view` (a partition view type) into a
/// buffer of type `buffer` (its stages alike), or failure with the reason
/// in `why`. Only the types matter; isTensorMapAligned checks the values.
mlir::FailureOr<TensorMapPlan>
planTensorMap(mlir::Type view, mlir::tilegpu::SMemType buffer,
              std::string *why = nullptr);

/// Whether the input program proves what a tensor map of `view` needs at
/// run time: a 16-byte aligned base and outer strides that are multiples of
/// 16 bytes.
bool isTensorMapAligned(mlir::Value view, const TensorMapPlan &plan);

} // namespace tileir

#endif // TILEIR_DIALECT_TILEGPU_IR_TENSORMAP_H
