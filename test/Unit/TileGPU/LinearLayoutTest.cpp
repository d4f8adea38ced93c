//===- LinearLayoutTest.cpp - Tests of GF(2) tile layouts -----------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Most checks are brute force: enumerate every (register, lane, warp) and
// compare against a definition written independently of the library. The
// mma checks use per-lane formulas transcribed from the PTX ISA fragment
// tables and a simulated warp-level matmul on integer data.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TileGPU/LinearLayout.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/MathExtras.h"

#include "gtest/gtest.h"

#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

using namespace tileir;
using llvm::SmallVector;

namespace tileir {
// gtest prints values and messages through std::ostream.
static std::ostream &operator<<(std::ostream &os, const LinearLayout &layout) {
  return os << layout.toString();
}
[[maybe_unused]] static void PrintTo(const LinearLayout &layout,
                                     std::ostream *os) {
  *os << layout.toString();
}
} // namespace tileir

namespace {

using Coords = SmallVector<int64_t, 4>;
using Bases = SmallVector<LinearLayout::Basis>;

/// Unwraps an Expected, failing the current test (and returning) on error.
#define ASSERT_OK_AND_ASSIGN(var, expr)                                        \
  auto var##OrErr = (expr);                                                    \
  ASSERT_TRUE(!!var##OrErr) << llvm::toString(var##OrErr.takeError());         \
  auto &var = *var##OrErr

/// Returns the error message of a failed Expected, "" on success.
template <typename T> std::string errorOf(llvm::Expected<T> &&value) {
  if (value)
    return "";
  return llvm::toString(value.takeError());
}

/// Calls fn(reg, lane, warp) for every hardware index of `layout`.
template <typename Fn> void forEachHw(const LinearLayout &layout, Fn fn) {
  for (int64_t w = 0; w < layout.getNumWarps(); ++w)
    for (int64_t l = 0; l < LinearLayout::getNumLanes(); ++l)
      for (int64_t r = 0; r < layout.getNumRegisters(); ++r)
        fn(r, l, w);
}

/// How many (reg, lane, warp) hold each flat element.
std::vector<int64_t> holderCounts(const LinearLayout &layout) {
  std::vector<int64_t> counts(layout.getNumElements(), 0);
  forEachHw(layout, [&](int64_t r, int64_t l, int64_t w) {
    ++counts[layout.applyFlat(r, l, w)];
  });
  return counts;
}

/// Row-major flat index computed the schoolbook way (not bit tricks).
int64_t rowMajor(llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<int64_t> c) {
  int64_t flat = 0;
  for (size_t d = 0; d < shape.size(); ++d)
    flat = flat * shape[d] + c[d];
  return flat;
}

Coords coords(std::initializer_list<int64_t> values) { return Coords(values); }

//===----------------------------------------------------------------------===//
// F2Map
//===----------------------------------------------------------------------===//

TEST(F2Map, InverseAndCompose) {
  F2Map map(3, {0b001, 0b011, 0b110});
  EXPECT_EQ(map.getRank(), 3u);
  EXPECT_TRUE(map.isInjective());
  EXPECT_TRUE(map.isSurjective());
  std::optional<F2Map> inverse = map.getInverse();
  ASSERT_TRUE(inverse.has_value());
  for (uint64_t x = 0; x < 8; ++x) {
    EXPECT_EQ(map.apply(inverse->apply(x)), x);
    EXPECT_EQ(inverse->apply(map.apply(x)), x);
  }
  EXPECT_EQ(map.compose(*inverse), F2Map::getIdentity(3));
  EXPECT_EQ(inverse->compose(map), F2Map::getIdentity(3));
  // apply is XOR of the columns of the set bits.
  EXPECT_EQ(map.apply(0b101), 0b001u ^ 0b110u);
}

TEST(F2Map, SolveAndDependentBits) {
  // Column 1 duplicates column 0; output bit 2 is unreachable.
  F2Map map(3, {0b01, 0b01, 0b10});
  EXPECT_EQ(map.getRank(), 2u);
  EXPECT_FALSE(map.isInjective());
  EXPECT_FALSE(map.isSurjective());
  EXPECT_EQ(map.getDependentInputMask(), 0b010u);
  EXPECT_EQ(map.solve(0b11), std::optional<uint64_t>(0b101));
  EXPECT_EQ(map.solve(0b100), std::nullopt);
  EXPECT_FALSE(map.getRightInverse().has_value());
  EXPECT_FALSE(map.getInverse().has_value());

  // Surjective but not injective: a right inverse exists, an inverse not.
  F2Map wide(2, {0b01, 0b11, 0b10});
  std::optional<F2Map> right = wide.getRightInverse();
  ASSERT_TRUE(right.has_value());
  for (uint64_t y = 0; y < 4; ++y) {
    EXPECT_EQ(wide.apply(right->apply(y)), y);
    // Canonical preimages avoid the dependent input bit 2.
    EXPECT_EQ(right->apply(y) & wide.getDependentInputMask(), 0u);
  }
  EXPECT_FALSE(wide.getInverse().has_value());
}

//===----------------------------------------------------------------------===//
// Construction and validation
//===----------------------------------------------------------------------===//

TEST(LinearLayout, DefaultIsScalar) {
  LinearLayout layout;
  EXPECT_EQ(layout.getRank(), 0u);
  EXPECT_EQ(layout.getNumRegisters(), 1);
  EXPECT_EQ(layout.getNumWarps(), 1);
  EXPECT_EQ(layout.getNumElements(), 1);
  EXPECT_TRUE(layout.isSurjective());
  EXPECT_FALSE(layout.isInjective());
  EXPECT_EQ(layout.getFreeMask(HwDim::Lane), 0x1fu);
}

TEST(LinearLayout, RejectsInvalidInput) {
  Bases lanes5 = {{0}, {0}, {0}, {0}, {0}};
  EXPECT_NE(errorOf(LinearLayout::get({3}, {}, lanes5, {})), "");
  EXPECT_NE(errorOf(LinearLayout::get({0}, {}, lanes5, {})), "");
  EXPECT_NE(errorOf(LinearLayout::get({-4}, {}, lanes5, {})), "");
  // Not 5 lane bases.
  EXPECT_NE(errorOf(LinearLayout::get({4}, {}, {{1}, {2}}, {})), "");
  // Coordinate outside the dim, negative coordinate, wrong arity.
  EXPECT_NE(errorOf(LinearLayout::get({4}, {{4}}, lanes5, {})), "");
  EXPECT_NE(errorOf(LinearLayout::get({4}, {{-1}}, lanes5, {})), "");
  EXPECT_NE(errorOf(LinearLayout::get({4}, {{1, 0}}, lanes5, {})), "");
  // Hardware index wider than 64 bits.
  Bases manyRegs(60, LinearLayout::Basis{0});
  EXPECT_NE(errorOf(LinearLayout::get({4}, manyRegs, lanes5, {})), "");
  // More than 2^62 elements.
  EXPECT_NE(
      errorOf(LinearLayout::get({int64_t(1) << 40, int64_t(1) << 30}, {},
                                {{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}}, {})),
      "");
  EXPECT_NE(errorOf(LinearLayout::getFlat({8}, {8}, {0, 0, 0, 0, 0}, {})), "");
  // General XOR bases (not single bits) are fine.
  ASSERT_OK_AND_ASSIGN(xorLayout,
                       LinearLayout::get({8}, {{3}, {6}}, lanes5, {}));
  EXPECT_EQ(xorLayout.apply(3, 0, 0), coords({5}));
}

//===----------------------------------------------------------------------===//
// Blocked layouts
//===----------------------------------------------------------------------===//

TEST(LinearLayout, BlockedHandComputed) {
  ASSERT_OK_AND_ASSIGN(
      layout, LinearLayout::blocked({16, 64}, {1, 4}, {2, 16}, {4, 1}, {1, 0}));
  EXPECT_EQ(layout.getRegisterBases(), Bases({{0, 1}, {0, 2}, {8, 0}}));
  EXPECT_EQ(layout.getLaneBases(),
            Bases({{0, 4}, {0, 8}, {0, 16}, {0, 32}, {1, 0}}));
  EXPECT_EQ(layout.getWarpBases(), Bases({{2, 0}, {4, 0}}));
  EXPECT_EQ(layout.getNumRegisters(), 8);
  EXPECT_EQ(layout.getNumWarps(), 4);
  // reg 5 = bits {0, 2}, lane 17 = bits {0, 4}, warp 3 = bits {0, 1}.
  EXPECT_EQ(layout.apply(5, 17, 3), coords({8 + 1 + 2 + 4, 1 + 4}));
  EXPECT_EQ(layout.apply(0, 0, 0), coords({0, 0}));
  EXPECT_EQ(layout.apply(3, 15, 0), coords({0, 63}));
  EXPECT_TRUE(layout.isBijective());

  // Textbook definition of a blocked layout, checked everywhere.
  forEachHw(layout, [&](int64_t r, int64_t l, int64_t w) {
    int64_t col = (r % 4) + 4 * (l % 16);
    int64_t row = (l / 16) + 2 * w + 8 * (r / 4);
    EXPECT_EQ(layout.apply(r, l, w), coords({row, col}));
  });
}

TEST(LinearLayout, BlockedCoversExactlyOnceWhenLargeEnough) {
  struct Case {
    SmallVector<int64_t> shape, spt, tpw, wpc;
    SmallVector<int32_t> order;
  };
  const Case cases[] = {
      {{64, 64}, {1, 8}, {4, 8}, {4, 1}, {1, 0}},
      {{128, 32}, {2, 2}, {8, 4}, {2, 4}, {1, 0}},
      {{32, 128}, {4, 1}, {8, 4}, {1, 8}, {0, 1}},
      {{256}, {4}, {32}, {2}, {0}},
      {{4, 16, 32}, {1, 1, 4}, {1, 4, 8}, {2, 2, 1}, {2, 1, 0}},
  };
  for (const Case &c : cases) {
    ASSERT_OK_AND_ASSIGN(
        layout, LinearLayout::blocked(c.shape, c.spt, c.tpw, c.wpc, c.order));
    EXPECT_TRUE(layout.isBijective()) << layout;
    for (int64_t count : holderCounts(layout))
      ASSERT_EQ(count, 1) << layout;
    EXPECT_EQ(layout.getReplicationMask().lane, 0u);
    EXPECT_EQ(layout.getReplicationMask().warp, 0u);
  }
}

TEST(LinearLayout, BlockedReplicatesSmallTiles) {
  // CTA tile 16 x 32 (x2 warps on dim 0) over a 4 x 8 tile.
  ASSERT_OK_AND_ASSIGN(
      layout, LinearLayout::blocked({4, 8}, {1, 4}, {4, 8}, {2, 1}, {1, 0}));
  EXPECT_EQ(layout.getLaneBases(),
            Bases({{0, 4}, {0, 0}, {0, 0}, {1, 0}, {2, 0}}));
  EXPECT_EQ(layout.getWarpBases(), Bases({{0, 0}}));
  EXPECT_EQ(layout.getFreeMask(HwDim::Lane), 0b00110u);
  EXPECT_EQ(layout.getFreeMask(HwDim::Warp), 0b1u);
  EXPECT_EQ(layout.getFreeMask(HwDim::Register), 0u);
  EXPECT_TRUE(layout.isSurjective());
  EXPECT_FALSE(layout.isInjective());
  // 4 registers x 32 lanes x 2 warps over 32 elements: 8 copies each.
  for (int64_t count : holderCounts(layout))
    EXPECT_EQ(count, 8);

  // sizePerThread beyond the dim: duplicate registers.
  ASSERT_OK_AND_ASSIGN(dup, LinearLayout::blocked({2}, {4}, {32}, {1}, {0}));
  EXPECT_EQ(dup.getFreeMask(HwDim::Register), 0b10u);
  EXPECT_TRUE(dup.hasDuplicateRegisters());
  EXPECT_FALSE(layout.hasDuplicateRegisters());
}

TEST(LinearLayout, BlockedRejectsBadParameters) {
  EXPECT_NE(errorOf(LinearLayout::blocked({64}, {1}, {16}, {1}, {0})), "");
  EXPECT_NE(errorOf(LinearLayout::blocked({64}, {3}, {32}, {1}, {0})), "");
  EXPECT_NE(
      errorOf(LinearLayout::blocked({64, 64}, {1, 1}, {4, 8}, {1, 1}, {0, 0})),
      "");
  EXPECT_NE(errorOf(LinearLayout::blocked({64, 64}, {1}, {32}, {1}, {0})), "");
  EXPECT_NE(errorOf(LinearLayout::blocked({}, {}, {}, {}, {})), "");
  EXPECT_NE(
      errorOf(LinearLayout::blocked({64, 64}, {1, 1}, {4, 8}, {1, 0}, {1, 0})),
      "");
}

TEST(LinearLayout, DefaultBlocked) {
  // f16 64x64, 4 warps: 8-element vectors, 8 lanes across a row, 4 rows per
  // warp, warps stacked on rows, then register wrap-around on rows.
  ASSERT_OK_AND_ASSIGN(f16, LinearLayout::defaultBlocked({64, 64}, 4, 16));
  EXPECT_EQ(f16.getRegisterBases(),
            Bases({{0, 1}, {0, 2}, {0, 4}, {16, 0}, {32, 0}}));
  EXPECT_EQ(f16.getLaneBases(),
            Bases({{0, 8}, {0, 16}, {0, 32}, {1, 0}, {2, 0}}));
  EXPECT_EQ(f16.getWarpBases(), Bases({{4, 0}, {8, 0}}));
  EXPECT_EQ(f16.getContiguousRegisterRun(1), 8);
  EXPECT_EQ(f16.getContiguousRegisterRun(0), 1);
  EXPECT_TRUE(f16.isBijective());

  // f32 vectors are 4 wide; a 1-d tile too small for 4 warps replicates
  // across warps.
  ASSERT_OK_AND_ASSIGN(f32, LinearLayout::defaultBlocked({128}, 4, 32));
  EXPECT_EQ(f32.getContiguousRegisterRun(0), 4);
  EXPECT_EQ(f32.getFreeMask(HwDim::Warp), 0b11u);
  EXPECT_EQ(f32.getFreeMask(HwDim::Lane), 0u);
  EXPECT_TRUE(f32.isSurjective());

  // Tiny tiles still cover every element, replicated evenly.
  const SmallVector<int64_t> shapes[] = {{2, 4},      {1, 1},    {8},
                                         {2, 16, 32}, {1024, 2}, {4, 4, 4, 4}};
  for (const auto &shape : shapes)
    for (int64_t warps : {1, 4, 8})
      for (unsigned width : {1u, 8u, 16u, 32u, 64u}) {
        ASSERT_OK_AND_ASSIGN(layout,
                             LinearLayout::defaultBlocked(shape, warps, width));
        EXPECT_TRUE(layout.isSurjective()) << layout;
        std::vector<int64_t> counts = holderCounts(layout);
        for (int64_t count : counts)
          EXPECT_EQ(count, counts[0]) << layout;
        // Never more than 16 bytes in one vector.
        int64_t bytes = std::max(1u, width / 8);
        EXPECT_LE(layout.getContiguousRegisterRun(shape.size() - 1) * bytes,
                  16);
      }

  // i1 counts as a byte: 16-element vectors.
  ASSERT_OK_AND_ASSIGN(i1, LinearLayout::defaultBlocked({32, 64}, 4, 1));
  EXPECT_EQ(i1.getContiguousRegisterRun(1), 16);

  ASSERT_OK_AND_ASSIGN(scalar, LinearLayout::defaultBlocked({}, 4, 32));
  EXPECT_EQ(scalar.getNumRegisters(), 1);
  EXPECT_EQ(scalar.getNumWarps(), 4);
  EXPECT_TRUE(scalar.apply(0, 31, 3).empty());

  EXPECT_NE(errorOf(LinearLayout::defaultBlocked({64}, 3, 32)), "");
  EXPECT_NE(errorOf(LinearLayout::defaultBlocked({64}, 4, 0)), "");
  EXPECT_NE(errorOf(LinearLayout::defaultBlocked({48}, 4, 32)), "");
}

TEST(LinearLayout, Replicated) {
  ASSERT_OK_AND_ASSIGN(layout, LinearLayout::replicated({4, 2}, 2));
  EXPECT_EQ(layout.getNumRegisters(), 8);
  forEachHw(layout, [&](int64_t r, int64_t l, int64_t w) {
    EXPECT_EQ(layout.apply(r, l, w), coords({r / 2, r % 2}));
  });
  EXPECT_EQ(layout.getReplicationMask().lane, 0x1fu);
  EXPECT_EQ(layout.getReplicationMask().warp, 0x1u);
  ASSERT_OK_AND_ASSIGN(scalar, LinearLayout::replicated({}, 8));
  EXPECT_EQ(scalar.getNumRegisters(), 1);
  EXPECT_EQ(scalar.getNumWarps(), 8);
  EXPECT_NE(errorOf(LinearLayout::replicated({4}, 0)), "");
}

//===----------------------------------------------------------------------===//
// Random layouts for property tests
//===----------------------------------------------------------------------===//

/// A random surjective layout: unit vectors on random hardware bits, random
/// junk elsewhere, then random column operations (which keep the span).
LinearLayout randomSurjective(std::mt19937 &rng, llvm::ArrayRef<int64_t> shape,
                              unsigned regBits, unsigned warpBits,
                              bool mix = true) {
  unsigned numBits = 0;
  for (int64_t s : shape)
    numBits += llvm::Log2_64(s);
  unsigned hwBits = regBits + 5 + warpBits;
  EXPECT_GE(hwBits, numBits);
  std::vector<unsigned> positions(hwBits);
  for (unsigned i = 0; i < hwBits; ++i)
    positions[i] = i;
  std::shuffle(positions.begin(), positions.end(), rng);
  std::vector<uint64_t> columns(hwBits, 0);
  uint64_t all = (uint64_t(1) << numBits) - 1;
  for (unsigned i = 0; i < hwBits; ++i)
    columns[positions[i]] = i < numBits ? uint64_t(1) << i
                            : rng() % 2 ? rng() & all
                                        : 0;
  if (mix && hwBits > 1)
    for (unsigned step = 0; step < 3 * hwBits; ++step) {
      unsigned i = rng() % hwBits, j = rng() % hwBits;
      if (i != j)
        columns[i] ^= columns[j];
    }
  SmallVector<uint64_t> regs(columns.begin(), columns.begin() + regBits);
  SmallVector<uint64_t> lanes(columns.begin() + regBits,
                              columns.begin() + regBits + 5);
  SmallVector<uint64_t> warps(columns.begin() + regBits + 5, columns.end());
  auto layout = LinearLayout::getFlat(shape, regs, lanes, warps);
  EXPECT_TRUE(!!layout);
  if (!layout) {
    llvm::consumeError(layout.takeError());
    return LinearLayout();
  }
  return *layout;
}

const SmallVector<int64_t> kRandomShapes[] = {
    {16, 16}, {8, 4, 8}, {64}, {32, 8}, {2, 2, 2, 2, 2, 2}};

//===----------------------------------------------------------------------===//
// Replication and ownership
//===----------------------------------------------------------------------===//

/// Each element has exactly one owner and the owner map finds it.
void checkOwnership(const LinearLayout &layout) {
  LinearLayout::ReplicationMask mask = layout.getReplicationMask();
  std::vector<int64_t> owners(layout.getNumElements(), 0);
  forEachHw(layout, [&](int64_t r, int64_t l, int64_t w) {
    if (mask.isOwner(r, l, w))
      ++owners[layout.applyFlat(r, l, w)];
  });
  for (int64_t count : owners)
    ASSERT_EQ(count, 1) << layout;
  std::optional<F2Map> ownerMap = layout.getOwnerMap();
  ASSERT_TRUE(ownerMap.has_value());
  for (uint64_t e = 0; e < uint64_t(layout.getNumElements()); ++e) {
    int64_t r, l, w;
    layout.unpackHardwareIndex(ownerMap->apply(e), r, l, w);
    ASSERT_TRUE(mask.isOwner(r, l, w));
    ASSERT_EQ(layout.applyFlat(r, l, w), e);
  }
}

TEST(LinearLayout, ReplicationMaskPicksOneOwner) {
  ASSERT_OK_AND_ASSIGN(
      small, LinearLayout::blocked({4, 8}, {1, 4}, {4, 8}, {2, 1}, {1, 0}));
  checkOwnership(small);
  // Zero bases: the mask is the free mask.
  EXPECT_EQ(small.getReplicationMask().lane, small.getFreeMask(HwDim::Lane));
  EXPECT_EQ(small.getReplicationMask().warp, small.getFreeMask(HwDim::Warp));

  // Replication without zero bases: lane bit 0 repeats register bit 0, and
  // warp bit 0 repeats lanes 1 ^ 2.
  ASSERT_OK_AND_ASSIGN(
      tricky,
      LinearLayout::get({4, 16}, {{0, 1}, {0, 2}},
                        {{0, 1}, {0, 4}, {0, 8}, {1, 0}, {2, 0}}, {{0, 12}}));
  EXPECT_EQ(tricky.getFreeMask(HwDim::Lane), 0u);
  EXPECT_EQ(tricky.getReplicationMask().reg, 0u);
  EXPECT_EQ(tricky.getReplicationMask().lane, 0b1u);
  EXPECT_EQ(tricky.getReplicationMask().warp, 0b1u);
  checkOwnership(tricky);

  ASSERT_OK_AND_ASSIGN(scalar, LinearLayout::replicated({}, 4));
  checkOwnership(scalar);

  std::mt19937 rng(7);
  for (int iter = 0; iter < 40; ++iter) {
    const auto &shape = kRandomShapes[iter % std::size(kRandomShapes)];
    checkOwnership(randomSurjective(rng, shape, 3 + iter % 3, iter % 3));
  }
}

TEST(LinearLayout, InverseMapOfBijectiveLayouts) {
  ASSERT_OK_AND_ASSIGN(layout, LinearLayout::mmaAccumulator(
                                   {64, 32}, {2, 2}, MmaInstr::M16N8K16_F16));
  ASSERT_TRUE(layout.isBijective());
  std::optional<F2Map> inverse = layout.getInverseMap();
  ASSERT_TRUE(inverse.has_value());
  EXPECT_EQ(inverse->compose(layout.getMap()),
            F2Map::getIdentity(layout.getNumHardwareBits()));
  for (int64_t row = 0; row < 64; ++row)
    for (int64_t col = 0; col < 32; ++col) {
      int64_t r, l, w;
      layout.unpackHardwareIndex(inverse->apply(layout.flatten({row, col})), r,
                                 l, w);
      ASSERT_EQ(layout.apply(r, l, w), coords({row, col}));
    }
  // Replicated layouts have owners but no inverse.
  ASSERT_OK_AND_ASSIGN(
      small, LinearLayout::blocked({4, 8}, {1, 4}, {4, 8}, {2, 1}, {1, 0}));
  EXPECT_FALSE(small.getInverseMap().has_value());
  EXPECT_TRUE(small.getOwnerMap().has_value());
}

//===----------------------------------------------------------------------===//
// Contiguous register runs
//===----------------------------------------------------------------------===//

/// Largest 2^k such that, for every thread and every aligned group of 2^k
/// registers, the group holds consecutive elements along `dim` starting at a
/// multiple of 2^k, in register order.
int64_t bruteForceRun(const LinearLayout &layout, unsigned dim) {
  int64_t best = 1;
  for (int64_t run = 2; run <= layout.getNumRegisters(); run *= 2) {
    bool ok = true;
    forEachHw(layout, [&](int64_t r, int64_t l, int64_t w) {
      if (!ok || r % run != 0)
        return;
      Coords start = layout.apply(r, l, w);
      if (start[dim] % run != 0)
        ok = false;
      for (int64_t i = 1; ok && i < run; ++i) {
        Coords expected = start;
        expected[dim] += i;
        if (layout.apply(r + i, l, w) != expected)
          ok = false;
      }
    });
    if (!ok)
      break;
    best = run;
  }
  return best;
}

TEST(LinearLayout, ContiguousRegisterRun) {
  ASSERT_OK_AND_ASSIGN(blocked, LinearLayout::blocked({16, 64}, {2, 4}, {2, 16},
                                                      {2, 1}, {1, 0}));
  EXPECT_EQ(blocked.getContiguousRegisterRun(1), 4);
  EXPECT_EQ(blocked.getContiguousRegisterRun(0), 1);
  // Order {0, 1}: the dim-0 registers come first.
  ASSERT_OK_AND_ASSIGN(
      colMajor,
      LinearLayout::blocked({16, 64}, {2, 4}, {2, 16}, {2, 1}, {0, 1}));
  EXPECT_EQ(colMajor.getContiguousRegisterRun(0), 2);
  EXPECT_EQ(colMajor.getContiguousRegisterRun(1), 1);

  Bases lanes = {{0, 4}, {1, 0}, {2, 0}, {0, 0}, {0, 0}};
  // A lane basis moving by 2 along dim 1 breaks runs of 4 into runs of 2.
  Bases misaligned = {{0, 4}, {0, 2}, {1, 0}, {2, 0}, {0, 0}};
  ASSERT_OK_AND_ASSIGN(
      a, LinearLayout::get({4, 8}, {{0, 1}, {0, 2}}, misaligned, {}));
  EXPECT_EQ(a.getContiguousRegisterRun(1), 2);
  // Registers in the wrong order.
  ASSERT_OK_AND_ASSIGN(b,
                       LinearLayout::get({4, 8}, {{0, 2}, {0, 1}}, lanes, {}));
  EXPECT_EQ(b.getContiguousRegisterRun(1), 1);
  // A register basis with a second coordinate is not a pure step.
  ASSERT_OK_AND_ASSIGN(c,
                       LinearLayout::get({4, 8}, {{0, 1}, {1, 2}}, lanes, {}));
  EXPECT_EQ(c.getContiguousRegisterRun(1), 2);

  for (const LinearLayout *layout : {&blocked, &colMajor, &a, &b, &c})
    for (unsigned d = 0; d < layout->getRank(); ++d)
      EXPECT_EQ(layout->getContiguousRegisterRun(d), bruteForceRun(*layout, d))
          << *layout << " dim " << d;

  // Random layouts, unmixed so that runs actually occur.
  std::mt19937 rng(11);
  for (int iter = 0; iter < 60; ++iter) {
    const auto &shape = kRandomShapes[iter % std::size(kRandomShapes)];
    LinearLayout layout = randomSurjective(rng, shape, 4, 1, iter % 2);
    for (unsigned d = 0; d < layout.getRank(); ++d)
      ASSERT_EQ(layout.getContiguousRegisterRun(d), bruteForceRun(layout, d))
          << layout << " dim " << d;
  }
}

//===----------------------------------------------------------------------===//
// Transformations
//===----------------------------------------------------------------------===//

TEST(LinearLayout, PermuteRoundTrip) {
  ASSERT_OK_AND_ASSIGN(layout,
                       LinearLayout::blocked({4, 8, 16}, {1, 2, 4}, {2, 2, 8},
                                             {2, 1, 2}, {2, 1, 0}));
  ASSERT_OK_AND_ASSIGN(permuted, layout.permute({2, 0, 1}));
  EXPECT_EQ(permuted.getShape(), llvm::ArrayRef<int64_t>({16, 4, 8}));
  forEachHw(layout, [&](int64_t r, int64_t l, int64_t w) {
    Coords c = layout.apply(r, l, w);
    EXPECT_EQ(permuted.apply(r, l, w), coords({c[2], c[0], c[1]}));
  });
  ASSERT_OK_AND_ASSIGN(back, permuted.permute({1, 2, 0}));
  EXPECT_EQ(back, layout);

  EXPECT_NE(errorOf(layout.permute({0, 1})), "");
  EXPECT_NE(errorOf(layout.permute({0, 0, 1})), "");
  EXPECT_NE(errorOf(layout.permute({0, 1, 3})), "");
  EXPECT_NE(errorOf(layout.permute({-1, 1, 2})), "");
}

TEST(LinearLayout, ReshapeRoundTrip) {
  ASSERT_OK_AND_ASSIGN(layout, LinearLayout::defaultBlocked({16, 64}, 4, 16));
  for (SmallVector<int64_t> shape :
       {SmallVector<int64_t>{1024}, {4, 4, 64}, {64, 16}, {1, 1024, 1}}) {
    ASSERT_OK_AND_ASSIGN(reshaped, layout.reshape(shape));
    EXPECT_EQ(reshaped.getShape(), llvm::ArrayRef<int64_t>(shape));
    // Same registers/threads: each holds the element with the same
    // row-major position.
    forEachHw(layout, [&](int64_t r, int64_t l, int64_t w) {
      ASSERT_EQ(rowMajor(shape, reshaped.apply(r, l, w)),
                rowMajor({16, 64}, layout.apply(r, l, w)));
    });
    ASSERT_OK_AND_ASSIGN(back, reshaped.reshape({16, 64}));
    EXPECT_EQ(back, layout);
  }
  EXPECT_NE(errorOf(layout.reshape({512})), "");
  EXPECT_NE(errorOf(layout.reshape({3, 1024})), "");
}

TEST(LinearLayout, SliceDim) {
  ASSERT_OK_AND_ASSIGN(
      layout, LinearLayout::blocked({16, 64}, {1, 4}, {2, 16}, {4, 1}, {1, 0}));
  ASSERT_OK_AND_ASSIGN(rows, layout.sliceDim(1));
  EXPECT_EQ(rows.getShape(), llvm::ArrayRef<int64_t>({16}));
  forEachHw(layout, [&](int64_t r, int64_t l, int64_t w) {
    EXPECT_EQ(rows.apply(r, l, w), coords({layout.apply(r, l, w)[0]}));
  });
  // The lanes that walked the reduced dim now replicate the result.
  EXPECT_EQ(rows.getFreeMask(HwDim::Lane), 0b01111u);
  EXPECT_EQ(rows.getFreeMask(HwDim::Register), 0b011u);
  EXPECT_TRUE(rows.isSurjective());

  ASSERT_OK_AND_ASSIGN(compact, layout.sliceDimAndCompact(1));
  EXPECT_EQ(compact.layout.getNumRegisters(), 2);
  EXPECT_FALSE(compact.layout.hasDuplicateRegisters());
  forEachHw(rows, [&](int64_t r, int64_t l, int64_t w) {
    int64_t newReg = compact.registerMap.apply(r);
    ASSERT_LT(newReg, compact.layout.getNumRegisters());
    EXPECT_EQ(compact.layout.apply(newReg, l, w), rows.apply(r, l, w));
  });

  // Slicing the last dim of a rank-1 tile gives a scalar.
  ASSERT_OK_AND_ASSIGN(vec, LinearLayout::defaultBlocked({128}, 4, 32));
  ASSERT_OK_AND_ASSIGN(scalar, vec.sliceDimAndCompact(0));
  EXPECT_EQ(scalar.layout.getRank(), 0u);
  EXPECT_EQ(scalar.layout.getNumRegisters(), 1);

  EXPECT_NE(errorOf(layout.sliceDim(2)), "");
  EXPECT_NE(errorOf(layout.sliceDim(-1)), "");
}

TEST(LinearLayout, CompactRegistersWithNonZeroDuplicates) {
  // Register 4 (bit 2) holds (0,1)^(0,2): the same as register 3.
  ASSERT_OK_AND_ASSIGN(
      layout, LinearLayout::get({4, 8}, {{0, 1}, {0, 0}, {0, 3}, {1, 0}},
                                {{0, 4}, {2, 0}, {0, 0}, {0, 0}, {0, 0}}, {}));
  EXPECT_TRUE(layout.hasDuplicateRegisters());
  EXPECT_EQ(layout.getFreeMask(HwDim::Register), 0b0010u);
  LinearLayout::CompactedLayout compact = layout.compactRegisters();
  EXPECT_EQ(compact.layout.getRegisterBases(), Bases({{0, 1}, {0, 3}, {1, 0}}));
  EXPECT_EQ(compact.layout.getLaneBases(), layout.getLaneBases());
  forEachHw(layout, [&](int64_t r, int64_t l, int64_t w) {
    EXPECT_EQ(compact.layout.apply(compact.registerMap.apply(r), l, w),
              layout.apply(r, l, w));
  });

  std::mt19937 rng(3);
  for (int iter = 0; iter < 30; ++iter) {
    LinearLayout random = randomSurjective(rng, {8, 8}, 6, 0);
    LinearLayout::CompactedLayout c = random.compactRegisters();
    EXPECT_FALSE(c.layout.hasDuplicateRegisters());
    forEachHw(random, [&](int64_t r, int64_t l, int64_t w) {
      ASSERT_EQ(c.layout.applyFlat(c.registerMap.apply(r), l, w),
                random.applyFlat(r, l, w));
    });
  }
}

TEST(LinearLayout, ProjectOutForFreeBroadcast) {
  // The result of broadcasting a [16, 1] column to [16, 64].
  ASSERT_OK_AND_ASSIGN(
      result, LinearLayout::blocked({16, 64}, {1, 4}, {2, 16}, {4, 1}, {1, 0}));
  ASSERT_OK_AND_ASSIGN(operand, result.projectOut({1}));
  EXPECT_EQ(operand.getShape(), llvm::ArrayRef<int64_t>({16, 1}));
  EXPECT_EQ(operand.getNumRegisters(), result.getNumRegisters());
  // Each thread/register holds the operand element its broadcast needs.
  forEachHw(result, [&](int64_t r, int64_t l, int64_t w) {
    Coords c = result.apply(r, l, w);
    EXPECT_EQ(operand.apply(r, l, w), coords({c[0], 0}));
  });
  ASSERT_OK_AND_ASSIGN(both, result.projectOut({0, 1}));
  EXPECT_EQ(both.getNumElements(), 1);
  EXPECT_NE(errorOf(result.projectOut({2})), "");
}

TEST(LinearLayout, JoinAlong) {
  // Two [64, 32] halves joined along rows: registers 0..n-1 hold the first
  // half's elements, n..2n-1 the same elements 64 rows down.
  ASSERT_OK_AND_ASSIGN(half, LinearLayout::defaultBlocked({64, 32}, 4, 32));
  ASSERT_OK_AND_ASSIGN(joined, half.joinAlong(0));
  EXPECT_EQ(joined.getShape(), llvm::ArrayRef<int64_t>({128, 32}));
  EXPECT_EQ(joined.getNumRegisters(), 2 * half.getNumRegisters());
  int64_t n = half.getNumRegisters();
  forEachHw(half, [&](int64_t r, int64_t l, int64_t w) {
    Coords c = half.apply(r, l, w);
    EXPECT_EQ(joined.apply(r, l, w), c);
    EXPECT_EQ(joined.apply(r + n, l, w), coords({c[0] + 64, c[1]}));
  });
  EXPECT_NE(errorOf(half.joinAlong(2)), "");
}

TEST(LinearLayout, BroadcastTo) {
  ASSERT_OK_AND_ASSIGN(column, LinearLayout::defaultBlocked({64, 1}, 2, 32));
  ASSERT_OK_AND_ASSIGN(wide, column.broadcastTo({64, 16}));
  EXPECT_EQ(wide.getNumRegisters(), column.getNumRegisters() * 16);
  EXPECT_TRUE(wide.isSurjective());
  forEachHw(wide, [&](int64_t r, int64_t l, int64_t w) {
    Coords c = wide.apply(r, l, w);
    Coords source = column.apply(r % column.getNumRegisters(), l, w);
    EXPECT_EQ(c[0], source[0]);
    EXPECT_EQ(c[1], r / column.getNumRegisters());
  });
  // Broadcast then project back out recovers the (register-extended) input.
  ASSERT_OK_AND_ASSIGN(back, wide.projectOut({1}));
  EXPECT_EQ(back.compactRegisters().layout, column);
  EXPECT_NE(errorOf(wide.broadcastTo({64, 32})), "");
  EXPECT_NE(errorOf(column.broadcastTo({64})), "");
}

TEST(LinearLayout, InsertDim) {
  ASSERT_OK_AND_ASSIGN(layout, LinearLayout::defaultBlocked({8, 32}, 2, 32));
  for (int32_t at : {0, 1, 2}) {
    ASSERT_OK_AND_ASSIGN(expanded, layout.insertDim(at));
    EXPECT_EQ(expanded.getRank(), 3u);
    EXPECT_EQ(expanded.getShape()[at], 1);
    forEachHw(layout, [&](int64_t r, int64_t l, int64_t w) {
      Coords c = layout.apply(r, l, w);
      c.insert(c.begin() + at, 0);
      EXPECT_EQ(expanded.apply(r, l, w), c);
    });
    ASSERT_OK_AND_ASSIGN(squeezed, expanded.sliceDim(at));
    EXPECT_EQ(squeezed, layout);
  }
  EXPECT_NE(errorOf(layout.insertDim(3)), "");
}

TEST(LinearLayout, ResizeDim) {
  ASSERT_OK_AND_ASSIGN(
      layout, LinearLayout::blocked({16, 64}, {1, 4}, {2, 16}, {4, 1}, {1, 0}));
  // Shrinking wraps coordinates.
  ASSERT_OK_AND_ASSIGN(narrow, layout.resizeDim(1, 16));
  forEachHw(layout, [&](int64_t r, int64_t l, int64_t w) {
    Coords c = layout.apply(r, l, w);
    EXPECT_EQ(narrow.apply(r, l, w), coords({c[0], c[1] % 16}));
  });
  EXPECT_TRUE(narrow.isSurjective());

  // Growing a replicated layout claims the zero lane bases first.
  ASSERT_OK_AND_ASSIGN(
      small, LinearLayout::blocked({4, 8}, {1, 4}, {4, 8}, {2, 1}, {1, 0}));
  ASSERT_OK_AND_ASSIGN(taller, small.resizeDim(0, 16));
  EXPECT_EQ(taller.getNumRegisters(), small.getNumRegisters());
  EXPECT_EQ(taller.getFreeMask(HwDim::Lane), 0u);
  EXPECT_EQ(taller.getFreeMask(HwDim::Warp), 0b1u);
  EXPECT_TRUE(taller.isSurjective());
  // Then the zero warp basis, then new registers.
  ASSERT_OK_AND_ASSIGN(tallest, small.resizeDim(0, 64));
  EXPECT_EQ(tallest.getFreeMask(HwDim::Warp), 0u);
  EXPECT_EQ(tallest.getNumRegisters(), 2 * small.getNumRegisters());
  EXPECT_TRUE(tallest.isBijective());
  // Threads keep their old elements where the claimed bits are zero.
  forEachHw(small, [&](int64_t r, int64_t l, int64_t w) {
    if ((l & 0b00110) == 0 && w == 0)
      EXPECT_EQ(tallest.apply(r, l, w), small.apply(r, l, w));
  });

  ASSERT_OK_AND_ASSIGN(both, small.resize({16, 4}));
  EXPECT_EQ(both.getShape(), llvm::ArrayRef<int64_t>({16, 4}));
  EXPECT_TRUE(both.isSurjective());
  EXPECT_NE(errorOf(layout.resizeDim(1, 24)), "");
  EXPECT_NE(errorOf(layout.resizeDim(2, 16)), "");
  EXPECT_NE(errorOf(layout.resize({16})), "");
}

//===----------------------------------------------------------------------===//
// Conversion planning
//===----------------------------------------------------------------------===//

int kindRank(ConversionKind kind) { return static_cast<int>(kind); }

/// Verifies every mapping a plan provides, by brute force.
void checkPlan(const LinearLayout &src, const LinearLayout &dst,
               const ConversionPlan &plan) {
  forEachHw(dst, [&](int64_t r, int64_t l, int64_t w) {
    uint64_t want = dst.applyFlat(r, l, w);
    int64_t sr, sl, sw;
    src.unpackHardwareIndex(plan.transfer.apply(dst.packHardwareIndex(r, l, w)),
                            sr, sl, sw);
    ASSERT_EQ(src.applyFlat(sr, sl, sw), want) << "transfer";
    switch (plan.kind) {
    case ConversionKind::Identity:
    case ConversionKind::RegisterPermute:
      ASSERT_EQ(plan.srcRegisterOf.size(), size_t(dst.getNumRegisters()));
      ASSERT_EQ(src.applyFlat(plan.srcRegisterOf[r], l, w), want)
          << "register permute";
      if (plan.kind == ConversionKind::Identity)
        ASSERT_EQ(plan.srcRegisterOf[r], r);
      break;
    case ConversionKind::WarpShuffle: {
      int64_t srcReg = plan.getShuffleSrcRegister(r, l, w);
      int64_t srcLane = plan.getShuffleSrcLane(r, l, w);
      ASSERT_LT(srcReg, src.getNumRegisters());
      ASSERT_EQ(src.applyFlat(srcReg, srcLane, w), want) << "shuffle";
      if (plan.hasStaticShuffleRegisters())
        ASSERT_EQ(srcReg, plan.getShuffleSrcRegister(r, 0, 0));
      if (plan.isShuffleWarpUniform())
        ASSERT_EQ(srcLane, plan.getShuffleSrcLane(r, l, 0));
      break;
    }
    case ConversionKind::SharedMemory:
      break;
    }
  });
}

ConversionPlan planOrFail(const LinearLayout &src, const LinearLayout &dst) {
  llvm::Expected<ConversionPlan> plan = planConversion(src, dst);
  EXPECT_TRUE(!!plan);
  if (!plan) {
    ADD_FAILURE() << llvm::toString(plan.takeError());
    return ConversionPlan();
  }
  return std::move(*plan);
}

TEST(Conversion, KnownPairs) {
  ASSERT_OK_AND_ASSIGN(
      base, LinearLayout::blocked({16, 64}, {1, 4}, {2, 16}, {4, 1}, {1, 0}));
  Bases regs = base.getRegisterBases(), lanes = base.getLaneBases(),
        warps = base.getWarpBases();

  ConversionPlan same = planOrFail(base, base);
  EXPECT_EQ(same.kind, ConversionKind::Identity);
  checkPlan(base, base, same);

  // Registers reordered.
  Bases swappedRegs = {regs[2], regs[0], regs[1]};
  ASSERT_OK_AND_ASSIGN(regPerm,
                       LinearLayout::get({16, 64}, swappedRegs, lanes, warps));
  ConversionPlan permute = planOrFail(base, regPerm);
  EXPECT_EQ(permute.kind, ConversionKind::RegisterPermute);
  EXPECT_EQ(permute.srcRegisterOf[1], 4); // new reg bit 0 = old reg bit 2
  checkPlan(base, regPerm, permute);

  // Fewer destination registers: drop the register wrap-around by making it
  // a duplicate of another register.
  ASSERT_OK_AND_ASSIGN(
      dupRegs, LinearLayout::get({16, 64}, {regs[0], regs[1], regs[0], regs[2]},
                                 lanes, warps));
  ConversionPlan expand = planOrFail(base, dupRegs);
  EXPECT_EQ(expand.kind, ConversionKind::RegisterPermute);
  checkPlan(base, dupRegs, expand);

  // Lanes reordered: a shuffle within each warp.
  Bases swappedLanes = {lanes[4], lanes[1], lanes[2], lanes[3], lanes[0]};
  ASSERT_OK_AND_ASSIGN(lanePerm,
                       LinearLayout::get({16, 64}, regs, swappedLanes, warps));
  ConversionPlan shuffle = planOrFail(base, lanePerm);
  EXPECT_EQ(shuffle.kind, ConversionKind::WarpShuffle);
  EXPECT_TRUE(shuffle.hasStaticShuffleRegisters());
  EXPECT_TRUE(shuffle.isShuffleWarpUniform());
  checkPlan(base, lanePerm, shuffle);

  // A register bit exchanged with a lane bit (a small transpose).
  Bases regLaneRegs = {lanes[0], regs[1], regs[2]};
  Bases regLaneLanes = {regs[0], lanes[1], lanes[2], lanes[3], lanes[4]};
  ASSERT_OK_AND_ASSIGN(
      exchanged, LinearLayout::get({16, 64}, regLaneRegs, regLaneLanes, warps));
  ConversionPlan exchange = planOrFail(base, exchanged);
  EXPECT_EQ(exchange.kind, ConversionKind::WarpShuffle);
  checkPlan(base, exchanged, exchange);

  // Warps on the other dim: data crosses warps.
  ASSERT_OK_AND_ASSIGN(
      otherWarps,
      LinearLayout::blocked({16, 64}, {1, 4}, {2, 16}, {1, 4}, {1, 0}));
  ConversionPlan viaShared = planOrFail(base, otherWarps);
  EXPECT_EQ(viaShared.kind, ConversionKind::SharedMemory);
  checkPlan(base, otherWarps, viaShared);

  // mma accumulator to a blocked layout of one warp: a shuffle.
  ASSERT_OK_AND_ASSIGN(acc, LinearLayout::mmaAccumulator(
                                {16, 8}, {1, 1}, MmaInstr::M16N8K16_F16));
  ASSERT_OK_AND_ASSIGN(rowMajorBlocked,
                       LinearLayout::defaultBlocked({16, 8}, 1, 32));
  ConversionPlan accPlan = planOrFail(acc, rowMajorBlocked);
  EXPECT_EQ(accPlan.kind, ConversionKind::WarpShuffle);
  checkPlan(acc, rowMajorBlocked, accPlan);

  // Replicated across warps -> distributed across warps: every warp already
  // holds what it needs, but where depends on the warp.
  ASSERT_OK_AND_ASSIGN(
      perWarp, LinearLayout::blocked({32, 32}, {1, 4}, {4, 8}, {1, 1}, {1, 0}));
  ASSERT_OK_AND_ASSIGN(
      src4, LinearLayout::get({32, 32}, perWarp.getRegisterBases(),
                              perWarp.getLaneBases(), {{0, 0}, {0, 0}}));
  ASSERT_OK_AND_ASSIGN(
      dst4, LinearLayout::blocked({32, 32}, {1, 4}, {4, 8}, {4, 1}, {1, 0}));
  ConversionPlan local = planOrFail(src4, dst4);
  EXPECT_EQ(local.kind, ConversionKind::WarpShuffle);
  EXPECT_FALSE(local.isShuffleWarpUniform());
  checkPlan(src4, dst4, local);
  // The other way needs other warps' data.
  ConversionPlan gather = planOrFail(dst4, src4);
  EXPECT_EQ(gather.kind, ConversionKind::SharedMemory);
  checkPlan(dst4, src4, gather);
}

TEST(Conversion, RejectsImpossible) {
  ASSERT_OK_AND_ASSIGN(a, LinearLayout::defaultBlocked({16, 64}, 4, 16));
  ASSERT_OK_AND_ASSIGN(b, LinearLayout::defaultBlocked({64, 16}, 4, 16));
  ASSERT_OK_AND_ASSIGN(c, LinearLayout::defaultBlocked({16, 64}, 2, 16));
  EXPECT_NE(errorOf(planConversion(a, b)), "");
  EXPECT_NE(errorOf(planConversion(a, c)), "");
  // A source that never holds some elements.
  ASSERT_OK_AND_ASSIGN(
      partial, LinearLayout::get({4, 8}, {{0, 1}, {0, 1}},
                                 {{0, 2}, {0, 4}, {1, 0}, {0, 0}, {0, 0}}, {}));
  ASSERT_OK_AND_ASSIGN(full, LinearLayout::defaultBlocked({4, 8}, 1, 32));
  EXPECT_FALSE(partial.isSurjective());
  EXPECT_NE(errorOf(planConversion(partial, full)), "");
  // ... but the reverse direction is fine.
  ConversionPlan plan = planOrFail(full, partial);
  checkPlan(full, partial, plan);
}

TEST(Conversion, RandomPairs) {
  std::mt19937 rng(1234);
  int counts[4] = {0, 0, 0, 0};
  for (int iter = 0; iter < 300; ++iter) {
    const auto &shape = kRandomShapes[iter % std::size(kRandomShapes)];
    unsigned regBits = 3 + rng() % 3, warpBits = rng() % 3;
    LinearLayout src = randomSurjective(rng, shape, regBits, warpBits);
    SmallVector<uint64_t> regs(src.getFlatBases(HwDim::Register));
    SmallVector<uint64_t> lanes(src.getFlatBases(HwDim::Lane));
    SmallVector<uint64_t> warps(src.getFlatBases(HwDim::Warp));
    uint64_t all = src.getNumElements() - 1;
    int variant = iter % 4;
    ConversionKind bound = ConversionKind::SharedMemory;
    if (variant == 0) {
      bound = ConversionKind::Identity;
    } else if (variant == 1) {
      // Destination registers are combinations of source registers.
      SmallVector<uint64_t> newRegs;
      for (unsigned i = 0, e = 2 + rng() % 5; i < e; ++i) {
        uint64_t v = 0;
        for (uint64_t reg : regs)
          if (rng() % 2)
            v ^= reg;
        newRegs.push_back(v);
      }
      regs = newRegs;
      bound = ConversionKind::RegisterPermute;
    } else if (variant == 2) {
      // Registers and lanes mixed within the warp.
      SmallVector<uint64_t> pool(regs);
      pool.append(lanes);
      auto mixed = [&] {
        uint64_t v = 0;
        for (uint64_t x : pool)
          if (rng() % 3 == 0)
            v ^= x;
        return v;
      };
      for (uint64_t &x : regs)
        x = mixed();
      for (uint64_t &x : lanes)
        x = mixed();
      bound = ConversionKind::WarpShuffle;
    } else {
      for (uint64_t &x : lanes)
        x = rng() & all;
      for (uint64_t &x : warps)
        x = rng() & all;
    }
    ASSERT_OK_AND_ASSIGN(dst, LinearLayout::getFlat(shape, regs, lanes, warps));
    ConversionPlan plan = planOrFail(src, dst);
    EXPECT_LE(kindRank(plan.kind), kindRank(bound)) << src << " -> " << dst;
    ++counts[kindRank(plan.kind)];
    checkPlan(src, dst, plan);
    if (HasFatalFailure() || HasFailure())
      return;
  }
  // Every class was exercised.
  for (int count : counts)
    EXPECT_GT(count, 0);
}

//===----------------------------------------------------------------------===//
// MMA layouts
//===----------------------------------------------------------------------===//

struct RowCol {
  int64_t row, col;
  bool operator==(const RowCol &o) const {
    return row == o.row && col == o.col;
  }
};

/// Per-lane fragment positions, transcribed from the PTX ISA tables
/// ("Matrix Fragments for mma.m16n8k16 / m16n8k8 / m16n8k32 / m8n8k4").
RowCol ptxFragment(MmaInstr instr, MmaOperand operand, int64_t i,
                   int64_t lane) {
  int64_t groupID = lane >> 2, tig = lane % 4;
  switch (operand) {
  case MmaOperand::C:
    if (instr == MmaInstr::M8N8K4_F64)
      return {groupID, tig * 2 + i};
    return {i < 2 ? groupID : groupID + 8, tig * 2 + (i & 1)};
  case MmaOperand::A:
    switch (instr) {
    case MmaInstr::M16N8K16_F16:
      return {(i < 2 || (i >= 4 && i < 6)) ? groupID : groupID + 8,
              i < 4 ? tig * 2 + (i & 1) : tig * 2 + (i & 1) + 8};
    case MmaInstr::M16N8K8_F16:
      return {i < 2 ? groupID : groupID + 8, tig * 2 + (i & 1)};
    case MmaInstr::M16N8K8_TF32:
      return {(i == 0 || i == 2) ? groupID : groupID + 8,
              (i == 0 || i == 1) ? tig : tig + 4};
    case MmaInstr::M16N8K32_I8:
      return {(i < 4 || (i >= 8 && i < 12)) ? groupID : groupID + 8,
              i < 8 ? tig * 4 + (i & 3) : tig * 4 + (i & 3) + 16};
    case MmaInstr::M8N8K4_F64:
      return {groupID, tig};
    }
    break;
  case MmaOperand::B:
    switch (instr) {
    case MmaInstr::M16N8K16_F16:
      return {i < 2 ? tig * 2 + (i & 1) : tig * 2 + (i & 1) + 8, groupID};
    case MmaInstr::M16N8K8_F16:
      return {tig * 2 + i, groupID};
    case MmaInstr::M16N8K8_TF32:
      return {i == 0 ? tig : tig + 4, groupID};
    case MmaInstr::M16N8K32_I8:
      return {i < 4 ? tig * 4 + (i & 3) : tig * 4 + (i & 3) + 16, groupID};
    case MmaInstr::M8N8K4_F64:
      return {tig, groupID};
    }
    break;
  }
  return {-1, -1};
}

const MmaInstr kAllInstrs[] = {MmaInstr::M16N8K16_F16, MmaInstr::M16N8K8_F16,
                               MmaInstr::M16N8K8_TF32, MmaInstr::M16N8K32_I8,
                               MmaInstr::M8N8K4_F64};
const MmaOperand kAllOperands[] = {MmaOperand::A, MmaOperand::B, MmaOperand::C};

RowCol operandTile(MmaInstr instr, MmaOperand operand) {
  MmaInstrShape s = getMmaInstrShape(instr);
  switch (operand) {
  case MmaOperand::A:
    return {s.m, s.k};
  case MmaOperand::B:
    return {s.k, s.n};
  case MmaOperand::C:
    return {s.m, s.n};
  }
  return {0, 0};
}

TEST(Mma, SingleInstructionMatchesPtxTables) {
  for (MmaInstr instr : kAllInstrs)
    for (MmaOperand operand : kAllOperands) {
      RowCol tile = operandTile(instr, operand);
      ASSERT_OK_AND_ASSIGN(
          mma, MmaLayout::get(instr, operand, {tile.row, tile.col}, {1, 1}));
      const LinearLayout &layout = mma.getLayout();
      EXPECT_EQ(mma.getFragmentSize() * 32, tile.row * tile.col);
      EXPECT_EQ(layout.getNumRegisters(), mma.getFragmentSize());
      EXPECT_TRUE(layout.isBijective());
      SmallVector<int64_t, 16> regs = mma.getFragmentRegisters(0, 0);
      ASSERT_EQ(int64_t(regs.size()), mma.getFragmentSize());
      for (int64_t lane = 0; lane < 32; ++lane)
        for (int64_t i = 0; i < mma.getFragmentSize(); ++i) {
          RowCol want = ptxFragment(instr, operand, i, lane);
          Coords got = layout.apply(regs[i], lane, 0);
          ASSERT_EQ(got, coords({want.row, want.col}))
              << stringifyMmaInstr(instr).str() << " operand " << int(operand)
              << " element " << i << " lane " << lane;
        }
    }
}

struct MatmulCase {
  MmaInstr instr;
  int64_t m, n, k, warpsM, warpsN;
};

const MatmulCase kMatmulCases[] = {
    {MmaInstr::M16N8K16_F16, 16, 8, 16, 1, 1},
    {MmaInstr::M16N8K16_F16, 64, 64, 32, 2, 2},
    {MmaInstr::M16N8K16_F16, 128, 128, 32, 4, 2},
    {MmaInstr::M16N8K16_F16, 32, 32, 16, 4, 1}, // warps exceed M: replicas
    {MmaInstr::M16N8K16_F16, 16, 16, 16, 1, 4}, // warps exceed N: replicas
    {MmaInstr::M16N8K16_F16, 32, 32, 16, 2, 2},
    {MmaInstr::M16N8K8_F16, 32, 16, 16, 2, 1},
    {MmaInstr::M16N8K8_TF32, 16, 8, 8, 1, 1},
    {MmaInstr::M16N8K8_TF32, 64, 64, 32, 2, 2},
    {MmaInstr::M16N8K8_TF32, 32, 32, 16, 4, 1},
    {MmaInstr::M16N8K32_I8, 16, 8, 32, 1, 1},
    {MmaInstr::M16N8K32_I8, 64, 64, 64, 2, 2},
    {MmaInstr::M16N8K32_I8, 128, 128, 32, 4, 2},
    {MmaInstr::M8N8K4_F64, 8, 8, 4, 1, 1},
    {MmaInstr::M8N8K4_F64, 64, 64, 32, 2, 2},
    {MmaInstr::M8N8K4_F64, 16, 16, 8, 4, 4}, // replicas on both dims
};

std::string describe(const MatmulCase &c) {
  return (stringifyMmaInstr(c.instr) + " " + llvm::Twine(c.m) + "x" +
          llvm::Twine(c.n) + "x" + llvm::Twine(c.k) + " warps " +
          llvm::Twine(c.warpsM) + "x" + llvm::Twine(c.warpsN))
      .str();
}

TEST(Mma, FragmentsAreTranslatedPtxTiles) {
  for (const MatmulCase &c : kMatmulCases) {
    SCOPED_TRACE(describe(c));
    for (MmaOperand operand : kAllOperands) {
      RowCol tile = operandTile(c.instr, operand);
      SmallVector<int64_t> shape =
          operand == MmaOperand::A   ? SmallVector<int64_t>{c.m, c.k}
          : operand == MmaOperand::B ? SmallVector<int64_t>{c.k, c.n}
                                     : SmallVector<int64_t>{c.m, c.n};
      ASSERT_OK_AND_ASSIGN(
          mma, MmaLayout::get(c.instr, operand, shape, {c.warpsM, c.warpsN}));
      const LinearLayout &layout = mma.getLayout();
      EXPECT_EQ(layout.getNumWarps(), c.warpsM * c.warpsN);
      EXPECT_TRUE(layout.isSurjective());
      EXPECT_FALSE(layout.hasDuplicateRegisters());
      // Warps beyond the tile are the only source of replication.
      bool exceeds = c.warpsM * getMmaInstrShape(c.instr).m > c.m ||
                     c.warpsN * getMmaInstrShape(c.instr).n > c.n;
      if (operand == MmaOperand::C)
        EXPECT_EQ(layout.isInjective(), !exceeds);
      int64_t reps0 = mma.getNumRepetitions(0),
              reps1 = mma.getNumRepetitions(1);
      EXPECT_EQ(reps0 * reps1 * mma.getFragmentSize(),
                layout.getNumRegisters());
      for (int64_t w = 0; w < layout.getNumWarps(); ++w)
        for (int64_t r0 = 0; r0 < reps0; ++r0)
          for (int64_t r1 = 0; r1 < reps1; ++r1) {
            SmallVector<int64_t, 16> regs = mma.getFragmentRegisters(r0, r1);
            RowCol first = ptxFragment(c.instr, operand, 0, 0);
            Coords at = layout.apply(regs[0], 0, w);
            int64_t originRow = at[0] - first.row,
                    originCol = at[1] - first.col;
            ASSERT_EQ(originRow % tile.row, 0);
            ASSERT_EQ(originCol % tile.col, 0);
            for (int64_t lane = 0; lane < 32; ++lane)
              for (int64_t i = 0; i < mma.getFragmentSize(); ++i) {
                RowCol want = ptxFragment(c.instr, operand, i, lane);
                ASSERT_EQ(layout.apply(regs[i], lane, w),
                          coords({originRow + want.row, originCol + want.col}));
              }
          }
    }
  }
}

/// Runs D = A * B + C over the CTA tile the way the lowering would: every
/// warp, for every (m, n, k) repetition, gathers the A/B/C fragment registers
/// the layouts name, rebuilds the instruction's tiles using only the PTX
/// per-lane tables, multiplies, and scatters D back. Exact on integers.
void simulateMatmul(const MatmulCase &c) {
  SCOPED_TRACE(describe(c));
  MmaInstrShape instr = getMmaInstrShape(c.instr);
  ASSERT_OK_AND_ASSIGN(la, MmaLayout::get(c.instr, MmaOperand::A, {c.m, c.k},
                                          {c.warpsM, c.warpsN}));
  ASSERT_OK_AND_ASSIGN(lb, MmaLayout::get(c.instr, MmaOperand::B, {c.k, c.n},
                                          {c.warpsM, c.warpsN}));
  ASSERT_OK_AND_ASSIGN(lc, MmaLayout::get(c.instr, MmaOperand::C, {c.m, c.n},
                                          {c.warpsM, c.warpsN}));
  int64_t repM = la.getNumRepetitions(0), repK = la.getNumRepetitions(1);
  int64_t repN = lb.getNumRepetitions(1);
  ASSERT_EQ(lb.getNumRepetitions(0), repK);
  ASSERT_EQ(lc.getNumRepetitions(0), repM);
  ASSERT_EQ(lc.getNumRepetitions(1), repN);

  // Hashed small integers: structured data (affine in the indices, say) can
  // make a wrong fragment permutation produce the right product.
  auto hashValue = [](int64_t row, int64_t col, uint64_t seed) {
    uint64_t h = uint64_t(row) * 0x9E3779B97F4A7C15ull ^
                 (uint64_t(col) + seed) * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 32;
    return int64_t(h % 15) - 7;
  };
  auto aValue = [&](int64_t m, int64_t k) { return hashValue(m, k, 1); };
  auto bValue = [&](int64_t k, int64_t n) { return hashValue(k, n, 2); };

  int64_t numWarps = c.warpsM * c.warpsN;
  using RegFile = std::vector<std::vector<std::vector<int64_t>>>;
  auto load = [&](const LinearLayout &layout, auto value) {
    RegFile file(numWarps,
                 std::vector<std::vector<int64_t>>(
                     32, std::vector<int64_t>(layout.getNumRegisters(), 0)));
    forEachHw(layout, [&](int64_t r, int64_t l, int64_t w) {
      Coords at = layout.apply(r, l, w);
      file[w][l][r] = value(at[0], at[1]);
    });
    return file;
  };
  RegFile ra = load(la.getLayout(), aValue);
  RegFile rb = load(lb.getLayout(), bValue);
  RegFile rc = load(lc.getLayout(), [](int64_t, int64_t) { return 0; });

  for (int64_t w = 0; w < numWarps; ++w)
    for (int64_t k = 0; k < repK; ++k)
      for (int64_t m = 0; m < repM; ++m)
        for (int64_t n = 0; n < repN; ++n) {
          SmallVector<int64_t, 16> aRegs = la.getFragmentRegisters(m, k);
          SmallVector<int64_t, 16> bRegs = lb.getFragmentRegisters(k, n);
          SmallVector<int64_t, 16> cRegs = lc.getFragmentRegisters(m, n);
          // Rebuild the instruction tiles from the 32 lanes' fragments.
          auto gather = [&](const RegFile &file, MmaOperand operand,
                            const SmallVector<int64_t, 16> &regs, int64_t rows,
                            int64_t cols) {
            std::vector<std::vector<int64_t>> tile(
                rows, std::vector<int64_t>(cols, 0));
            std::vector<std::vector<int>> seen(rows, std::vector<int>(cols, 0));
            for (int64_t lane = 0; lane < 32; ++lane)
              for (size_t i = 0; i < regs.size(); ++i) {
                RowCol at = ptxFragment(c.instr, operand, i, lane);
                tile[at.row][at.col] = file[w][lane][regs[i]];
                ++seen[at.row][at.col];
              }
            for (auto &row : seen)
              for (int count : row)
                EXPECT_EQ(count, 1);
            return tile;
          };
          auto tileA = gather(ra, MmaOperand::A, aRegs, instr.m, instr.k);
          auto tileB = gather(rb, MmaOperand::B, bRegs, instr.k, instr.n);
          auto tileC = gather(rc, MmaOperand::C, cRegs, instr.m, instr.n);
          for (int64_t lane = 0; lane < 32; ++lane)
            for (size_t i = 0; i < cRegs.size(); ++i) {
              RowCol at = ptxFragment(c.instr, MmaOperand::C, i, lane);
              int64_t sum = tileC[at.row][at.col];
              for (int64_t kk = 0; kk < instr.k; ++kk)
                sum += tileA[at.row][kk] * tileB[kk][at.col];
              rc[w][lane][cRegs[i]] = sum;
            }
        }

  // Every register of every thread holds the exact product.
  const LinearLayout &cLayout = lc.getLayout();
  int64_t checked = 0;
  forEachHw(cLayout, [&](int64_t r, int64_t l, int64_t w) {
    Coords at = cLayout.apply(r, l, w);
    int64_t want = 0;
    for (int64_t kk = 0; kk < c.k; ++kk)
      want += aValue(at[0], kk) * bValue(kk, at[1]);
    ASSERT_EQ(rc[w][l][r], want) << "C[" << at[0] << "][" << at[1] << "]";
    ++checked;
  });
  EXPECT_EQ(checked, cLayout.getNumRegisters() * 32 * numWarps);
}

TEST(Mma, SimulatedMatmul) {
  for (const MatmulCase &c : kMatmulCases) {
    simulateMatmul(c);
    if (HasFatalFailure())
      return;
  }
}

TEST(Mma, OperandReplicationAcrossWarps) {
  // A is shared by the warps of a row, B by the warps of a column.
  ASSERT_OK_AND_ASSIGN(
      a, LinearLayout::mmaOperandA({64, 32}, {2, 4}, MmaInstr::M16N8K16_F16));
  ASSERT_OK_AND_ASSIGN(
      b, LinearLayout::mmaOperandB({32, 64}, {2, 4}, MmaInstr::M16N8K16_F16));
  ASSERT_OK_AND_ASSIGN(acc, LinearLayout::mmaAccumulator(
                                {64, 64}, {2, 4}, MmaInstr::M16N8K16_F16));
  // Warp id = mIdx * 4 + nIdx: low two warp bits walk N.
  EXPECT_EQ(a.getFreeMask(HwDim::Warp), 0b011u);
  EXPECT_EQ(b.getFreeMask(HwDim::Warp), 0b100u);
  EXPECT_EQ(acc.getFreeMask(HwDim::Warp), 0u);
  EXPECT_TRUE(acc.isBijective());
  for (int64_t w = 0; w < 8; ++w) {
    EXPECT_EQ(a.apply(0, 0, w), a.apply(0, 0, w & ~3));
    EXPECT_EQ(b.apply(0, 0, w), b.apply(0, 0, w & 3));
  }
}

TEST(Mma, RejectsBadShapes) {
  EXPECT_NE(errorOf(LinearLayout::mmaAccumulator({8, 8}, {1, 1},
                                                 MmaInstr::M16N8K16_F16)),
            "");
  EXPECT_NE(errorOf(LinearLayout::mmaOperandA({16, 8}, {1, 1},
                                              MmaInstr::M16N8K16_F16)),
            "");
  EXPECT_NE(errorOf(LinearLayout::mmaOperandB({16, 8, 1}, {1, 1},
                                              MmaInstr::M16N8K16_F16)),
            "");
  EXPECT_NE(errorOf(LinearLayout::mmaAccumulator({48, 8}, {1, 1},
                                                 MmaInstr::M16N8K16_F16)),
            "");
  EXPECT_NE(errorOf(LinearLayout::mmaAccumulator({16, 8}, {3, 1},
                                                 MmaInstr::M16N8K16_F16)),
            "");
  EXPECT_NE(errorOf(LinearLayout::mmaAccumulator({16, 8}, {1},
                                                 MmaInstr::M16N8K16_F16)),
            "");
}

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

TEST(SharedMemory, RowMajorWithoutSwizzle) {
  ASSERT_OK_AND_ASSIGN(smem, SharedMemoryLayout::get({8, 32}, SwizzleSpec()));
  EXPECT_EQ(smem.getLayout().getNumRegisters(), 256);
  EXPECT_EQ(smem.getLayout().getFreeMask(HwDim::Lane), 0x1fu);
  for (int64_t r = 0; r < 8; ++r)
    for (int64_t c = 0; c < 32; ++c) {
      EXPECT_EQ(smem.getOffset({r, c}), r * 32 + c);
      EXPECT_EQ(smem.getCoords(r * 32 + c), coords({r, c}));
    }
}

TEST(SharedMemory, SwizzleMatchesClosedForm) {
  const SwizzleSpec specs[] = {{8, 1, 8}, {4, 2, 4}, {2, 1, 4}, {1, 4, 2}};
  for (const SwizzleSpec &spec : specs) {
    for (SmallVector<int64_t> shape :
         {SmallVector<int64_t>{64, 64}, {2, 16, 32}}) {
      int64_t rows = shape[shape.size() - 2], cols = shape.back();
      if (spec.vec * spec.maxPhase > cols) {
        EXPECT_NE(errorOf(SharedMemoryLayout::get(shape, spec)), "");
        continue;
      }
      ASSERT_OK_AND_ASSIGN(smem, SharedMemoryLayout::get(shape, spec));
      std::set<int64_t> offsets;
      int64_t outer = shape.size() == 3 ? shape[0] : 1;
      for (int64_t o = 0; o < outer; ++o)
        for (int64_t r = 0; r < rows; ++r)
          for (int64_t c = 0; c < cols; ++c) {
            int64_t phase = (r / spec.perPhase) % spec.maxPhase;
            int64_t col = ((c / spec.vec) ^ phase) * spec.vec + c % spec.vec;
            int64_t want = (o * rows + r) * cols + col;
            Coords at = shape.size() == 3 ? coords({o, r, c}) : coords({r, c});
            ASSERT_EQ(smem.getOffset(at), want);
            ASSERT_EQ(smem.getCoords(want), at);
            offsets.insert(want);
          }
      EXPECT_EQ(int64_t(offsets.size()), outer * rows * cols);
      EXPECT_TRUE(smem.getLayout().isSurjective());
    }
  }
}

TEST(SharedMemory, BankConflictFreeSwizzle) {
  EXPECT_EQ(SwizzleSpec::getBankConflictFree({64, 64}, 16),
            (SwizzleSpec{8, 1, 8}));
  EXPECT_EQ(SwizzleSpec::getBankConflictFree({32, 16}, 32),
            (SwizzleSpec{4, 2, 4}));
  EXPECT_EQ(SwizzleSpec::getBankConflictFree({64, 128}, 8),
            (SwizzleSpec{16, 1, 8}));
  EXPECT_EQ(SwizzleSpec::getBankConflictFree({16, 2}, 32).maxPhase, 1);
  EXPECT_EQ(SwizzleSpec::getBankConflictFree({64}, 16).maxPhase, 1);

  // Eight threads reading one 16-byte chunk each from eight consecutive rows
  // of the same column chunk (an ldmatrix pattern) must hit eight different
  // 16-byte bank groups; without the swizzle they all collide.
  const SmallVector<int64_t> shapes[] = {{64, 64}, {64, 32}, {32, 128}};
  const unsigned widths[] = {16, 32, 8};
  for (auto [shape, width] : llvm::zip_equal(shapes, widths)) {
    SwizzleSpec spec = SwizzleSpec::getBankConflictFree(shape, width);
    ASSERT_OK_AND_ASSIGN(swizzled, SharedMemoryLayout::get(shape, spec));
    ASSERT_OK_AND_ASSIGN(plain, SharedMemoryLayout::get(shape, SwizzleSpec()));
    int64_t bytes = width / 8, vec = 16 / bytes;
    int64_t rowsPerPhase = spec.perPhase;
    for (int64_t chunk = 0; chunk < shape[1] / vec; ++chunk) {
      std::set<int64_t> groups, plainGroups;
      for (int64_t i = 0; i < 8; ++i) {
        // Rows far enough apart that each lands in its own 128-byte line.
        int64_t row = i * rowsPerPhase;
        groups.insert((swizzled.getOffset({row, chunk * vec}) * bytes / 16) %
                      8);
        plainGroups.insert((plain.getOffset({row, chunk * vec}) * bytes / 16) %
                           8);
      }
      EXPECT_EQ(groups.size(), 8u);
      EXPECT_LT(plainGroups.size(), 8u);
    }
  }
}

TEST(SharedMemory, RowSwizzledMatchesByteFormula) {
  // Masks {1, 2, 4} are the 128-byte MMA swizzle.
  for (unsigned elementBytes : {1u, 2u, 4u})
    for (unsigned contiguousDim : {0u, 1u}) {
      SmallVector<int64_t> shape = {128, 128};
      ASSERT_OK_AND_ASSIGN(mma, SharedMemoryLayout::getMmaSwizzled(
                                    shape, contiguousDim, elementBytes, 128));
      ASSERT_OK_AND_ASSIGN(rows, SharedMemoryLayout::getRowSwizzled(
                                     shape, contiguousDim, elementBytes,
                                     {1, 2, 4}));
      EXPECT_EQ(rows.getLayout(), mma.getLayout());
    }
  // Other masks: the chunk of row r is XORed with the masks of r's bits;
  // 128-byte column blocks follow one another as in the MMA layouts.
  SmallVector<uint64_t> masks = {0, 0, 1, 2, 4, 3};
  for (unsigned elementBytes : {1u, 4u}) {
    SmallVector<int64_t> shape = {64, 256};
    ASSERT_OK_AND_ASSIGN(smem, SharedMemoryLayout::getRowSwizzled(
                                   shape, 1, elementBytes, masks));
    int64_t blockElems = 128 / elementBytes;
    std::set<int64_t> offsets;
    for (int64_t r = 0; r < 64; ++r)
      for (int64_t c = 0; c < 256; ++c) {
        int64_t mask = 0;
        for (unsigned bit = 0; bit < masks.size(); ++bit)
          if (r & (int64_t(1) << bit))
            mask ^= masks[bit];
        int64_t byte = ((c / blockElems) * 64 * blockElems + r * blockElems +
                        c % blockElems) *
                       elementBytes;
        byte ^= mask << 4;
        ASSERT_EQ(smem.getOffset(coords({r, c})) * elementBytes, byte);
        offsets.insert(byte);
      }
    EXPECT_EQ(offsets.size(), size_t(64 * 256));
  }
  EXPECT_NE(errorOf(SharedMemoryLayout::getRowSwizzled({64, 16}, 1, 1, {1})),
            "");
  EXPECT_NE(errorOf(SharedMemoryLayout::getRowSwizzled({64, 128}, 1, 1, {8})),
            "");
}

TEST(SharedMemory, MmaSwizzledMatchesByteFormula) {
  // Byte address of (row, col) in the stored orientation (rows x contiguous
  // columns), then CUTLASS's Swizzle<B, 4, 3>: bits 4..4+B ^= bits 7..7+B.
  for (unsigned elementBytes : {1u, 2u, 4u})
    for (unsigned swizzleBytes : {32u, 64u, 128u})
      for (unsigned contiguousDim : {0u, 1u})
        for (SmallVector<int64_t> shape :
             {SmallVector<int64_t>{64, 64}, {128, 32}, {16, 256}}) {
          int64_t blockElems = swizzleBytes / elementBytes;
          int64_t rows = shape[1 - contiguousDim], cols = shape[contiguousDim];
          if (cols % blockElems != 0) {
            EXPECT_NE(errorOf(SharedMemoryLayout::getMmaSwizzled(
                          shape, contiguousDim, elementBytes, swizzleBytes)),
                      "");
            continue;
          }
          ASSERT_OK_AND_ASSIGN(smem, SharedMemoryLayout::getMmaSwizzled(
                                         shape, contiguousDim, elementBytes,
                                         swizzleBytes));
          int64_t chunkBits = llvm::Log2_64(swizzleBytes / 16);
          std::set<int64_t> offsets;
          for (int64_t r = 0; r < rows; ++r)
            for (int64_t c = 0; c < cols; ++c) {
              int64_t byte = ((c / blockElems) * rows * blockElems + r * blockElems +
                              c % blockElems) *
                             elementBytes;
              int64_t line = (byte >> 7) & ((int64_t(1) << chunkBits) - 1);
              byte ^= line << 4;
              Coords at = contiguousDim == 1 ? coords({r, c}) : coords({c, r});
              ASSERT_EQ(smem.getOffset(at) * elementBytes, byte);
              offsets.insert(byte);
            }
          EXPECT_EQ(int64_t(offsets.size()), rows * cols);
          std::optional<SharedMemoryLayout::MmaSwizzle> match =
              smem.matchMmaSwizzled(elementBytes);
          ASSERT_TRUE(match.has_value());
          // A 2-D tile's layout can coincide with another parameter choice
          // only if it is the same map; rebuilding from the match agrees.
          ASSERT_OK_AND_ASSIGN(again, SharedMemoryLayout::getMmaSwizzled(
                                          shape, match->contiguousDim,
                                          elementBytes, match->swizzleBytes));
          EXPECT_EQ(again.getLayout(), smem.getLayout());
          ASSERT_OK_AND_ASSIGN(wrapped,
                               SharedMemoryLayout::fromLayout(smem.getLayout()));
          EXPECT_EQ(wrapped.getOffset(coords({1, 3})),
                    smem.getOffset(coords({1, 3})));
        }
  EXPECT_NE(errorOf(SharedMemoryLayout::getMmaSwizzled({8, 8, 8}, 1, 2, 128)),
            "");
  EXPECT_NE(errorOf(SharedMemoryLayout::getMmaSwizzled({64, 64}, 1, 2, 16)),
            "");
}

TEST(SharedMemory, ComposesWithRegisterLayouts) {
  // The offset each thread stores to is offsetMap o layout: one linear map.
  ASSERT_OK_AND_ASSIGN(layout, LinearLayout::defaultBlocked({32, 64}, 4, 16));
  ASSERT_OK_AND_ASSIGN(
      smem, SharedMemoryLayout::get(
                {32, 64}, SwizzleSpec::getBankConflictFree({32, 64}, 16)));
  F2Map store = smem.getOffsetMap().compose(layout.getMap());
  forEachHw(layout, [&](int64_t r, int64_t l, int64_t w) {
    EXPECT_EQ(int64_t(store.apply(layout.packHardwareIndex(r, l, w))),
              smem.getOffset(layout.apply(r, l, w)));
  });
  // Loading back through the buffer is a shared-memory conversion whose
  // transfer map composes the same way.
  ASSERT_OK_AND_ASSIGN(transfer,
                       LinearLayout::getTransferMap(smem.getLayout(), layout));
  forEachHw(layout, [&](int64_t r, int64_t l, int64_t w) {
    int64_t offset = int64_t(transfer.apply(layout.packHardwareIndex(r, l, w)));
    EXPECT_EQ(offset, smem.getOffset(layout.apply(r, l, w)));
  });
}

TEST(SharedMemory, RejectsBadSwizzles) {
  EXPECT_NE(errorOf(SharedMemoryLayout::get({64, 64}, {3, 1, 8})), "");
  EXPECT_NE(errorOf(SharedMemoryLayout::get({64, 64}, {16, 1, 8})), "");
  EXPECT_NE(errorOf(SharedMemoryLayout::get({64}, {8, 1, 8})), "");
  EXPECT_NE(errorOf(SharedMemoryLayout::get({64, 64}, {8, 0, 8})), "");
  EXPECT_NE(errorOf(SharedMemoryLayout::get({48, 64}, {})), "");
}

//===----------------------------------------------------------------------===//
// Printing, parsing, equality
//===----------------------------------------------------------------------===//

TEST(LinearLayout, PrintFormat) {
  ASSERT_OK_AND_ASSIGN(
      layout,
      LinearLayout::get({4, 8}, {{0, 1}},
                        {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {0, 0}}, {{0, 0}}));
  EXPECT_EQ(layout.toString(), "shape=[4,8], reg=[[0,1]], "
                               "lane=[[0,2],[0,4],[1,0],[2,0],[0,0]], "
                               "warp=[[0,0]]");
  EXPECT_EQ(LinearLayout().toString(),
            "shape=[], reg=[], lane=[[],[],[],[],[]], warp=[]");
}

TEST(LinearLayout, ParseRoundTripAndHash) {
  std::vector<LinearLayout> layouts;
  layouts.push_back(LinearLayout());
  auto add = [&](llvm::Expected<LinearLayout> layout) {
    ASSERT_TRUE(!!layout) << llvm::toString(layout.takeError());
    layouts.push_back(*layout);
  };
  add(LinearLayout::defaultBlocked({64, 64}, 4, 16));
  add(LinearLayout::defaultBlocked({2, 8, 16}, 8, 8));
  add(LinearLayout::mmaAccumulator({128, 128}, {4, 2}, MmaInstr::M16N8K16_F16));
  add(LinearLayout::mmaOperandA({64, 64}, {2, 2}, MmaInstr::M16N8K32_I8));
  add(LinearLayout::replicated({4}, 2));
  std::mt19937 rng(5);
  for (int i = 0; i < 10; ++i)
    layouts.push_back(randomSurjective(rng, {8, 4, 8}, 4, 2));

  for (const LinearLayout &layout : layouts) {
    ASSERT_OK_AND_ASSIGN(parsed, LinearLayout::parse(layout.toString()));
    EXPECT_EQ(parsed, layout);
    EXPECT_EQ(hash_value(parsed), hash_value(layout));
  }
  for (size_t i = 0; i < layouts.size(); ++i)
    for (size_t j = i + 1; j < layouts.size(); ++j)
      EXPECT_NE(layouts[i], layouts[j]);

  // Whitespace does not matter.
  ASSERT_OK_AND_ASSIGN(
      spaced, LinearLayout::parse(" shape = [ 4 , 8 ] ,\n reg = [ [0, 1] ] ,"
                                  " lane=[[0,2], [0,4],[1,0],[2,0],[0,0]],"
                                  "\twarp = [ ] "));
  EXPECT_EQ(spaced.getNumWarps(), 1);
  EXPECT_EQ(spaced.apply(1, 31, 0), coords({3, 7}));

  // Usable as a hash-map key.
  llvm::DenseMap<llvm::hash_code, int> seen;
  for (const LinearLayout &layout : layouts)
    ++seen[hash_value(layout)];
  EXPECT_EQ(seen.size(), layouts.size());
}

TEST(LinearLayout, ParseErrors) {
  const char *const bad[] = {
      "",
      "shape=[4,8]",
      "shape=[4,8], reg=[], lane=[[0,1],[0,2],[0,4],[1,0]], warp=[]",
      "shape=[4,8], reg=[], lane=[[0,1],[0,2],[0,4],[1,0],[2,0]], warp=[] x",
      "shape=[4,8], reg=[[0,8]], lane=[[0,1],[0,2],[0,4],[1,0],[2,0]], "
      "warp=[]",
      "shape=[4,8], reg=[[0,-1]], lane=[[0,1],[0,2],[0,4],[1,0],[2,0]], "
      "warp=[]",
      "shape=[3,8], reg=[], lane=[[0,1],[0,2],[0,4],[1,0],[2,0]], warp=[]",
      "shape=[4,8], reg=[[0,99999999999999999999999]], "
      "lane=[[0,1],[0,2],[0,4],[1,0],[2,0]], warp=[]",
      "shape=[4,8], warp=[], lane=[[0,1],[0,2],[0,4],[1,0],[2,0]], reg=[]",
      "shape=[4,8, reg=[], lane=[[0,1],[0,2],[0,4],[1,0],[2,0]], warp=[]",
      "shape=[4,8], reg=[[0]], lane=[[0,1],[0,2],[0,4],[1,0],[2,0]], warp=[]",
  };
  for (const char *text : bad)
    EXPECT_NE(errorOf(LinearLayout::parse(text)), "") << text;
}

} // namespace
