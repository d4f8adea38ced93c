//===- ConversionOps.td - cuda_tile conversion ops ---------*- tablegen -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Element type conversions and reinterpretations (exti, trunci, ftof,
// ftoi, itof, bitcast, int_to_ptr, ptr_to_int, ptr_to_ptr, pack, unpack).
//
// Include CudaTileOpBase.td only (never another group file): the op
// definitions of this group are generated from this file alone.
//
// Every conversion keeps the shape and changes the element type, so the
// verifiers compare shapes (AllShapesMatch, AllRanksMatch) and element
// types, never whole types: layout assignment may give the result a
// different encoding than the operand.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_CONVERSIONOPS_TD
#define TILEIR_DIALECT_CUDATILE_IR_CONVERSIONOPS_TD

include "tileir/Dialect/CudaTile/IR/CudaTileOpBase.td"

/// Integer tiles including the storage-only i4, which may be widened from
/// and narrowed to.
def CudaTile_ConvIntTile : CudaTile_TileOf<[CudaTile_AnyInt, CudaTile_Int4]>;

/// Number tiles including i4: the element types pack and unpack reinterpret
/// as bytes.
def CudaTile_PackableTile
    : CudaTile_TileOf<[CudaTile_NumberType, CudaTile_Int4]>;

//===----------------------------------------------------------------------===//
// BitcastOp
//===----------------------------------------------------------------------===//

def CudaTile_BitcastOp : CudaTile_Op<"bitcast", [Elementwise,
    Pure, AllShapesMatch<["source", "result"]>]> {
  let summary = "reinterpret the bits of each element as another type";
  let description = [{
    Reinterprets every element of `source` as an element of the result's
    element type, which must have the same bit width. Pointers are converted
    with `ptr_to_int`, `int_to_ptr` and `ptr_to_ptr` instead.

    ```mlir
    %f = bitcast %i : tile<4xi32> -> tile<4xf32>
    ```
  }];
  let arguments = (ins CudaTile_NumberTile:$source);
  let results = (outs CudaTile_NumberTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($source)) `->`
    custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// ExtIOp
//===----------------------------------------------------------------------===//

def CudaTile_ExtIOp : CudaTile_Op<"exti", [Elementwise,
    Pure, AllShapesMatch<["from", "to"]>]> {
  let summary = "widen integer elements";
  let description = [{
    Converts each integer element to a strictly wider integer type, by
    sign extension (`signed`) or zero extension (`unsigned`).

    ```mlir
    %w = exti %n signed : tile<4xi8> -> tile<4xi32>
    ```
  }];
  let arguments = (ins CudaTile_ConvIntTile:$from,
                       CudaTile_SignednessAttr:$signedness);
  let results = (outs CudaTile_ConvIntTile:$to);
  let assemblyFormat = [{
    $from custom<Signedness>($signedness) attr-dict `:`
    custom<CudaTileType>(type($from)) `->` custom<CudaTileType>(type($to))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// TruncIOp
//===----------------------------------------------------------------------===//

def CudaTile_TruncIOp : CudaTile_Op<"trunci", [Elementwise,
    Pure, AllShapesMatch<["from", "to"]>]> {
  let summary = "narrow integer elements";
  let description = [{
    Converts each integer element to a strictly narrower integer type by
    dropping its high bits. `overflow` asserts that nothing is lost when the
    operand is read as signed (`no_signed_wrap`: the dropped bits all equal
    the sign bit of the result), as unsigned (`no_unsigned_wrap`: the dropped
    bits are zero), or both (`no_wrap`); `none`, the default, is not printed.

    ```mlir
    %n = trunci %w : tile<4xi32> -> tile<4xi8>
    %m = trunci %w overflow<no_wrap> : tile<4xi32> -> tile<4xi4>
    ```
  }];
  let arguments = (ins
    CudaTile_ConvIntTile:$from,
    DefaultValuedAttr<CudaTile_IntegerOverflowAttr,
                      "::mlir::cuda_tile::IntegerOverflow::None">:$overflow);
  let results = (outs CudaTile_ConvIntTile:$to);
  let assemblyFormat = [{
    $from (`overflow` `` $overflow^)? attr-dict `:`
    custom<CudaTileType>(type($from)) `->` custom<CudaTileType>(type($to))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// FToFOp
//===----------------------------------------------------------------------===//

def CudaTile_FToFOp : CudaTile_Op<"ftof", [Elementwise,
    Pure, AllShapesMatch<["from", "to"]>]> {
  let summary = "convert between float types";
  let description = [{
    Converts each element to a different float type. Conversions to
    f8E8M0FNU round with `zero` or `positive_inf`; all others with
    `nearest_even`, the default, which is not printed.

    ```mlir
    %h = ftof %f : tile<4xf32> -> tile<4xf16>
    %e = ftof %f rounding<positive_inf> : tile<4xf32> -> tile<4xf8E8M0FNU>
    ```
  }];
  let arguments = (ins
    CudaTile_FloatTile:$from,
    DefaultValuedAttr<CudaTile_RoundingModeAttr,
                      "::mlir::cuda_tile::RoundingMode::NearestEven">
        :$rounding_mode);
  let results = (outs CudaTile_FloatTile:$to);
  let assemblyFormat = [{
    $from (`rounding` `` $rounding_mode^)? attr-dict `:`
    custom<CudaTileType>(type($from)) `->` custom<CudaTileType>(type($to))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// FToIOp
//===----------------------------------------------------------------------===//

def CudaTile_FToIOp : CudaTile_Op<"ftoi", [Elementwise,
    Pure, AllShapesMatch<["from", "to"]>]> {
  let summary = "convert float elements to integers";
  let description = [{
    Converts each float element to the integer of the result type that it
    rounds to toward zero, read as `signed` or `unsigned`. The only rounding
    mode is `nearest_int_to_zero`, the default, which is not printed. Inf,
    NaN and values out of the integer's range give an undefined result,
    unless `saturating` (bytecode 13.4) is set: values then clamp to the
    integer's range and NaN gives 0.

    ```mlir
    %i = ftoi %f signed : tile<4xf32> -> tile<4xi32>
    ```
  }];
  let arguments = (ins CudaTile_FloatTile:$from,
                       CudaTile_SignednessAttr:$signedness,
                       CudaTile_RoundingModeAttr:$rounding_mode,
                       UnitAttr:$saturating);
  let results = (outs CudaTile_IntTile:$to);
  let assemblyFormat = [{
    $from custom<SignednessAndIntegerRounding>($signedness, $rounding_mode)
    (`saturating` $saturating^)? attr-dict `:`
    custom<CudaTileType>(type($from)) `->` custom<CudaTileType>(type($to))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// IToFOp
//===----------------------------------------------------------------------===//

def CudaTile_IToFOp : CudaTile_Op<"itof", [Elementwise,
    Pure, AllShapesMatch<["from", "to"]>]> {
  let summary = "convert integer elements to floats";
  let description = [{
    Converts each integer element, read as `signed` or `unsigned`, to the
    nearest value of the result's float type (`nearest_even`, the only
    rounding mode and the default, which is not printed). Values beyond the
    float range become Inf where the type has one, NaN otherwise. There is
    no direct conversion to f8E8M0FNU.

    ```mlir
    %f = itof %i unsigned : tile<4xi32> -> tile<4xf32>
    ```
  }];
  let arguments = (ins CudaTile_IntTile:$from,
                       CudaTile_SignednessAttr:$signedness,
                       CudaTile_RoundingModeAttr:$rounding_mode);
  let results = (outs CudaTile_FloatTile:$to);
  let assemblyFormat = [{
    $from custom<SignednessAndFloatRounding>($signedness, $rounding_mode)
    attr-dict `:`
    custom<CudaTileType>(type($from)) `->` custom<CudaTileType>(type($to))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// IntToPtrOp
//===----------------------------------------------------------------------===//

def CudaTile_IntToPtrOp : CudaTile_Op<"int_to_ptr", [Elementwise,
    Pure, AllShapesMatch<["source", "result"]>]> {
  let summary = "convert i64 elements to pointers";
  let description = [{
    Converts each element, read as an unsigned 64-bit address, to a pointer.
    The inverse of `ptr_to_int`.

    ```mlir
    %p = int_to_ptr %a : tile<4xi64> -> tile<4xptr<f32>>
    ```
  }];
  let arguments = (ins CudaTile_I64Tile:$source);
  let results = (outs CudaTile_PointerTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($source)) `->`
    custom<CudaTileType>(type($result))
  }];
}

//===----------------------------------------------------------------------===//
// PtrToIntOp
//===----------------------------------------------------------------------===//

def CudaTile_PtrToIntOp : CudaTile_Op<"ptr_to_int", [Elementwise,
    Pure, AllShapesMatch<["source", "result"]>]> {
  let summary = "convert pointers to i64 elements";
  let description = [{
    Converts each pointer to its address, an unsigned 64-bit integer. The
    inverse of `int_to_ptr`.

    ```mlir
    %a = ptr_to_int %p : tile<4xptr<f32>> -> tile<4xi64>
    ```
  }];
  let arguments = (ins CudaTile_PointerTile:$source);
  let results = (outs CudaTile_I64Tile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($source)) `->`
    custom<CudaTileType>(type($result))
  }];
}

//===----------------------------------------------------------------------===//
// PtrToPtrOp
//===----------------------------------------------------------------------===//

def CudaTile_PtrToPtrOp : CudaTile_Op<"ptr_to_ptr", [Elementwise,
    Pure, AllShapesMatch<["source", "result"]>]> {
  let summary = "change the pointee type of pointers";
  let description = [{
    Reinterprets each pointer as a pointer to another element type; the
    address does not change. Conversions between pointers and integers are
    separate ops (`ptr_to_int`, `int_to_ptr`).

    ```mlir
    %q = ptr_to_ptr %p : tile<4xptr<i8>> -> tile<4xptr<f32>>
    ```
  }];
  let arguments = (ins CudaTile_PointerTile:$source);
  let results = (outs CudaTile_PointerTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($source)) `->`
    custom<CudaTileType>(type($result))
  }];
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// PackOp
//===----------------------------------------------------------------------===//

def CudaTile_PackOp : CudaTile_Op<"pack", [
    Pure, AllRanksMatch<["source", "result"]>], "13.3"> {
  let summary = "reinterpret a 1-D tile as its bytes";
  let description = [{
    Reinterprets a rank-1 tile as the rank-1 tile of i8 holding its bytes.
    The result has exactly as many bytes as the source (i1 elements count
    one bit each, i4 and f4E2M1FN half a byte, tf32 four bytes). 8-bit
    element types are converted with `bitcast` instead.

    ```mlir
    %b = pack %h : tile<64xf16> -> tile<128xi8>
    ```
  }];
  let arguments = (ins CudaTile_PackableTile:$source);
  let results = (outs CudaTile_I8Tile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($source)) `->`
    custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// UnpackOp
//===----------------------------------------------------------------------===//

def CudaTile_UnpackOp : CudaTile_Op<"unpack", [
    Pure, AllRanksMatch<["source", "result"]>], "13.3"> {
  let summary = "reinterpret bytes as a 1-D tile";
  let description = [{
    The inverse of `pack`: reinterprets a rank-1 tile of i8 as a rank-1 tile
    of another element type occupying the same number of bytes.

    ```mlir
    %h = unpack %b : tile<128xi8> -> tile<64xf16>
    ```
  }];
  let arguments = (ins CudaTile_I8Tile:$source);
  let results = (outs CudaTile_PackableTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($source)) `->`
    custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

#endif // TILEIR_DIALECT_CUDATILE_IR_CONVERSIONOPS_TD
