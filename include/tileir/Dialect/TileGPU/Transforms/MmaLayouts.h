//===- MmaLayouts.h - mma.sync choices shared by layouts and lowering -*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// One definition of how an `mmaf`/`mmai` maps onto mma.sync: which
// instruction (from the element types, the K extent and the target), how the
// warps of the CTA tile the accumulator, and the fragment layouts of A, B and
// C/D (2-D, or batched 3-D). Layout assignment gives the operands and the
// result these layouts; the MMA lowering asks the same functions with the
// same arguments and so finds its operands already in fragment order.
//
// Implemented in the tilegpu dialect library (lib/tileir/Dialect/TileGPU/IR)
// so that the LLVM lowering can use it without the pass library.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TILEGPU_TRANSFORMS_MMALAYOUTS_H
#define TILEIR_DIALECT_TILEGPU_TRANSFORMS_MMALAYOUTS_H

#include "tileir/Dialect/TileGPU/LinearLayout.h"
#include "tileir/Target/GPUTarget.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir::cuda_tile {
class EntryOp;
} // namespace mlir::cuda_tile

namespace mlir::tilegpu {

/// The mma.sync family that computes a product with inputs of element type
/// `lhs`/`rhs` into an accumulator of element type `acc` on `target`, for a
/// K extent `k` (the contraction size of the tile); std::nullopt when there
/// is none and the lowering uses FMA:
///  - f16 x f16 -> f16/f32, bf16 x bf16 -> f32: m16n8k16 (m16n8k8 when
///    k == 8);
///  - tf32 x tf32 -> f32: m16n8k8 (f32 inputs are *not* rounded to tf32 by
///    the specification, so they have no mma.sync);
///  - i8 x i8 -> i32 (any signedness mix), and e4m3/e5m2 x the same -> f16/f32
///    when `target.hasFp8MmaSync` (sm_89+): m16n8k32. The f16 accumulator of
///    8-bit floats has the same fragment as an f32 one; the lowering may
///    accumulate in f32 and round;
///  - f64 x f64 -> f64: m8n8k4.
/// The K extent must be a multiple of the instruction's k (checked by
/// getMmaConfig through the tile shapes, all powers of two).
std::optional<tileir::MmaInstr> getMmaInstr(Type lhs, Type rhs, Type acc,
                                            int64_t k,
                                            const tileir::GPUTarget &target);

/// How `numWarps` warps tile an M x N accumulator for `instr`: {warpsM,
/// warpsN} with warpsM * warpsN == numWarps. Warps are added one doubling at
/// a time to the dim whose per-warp extent is larger (M on ties) while that
/// dim still has at least one instruction tile per warp; warps left over
/// when neither has room go to M and hold replicas (zero bases).
llvm::SmallVector<int64_t, 2> getMmaWarpsPerCTA(llvm::ArrayRef<int64_t> mn,
                                                unsigned numWarps,
                                                tileir::MmaInstr instr);

/// The choice made for one `mmaf`/`mmai`.
struct MmaConfig {
  tileir::MmaInstr instr;
  /// {warpsM, warpsN}; see getMmaWarpsPerCTA.
  llvm::SmallVector<int64_t, 2> warpsPerCTA;
};

/// The configuration of an `mmaf`/`mmai` with operand tile types `lhs` (M x K
/// or B x M x K), `rhs` (K x N or B x K x N) and `acc` (M x N or B x M x N)
/// in a kernel of `numWarps` warps, or std::nullopt when it has no mma.sync
/// form: no instruction for the element types on `target` (getMmaInstr), or
/// a tile smaller than one instruction tile (M < m, N < n or K < k).
std::optional<MmaConfig> getMmaConfig(Type lhs, Type rhs, Type acc,
                                      unsigned numWarps,
                                      const tileir::GPUTarget &target);
/// The same for an `mmaf` or `mmai` operation (std::nullopt for other ops).
std::optional<MmaConfig> getMmaConfig(Operation *mmaOp, unsigned numWarps,
                                      const tileir::GPUTarget &target);

/// The attribute (`array<i64: wm, wn>`) with which layout assignment fixes
/// the warp arrangement of an `mmaf`/`mmai` lowered with mma.sync;
/// getMmaConfig(Operation *) honours it.
inline constexpr llvm::StringLiteral kMmaWarpsAttrName = "tilegpu.mma_warps";
/// Set by tileir-stage-operands on an `mmaf`/`mmai` whose A, B and C are all
/// in their mma.sync fragment layouts: its lowering needs no scratch.
inline constexpr llvm::StringLiteral kOperandsInFragmentsAttrName =
    "tilegpu.operands_in_fragments";

/// The fragment layout of one operand of a configured mma over a 2-D tile
/// (rows x cols: A is M x K, B is K x N, C is M x N) or a batched 3-D tile
/// (batch x rows x cols).
struct MmaOperandLayout {
  /// The layout of the whole tile (what the operand's encoding is).
  tileir::LinearLayout layout;
  /// The layout of one batch's matrix, with its fragment register order
  /// (MmaLayout::getFragmentRegisters).
  tileir::MmaLayout matrix;
  /// Matrices in the tile (1 for a 2-D tile).
  int64_t batch = 1;

  /// The register of `layout` that holds register `matrixReg` of
  /// `matrix.getLayout()` for batch `b`: batches are the highest register
  /// bits, so this is matrixReg + b * matrix registers.
  int64_t getRegister(int64_t b, int64_t matrixReg) const {
    return matrixReg + b * matrix.getLayout().getNumRegisters();
  }
};

/// Builds the layout of `operand` of an mma configured as `config` for a
/// tile of `shape` (rank 2 or 3). For rank 3 the batch dim is held in
/// registers above the matrix's (every warp holds all batches). Fails for
/// other ranks or shapes smaller than the instruction tile.
llvm::Expected<MmaOperandLayout>
getMmaOperandLayout(const MmaConfig &config, tileir::MmaOperand operand,
                    llvm::ArrayRef<int64_t> shape);

//===----------------------------------------------------------------------===//
// wgmma (sm_90)
//===----------------------------------------------------------------------===//

/// How warpgroup MMA computes an `mmaf` on sm_90: both operands are read
/// from shared memory, each warpgroup (4 consecutive warps) owns a
/// (M / groupsM) x (N / groupsN) block of the accumulator and computes it
/// with m64 x instrN x instrK instructions.
struct WgmmaConfig {
  int64_t groupsM = 1, groupsN = 1;
  /// N of one instruction: the warpgroup's whole block width.
  int64_t instrN = 0;
  /// K of one instruction (16 for 16-bit inputs).
  int64_t instrK = 0;
};

/// The wgmma configuration of a product of `lhs` (M x K) and `rhs` (K x N)
/// tiles into `acc` (M x N) in a kernel of `numWarps` warps, or
/// std::nullopt when it has none: the target lacks wgmma, the inputs are not
/// a pair wgmma multiplies (f16 or bf16 into f32, K 16 per instruction;
/// tf32 into f32, K 8; e4m3/e5m2 into f32, K 32; i8 into i32, K 32), the
/// warps do not form whole warpgroups, or the shapes do not tile (M a
/// multiple of 64 per warpgroup row, N a multiple of 16 and at most 256 per
/// warpgroup column, K a multiple of the instruction's). Inputs other than
/// f16/bf16 must reach the instruction K-major (tileir-stage-operands).
std::optional<WgmmaConfig> getWgmmaConfig(Type lhs, Type rhs, Type acc,
                                          unsigned numWarps,
                                          const tileir::GPUTarget &target);
/// The same for an `mmaf`/`mmai` operation. 8-bit float products take wgmma
/// only with `fast_acc`: wgmma accumulates them in the tensor cores'
/// reduced intermediate precision, which the specification allows only
/// then (mma.sync accumulates them exactly).
std::optional<WgmmaConfig> getWgmmaConfig(Operation *product,
                                          unsigned numWarps,
                                          const tileir::GPUTarget &target);

/// The same from the element types of A, B and the accumulator and the
/// product's M, N and K.
std::optional<WgmmaConfig> getWgmmaConfig(Type a, Type b, Type acc, int64_t m,
                                          int64_t n, int64_t k,
                                          unsigned numWarps,
                                          const tileir::GPUTarget &target);

/// The accumulator layout of a wgmma configured as `config` over an M x N
/// tile: register order is the instructions' (for each n8 column chunk the
/// four values (r, 2c), (r, 2c+1), (r+8, 2c), (r+8, 2c+1), then one block of
/// registers per 64-row instruction), lanes as in mma.sync, warps 16 rows
/// apart within a warpgroup, warpgroups over M first, then N.
llvm::Expected<tileir::LinearLayout>
getWgmmaAccumulatorLayout(const WgmmaConfig &config,
                          llvm::ArrayRef<int64_t> shape, unsigned numWarps);

/// The layout of an M x K A operand held in registers for a wgmma
/// configured as `config`: per instruction the fragment a0..a3 (16-bit:
/// a0..a7) of the PTX (the elements of a 32-bit register along K, then 8
/// rows down, then the second half of the instruction's K), further
/// instructions along K next, then 64-row instructions; lanes and warps as
/// in the accumulator, and warpgroups that split N hold the same rows (zero
/// warp bases). For 16-bit elements it equals the accumulator layout of a
/// product with the same rows and N = K, which is why a softmax'ed
/// accumulator feeds the next product in place.
llvm::Expected<tileir::LinearLayout>
getWgmmaOperandALayout(const WgmmaConfig &config,
                       llvm::ArrayRef<int64_t> shape, unsigned numWarps);

/// `layout` with the rows of each 16-row block of dim `rowDim` renamed:
/// row bit 3 becomes bit 0 and bits 0-2 become bits 1-3. A wgmma whose A
/// fragments and accumulator are both renamed so computes the same product
/// with its rows permuted. ldmatrix.trans of 8-bit rows gives each lane the
/// two neighbouring columns 2g and 2g+1 of a buffer that holds A^T, which
/// the fragment wants as rows g and g + 8 (see getSwappedWgmmaLayout).
llvm::Expected<tileir::LinearLayout>
permuteWgmmaRows(const tileir::LinearLayout &layout, unsigned rowDim);

/// The layout of an M x N accumulator computed as the transposed product
/// (B^T A^T, an N x M wgmma configured as `swapped`) with its rows renamed
/// by permuteWgmmaRows: the accumulator of that product, transposed. An
/// 8-bit product whose B is N-contiguous takes this form: wgmma reads
/// 8-bit shared operands only K-major, but A may come from registers,
/// where B^T arrives through ldmatrix.trans, and A^T as the shared operand
/// is K-major as loaded.
llvm::Expected<tileir::LinearLayout>
getSwappedWgmmaLayout(const WgmmaConfig &swapped,
                      llvm::ArrayRef<int64_t> shape, unsigned numWarps);

/// The warps per CTA tileir-assign-layouts gives `entry` without an
/// override (docs/architecture.md, section 3.1); `gpu` null when its
/// products do not use tensor cores.
unsigned chooseNumWarps(cuda_tile::EntryOp entry, StringRef target,
                        const tileir::GPUTarget *gpu);

} // namespace mlir::tilegpu

#endif // TILEIR_DIALECT_TILEGPU_TRANSFORMS_MMALAYOUTS_H
