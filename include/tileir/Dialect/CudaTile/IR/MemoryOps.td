//===- MemoryOps.td - cuda_tile memory and view ops --------*- tablegen -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Views (make_tensor_view, make_partition_view, ...), token-ordered loads,
// stores and atomics, tokens, alloca, and the block-id queries.
//
// Include CudaTileOpBase.td only (never another group file): the op
// definitions of this group are generated from this file alone.
//
// Operand, result and attribute names, their order and their kinds are those
// of the CUDA Tile IR specification: the bytecode reader and writer address
// fields by these names (lib/tileir/Bytecode/Common/OpTable.cpp).
//
// Memory orderings and scopes are i32 enum attributes that print as bare
// keywords (`load_ptr_tko acquire device ...`). Which orderings an op accepts,
// and whether it then needs a scope, is checked by the verifiers:
//
//   loads (view, pointer)   weak, relaxed, acquire   scope unless weak
//   stores (view, pointer)  weak, relaxed, release   scope unless weak
//   atomic_cas/rmw_tko      relaxed, acquire,        scope required
//                           release, acq_rel
//   atomic_red_view_tko     relaxed                  tl_blk or device
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_MEMORYOPS_TD
#define TILEIR_DIALECT_CUDATILE_IR_MEMORYOPS_TD

include "tileir/Dialect/CudaTile/IR/CudaTileOpBase.td"

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

def CudaTile_MakeTensorViewOp : CudaTile_Op<"make_tensor_view", [
    AttrSizedOperandSegments, NoMemoryEffect,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "tensor_view of global memory from a base pointer";
  let description = [{
    Makes a `tensor_view` of the tensor at `base`. Sizes and strides known
    when the program is written are part of the result type; each `?` in
    the type's shape takes one `dynamicShape` operand and each `?` in its
    strides one `dynamicStrides` operand, in order. The dynamic operands are
    rank-0 integer tiles of one type, read as unsigned. `base` points to the
    element type of the view.

    ```mlir
    %a = make_tensor_view %base, shape = [32, 32], strides = [32, 1]
        : tensor_view<32x32xf32, strides=[32,1]>
    %b = make_tensor_view %base, shape = [%n, 32], strides = [%s, 1]
        : tile<i32> -> tensor_view<?x32xf32, strides=[?,1]>
    %c = make_tensor_view %base, shape = [], strides = [] : tensor_view<f32>
    ```
  }];
  let arguments = (ins CudaTile_ScalarPointerTile:$base,
                       Variadic<CudaTile_ScalarIntTile>:$dynamicShape,
                       Variadic<CudaTile_ScalarIntTile>:$dynamicStrides);
  let results = (outs CudaTile_TensorView:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

/// A view over a tensor_view whose whole description is its result type:
/// `make_<view> %tensor_view : <view type>`. The operand's type is the
/// tensor_view of the result type, so the syntax does not repeat it.
class CudaTile_MakeViewOp<string mnemonic, Type viewType,
                          string version = "13.1">
    : CudaTile_Op<mnemonic, [
          Pure,
          DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>],
        version> {
  let arguments = (ins CudaTile_TensorView:$tensor_view);
  let results = (outs viewType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CudaTile_MakePartitionViewOp
    : CudaTile_MakeViewOp<"make_partition_view", CudaTile_PartitionView> {
  let summary = "partition a tensor_view into a grid of tiles";
  let description = [{
    Makes a `partition_view`: the tensor_view split into tiles of the shape
    given by the result type, laid out edge to edge. The result type's
    tensor_view must be the operand's type.

    ```mlir
    %pv = make_partition_view %tv
        : partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>
    ```
  }];
}

def CudaTile_MakeStridedViewOp
    : CudaTile_MakeViewOp<"make_strided_view", CudaTile_StridedView, "13.3"> {
  let summary = "view of tiles at explicit traversal strides";
  let description = [{
    Makes a `strided_view`: like a partition view, but consecutive tiles
    along a dimension start `traversal_strides` elements apart. The result
    type's tensor_view must be the operand's type.

    ```mlir
    %sv = make_strided_view %tv
        : strided_view<tile=(2), traversal_strides=[3],
                       tensor_view<16xf32, strides=[1]>>
    ```
  }];
}

def CudaTile_MakeGatherScatterViewOp
    : CudaTile_MakeViewOp<"make_gather_scatter_view",
                          CudaTile_GatherScatterView, "13.3"> {
  let summary = "view whose sparse dimension is indexed by a tile of indices";
  let description = [{
    Makes a `gather_scatter_view`: loads and stores through it take a 1-D
    tile of row indices for dimension `sparse_dim` and rank-0 indices for
    the others. The result type's tensor_view must be the operand's type.

    ```mlir
    %gv = make_gather_scatter_view %tv
        : gather_scatter_view<tile=(8x16),
              tensor_view<1024x16xi32, strides=[16,1]>, sparse_dim=0>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Shape queries
//===----------------------------------------------------------------------===//

def CudaTile_GetTensorShapeOp
    : CudaTile_Op<"get_tensor_shape", [NoMemoryEffect]> {
  let summary = "sizes of a tensor_view";
  let description = [{
    Returns the size of each dimension of `src`, one rank-0 integer tile per
    dimension, all of one type. The values are unsigned; a size that does
    not fit the result type gives an undefined value.

    ```mlir
    %d0, %d1 = get_tensor_shape %tv
        : tensor_view<32x32xf32, strides=[32,1]> -> tile<i64>
    ```
  }];
  let arguments = (ins CudaTile_TensorView:$src);
  let results = (outs Variadic<CudaTile_ScalarIntTile>:$result);
  let builders = [
    OpBuilder<(ins "::mlir::Value":$src, "::mlir::Type":$resultType)>
  ];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CudaTile_GetIndexSpaceShapeOp
    : CudaTile_Op<"get_index_space_shape", [NoMemoryEffect]> {
  let summary = "extent of the index space of a view";
  let description = [{
    Returns, for each dimension of the index space of `src`, the number of
    valid indices: one rank-0 integer tile per dimension, all of one type.
    The values are unsigned; an extent that does not fit the result type
    gives an undefined value.

    ```mlir
    %n0, %n1 = get_index_space_shape %pv
        : partition_view<tile=(4x4), tensor_view<?x?xf32, strides=[?,1]>>
        -> tile<i32>
    ```
  }];
  let arguments = (ins CudaTile_TileView:$src);
  let results = (outs Variadic<CudaTile_ScalarIntTile>:$result);
  let builders = [
    OpBuilder<(ins "::mlir::Value":$src, "::mlir::Type":$resultType)>
  ];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// View loads, stores and reductions
//===----------------------------------------------------------------------===//

def CudaTile_LoadViewTkoOp
    : CudaTile_Op<"load_view_tko", [AttrSizedOperandSegments]> {
  let summary = "load one tile of a view";
  let description = [{
    Loads the tile at `index` in the index space of `view`. There is one
    index per dimension of the index space; indices are unsigned. A
    partition or strided view takes rank-0 indices of one integer type; a
    gather_scatter_view takes a 1-D tile of row indices at its sparse
    dimension. The loaded tile has the view's tile shape and element type.
    Out-of-bounds elements read the view's padding value.

    The load is ordered only through tokens: it waits for `token` and its
    `result_token` completes when it does. `weak` loads take no scope;
    `relaxed` and `acquire` loads need one. `inbounds` (bytecode 13.4), one
    flag per view dimension, promises that the tile lies inside the view
    along each flagged dimension, so no bounds check is needed there; a tile
    that crosses the bound there is undefined behavior.
    `optimization_hints` may carry
    `latency` and `allow_tma`.

    ```mlir
    %t, %tok = load_view_tko weak %pv[%i, %j]
        : partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>,
          tile<i32>
        -> tile<8x8xf32>, token
    %u, %tok2 = load_view_tko acquire device %pv[%i, %j] token = %tok
        optimization_hints = <sm_100 = {latency = 3, allow_tma = true}>
        : partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>,
          tile<i32>
        -> tile<8x8xf32>, token
    ```
  }];
  let arguments = (ins
    CudaTile_MemoryOrderingSemantics:$memory_ordering_semantics,
    OptionalAttr<CudaTile_MemoryScope>:$memory_scope,
    Arg<CudaTile_TileView, "the view to load from", [MemRead]>:$view,
    Variadic<CudaTile_IntTile>:$index,
    Optional<CudaTile_Token>:$token,
    OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints,
    OptionalAttr<DenseBoolArrayAttr>:$inbounds);
  let results = (outs CudaTile_AnyTile:$tile, CudaTile_Token:$result_token);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CudaTile_StoreViewTkoOp
    : CudaTile_Op<"store_view_tko", [AttrSizedOperandSegments]> {
  let summary = "store one tile into a view";
  let description = [{
    Stores `tile` at `index` in the index space of `view`; the indices are
    those of `load_view_tko`, and `tile` has the view's tile shape and
    element type. Out-of-bounds elements are not written.

    The store is ordered only through tokens. `weak` stores take no scope;
    `relaxed` and `release` stores need one. `inbounds` (bytecode 13.4)
    promises, per view dimension, as for `load_view_tko`, that the tile lies
    inside the view. `optimization_hints` may carry
    `latency` and `allow_tma`.

    ```mlir
    %tok = store_view_tko weak %t, %pv[%i, %j]
        : tile<8x8xf32>,
          partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>,
          tile<i32>
        -> token
    ```
  }];
  let arguments = (ins
    CudaTile_MemoryOrderingSemantics:$memory_ordering_semantics,
    OptionalAttr<CudaTile_MemoryScope>:$memory_scope,
    CudaTile_AnyTile:$tile,
    Arg<CudaTile_TileView, "the view to store to", [MemWrite]>:$view,
    Variadic<CudaTile_IntTile>:$index,
    Optional<CudaTile_Token>:$token,
    OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints,
    OptionalAttr<DenseBoolArrayAttr>:$inbounds);
  let results = (outs CudaTile_Token:$result_token);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CudaTile_AtomicRedViewTkoOp
    : CudaTile_Op<"atomic_red_view_tko", [AttrSizedOperandSegments], "13.3"> {
  let summary = "atomic element-wise reduction into one tile of a view";
  let description = [{
    Atomically combines each element of `value` into the tile at `index` of
    `view` with `mode`, without returning the old values. The view is a
    partition or strided view without a padding value; the indices are
    rank-0 integer tiles of one type, one per index-space dimension; `value`
    has the view's tile shape and element type.

    Modes: `and`, `or`, `xor`, `add`, `max`, `min`, `umax`, `umin` on i32
    and i64; `addf` on f16, bf16, f32 and f64 (`xchg` is not a reduction).
    The ordering is `relaxed` and the scope `tl_blk` or `device`.
    `inbounds` (bytecode 13.5), one flag per index-space dimension, promises
    that the tile lies inside the view along the flagged dimensions, which
    then need no bounds check.

    ```mlir
    %tok = atomic_red_view_tko relaxed device %pv[%i, %j], addf, %v
        : tile<8x8xf32>,
          partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>,
          tile<i32>
        -> token
    ```
  }];
  let arguments = (ins
    CudaTile_MemoryOrderingSemantics:$memory_ordering_semantics,
    CudaTile_MemoryScope:$memory_scope,
    Arg<CudaTile_TileView, "the view to reduce into", [MemRead, MemWrite]>
        :$view,
    Variadic<CudaTile_IntTile>:$index,
    CudaTile_AtomicRMWMode:$mode,
    CudaTile_AnyTile:$value,
    Optional<CudaTile_Token>:$token,
    OptionalAttr<DenseBoolArrayAttr>:$inbounds);
  let results = (outs CudaTile_Token:$result_token);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Pointer loads and stores
//===----------------------------------------------------------------------===//

def CudaTile_LoadPtrTkoOp
    : CudaTile_Op<"load_ptr_tko", [AttrSizedOperandSegments]> {
  let summary = "gather load through a tile of pointers";
  let description = [{
    Loads, for each element of `source`, the value it points to; the result
    has the shape of `source` and its pointee type. i1 values occupy a byte
    in memory, and any nonzero byte reads as true.

    `mask` (an i1 tile of the same shape) selects the elements that are
    loaded; the others read the matching element of `paddingValue`, or an
    unspecified value without one. `paddingValue` has the result's type.

    The load is ordered only through tokens. `weak` loads take no scope;
    `relaxed` and `acquire` loads need one. `optimization_hints` may carry
    `latency`.

    ```mlir
    %v, %tok = load_ptr_tko weak %ptrs, %mask, %pad token=%t0
        : tile<16xptr<f32>>, tile<16xi1>, tile<16xf32> -> tile<16xf32>, token
    %w, %tok2 = load_ptr_tko acquire device %ptrs
        : tile<16xptr<f32>> -> tile<16xf32>, token
    ```

    Producers also emit a `paddingValue` without a `mask` (it then has no
    effect). The syntax tells a lone optional operand apart by its type: an
    i1 tile is the mask unless the result is an i1 tile too, in which case a
    lone padding value is written `%ptrs, padding %pad`.
  }];
  let arguments = (ins
    CudaTile_MemoryOrderingSemantics:$memory_ordering_semantics,
    OptionalAttr<CudaTile_MemoryScope>:$memory_scope,
    Arg<CudaTile_PointerTile, "the pointers to load through", [MemRead]>
        :$source,
    Optional<CudaTile_I1Tile>:$mask,
    Optional<CudaTile_NumberTile>:$paddingValue,
    Optional<CudaTile_Token>:$token,
    OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints);
  let results = (outs CudaTile_AnyTile:$result,
                      CudaTile_Token:$result_token);
  // The specification's declarative syntax
  //   ordering [scope] $source (`,` $mask)? (`,` $paddingValue)?
  //   [`token=` $token] [`optimization_hints` `=` hints] attr-dict
  //   `:` source-type (`,` mask-type)? (`,` padding-type)?
  //   `->` result-type `,` token-type
  // with a lone padding value told apart from a lone mask.
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CudaTile_StorePtrTkoOp
    : CudaTile_Op<"store_ptr_tko", [AttrSizedOperandSegments]> {
  let summary = "scatter store through a tile of pointers";
  let description = [{
    Stores each element of `value` where the matching element of
    `destination` points; `value` has the shape of `destination` and its
    pointee type. i1 values occupy a byte in memory. `mask` (an i1 tile of
    the same shape) selects the elements that are stored.

    The store is ordered only through tokens. `weak` stores take no scope;
    `relaxed` and `release` stores need one. `optimization_hints` may carry
    `latency`.

    ```mlir
    %tok = store_ptr_tko weak %ptrs, %v, %mask token=%t0
        : tile<16xptr<f32>>, tile<16xf32>, tile<16xi1> -> token
    %tok2 = store_ptr_tko release sys %ptrs, %v
        : tile<16xptr<f32>>, tile<16xf32> -> token
    ```
  }];
  let arguments = (ins
    CudaTile_MemoryOrderingSemantics:$memory_ordering_semantics,
    OptionalAttr<CudaTile_MemoryScope>:$memory_scope,
    Arg<CudaTile_PointerTile, "the pointers to store through", [MemWrite]>
        :$destination,
    CudaTile_AnyTile:$value,
    Optional<CudaTile_I1Tile>:$mask,
    Optional<CudaTile_Token>:$token,
    OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints);
  let results = (outs CudaTile_Token:$result_token);
  let assemblyFormat = [{
    $memory_ordering_semantics ($memory_scope^)?
    $destination `,` $value (`,` $mask^)?
    (`token` `` `=` `` $token^)?
    (`optimization_hints` `=` $optimization_hints^)?
    attr-dict `:`
    custom<CudaTileType>(type($destination)) `,`
    custom<CudaTileType>(type($value))
    (`,` custom<CudaTileType>(type($mask))^)?
    `->` custom<CudaTileType>(type($result_token))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Pointer atomics
//===----------------------------------------------------------------------===//

// `cmp` and `val` share one type in the syntax (`type($val)` stands for
// both), so they must have the same type, encoding included; the result is
// compared by shape and element type only.
def CudaTile_AtomicCASTkoOp : CudaTile_Op<"atomic_cas_tko", [
    AllShapesMatch<["pointers", "cmp", "val", "result"]>,
    AllTypesMatch<["cmp", "val"]>,
    AttrSizedOperandSegments]> {
  let summary = "atomic compare-and-swap through a tile of pointers";
  let description = [{
    For each element, atomically reads the value `pointers` points to and,
    if it is bitwise equal to `cmp`, writes `val` there; returns the values
    read. `pointers`, `cmp`, `val`, `result` and `mask` have one shape;
    the element type is the pointee type: i32, i64, f32 or f64. Elements
    where `mask` is false take no part and return their `cmp` value.

    The ordering is `relaxed`, `acquire`, `release` or `acq_rel`, and the
    scope is required.

    ```mlir
    %old, %tok = atomic_cas_tko relaxed device %ptrs, %cmp, %val, %mask
        : tile<8xptr<i32>>, tile<8xi32>, tile<8xi1> -> tile<8xi32>, token
    ```
  }];
  let arguments = (ins
    CudaTile_MemoryOrderingSemantics:$memory_ordering_semantics,
    CudaTile_MemoryScope:$memory_scope,
    Arg<CudaTile_PointerTile, "the locations to update", [MemRead, MemWrite]>
        :$pointers,
    CudaTile_AnyTile:$cmp,
    CudaTile_AnyTile:$val,
    Optional<CudaTile_I1Tile>:$mask,
    Optional<CudaTile_Token>:$token);
  let results = (outs CudaTile_AnyTile:$result,
                      CudaTile_Token:$result_token);
  let assemblyFormat = [{
    $memory_ordering_semantics $memory_scope
    $pointers `,` $cmp `,` $val (`,` $mask^)?
    (`token` `` `=` `` $token^)?
    attr-dict `:`
    custom<CudaTileType>(type($pointers)) `,`
    custom<CudaTileType>(type($val))
    (`,` custom<CudaTileType>(type($mask))^)?
    `->` custom<CudaTileType>(type($result))
    `,` custom<CudaTileType>(type($result_token))
  }];
  let hasVerifier = 1;
}

def CudaTile_AtomicRMWTkoOp : CudaTile_Op<"atomic_rmw_tko", [
    AllShapesMatch<["pointers", "arg", "result"]>,
    AttrSizedOperandSegments]> {
  let summary = "atomic read-modify-write through a tile of pointers";
  let description = [{
    For each element, atomically reads the value `pointers` points to,
    combines it with `arg` by `mode` and writes the outcome back; returns
    the values read. `pointers`, `arg`, `result` and `mask` have one shape,
    and the element type is the pointee type. Elements where `mask` is
    false take no part; their result is unspecified.

    Modes: `and`, `or`, `xor`, `add`, `max`, `min`, `umax`, `umin` on i32
    and i64; `addf` on f16, bf16, f32 and f64 (rounding to nearest even);
    `xchg` on i32, i64, f32 and f64. The ordering is `relaxed`, `acquire`,
    `release` or `acq_rel`, and the scope is required.

    ```mlir
    %old, %tok = atomic_rmw_tko relaxed device %ptrs, addf, %vals token = %t
        : tile<8xptr<f32>>, tile<8xf32> -> tile<8xf32>, token
    ```
  }];
  let arguments = (ins
    CudaTile_MemoryOrderingSemantics:$memory_ordering_semantics,
    CudaTile_MemoryScope:$memory_scope,
    Arg<CudaTile_PointerTile, "the locations to update", [MemRead, MemWrite]>
        :$pointers,
    CudaTile_AtomicRMWMode:$mode,
    CudaTile_AnyTile:$arg,
    Optional<CudaTile_I1Tile>:$mask,
    Optional<CudaTile_Token>:$token);
  let results = (outs CudaTile_AnyTile:$result,
                      CudaTile_Token:$result_token);
  let assemblyFormat = [{
    $memory_ordering_semantics $memory_scope
    $pointers `,` $mode `,` $arg (`,` $mask^)?
    (`token` `` `=` `` $token^)?
    attr-dict `:`
    custom<CudaTileType>(type($pointers)) `,`
    custom<CudaTileType>(type($arg))
    (`,` custom<CudaTileType>(type($mask))^)?
    `->` custom<CudaTileType>(type($result))
    `,` custom<CudaTileType>(type($result_token))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tokens
//===----------------------------------------------------------------------===//

def CudaTile_MakeTokenOp : CudaTile_Op<"make_token", [Pure]> {
  let summary = "fresh token with no dependencies";
  let description = [{
    ```mlir
    %t = make_token : token
    ```
  }];
  let results = (outs CudaTile_Token:$result);
  let assemblyFormat = "attr-dict `:` custom<CudaTileType>(type($result))";
}

def CudaTile_JoinTokensOp : CudaTile_Op<"join_tokens", [Pure]> {
  let summary = "token that depends on several tokens";
  let description = [{
    Returns a token that completes when all of `tokens` (two or more) have:
    an operation that takes it is ordered after each of them.

    ```mlir
    %t = join_tokens %a, %b, %c : token
    ```
  }];
  let arguments = (ins Variadic<CudaTile_Token>:$tokens);
  let results = (outs CudaTile_Token:$result);
  let assemblyFormat = [{
    $tokens attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Grid dependency control (13.4)
//===----------------------------------------------------------------------===//

class CudaTile_GdcOp<string mnemonic> : CudaTile_Op<mnemonic,
    [MemoryEffects<[MemRead, MemWrite]>], "13.4"> {
  let arguments = (ins Optional<CudaTile_Token>:$token);
  let results = (outs CudaTile_Token:$result);
  let assemblyFormat = [{
    (`token` `=` $token^)? attr-dict `->` custom<CudaTileType>(type($result))
  }];
}

def CudaTile_GdcWaitTkoOp : CudaTile_GdcOp<"gdc_wait_tko"> {
  let summary = "wait for the grid this one depends on";
  let description = [{
    In a programmatic dependent launch, waits until the prerequisite grid
    has completed and its memory operations are visible; elsewhere it
    returns at once. Ordered after `token` and before what takes the result.

    ```mlir
    %t = gdc_wait_tko token = %t0 -> token
    ```
  }];
}

def CudaTile_GdcLaunchDependentsTkoOp
    : CudaTile_GdcOp<"gdc_launch_dependents_tko"> {
  let summary = "let the dependent grid start";
  let description = [{
    Signals that a programmatically dependent grid may be scheduled once
    every CTA of this grid has signalled or exited. It says nothing about the
    visibility of this grid's memory operations (the dependent grid's
    `gdc_wait_tko` does).

    ```mlir
    %t = gdc_launch_dependents_tko token = %t0 -> token
    ```
  }];
}

def CudaTile_MemoryFenceAliasTkoOp : CudaTile_Op<"memory_fence_alias_tko",
    [MemoryEffects<[MemRead, MemWrite]>], "13.4"> {
  let summary = "order memory operations through aliasing views";
  let description = [{
    Returns a token ordered after `token`: memory operations of this thread
    ordered after the result see those ordered before `token`, even through
    different views or pointers of the same memory.

    ```mlir
    %t = memory_fence_alias_tko token = %t0 -> token
    ```
  }];
  let arguments = (ins CudaTile_Token:$token);
  let results = (outs CudaTile_Token:$result);
  let assemblyFormat = [{
    `token` `=` $token attr-dict `->` custom<CudaTileType>(type($result))
  }];
}

//===----------------------------------------------------------------------===//
// AllocaOp
//===----------------------------------------------------------------------===//

def CudaTile_AllocaOp : CudaTile_Op<"alloca", [], "13.3"> {
  let summary = "scratch memory for the enclosing block";
  let description = [{
    Allocates room for `num_elem` elements of the pointee type and returns a
    pointer to it, aligned to `alignment` bytes: a power of two, at least the
    size of one element. The memory lives until the enclosing block ends.
    It is private to the current tile thread unless `global` is given, in
    which case other tile threads may access it too.

    ```mlir
    %p = alloca num_elem = 64, alignment = 128 : tile<ptr<f32>>
    %q = alloca num_elem = 64, alignment = 128 global : tile<ptr<f32>>
    ```
  }];
  let arguments = (ins ConfinedAttr<I64Attr, [IntMinValue<0>]>:$num_elem,
                       ConfinedAttr<I64Attr, [IntMinValue<0>]>:$alignment,
                       UnitAttr:$global);
  let results = (outs Res<CudaTile_ScalarPointerTile, "the allocated memory",
                          [MemAlloc<AutomaticAllocationScopeResource>]>
                      :$result);
  let assemblyFormat = [{
    `num_elem` `=` $num_elem `,` `alignment` `=` $alignment
    (`global` $global^)?
    attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Grid queries
//===----------------------------------------------------------------------===//

def CudaTile_GetTileBlockIdOp : CudaTile_Op<"get_tile_block_id", [Pure]> {
  let summary = "coordinates of the current tile block";
  let description = [{
    Returns the x, y and z coordinates of the executing tile block in the
    grid, each in [0, get_num_tile_blocks of that axis). Axes the launch did
    not specify are 0.

    ```mlir
    %x, %y, %z = get_tile_block_id : tile<i32>
    ```
  }];
  let results = (outs CudaTile_ScalarI32Tile:$blockId_x,
                      CudaTile_ScalarI32Tile:$blockId_y,
                      CudaTile_ScalarI32Tile:$blockId_z);
  let assemblyFormat = [{
    attr-dict `:` custom<CudaTileType>(type($blockId_x))
  }];
}

def CudaTile_GetNumTileBlocksOp : CudaTile_Op<"get_num_tile_blocks", [Pure]> {
  let summary = "size of the grid";
  let description = [{
    Returns the number of tile blocks along x, y and z. Axes the launch did
    not specify are 1.

    ```mlir
    %nx, %ny, %nz = get_num_tile_blocks : tile<i32>
    ```
  }];
  let results = (outs CudaTile_ScalarI32Tile:$gridSize_x,
                      CudaTile_ScalarI32Tile:$gridSize_y,
                      CudaTile_ScalarI32Tile:$gridSize_z);
  let assemblyFormat = [{
    attr-dict `:` custom<CudaTileType>(type($gridSize_x))
  }];
}

#endif // TILEIR_DIALECT_CUDATILE_IR_MEMORYOPS_TD
