//===- SharedAccess.h - Registers to shared-buffer offsets -------*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Where the elements a thread holds live in a shared-memory buffer. A tile's
// layout maps (register, lane, warp) to coordinates and the buffer's layout
// maps coordinates to element offsets; both are linear over GF(2), so their
// composite is one linear map from hardware index bits to offset bits. The
// offset of register r is then a per-thread part (the XOR of the lane and
// warp columns, computed once) combined with a constant per register, and
// the columns say directly which registers are consecutive in memory
// (vector accesses) and whether ldmatrix can read a fragment.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_LIB_CONVERSION_TILETOLLVM_SHAREDACCESS_H
#define TILEIR_LIB_CONVERSION_TILETOLLVM_SHAREDACCESS_H

#include "LoweringUtils.h"

namespace tileir::lowering {

class SharedOffsets {
public:
  /// Fails when the two layouts hold different numbers of elements.
  static mlir::FailureOr<SharedOffsets>
  get(const LinearLayout &registers, const SharedMemoryLayout &buffer);

  /// Offset contribution (in elements) of each register, lane and warp bit.
  llvm::ArrayRef<uint64_t> getRegisterColumns() const { return regCols; }
  llvm::ArrayRef<uint64_t> getLaneColumns() const { return laneCols; }
  llvm::ArrayRef<uint64_t> getWarpColumns() const { return warpCols; }
  /// Offset bits any lane or warp may set.
  uint64_t getThreadMask() const;

  /// The largest power of two w <= maxWidth for which every aligned group
  /// of w registers sits at w consecutive offsets, starting at a multiple of
  /// w, in every thread.
  int64_t getVectorWidth(int64_t maxWidth) const;

  /// The constant offset of register `reg` (its register bits).
  uint64_t getRegisterOffset(int64_t reg) const;

  /// The per-thread part of every offset (i32), from the lane and warp.
  mlir::Value emitThreadOffset(mlir::OpBuilder &b, mlir::Location loc,
                               const ThreadIds &ids) const;

  /// The element offset (i32) of register `reg`, given emitThreadOffset:
  /// an add when the register's bits and the thread's cannot overlap (so
  /// the constant folds into the address), an xor otherwise.
  mlir::Value emitOffset(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value threadOffset, int64_t reg) const;

private:
  llvm::SmallVector<uint64_t> regCols, laneCols, warpCols;
};

/// The address of element `offset` (i32, in elements of `elementBytes`) of
/// the shared buffer at `base` (`!llvm.ptr<3>`).
mlir::Value getSharedElementAddress(mlir::OpBuilder &b, mlir::Location loc,
                                    mlir::Value base, mlir::Value offset,
                                    int64_t elementBytes);

} // namespace tileir::lowering

#endif // TILEIR_LIB_CONVERSION_TILETOLLVM_SHAREDACCESS_H
