//===- CudaTileDialect.cpp - cuda_tile dialect registration ---------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cuda_tile;

#include "tileir/Dialect/CudaTile/IR/CudaTileDialect.cpp.inc"
#include "tileir/Dialect/CudaTile/IR/CudaTileEnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "tileir/Dialect/CudaTile/IR/CudaTileTypes.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tileir/Dialect/CudaTile/IR/CudaTileAttrs.cpp.inc"

#include "tileir/Dialect/CudaTile/IR/CudaTileInterfaces.cpp.inc"

#define GET_OP_CLASSES
#include "tileir/Dialect/CudaTile/IR/CudaTileOps.cpp.inc"

void CudaTileDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tileir/Dialect/CudaTile/IR/CudaTileTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tileir/Dialect/CudaTile/IR/CudaTileOps.cpp.inc"
      >();
}
