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
  std::optional<MmaConfig> config =
      getMmaConfig(op->getOperand(0).getType(), op->getOperand(1).getType(),
                   op->getOperand(2).getType(), numWarps, target);
  // Layout assignment may have fixed another arrangement of the warps.
  if (auto warps = op->getAttrOfType<DenseI64ArrayAttr>(kMmaWarpsAttrName);
      config && warps && warps.size() == 2 && warps[0] > 0 && warps[1] > 0 &&
      warps[0] * warps[1] == int64_t(numWarps))
    config->warpsPerCTA = {warps[0], warps[1]};
  return config;
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

//===----------------------------------------------------------------------===//
// wgmma
//===----------------------------------------------------------------------===//

std::optional<WgmmaConfig>
mlir::tilegpu::getWgmmaConfig(Type lhs, Type rhs, Type acc, unsigned numWarps,
                              const tileir::GPUTarget &target) {
  auto lhsTile = dyn_cast<cuda_tile::TileType>(lhs);
  auto rhsTile = dyn_cast<cuda_tile::TileType>(rhs);
  auto accTile = dyn_cast<cuda_tile::TileType>(acc);
  if (!lhsTile || !rhsTile || !accTile || lhsTile.getRank() != 2 ||
      rhsTile.getRank() != 2 || accTile.getRank() != 2)
    return std::nullopt;
  int64_t m = accTile.getShape()[0], n = accTile.getShape()[1],
          k = lhsTile.getShape()[1];
  if (lhsTile.getShape()[0] != m || rhsTile.getShape()[0] != k ||
      rhsTile.getShape()[1] != n)
    return std::nullopt;
  return getWgmmaConfig(lhsTile.getElementType(), rhsTile.getElementType(),
                        accTile.getElementType(), m, n, k, numWarps, target);
}

std::optional<WgmmaConfig>
mlir::tilegpu::getWgmmaConfig(Operation *product, unsigned numWarps,
                              const tileir::GPUTarget &target) {
  if (!isa<cuda_tile::MmaFOp, cuda_tile::MmaIOp>(product) ||
      product->getNumOperands() < 3)
    return std::nullopt;
  Type lhs = product->getOperand(0).getType();
  if (auto mmaf = dyn_cast<cuda_tile::MmaFOp>(product))
    if (isa<Float8E4M3FNType, Float8E5M2Type>(
            cast<cuda_tile::TileType>(lhs).getElementType()) &&
        !mmaf.getFastAcc())
      return std::nullopt;
  return getWgmmaConfig(lhs, product->getOperand(1).getType(),
                        product->getOperand(2).getType(), numWarps, target);
}

std::optional<WgmmaConfig>
mlir::tilegpu::getWgmmaConfig(Type a, Type b, Type acc, int64_t m, int64_t n,
                              int64_t k, unsigned numWarps,
                              const tileir::GPUTarget &target) {
  if (!target.hasWgmma)
    return std::nullopt;
  // The input pairs wgmma multiplies, and the K of one instruction: 32
  // bytes of each row of A.
  auto isFp8 = [](Type t) { return isa<Float8E4M3FNType, Float8E5M2Type>(t); };
  int64_t instrK = 0;
  if ((a.isF16() || a.isBF16()) && a == b && acc.isF32())
    instrK = 16;
  else if (isa<FloatTF32Type>(a) && isa<FloatTF32Type>(b) && acc.isF32())
    instrK = 8;
  else if (isFp8(a) && isFp8(b) && acc.isF32())
    instrK = 32;
  else if (a.isInteger(8) && b.isInteger(8) && acc.isInteger(32))
    instrK = 32;
  if (!instrK)
    return std::nullopt;
  if (numWarps == 0 || numWarps % 4 != 0 || !llvm::isPowerOf2_32(numWarps))
    return std::nullopt;
  int64_t groups = numWarps / 4;
  if (m <= 0 || n <= 0 || m % 64 != 0 || k <= 0 || k % instrK != 0)
    return std::nullopt;
  WgmmaConfig config;
  config.groupsM = std::min<int64_t>(groups, m / 64);
  config.groupsN = groups / config.groupsM;
  config.instrN = n / config.groupsN;
  config.instrK = instrK;
  if (config.groupsM * config.groupsN != groups || n % config.groupsN != 0 ||
      config.instrN % 16 != 0 || config.instrN > 256)
    return std::nullopt;
  return config;
}

llvm::Expected<LinearLayout>
mlir::tilegpu::getWgmmaAccumulatorLayout(const WgmmaConfig &config,
                                         ArrayRef<int64_t> shape,
                                         unsigned numWarps) {
  if (shape.size() != 2 || config.groupsM <= 0 || config.groupsN <= 0 ||
      int64_t(numWarps) != 4 * config.groupsM * config.groupsN)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "bad wgmma configuration");
  int64_t rowsPerGroup = shape[0] / config.groupsM;
  int64_t colsPerGroup = shape[1] / config.groupsN;
  SmallVector<LinearLayout::Basis> regs = {{0, 1}, {8, 0}};
  for (int64_t c = 8; c < colsPerGroup; c *= 2)
    regs.push_back({0, c});
  for (int64_t r = 64; r < rowsPerGroup; r *= 2)
    regs.push_back({r, 0});
  SmallVector<LinearLayout::Basis> lanes = {
      {0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}};
  SmallVector<LinearLayout::Basis> warps = {{16, 0}, {32, 0}};
  for (int64_t g = 1; g < config.groupsM; g *= 2)
    warps.push_back({rowsPerGroup * g, 0});
  for (int64_t g = 1; g < config.groupsN; g *= 2)
    warps.push_back({0, colsPerGroup * g});
  return LinearLayout::get(shape, regs, lanes, warps);
}

llvm::Expected<LinearLayout>
mlir::tilegpu::getWgmmaOperandALayout(const WgmmaConfig &config,
                                      ArrayRef<int64_t> shape,
                                      unsigned numWarps) {
  // Elements of one 32-bit register: 1 (tf32), 2 (16-bit) or 4 (8-bit);
  // one instruction's K is 8 of those registers' worth of columns.
  int64_t perWord = config.instrK / 8;
  if (shape.size() != 2 || (perWord != 1 && perWord != 2 && perWord != 4) ||
      config.groupsM <= 0 || config.groupsN <= 0 ||
      int64_t(numWarps) != 4 * config.groupsM * config.groupsN ||
      shape[1] % config.instrK != 0 ||
      shape[0] % (64 * config.groupsM) != 0)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "bad wgmma A operand shape");
  int64_t rowsPerGroup = shape[0] / config.groupsM;
  // Per instruction: a word's elements along K, 8 rows down, then the
  // second half of the instruction's K; then further instructions along K,
  // then 64-row blocks.
  SmallVector<LinearLayout::Basis> regs;
  for (int64_t c = 1; c < perWord; c *= 2)
    regs.push_back({0, c});
  regs.push_back({8, 0});
  regs.push_back({0, config.instrK / 2});
  for (int64_t c = config.instrK; c < shape[1]; c *= 2)
    regs.push_back({0, c});
  for (int64_t r = 64; r < rowsPerGroup; r *= 2)
    regs.push_back({r, 0});
  SmallVector<LinearLayout::Basis> lanes = {
      {0, perWord}, {0, 2 * perWord}, {1, 0}, {2, 0}, {4, 0}};
  SmallVector<LinearLayout::Basis> warps = {{16, 0}, {32, 0}};
  for (int64_t g = 1; g < config.groupsM; g *= 2)
    warps.push_back({rowsPerGroup * g, 0});
  // The warpgroups along N repeat the rows: their warp bits replicate.
  for (int64_t g = 1; g < config.groupsN; g *= 2)
    warps.push_back({0, 0});
  return LinearLayout::get(shape, regs, lanes, warps);
}

llvm::Expected<LinearLayout>
mlir::tilegpu::permuteWgmmaRows(const LinearLayout &layout, unsigned rowDim) {
  if (rowDim >= layout.getRank() || layout.getShape()[rowDim] % 16 != 0)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "rows do not form 16-row blocks");
  auto rename = [&](LinearLayout::Basis basis) {
    int64_t row = basis[rowDim];
    basis[rowDim] = (row & ~int64_t(15)) | ((row & 7) << 1) | ((row >> 3) & 1);
    return basis;
  };
  SmallVector<LinearLayout::Basis> regs, lanes, warps;
  for (const LinearLayout::Basis &b : layout.getRegisterBases())
    regs.push_back(rename(b));
  for (const LinearLayout::Basis &b : layout.getLaneBases())
    lanes.push_back(rename(b));
  for (const LinearLayout::Basis &b : layout.getWarpBases())
    warps.push_back(rename(b));
  return LinearLayout::get(layout.getShape(), regs, lanes, warps);
}

llvm::Expected<LinearLayout>
mlir::tilegpu::getSwappedWgmmaLayout(const WgmmaConfig &swapped,
                                     ArrayRef<int64_t> shape,
                                     unsigned numWarps) {
  if (shape.size() != 2)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "not a 2-D accumulator");
  llvm::Expected<LinearLayout> transposed = getWgmmaAccumulatorLayout(
      swapped, {shape[1], shape[0]}, numWarps);
  if (!transposed)
    return transposed.takeError();
  llvm::Expected<LinearLayout> renamed = permuteWgmmaRows(*transposed, 0);
  if (!renamed)
    return renamed.takeError();
  return renamed->permute({1, 0});
}
