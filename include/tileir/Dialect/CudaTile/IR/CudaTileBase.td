//===- CudaTileBase.td - cuda_tile dialect definition ------*- tablegen -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_CUDATILEBASE_TD
#define TILEIR_DIALECT_CUDATILE_IR_CUDATILEBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def CudaTile_Dialect : Dialect {
  let name = "cuda_tile";
  let summary = "The CUDA Tile IR input dialect";
  let description = [{
    The `cuda_tile` dialect models CUDA Tile IR programs as they arrive in
    bytecode: tile-level arithmetic, views of global memory, token-ordered
    loads and stores, structured control flow and kernel entry points.
  }];
  let cppNamespace = "::mlir::cuda_tile";
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 0;
}

class CudaTile_Op<string mnemonic, list<Trait> traits = []>
    : Op<CudaTile_Dialect, mnemonic, traits>;

class CudaTile_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<CudaTile_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

class CudaTile_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<CudaTile_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

#endif // TILEIR_DIALECT_CUDATILE_IR_CUDATILEBASE_TD
