//===- ShapeOps.td - cuda_tile shape ops -------------------*- tablegen -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Tile construction and reshaping (constant, iota, broadcast, reshape,
// permute, cat, extract, reduce, scan, ...) and assume.
//
// Include CudaTileOpBase.td only (never another group file): the op
// definitions of this group are generated from this file alone.
//
// These ops move elements around, so layout assignment may give a result a
// different encoding than its operands: the verifiers compare shapes and
// element types, never whole tile types.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_SHAPEOPS_TD
#define TILEIR_DIALECT_CUDATILE_IR_SHAPEOPS_TD

include "tileir/Dialect/CudaTile/IR/CudaTileOpBase.td"

//===----------------------------------------------------------------------===//
// ConstantOp
//===----------------------------------------------------------------------===//

def CudaTile_ConstantOp : CudaTile_Op<"constant", [ConstantLike, Pure]> {
  let summary = "a tile of constant values";
  let description = [{
    Materializes `value`, a dense constant whose shape and element type are
    those of the result. A single literal fills the whole tile; a nested
    list gives every element.

    ```mlir
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <f32: [[1.0, 2.0], [3.0, 4.0]]> : tile<2x2xf32>
    %t = constant <i1: true> : tile<8xi1>
    ```
  }];
  let arguments = (ins Builtin_DenseIntOrFPElementsAttr:$value);
  let results = (outs CudaTile_NumberTile:$result);
  let assemblyFormat = [{
    custom<DenseTileConstant>($value, type($result)) attr-dict
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// IotaOp
//===----------------------------------------------------------------------===//

def CudaTile_IotaOp : CudaTile_Op<"iota", [Pure]> {
  let summary = "the 1-D tile [0, 1, ..., n-1]";
  let description = [{
    Produces the rank-1 tile whose element `i` is `i`. The values are
    unsigned, so an n-element tile of iN needs n <= 2^N.

    ```mlir
    %r = iota : tile<128xi32>
    ```
  }];
  let results = (outs CudaTile_IntTile:$result);
  let assemblyFormat = "attr-dict `:` custom<CudaTileType>(type($result))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// BroadcastOp
//===----------------------------------------------------------------------===//

def CudaTile_BroadcastOp : CudaTile_Op<"broadcast", [
    Pure, SameOperandsAndResultElementType,
    AllRanksMatch<["source", "result"]>]> {
  let summary = "repeat size-1 dimensions to a larger size";
  let description = [{
    Stretches every dimension of size 1 of `source` to the size of that
    dimension in the result by repeating its elements. Other dimensions keep
    their size; the rank does not change (use `reshape` for that).

    ```mlir
    %b = broadcast %row : tile<1x64xf32> -> tile<32x64xf32>
    ```
  }];
  let arguments = (ins CudaTile_AnyTile:$source);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($source)) `->`
    custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// ReshapeOp
//===----------------------------------------------------------------------===//

def CudaTile_ReshapeOp : CudaTile_Op<"reshape", [
    Pure, SameOperandsAndResultElementType]> {
  let summary = "view the elements of a tile with another shape";
  let description = [{
    Gives the elements of `source`, in row-major order, the result's shape,
    which has the same number of elements. A rank-0 tile reshapes to and
    from any shape of one element.

    ```mlir
    %r = reshape %t : tile<8x2xf32> -> tile<2x2x4x1xf32>
    %s = reshape %c : tile<i8> -> tile<1x1xi8>
    ```
  }];
  let arguments = (ins CudaTile_AnyTile:$source);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($source)) `->`
    custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// PermuteOp
//===----------------------------------------------------------------------===//

def CudaTile_PermuteOp : CudaTile_Op<"permute", [
    Pure, SameOperandsAndResultElementType,
    AllRanksMatch<["source", "result"]>]> {
  let summary = "reorder the dimensions of a tile";
  let description = [{
    Dimension `i` of the result is dimension `permutation[i]` of `source`:
    `permutation` lists every dimension of `source` exactly once. Sources
    have rank 2 or more.

    ```mlir
    %p = permute %t [2, 0, 1] : tile<2x4x8xf16> -> tile<8x2x4xf16>
    ```
  }];
  let arguments = (ins CudaTile_AnyTile:$source,
                       DenseI32ArrayAttr:$permutation);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $source $permutation attr-dict `:` custom<CudaTileType>(type($source))
    `->` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// CatOp
//===----------------------------------------------------------------------===//

def CudaTile_CatOp : CudaTile_Op<"cat", [
    Pure, SameOperandsAndResultElementType,
    AllRanksMatch<["lhs", "rhs", "result"]>]> {
  let summary = "concatenate two tiles along a dimension";
  let description = [{
    Places `rhs` after `lhs` along dimension `dim`. The two agree in every
    other dimension, and the result's size along `dim` is the sum of
    theirs.

    ```mlir
    %c = cat %a, %b dim = 1 : tile<2x4xf32>, tile<2x4xf32> -> tile<2x8xf32>
    ```
  }];
  let arguments = (ins CudaTile_AnyTile:$lhs, CudaTile_AnyTile:$rhs,
                       I64Attr:$dim);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `dim` `=` $dim attr-dict `:`
    custom<CudaTileType>(type($lhs)) `,` custom<CudaTileType>(type($rhs))
    `->` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// ExtractOp
//===----------------------------------------------------------------------===//

def CudaTile_ExtractOp : CudaTile_Op<"extract", [
    Pure, AllElementTypesMatch<["source", "result"]>,
    AllRanksMatch<["source", "result"]>]> {
  let summary = "take one slice of a tile";
  let description = [{
    Splits `source` into slices of the result's shape, which divides the
    source shape evenly, and returns slice number `indices[i]` along each
    dimension `i`. The indices count slices, not elements, and are read as
    unsigned; out-of-range indices are undefined behavior.

    ```mlir
    // Elements [4, 8) x [4, 6) of %t.
    %s = extract %t[%c1, %c2] : tile<32x8xf32> -> tile<4x2xf32>
    ```
  }];
  let arguments = (ins CudaTile_AnyTile:$source,
                       Variadic<CudaTile_ScalarI32Tile>:$indices);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $source `[` $indices `]` attr-dict `:` custom<CudaTileType>(type($source))
    `->` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// InsertOp
//===----------------------------------------------------------------------===//

def CudaTile_InsertOp : CudaTile_Op<"insert", [
    Pure, AllElementTypesMatch<["source", "destination", "result"]>,
    AllTypesMatch<["destination", "result"]>,
    AllRanksMatch<["source", "destination"]>], "13.4"> {
  let summary = "replace one slice of a tile";
  let description = [{
    The counterpart of `extract`: splits `destination` into slices of the
    shape of `source`, which divides it evenly, and returns `destination`
    with slice number `indices[i]` along each dimension `i` replaced by
    `source`. The indices count slices and are read as unsigned;
    out-of-range indices are undefined behavior. Introduced in bytecode
    13.4.

    ```mlir
    // %t with elements [16, 32) x [0, 16) replaced by %s.
    %r = insert %s, %t[%c1, %c0] : tile<16x16xf32>, tile<32x32xf32>
    ```
  }];
  let arguments = (ins CudaTile_AnyTile:$source, CudaTile_AnyTile:$destination,
                       Variadic<CudaTile_ScalarI32Tile>:$indices);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $source `,` $destination `[` $indices `]` attr-dict `:`
    custom<CudaTileType>(type($source)) `,`
    custom<CudaTileType>(type($destination))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// ReduceOp
//===----------------------------------------------------------------------===//

def CudaTile_ReduceOp : CudaTile_Op<"reduce", [
    RecursiveMemoryEffects, SameOperandsShape, OpAsmOpInterface,
    SingleBlockImplicitTerminator<"YieldOp">]> {
  let summary = "reduce tiles along a dimension with a combining region";
  let description = [{
    Combines the elements of each operand tile along dimension `dim`, which
    the results do not have. All operands have the same shape; the body
    reduces them in lockstep.

    The body takes 2N rank-0 tiles for N operands: for operand `i`, an
    element (argument 2i) and the accumulator (argument 2i+1), both of the
    operand's element type. It yields the new accumulators. The reduction
    order is unspecified (the combiner must be associative), and the body
    may hold only operations without side effects. `identities[i]`, typed
    like the elements of operand `i`, is the identity of the combiner.

    ```mlir
    %sum = reduce %x dim=0 identities=[0.000000e+00 : f32]
        : tile<8x64xf32> -> tile<64xf32>
      (%elem: tile<f32>, %acc: tile<f32>) {
        %s = addf %elem, %acc : tile<f32>
        yield %s : tile<f32>
      }
    ```
  }];
  let arguments = (ins Variadic<CudaTile_AnyTile>:$operands,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$dim,
                       ArrayAttr:$identities);
  let results = (outs Variadic<CudaTile_AnyTile>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $operands attr-dict ` ` `dim` `` `=` `` $dim `identities` `` `=` ``
    $identities `:` custom<CudaTileType>(type($operands)) `->`
    custom<CudaTileType>(type($results)) custom<ArgumentRegion>($body)
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = CudaTile_DefaultDialectDecl.classDecl;
}

//===----------------------------------------------------------------------===//
// ScanOp
//===----------------------------------------------------------------------===//

def CudaTile_ScanOp : CudaTile_Op<"scan", [
    RecursiveMemoryEffects, SameOperandsShape, OpAsmOpInterface,
    SingleBlockImplicitTerminator<"YieldOp">]> {
  let summary = "inclusive prefix scan along a dimension";
  let description = [{
    Computes inclusive prefixes of each operand tile along dimension `dim`:
    element `j` of a result combines elements 0 through `j` (or `j` through
    the last one when `reverse` is true). The results have the operands'
    shapes. The body and `identities` are as in `reduce`: 2N rank-0
    arguments, element and accumulator per operand, yielding the new
    accumulators; the combiner must be associative and free of side
    effects.

    ```mlir
    %p = scan %x dim=1 reverse=false identities=[1.000000e+00 : f32]
        : tile<8x16xf32> -> tile<8x16xf32>
      (%elem: tile<f32>, %acc: tile<f32>) {
        %m = mulf %elem, %acc : tile<f32>
        yield %m : tile<f32>
      }
    ```
  }];
  let arguments = (ins Variadic<CudaTile_AnyTile>:$operands,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$dim,
                       BoolAttr:$reverse,
                       ArrayAttr:$identities);
  let results = (outs Variadic<CudaTile_AnyTile>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $operands attr-dict ` ` `dim` `` `=` `` $dim `reverse` `` `=` ``
    $reverse `identities` `` `=` `` $identities `:`
    custom<CudaTileType>(type($operands)) `->`
    custom<CudaTileType>(type($results)) custom<ArgumentRegion>($body)
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = CudaTile_DefaultDialectDecl.classDecl;
}

//===----------------------------------------------------------------------===//
// AssumeOp
//===----------------------------------------------------------------------===//

def CudaTile_AssumeOp : CudaTile_Op<"assume", [
    Pure, AllTypesMatch<["value", "result"]>]> {
  let summary = "attach a fact about a value";
  let description = [{
    Returns `value` unchanged and asserts `predicate` about it: `div_by`
    (divisibility of integers, pointers or a tensor_view's base address),
    `same_elements` (groups of equal elements) or `bounded` (an integer
    range). Nothing checks the fact at run time: a false predicate is
    undefined behavior. The `#cuda_tile.` prefix of the predicate may be
    omitted.

    ```mlir
    %a = assume div_by<16>, %p : tile<ptr<f32>>
    %b = assume div_by<32, every 4 along 0>, %i : tile<8xi16>
    %c = assume same_elements<[1, 4]>, %j : tile<2x8xi32>
    %d = assume bounded<0, ?>, %n : tile<i32>
    ```
  }];
  let arguments = (ins AnyType:$value,
                       CudaTile_AssumePredicateAttrInterface:$predicate);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    custom<AssumePredicate>($predicate) `,` $value attr-dict `:`
    custom<CudaTileType>(type($value))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

#endif // TILEIR_DIALECT_CUDATILE_IR_SHAPEOPS_TD
