//===- TileGPUOps.td - tilegpu operations ------------------*- tablegen -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TILEGPU_IR_TILEGPUOPS_TD
#define TILEIR_DIALECT_TILEGPU_IR_TILEGPUOPS_TD

include "mlir/Interfaces/SideEffectInterfaces.td"
include "tileir/Dialect/TileGPU/IR/TileGPUBase.td"
include "tileir/Dialect/TileGPU/IR/TileGPUAttrs.td"
include "tileir/Dialect/CudaTile/IR/CudaTileTypes.td"

def TileGPU_ConvertLayoutOp : TileGPU_Op<"convert_layout", [Pure]> {
  let summary = "redistribute a tile over the threads of a CTA";
  let description = [{
    Returns the same tile with another layout. It lowers to nothing, to
    register moves, to warp shuffles or to a round trip through shared
    memory, whichever the two layouts allow.

    ```mlir
    %b = tilegpu.convert_layout %a : tile<64x64xf32, #blocked> -> tile<64x64xf32, #mma>
    ```
  }];
  let arguments = (ins CudaTile_AnyTile:$source);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` qualified(type($source)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

#endif // TILEIR_DIALECT_TILEGPU_IR_TILEGPUOPS_TD
