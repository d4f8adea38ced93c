//===- CudaTileDialect.cpp - cuda_tile dialect registration ---------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Registers the types, attributes, operations and dialect interfaces of
// cuda_tile. The definitions live elsewhere: types in CudaTileTypes.cpp,
// attributes in CudaTileAttrs.cpp, and each op group in its own file.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cuda_tile;

#include "tileir/Dialect/CudaTile/IR/CudaTileDialect.cpp.inc"
#include "tileir/Dialect/CudaTile/IR/CudaTileEnums.cpp.inc"
#include "tileir/Dialect/CudaTile/IR/CudaTileInterfaces.cpp.inc"

namespace {

/// Gives the debug-information attributes short aliases (`#di_file`,
/// `#di_subprogram`, ...): they are shared by many locations, and printing
/// them inline in every `di_loc` would bury the IR.
struct CudaTileOpAsmDialectInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    return TypeSwitch<Attribute, AliasResult>(attr)
        .Case<DIFileAttr, DICompileUnitAttr, DISubprogramAttr,
              DILexicalBlockAttr>([&](auto diAttr) {
          os << decltype(diAttr)::getMnemonic();
          return AliasResult::OverridableAlias;
        })
        .Default([](Attribute) { return AliasResult::NoAlias; });
  }
};

} // namespace

void CudaTileDialect::initialize() {
  registerTypes();
  registerAttributes();

  // One list per op group; see the group files.
  addOperations<
#define GET_OP_LIST
#include "tileir/Dialect/CudaTile/IR/StructureOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tileir/Dialect/CudaTile/IR/ArithOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tileir/Dialect/CudaTile/IR/MathOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tileir/Dialect/CudaTile/IR/ConversionOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tileir/Dialect/CudaTile/IR/ShapeOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tileir/Dialect/CudaTile/IR/ControlFlowOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tileir/Dialect/CudaTile/IR/MemoryOps.cpp.inc"
      >();

  addInterfaces<CudaTileOpAsmDialectInterface>();
}
