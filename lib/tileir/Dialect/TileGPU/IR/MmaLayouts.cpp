//===- MmaLayouts.cpp - mma.sync choices shared by layouts and lowering ---===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TileGPU/Transforms/MmaLayouts.h"

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tilegpu;
using tileir::LinearLayout;
using tileir::MmaInstr;
using tileir::MmaLayout;
using tileir::MmaOperand;

std::optional<MmaInstr>
mlir::tilegpu::getMmaInstr(Type lhs, Type rhs, Type acc, int64_t k,
                           const tileir::GPUTarget &target) {
  auto isFp8 = [](Type t) {
    return isa<Float8E4M3FNType, Float8E5M2Type>(t);
  };
  if ((lhs.isF16() && rhs.isF16() && (acc.isF16() || acc.isF32())) ||
      (lhs.isBF16() && rhs.isBF16() && acc.isF32()))
    return k == 8 ? MmaInstr::M16N8K8_F16 : MmaInstr::M16N8K16_F16;
  if (isa<FloatTF32Type>(lhs) && isa<FloatTF32Type>(rhs) && acc.isF32())
    return MmaInstr::M16N8K8_TF32;
  if (lhs.isInteger(8) && rhs.isInteger(8) && acc.isInteger(32))
    return MmaInstr::M16N8K32_I8;
  if (isFp8(lhs) && lhs == rhs && (acc.isF16() || acc.isF32()) &&
      target.hasFp8MmaSync)
    return MmaInstr::M16N8K32_I8;
  if (lhs.isF64() && rhs.isF64() && acc.isF64())
    return MmaInstr::M8N8K4_F64;
  return std::nullopt;
}

SmallVector<int64_t, 2> mlir::tilegpu::getMmaWarpsPerCTA(ArrayRef<int64_t> mn,
                                                         unsigned numWarps,
                                                         MmaInstr instr) {
  tileir::MmaInstrShape shape = tileir::getMmaInstrShape(instr);
  int64_t m = mn.size() > 0 ? mn[0] : 1;
  int64_t n = mn.size() > 1 ? mn[1] : 1;
  int64_t wm = 1, wn = 1;
  int64_t total = std::max<int64_t>(1, llvm::PowerOf2Ceil(numWarps));
  while (wm * wn < total) {
    bool roomM = m >= shape.m * wm * 2;
    bool roomN = n >= shape.n * wn * 2;
    // Keep per-warp tiles close to square: a square tile loads the fewest
    // operand elements per product.
    if (roomM && (!roomN || m / wm >= n / wn))
      wm *= 2;
    else if (roomN)
      wn *= 2;
    else
      wm *= 2;
  }
  return {wm, wn};
}

std::optional<MmaConfig>
mlir::tilegpu::getMmaConfig(Type lhs, Type rhs, Type acc, unsigned numWarps,
                            const tileir::GPUTarget &target) {
  auto lhsTile = dyn_cast<cuda_tile::TileType>(lhs);
  auto rhsTile = dyn_cast<cuda_tile::TileType>(rhs);
  auto accTile = dyn_cast<cuda_tile::TileType>(acc);
  if (!lhsTile || !rhsTile || !accTile)
    return std::nullopt;
  ArrayRef<int64_t> a = lhsTile.getShape(), b = rhsTile.getShape(),
                    c = accTile.getShape();
  unsigned rank = c.size();
  if ((rank != 2 && rank != 3) || a.size() != rank || b.size() != rank)
    return std::nullopt;
  int64_t m = c[rank - 2], n = c[rank - 1], k = a[rank - 1];
  if (a[rank - 2] != m || b[rank - 1] != n || b[rank - 2] != k)
    return std::nullopt;
  std::optional<MmaInstr> instr =
      getMmaInstr(lhsTile.getElementType(), rhsTile.getElementType(),
                  accTile.getElementType(), k, target);
  if (!instr)
    return std::nullopt;
  tileir::MmaInstrShape shape = tileir::getMmaInstrShape(*instr);
  if (m < shape.m || n < shape.n || k < shape.k)
    return std::nullopt;
  if (numWarps == 0 || !llvm::isPowerOf2_32(numWarps))
    return std::nullopt;
  return MmaConfig{*instr, getMmaWarpsPerCTA({m, n}, numWarps, *instr)};
}

std::optional<MmaConfig>
mlir::tilegpu::getMmaConfig(Operation *op, unsigned numWarps,
                            const tileir::GPUTarget &target) {
  if (!isa<cuda_tile::MmaFOp, cuda_tile::MmaIOp>(op) ||
      op->getNumOperands() < 3)
    return std::nullopt;
  return getMmaConfig(op->getOperand(0).getType(),
                      op->getOperand(1).getType(),
                      op->getOperand(2).getType(), numWarps, target);
}

llvm::Expected<MmaOperandLayout>
mlir::tilegpu::getMmaOperandLayout(const MmaConfig &config,
                                   MmaOperand operand,
                                   ArrayRef<int64_t> shape) {
  if (shape.size() != 2 && shape.size() != 3)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "mma layouts need a rank-2 or rank-3 tile");
  ArrayRef<int64_t> matrixShape = shape.take_back(2);
  llvm::Expected<MmaLayout> matrix =
      MmaLayout::get(config.instr, operand, matrixShape, config.warpsPerCTA);
  if (!matrix)
    return matrix.takeError();
  if (shape.size() == 2)
    return MmaOperandLayout{matrix->getLayout(), *matrix, 1};

  // Batched: the matrix bases step only in the two low dims; the batch dim
  // takes the register bits above them.
  int64_t batch = shape[0];
  if (batch <= 0 || !llvm::isPowerOf2_64(batch))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "batch dim is not a power of two");
  llvm::Expected<LinearLayout> withBatch = matrix->getLayout().insertDim(0);
  if (!withBatch)
    return withBatch.takeError();
  SmallVector<LinearLayout::Basis> regs = withBatch->getRegisterBases();
  for (int64_t step = 1; step < batch; step *= 2)
    regs.push_back({step, 0, 0});
  llvm::Expected<LinearLayout> layout =
      LinearLayout::get(shape, regs, withBatch->getLaneBases(),
                        withBatch->getWarpBases());
  if (!layout)
    return layout.takeError();
  return MmaOperandLayout{*layout, *matrix, batch};
}
