//===- CudaTileOps.td - cuda_tile operations ---------------*- tablegen -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Umbrella file: the dialect, type, attribute, enum and interface code and
// the declarations of every op are generated from here. The definitions of
// each op group are generated from the group file alone, so a group's C++
// file (lib/.../IR/<Group>.cpp) holds that group's op code together with any
// static parse/print helpers its assembly formats use.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_CUDATILEOPS_TD
#define TILEIR_DIALECT_CUDATILE_IR_CUDATILEOPS_TD

include "tileir/Dialect/CudaTile/IR/CudaTileOpBase.td"

include "tileir/Dialect/CudaTile/IR/StructureOps.td"
include "tileir/Dialect/CudaTile/IR/ArithOps.td"
include "tileir/Dialect/CudaTile/IR/MathOps.td"
include "tileir/Dialect/CudaTile/IR/ConversionOps.td"
include "tileir/Dialect/CudaTile/IR/ShapeOps.td"
include "tileir/Dialect/CudaTile/IR/ControlFlowOps.td"
include "tileir/Dialect/CudaTile/IR/MemoryOps.td"

#endif // TILEIR_DIALECT_CUDATILE_IR_CUDATILEOPS_TD
