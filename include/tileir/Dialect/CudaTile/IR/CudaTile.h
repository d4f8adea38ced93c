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
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tileir/Dialect/CudaTile/IR/CudaTileDialect.h.inc"
#include "tileir/Dialect/CudaTile/IR/CudaTileEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tileir/Dialect/CudaTile/IR/CudaTileTypes.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tileir/Dialect/CudaTile/IR/CudaTileAttrs.h.inc"

#include "tileir/Dialect/CudaTile/IR/CudaTileInterfaces.h.inc"

#define GET_OP_CLASSES
#include "tileir/Dialect/CudaTile/IR/CudaTileOps.h.inc"

#endif // TILEIR_DIALECT_CUDATILE_IR_CUDATILE_H
