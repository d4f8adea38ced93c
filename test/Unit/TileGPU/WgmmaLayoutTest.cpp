//===- WgmmaLayoutTest.cpp - wgmma fragment layouts -----------------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The wgmma accumulator layout against the PTX definition of the m64nNk16
// D fragment, its identity with mma.sync's accumulator when the warps are
// stacked along M, and the A-in-registers layout that lets a softmax'ed
// accumulator feed the next product.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TileGPU/Transforms/MmaLayouts.h"

#include "gtest/gtest.h"

using namespace tileir;
using namespace mlir::tilegpu;
using llvm::SmallVector;

namespace {

LinearLayout unwrap(llvm::Expected<LinearLayout> layout) {
  if (!layout) {
    ADD_FAILURE() << llvm::toString(layout.takeError());
    return LinearLayout();
  }
  return *layout;
}

// PTX ISA, "Matrix fragments for wgmma .m64nNk16": thread t of warp w in
// the warpgroup holds d[i] at row 16w + (t / 4) + 8 * ((i / 2) % 2) and
// column 8 * (i / 4) + 2 * (t % 4) + i % 2.
TEST(WgmmaLayout, AccumulatorMatchesPtxFragment) {
  for (int64_t n : {8, 64, 128, 256}) {
    WgmmaConfig config;
    config.instrN = n;
    config.instrK = 16;
    LinearLayout layout = unwrap(getWgmmaAccumulatorLayout(config, {64, n}, 4));
    ASSERT_EQ(layout.getNumRegisters(), n / 2);
    for (int64_t w = 0; w < 4; ++w)
      for (int64_t t = 0; t < 32; ++t)
        for (int64_t i = 0; i < n / 2; ++i) {
          SmallVector<int64_t, 4> want = {16 * w + t / 4 + 8 * ((i / 2) % 2),
                                          8 * (i / 4) + 2 * (t % 4) + i % 2};
          ASSERT_EQ(layout.apply(i, t, w), want)
              << "n=" << n << " w=" << w << " t=" << t << " i=" << i;
        }
  }
}

// With the warps stacked along M, mma.sync's m16n8 accumulator fragments
// tile a warpgroup's rows exactly like one wgmma: the two lowerings agree
// on the accumulator, register for register.
TEST(WgmmaLayout, AccumulatorEqualsStackedMmaSync) {
  for (unsigned warps : {4u, 8u}) {
    WgmmaConfig config;
    config.groupsM = warps / 4;
    config.instrN = 128;
    config.instrK = 16;
    LinearLayout wgmma =
        unwrap(getWgmmaAccumulatorLayout(config, {128, 128}, warps));
    llvm::Expected<MmaLayout> sync = MmaLayout::get(
        MmaInstr::M16N8K16_F16, MmaOperand::C, {128, 128},
        {int64_t(warps), 1});
    ASSERT_TRUE(bool(sync)) << llvm::toString(sync.takeError());
    EXPECT_EQ(wgmma, sync->getLayout()) << "warps=" << warps;
  }
}

// Warpgroups split N when M has a single 64-row block: each owns half the
// columns.
TEST(WgmmaLayout, WarpgroupsSplitN) {
  WgmmaConfig config;
  config.groupsN = 2;
  config.instrN = 64;
  config.instrK = 16;
  LinearLayout layout = unwrap(getWgmmaAccumulatorLayout(config, {64, 128}, 8));
  EXPECT_EQ(layout.apply(0, 0, 4), (SmallVector<int64_t, 4>{0, 64}));
  EXPECT_EQ(layout.apply(0, 0, 1), (SmallVector<int64_t, 4>{16, 0}));
  EXPECT_TRUE(layout.isBijective());
}

// The A fragment in registers (a0..a7 per 16 columns: pairs along K, 8 rows
// down, 8 columns right) is the accumulator layout of the same rows.
TEST(WgmmaLayout, RegisterAIsAccumulatorOfSameRows) {
  WgmmaConfig config;
  config.groupsM = 2;
  config.instrN = 128;
  config.instrK = 16;
  LinearLayout a = unwrap(getWgmmaOperandALayout(config, {128, 64}, 8));
  WgmmaConfig asAcc = config;
  asAcc.instrN = 64;
  EXPECT_EQ(a, unwrap(getWgmmaAccumulatorLayout(asAcc, {128, 64}, 8)));
  // a0, a1 | a2, a3 | a4, a5 | a6, a7 of thread t in warp 0, first k16 block.
  for (int64_t t = 0; t < 32; ++t)
    for (int64_t i = 0; i < 8; ++i) {
      SmallVector<int64_t, 4> want = {t / 4 + 8 * ((i / 2) % 2),
                                      2 * (t % 4) + i % 2 + 8 * (i / 4)};
      ASSERT_EQ(a.apply(i, t, 0), want) << "t=" << t << " i=" << i;
    }
  // Warpgroups that split N read the same rows.
  WgmmaConfig split = config;
  split.groupsM = 1;
  split.groupsN = 2;
  LinearLayout replicated = unwrap(getWgmmaOperandALayout(split, {64, 64}, 8));
  EXPECT_EQ(replicated.apply(3, 5, 4), replicated.apply(3, 5, 0));
}

// tf32 (one element a register): a0..a3 of thread t are rows t / 4 and
// t / 4 + 8 at columns t % 4 and t % 4 + 4, as mma.sync's m16n8k8 A.
TEST(WgmmaLayout, RegisterATf32) {
  WgmmaConfig config;
  config.groupsM = 2;
  config.instrN = 128;
  config.instrK = 8;
  LinearLayout a = unwrap(getWgmmaOperandALayout(config, {128, 32}, 8));
  for (int64_t t = 0; t < 32; ++t)
    for (int64_t i = 0; i < 4; ++i) {
      SmallVector<int64_t, 4> want = {t / 4 + 8 * (i % 2), t % 4 + 4 * (i / 2)};
      ASSERT_EQ(a.apply(i, t, 0), want) << "t=" << t << " i=" << i;
    }
  // The next instruction along K, then warp 1's and warpgroup 1's rows.
  EXPECT_EQ(a.apply(4, 0, 0), (SmallVector<int64_t, 4>{0, 8}));
  EXPECT_EQ(a.apply(0, 0, 1), (SmallVector<int64_t, 4>{16, 0}));
  EXPECT_EQ(a.apply(0, 0, 4), (SmallVector<int64_t, 4>{64, 0}));
  // K not a multiple of the instruction's is refused.
  llvm::Expected<LinearLayout> bad =
      getWgmmaOperandALayout(config, {128, 12}, 8);
  EXPECT_FALSE(static_cast<bool>(bad));
  if (!bad)
    llvm::consumeError(bad.takeError());
}

// The swapped product's accumulator (C^T = B^T A^T, rows renamed): d[i] of
// thread t of warp w is C^T at hardware row h = t / 4 + 8 * ((i / 2) % 2)
// of the warp's 16, renamed to row 2 (h % 8) + h / 8, and column
// 8 * (i / 4) + 2 * (t % 4) + i % 2; as a layout of C those are (column,
// row). Each thread so holds C's elements (m, n) and (m, n + 1) together.
TEST(WgmmaLayout, SwappedAccumulatorRenamesRows) {
  WgmmaConfig swapped;
  swapped.groupsM = 2;
  swapped.instrN = 128;
  swapped.instrK = 32;
  LinearLayout c = unwrap(getSwappedWgmmaLayout(swapped, {128, 128}, 8));
  for (int64_t w = 0; w < 8; ++w)
    for (int64_t t = 0; t < 32; ++t)
      for (int64_t i = 0; i < 64; ++i) {
        int64_t h = t / 4 + 8 * ((i / 2) % 2);
        int64_t n = 16 * w + 2 * (h % 8) + h / 8;
        int64_t m = 8 * (i / 4) + 2 * (t % 4) + i % 2;
        ASSERT_EQ(c.apply(i, t, w), (SmallVector<int64_t, 4>{m, n}))
            << "w=" << w << " t=" << t << " i=" << i;
      }
  // The A fragments renamed alike: row bit 3 (register 4, the second row
  // of a8..) becomes row 1, lane bits 2-4 rows 2, 4 and 8.
  LinearLayout a = unwrap(getWgmmaOperandALayout(swapped, {128, 128}, 8));
  LinearLayout renamed = unwrap(permuteWgmmaRows(a, 0));
  EXPECT_EQ(renamed.apply(4, 0, 0), (SmallVector<int64_t, 4>{1, 0}));
  EXPECT_EQ(renamed.apply(0, 4, 0), (SmallVector<int64_t, 4>{2, 0}));
  EXPECT_EQ(renamed.apply(0, 16, 0), (SmallVector<int64_t, 4>{8, 0}));
  EXPECT_EQ(renamed.apply(3, 1, 1), (SmallVector<int64_t, 4>{16, 7}));
  // Rows that do not form 16-row blocks are refused.
  llvm::Expected<LinearLayout> bad = permuteWgmmaRows(
      unwrap(LinearLayout::get({8, 4}, {{0, 1}, {0, 2}},
                               {{1, 0}, {2, 0}, {4, 0}, {0, 0}, {0, 0}}, {})),
      0);
  EXPECT_FALSE(static_cast<bool>(bad));
  if (!bad)
    llvm::consumeError(bad.takeError());
}

} // namespace
