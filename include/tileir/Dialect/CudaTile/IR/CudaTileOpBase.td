//===- CudaTileOpBase.td - includes for op definitions -----*- tablegen -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Everything an op group file (StructureOps.td, ArithOps.td, ...) needs:
// the dialect, types, attributes, enums, interfaces and the common MLIR
// trait and interface definitions. Each group file includes this file and
// no other group file, because each group's op definitions are generated
// from the group file alone (see lib/.../IR/CMakeLists.txt and the group's
// .cpp file).
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_CUDATILEOPBASE_TD
#define TILEIR_DIALECT_CUDATILE_IR_CUDATILEOPBASE_TD

include "mlir/IR/BuiltinAttributes.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/LoopLikeInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

include "tileir/Dialect/CudaTile/IR/CudaTileBase.td"
include "tileir/Dialect/CudaTile/IR/CudaTileEnums.td"
include "tileir/Dialect/CudaTile/IR/CudaTileInterfaces.td"
include "tileir/Dialect/CudaTile/IR/CudaTileAttrs.td"
include "tileir/Dialect/CudaTile/IR/CudaTileTypes.td"

#endif // TILEIR_DIALECT_CUDATILE_IR_CUDATILEOPBASE_TD
