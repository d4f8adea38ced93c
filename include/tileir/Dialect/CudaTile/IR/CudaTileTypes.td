//===- CudaTileTypes.td - cuda_tile types ------------------*- tablegen -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The types of CUDA Tile IR and the ODS constraints op definitions use.
//
// Constraints for op authors
// --------------------------
// Element types (scalars, never operands on their own):
//   CudaTile_AnyInt          i1, i8, i16, i32, i64 (the arithmetic integers;
//                            i4 is a storage-only type and not included)
//   CudaTile_AnyFloat        f16, bf16, f32, tf32, f64, f8E4M3FN, f8E5M2,
//                            f8E8M0FNU, f4E2M1FN
//   CudaTile_NumberType      CudaTile_AnyInt or CudaTile_AnyFloat
//   CudaTile_TileElementType number type, i4, or !cuda_tile.ptr
//
// Tiles (cppType TileType, so accessors return TypedValue<TileType>):
//   CudaTile_AnyTile         any tile
//   CudaTile_IntTile         tile of CudaTile_AnyInt          (group "I")
//   CudaTile_FloatTile       tile of CudaTile_AnyFloat        (group "F")
//   CudaTile_NumberTile      tile of CudaTile_NumberType      (group "N")
//   CudaTile_PointerTile     tile of pointers                 (group "P")
//   CudaTile_I1Tile          tile of i1 (masks, conditions)
//   CudaTile_I8Tile, CudaTile_I32Tile, CudaTile_I64Tile
//   CudaTile_ScalarIntTile   rank-0 tile of CudaTile_AnyInt
//   CudaTile_ScalarI1Tile    rank-0 tile of i1 (buildable)
//   CudaTile_ScalarI32Tile   rank-0 tile of i32 (buildable)
//   CudaTile_ScalarPointerTile rank-0 tile of pointers
//   CudaTile_TileOf<[elements], [extra preds], "summary">   build your own
//   CudaTile_RankedTileOf<[elements], [ranks]>              e.g. 1-D tiles
//   CudaTile_ScalarTileOf<element>                          rank-0 tiles
//
// Views and other types:
//   CudaTile_TensorView      !cuda_tile.tensor_view
//   CudaTile_PartitionView, CudaTile_StridedView, CudaTile_GatherScatterView
//   CudaTile_TileView        any of the three views (cppType TileView, the
//                            type interface: tile shape, index rank, ...)
//   CudaTile_Pointer         !cuda_tile.ptr (a scalar pointer type; operands
//                            are tiles of pointers, see CudaTile_PointerTile)
//   CudaTile_Token           !cuda_tile.token (buildable)
//   CudaTile_AnyType         a number type or any cuda_tile type
//
// Inside op assembly formats, print and parse types with
// `custom<CudaTileType>(type($x))` (see CudaTileAsmUtils.h): it accepts
// `tile<...>` as well as `!cuda_tile.tile<...>` and prints the short form.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_CUDATILETYPES_TD
#define TILEIR_DIALECT_CUDATILE_IR_CUDATILETYPES_TD

include "mlir/IR/BuiltinTypeInterfaces.td"
include "mlir/IR/CommonTypeConstraints.td"
include "tileir/Dialect/CudaTile/IR/CudaTileBase.td"
include "tileir/Dialect/CudaTile/IR/CudaTileEnums.td"
include "tileir/Dialect/CudaTile/IR/CudaTileInterfaces.td"

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

/// A builtin scalar type usable in CUDA Tile IR, with its version.
class CudaTile_ElementType<Type t, string version, string summary>
    : TypeAlias<t, summary>, CudaTile_Versioned<version>;

def CudaTile_Int1 : CudaTile_ElementType<I1, "13.1", "i1">;
def CudaTile_Int4 : CudaTile_ElementType<I<4>, "13.3", "i4">;
def CudaTile_Int8 : CudaTile_ElementType<I8, "13.1", "i8">;
def CudaTile_Int16 : CudaTile_ElementType<I16, "13.1", "i16">;
def CudaTile_Int32 : CudaTile_ElementType<I32, "13.1", "i32">;
def CudaTile_Int64 : CudaTile_ElementType<I64, "13.1", "i64">;

def CudaTile_Float16 : CudaTile_ElementType<F16, "13.1", "f16">;
def CudaTile_BFloat16 : CudaTile_ElementType<BF16, "13.1", "bf16">;
def CudaTile_Float32 : CudaTile_ElementType<F32, "13.1", "f32">;
def CudaTile_TFloat32 : CudaTile_ElementType<TF32, "13.1", "tf32">;
def CudaTile_Float64 : CudaTile_ElementType<F64, "13.1", "f64">;
def CudaTile_Float8E4M3FN : CudaTile_ElementType<F8E4M3FN, "13.1", "f8E4M3FN">;
def CudaTile_Float8E5M2 : CudaTile_ElementType<F8E5M2, "13.1", "f8E5M2">;
def CudaTile_Float8E8M0FNU
    : CudaTile_ElementType<F8E8M0FNU, "13.2", "f8E8M0FNU">;
def CudaTile_Float4E2M1FN
    : CudaTile_ElementType<F4E2M1FN, "13.3", "f4E2M1FN">;

def CudaTile_AnyInt : AnyTypeOf<[CudaTile_Int1, CudaTile_Int8, CudaTile_Int16,
                                 CudaTile_Int32, CudaTile_Int64]>;

def CudaTile_AnyFloat : AnyTypeOf<[CudaTile_Float16, CudaTile_BFloat16,
                                   CudaTile_Float32, CudaTile_TFloat32,
                                   CudaTile_Float64, CudaTile_Float8E4M3FN,
                                   CudaTile_Float8E5M2, CudaTile_Float8E8M0FNU,
                                   CudaTile_Float4E2M1FN]>;

def CudaTile_NumberType : AnyTypeOf<[CudaTile_AnyInt, CudaTile_AnyFloat]>;

//===----------------------------------------------------------------------===//
// PointerType
//===----------------------------------------------------------------------===//

def CudaTile_PointerType : CudaTile_Type<"Pointer", "ptr"> {
  let summary = "pointer";
  let description = [{
    `ptr<T>` is the address of one element of type `T` in global memory.
    `T` is a number type (i4 is not allowed).

    ```mlir
    !cuda_tile.ptr<f32>
    !cuda_tile.tile<128xptr<f16>>
    ```
  }];
  let parameters = (ins "::mlir::Type":$pointeeType);
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$pointeeType), [{
      return $_get(pointeeType.getContext(), pointeeType);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// TileType
//===----------------------------------------------------------------------===//

def CudaTile_TileElementType
    : AnyTypeOf<[CudaTile_NumberType, CudaTile_Int4, CudaTile_PointerType]>;

def CudaTile_TileType : CudaTile_Type<"Tile", "tile", [ShapedTypeInterface]> {
  let summary = "tile";
  let description = [{
    A tile is a value with a static shape and an element type. Every
    dimension is a power of two, a tile holds at most 2^24 elements, and
    rank 0 (a scalar) is allowed. The element type is a number type, i4, or
    a pointer. An f4E2M1FN tile needs at least one dimension of even size,
    because two f4E2M1FN elements share a byte.

    A tile may carry an `encoding`: an attribute describing how the tile is
    distributed over the threads of a block, set by layout assignment. Input
    programs (and the bytecode) never have one; tiles that differ only in
    their encoding are different types.

    ```mlir
    !cuda_tile.tile<2x4xf32>
    !cuda_tile.tile<i32>
    !cuda_tile.tile<16xptr<f16>>
    !cuda_tile.tile<64x64xf16, #some.layout<...>>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t", "tile shape">:$shape,
                        "::mlir::Type":$elementType,
                        OptionalParameter<"::mlir::Attribute">:$encoding);
  let builders = [
    TypeBuilderWithInferredContext<(ins
        "::llvm::ArrayRef<int64_t>":$shape, "::mlir::Type":$elementType,
        CArg<"::mlir::Attribute", "{}">:$encoding), [{
      return $_get(elementType.getContext(), shape, elementType, encoding);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Tiles always have a rank (ShapedTypeInterface).
    bool hasRank() const { return true; }

    /// Returns a tile with the given shape (or this shape) and element type,
    /// and this tile's encoding (ShapedTypeInterface).
    TileType cloneWith(std::optional<::llvm::ArrayRef<int64_t>> shape,
                       ::mlir::Type elementType) const;

    /// Returns this tile without its encoding.
    TileType dropEncoding() const {
      return TileType::get(getShape(), getElementType());
    }
  }];
}

/// Any tile whose element type satisfies one of `allowedTypes` and whose
/// type satisfies `preds`.
class CudaTile_TileOf<list<Type> allowedTypes, list<Pred> preds = [],
                      string summary = "tile">
    : ShapedContainerType<allowedTypes,
          And<!listconcat(
              [CPred<"::llvm::isa<::mlir::cuda_tile::TileType>($_self)">],
              preds)>,
          summary, "::mlir::cuda_tile::TileType">;

/// A tile of one of the given ranks.
class CudaTile_RankedTileOf<list<Type> allowedTypes, list<int> ranks>
    : CudaTile_TileOf<allowedTypes, [HasAnyRankOfPred<ranks>],
          !interleave(!foreach(rank, ranks, rank # "-D"), "/") # " tile">;

/// A rank-0 tile; buildable when the element type is.
class CudaTile_ScalarTileOf<Type elementType>
    : CudaTile_RankedTileOf<[elementType], [0]>,
      SameBuildabilityAs<elementType,
          "::mlir::cuda_tile::TileType::get({}, " # elementType.builderCall
          # ")">;

def CudaTile_AnyTile : CudaTile_TileOf<[CudaTile_TileElementType]>;
def CudaTile_IntTile : CudaTile_TileOf<[CudaTile_AnyInt]>;
def CudaTile_FloatTile : CudaTile_TileOf<[CudaTile_AnyFloat]>;
def CudaTile_NumberTile : CudaTile_TileOf<[CudaTile_NumberType]>;
def CudaTile_PointerTile : CudaTile_TileOf<[CudaTile_PointerType]>;
def CudaTile_I1Tile : CudaTile_TileOf<[CudaTile_Int1]>;
def CudaTile_I8Tile : CudaTile_TileOf<[CudaTile_Int8]>;
def CudaTile_I32Tile : CudaTile_TileOf<[CudaTile_Int32]>;
def CudaTile_I64Tile : CudaTile_TileOf<[CudaTile_Int64]>;

def CudaTile_ScalarIntTile : CudaTile_RankedTileOf<[CudaTile_AnyInt], [0]>;
def CudaTile_ScalarI1Tile : CudaTile_ScalarTileOf<CudaTile_Int1>;
def CudaTile_ScalarI32Tile : CudaTile_ScalarTileOf<CudaTile_Int32>;
def CudaTile_ScalarPointerTile
    : CudaTile_RankedTileOf<[CudaTile_PointerType], [0]>;

//===----------------------------------------------------------------------===//
// TensorViewType
//===----------------------------------------------------------------------===//

def CudaTile_TensorViewType : CudaTile_Type<"TensorView", "tensor_view"> {
  let summary = "tensor_view";
  let description = [{
    A tensor_view describes a tensor in global memory: an element type, a
    shape and a stride per dimension, counted in elements. Sizes and strides
    are strictly positive or dynamic (`?`, stored as ShapedType::kDynamic);
    the dynamic ones are supplied when the view is made. A rank-0
    tensor_view has no strides. 4-bit element types are packed two to a
    byte, so such a view needs a unit-stride dimension of even size.

    ```mlir
    !cuda_tile.tensor_view<512x1024xf16, strides=[1024,1]>
    !cuda_tile.tensor_view<?x2xf32, strides=[1,?]>
    !cuda_tile.tensor_view<f32>
    ```
  }];
  let parameters = (ins
    "::mlir::Type":$elementType,
    ArrayRefParameter<"int64_t", "sizes (kDynamic for ?)">:$shape,
    ArrayRefParameter<"int64_t", "strides (kDynamic for ?)">:$strides
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Marks a dynamic size or stride.
    static constexpr int64_t kDynamic = ::mlir::ShapedType::kDynamic;

    int64_t getRank() const { return getShape().size(); }

    /// The number of dynamic sizes, i.e. of size operands a
    /// make_tensor_view of this type takes.
    size_t getNumDynamicSizes() const;

    /// The number of dynamic strides.
    size_t getNumDynamicStrides() const;
  }];
}

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

def CudaTile_PartitionViewType
    : CudaTile_Type<"PartitionView", "partition_view",
                    [DeclareTypeInterfaceMethods<CudaTile_TileViewInterface>]> {
  let summary = "partition_view";
  let description = [{
    A partition_view splits a tensor_view into tiles of shape `tile`, laid
    out edge to edge. `dim_map[i]` names the tensor_view dimension that tile
    dimension `i` runs along; it is a permutation, printed only when it is
    not the identity. Tiles that run past the end of the tensor read
    `padding_value` (unspecified without one) and are masked on stores.

    ```mlir
    !cuda_tile.partition_view<tile=(4x2),
        tensor_view<64x16xf32, strides=[16,1]>>
    !cuda_tile.partition_view<tile=(1x4), padding_value = nan,
        tensor_view<8x2xf32, strides=[2,1]>, dim_map=[1, 0]>
    ```
  }];
  let parameters = (ins
    "::mlir::DenseI32ArrayAttr":$tile_shape,
    "::mlir::cuda_tile::TensorViewType":$tensor_view,
    ArrayRefParameter<"int32_t", "tile dimension to tensor_view dimension">
        :$dim_map,
    OptionalParameter<"::mlir::cuda_tile::PaddingValueAttr">:$padding_value
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def CudaTile_StridedViewType
    : CudaTile_Type<"StridedView", "strided_view",
                    [DeclareTypeInterfaceMethods<CudaTile_TileViewInterface>],
                    "13.3"> {
  let summary = "strided_view";
  let description = [{
    Like a partition_view, but consecutive tiles along dimension `i` start
    `traversal_strides[i]` elements apart, so tiles may overlap or leave
    gaps. Traversal strides are strictly positive and need not be powers of
    two.

    ```mlir
    !cuda_tile.strided_view<tile=(2), traversal_strides=[3],
        tensor_view<16xf32, strides=[1]>>
    ```
  }];
  let parameters = (ins
    "::mlir::DenseI32ArrayAttr":$tile_shape,
    "::mlir::DenseI32ArrayAttr":$traversal_strides,
    "::mlir::cuda_tile::TensorViewType":$tensor_view,
    ArrayRefParameter<"int32_t", "tile dimension to tensor_view dimension">
        :$dim_map,
    OptionalParameter<"::mlir::cuda_tile::PaddingValueAttr">:$padding_value
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def CudaTile_GatherScatterViewType
    : CudaTile_Type<"GatherScatterView", "gather_scatter_view",
                    [DeclareTypeInterfaceMethods<CudaTile_TileViewInterface>],
                    "13.3"> {
  let summary = "gather_scatter_view";
  let description = [{
    A grid of tiles in which dimension `sparse_dim` is not contiguous: a
    load or store passes a 1-D tile of row indices for that dimension (as
    many as the tile's size there) and rank-0 indices for the others.

    ```mlir
    !cuda_tile.gather_scatter_view<tile=(8x16), padding_value = zero,
        tensor_view<1024x16xi32, strides=[16,1]>, sparse_dim=0>
    ```
  }];
  let parameters = (ins
    "::mlir::DenseI32ArrayAttr":$tile_shape,
    "::mlir::cuda_tile::TensorViewType":$tensor_view,
    "uint32_t":$sparse_dim,
    OptionalParameter<"::mlir::cuda_tile::PaddingValueAttr">:$padding_value
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// TokenType
//===----------------------------------------------------------------------===//

def CudaTile_TokenType : CudaTile_Type<"Token", "token"> {
  let summary = "token";
  let description = [{
    Tokens carry no data. Token-ordered operations (`*_tko`) consume and
    produce tokens to express ordering between memory operations of a tile
    block.
  }];
}

//===----------------------------------------------------------------------===//
// Convenience constraints
//===----------------------------------------------------------------------===//

def CudaTile_Pointer : TypeAlias<CudaTile_PointerType, "pointer">;
def CudaTile_TensorView : TypeAlias<CudaTile_TensorViewType, "tensor_view">;
def CudaTile_PartitionView
    : TypeAlias<CudaTile_PartitionViewType, "partition_view">;
def CudaTile_StridedView : TypeAlias<CudaTile_StridedViewType, "strided_view">;
def CudaTile_GatherScatterView
    : TypeAlias<CudaTile_GatherScatterViewType, "gather_scatter_view">;
def CudaTile_TileView
    : TypeAlias<CudaTile_TileViewInterface,
                "tile view (partition_view, strided_view or "
                "gather_scatter_view)">;
def CudaTile_Token : TypeAlias<CudaTile_TokenType, "token">;

def CudaTile_AnyType
    : AnyTypeOf<[CudaTile_NumberType,
                 Type<CPred<"::llvm::isa<::mlir::cuda_tile::CudaTileDialect>("
                            "$_self.getDialect())">,
                      "cuda_tile type">]>;

#endif // TILEIR_DIALECT_CUDATILE_IR_CUDATILETYPES_TD
