//===- TileGPUTypes.td - tilegpu types ---------------------*- tablegen -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TILEGPU_IR_TILEGPUTYPES_TD
#define TILEIR_DIALECT_TILEGPU_IR_TILEGPUTYPES_TD

include "tileir/Dialect/TileGPU/IR/TileGPUAttrs.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

class TileGPU_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TileGPU_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def TileGPU_SMemType : TileGPU_Type<"SMem", "smem"> {
  let summary = "a tile in the CTA's shared memory";
  let description = [{
    One tile (or `stages` tiles of the same type, one after another, for
    multi-buffering) in shared memory, its elements placed by a
    `#tilegpu.shared` layout. Each stage starts on a 1024-byte boundary, the
    alignment the 128-byte swizzle of wgmma and tcgen05 descriptors needs.
    Buffers are created by `tilegpu.alloc_shared` and placed in the kernel's
    shared memory by `tileir-plan-shared-memory`.

    ```mlir
    !tilegpu.smem<128x64xbf16, #tilegpu.shared<...>>
    !tilegpu.smem<128x64xbf16, #tilegpu.shared<...>, stages = 4>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$shape,
    "::mlir::Type":$elementType,
    "SharedLayoutAttr":$layout,
    DefaultValuedParameter<"int64_t", "1">:$stages);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Bytes of one element in the buffer (tf32 takes four, booleans one).
    int64_t getElementBytes() const;
    /// Bytes of one stage, before alignment.
    int64_t getTileBytes() const;
    /// Distance between stages: the tile bytes rounded up to 1024.
    int64_t getStageStride() const;
    /// Bytes of the whole buffer.
    int64_t getTotalBytes() const { return getStageStride() * getStages(); }
    /// The same buffer type with one stage.
    SMemType getSingleStage() const;
  }];
}

#endif // TILEIR_DIALECT_TILEGPU_IR_TILEGPUTYPES_TD
