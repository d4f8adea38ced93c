//===- CudaTile.h - cuda_tile dialect, types, attributes, ops ---*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The one header clients include for the cuda_tile dialect.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_CUDATILE_H
#define TILEIR_DIALECT_CUDATILE_IR_CUDATILE_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tileir/Dialect/CudaTile/IR/CudaTileDialect.h.inc"
#include "tileir/Dialect/CudaTile/IR/CudaTileEnums.h.inc"

namespace mlir::cuda_tile {

class TensorViewType;
class PaddingValueAttr;

//===----------------------------------------------------------------------===//
// Debug-information attribute groups
//===----------------------------------------------------------------------===//

/// Any debug-information node: di_compile_unit, di_file, di_subprogram or
/// di_lexical_block.
class DINodeAttr : public Attribute {
public:
  using Attribute::Attribute;
  static bool classof(Attribute attr);
};

/// A debug-information scope: di_compile_unit, di_file or a local scope.
class DIScopeAttr : public DINodeAttr {
public:
  using DINodeAttr::DINodeAttr;
  static bool classof(Attribute attr);
};

/// A scope inside a function: di_subprogram or di_lexical_block. These are
/// the scopes a di_loc may name.
class DILocalScopeAttr : public DIScopeAttr {
public:
  using DIScopeAttr::DIScopeAttr;
  static bool classof(Attribute attr);
};

} // namespace mlir::cuda_tile

#include "tileir/Dialect/CudaTile/IR/CudaTileAttrInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tileir/Dialect/CudaTile/IR/CudaTileAttrs.h.inc"

#include "tileir/Dialect/CudaTile/IR/CudaTileTypeInterfaces.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tileir/Dialect/CudaTile/IR/CudaTileTypes.h.inc"

#include "tileir/Dialect/CudaTile/IR/CudaTileInterfaces.h.inc"

#define GET_OP_CLASSES
#include "tileir/Dialect/CudaTile/IR/CudaTileOps.h.inc"

namespace mlir::cuda_tile {

//===----------------------------------------------------------------------===//
// Type helpers
//===----------------------------------------------------------------------===//

/// The largest number of elements a tile may hold.
constexpr int64_t kMaxTileNumElements = int64_t(1) << 24;

/// Whether `type` is an integer type CUDA Tile IR computes with: i1, i8, i16,
/// i32 or i64 (not i4, which is storage only).
bool isIntegerElementType(Type type);

/// Whether `type` is one of the CUDA Tile IR float types: f16, bf16, f32,
/// tf32, f64, f8E4M3FN, f8E5M2, f8E8M0FNU, f4E2M1FN.
bool isFloatElementType(Type type);

/// Whether `type` is a number type (integer or float element type).
bool isNumberType(Type type);

/// Whether `type` may be the element type of a tile: a number type, i4 or a
/// pointer.
bool isTileElementType(Type type);

/// Whether `type` is a pointer or a tile of pointers.
bool isPointerLike(Type type);

/// Returns a tile of i1 with the shape (and encoding) of tile `type`, the
/// type of comparisons and masks.
TileType getI1TileOfSameShape(TileType type);

/// Verifies the shape of a tile: every dimension a power of two greater
/// than 0, at most kMaxTileNumElements elements in total.
LogicalResult verifyTileShape(function_ref<InFlightDiagnostic()> emitError,
                              ArrayRef<int64_t> shape);

//===----------------------------------------------------------------------===//
// Debug-information helpers
//===----------------------------------------------------------------------===//

/// Returns the di_loc that `loc` carries, looking through name, fused,
/// opaque and call-site (caller side) locations, or null.
DILocAttr findDILoc(Location loc);

/// Returns the subprogram that `scope` belongs to (itself, or the subprogram
/// a chain of lexical blocks leads to), or null.
DISubprogramAttr getEnclosingSubprogram(DILocalScopeAttr scope);

} // namespace mlir::cuda_tile

#endif // TILEIR_DIALECT_CUDATILE_IR_CUDATILE_H
