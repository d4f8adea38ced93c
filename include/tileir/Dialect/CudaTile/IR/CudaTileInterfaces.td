//===- CudaTileInterfaces.td - cuda_tile interfaces --------*- tablegen -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Attribute and type interfaces of the cuda_tile dialect.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_CUDATILEINTERFACES_TD
#define TILEIR_DIALECT_CUDATILE_IR_CUDATILEINTERFACES_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

//===----------------------------------------------------------------------===//
// AssumePredicateAttrInterface
//===----------------------------------------------------------------------===//

def CudaTile_AssumePredicateAttrInterface
    : AttrInterface<"AssumePredicateAttrInterface"> {
  let cppNamespace = "::mlir::cuda_tile";
  let description = [{
    Implemented by every attribute that may serve as the predicate of
    `cuda_tile.assume` (`div_by`, `same_elements`, `bounded`). The predicate
    is checked against the type of the value it constrains; the checks that
    do not depend on that type live in the attribute's own verifier.
  }];
  let methods = [
    InterfaceMethod<[{
        Verifies that this predicate may constrain a value of type
        `constrainedType`. Reports problems through `emitError` (the assume
        op passes its `emitOpError`).
      }],
      "::mlir::LogicalResult", "verifyPredicate",
      (ins "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$emitError,
           "::mlir::Type":$constrainedType)>
  ];
}

//===----------------------------------------------------------------------===//
// TileView
//===----------------------------------------------------------------------===//

def CudaTile_TileViewInterface : TypeInterface<"TileView"> {
  let cppNamespace = "::mlir::cuda_tile";
  let description = [{
    A view of a `tensor_view` through which whole tiles are loaded and
    stored: an index space of tile coordinates, plus a rule that maps each
    coordinate to the elements of one tile. Every tile of a view has the same
    type. Implemented by `partition_view`, `strided_view` and
    `gather_scatter_view`.
  }];
  let methods = [
    InterfaceMethod<[{
        Returns the rank of the index space, i.e. the number of indices a
        load or store through this view takes.
      }],
      "size_t", "getViewIndexRank", (ins)>,
    InterfaceMethod<[{
        Returns the shape of the tiles loaded from or stored to this view.
      }],
      "::llvm::ArrayRef<int32_t>", "getViewTileShape", (ins)>,
    InterfaceMethod<[{
        Returns the element type of the underlying tensor_view.
      }],
      "::mlir::Type", "getViewElementType", (ins)>,
    InterfaceMethod<[{
        Returns the type of the tiles loaded from or stored to this view:
        `tile<tile-shape x element-type>`.
      }],
      "::mlir::Type", "getViewTileType", (ins)>,
    InterfaceMethod<[{
        Returns the tensor_view this view looks into (as a Type: the
        interface is declared before the types; getViewTensorView() returns
        it with its class).
      }],
      "::mlir::Type", "getViewTensorViewType", (ins)>,
    InterfaceMethod<[{
        Returns the padding value read for out-of-bounds elements, or a null
        attribute when out-of-bounds reads are unspecified.
      }],
      "::mlir::cuda_tile::PaddingValueAttr", "getViewPaddingValue", (ins)>,
    InterfaceMethod<[{
        Verifies the types of the index operands of a load or store through
        this view (their number is checked by the caller against
        getViewIndexRank()). Views differ here: a gather_scatter_view takes
        a 1-D tile at its sparse dimension, the others take rank-0 tiles.
      }],
      "::mlir::LogicalResult", "verifyIndices",
      (ins "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$emitError,
           "::mlir::TypeRange":$indexTypes)>
  ];
  let extraClassDeclaration = [{
    /// Returns the tensor_view this view looks into.
    ::mlir::cuda_tile::TensorViewType getViewTensorView() const;
  }];
}

#endif // TILEIR_DIALECT_CUDATILE_IR_CUDATILEINTERFACES_TD
