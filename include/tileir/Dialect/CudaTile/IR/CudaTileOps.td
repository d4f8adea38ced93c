//===- CudaTileOps.td - cuda_tile operations ---------------*- tablegen -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Umbrella file: every generated cuda_tile declaration comes from here.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_CUDATILEOPS_TD
#define TILEIR_DIALECT_CUDATILE_IR_CUDATILEOPS_TD

include "tileir/Dialect/CudaTile/IR/CudaTileBase.td"
include "tileir/Dialect/CudaTile/IR/CudaTileTypes.td"

#endif // TILEIR_DIALECT_CUDATILE_IR_CUDATILEOPS_TD
