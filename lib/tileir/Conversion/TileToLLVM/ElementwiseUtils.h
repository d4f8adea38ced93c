//===- ElementwiseUtils.h - Scalar arithmetic, math and casts ---*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What the element-wise lowering files share: the scalar emitters of the
// math and conversion op families (called by emitScalarOp), calls to LLVM
// intrinsics and to libdevice, and the float rounding helpers that emulate
// what the hardware lacks (directed rounding to f16/bf16, round-to-odd
// narrowing, 8- and 4-bit float codecs).
//
// Register conventions (TileLLVMTypeConverter): tf32 lives in an f32 holding
// a tf32-rounded value; 8-bit floats are i8 bit patterns; i4 and f4E2M1FN
// occupy the low 4 bits of an i8. Emitters here clear the high 4 bits of
// the 4-bit values they produce and ignore them in the values they read.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_LIB_CONVERSION_TILETOLLVM_ELEMENTWISEUTILS_H
#define TILEIR_LIB_CONVERSION_TILETOLLVM_ELEMENTWISEUTILS_H

#include "tileir/Conversion/TileToLLVM/TileToLLVM.h"
#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"

#include <optional>

namespace tileir::lowering {

//===----------------------------------------------------------------------===//
// Types and constants
//===----------------------------------------------------------------------===//

/// The element type of a cuda_tile tile type (the type itself when it is
/// not a tile, e.g. for a value that is already scalar).
mlir::Type getTileElementType(mlir::Type type);

/// A constant of the LLVM float type `type` (f16, bf16, f32 or f64).
mlir::Value floatConst(mlir::OpBuilder &b, mlir::Location loc,
                       mlir::Type type, double value);

/// A call of the LLVM intrinsic `name` (an overloaded intrinsic is resolved
/// from the argument and result types).
mlir::Value createIntrinsicCall(mlir::OpBuilder &b, mlir::Location loc,
                                llvm::StringRef name, mlir::Type resultType,
                                mlir::ValueRange args);

/// A call of the libdevice function `name`, declared in the module that
/// contains `op` on first use. The PTX emitter links libdevice when the
/// module calls any `__nv_` function.
mlir::FailureOr<mlir::Value> createLibdeviceCall(mlir::OpBuilder &b,
                                                 mlir::Location loc,
                                                 mlir::Operation *op,
                                                 llvm::StringRef name,
                                                 mlir::Type resultType,
                                                 mlir::ValueRange args);

//===----------------------------------------------------------------------===//
// Float rounding
//===----------------------------------------------------------------------===//

/// The PTX rounding suffix of an IEEE rounding mode ("rn", "rz", "rm",
/// "rp"), or none for the other modes.
std::optional<llvm::StringRef>
getIEEERoundingSuffix(mlir::cuda_tile::RoundingMode mode);

/// Widens an f16 or bf16 value to f32 (exactly); other values unchanged.
mlir::Value extendToF32(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::Value value);

/// Rounds the f32 `value` to f16 or bf16 (`type`) with the IEEE rounding
/// mode `mode` (a non-IEEE mode rounds to nearest even). PTX converts
/// f32 -> f16/bf16 toward zero or to nearest; the directed modes step the
/// truncated value away from zero when it was inexact.
mlir::Value truncateF32(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::Value value, mlir::Type type,
                        mlir::cuda_tile::RoundingMode mode);

/// Narrows an f64 to f32 rounding to odd (toward zero, then the lowest bit
/// set when inexact). Rounding the result once more to nearest into any
/// format of at most 22 significand bits (f16, bf16, tf32, 8- and 4-bit
/// floats) gives the correctly rounded value, which f64 -> f32 -> narrow to
/// nearest twice would not.
mlir::Value roundF64ToOddF32(mlir::OpBuilder &b, mlir::Location loc,
                             mlir::Value value);

/// Exact decoders of the small float formats to f32 (CastToLLVM.cpp). The
/// code is the low bits of an i8 register; bits above the format's width are
/// ignored. f8E4M3FN: 0x7F is NaN; f4E2M1FN: no NaN or Inf; f8E8M0FNU:
/// 2^(code - 127), 0xFF is NaN.
mlir::Value decodeF8E4M3(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value v);
mlir::Value decodeF4E2M1(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value v);
mlir::Value decodeF8E8M0(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value v);

/// f8E5M2 is the high byte of an f16: the exact f16, with Inf and NaN.
mlir::Value decodeF8E5M2ToF16(mlir::OpBuilder &b, mlir::Location loc,
                              mlir::Value v);

//===----------------------------------------------------------------------===//
// Op families
//===----------------------------------------------------------------------===//

/// Whether `op` is a math op (MathToLLVM.cpp): ceil, floor, cos, cosh, sin,
/// sinh, tan, tanh, exp, exp2, log, log2, pow, sqrt, rsqrt, atan2.
bool isMathOp(mlir::Operation *op);

/// Emits math op `op` on one register per operand.
mlir::FailureOr<mlir::Value>
emitMathOp(mlir::OpBuilder &b, mlir::Operation *op, mlir::ValueRange operands,
           const TileLLVMTypeConverter &converter);

/// Whether `op` is a conversion (CastToLLVM.cpp): exti, trunci, ftof, ftoi,
/// itof, bitcast, int_to_ptr, ptr_to_int, ptr_to_ptr.
bool isCastOp(mlir::Operation *op);

/// Emits conversion `op` on one register.
mlir::FailureOr<mlir::Value>
emitCastOp(mlir::OpBuilder &b, mlir::Operation *op, mlir::Value operand,
           const TileLLVMTypeConverter &converter);

/// pack and unpack (PackToLLVM.cpp).
void populatePackToLLVMPatterns(TileLLVMTypeConverter &converter,
                                mlir::RewritePatternSet &patterns);

} // namespace tileir::lowering

#endif // TILEIR_LIB_CONVERSION_TILETOLLVM_ELEMENTWISEUTILS_H
