//===- CudaTileAsmUtils.h - Shared parse/print helpers ----------*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Parsers and printers for the pieces of cuda_tile syntax that many ops
// share. Each function has the signature ODS expects of a `custom<Name>`
// directive, so an op group file can write, for example,
//
//   let assemblyFormat = [{
//     $lhs `,` $rhs attr-dict `:` custom<CudaTileType>(type($result))
//   }];
//   let assemblyFormat = [{
//     custom<DenseTileConstant>($value, type($result)) attr-dict
//   }];
//
// and include this header in the group's .cpp file before the generated op
// definitions.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_CUDATILEASMUTILS_H
#define TILEIR_DIALECT_CUDATILE_IR_CUDATILEASMUTILS_H

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/OpImplementation.h"

namespace mlir::cuda_tile {

//===----------------------------------------------------------------------===//
// Types: custom<CudaTileType>
//===----------------------------------------------------------------------===//
//
// The default dialect of an op only applies to op names, not to types, so
// ops print and parse their types through these: `tile<4xf32>` and
// `!cuda_tile.tile<4xf32>` both parse; the short form is printed. Builtin
// types (`f32`, ...) parse and print as usual.

/// Parses one type.
ParseResult parseCudaTileType(AsmParser &parser, Type &type);

/// Parses a non-empty comma-separated list of types, for variadic operands
/// or results.
ParseResult parseCudaTileType(AsmParser &parser, SmallVectorImpl<Type> &types);

/// Prints one type, without the `!cuda_tile.` prefix.
void printCudaTileType(AsmPrinter &printer, Type type);
void printCudaTileType(AsmPrinter &printer, Operation *op, Type type);

/// Prints a comma-separated list of types.
void printCudaTileType(AsmPrinter &printer, TypeRange types);
void printCudaTileType(AsmPrinter &printer, Operation *op, TypeRange types);

//===----------------------------------------------------------------------===//
// Dense tile constants: custom<DenseTileConstant>
//===----------------------------------------------------------------------===//
//
// The syntax of `constant` and `global` values:
//
//   <f32: [[1.0, 2.0], [3.0, 4.0]]> : tile<2x2xf32>
//   <i32: 0> : tile<4xi32>           (one value fills the whole tile)
//   <i1: true> : tile<i1>
//
// The element type comes first and must equal the tile's; the literal is a
// nested list matching the tile shape, or a single value. Integers may use
// either the signed or the unsigned range of their width; floats accept
// decimal literals or hexadecimal bit patterns (0x7F800000). Elements are
// i1, i8, i16, i32, i64 or float element types. Large constants print as a
// hexadecimal string (`<f32: "0x0000803F...">`), which parses back.

/// Parses `<elem: literal> : tile-type`; `type` receives the tile type.
ParseResult parseDenseTileConstant(AsmParser &parser,
                                   DenseIntOrFPElementsAttr &value, Type &type);

/// Prints `<elem: literal> : tile-type`.
void printDenseTileConstant(AsmPrinter &printer, Operation *op,
                            DenseIntOrFPElementsAttr value, Type type);

/// The same syntax for an op with no result: the tile type is the type of
/// the attribute itself (as in `global`).
ParseResult parseDenseTileConstant(AsmParser &parser,
                                   DenseIntOrFPElementsAttr &value);
void printDenseTileConstant(AsmPrinter &printer, Operation *op,
                            DenseIntOrFPElementsAttr value);

//===----------------------------------------------------------------------===//
// Function signatures
//===----------------------------------------------------------------------===//

/// Parses `(%a: type {attrs} loc(...), ...)` and an optional `-> type` or
/// `-> (type {attrs}, ...)`, with types parsed by parseCudaTileType. Used by
/// `entry`; for function-like ops in general.
ParseResult
parseFunctionSignature(OpAsmParser &parser,
                       SmallVectorImpl<OpAsmParser::Argument> &arguments,
                       SmallVectorImpl<Type> &resultTypes,
                       SmallVectorImpl<DictionaryAttr> &resultAttrs);

/// Prints the signature of `op` in the form parseFunctionSignature reads,
/// naming the arguments after the entry block of its body (argument
/// locations are not printed).
void printFunctionSignature(OpAsmPrinter &printer, FunctionOpInterface op);

} // namespace mlir::cuda_tile

#endif // TILEIR_DIALECT_CUDATILE_IR_CUDATILEASMUTILS_H
