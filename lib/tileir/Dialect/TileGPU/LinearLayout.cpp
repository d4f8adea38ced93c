//===- LinearLayout.cpp - GF(2) distributions of tiles over a CTA ---------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TileGPU/LinearLayout.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <array>
#include <cassert>

using namespace tileir;
using llvm::ArrayRef;
using llvm::Expected;
using llvm::SmallVector;
using llvm::StringRef;

namespace {

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

uint64_t lowMask(unsigned bits) {
  return bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
}

unsigned log2Exact(int64_t value) {
  assert(value > 0 && llvm::isPowerOf2_64(value) && "not a power of two");
  return llvm::Log2_64(value);
}

/// Incremental Gaussian elimination over GF(2). Each stored vector has a
/// distinct leading bit and remembers, as a bit mask, which inserted inputs
/// it is the sum of. Inserting inputs in a chosen order therefore decides
/// which inputs end up independent (the earliest ones win), and reducing a
/// target against the basis yields a combination of those inputs only.
class EchelonBasis {
public:
  /// Reduces `v` against the basis, XORing the combinations used into
  /// `combo`; returns the remainder (zero iff `v` is in the span).
  uint64_t reduce(uint64_t v, uint64_t &combo) const {
    while (v != 0) {
      unsigned lead = 63 - llvm::countl_zero(v);
      if (!((pivotMask >> lead) & 1))
        return v;
      v ^= vectors[lead];
      combo ^= combos[lead];
    }
    return 0;
  }

  /// Inserts input `v` whose identity is `combo`; returns false when `v` is
  /// in the span of earlier inputs.
  bool insert(uint64_t v, uint64_t combo) {
    v = reduce(v, combo);
    if (v == 0)
      return false;
    unsigned lead = 63 - llvm::countl_zero(v);
    vectors[lead] = v;
    combos[lead] = combo;
    pivotMask |= uint64_t(1) << lead;
    return true;
  }

  std::optional<uint64_t> solve(uint64_t target) const {
    uint64_t combo = 0;
    if (reduce(target, combo) != 0)
      return std::nullopt;
    return combo;
  }

  unsigned getRank() const { return llvm::popcount(pivotMask); }

private:
  std::array<uint64_t, 64> vectors{};
  std::array<uint64_t, 64> combos{};
  uint64_t pivotMask = 0;
};

/// Echelon basis of `columns` inserted in index order; returns the mask of
/// columns that were dependent on earlier ones.
uint64_t buildBasis(ArrayRef<uint64_t> columns, EchelonBasis &basis) {
  uint64_t dependent = 0;
  for (auto [i, column] : llvm::enumerate(columns))
    if (!basis.insert(column, uint64_t(1) << i))
      dependent |= uint64_t(1) << i;
  return dependent;
}

//===----------------------------------------------------------------------===//
// Shape helpers
//===----------------------------------------------------------------------===//

llvm::Error verifyShape(ArrayRef<int64_t> shape) {
  unsigned totalBits = 0;
  for (auto [d, size] : llvm::enumerate(shape)) {
    if (size <= 0 || !llvm::isPowerOf2_64(size))
      return makeError("layout dim " + llvm::Twine(d) + " has size " +
                       llvm::Twine(size) +
                       ", expected a positive power of two");
    totalBits += llvm::Log2_64(size);
  }
  if (totalBits > LinearLayout::kMaxElementBits)
    return makeError("layout shape has 2^" + llvm::Twine(totalBits) +
                     " elements, more than 2^" +
                     llvm::Twine(LinearLayout::kMaxElementBits));
  return llvm::Error::success();
}

/// Shape is verified. Last dim occupies the lowest bits.
unsigned dimShift(ArrayRef<int64_t> shape, unsigned d) {
  unsigned shift = 0;
  for (unsigned e = d + 1; e < shape.size(); ++e)
    shift += log2Exact(shape[e]);
  return shift;
}

uint64_t flattenIn(ArrayRef<int64_t> shape, ArrayRef<int64_t> coords) {
  assert(coords.size() == shape.size() && "coordinate rank mismatch");
  uint64_t flat = 0;
  for (auto [size, coord] : llvm::zip_equal(shape, coords)) {
    assert(coord >= 0 && coord < size && "coordinate out of range");
    flat = (flat << log2Exact(size)) | uint64_t(coord);
  }
  return flat;
}

SmallVector<int64_t, 4> unflattenIn(ArrayRef<int64_t> shape, uint64_t flat) {
  SmallVector<int64_t, 4> coords(shape.size());
  for (int d = int(shape.size()) - 1; d >= 0; --d) {
    unsigned bits = log2Exact(shape[d]);
    coords[d] = int64_t(flat & lowMask(bits));
    flat >>= bits;
  }
  return coords;
}

unsigned numElementBitsOf(ArrayRef<int64_t> shape) {
  unsigned bits = 0;
  for (int64_t size : shape)
    bits += log2Exact(size);
  return bits;
}

llvm::Error verifyPowerOf2List(ArrayRef<int64_t> values, StringRef what) {
  for (int64_t v : values)
    if (v <= 0 || !llvm::isPowerOf2_64(v))
      return makeError(what + " entry " + llvm::Twine(v) +
                       " is not a positive power of two");
  return llvm::Error::success();
}

llvm::Error verifyDim(int32_t dim, unsigned rank, StringRef what) {
  if (dim < 0 || unsigned(dim) >= rank)
    return makeError(what + " dim " + llvm::Twine(dim) +
                     " is out of range for rank " + llvm::Twine(rank));
  return llvm::Error::success();
}

} // namespace

//===----------------------------------------------------------------------===//
// F2Map
//===----------------------------------------------------------------------===//

F2Map::F2Map(unsigned numOutputBits, ArrayRef<uint64_t> columns)
    : numOutputBits(numOutputBits), columns(columns) {
  assert(numOutputBits <= 64 && columns.size() <= 64 && "F2Map too wide");
  assert(llvm::all_of(
             columns,
             [&](uint64_t c) { return (c & ~lowMask(numOutputBits)) == 0; }) &&
         "column wider than the output");
}

F2Map F2Map::getIdentity(unsigned numBits) {
  SmallVector<uint64_t, 16> columns;
  for (unsigned i = 0; i < numBits; ++i)
    columns.push_back(uint64_t(1) << i);
  return F2Map(numBits, columns);
}

uint64_t F2Map::apply(uint64_t input) const {
  uint64_t out = 0;
  for (auto [i, column] : llvm::enumerate(columns))
    if ((input >> i) & 1)
      out ^= column;
  return out;
}

F2Map F2Map::compose(const F2Map &inner) const {
  assert(inner.getNumOutputBits() == getNumInputBits() &&
         "composing maps of mismatched widths");
  SmallVector<uint64_t, 16> result;
  for (uint64_t column : inner.columns)
    result.push_back(apply(column));
  return F2Map(numOutputBits, result);
}

unsigned F2Map::getRank() const {
  EchelonBasis basis;
  buildBasis(columns, basis);
  return basis.getRank();
}

uint64_t F2Map::getDependentInputMask() const {
  EchelonBasis basis;
  return buildBasis(columns, basis);
}

std::optional<uint64_t> F2Map::solve(uint64_t output) const {
  EchelonBasis basis;
  buildBasis(columns, basis);
  return basis.solve(output);
}

std::optional<F2Map> F2Map::getRightInverse() const {
  EchelonBasis basis;
  buildBasis(columns, basis);
  if (basis.getRank() != numOutputBits)
    return std::nullopt;
  SmallVector<uint64_t, 16> result;
  for (unsigned j = 0; j < numOutputBits; ++j) {
    std::optional<uint64_t> pre = basis.solve(uint64_t(1) << j);
    assert(pre && "surjective map must reach every unit vector");
    result.push_back(*pre);
  }
  return F2Map(getNumInputBits(), result);
}

std::optional<F2Map> F2Map::getInverse() const {
  if (getNumInputBits() != numOutputBits)
    return std::nullopt;
  return getRightInverse();
}

//===----------------------------------------------------------------------===//
// MMA instruction tables
//===----------------------------------------------------------------------===//

MmaInstrShape tileir::getMmaInstrShape(MmaInstr instr) {
  switch (instr) {
  case MmaInstr::M16N8K16_F16:
    return {16, 8, 16};
  case MmaInstr::M16N8K8_F16:
  case MmaInstr::M16N8K8_TF32:
    return {16, 8, 8};
  case MmaInstr::M16N8K32_I8:
    return {16, 8, 32};
  case MmaInstr::M8N8K4_F64:
    return {8, 8, 4};
  }
  llvm_unreachable("unknown mma instruction");
}

StringRef tileir::stringifyMmaInstr(MmaInstr instr) {
  switch (instr) {
  case MmaInstr::M16N8K16_F16:
    return "m16n8k16.f16";
  case MmaInstr::M16N8K8_F16:
    return "m16n8k8.f16";
  case MmaInstr::M16N8K8_TF32:
    return "m16n8k8.tf32";
  case MmaInstr::M16N8K32_I8:
    return "m16n8k32.i8";
  case MmaInstr::M8N8K4_F64:
    return "m8n8k4.f64";
  }
  llvm_unreachable("unknown mma instruction");
}

namespace {

/// A (row, col) step in an operand's instruction tile.
struct Step {
  int64_t row, col;
};

/// Where the fragment of one operand of one instruction lives: the step of
/// each fragment-element-index bit (a_i's i) and of each lane bit. These are
/// the PTX ISA "Matrix Fragments for mma.mXnYkZ" tables rewritten as bit
/// steps; with groupID = lane >> 2 and threadID_in_group = lane % 4, lane
/// bits 0-1 carry threadID_in_group and bits 2-4 carry groupID.
struct FragmentSpec {
  SmallVector<Step, 4> elementBits;
  std::array<Step, 5> laneBits;
};

FragmentSpec getFragmentSpec(MmaInstr instr, MmaOperand operand) {
  // Accumulators of every m16n8 shape: c_i at row groupID + 8 * (i >> 1),
  // col threadID_in_group * 2 + (i & 1).
  const std::array<Step, 5> cLanes = {Step{0, 2}, Step{0, 4}, Step{1, 0},
                                      Step{2, 0}, Step{4, 0}};
  switch (operand) {
  case MmaOperand::C:
    if (instr == MmaInstr::M8N8K4_F64)
      // c_i at row groupID, col threadID_in_group * 2 + i.
      return {{{0, 1}}, cLanes};
    return {{{0, 1}, {8, 0}}, cLanes};
  case MmaOperand::A:
    switch (instr) {
    case MmaInstr::M16N8K16_F16:
      // a_i: row groupID (+8 when i & 2), col threadID_in_group * 2 +
      // (i & 1) (+8 when i & 4).
      return {{{0, 1}, {8, 0}, {0, 8}}, cLanes};
    case MmaInstr::M16N8K8_F16:
      // a_i: row groupID (+8 when i & 2), col threadID_in_group * 2 + (i & 1).
      return {{{0, 1}, {8, 0}}, cLanes};
    case MmaInstr::M16N8K8_TF32:
      // a_i: row groupID (+8 when i & 1), col threadID_in_group (+4 when
      // i & 2).
      return {{{8, 0}, {0, 4}},
              {Step{0, 1}, Step{0, 2}, Step{1, 0}, Step{2, 0}, Step{4, 0}}};
    case MmaInstr::M16N8K32_I8:
      // a_i: row groupID (+8 when i & 4), col threadID_in_group * 4 + (i & 3)
      // (+16 when i & 8).
      return {{{0, 1}, {0, 2}, {8, 0}, {0, 16}},
              {Step{0, 4}, Step{0, 8}, Step{1, 0}, Step{2, 0}, Step{4, 0}}};
    case MmaInstr::M8N8K4_F64:
      // a0: row groupID, col threadID_in_group.
      return {{}, {Step{0, 1}, Step{0, 2}, Step{1, 0}, Step{2, 0}, Step{4, 0}}};
    }
    break;
  case MmaOperand::B: {
    // B is K x N: rows are k, cols are n; col = groupID everywhere.
    switch (instr) {
    case MmaInstr::M16N8K16_F16:
      // b_i: row threadID_in_group * 2 + (i & 1) (+8 when i & 2).
      return {{{1, 0}, {8, 0}},
              {Step{2, 0}, Step{4, 0}, Step{0, 1}, Step{0, 2}, Step{0, 4}}};
    case MmaInstr::M16N8K8_F16:
      // b_i: row threadID_in_group * 2 + i.
      return {{{1, 0}},
              {Step{2, 0}, Step{4, 0}, Step{0, 1}, Step{0, 2}, Step{0, 4}}};
    case MmaInstr::M16N8K8_TF32:
      // b_i: row threadID_in_group (+4 when i & 1).
      return {{{4, 0}},
              {Step{1, 0}, Step{2, 0}, Step{0, 1}, Step{0, 2}, Step{0, 4}}};
    case MmaInstr::M16N8K32_I8:
      // b_i: row threadID_in_group * 4 + (i & 3) (+16 when i & 4).
      return {{{1, 0}, {2, 0}, {16, 0}},
              {Step{4, 0}, Step{8, 0}, Step{0, 1}, Step{0, 2}, Step{0, 4}}};
    case MmaInstr::M8N8K4_F64:
      // b0: row threadID_in_group, col groupID.
      return {{}, {Step{1, 0}, Step{2, 0}, Step{0, 1}, Step{0, 2}, Step{0, 4}}};
    }
    break;
  }
  }
  llvm_unreachable("unknown mma operand");
}

} // namespace

//===----------------------------------------------------------------------===//
// SwizzleSpec
//===----------------------------------------------------------------------===//

SwizzleSpec SwizzleSpec::getBankConflictFree(ArrayRef<int64_t> shape,
                                             unsigned elementBitWidth) {
  SwizzleSpec none;
  if (shape.size() < 2 || elementBitWidth == 0)
    return none;
  int64_t cols = shape.back();
  if (cols <= 0 || !llvm::isPowerOf2_64(cols))
    return none;
  int64_t elemBytes =
      int64_t(llvm::PowerOf2Ceil(std::max<unsigned>(8, elementBitWidth)) / 8);
  int64_t vec = std::max<int64_t>(1, 16 / elemBytes);
  int64_t rowBytes = cols * elemBytes;
  if (vec > cols || rowBytes < 16)
    return none;
  SwizzleSpec spec;
  spec.vec = vec;
  // A phase covers 128 bytes (all 32 banks): rows shorter than that share it.
  spec.perPhase = std::max<int64_t>(1, 128 / rowBytes);
  spec.maxPhase =
      std::max<int64_t>(1, std::min<int64_t>(cols / vec, 8 / spec.perPhase));
  return spec;
}

//===----------------------------------------------------------------------===//
// LinearLayout: construction
//===----------------------------------------------------------------------===//

LinearLayout::LinearLayout() {
  flatBases[static_cast<unsigned>(HwDim::Lane)].assign(kNumLaneBits, 0);
}

LinearLayout::LinearLayout(ArrayRef<int64_t> shape, ArrayRef<uint64_t> regs,
                           ArrayRef<uint64_t> lanes, ArrayRef<uint64_t> warps)
    : shape(shape.begin(), shape.end()) {
  flatBases[0].assign(regs.begin(), regs.end());
  flatBases[1].assign(lanes.begin(), lanes.end());
  flatBases[2].assign(warps.begin(), warps.end());
  assert(flatBases[1].size() == kNumLaneBits && "a warp has 32 lanes");
}

Expected<LinearLayout> LinearLayout::getFlat(ArrayRef<int64_t> shape,
                                             ArrayRef<uint64_t> registerBases,
                                             ArrayRef<uint64_t> laneBases,
                                             ArrayRef<uint64_t> warpBases) {
  if (llvm::Error err = verifyShape(shape))
    return std::move(err);
  if (laneBases.size() != kNumLaneBits)
    return makeError("layout needs exactly 5 lane bases, got " +
                     llvm::Twine(laneBases.size()));
  size_t hwBits = registerBases.size() + kNumLaneBits + warpBases.size();
  if (hwBits > 64)
    return makeError("layout hardware index has " + llvm::Twine(hwBits) +
                     " bits, more than 64");
  uint64_t limit = uint64_t(1) << numElementBitsOf(shape);
  for (ArrayRef<uint64_t> list : {registerBases, laneBases, warpBases})
    for (uint64_t basis : list)
      if (basis >= limit)
        return makeError("flat basis " + llvm::Twine(basis) +
                         " is outside a tile of " + llvm::Twine(limit) +
                         " elements");
  return LinearLayout(shape, registerBases, laneBases, warpBases);
}

Expected<LinearLayout> LinearLayout::get(ArrayRef<int64_t> shape,
                                         ArrayRef<Basis> registerBases,
                                         ArrayRef<Basis> laneBases,
                                         ArrayRef<Basis> warpBases) {
  if (llvm::Error err = verifyShape(shape))
    return std::move(err);
  SmallVector<uint64_t, 8> flat[3];
  ArrayRef<Basis> lists[3] = {registerBases, laneBases, warpBases};
  static const char *const names[3] = {"register", "lane", "warp"};
  for (unsigned k = 0; k < 3; ++k) {
    for (auto [i, basis] : llvm::enumerate(lists[k])) {
      if (basis.size() != shape.size())
        return makeError(llvm::Twine(names[k]) + " basis " + llvm::Twine(i) +
                         " has " + llvm::Twine(basis.size()) +
                         " coordinates, expected " + llvm::Twine(shape.size()));
      for (auto [d, coord] : llvm::enumerate(basis))
        if (coord < 0 || coord >= shape[d])
          return makeError(llvm::Twine(names[k]) + " basis " + llvm::Twine(i) +
                           " has coordinate " + llvm::Twine(coord) +
                           " outside [0, " + llvm::Twine(shape[d]) +
                           ") in dim " + llvm::Twine(d));
      flat[k].push_back(flattenIn(shape, basis));
    }
  }
  return getFlat(shape, flat[0], flat[1], flat[2]);
}

//===----------------------------------------------------------------------===//
// LinearLayout: factories
//===----------------------------------------------------------------------===//

Expected<LinearLayout> LinearLayout::blocked(ArrayRef<int64_t> shape,
                                             ArrayRef<int64_t> sizePerThread,
                                             ArrayRef<int64_t> threadsPerWarp,
                                             ArrayRef<int64_t> warpsPerCTA,
                                             ArrayRef<int32_t> order) {
  unsigned rank = shape.size();
  if (rank == 0)
    return makeError("blocked layout needs rank >= 1; use replicated()");
  if (sizePerThread.size() != rank || threadsPerWarp.size() != rank ||
      warpsPerCTA.size() != rank || order.size() != rank)
    return makeError("blocked layout parameters must all have rank " +
                     llvm::Twine(rank));
  if (llvm::Error err = verifyShape(shape))
    return std::move(err);
  if (llvm::Error err = verifyPowerOf2List(sizePerThread, "sizePerThread"))
    return std::move(err);
  if (llvm::Error err = verifyPowerOf2List(threadsPerWarp, "threadsPerWarp"))
    return std::move(err);
  if (llvm::Error err = verifyPowerOf2List(warpsPerCTA, "warpsPerCTA"))
    return std::move(err);
  // Products of powers of two: summing logs cannot overflow.
  unsigned laneBits = 0, warpBits = 0, regBits = 0;
  for (unsigned d = 0; d < rank; ++d) {
    laneBits += llvm::Log2_64(threadsPerWarp[d]);
    warpBits += llvm::Log2_64(warpsPerCTA[d]);
    regBits += llvm::Log2_64(sizePerThread[d]);
  }
  if (laneBits != kNumLaneBits)
    return makeError("threadsPerWarp must multiply to 32");
  if (regBits > 64 || warpBits > 64)
    return makeError("blocked layout is too large");
  SmallVector<bool, 4> seen(rank, false);
  for (int32_t d : order) {
    if (d < 0 || unsigned(d) >= rank || seen[d])
      return makeError("blocked layout order is not a permutation");
    seen[d] = true;
  }

  // nextBit[d]: how many coordinate bits of dim d are already covered.
  SmallVector<unsigned, 4> nextBit(rank, 0);
  auto take = [&](unsigned d) -> uint64_t {
    if (nextBit[d] >= log2Exact(shape[d]))
      return 0; // past the tile: replicate
    return uint64_t(1) << (dimShift(shape, d) + nextBit[d]++);
  };
  SmallVector<uint64_t, 8> regs, lanes, warps;
  for (int32_t d : order)
    for (unsigned i = 0, e = llvm::Log2_64(sizePerThread[d]); i < e; ++i)
      regs.push_back(take(d));
  for (int32_t d : order)
    for (unsigned i = 0, e = llvm::Log2_64(threadsPerWarp[d]); i < e; ++i)
      lanes.push_back(take(d));
  for (int32_t d : order)
    for (unsigned i = 0, e = llvm::Log2_64(warpsPerCTA[d]); i < e; ++i)
      warps.push_back(take(d));
  // The CTA tile is smaller than the tile: wrap around in registers.
  for (int32_t d : order)
    while (nextBit[d] < log2Exact(shape[d]))
      regs.push_back(take(d));
  return getFlat(shape, regs, lanes, warps);
}

Expected<LinearLayout> LinearLayout::defaultBlocked(ArrayRef<int64_t> shape,
                                                    int64_t numWarps,
                                                    unsigned elementBitWidth) {
  if (numWarps <= 0 || !llvm::isPowerOf2_64(numWarps))
    return makeError("numWarps " + llvm::Twine(numWarps) +
                     " is not a positive power of two");
  if (elementBitWidth == 0 || elementBitWidth > 1024)
    return makeError("unsupported element bit width " +
                     llvm::Twine(elementBitWidth));
  if (llvm::Error err = verifyShape(shape))
    return std::move(err);
  unsigned rank = shape.size();
  if (rank == 0)
    return replicated(shape, numWarps);

  uint64_t elemBits = llvm::PowerOf2Ceil(std::max(8u, elementBitWidth));
  int64_t vec = std::max<int64_t>(1, 128 / int64_t(elemBits));
  SmallVector<int64_t, 4> sizePerThread(rank, 1), threads(rank, 1),
      warps(rank, 1);
  SmallVector<int32_t, 4> order;
  for (int d = int(rank) - 1; d >= 0; --d)
    order.push_back(d);
  sizePerThread[rank - 1] = std::min(vec, shape[rank - 1]);

  // Lanes: innermost dims first, as many as each dim can use.
  int64_t lanesLeft = kNumLanes;
  for (int d = int(rank) - 1; d >= 0 && lanesLeft > 1; --d) {
    int64_t room = std::max<int64_t>(1, shape[d] / sizePerThread[d]);
    threads[d] = std::min(lanesLeft, room);
    lanesLeft /= threads[d];
  }
  threads[0] *= lanesLeft; // tile too small for a warp: replicate

  // Warps: outermost dims first.
  int64_t warpsLeft = numWarps;
  for (unsigned d = 0; d < rank && warpsLeft > 1; ++d) {
    int64_t room =
        std::max<int64_t>(1, shape[d] / (sizePerThread[d] * threads[d]));
    warps[d] = std::min(warpsLeft, room);
    warpsLeft /= warps[d];
  }
  warps[0] *= warpsLeft;
  return blocked(shape, sizePerThread, threads, warps, order);
}

Expected<LinearLayout> LinearLayout::replicated(ArrayRef<int64_t> shape,
                                                int64_t numWarps) {
  if (numWarps <= 0 || !llvm::isPowerOf2_64(numWarps))
    return makeError("numWarps " + llvm::Twine(numWarps) +
                     " is not a positive power of two");
  if (llvm::Error err = verifyShape(shape))
    return std::move(err);
  SmallVector<uint64_t, 8> regs;
  for (unsigned i = 0, e = numElementBitsOf(shape); i < e; ++i)
    regs.push_back(uint64_t(1) << i);
  SmallVector<uint64_t, 8> lanes(kNumLaneBits, 0);
  SmallVector<uint64_t, 8> warps(llvm::Log2_64(numWarps), 0);
  return getFlat(shape, regs, lanes, warps);
}

Expected<LinearLayout>
LinearLayout::mmaAccumulator(ArrayRef<int64_t> shape,
                             ArrayRef<int64_t> warpsPerCTA, MmaInstr instr) {
  Expected<MmaLayout> mma =
      MmaLayout::get(instr, MmaOperand::C, shape, warpsPerCTA);
  if (!mma)
    return mma.takeError();
  return mma->getLayout();
}

Expected<LinearLayout> LinearLayout::mmaOperandA(ArrayRef<int64_t> shape,
                                                 ArrayRef<int64_t> warpsPerCTA,
                                                 MmaInstr instr) {
  Expected<MmaLayout> mma =
      MmaLayout::get(instr, MmaOperand::A, shape, warpsPerCTA);
  if (!mma)
    return mma.takeError();
  return mma->getLayout();
}

Expected<LinearLayout> LinearLayout::mmaOperandB(ArrayRef<int64_t> shape,
                                                 ArrayRef<int64_t> warpsPerCTA,
                                                 MmaInstr instr) {
  Expected<MmaLayout> mma =
      MmaLayout::get(instr, MmaOperand::B, shape, warpsPerCTA);
  if (!mma)
    return mma.takeError();
  return mma->getLayout();
}

//===----------------------------------------------------------------------===//
// LinearLayout: queries
//===----------------------------------------------------------------------===//

unsigned LinearLayout::getNumElementBits() const {
  return numElementBitsOf(shape);
}

unsigned LinearLayout::getNumHardwareBits() const {
  return getNumBits(HwDim::Register) + kNumLaneBits + getNumBits(HwDim::Warp);
}

unsigned LinearLayout::getDimShift(unsigned d) const {
  return dimShift(shape, d);
}

SmallVector<LinearLayout::Basis> LinearLayout::getBases(HwDim dim) const {
  SmallVector<Basis> result;
  for (uint64_t flat : bases(dim))
    result.push_back(Basis(unflatten(flat)));
  return result;
}

uint64_t LinearLayout::applyFlat(int64_t reg, int64_t lane,
                                 int64_t warp) const {
  assert(reg >= 0 && reg < getNumRegisters() && "register out of range");
  assert(lane >= 0 && lane < kNumLanes && "lane out of range");
  assert(warp >= 0 && warp < getNumWarps() && "warp out of range");
  uint64_t flat = 0;
  int64_t indices[3] = {reg, lane, warp};
  for (unsigned k = 0; k < 3; ++k)
    for (auto [i, basis] : llvm::enumerate(flatBases[k]))
      if ((uint64_t(indices[k]) >> i) & 1)
        flat ^= basis;
  return flat;
}

SmallVector<int64_t, 4> LinearLayout::apply(int64_t reg, int64_t lane,
                                            int64_t warp) const {
  return unflatten(applyFlat(reg, lane, warp));
}

uint64_t LinearLayout::flatten(ArrayRef<int64_t> coords) const {
  return flattenIn(shape, coords);
}

SmallVector<int64_t, 4> LinearLayout::unflatten(uint64_t flat) const {
  return unflattenIn(shape, flat);
}

uint64_t LinearLayout::packHardwareIndex(int64_t reg, int64_t lane,
                                         int64_t warp) const {
  unsigned regBits = getNumBits(HwDim::Register);
  return uint64_t(reg) | (uint64_t(lane) << regBits) |
         (uint64_t(warp) << (regBits + kNumLaneBits));
}

void LinearLayout::unpackHardwareIndex(uint64_t index, int64_t &reg,
                                       int64_t &lane, int64_t &warp) const {
  unsigned regBits = getNumBits(HwDim::Register);
  reg = int64_t(index & lowMask(regBits));
  lane = int64_t((index >> regBits) & lowMask(kNumLaneBits));
  warp = int64_t((index >> (regBits + kNumLaneBits)) &
                 lowMask(getNumBits(HwDim::Warp)));
}

SmallVector<uint64_t, 16> LinearLayout::getAllColumns() const {
  SmallVector<uint64_t, 16> columns;
  for (unsigned k = 0; k < 3; ++k)
    columns.append(flatBases[k].begin(), flatBases[k].end());
  return columns;
}

F2Map LinearLayout::getMap() const {
  return F2Map(getNumElementBits(), getAllColumns());
}

bool LinearLayout::isSurjective() const { return getMap().isSurjective(); }

bool LinearLayout::isInjective() const { return getMap().isInjective(); }

uint64_t LinearLayout::getFreeMask(HwDim dim) const {
  uint64_t mask = 0;
  for (auto [i, basis] : llvm::enumerate(bases(dim)))
    if (basis == 0)
      mask |= uint64_t(1) << i;
  return mask;
}

bool LinearLayout::hasDuplicateRegisters() const {
  return F2Map(getNumElementBits(), bases(HwDim::Register))
             .getDependentInputMask() != 0;
}

LinearLayout::ReplicationMask LinearLayout::getReplicationMask() const {
  uint64_t dependent = getMap().getDependentInputMask();
  unsigned regBits = getNumBits(HwDim::Register);
  ReplicationMask mask;
  mask.reg = dependent & lowMask(regBits);
  mask.lane = (dependent >> regBits) & lowMask(kNumLaneBits);
  mask.warp = dependent >> (regBits + kNumLaneBits);
  return mask;
}

int64_t LinearLayout::getContiguousRegisterRun(unsigned dim) const {
  assert(dim < getRank() && "dim out of range");
  unsigned shift = getDimShift(dim);
  unsigned dimBits = log2Exact(shape[dim]);
  ArrayRef<uint64_t> regs = bases(HwDim::Register);
  unsigned run = 0;
  while (run < regs.size() && run < dimBits &&
         regs[run] == (uint64_t(1) << (shift + run)))
    ++run;
  // A basis outside the run that moves `dim` by less than the run length
  // would shift or reorder runs; shrink the run to stay aligned.
  auto clamp = [&](uint64_t basis) {
    uint64_t low = (basis >> shift) & lowMask(run);
    if (low != 0)
      run = llvm::countr_zero(low);
  };
  for (unsigned i = run; i < regs.size(); ++i)
    clamp(regs[i]);
  for (uint64_t basis : bases(HwDim::Lane))
    clamp(basis);
  for (uint64_t basis : bases(HwDim::Warp))
    clamp(basis);
  return int64_t(1) << run;
}

//===----------------------------------------------------------------------===//
// LinearLayout: transformations
//===----------------------------------------------------------------------===//

namespace {
/// Rewrites every basis of `layout` through `fn` (coordinates in, coordinates
/// out) and rebuilds it with `newShape`.
template <typename Fn>
Expected<LinearLayout> mapBases(const LinearLayout &layout,
                                ArrayRef<int64_t> newShape, Fn fn) {
  SmallVector<uint64_t, 8> out[3];
  const HwDim dims[3] = {HwDim::Register, HwDim::Lane, HwDim::Warp};
  for (unsigned k = 0; k < 3; ++k)
    for (uint64_t flat : layout.getFlatBases(dims[k]))
      out[k].push_back(flattenIn(newShape, fn(layout.unflatten(flat))));
  return LinearLayout::getFlat(newShape, out[0], out[1], out[2]);
}
} // namespace

Expected<LinearLayout> LinearLayout::permute(ArrayRef<int32_t> perm) const {
  unsigned rank = getRank();
  if (perm.size() != rank)
    return makeError("permutation has " + llvm::Twine(perm.size()) +
                     " entries for rank " + llvm::Twine(rank));
  SmallVector<bool, 4> seen(rank, false);
  for (int32_t p : perm) {
    if (p < 0 || unsigned(p) >= rank || seen[p])
      return makeError("not a permutation of the layout dims");
    seen[p] = true;
  }
  SmallVector<int64_t, 4> newShape;
  for (int32_t p : perm)
    newShape.push_back(shape[p]);
  return mapBases(*this, newShape, [&](ArrayRef<int64_t> coords) {
    SmallVector<int64_t, 4> result;
    for (int32_t p : perm)
      result.push_back(coords[p]);
    return result;
  });
}

Expected<LinearLayout> LinearLayout::reshape(ArrayRef<int64_t> newShape) const {
  if (llvm::Error err = verifyShape(newShape))
    return std::move(err);
  if (numElementBitsOf(newShape) != getNumElementBits())
    return makeError("reshape changes the element count");
  // Row-major flat indices are unchanged: only the labels of the bits move.
  return getFlat(newShape, bases(HwDim::Register), bases(HwDim::Lane),
                 bases(HwDim::Warp));
}

Expected<LinearLayout> LinearLayout::joinAlong(unsigned dim) const {
  if (dim >= getRank())
    return makeError("join dim out of range");
  SmallVector<int64_t> joined(shape.begin(), shape.end());
  joined[dim] *= 2;
  SmallVector<Basis> regs = getRegisterBases();
  Basis select(getRank(), 0);
  select[dim] = shape[dim];
  regs.push_back(select);
  return get(joined, regs, getLaneBases(), getWarpBases());
}

Expected<LinearLayout> LinearLayout::projectOut(ArrayRef<int32_t> dims) const {
  SmallVector<bool, 4> drop(getRank(), false);
  for (int32_t d : dims) {
    if (llvm::Error err = verifyDim(d, getRank(), "projected"))
      return std::move(err);
    drop[d] = true;
  }
  SmallVector<int64_t, 4> newShape(shape.begin(), shape.end());
  for (unsigned d = 0; d < getRank(); ++d)
    if (drop[d])
      newShape[d] = 1;
  return mapBases(*this, newShape, [&](ArrayRef<int64_t> coords) {
    SmallVector<int64_t, 4> result(coords.begin(), coords.end());
    for (unsigned d = 0; d < result.size(); ++d)
      if (drop[d])
        result[d] = 0;
    return result;
  });
}

Expected<LinearLayout>
LinearLayout::broadcastTo(ArrayRef<int64_t> newShape) const {
  if (newShape.size() != getRank())
    return makeError("broadcast must keep the rank");
  if (llvm::Error err = verifyShape(newShape))
    return std::move(err);
  for (unsigned d = 0; d < getRank(); ++d)
    if (newShape[d] != shape[d] && shape[d] != 1)
      return makeError("dim " + llvm::Twine(d) + " of size " +
                       llvm::Twine(shape[d]) + " cannot broadcast to " +
                       llvm::Twine(newShape[d]));
  SmallVector<uint64_t, 8> out[3];
  for (unsigned k = 0; k < 3; ++k)
    for (uint64_t flat : flatBases[k])
      out[k].push_back(flattenIn(newShape, unflatten(flat)));
  for (int d = int(getRank()) - 1; d >= 0; --d) {
    if (shape[d] == newShape[d])
      continue;
    unsigned shift = dimShift(newShape, d);
    for (unsigned b = 0, e = log2Exact(newShape[d]); b < e; ++b)
      out[0].push_back(uint64_t(1) << (shift + b));
  }
  return getFlat(newShape, out[0], out[1], out[2]);
}

Expected<LinearLayout> LinearLayout::sliceDim(int32_t dim) const {
  if (llvm::Error err = verifyDim(dim, getRank(), "sliced"))
    return std::move(err);
  SmallVector<int64_t, 4> newShape(shape.begin(), shape.end());
  newShape.erase(newShape.begin() + dim);
  return mapBases(*this, newShape, [&](ArrayRef<int64_t> coords) {
    SmallVector<int64_t, 4> result(coords.begin(), coords.end());
    result.erase(result.begin() + dim);
    return result;
  });
}

LinearLayout::CompactedLayout LinearLayout::compactRegisters() const {
  ArrayRef<uint64_t> regs = bases(HwDim::Register);
  EchelonBasis basis;
  SmallVector<uint64_t, 8> kept;
  // newBitsOf[i]: for a kept register bit, its new bit; for a dropped one, the
  // combination of new bits that reproduces its basis.
  SmallVector<uint64_t, 8> newBitsOf(regs.size(), 0);
  for (auto [i, column] : llvm::enumerate(regs)) {
    if (basis.insert(column, uint64_t(1) << i)) {
      newBitsOf[i] = uint64_t(1) << kept.size();
      kept.push_back(column);
      continue;
    }
    // In the span by construction; the combination only uses kept bits,
    // which all precede bit i.
    uint64_t combo = *basis.solve(column);
    for (unsigned j = 0; j < i; ++j)
      if ((combo >> j) & 1)
        newBitsOf[i] ^= newBitsOf[j];
  }
  return CompactedLayout{
      LinearLayout(shape, kept, bases(HwDim::Lane), bases(HwDim::Warp)),
      F2Map(kept.size(), newBitsOf)};
}

Expected<LinearLayout::CompactedLayout>
LinearLayout::sliceDimAndCompact(int32_t dim) const {
  Expected<LinearLayout> sliced = sliceDim(dim);
  if (!sliced)
    return sliced.takeError();
  return sliced->compactRegisters();
}

Expected<LinearLayout> LinearLayout::insertDim(int32_t dim) const {
  if (dim < 0 || unsigned(dim) > getRank())
    return makeError("inserted dim " + llvm::Twine(dim) +
                     " is out of range for rank " + llvm::Twine(getRank()));
  SmallVector<int64_t, 4> newShape(shape.begin(), shape.end());
  newShape.insert(newShape.begin() + dim, 1);
  // A size-1 dim owns no bits of the flat index.
  return getFlat(newShape, bases(HwDim::Register), bases(HwDim::Lane),
                 bases(HwDim::Warp));
}

Expected<LinearLayout> LinearLayout::resizeDim(int32_t dim,
                                               int64_t newSize) const {
  if (llvm::Error err = verifyDim(dim, getRank(), "resized"))
    return std::move(err);
  SmallVector<int64_t, 4> newShape(shape.begin(), shape.end());
  newShape[dim] = newSize;
  if (llvm::Error err = verifyShape(newShape))
    return std::move(err);
  int64_t oldSize = shape[dim];
  SmallVector<uint64_t, 8> out[3];
  for (unsigned k = 0; k < 3; ++k)
    for (uint64_t flat : flatBases[k]) {
      SmallVector<int64_t, 4> coords = unflatten(flat);
      coords[dim] &= newSize - 1; // modulo when shrinking, no-op otherwise
      out[k].push_back(flattenIn(newShape, coords));
    }
  if (newSize > oldSize) {
    unsigned shift = dimShift(newShape, dim);
    // Turn replication into coverage first: zero lane, warp, then register
    // bases; only then grow the register count.
    auto claimZero = [&](SmallVector<uint64_t, 8> &list, uint64_t basis) {
      for (uint64_t &slot : list)
        if (slot == 0) {
          slot = basis;
          return true;
        }
      return false;
    };
    for (unsigned b = log2Exact(oldSize), e = log2Exact(newSize); b < e; ++b) {
      uint64_t basis = uint64_t(1) << (shift + b);
      if (!claimZero(out[1], basis) && !claimZero(out[2], basis) &&
          !claimZero(out[0], basis))
        out[0].push_back(basis);
    }
  }
  return getFlat(newShape, out[0], out[1], out[2]);
}

Expected<LinearLayout> LinearLayout::resize(ArrayRef<int64_t> newShape) const {
  if (newShape.size() != getRank())
    return makeError("resize must keep the rank");
  LinearLayout result = *this;
  for (unsigned d = 0; d < getRank(); ++d) {
    if (newShape[d] == shape[d])
      continue;
    Expected<LinearLayout> next = result.resizeDim(d, newShape[d]);
    if (!next)
      return next.takeError();
    result = std::move(*next);
  }
  return result;
}

std::optional<F2Map> LinearLayout::getOwnerMap() const {
  return getMap().getRightInverse();
}

std::optional<F2Map> LinearLayout::getInverseMap() const {
  return getMap().getInverse();
}

Expected<F2Map> LinearLayout::getTransferMap(const LinearLayout &src,
                                             const LinearLayout &dst) {
  if (src.getShape() != dst.getShape())
    return makeError("layouts of different shapes");
  EchelonBasis basis;
  buildBasis(src.getAllColumns(), basis);
  SmallVector<uint64_t, 16> columns;
  for (uint64_t column : dst.getAllColumns()) {
    std::optional<uint64_t> pre = basis.solve(column);
    if (!pre)
      return makeError("source layout does not hold every element the "
                       "destination layout needs");
    columns.push_back(*pre);
  }
  return F2Map(src.getNumHardwareBits(), columns);
}

//===----------------------------------------------------------------------===//
// LinearLayout: printing and parsing
//===----------------------------------------------------------------------===//

void LinearLayout::print(llvm::raw_ostream &os) const {
  auto printList = [&](ArrayRef<int64_t> values) {
    os << '[';
    llvm::interleave(values, os, ",");
    os << ']';
  };
  os << "shape=";
  printList(shape);
  static const char *const names[3] = {"reg", "lane", "warp"};
  for (unsigned k = 0; k < 3; ++k) {
    os << ", " << names[k] << "=[";
    llvm::interleave(
        flatBases[k], os, [&](uint64_t flat) { printList(unflatten(flat)); },
        ",");
    os << ']';
  }
}

std::string LinearLayout::toString() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  print(os);
  return text;
}

namespace {
/// Recursive-descent reader of the print() syntax.
class LayoutParser {
public:
  explicit LayoutParser(StringRef text) : text(text) {}

  llvm::Error error(const llvm::Twine &message) const {
    return makeError("layout parse error at offset " + llvm::Twine(pos) + ": " +
                     message);
  }

  void skipSpace() {
    while (pos < text.size() && llvm::isSpace(text[pos]))
      ++pos;
  }

  bool consume(char c) {
    skipSpace();
    if (pos < text.size() && text[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  }

  llvm::Error expect(char c) {
    if (consume(c))
      return llvm::Error::success();
    return error(llvm::Twine("expected '") + llvm::Twine(c) + "'");
  }

  llvm::Error expectKeyword(StringRef keyword) {
    skipSpace();
    if (!text.substr(pos).starts_with(keyword))
      return error("expected '" + keyword + "'");
    pos += keyword.size();
    return expect('=');
  }

  Expected<int64_t> parseInt() {
    skipSpace();
    size_t start = pos;
    while (pos < text.size() && llvm::isDigit(text[pos]))
      ++pos;
    if (start == pos)
      return error("expected a non-negative integer");
    uint64_t value = 0;
    if (text.slice(start, pos).getAsInteger(10, value) ||
        value > uint64_t(INT64_MAX))
      return error("integer out of range");
    return int64_t(value);
  }

  Expected<SmallVector<int64_t, 4>> parseIntList() {
    SmallVector<int64_t, 4> values;
    if (llvm::Error err = expect('['))
      return std::move(err);
    if (consume(']'))
      return values;
    do {
      Expected<int64_t> value = parseInt();
      if (!value)
        return value.takeError();
      values.push_back(*value);
    } while (consume(','));
    if (llvm::Error err = expect(']'))
      return std::move(err);
    return values;
  }

  Expected<SmallVector<LinearLayout::Basis>> parseBasisList() {
    SmallVector<LinearLayout::Basis> list;
    if (llvm::Error err = expect('['))
      return std::move(err);
    if (consume(']'))
      return list;
    do {
      Expected<SmallVector<int64_t, 4>> basis = parseIntList();
      if (!basis)
        return basis.takeError();
      list.push_back(std::move(*basis));
    } while (consume(','));
    if (llvm::Error err = expect(']'))
      return std::move(err);
    return list;
  }

  Expected<LinearLayout> parse() {
    if (llvm::Error err = expectKeyword("shape"))
      return std::move(err);
    Expected<SmallVector<int64_t, 4>> shape = parseIntList();
    if (!shape)
      return shape.takeError();
    static const char *const names[3] = {"reg", "lane", "warp"};
    SmallVector<LinearLayout::Basis> lists[3];
    for (unsigned k = 0; k < 3; ++k) {
      if (llvm::Error err = expect(','))
        return std::move(err);
      if (llvm::Error err = expectKeyword(names[k]))
        return std::move(err);
      Expected<SmallVector<LinearLayout::Basis>> list = parseBasisList();
      if (!list)
        return list.takeError();
      lists[k] = std::move(*list);
    }
    skipSpace();
    if (pos != text.size())
      return error("unexpected trailing text");
    return LinearLayout::get(*shape, lists[0], lists[1], lists[2]);
  }

private:
  StringRef text;
  size_t pos = 0;
};
} // namespace

Expected<LinearLayout> LinearLayout::parse(StringRef text) {
  return LayoutParser(text).parse();
}

bool LinearLayout::operator==(const LinearLayout &other) const {
  return shape == other.shape && flatBases[0] == other.flatBases[0] &&
         flatBases[1] == other.flatBases[1] &&
         flatBases[2] == other.flatBases[2];
}

llvm::hash_code tileir::hash_value(const LinearLayout &layout) {
  auto range = [](const auto &values) {
    return llvm::hash_combine_range(values.begin(), values.end());
  };
  return llvm::hash_combine(range(layout.shape), range(layout.flatBases[0]),
                            range(layout.flatBases[1]),
                            range(layout.flatBases[2]));
}

//===----------------------------------------------------------------------===//
// MmaLayout
//===----------------------------------------------------------------------===//

Expected<MmaLayout> MmaLayout::get(MmaInstr instr, MmaOperand operand,
                                   ArrayRef<int64_t> shape,
                                   ArrayRef<int64_t> warpsPerCTA) {
  if (shape.size() != 2)
    return makeError("mma layouts need a rank-2 tile");
  if (warpsPerCTA.size() != 2)
    return makeError("mma layouts need warpsPerCTA = {warpsM, warpsN}");
  if (llvm::Error err = verifyShape(shape))
    return std::move(err);
  if (llvm::Error err = verifyPowerOf2List(warpsPerCTA, "warpsPerCTA"))
    return std::move(err);
  if (warpsPerCTA[0] > (int64_t(1) << 16) ||
      warpsPerCTA[1] > (int64_t(1) << 16))
    return makeError("too many warps");

  MmaInstrShape instrShape = getMmaInstrShape(instr);
  int64_t tile[2];
  switch (operand) {
  case MmaOperand::A:
    tile[0] = instrShape.m;
    tile[1] = instrShape.k;
    break;
  case MmaOperand::B:
    tile[0] = instrShape.k;
    tile[1] = instrShape.n;
    break;
  case MmaOperand::C:
    tile[0] = instrShape.m;
    tile[1] = instrShape.n;
    break;
  }
  for (unsigned d = 0; d < 2; ++d)
    if (shape[d] < tile[d])
      return makeError(
          "tile dim " + llvm::Twine(d) + " of size " + llvm::Twine(shape[d]) +
          " is smaller than the instruction's " + llvm::Twine(tile[d]));

  // Which warp bits step along which operand dim: warp id = mIdx * wn + nIdx.
  // A operand has no N dim (replicated across the wn warps), B no M dim.
  bool hasM = operand != MmaOperand::B;
  bool hasN = operand != MmaOperand::A;
  int64_t warpsAlong[2] = {
      operand == MmaOperand::B ? 1 : warpsPerCTA[0],
      operand == MmaOperand::A ? 1 : warpsPerCTA[1],
  };

  auto flat = [&](int64_t row, int64_t col) -> uint64_t {
    // Steps past the tile replicate.
    if (row >= shape[0] || col >= shape[1])
      return 0;
    return flattenIn(shape, {row, col});
  };

  FragmentSpec spec = getFragmentSpec(instr, operand);
  SmallVector<uint64_t, 8> regs, lanes, warps;
  for (Step step : spec.elementBits)
    regs.push_back(flat(step.row, step.col));
  for (Step step : spec.laneBits)
    lanes.push_back(flat(step.row, step.col));

  for (unsigned j = 0, e = llvm::Log2_64(warpsPerCTA[1]); j < e; ++j)
    warps.push_back(hasN ? flat(0, tile[1] << j) : 0);
  for (unsigned j = 0, e = llvm::Log2_64(warpsPerCTA[0]); j < e; ++j)
    warps.push_back(hasM ? flat(tile[0] << j, 0) : 0);

  int64_t reps[2];
  for (unsigned d = 0; d < 2; ++d)
    reps[d] = std::max<int64_t>(1, shape[d] / (tile[d] * warpsAlong[d]));
  // Repetitions: dim 1 in the lower register bits, then dim 0.
  for (unsigned j = 0, e = llvm::Log2_64(reps[1]); j < e; ++j)
    regs.push_back(flat(0, (tile[1] * warpsAlong[1]) << j));
  for (unsigned j = 0, e = llvm::Log2_64(reps[0]); j < e; ++j)
    regs.push_back(flat((tile[0] * warpsAlong[0]) << j, 0));

  Expected<LinearLayout> layout =
      LinearLayout::getFlat(shape, regs, lanes, warps);
  if (!layout)
    return layout.takeError();
  return MmaLayout(std::move(*layout), instr, operand,
                   int64_t(1) << spec.elementBits.size(), reps[0], reps[1]);
}

SmallVector<int64_t, 16> MmaLayout::getFragmentRegisters(int64_t rep0,
                                                         int64_t rep1) const {
  assert(rep0 >= 0 && rep0 < reps[0] && rep1 >= 0 && rep1 < reps[1] &&
         "repetition out of range");
  int64_t base = fragmentSize * (rep1 + reps[1] * rep0);
  SmallVector<int64_t, 16> result;
  for (int64_t i = 0; i < fragmentSize; ++i)
    result.push_back(base + i);
  return result;
}

//===----------------------------------------------------------------------===//
// SharedMemoryLayout
//===----------------------------------------------------------------------===//

Expected<SharedMemoryLayout> SharedMemoryLayout::get(ArrayRef<int64_t> shape,
                                                     SwizzleSpec swizzle) {
  if (llvm::Error err = verifyShape(shape))
    return std::move(err);
  if (llvm::Error err = verifyPowerOf2List(
          {swizzle.vec, swizzle.perPhase, swizzle.maxPhase}, "swizzle"))
    return std::move(err);
  unsigned rank = shape.size();
  bool swizzled = swizzle.maxPhase > 1;
  if (swizzled && rank < 2)
    return makeError("a swizzle needs a tile of rank >= 2");
  if (swizzled && swizzle.vec * swizzle.maxPhase > shape.back())
    return makeError("swizzle vec * maxPhase exceeds the row length");

  unsigned numBits = numElementBitsOf(shape);
  unsigned colBits = rank == 0 ? 0 : log2Exact(shape.back());
  unsigned rowBits = rank < 2 ? 0 : log2Exact(shape[rank - 2]);
  unsigned perPhaseBits = llvm::Log2_64(swizzle.perPhase);
  unsigned maxPhaseBits = llvm::Log2_64(swizzle.maxPhase);
  unsigned vecBits = llvm::Log2_64(swizzle.vec);
  // Offset bit i stores coordinate bit i, except that the row bits selecting
  // the phase also flip the chunk bits of the column (the XOR is its own
  // inverse, so offset -> coordinate has the same form as coordinate ->
  // offset).
  SmallVector<uint64_t, 16> offsetToCoord;
  for (unsigned i = 0; i < numBits; ++i) {
    uint64_t column = uint64_t(1) << i;
    if (swizzled && i >= colBits && i < colBits + rowBits) {
      unsigned rowBit = i - colBits;
      if (rowBit >= perPhaseBits && rowBit < perPhaseBits + maxPhaseBits)
        column |= uint64_t(1) << (vecBits + rowBit - perPhaseBits);
    }
    offsetToCoord.push_back(column);
  }
  SmallVector<uint64_t, 8> lanes(LinearLayout::kNumLaneBits, 0);
  Expected<LinearLayout> layout =
      LinearLayout::getFlat(shape, offsetToCoord, lanes, {});
  if (!layout)
    return layout.takeError();
  std::optional<F2Map> inverse = F2Map(numBits, offsetToCoord).getInverse();
  assert(inverse && "a swizzle is a bijection on offsets");
  return SharedMemoryLayout(std::move(*layout), std::move(*inverse), swizzle);
}

Expected<SharedMemoryLayout>
SharedMemoryLayout::getMmaSwizzled(ArrayRef<int64_t> shape,
                                   unsigned contiguousDim,
                                   unsigned elementBytes,
                                   unsigned swizzleBytes) {
  if (llvm::Error err = verifyShape(shape))
    return std::move(err);
  if (shape.size() != 2 || contiguousDim > 1)
    return makeError("an MMA shared layout needs a 2-D tile");
  if (swizzleBytes != 32 && swizzleBytes != 64 && swizzleBytes != 128)
    return makeError("swizzle must be 32, 64 or 128 bytes");
  if (elementBytes == 0 || !llvm::isPowerOf2_32(elementBytes) ||
      elementBytes > 16)
    return makeError("element size must be a power of two up to 16 bytes");
  unsigned c = contiguousDim, r = 1 - contiguousDim;
  int64_t blockElems = swizzleBytes / elementBytes;
  if (shape[c] % blockElems != 0)
    return makeError("contiguous extent " + llvm::Twine(shape[c]) +
                     " is not a multiple of the " + llvm::Twine(swizzleBytes) +
                     "-byte swizzle");
  // Element offsets: within = x_c % W, block = x_c / W, offset = within +
  // W * (x_r + rows * block). All factors are powers of two, so every
  // coordinate bit lands on one offset bit.
  unsigned colBits = log2Exact(shape[c]), rowBits = log2Exact(shape[r]);
  unsigned withinBits = log2Exact(blockElems);
  // The flat index is row-major: dim 1 in the low bits.
  unsigned shift[2] = {log2Exact(shape[1]), 0};
  auto rawOffsetOf = [&](unsigned dim, unsigned bit) -> uint64_t {
    if (dim == c) {
      if (bit < withinBits)
        return uint64_t(1) << bit;
      return uint64_t(1) << (bit + rowBits);
    }
    return uint64_t(1) << (withinBits + bit);
  };
  // The swizzle: 16-byte chunk bits ^= 128-byte line bits.
  unsigned chunkShift = log2Exact(16 / elementBytes);
  unsigned chunkBits = log2Exact(swizzleBytes / 16);
  unsigned lineShift = chunkShift + 3;
  auto swizzle = [&](uint64_t raw) {
    uint64_t line = (raw >> lineShift) & lowMask(chunkBits);
    return raw ^ (line << chunkShift);
  };
  unsigned numBits = colBits + rowBits;
  SmallVector<uint64_t, 16> coordToOffset(numBits, 0);
  for (unsigned dim = 0; dim < 2; ++dim)
    for (unsigned bit = 0, e = log2Exact(shape[dim]); bit < e; ++bit)
      coordToOffset[shift[dim] + bit] = swizzle(rawOffsetOf(dim, bit));
  return fromOffsetMap(shape, F2Map(numBits, coordToOffset));
}

Expected<SharedMemoryLayout>
SharedMemoryLayout::getRowSwizzled(ArrayRef<int64_t> shape,
                                   unsigned contiguousDim,
                                   unsigned elementBytes,
                                   ArrayRef<uint64_t> rowChunkMasks) {
  if (llvm::Error err = verifyShape(shape))
    return std::move(err);
  if (shape.size() != 2 || contiguousDim > 1)
    return makeError("a row-swizzled shared layout needs a 2-D tile");
  if (elementBytes == 0 || !llvm::isPowerOf2_32(elementBytes) ||
      elementBytes > 16)
    return makeError("element size must be a power of two up to 16 bytes");
  unsigned c = contiguousDim, r = 1 - contiguousDim;
  int64_t blockElems = 128 / elementBytes;
  if (shape[c] % blockElems != 0)
    return makeError("contiguous extent " + llvm::Twine(shape[c]) +
                     " is not a multiple of 128 bytes");
  unsigned rowBits = log2Exact(shape[r]);
  unsigned withinBits = log2Exact(blockElems);
  unsigned chunkShift = log2Exact(16 / elementBytes);
  // The flat index is row-major: dim 1 in the low bits.
  unsigned shift[2] = {log2Exact(shape[1]), 0};
  unsigned numBits = log2Exact(shape[c]) + rowBits;
  SmallVector<uint64_t, 16> coordToOffset(numBits, 0);
  for (unsigned bit = 0, e = log2Exact(shape[c]); bit < e; ++bit)
    coordToOffset[shift[c] + bit] = bit < withinBits
                                        ? uint64_t(1) << bit
                                        : uint64_t(1) << (bit + rowBits);
  for (unsigned bit = 0; bit < rowBits; ++bit) {
    uint64_t mask = bit < rowChunkMasks.size() ? rowChunkMasks[bit] : 0;
    if (mask >= 8)
      return makeError("a row's chunk mask must be below 8");
    coordToOffset[shift[r] + bit] =
        (uint64_t(1) << (withinBits + bit)) ^ (mask << chunkShift);
  }
  return fromOffsetMap(shape, F2Map(numBits, coordToOffset));
}

Expected<SharedMemoryLayout>
SharedMemoryLayout::fromOffsetMap(ArrayRef<int64_t> shape, F2Map offsetMap) {
  std::optional<F2Map> inverse = offsetMap.getInverse();
  if (!inverse)
    return makeError("shared layout is not a bijection");
  SmallVector<uint64_t, 8> lanes(LinearLayout::kNumLaneBits, 0);
  Expected<LinearLayout> layout =
      LinearLayout::getFlat(shape, inverse->getColumns(), lanes, {});
  if (!layout)
    return layout.takeError();
  return SharedMemoryLayout(std::move(*layout), std::move(offsetMap),
                            SwizzleSpec());
}

Expected<SharedMemoryLayout>
SharedMemoryLayout::fromLayout(const LinearLayout &offsetToCoords) {
  if (offsetToCoords.getNumWarps() != 1 ||
      llvm::any_of(offsetToCoords.getFlatBases(HwDim::Lane),
                   [](uint64_t b) { return b != 0; }))
    return makeError("a shared-memory layout has no lanes or warps");
  F2Map map(offsetToCoords.getNumElementBits(),
            offsetToCoords.getFlatBases(HwDim::Register));
  std::optional<F2Map> inverse = map.getInverse();
  if (!inverse)
    return makeError("a shared-memory layout must be a bijection between "
                     "offsets and elements");
  return SharedMemoryLayout(offsetToCoords, std::move(*inverse),
                            SwizzleSpec());
}

std::optional<SharedMemoryLayout::MmaSwizzle>
SharedMemoryLayout::matchMmaSwizzled(unsigned elementBytes) const {
  if (layout.getRank() != 2)
    return std::nullopt;
  for (unsigned swizzleBytes : {128u, 64u, 32u})
    for (unsigned dim : {1u, 0u}) {
      Expected<SharedMemoryLayout> candidate =
          getMmaSwizzled(layout.getShape(), dim, elementBytes, swizzleBytes);
      if (!candidate) {
        llvm::consumeError(candidate.takeError());
        continue;
      }
      if (candidate->getLayout() == layout)
        return MmaSwizzle{dim, swizzleBytes};
    }
  return std::nullopt;
}

int64_t SharedMemoryLayout::getOffset(ArrayRef<int64_t> coords) const {
  return int64_t(offsetMap.apply(layout.flatten(coords)));
}

SmallVector<int64_t, 4> SharedMemoryLayout::getCoords(int64_t offset) const {
  return layout.apply(offset, 0, 0);
}

//===----------------------------------------------------------------------===//
// Conversion planning
//===----------------------------------------------------------------------===//

StringRef tileir::stringifyConversionKind(ConversionKind kind) {
  switch (kind) {
  case ConversionKind::Identity:
    return "identity";
  case ConversionKind::RegisterPermute:
    return "register_permute";
  case ConversionKind::WarpShuffle:
    return "warp_shuffle";
  case ConversionKind::SharedMemory:
    return "shared_memory";
  }
  llvm_unreachable("unknown conversion kind");
}

int64_t ConversionPlan::getShuffleSrcRegister(int64_t dstReg, int64_t lane,
                                              int64_t warp) const {
  uint64_t packed =
      uint64_t(dstReg) | (uint64_t(lane) << numDstRegisterBits) |
      (uint64_t(warp) << (numDstRegisterBits + LinearLayout::kNumLaneBits));
  return int64_t(shuffle.apply(packed) & lowMask(numSrcRegisterBits));
}

int64_t ConversionPlan::getShuffleSrcLane(int64_t dstReg, int64_t lane,
                                          int64_t warp) const {
  uint64_t packed =
      uint64_t(dstReg) | (uint64_t(lane) << numDstRegisterBits) |
      (uint64_t(warp) << (numDstRegisterBits + LinearLayout::kNumLaneBits));
  return int64_t((shuffle.apply(packed) >> numSrcRegisterBits) &
                 lowMask(LinearLayout::kNumLaneBits));
}

bool ConversionPlan::hasStaticShuffleRegisters() const {
  ArrayRef<uint64_t> columns = shuffle.getColumns();
  for (unsigned i = numDstRegisterBits; i < columns.size(); ++i)
    if (columns[i] & lowMask(numSrcRegisterBits))
      return false;
  return true;
}

bool ConversionPlan::isShuffleWarpUniform() const {
  ArrayRef<uint64_t> columns = shuffle.getColumns();
  for (unsigned i = numDstRegisterBits + LinearLayout::kNumLaneBits;
       i < columns.size(); ++i)
    if (columns[i] != 0)
      return false;
  return true;
}

Expected<ConversionPlan> tileir::planConversion(const LinearLayout &src,
                                                const LinearLayout &dst) {
  if (src.getShape() != dst.getShape())
    return makeError("conversion between layouts of different shapes");
  if (src.getNumWarps() != dst.getNumWarps())
    return makeError("conversion between layouts of different warp counts");
  Expected<F2Map> transfer = LinearLayout::getTransferMap(src, dst);
  if (!transfer)
    return transfer.takeError();

  ConversionPlan plan;
  plan.transfer = std::move(*transfer);
  plan.numSrcRegisterBits = src.getNumBits(HwDim::Register);
  plan.numDstRegisterBits = dst.getNumBits(HwDim::Register);

  ArrayRef<uint64_t> srcRegs = src.getFlatBases(HwDim::Register);
  ArrayRef<uint64_t> srcLanes = src.getFlatBases(HwDim::Lane);
  ArrayRef<uint64_t> srcWarps = src.getFlatBases(HwDim::Warp);
  ArrayRef<uint64_t> dstRegs = dst.getFlatBases(HwDim::Register);
  ArrayRef<uint64_t> dstLanes = dst.getFlatBases(HwDim::Lane);
  ArrayRef<uint64_t> dstWarps = dst.getFlatBases(HwDim::Warp);
  unsigned srcRegBits = plan.numSrcRegisterBits;

  auto materializeRegisterMap = [&](const F2Map &regMap) {
    for (int64_t r = 0, e = dst.getNumRegisters(); r < e; ++r)
      plan.srcRegisterOf.push_back(int64_t(regMap.apply(uint64_t(r))));
  };

  if (srcRegs == dstRegs && srcLanes == dstLanes && srcWarps == dstWarps) {
    plan.kind = ConversionKind::Identity;
    materializeRegisterMap(F2Map::getIdentity(srcRegBits));
    return plan;
  }

  // RegisterPermute: lanes and warps keep their elements, so each destination
  // register must be a combination of source registers of the same thread.
  if (srcLanes == dstLanes && srcWarps == dstWarps) {
    EchelonBasis regBasis;
    buildBasis(srcRegs, regBasis);
    SmallVector<uint64_t, 16> columns;
    bool ok = true;
    for (uint64_t column : dstRegs) {
      std::optional<uint64_t> pre = regBasis.solve(column);
      if (!pre) {
        ok = false;
        break;
      }
      columns.push_back(*pre);
    }
    if (ok) {
      plan.kind = ConversionKind::RegisterPermute;
      materializeRegisterMap(F2Map(srcRegBits, columns));
      return plan;
    }
  }

  // WarpShuffle: everything warp w needs is already somewhere in warp w. The
  // element of dst (r, l, w) is R r + L l + W w; warp w of src holds
  // W_src w + span(src regs, src lanes), so R, L and (W - W_src) must lie in
  // that span. Register columns prefer source registers (no shuffle needed),
  // lane and warp columns prefer source lanes (so the source register stays
  // independent of the lane where possible).
  SmallVector<uint64_t, 16> inWarp(srcRegs.begin(), srcRegs.end());
  inWarp.append(srcLanes.begin(), srcLanes.end());
  EchelonBasis regFirst, laneFirst;
  buildBasis(inWarp, regFirst);
  for (unsigned i = 0; i < srcLanes.size(); ++i)
    laneFirst.insert(srcLanes[i], uint64_t(1) << (srcRegBits + i));
  for (unsigned i = 0; i < srcRegs.size(); ++i)
    laneFirst.insert(srcRegs[i], uint64_t(1) << i);

  SmallVector<uint64_t, 16> columns;
  bool ok = true;
  auto add = [&](const EchelonBasis &basis, uint64_t target) {
    std::optional<uint64_t> pre = basis.solve(target);
    if (!pre)
      ok = false;
    else
      columns.push_back(*pre);
  };
  for (uint64_t column : dstRegs)
    add(regFirst, column);
  for (uint64_t column : dstLanes)
    add(laneFirst, column);
  for (auto [dw, sw] : llvm::zip_equal(dstWarps, srcWarps))
    add(laneFirst, dw ^ sw);
  if (ok) {
    plan.kind = ConversionKind::WarpShuffle;
    plan.shuffle = F2Map(srcRegBits + LinearLayout::kNumLaneBits, columns);
    return plan;
  }

  plan.kind = ConversionKind::SharedMemory;
  return plan;
}

//===----------------------------------------------------------------------===//
// Combining along one dimension
//===----------------------------------------------------------------------===//

bool tileir::isSeparable(const LinearLayout &layout, unsigned dim) {
  for (HwDim hw : {HwDim::Register, HwDim::Lane, HwDim::Warp})
    for (const LinearLayout::Basis &basis : layout.getBases(hw)) {
      if (dim >= basis.size() || basis[dim] == 0)
        continue;
      for (unsigned d = 0, e = basis.size(); d < e; ++d)
        if (d != dim && basis[d] != 0)
          return false;
    }
  return true;
}

DimBits tileir::analyzeDim(const LinearLayout &layout, unsigned dim) {
  DimBits bits;
  auto collect = [&](HwDim hw) {
    uint64_t mask = 0;
    for (auto [i, basis] : llvm::enumerate(layout.getBases(hw)))
      if (dim < basis.size() && basis[dim] != 0)
        mask |= uint64_t(1) << i;
    return mask;
  };
  bits.reg = collect(HwDim::Register);
  bits.lane = collect(HwDim::Lane);
  bits.warp = collect(HwDim::Warp);
  F2Map regMap(layout.getNumElementBits(),
               layout.getFlatBases(HwDim::Register));
  bits.duplicateReg = regMap.getDependentInputMask();
  return bits;
}

bool tileir::isReducible(const LinearLayout &layout, unsigned dim) {
  if (dim >= layout.getRank() || !layout.isSurjective() ||
      !isSeparable(layout, dim))
    return false;
  DimBits bits = analyzeDim(layout, dim);
  SmallVector<uint64_t> columns;
  auto addColumns = [&](HwDim hw, uint64_t mask) {
    for (auto [i, basis] : llvm::enumerate(layout.getBases(hw)))
      if (mask & (uint64_t(1) << i))
        columns.push_back(basis[dim]);
  };
  addColumns(HwDim::Register, bits.reg & ~bits.duplicateReg);
  addColumns(HwDim::Lane, bits.lane);
  addColumns(HwDim::Warp, bits.warp);
  unsigned width = llvm::Log2_64(layout.getShape()[dim]);
  if (columns.size() > width)
    return false;
  return F2Map(width, columns).isInjective();
}
