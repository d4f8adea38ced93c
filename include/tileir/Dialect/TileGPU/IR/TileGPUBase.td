//===- TileGPUBase.td - tilegpu dialect definition ---------*- tablegen -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TILEGPU_IR_TILEGPUBASE_TD
#define TILEIR_DIALECT_TILEGPU_IR_TILEGPUBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def TileGPU_Dialect : Dialect {
  let name = "tilegpu";
  let summary = "Distributed tiles on a GPU";
  let description = [{
    The `tilegpu` dialect carries what code generation decides about a tile
    program on a GPU: the distribution of every tile over the registers,
    lanes and warps of a CTA (a layout attribute used as the encoding of
    `cuda_tile` tile types), and the explicit layout conversions between
    them. Kernel-level decisions (warps per CTA, shared-memory size) are
    attributes of this dialect on the kernel.
  }];
  let cppNamespace = "::mlir::tilegpu";
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let dependentDialects = ["::mlir::cuda_tile::CudaTileDialect"];
}

class TileGPU_Op<string mnemonic, list<Trait> traits = []>
    : Op<TileGPU_Dialect, mnemonic, traits>;

class TileGPU_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TileGPU_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

#endif // TILEIR_DIALECT_TILEGPU_IR_TILEGPUBASE_TD
