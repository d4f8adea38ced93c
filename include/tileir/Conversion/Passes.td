//===- Passes.td - tileir conversion passes ----------------*- tablegen -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_CONVERSION_PASSES_TD
#define TILEIR_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileIRLowerToCFGPass : Pass<"tileir-lower-to-cfg", "::mlir::ModuleOp"> {
  let summary = "Turn kernels into functions with an explicit CFG";
  let description = [{
    Moves the globals and kernels of each `cuda_tile.module` into the
    enclosing builtin module, turns every `cuda_tile.entry` into a
    `func.func` (keeping its kernel attributes) and lowers structured
    control flow (`for`, `loop`, `if`, `yield`, `continue`, `break`,
    `return`) into `cf` branches between blocks, which makes early exits out
    of nested regions explicit. The bodies of `reduce` and `scan` stay
    regions: they are combiners, emitted inline by their lowering.
  }];
  let dependentDialects = ["::mlir::cf::ControlFlowDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::LLVM::LLVMDialect"];
}

def ConvertTileToLLVMPass : Pass<"convert-tile-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Lower distributed tile programs to the LLVM and NVVM dialects";
  let description = [{
    One dialect conversion: a tile with a layout becomes the LLVM values of
    its registers in each thread (a struct when there are several), views
    become structs of base pointer, sizes and strides, tokens become empty
    structs; kernels become `llvm.func`s with `nvvm.kernel` and
    `nvvm.reqntid`, and every cuda_tile and tilegpu op is lowered to LLVM
    and NVVM operations.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"sm_90\"",
           "GPU the kernels are compiled for (sm_80 ... sm_120)">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

#endif // TILEIR_CONVERSION_PASSES_TD
