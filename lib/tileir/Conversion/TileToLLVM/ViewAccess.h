//===- ViewAccess.h - Addressing the elements of a view access --*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What every access through a view needs: the lowered view's fields, the
// static facts of its type and of the program (divisors from `assume`), the
// padding value, and the per-register addresses and in-bounds predicates of
// a tile in any layout, with the vector width the facts allow. Used by view
// loads and stores (MemoryToLLVM.cpp) and by asynchronous copies
// (AsyncCopyToLLVM.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_LIB_CONVERSION_TILETOLLVM_VIEWACCESS_H
#define TILEIR_LIB_CONVERSION_TILETOLLVM_VIEWACCESS_H

#include "MemoryAccess.h"

#include "mlir/Transforms/DialectConversion.h"

#include <optional>

namespace tileir::lowering {

//===----------------------------------------------------------------------===//
// View structs and types
//===----------------------------------------------------------------------===//

/// The fields of a lowered view.
struct ViewFields {
  mlir::Value base;
  llvm::SmallVector<mlir::Value> sizes;
  llvm::SmallVector<mlir::Value> strides;
};

ViewFields unpackView(mlir::OpBuilder &b, mlir::Location loc, mlir::Value view,
                      unsigned rank);

/// What the lowerings need of a view type, the same for every kind of view.
struct ViewShape {
  mlir::cuda_tile::TensorViewType tensorType;
  llvm::SmallVector<int64_t> tileShape;
  /// Tile dim -> tensor dim.
  llvm::SmallVector<unsigned> dimMap;
  /// The tile origin along tile dim k is index[k] * steps[k] (the tile size,
  /// the traversal stride of a strided view, or 1 at the dense dims of a
  /// gather/scatter view, which are element offsets); unused at the sparse
  /// dim.
  llvm::SmallVector<int64_t> steps;
  /// The dim of a gather/scatter view whose rows come from an index tile.
  std::optional<unsigned> sparseDim;
  mlir::cuda_tile::PaddingValueAttr padding;

  unsigned getRank() const { return tileShape.size(); }
};

std::optional<ViewShape> getViewShape(mlir::Type type);

using ::tileir::findTensorView;
using ::tileir::getStaticDivisor;
using ::tileir::getTensorFacts;
using ::tileir::TensorFacts;

//===----------------------------------------------------------------------===//
// Padding
//===----------------------------------------------------------------------===//

/// The value read for out-of-bounds elements, or null when it is
/// unspecified (no padding value).
mlir::FailureOr<mlir::Value>
getPaddingValue(mlir::OpBuilder &b, mlir::Location loc, mlir::Type tileElement,
                mlir::Type llvmElement,
                mlir::cuda_tile::PaddingValueAttr padding);

//===----------------------------------------------------------------------===//
// Versioning on a uniform condition
//===----------------------------------------------------------------------===//

/// When an access is vectorized, and under which run-time condition.
struct VectorPlan {
  /// Elements per access on the vector path; 1 when there is none.
  unsigned width = 1;
  /// Null: the vector path needs no check. Otherwise the i1 that selects it.
  mlir::Value condition;
};

/// Emits `body(width)` guarded by `plan` and `body(1)` otherwise (or only the
/// version that applies), joining the values both produce.
mlir::FailureOr<llvm::SmallVector<mlir::Value>>
emitVersioned(mlir::ConversionPatternRewriter &rewriter, mlir::Location loc,
              const VectorPlan &plan, mlir::TypeRange resultTypes,
              llvm::function_ref<
                  mlir::FailureOr<llvm::SmallVector<mlir::Value>>(unsigned)>
                  body);

//===----------------------------------------------------------------------===//
// View access addressing
//===----------------------------------------------------------------------===//

/// Addresses and in-bounds predicates of the registers of a view access.
class ViewAccess {
public:
  /// One access: `width` consecutive registers from `reg`.
  struct Group {
    int64_t reg;
    mlir::Value address;
    /// Null when always in bounds.
    mlir::Value inBounds;
  };

  ViewAccess(const ViewShape &shape, const LinearLayout &layout,
             const MemoryElement &element)
      : shape(shape), layout(layout), element(element) {}

  /// Computes what all registers share, at the insertion point. `view` is
  /// the original view value (for its facts), `loweredView` its struct,
  /// `indices` the converted index operands and `indexTypes` their types.
  mlir::LogicalResult setUp(mlir::ConversionPatternRewriter &rewriter,
                            mlir::Location loc, mlir::Operation *op,
                            mlir::Value view, mlir::Value loweredView,
                            mlir::ValueRange indices,
                            mlir::TypeRange indexTypes, const ThreadIds &ids);

  /// The vector width and its run-time condition (emitted at the insertion
  /// point, which must dominate both versions).
  VectorPlan planVectors(mlir::OpBuilder &b, mlir::Location loc,
                         int64_t maxWidth = 16) const;

  /// The accesses of `width` registers each, skipping the groups whose
  /// first register `skip` rejects.
  llvm::SmallVector<Group>
  emitGroups(mlir::OpBuilder &b, mlir::Location loc, unsigned width,
             llvm::function_ref<bool(int64_t)> skip) const;

  /// 4-bit elements: the byte and nibble position (getPackedNibble) of the
  /// element at group address `address`.
  std::pair<mlir::Value, mlir::Value>
  getNibble(mlir::OpBuilder &b, mlir::Location loc, mlir::Value address) const;

private:
  mlir::Value getStrideTimes(mlir::OpBuilder &b, mlir::Location loc,
                             unsigned tensorDim, mlir::Value coordinate) const;
  mlir::Value getRegisterStrideTimes(mlir::OpBuilder &b, mlir::Location loc,
                                     unsigned tensorDim,
                                     int64_t coordinate) const;
  std::optional<int64_t> getStaticStride(unsigned tensorDim) const {
    int64_t s = shape.tensorType.getStrides()[tensorDim];
    if (s == mlir::ShapedType::kDynamic)
      return std::nullopt;
    return s;
  }

  const ViewShape &shape;
  const LinearLayout &layout;
  const MemoryElement &element;
  ViewFields fields;
  TensorFacts facts;
  mlir::Type memoryType;
  /// Per tile dim: the tile origin (i64), null at a sparse dim.
  llvm::SmallVector<mlir::Value> origins;
  /// Per tile dim: the valid coordinates left (i32), null if always all.
  llvm::SmallVector<mlir::Value> limits;
  /// Per tile dim: the lane/warp part of the coordinates (i32).
  llvm::SmallVector<mlir::Value> threadCoords;
  /// Per tile dim: register and thread bits of the coordinate are disjoint,
  /// so the coordinate is their sum.
  llvm::SmallVector<bool> disjoint;
  /// In-tile offsets fit in 32 bits.
  bool offsets32 = false;
  /// Address of the element at the thread part of the coordinates.
  mlir::Value threadBase;
  /// 4-bit elements: the view's base. Group addresses then count elements
  /// from a null base (one unit per element), which getNibble turns into
  /// a byte of this base and a nibble.
  mlir::Value packedBase;
  /// Gather/scatter: per register the row (i64) and whether it is in bounds.
  llvm::SmallVector<mlir::Value> rows;
  llvm::SmallVector<mlir::Value> rowInBounds;
};

} // namespace tileir::lowering

#endif // TILEIR_LIB_CONVERSION_TILETOLLVM_VIEWACCESS_H
