//===- TileGPUAttrs.td - tilegpu attributes ----------------*- tablegen -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TILEGPU_IR_TILEGPUATTRS_TD
#define TILEIR_DIALECT_TILEGPU_IR_TILEGPUATTRS_TD

include "tileir/Dialect/TileGPU/IR/TileGPUBase.td"

/// A LinearLayout parameter whose accessor returns a reference to the
/// uniqued storage instead of a copy.
def LinearLayoutParameter
    : AttrParameter<"::tileir::LinearLayout", "a linear layout",
                    "const ::tileir::LinearLayout &">;

def TileGPU_LayoutAttr : TileGPU_Attr<"Layout", "layout"> {
  let summary = "distribution of a tile over registers, lanes and warps";
  let description = [{
    A linear layout over GF(2): every bit of the hardware index (register
    bits, the 5 lane bits, the warp bits) has a basis vector of tile
    coordinates, and the coordinate held by (register, lane, warp) is the
    XOR of the basis vectors of its set bits. A zero basis vector means the
    data is replicated along that bit.

    ```mlir
    #tilegpu.layout<shape=[4, 32], reg=[], lane=[[0, 1], [0, 2], [0, 4],
                    [0, 8], [0, 16]], warp=[[1, 0], [2, 0]]>
    ```
  }];
  // Accessed by reference: getShape() returns a view into the stored
  // layout, which must outlive the call.
  let parameters = (ins LinearLayoutParameter:$layout);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    ::llvm::ArrayRef<int64_t> getShape() const { return getLayout().getShape(); }
    int64_t getNumRegisters() const { return getLayout().getNumRegisters(); }
    int64_t getNumWarps() const { return getLayout().getNumWarps(); }
  }];
}

def TileGPU_SharedLayoutAttr : TileGPU_Attr<"SharedLayout", "shared"> {
  let summary = "placement of a tile's elements in a shared-memory buffer";
  let description = [{
    A bijection over GF(2) between element offsets in the buffer and tile
    coordinates: offset bit i stores the element whose coordinates are the
    XOR of the bases of the set offset bits. Row-major buffers, column
    blocks and the XOR swizzles that ldmatrix, wgmma and tcgen05 read
    without bank conflicts are all such maps
    (tileir::SharedMemoryLayout::getMmaSwizzled builds the latter).

    ```mlir
    #tilegpu.shared<shape=[8, 16], offset=[[0, 1], [0, 2], [0, 4], [1, 8],
                    [0, 8], [2, 0], [4, 0]]>
    ```
  }];
  // Accessed by reference: getShape() returns a view into the stored
  // layout, which must outlive the call.
  let parameters = (ins LinearLayoutParameter:$layout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    ::llvm::ArrayRef<int64_t> getShape() const { return getLayout().getShape(); }
    /// The offset <-> coordinate maps.
    ::tileir::SharedMemoryLayout getSharedMemoryLayout() const;
  }];
}

#endif // TILEIR_DIALECT_TILEGPU_IR_TILEGPUATTRS_TD
