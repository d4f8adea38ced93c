//===- CudaTileTypes.td - cuda_tile types ------------------*- tablegen -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_CUDATILETYPES_TD
#define TILEIR_DIALECT_CUDATILE_IR_CUDATILETYPES_TD

include "tileir/Dialect/CudaTile/IR/CudaTileBase.td"

def CudaTile_TokenType : CudaTile_Type<"Token", "token"> {
  let summary = "Orders memory operations";
}

#endif // TILEIR_DIALECT_CUDATILE_IR_CUDATILETYPES_TD
