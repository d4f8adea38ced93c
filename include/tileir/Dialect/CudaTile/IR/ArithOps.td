//===- ArithOps.td - cuda_tile arithmetic ops --------------*- tablegen -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Element-wise integer and floating-point arithmetic, comparisons, bitwise
// operations, select, pointer offsets and matrix multiply-accumulate (mmaf,
// mmai, mmaf_scaled).
//
// Include CudaTileOpBase.td only (never another group file): the op
// definitions of this group are generated from this file alone.
//
// Operand, attribute and result names, their order and their kinds are those
// of the CUDA Tile IR specification: the bytecode reader and writer
// (lib/tileir/Bytecode/Common/OpTable.cpp) address them by name.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_ARITHOPS_TD
#define TILEIR_DIALECT_CUDATILE_IR_ARITHOPS_TD

include "tileir/Dialect/CudaTile/IR/CudaTileOpBase.td"

//===----------------------------------------------------------------------===//
// Constraints and base classes
//===----------------------------------------------------------------------===//

/// The element types float arithmetic computes in: f16, bf16, f32 and f64.
/// tf32 and the 8- and 4-bit float types are storage and MMA-input formats
/// only.
def CudaTile_ArithFloatTile
    : CudaTile_TileOf<[CudaTile_Float16, CudaTile_BFloat16, CudaTile_Float32,
                       CudaTile_Float64]>;

/// The overflow attribute of integer arithmetic; `none` (wrap around) unless
/// written, and then not printed.
def CudaTile_ArithOverflowAttr
    : DefaultValuedAttr<CudaTile_IntegerOverflowAttr,
                        "::mlir::cuda_tile::IntegerOverflow::None">;

/// An element-wise op with one operand `source` of the result's type.
class CudaTile_ArithUnaryOp<string mnemonic, Type tileType,
                            list<Trait> traits = []>
    : CudaTile_Op<mnemonic, !listconcat([Pure, Elementwise,
                                         AllTypesMatch<["source", "result"]>],
                                        traits)> {
  let arguments = (ins tileType:$source);
  let results = (outs tileType:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($result))
  }];
}

/// An element-wise op with operands `lhs` and `rhs` of the result's type.
/// Ops with attributes override `arguments` and `assemblyFormat`.
class CudaTile_ArithBinaryOp<string mnemonic, Type tileType,
                             list<Trait> traits = [Pure]>
    : CudaTile_Op<mnemonic, !listconcat(
          [Elementwise, AllTypesMatch<["lhs", "rhs", "result"]>], traits)> {
  let arguments = (ins tileType:$lhs, tileType:$rhs);
  let results = (outs tileType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` custom<CudaTileType>(type($result))
  }];
}

/// An integer binary op with an `overflow` assumption
/// (`addi %a, %b overflow<no_signed_wrap> : tile<4xi32>`).
class CudaTile_ArithOverflowOp<string mnemonic>
    : CudaTile_ArithBinaryOp<mnemonic, CudaTile_IntTile> {
  let arguments = (ins CudaTile_IntTile:$lhs, CudaTile_IntTile:$rhs,
                       CudaTile_ArithOverflowAttr:$overflow);
  let assemblyFormat = [{
    $lhs `,` $rhs (`overflow` `` $overflow^)? attr-dict `:`
    custom<CudaTileType>(type($result))
  }];
}

/// An integer binary op whose operands are read as signed or unsigned
/// (`maxi %a, %b signed : tile<4xi32>`).
class CudaTile_ArithSignedOp<string mnemonic, list<Trait> traits = [Pure]>
    : CudaTile_ArithBinaryOp<mnemonic, CudaTile_IntTile, traits> {
  let arguments = (ins CudaTile_IntTile:$lhs, CudaTile_IntTile:$rhs,
                       CudaTile_SignednessAttr:$signedness);
  let assemblyFormat = [{
    $lhs `,` $rhs custom<Signedness>($signedness) attr-dict `:`
    custom<CudaTileType>(type($result))
  }];
}

/// A float binary op with an IEEE rounding mode (nearest_even unless
/// written, and then not printed) and a flush-to-zero flag
/// (`addf %a, %b rounding<zero> flush_to_zero : tile<4xf32>`).
class CudaTile_ArithRoundedOp<string mnemonic>
    : CudaTile_ArithBinaryOp<mnemonic, CudaTile_ArithFloatTile> {
  let arguments = (ins CudaTile_ArithFloatTile:$lhs,
                       CudaTile_ArithFloatTile:$rhs,
                       CudaTile_RoundingModeAttr:$rounding_mode,
                       UnitAttr:$flush_to_zero);
  // The empty literal keeps the printer from emitting a space before the
  // rounding mode, which prints its own when it is not the default.
  let assemblyFormat = [{
    $lhs `,` $rhs `` custom<IEEERoundingMode>($rounding_mode)
    (`flush_to_zero` $flush_to_zero^)? attr-dict `:`
    custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Integer arithmetic
//===----------------------------------------------------------------------===//

def CudaTile_AbsIOp : CudaTile_ArithUnaryOp<"absi", CudaTile_IntTile> {
  let summary = "element-wise integer absolute value";
  let description = [{
    Computes `|source|` for each element. The operand is read as a signed
    integer and the result as an unsigned one, so the absolute value of the
    most negative integer is representable.

    ```mlir
    %r = absi %x : tile<4xi32>
    ```
  }];
}

def CudaTile_AddIOp : CudaTile_ArithOverflowOp<"addi"> {
  let summary = "element-wise integer addition";
  let description = [{
    Adds `lhs` and `rhs` element by element, wrapping around on overflow.
    `overflow` states an assumption the compiler may rely on: `no_signed_wrap`
    (the signed sum does not overflow), `no_unsigned_wrap`, or `no_wrap`
    (neither); if it is violated at run time the result is undefined.

    ```mlir
    %r = addi %a, %b : tile<4xi32>
    %s = addi %a, %b overflow<no_signed_wrap> : tile<4xi32>
    ```
  }];
}

def CudaTile_SubIOp : CudaTile_ArithOverflowOp<"subi"> {
  let summary = "element-wise integer subtraction";
  let description = [{
    Computes `lhs - rhs` element by element, wrapping around on overflow
    unless `overflow` says otherwise (see `addi`).

    ```mlir
    %r = subi %a, %b overflow<no_wrap> : tile<4xi64>
    ```
  }];
}

def CudaTile_MulIOp : CudaTile_ArithOverflowOp<"muli"> {
  let summary = "element-wise integer multiplication";
  let description = [{
    Computes the low half of the product `lhs * rhs` for each element
    (`mulhii` gives the high half), wrapping around unless `overflow` says
    otherwise (see `addi`).

    ```mlir
    %r = muli %a, %b : tile<8xi16>
    ```
  }];
}

def CudaTile_MulhiIOp : CudaTile_Op<"mulhii", [
    Pure, Elementwise, AllTypesMatch<["x", "y", "result"]>]> {
  let summary = "element-wise high half of an unsigned integer product";
  let description = [{
    For N-bit operands, returns the upper N bits of the 2N-bit product of the
    operands read as unsigned integers.

    ```mlir
    %hi = mulhii %x, %y : tile<i32>
    ```
  }];
  let arguments = (ins CudaTile_IntTile:$x, CudaTile_IntTile:$y);
  let results = (outs CudaTile_IntTile:$result);
  let assemblyFormat = [{
    $x `,` $y attr-dict `:` custom<CudaTileType>(type($result))
  }];
}

// Division and remainder by zero are undefined, so these ops are not
// speculatable: they have no memory effect but are not Pure.
def CudaTile_DivIOp
    : CudaTile_ArithBinaryOp<"divi", CudaTile_IntTile, [NoMemoryEffect]> {
  let summary = "element-wise integer division";
  let description = [{
    Divides `lhs` by `rhs` element by element, reading both as `signedness`
    integers. The quotient is rounded toward zero unless `rounding` says
    `positive_inf` (ceiling division) or `negative_inf` (floor division,
    signed only). Division by zero, and the signed division of the minimum
    value by -1, are undefined.

    ```mlir
    %q = divi %a, %b signed : tile<4xi32>
    %f = divi %a, %b signed rounding<negative_inf> : tile<4xi32>
    %c = divi %a, %b unsigned rounding<positive_inf> : tile<4xi32>
    ```
  }];
  let arguments = (ins
    CudaTile_IntTile:$lhs,
    CudaTile_IntTile:$rhs,
    CudaTile_SignednessAttr:$signedness,
    DefaultValuedAttr<CudaTile_RoundingModeAttr,
                      "::mlir::cuda_tile::RoundingMode::Zero">:$rounding);
  let assemblyFormat = [{
    $lhs `,` $rhs custom<Signedness>($signedness)
    (`rounding` `` $rounding^)? attr-dict `:`
    custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_RemIOp : CudaTile_ArithSignedOp<"remi", [NoMemoryEffect]> {
  let summary = "element-wise integer remainder";
  let description = [{
    Computes `lhs - trunc(lhs / rhs) * rhs` element by element, reading the
    operands as `signedness` integers. A signed remainder has the sign of
    `lhs`. The remainder by zero is undefined.

    ```mlir
    %r = remi %a, %b signed : tile<4xi32>
    ```
  }];
}

def CudaTile_NegIOp : CudaTile_ArithUnaryOp<"negi", CudaTile_IntTile> {
  let summary = "element-wise integer negation";
  let description = [{
    Computes `-source` for each element read as a signed integer, wrapping
    around for the minimum value unless `overflow` says otherwise. Since the
    operation is signed, `no_unsigned_wrap` is not allowed. `overflow` is
    stored in bytecode from version 13.2 on.

    ```mlir
    %n = negi %x : tile<4xi16>
    %m = negi %x overflow<no_signed_wrap> : tile<4xi16>
    ```
  }];
  let arguments = (ins CudaTile_IntTile:$source,
                       CudaTile_ArithOverflowAttr:$overflow);
  let assemblyFormat = [{
    $source (`overflow` `` $overflow^)? attr-dict `:`
    custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_MaxIOp : CudaTile_ArithSignedOp<"maxi"> {
  let summary = "element-wise integer maximum";
  let description = [{
    Returns the larger of `lhs` and `rhs` for each element, comparing them as
    `signedness` integers.

    ```mlir
    %m = maxi %a, %b unsigned : tile<2x4xi32>
    ```
  }];
}

def CudaTile_MinIOp : CudaTile_ArithSignedOp<"mini"> {
  let summary = "element-wise integer minimum";
  let description = [{
    Returns the smaller of `lhs` and `rhs` for each element, comparing them
    as `signedness` integers.

    ```mlir
    %m = mini %a, %b signed : tile<2x4xi32>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Bitwise operations and shifts
//===----------------------------------------------------------------------===//

def CudaTile_AndIOp : CudaTile_ArithBinaryOp<"andi", CudaTile_IntTile> {
  let summary = "element-wise bitwise and";
  let description = [{
    ```mlir
    %r = andi %a, %b : tile<4xi1>
    ```
  }];
  let hasFolder = 1;
}

def CudaTile_OrIOp : CudaTile_ArithBinaryOp<"ori", CudaTile_IntTile> {
  let summary = "element-wise bitwise or";
  let description = [{
    ```mlir
    %r = ori %a, %b : tile<4xi8>
    ```
  }];
  let hasFolder = 1;
}

def CudaTile_XOrIOp : CudaTile_ArithBinaryOp<"xori", CudaTile_IntTile> {
  let summary = "element-wise bitwise exclusive or";
  let description = [{
    ```mlir
    %r = xori %a, %b : tile<4xi32>
    ```
  }];
}

def CudaTile_ShLIOp : CudaTile_ArithOverflowOp<"shli"> {
  let summary = "element-wise shift left";
  let description = [{
    Shifts each element of `lhs` left by the corresponding element of `rhs`,
    read as unsigned, filling with zeros. `overflow` states that no bits
    (`no_unsigned_wrap`), or no bits differing from the sign bit
    (`no_signed_wrap`), are shifted out.

    ```mlir
    %r = shli %a, %b : tile<4xi32>
    ```
  }];
}

def CudaTile_ShRIOp : CudaTile_ArithSignedOp<"shri"> {
  let summary = "element-wise shift right";
  let description = [{
    Shifts each element of `lhs` right by the corresponding element of `rhs`,
    read as unsigned. An `unsigned` shift fills with zeros, a `signed` shift
    with copies of the sign bit.

    ```mlir
    %r = shri %a, %b signed : tile<4xi32>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Integer comparison
//===----------------------------------------------------------------------===//

def CudaTile_CmpIOp : CudaTile_Op<"cmpi", [
    Pure, Elementwise, AllTypesMatch<["lhs", "rhs"]>,
    AllShapesMatch<["lhs", "result"]>]> {
  let summary = "element-wise integer comparison";
  let description = [{
    Compares `lhs` and `rhs` element by element with `comparison_predicate`,
    reading them as `signedness` integers (which makes no difference to
    `equal` and `not_equal`). The result is an i1 tile of the operand shape.

    ```mlir
    %c = cmpi less_than %a, %b, signed : tile<i16> -> tile<i1>
    %e = cmpi equal %x, %y, unsigned : tile<2x2xi64> -> tile<2x2xi1>
    ```
  }];
  let arguments = (ins CudaTile_ComparisonPredicateAttr:$comparison_predicate,
                       CudaTile_IntTile:$lhs,
                       CudaTile_IntTile:$rhs,
                       CudaTile_SignednessAttr:$signedness);
  let results = (outs CudaTile_I1Tile:$result);
  // Builds the i1 result type from the operand type (defined in
  // ArithOps.cpp, after the type helpers are declared).
  let builders = [
    OpBuilder<(ins "::mlir::cuda_tile::ComparisonPredicate":$predicate,
                   "::mlir::Value":$lhs, "::mlir::Value":$rhs,
                   "::mlir::cuda_tile::Signedness":$signedness)>
  ];
  let assemblyFormat = [{
    custom<ComparisonPredicate>($comparison_predicate) $lhs `,` $rhs `,`
    custom<Signedness>($signedness) attr-dict `:`
    custom<CudaTileType>(type($lhs)) `->` custom<CudaTileType>(type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Floating-point arithmetic
//===----------------------------------------------------------------------===//

def CudaTile_AbsFOp : CudaTile_ArithUnaryOp<"absf", CudaTile_ArithFloatTile> {
  let summary = "element-wise floating-point absolute value";
  let description = [{
    Clears the sign bit of each element.

    ```mlir
    %r = absf %x : tile<4xf16>
    ```
  }];
}

def CudaTile_NegFOp : CudaTile_ArithUnaryOp<"negf", CudaTile_ArithFloatTile> {
  let summary = "element-wise floating-point negation";
  let description = [{
    Flips the sign bit of each element.

    ```mlir
    %r = negf %x : tile<4xf32>
    ```
  }];
}

def CudaTile_AddFOp : CudaTile_ArithRoundedOp<"addf"> {
  let summary = "element-wise floating-point addition";
  let description = [{
    Adds `lhs` and `rhs` element by element, rounding with `rounding_mode`:
    `nearest_even` (the default, not printed), `zero`, `negative_inf` or
    `positive_inf`; on f16 and bf16 the directed modes are emulated in f32.
    `flush_to_zero` flushes subnormal inputs and results to zero of the same
    sign and is only allowed on f32.

    ```mlir
    %r = addf %a, %b : tile<4xf32>
    %s = addf %a, %b rounding<positive_inf> flush_to_zero : tile<4xf32>
    ```
  }];
}

def CudaTile_SubFOp : CudaTile_ArithRoundedOp<"subf"> {
  let summary = "element-wise floating-point subtraction";
  let description = [{
    Computes `lhs - rhs` element by element; `rounding_mode` and
    `flush_to_zero` as for `addf`.

    ```mlir
    %r = subf %a, %b rounding<zero> : tile<4xf64>
    ```
  }];
}

def CudaTile_MulFOp : CudaTile_ArithRoundedOp<"mulf"> {
  let summary = "element-wise floating-point multiplication";
  let description = [{
    Computes `lhs * rhs` element by element; `rounding_mode` and
    `flush_to_zero` as for `addf`.

    ```mlir
    %r = mulf %a, %b : tile<4xbf16>
    ```
  }];
}

def CudaTile_DivFOp : CudaTile_ArithRoundedOp<"divf"> {
  let summary = "element-wise floating-point division";
  let description = [{
    Computes `lhs / rhs` element by element. Besides the IEEE rounding modes
    of `addf` (nearest_even by default), f32 division accepts `approx` (a
    multiplication by an approximate reciprocal, at most 2 ulp of error in
    the normal range) and `full` (a scaled approximation with at most 2 ulp
    of error over the whole range). `flush_to_zero` is only allowed on f32.

    ```mlir
    %q = divf %a, %b : tile<4xf32>
    %r = divf %a, %b rounding<approx> flush_to_zero : tile<4xf32>
    ```
  }];
  let assemblyFormat = [{
    $lhs `,` $rhs `` custom<DivFRoundingMode>($rounding_mode)
    (`flush_to_zero` $flush_to_zero^)? attr-dict `:`
    custom<CudaTileType>(type($result))
  }];
}

def CudaTile_RemFOp : CudaTile_ArithBinaryOp<"remf", CudaTile_ArithFloatTile> {
  let summary = "element-wise floating-point remainder";
  let description = [{
    Computes `lhs - trunc(lhs / rhs) * rhs` element by element: the result
    has the sign of `lhs` and is smaller in magnitude than `rhs`. A zero
    `rhs`, an infinite `lhs` or a NaN operand give NaN; a finite `lhs` and an
    infinite `rhs` give `lhs`.

    ```mlir
    %r = remf %a, %b : tile<4xf32>
    ```
  }];
}

def CudaTile_MaxFOp : CudaTile_ArithBinaryOp<"maxf", CudaTile_ArithFloatTile> {
  let summary = "element-wise floating-point maximum";
  let description = [{
    Returns the larger of `lhs` and `rhs` for each element, with +0.0 larger
    than -0.0. Without `propagate_nan`, a NaN operand is ignored unless both
    are NaN (IEEE 754-2019 maximumNumber); with it, any NaN operand gives NaN
    (maximum). `flush_to_zero` is only allowed on f32. The two modifiers may
    be written in either order.

    ```mlir
    %m = maxf %a, %b : tile<2x4xf32>
    %n = maxf %a, %b propagate_nan flush_to_zero : tile<2x4xf32>
    ```
  }];
  let arguments = (ins CudaTile_ArithFloatTile:$lhs,
                       CudaTile_ArithFloatTile:$rhs,
                       UnitAttr:$propagate_nan,
                       UnitAttr:$flush_to_zero);
  let assemblyFormat = [{
    $lhs `,` $rhs
    oilist(`flush_to_zero` $flush_to_zero | `propagate_nan` $propagate_nan)
    attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_MinFOp : CudaTile_ArithBinaryOp<"minf", CudaTile_ArithFloatTile> {
  let summary = "element-wise floating-point minimum";
  let description = [{
    Returns the smaller of `lhs` and `rhs` for each element, with -0.0
    smaller than +0.0; `propagate_nan` and `flush_to_zero` as for `maxf`.

    ```mlir
    %m = minf %a, %b propagate_nan : tile<2x4xf32>
    ```
  }];
  let arguments = (ins CudaTile_ArithFloatTile:$lhs,
                       CudaTile_ArithFloatTile:$rhs,
                       UnitAttr:$propagate_nan,
                       UnitAttr:$flush_to_zero);
  let assemblyFormat = [{
    $lhs `,` $rhs
    oilist(`flush_to_zero` $flush_to_zero | `propagate_nan` $propagate_nan)
    attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_FmaOp : CudaTile_Op<"fma", [
    Pure, Elementwise, AllTypesMatch<["lhs", "rhs", "acc", "result"]>]> {
  let summary = "element-wise fused multiply-add";
  let description = [{
    Computes `lhs * rhs + acc` for each element with a single rounding;
    `rounding_mode` and `flush_to_zero` as for `addf`.

    ```mlir
    %r = fma %a, %b, %c : tile<4xf32>
    %s = fma %a, %b, %c rounding<negative_inf> flush_to_zero : tile<4xf32>
    ```
  }];
  let arguments = (ins CudaTile_ArithFloatTile:$lhs,
                       CudaTile_ArithFloatTile:$rhs,
                       CudaTile_ArithFloatTile:$acc,
                       CudaTile_RoundingModeAttr:$rounding_mode,
                       UnitAttr:$flush_to_zero);
  let results = (outs CudaTile_ArithFloatTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc `` custom<IEEERoundingMode>($rounding_mode)
    (`flush_to_zero` $flush_to_zero^)? attr-dict `:`
    custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Floating-point comparison
//===----------------------------------------------------------------------===//

def CudaTile_CmpFOp : CudaTile_Op<"cmpf", [
    Pure, Elementwise, AllTypesMatch<["lhs", "rhs"]>,
    AllShapesMatch<["lhs", "result"]>]> {
  let summary = "element-wise floating-point comparison";
  let description = [{
    Compares `lhs` and `rhs` element by element with `comparison_predicate`.
    When either element is NaN, an `ordered` comparison yields false and an
    `unordered` one yields true. The result is an i1 tile of the operand
    shape.

    ```mlir
    %c = cmpf equal ordered %a, %b : tile<f16> -> tile<i1>
    %d = cmpf less_than unordered %x, %y : tile<2x2xf16> -> tile<2x2xi1>
    ```
  }];
  let arguments = (ins CudaTile_ComparisonPredicateAttr:$comparison_predicate,
                       CudaTile_ComparisonOrderingAttr:$comparison_ordering,
                       CudaTile_ArithFloatTile:$lhs,
                       CudaTile_ArithFloatTile:$rhs);
  let results = (outs CudaTile_I1Tile:$result);
  // Builds the i1 result type from the operand type (defined in
  // ArithOps.cpp, after the type helpers are declared).
  let builders = [
    OpBuilder<(ins "::mlir::cuda_tile::ComparisonPredicate":$predicate,
                   "::mlir::cuda_tile::ComparisonOrdering":$ordering,
                   "::mlir::Value":$lhs, "::mlir::Value":$rhs)>
  ];
  let assemblyFormat = [{
    custom<ComparisonPredicate>($comparison_predicate)
    custom<ComparisonOrdering>($comparison_ordering) $lhs `,` $rhs attr-dict
    `:` custom<CudaTileType>(type($lhs)) `->`
    custom<CudaTileType>(type($result))
  }];
}

//===----------------------------------------------------------------------===//
// SelectOp
//===----------------------------------------------------------------------===//

def CudaTile_SelectOp : CudaTile_Op<"select", [
    Pure, Elementwise, AllTypesMatch<["val_if_true", "val_if_false", "result"]>,
    AllShapesMatch<["cond", "val_if_true", "val_if_false", "result"]>]> {
  let summary = "element-wise choice between two tiles";
  let description = [{
    For each element, returns `val_if_true` where `cond` is 1 and
    `val_if_false` where it is 0. All tiles have the same shape; the two
    values and the result have the same type, of any element type except
    the packed f4E2M1FN.

    ```mlir
    %r = select %c, %a, %b : tile<4xi1>, tile<4xf32>
    ```
  }];
  let arguments = (ins CudaTile_I1Tile:$cond,
                       CudaTile_AnyTile:$val_if_true,
                       CudaTile_AnyTile:$val_if_false);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $cond `,` $val_if_true `,` $val_if_false attr-dict `:`
    custom<CudaTileType>(type($cond)) `,` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// OffsetOp
//===----------------------------------------------------------------------===//

def CudaTile_OffsetOp : CudaTile_Op<"offset", [
    Pure, Elementwise, SameOperandsAndResultShape,
    AllTypesMatch<["result", "ptr"]>]> {
  let summary = "element-wise pointer advance";
  let description = [{
    Advances each pointer of `ptr` by the corresponding element of `offset`,
    counted in elements of the pointee type: the address grows by
    `offset * sizeof(pointee)` bytes. `offset` is read as signed and the
    pointer as unsigned; the multiplication must not overflow as a signed
    operation nor the addition as an unsigned one.

    ```mlir
    %q = offset %p, %i : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>
    ```
  }];
  let arguments = (ins CudaTile_PointerTile:$ptr, CudaTile_IntTile:$offset);
  let results = (outs CudaTile_PointerTile:$result);
  let assemblyFormat = [{
    $ptr `,` $offset attr-dict `:` custom<CudaTileType>(type($ptr)) `,`
    custom<CudaTileType>(type($offset)) `->` custom<CudaTileType>(type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Matrix multiply-accumulate
//===----------------------------------------------------------------------===//

def CudaTile_MmaFOperandTile
    : CudaTile_TileOf<[CudaTile_Float16, CudaTile_BFloat16, CudaTile_Float32,
                       CudaTile_Float64, CudaTile_TFloat32,
                       CudaTile_Float8E4M3FN, CudaTile_Float8E5M2], [],
                      "mmaf operand tile">;
def CudaTile_MmaFAccumulatorTile
    : CudaTile_TileOf<[CudaTile_Float16, CudaTile_Float32, CudaTile_Float64],
                      [], "mmaf accumulator tile">;

def CudaTile_MmaFOp : CudaTile_Op<"mmaf", [
    Pure, AllTypesMatch<["acc", "result"]>,
    AllElementTypesMatch<["lhs", "rhs"]>,
    AllRanksMatch<["lhs", "rhs", "acc"]>]> {
  let summary = "floating-point matrix multiply-accumulate";
  let description = [{
    Computes `lhs x rhs + acc`: `lhs` is M x K, `rhs` K x N and `acc` and
    the result M x N, or B x M x K, B x K x N and B x M x N for a batch of B
    products. `lhs` and `rhs` have the same element type, which determines
    the accumulator types allowed:

    | lhs, rhs              | acc, result |
    |-----------------------|-------------|
    | f8E4M3FN, f8E5M2, f16 | f16 or f32  |
    | bf16, tf32, f32       | f32         |
    | f64                   | f64         |

    `fast_acc` (bytecode 13.3) lets f8 products on sm_90 accumulate in the
    hardware's reduced intermediate precision instead of being promoted
    periodically to f32.

    ```mlir
    %d = mmaf %a, %b, %c : tile<4x8xf16>, tile<8x2xf16>, tile<4x2xf32>
    %e = mmaf %x, %y, %z fast_acc
        : tile<2x16x32xf8E4M3FN>, tile<2x32x8xf8E4M3FN>, tile<2x16x8xf32>
    ```
  }];
  let arguments = (ins CudaTile_MmaFOperandTile:$lhs,
                       CudaTile_MmaFOperandTile:$rhs,
                       CudaTile_MmaFAccumulatorTile:$acc,
                       UnitAttr:$fast_acc);
  let results = (outs CudaTile_MmaFAccumulatorTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc (`fast_acc` $fast_acc^)? attr-dict `:`
    custom<CudaTileType>(type($lhs)) `,` custom<CudaTileType>(type($rhs)) `,`
    custom<CudaTileType>(type($acc))
  }];
  let hasVerifier = 1;
}

def CudaTile_MmaIOp : CudaTile_Op<"mmai", [
    Pure, AllTypesMatch<["acc", "result"]>,
    AllRanksMatch<["lhs", "rhs", "acc"]>]> {
  let summary = "integer matrix multiply-accumulate";
  let description = [{
    Computes `lhs x rhs + acc` with the shapes of `mmaf`. `lhs` and `rhs`
    are i8 tiles read with their own signedness; `acc` and the result are
    signed i32 tiles.

    ```mlir
    %d = mmai %a, %b, %c signed unsigned
        : tile<4x8xi8>, tile<8x2xi8>, tile<4x2xi32>
    ```
  }];
  let arguments = (ins CudaTile_TileOf<[CudaTile_Int8], [],
                                       "mmai operand tile">:$lhs,
                       CudaTile_TileOf<[CudaTile_Int8], [],
                                       "mmai operand tile">:$rhs,
                       CudaTile_TileOf<[CudaTile_Int32], [],
                                       "mmai accumulator tile">:$acc,
                       CudaTile_SignednessAttr:$signedness_lhs,
                       CudaTile_SignednessAttr:$signedness_rhs);
  let results = (outs CudaTile_TileOf<[CudaTile_Int32], [],
                                      "mmai accumulator tile">:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc custom<Signedness>($signedness_lhs)
    custom<Signedness>($signedness_rhs) attr-dict `:`
    custom<CudaTileType>(type($lhs)) `,` custom<CudaTileType>(type($rhs)) `,`
    custom<CudaTileType>(type($acc))
  }];
  let hasVerifier = 1;
}

def CudaTile_MmaFScaledOperandTile
    : CudaTile_TileOf<[CudaTile_Float8E4M3FN, CudaTile_Float8E5M2,
                       CudaTile_Float4E2M1FN], [], "mmaf_scaled operand tile">;
def CudaTile_MmaFScaledScaleTile
    : CudaTile_TileOf<[CudaTile_Float8E4M3FN, CudaTile_Float8E8M0FNU], [],
                      "mmaf_scaled scale tile">;
def CudaTile_MmaFScaledAccumulatorTile
    : CudaTile_TileOf<[CudaTile_Float32], [], "mmaf_scaled accumulator tile">;

def CudaTile_MmaFScaledOp : CudaTile_Op<"mmaf_scaled", [
    Pure, AllTypesMatch<["acc", "result"]>,
    AllElementTypesMatch<["lhs", "rhs"]>,
    AllElementTypesMatch<["lhs_scale", "rhs_scale"]>,
    AllRanksMatch<["lhs", "rhs", "acc", "lhs_scale", "rhs_scale"]>],
    "13.3"> {
  let summary = "block-scaled floating-point matrix multiply-accumulate";
  let description = [{
    An `mmaf` on low-precision operands in which each run of V consecutive
    elements along K shares one scale factor: element (i, k) of `lhs` is
    multiplied by `lhs_scale[i, k / V]` and element (k, j) of `rhs` by
    `rhs_scale[k / V, j]` before the product is accumulated into the f32
    `acc`. So `lhs_scale` is M x K/V and `rhs_scale` K/V x N (with a leading
    batch dimension when batched), and V is the quotient of the K extents.
    The supported combinations are:

    | lhs, rhs         | lhs_scale, rhs_scale | V        |
    |------------------|----------------------|----------|
    | f8E4M3FN, f8E5M2 | f8E8M0FNU            | 32       |
    | f4E2M1FN         | f8E8M0FNU            | 16 or 32 |
    | f4E2M1FN         | f8E4M3FN             | 16       |

    f8E4M3FN scales must not be negative.

    ```mlir
    %d = mmaf_scaled %a, %b, %c, %sa, %sb
        : tile<128x64xf8E4M3FN>, tile<64x128xf8E4M3FN>, tile<128x128xf32>,
          tile<128x2xf8E8M0FNU>, tile<2x128xf8E8M0FNU>
    ```
  }];
  let arguments = (ins CudaTile_MmaFScaledOperandTile:$lhs,
                       CudaTile_MmaFScaledOperandTile:$rhs,
                       CudaTile_MmaFScaledAccumulatorTile:$acc,
                       CudaTile_MmaFScaledScaleTile:$lhs_scale,
                       CudaTile_MmaFScaledScaleTile:$rhs_scale);
  let results = (outs CudaTile_MmaFScaledAccumulatorTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc `,` $lhs_scale `,` $rhs_scale attr-dict `:`
    custom<CudaTileType>(type($lhs)) `,` custom<CudaTileType>(type($rhs)) `,`
    custom<CudaTileType>(type($acc)) `,`
    custom<CudaTileType>(type($lhs_scale)) `,`
    custom<CudaTileType>(type($rhs_scale))
  }];
  let hasVerifier = 1;
}

#endif // TILEIR_DIALECT_CUDATILE_IR_ARITHOPS_TD
