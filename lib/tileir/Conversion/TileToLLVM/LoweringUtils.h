//===- LoweringUtils.h - Helpers shared by the LLVM lowerings ---*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What every pattern of convert-tile-to-llvm needs: the layout of a tile
// and the registers of its converted value, the thread's lane and warp, the
// coordinates of the elements a thread holds, the kernel's shared-memory
// arena and barriers, and small builders for LLVM constants.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_LIB_CONVERSION_TILETOLLVM_LOWERINGUTILS_H
#define TILEIR_LIB_CONVERSION_TILETOLLVM_LOWERINGUTILS_H

#include "tileir/Conversion/TileToLLVM/TileToLLVM.h"
#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Dialect/TileGPU/IR/TileGPU.h"
#include "tileir/Dialect/TileGPU/LinearLayout.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"

namespace tileir::lowering {

//===----------------------------------------------------------------------===//
// Kernels and layouts
//===----------------------------------------------------------------------===//

/// Warps per CTA of the kernel that contains `op` (its `tilegpu.num_warps`
/// attribute; 4 when absent).
unsigned getNumWarps(mlir::Operation *op);

/// The producer warps of the kernel around `op` (0 unless it is
/// warp-specialized).
unsigned getProducerWarps(mlir::Operation *op);

/// The layout of a tile type. A rank-0 tile (which never carries an
/// encoding) is held by every thread in one register. Fails for a tile of
/// rank >= 1 without a layout.
mlir::FailureOr<LinearLayout> getTileLayout(mlir::Type tileType,
                                            unsigned numWarps);

/// Number of registers of a tile type in one thread.
mlir::FailureOr<int64_t> getNumRegisters(mlir::Type tileType,
                                         unsigned numWarps);

//===----------------------------------------------------------------------===//
// Registers
//===----------------------------------------------------------------------===//

/// The registers of a converted value: the fields of a struct, or the value
/// itself.
llvm::SmallVector<mlir::Value> unpackRegisters(mlir::OpBuilder &b,
                                               mlir::Location loc,
                                               mlir::Value packed);

/// The inverse of unpackRegisters for the converted type `llvmType`.
mlir::Value packRegisters(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Type llvmType,
                          llvm::ArrayRef<mlir::Value> registers);

//===----------------------------------------------------------------------===//
// Constants and arithmetic
//===----------------------------------------------------------------------===//

mlir::Value i32Const(mlir::OpBuilder &b, mlir::Location loc, int64_t value);
mlir::Value i64Const(mlir::OpBuilder &b, mlir::Location loc, int64_t value);
mlir::Value intConst(mlir::OpBuilder &b, mlir::Location loc, mlir::Type type,
                     int64_t value);
/// Sign- or zero-extends / truncates an integer to `type`.
mlir::Value castInt(mlir::OpBuilder &b, mlir::Location loc, mlir::Value value,
                    mlir::Type type, bool isSigned = true);

//===----------------------------------------------------------------------===//
// Threads
//===----------------------------------------------------------------------===//

/// shfl.sync of the 32-bit `word` over the whole warp: `laneOrMask` (i32)
/// is the source lane for `idx` and the lane mask for `bfly`.
mlir::Value emitShuffle(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::Value word, mlir::Value laneOrMask,
                        mlir::NVVM::ShflKind kind);
/// The same with a constant lane or lane mask.
mlir::Value emitShuffle(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::Value word, int64_t laneOrMask,
                        mlir::NVVM::ShflKind kind);

/// The thread's index in the CTA, its lane and its warp (all i32).
struct ThreadIds {
  mlir::Value tid;
  mlir::Value lane;
  mlir::Value warp;
};
ThreadIds getThreadIds(mlir::OpBuilder &b, mlir::Location loc);

/// For each register of `layout`, the coordinates (one i32 per tile
/// dimension) of the element this thread holds in it.
llvm::SmallVector<llvm::SmallVector<mlir::Value>>
emitElementCoordinates(mlir::OpBuilder &b, mlir::Location loc,
                       const LinearLayout &layout, const ThreadIds &ids);

/// XOR of `columns[i]` over the set bits i of the i32 `index`, into `acc`:
/// the thread-dependent part of a linear map applied to a lane or warp id.
mlir::Value emitXorOfColumns(mlir::OpBuilder &b, mlir::Location loc,
                             mlir::Value index,
                             llvm::ArrayRef<uint64_t> columns,
                             mlir::Value acc);

/// emitXorOfColumns over component `dim` of each of `bases`.
mlir::Value emitXorOfBases(mlir::OpBuilder &b, mlir::Location loc,
                           mlir::Value index,
                           llvm::ArrayRef<LinearLayout::Basis> bases,
                           unsigned dim, mlir::Value acc);

/// An i1 that is true in exactly one of the threads holding each copy of
/// an element of `layout` in register `reg`: replicated lanes and warps
/// (zero basis vectors) are not owners. Null when every thread owns its
/// elements.
mlir::Value emitOwnerPredicate(mlir::OpBuilder &b, mlir::Location loc,
                               const LinearLayout &layout, int64_t reg,
                               const ThreadIds &ids);

//===----------------------------------------------------------------------===//
// Scalar operations
//===----------------------------------------------------------------------===//

/// Emits the computation of element-wise op `op` on one register of each
/// operand (`operands`, already LLVM values) and returns one value per
/// result. Used per register by the element-wise patterns and per step by
/// the reduce/scan combiners. Fails (with no IR emitted that matters) for
/// ops it cannot lower.
mlir::FailureOr<llvm::SmallVector<mlir::Value>>
emitScalarOp(mlir::OpBuilder &b, mlir::Operation *op,
             mlir::ValueRange operands,
             const TileLLVMTypeConverter &converter);

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

/// Whether the shared memory planned for the kernel containing `op` holds
/// `bytes` from `op`'s scratch offset on: a lowering checks its own need
/// against the plan so that a planning mistake is a compile error, never an
/// out-of-bounds shared-memory access.
bool sharedArenaHolds(mlir::Operation *op, int64_t bytes);

/// Base address (`!llvm.ptr<3>`) of the shared memory of the kernel
/// containing `op`, which must be inside an llvm.func kernel whose region
/// was declared by the kernel lowering.
mlir::FailureOr<mlir::Value> getSharedRegionBase(mlir::OpBuilder &b,
                                                 mlir::Location loc,
                                                 mlir::Operation *op);

/// Base address of `op`'s scratch: the kernel's shared memory plus the
/// op's `tilegpu.scratch_offset` (tileir-plan-shared-memory).
mlir::FailureOr<mlir::Value> getSharedMemoryBase(mlir::OpBuilder &b,
                                                 mlir::Location loc,
                                                 mlir::Operation *op);

/// bar.sync 0 for the whole CTA; in a warp-specialized kernel, named
/// barrier 1 for its compute warps.
void emitBarrier(mlir::OpBuilder &b, mlir::Location loc);

/// For an op marked `tilegpu.leader_only`, which every thread reaches:
/// moves the insertion point into a block only the CTA's first thread runs
/// (the rest of the lowering may split it further). Does nothing for other
/// ops.
void enterLeaderOnly(mlir::RewriterBase &rewriter, mlir::Operation *op);

/// fence.proxy.async.shared::cta: this thread's shared-memory writes are
/// ordered before later reads through the async proxy (wgmma, tcgen05).
void emitAsyncProxyFence(mlir::OpBuilder &b, mlir::Location loc);

/// Row-major element offset of `coords` in a tile of `shape` (i32).
mlir::Value emitRowMajorOffset(mlir::OpBuilder &b, mlir::Location loc,
                               llvm::ArrayRef<mlir::Value> coords,
                               llvm::ArrayRef<int64_t> shape);

/// Computes the i32 element offset, in a scratch buffer, of the element at
/// `coords` (one i32 per dim of the layout it is used with).
using ScratchOffsetFn = llvm::function_ref<mlir::Value(
    mlir::OpBuilder &, mlir::Location, llvm::ArrayRef<mlir::Value>)>;

/// One tile written into the scratch buffer by exchangeThroughSharedMemory:
/// the registers of each thread, their layout, and where each element goes.
struct ScratchStore {
  llvm::ArrayRef<mlir::Value> registers;
  const LinearLayout *layout;
  ScratchOffsetFn offset;
  /// Registers stored by one vector access: aligned runs of this many
  /// registers hold consecutive elements at consecutive offsets.
  int64_t vector = 1;
};

/// The general shared-memory round trip: a barrier (earlier users of the
/// arena are done), every thread stores the registers of each of `stores` at
/// the offsets its map gives their element coordinates (duplicate registers
/// once), a barrier, then every thread loads each register of `dst` from
/// `dstOffset` of its coordinates. The caller guarantees that every offset
/// stays within getScratchBytes of `op` and that every loaded offset was
/// stored. Replicated threads store the same value to the same place, which
/// is benign. i1 travels as a byte.
mlir::FailureOr<llvm::SmallVector<mlir::Value>>
exchangeThroughSharedMemory(mlir::OpBuilder &b, mlir::Location loc,
                            mlir::Operation *op,
                            llvm::ArrayRef<ScratchStore> stores,
                            const LinearLayout &dst,
                            ScratchOffsetFn dstOffset,
                            int64_t dstVector = 1);

/// Side-effecting inline PTX with `results` (none, one, or a struct of
/// several) read from `operands` under `constraints`.
mlir::LLVM::InlineAsmOp createAsm(mlir::OpBuilder &b, mlir::Location loc,
                                  mlir::TypeRange results,
                                  mlir::ValueRange operands,
                                  llvm::StringRef text,
                                  llvm::StringRef constraints);

/// Moves a tile from layout `src` to layout `dst` (same shape) through the
/// kernel's shared-memory arena, which must hold one copy of the tile: a
/// barrier (earlier users of the arena are done), every thread stores the
/// registers it holds at their row-major offsets, a barrier, every thread
/// loads the elements `dst` gives it. Works for any pair of layouts.
mlir::FailureOr<llvm::SmallVector<mlir::Value>>
convertThroughSharedMemory(mlir::OpBuilder &b, mlir::Location loc,
                           mlir::Operation *op,
                           llvm::ArrayRef<mlir::Value> srcRegisters,
                           const LinearLayout &src, const LinearLayout &dst);

} // namespace tileir::lowering

#endif // TILEIR_LIB_CONVERSION_TILETOLLVM_LOWERINGUTILS_H
