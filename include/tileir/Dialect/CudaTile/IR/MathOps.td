//===- MathOps.td - cuda_tile math ops ---------------------*- tablegen -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Transcendental and rounding functions on float tiles (exp, log, sin,
// tanh, sqrt, rsqrt, pow, floor, ...).
//
// Include CudaTileOpBase.td only (never another group file): the op
// definitions of this group are generated from this file alone.
//
// Operand, attribute and result names, their order and their kinds are those
// of the CUDA Tile IR specification: the bytecode reader and writer
// (lib/tileir/Bytecode/Common/OpTable.cpp) address them by name.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_MATHOPS_TD
#define TILEIR_DIALECT_CUDATILE_IR_MATHOPS_TD

include "tileir/Dialect/CudaTile/IR/CudaTileOpBase.td"

//===----------------------------------------------------------------------===//
// Constraints and base classes
//===----------------------------------------------------------------------===//

/// The element types of the math functions: f16, bf16, f32 and f64. On f16
/// and bf16 the functions are evaluated in f32.
def CudaTile_MathFloatTile
    : CudaTile_TileOf<[CudaTile_Float16, CudaTile_BFloat16, CudaTile_Float32,
                       CudaTile_Float64]>;

/// An element-wise function of one float tile `source`.
class CudaTile_MathUnaryOp<string mnemonic, list<Trait> traits = [],
                           string version = "13.1">
    : CudaTile_Op<mnemonic, !listconcat([Pure, Elementwise,
                                         AllTypesMatch<["source", "result"]>],
                                        traits), version> {
  let arguments = (ins CudaTile_MathFloatTile:$source);
  let results = (outs CudaTile_MathFloatTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($result))
  }];
}

/// An element-wise function with a flush-to-zero flag, allowed on f32 only
/// (`exp2 %x flush_to_zero : tile<4xf32>`).
class CudaTile_MathFlushToZeroOp<string mnemonic>
    : CudaTile_MathUnaryOp<mnemonic> {
  let arguments = (ins CudaTile_MathFloatTile:$source,
                       UnitAttr:$flush_to_zero);
  let assemblyFormat = [{
    $source (`flush_to_zero` $flush_to_zero^)? attr-dict `:`
    custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

/// An element-wise function computed in `full` precision (the default, not
/// printed) or, on f32, with a faster `approx`imation
/// (`tanh %x rounding<approx> : tile<4xf32>`).
class CudaTile_MathApproxOp<string mnemonic>
    : CudaTile_MathUnaryOp<mnemonic> {
  let arguments = (ins
    CudaTile_MathFloatTile:$source,
    DefaultValuedAttr<CudaTile_RoundingModeAttr,
                      "::mlir::cuda_tile::RoundingMode::Full">:$rounding_mode);
  // The empty literal keeps the printer from emitting a space before the
  // rounding mode, which prints its own when it is not the default.
  let assemblyFormat = [{
    $source `` custom<ApproxRoundingMode>($rounding_mode) attr-dict `:`
    custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Rounding to integers
//===----------------------------------------------------------------------===//

def CudaTile_CeilOp : CudaTile_MathUnaryOp<"ceil"> {
  let summary = "element-wise rounding up to an integer";
  let description = [{
    Returns the smallest integral value not less than each element.

    ```mlir
    %r = ceil %x : tile<f32>
    ```
  }];
}

def CudaTile_FloorOp : CudaTile_MathUnaryOp<"floor"> {
  let summary = "element-wise rounding down to an integer";
  let description = [{
    Returns the largest integral value not greater than each element.

    ```mlir
    %r = floor %x : tile<4xf64>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Trigonometric and hyperbolic functions
//===----------------------------------------------------------------------===//

def CudaTile_CosOp : CudaTile_MathUnaryOp<"cos"> {
  let summary = "element-wise cosine";
  let description = [{
    ```mlir
    %r = cos %x : tile<4xf32>
    ```
  }];
}

def CudaTile_SinOp : CudaTile_MathUnaryOp<"sin"> {
  let summary = "element-wise sine";
  let description = [{
    ```mlir
    %r = sin %x : tile<4xf32>
    ```
  }];
}

def CudaTile_TanOp : CudaTile_MathUnaryOp<"tan"> {
  let summary = "element-wise tangent";
  let description = [{
    ```mlir
    %r = tan %x : tile<4xf16>
    ```
  }];
}

def CudaTile_CosHOp : CudaTile_MathUnaryOp<"cosh"> {
  let summary = "element-wise hyperbolic cosine";
  let description = [{
    ```mlir
    %r = cosh %x : tile<4xbf16>
    ```
  }];
}

def CudaTile_SinHOp : CudaTile_MathUnaryOp<"sinh"> {
  let summary = "element-wise hyperbolic sine";
  let description = [{
    ```mlir
    %r = sinh %x : tile<4xf32>
    ```
  }];
}

def CudaTile_TanHOp : CudaTile_MathApproxOp<"tanh"> {
  let summary = "element-wise hyperbolic tangent";
  let description = [{
    `rounding_mode` is `full` (the default: at most 2 ulp of error in f32, 1
    in f64) or, on f32 only, `approx` (a faster approximation whose subnormal
    results are not flushed). It is stored in bytecode from version 13.2 on;
    older files imply `full`.

    ```mlir
    %r = tanh %x : tile<4xf32>
    %a = tanh %x rounding<approx> : tile<4xf32>
    ```
  }];
}

def CudaTile_Atan2Op : CudaTile_Op<"atan2", [
    Pure, Elementwise, AllTypesMatch<["x", "y", "result"]>], "13.2"> {
  let summary = "element-wise two-argument arc tangent";
  let description = [{
    Computes the arc tangent of `x / y` element by element, with the
    quadrant chosen by the signs of both operands: C's `atan2(x, y)`, whose
    first operand is the ordinate. Introduced in bytecode 13.2.

    ```mlir
    %r = atan2 %x, %y : tile<4xf32>
    ```
  }];
  let arguments = (ins CudaTile_MathFloatTile:$x, CudaTile_MathFloatTile:$y);
  let results = (outs CudaTile_MathFloatTile:$result);
  let assemblyFormat = [{
    $x `,` $y attr-dict `:` custom<CudaTileType>(type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Exponentials, logarithms and powers
//===----------------------------------------------------------------------===//

def CudaTile_ExpOp : CudaTile_MathApproxOp<"exp"> {
  let summary = "element-wise natural exponential";
  let description = [{
    Computes `e^x`. `rounding_mode` is `full` (the default, accurate as the
    CUDA math library) or, on f32 only, `approx` (a scaled hardware `exp2`).
    It is stored in bytecode from version 13.3 on; older files imply `full`.

    ```mlir
    %r = exp %x : tile<4xf32>
    %a = exp %x rounding<approx> : tile<4xf32>
    ```
  }];
}

def CudaTile_Exp2Op : CudaTile_MathFlushToZeroOp<"exp2"> {
  let summary = "element-wise base-2 exponential";
  let description = [{
    Computes `2^x`. `flush_to_zero` (f32 only) flushes subnormal inputs and
    results to zero of the same sign.

    ```mlir
    %r = exp2 %x flush_to_zero : tile<4xf32>
    ```
  }];
}

def CudaTile_LogOp : CudaTile_MathUnaryOp<"log"> {
  let summary = "element-wise natural logarithm";
  let description = [{
    ```mlir
    %r = log %x : tile<4xf32>
    ```
  }];
}

def CudaTile_Log2Op : CudaTile_MathUnaryOp<"log2"> {
  let summary = "element-wise base-2 logarithm";
  let description = [{
    ```mlir
    %r = log2 %x : tile<4xf32>
    ```
  }];
}

def CudaTile_PowOp : CudaTile_Op<"pow", [
    Pure, Elementwise, AllTypesMatch<["result", "source", "exponent"]>]> {
  let summary = "element-wise power";
  let description = [{
    Raises each element of `source` to the power of the corresponding
    element of `exponent`.

    ```mlir
    %r = pow %x, %e : tile<4xf32>
    ```
  }];
  let arguments = (ins CudaTile_MathFloatTile:$source,
                       CudaTile_MathFloatTile:$exponent);
  let results = (outs CudaTile_MathFloatTile:$result);
  let assemblyFormat = [{
    $source `,` $exponent attr-dict `:` custom<CudaTileType>(type($result))
  }];
}

def CudaTile_FPowIOp : CudaTile_Op<"fpowi", [
    Pure, Elementwise, AllTypesMatch<["result", "source"]>,
    AllShapesMatch<["source", "exponent"]>], "13.4"> {
  let summary = "element-wise float raised to an integer power";
  let description = [{
    Raises each float element of `source` to the power of the corresponding
    signed integer element of `exponent` (8, 16 or 32 bits), as
    `pow(x, (double)n)` does: `x^0` is 1 for every `x`, NaN included.
    Introduced in bytecode 13.4.

    ```mlir
    %r = fpowi %x, %n : tile<4xf32>, tile<4xi32>
    ```
  }];
  let arguments = (ins CudaTile_MathFloatTile:$source,
                       CudaTile_IntTile:$exponent);
  let results = (outs CudaTile_MathFloatTile:$result);
  let assemblyFormat = [{
    $source `,` $exponent attr-dict `:` custom<CudaTileType>(type($source))
    `,` custom<CudaTileType>(type($exponent))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Square roots
//===----------------------------------------------------------------------===//

def CudaTile_SqrtOp : CudaTile_MathUnaryOp<"sqrt"> {
  let summary = "element-wise square root";
  let description = [{
    `rounding_mode` is an IEEE mode (`nearest_even`, the default and not
    printed, `zero`, `negative_inf` or `positive_inf`; the directed ones are
    emulated in f32 on f16 and bf16) or, on f32 only, `approx`.
    `flush_to_zero` is allowed on f32 only.

    ```mlir
    %r = sqrt %x : tile<4xf64>
    %a = sqrt %x rounding<approx> flush_to_zero : tile<4xf32>
    ```
  }];
  let arguments = (ins CudaTile_MathFloatTile:$source,
                       CudaTile_RoundingModeAttr:$rounding_mode,
                       UnitAttr:$flush_to_zero);
  let assemblyFormat = [{
    $source `` custom<SqrtRoundingMode>($rounding_mode)
    (`flush_to_zero` $flush_to_zero^)? attr-dict `:`
    custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_RsqrtOp : CudaTile_MathFlushToZeroOp<"rsqrt"> {
  let summary = "element-wise reciprocal square root";
  let description = [{
    Computes `1 / sqrt(x)`; `flush_to_zero` is allowed on f32 only.

    ```mlir
    %r = rsqrt %x flush_to_zero : tile<4xf32>
    ```
  }];
}

#endif // TILEIR_DIALECT_CUDATILE_IR_MATHOPS_TD
