//===- LinearLayout.h - GF(2) distributions of tiles over a CTA -*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A linear layout describes how the elements of a tile (an n-d array whose
// dims are powers of two) are distributed over the registers, lanes and warps
// of a CTA. It is a linear map over GF(2): the bits of the hardware index
// (register bits, then 5 lane bits, then warp bits) each have a basis vector
// in the tile's coordinate space, and the element held by (reg, lane, warp) is
// the XOR of the basis vectors of the set bits. A zero basis vector means the
// bit does not change the element: replication.
//
// Because every dim is a power of two, a coordinate vector and its row-major
// flat index are the same bits, concatenated (the last dim in the low bits).
// The layout stores each basis vector as such a flat index, which makes
// reshapes free and lets all algebra run on 64-bit words.
//
// See docs/layouts.md for an overview and a worked example.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TILEGPU_LINEARLAYOUT_H
#define TILEIR_DIALECT_TILEGPU_LINEARLAYOUT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace tileir {

//===----------------------------------------------------------------------===//
// F2Map
//===----------------------------------------------------------------------===//

/// A linear map over GF(2) from an input bit vector to an output bit vector,
/// both at most 64 bits wide. Stored by columns: `getColumns()[i]` is the
/// image of input bit i, and the image of any input is the XOR of the columns
/// of its set bits.
class F2Map {
public:
  F2Map() = default;
  /// Builds the map whose input bit i maps to `columns[i]`. Columns must fit
  /// in `numOutputBits` bits; at most 64 columns.
  F2Map(unsigned numOutputBits, llvm::ArrayRef<uint64_t> columns);

  /// The identity map on `numBits` bits.
  static F2Map getIdentity(unsigned numBits);

  unsigned getNumInputBits() const { return columns.size(); }
  unsigned getNumOutputBits() const { return numOutputBits; }
  llvm::ArrayRef<uint64_t> getColumns() const { return columns; }

  /// The image of `input`; bits above getNumInputBits() are ignored.
  uint64_t apply(uint64_t input) const;

  /// Returns the map x -> this(inner(x)). `inner`'s output width must equal
  /// this map's input width.
  F2Map compose(const F2Map &inner) const;

  /// Dimension of the image.
  unsigned getRank() const;
  bool isInjective() const { return getRank() == getNumInputBits(); }
  bool isSurjective() const { return getRank() == getNumOutputBits(); }

  /// Input bits whose column is a linear combination of the columns of lower
  /// input bits (a zero column is the empty combination). Clearing these bits
  /// of every input picks one canonical preimage per image point.
  uint64_t getDependentInputMask() const;

  /// The canonical preimage of `output` (the one with every dependent input
  /// bit clear), or std::nullopt when `output` is not in the image.
  std::optional<uint64_t> solve(uint64_t output) const;

  /// For a surjective map, the map from outputs to canonical preimages (a
  /// right inverse); std::nullopt when the map is not surjective.
  std::optional<F2Map> getRightInverse() const;

  /// The inverse of a bijective map; std::nullopt otherwise.
  std::optional<F2Map> getInverse() const;

  bool operator==(const F2Map &other) const {
    return numOutputBits == other.numOutputBits && columns == other.columns;
  }
  bool operator!=(const F2Map &other) const { return !(*this == other); }

private:
  unsigned numOutputBits = 0;
  llvm::SmallVector<uint64_t, 16> columns;
};

//===----------------------------------------------------------------------===//
// LinearLayout
//===----------------------------------------------------------------------===//

/// The three hardware input dimensions of a layout, in the order their bits
/// appear in the packed hardware index.
enum class HwDim : uint8_t { Register = 0, Lane = 1, Warp = 2 };

/// Shape of an mma.sync instruction tile.
struct MmaInstrShape {
  int64_t m, n, k;
};

/// The mma.sync instruction families a layout can be built for. The name
/// gives the shape and the input element type class; accumulators are
/// f32/f16 (floating point), s32 (integer) or f64.
enum class MmaInstr : uint8_t {
  /// m16n8k16 with f16/bf16 inputs (two elements per 32-bit register).
  M16N8K16_F16,
  /// m16n8k8 with f16/bf16 inputs (two elements per 32-bit register).
  M16N8K8_F16,
  /// m16n8k8 with tf32 inputs (one element per 32-bit register).
  M16N8K8_TF32,
  /// m16n8k32 with s8/u8/e4m3/e5m2 inputs (four elements per register).
  M16N8K32_I8,
  /// m8n8k4 with f64 inputs and accumulator.
  M8N8K4_F64,
};

/// The operands of D = A * B + C (C and D share a layout).
enum class MmaOperand : uint8_t { A, B, C };

/// Instruction shape of `instr`.
MmaInstrShape getMmaInstrShape(MmaInstr instr);
/// PTX-like spelling, e.g. "m16n8k16.f16".
llvm::StringRef stringifyMmaInstr(MmaInstr instr);

/// Parameters of the classic XOR swizzle of a row-major scratch buffer: the
/// 2-d view (rows = second-to-last dim, cols = last dim) is cut into chunks
/// of `vec` elements per row; row r uses phase (r / perPhase) % maxPhase, and
/// chunk c of the row is stored at chunk position c ^ phase. All three are
/// powers of two; {1, 1, 1} is no swizzle.
struct SwizzleSpec {
  int64_t vec = 1;
  int64_t perPhase = 1;
  int64_t maxPhase = 1;

  /// The usual bank-conflict-free choice: 16-byte chunks, rows grouped so a
  /// phase spans 128 bytes (32 banks), up to 8 phases. Rows narrower than 16
  /// bytes get no swizzle.
  static SwizzleSpec getBankConflictFree(llvm::ArrayRef<int64_t> shape,
                                         unsigned elementBitWidth);

  bool operator==(const SwizzleSpec &o) const {
    return vec == o.vec && perPhase == o.perPhase && maxPhase == o.maxPhase;
  }
};

/// A distribution of a tile over (register, lane, warp), linear over GF(2).
///
/// The hardware index packs `reg | lane << R | warp << (R + 5)` where R is
/// getNumBits(HwDim::Register). Coordinates are vectors of `getRank()`
/// integers, dim d in [0, shape[d]); internally a coordinate vector is
/// identified with its row-major flat index.
///
/// Immutable value type; every transformation returns a new layout.
class LinearLayout {
public:
  /// One basis vector: a coordinate per tile dim.
  using Basis = llvm::SmallVector<int64_t, 4>;

  static constexpr unsigned kNumLaneBits = 5;
  static constexpr int64_t kNumLanes = 32;
  /// Upper bound on log2 of the element count, so flat indices fit int64_t.
  static constexpr unsigned kMaxElementBits = 62;

  /// A rank-0 layout with one register and one warp (every thread holds the
  /// single element).
  LinearLayout();

  /// Builds a layout from explicit bases. Fails (never asserts) when a shape
  /// dim is not a positive power of two, when there are not exactly 5 lane
  /// bases, when a basis has the wrong number of coordinates or a coordinate
  /// outside [0, shape[d]), or when the hardware index would exceed 64 bits.
  /// Basis coordinates are general (any value below the dim size): XOR
  /// combinations express swizzles.
  static llvm::Expected<LinearLayout> get(llvm::ArrayRef<int64_t> shape,
                                          llvm::ArrayRef<Basis> registerBases,
                                          llvm::ArrayRef<Basis> laneBases,
                                          llvm::ArrayRef<Basis> warpBases);

  /// Same as get() but with bases given as row-major flat indices.
  static llvm::Expected<LinearLayout>
  getFlat(llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<uint64_t> registerBases,
          llvm::ArrayRef<uint64_t> laneBases,
          llvm::ArrayRef<uint64_t> warpBases);

  //===--------------------------------------------------------------------===//
  // Factories
  //===--------------------------------------------------------------------===//

  /// The classic blocked layout: each thread holds `sizePerThread` contiguous
  /// elements per dim, a warp's lanes are arranged `threadsPerWarp` (product
  /// 32), the warps `warpsPerCTA`; `order` lists dims fastest-varying first
  /// and orders the bits within each of those three levels. Where the tile is
  /// smaller than the CTA tile, the bits that would step past the tile get
  /// zero bases (replication); where it is larger, extra register bits wrap
  /// around, again fastest dim first.
  static llvm::Expected<LinearLayout>
  blocked(llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<int64_t> sizePerThread,
          llvm::ArrayRef<int64_t> threadsPerWarp,
          llvm::ArrayRef<int64_t> warpsPerCTA, llvm::ArrayRef<int32_t> order);

  /// A coalesced blocked layout for loads and stores of a row-major tile:
  /// 16-byte vectors along the last dim (capped by that dim), lanes along the
  /// last dim and then the next-outer ones, warps on the outer dims; leftover
  /// lanes or warps replicate. Elements narrower than a byte count as a byte.
  static llvm::Expected<LinearLayout>
  defaultBlocked(llvm::ArrayRef<int64_t> shape, int64_t numWarps,
                 unsigned elementBitWidth);

  /// Every thread holds the whole tile, element i in register i (row-major).
  /// For shape [] this is one register.
  static llvm::Expected<LinearLayout> replicated(llvm::ArrayRef<int64_t> shape,
                                                 int64_t numWarps);

  /// mma.sync accumulator (C/D) layout of an M x N tile; see MmaLayout.
  static llvm::Expected<LinearLayout>
  mmaAccumulator(llvm::ArrayRef<int64_t> shape,
                 llvm::ArrayRef<int64_t> warpsPerCTA, MmaInstr instr);
  /// mma.sync operand A layout of an M x K tile; see MmaLayout.
  static llvm::Expected<LinearLayout>
  mmaOperandA(llvm::ArrayRef<int64_t> shape,
              llvm::ArrayRef<int64_t> warpsPerCTA, MmaInstr instr);
  /// mma.sync operand B layout of a K x N tile; see MmaLayout.
  static llvm::Expected<LinearLayout>
  mmaOperandB(llvm::ArrayRef<int64_t> shape,
              llvm::ArrayRef<int64_t> warpsPerCTA, MmaInstr instr);

  //===--------------------------------------------------------------------===//
  // Queries
  //===--------------------------------------------------------------------===//

  llvm::ArrayRef<int64_t> getShape() const { return shape; }
  unsigned getRank() const { return shape.size(); }
  int64_t getNumElements() const { return int64_t(1) << getNumElementBits(); }
  /// log2 of the element count: the width of a flat index.
  unsigned getNumElementBits() const;

  unsigned getNumBits(HwDim dim) const { return bases(dim).size(); }
  /// Width of the packed hardware index.
  unsigned getNumHardwareBits() const;
  int64_t getNumRegisters() const {
    return int64_t(1) << getNumBits(HwDim::Register);
  }
  static int64_t getNumLanes() { return kNumLanes; }
  int64_t getNumWarps() const { return int64_t(1) << getNumBits(HwDim::Warp); }

  /// Basis vectors of one hardware dim as coordinates.
  llvm::SmallVector<Basis> getBases(HwDim dim) const;
  llvm::SmallVector<Basis> getRegisterBases() const {
    return getBases(HwDim::Register);
  }
  llvm::SmallVector<Basis> getLaneBases() const {
    return getBases(HwDim::Lane);
  }
  llvm::SmallVector<Basis> getWarpBases() const {
    return getBases(HwDim::Warp);
  }
  /// Basis vectors of one hardware dim as flat indices.
  llvm::ArrayRef<uint64_t> getFlatBases(HwDim dim) const { return bases(dim); }

  /// Coordinates of the element held in register `reg` of lane `lane` of warp
  /// `warp`. Indices must be in range (caller invariant).
  llvm::SmallVector<int64_t, 4> apply(int64_t reg, int64_t lane,
                                      int64_t warp) const;
  /// Flat index of the element held by (reg, lane, warp).
  uint64_t applyFlat(int64_t reg, int64_t lane, int64_t warp) const;

  /// Row-major flat index of in-range coordinates, and back.
  uint64_t flatten(llvm::ArrayRef<int64_t> coords) const;
  llvm::SmallVector<int64_t, 4> unflatten(uint64_t flat) const;

  /// Packs and unpacks hardware indices (see the class comment).
  uint64_t packHardwareIndex(int64_t reg, int64_t lane, int64_t warp) const;
  void unpackHardwareIndex(uint64_t index, int64_t &reg, int64_t &lane,
                           int64_t &warp) const;

  /// The layout as a map from packed hardware index to flat element index.
  F2Map getMap() const;

  /// Every element is held by some (reg, lane, warp).
  bool isSurjective() const;
  /// No two (reg, lane, warp) hold the same element (no replication).
  bool isInjective() const;
  /// Each element is held exactly once.
  bool isBijective() const { return isSurjective() && isInjective(); }

  /// Bits of `dim` whose basis is zero: flipping them never changes the
  /// element (pure replication). For registers this is the per-register
  /// duplicate detection: register r duplicates r & ~mask.
  uint64_t getFreeMask(HwDim dim) const;
  /// True when some register holds the same element as a lower register of
  /// the same thread (a register basis in the span of lower ones).
  bool hasDuplicateRegisters() const;

  /// Masks selecting one owner per element: (r, l, w) owns its element iff
  /// `(r & mask.reg) == 0 && (l & mask.lane) == 0 && (w & mask.warp) == 0`
  /// (see ReplicationMask::isOwner). The masked bits are those whose basis is a
  /// combination of bases of lower bits (registers before lanes before warps),
  /// so for the common case of zero bases they are exactly getFreeMask().
  /// Stores use this so each element is written once, preferring to keep all
  /// registers of the owning thread.
  struct ReplicationMask {
    uint64_t reg = 0, lane = 0, warp = 0;
    bool isOwner(int64_t r, int64_t l, int64_t w) const {
      return (uint64_t(r) & reg) == 0 && (uint64_t(l) & lane) == 0 &&
             (uint64_t(w) & warp) == 0;
    }
  };
  ReplicationMask getReplicationMask() const;

  /// Number of consecutive registers, starting at register 0, that hold
  /// consecutive elements along `dim` in increasing order for every thread
  /// and every higher register: the largest 2^k such that register basis i is
  /// 2^i along `dim` (zero elsewhere) for i < k and no other basis has a
  /// nonzero `dim` coordinate below 2^k (so each run starts aligned). A
  /// vectorized access of that many elements is then possible. At least 1.
  int64_t getContiguousRegisterRun(unsigned dim) const;

  //===--------------------------------------------------------------------===//
  // Transformations
  //===--------------------------------------------------------------------===//

  /// Transposes dims: result dim i is this layout's dim perm[i].
  llvm::Expected<LinearLayout> permute(llvm::ArrayRef<int32_t> perm) const;

  /// Reinterprets the tile with another shape of the same element count,
  /// row-major. For power-of-two dims this is a relabeling of the flat index
  /// bits: every thread keeps the same registers.
  llvm::Expected<LinearLayout> reshape(llvm::ArrayRef<int64_t> newShape) const;

  /// The layout of two tiles in this layout joined along `dim` (`cat`): one
  /// more register bit selects the second tile, so each thread holds its
  /// registers of the first, then those of the second, and joining moves
  /// no data. An error when `dim` is out of range or the bits do not fit.
  llvm::Expected<LinearLayout> joinAlong(unsigned dim) const;

  /// The layout a broadcast operand must have for the broadcast to be free:
  /// each listed dim becomes size 1 and its coordinate is dropped from every
  /// basis. If this layout L is the broadcast result's layout, the returned
  /// layout L' makes thread (r, l, w) hold exactly the operand element whose
  /// broadcast fills L(r, l, w), so the broadcast needs no data movement.
  /// Bases that only stepped along broadcast dims become zero (replication).
  llvm::Expected<LinearLayout> projectOut(llvm::ArrayRef<int32_t> dims) const;

  /// The converse: extends size-1 dims to `newShape` (same rank; a dim either
  /// keeps its size or grows from 1) by appending register bits that walk the
  /// new extent, last dim first. Threads keep what they held and each also
  /// holds all copies its broadcast produces.
  llvm::Expected<LinearLayout>
  broadcastTo(llvm::ArrayRef<int64_t> newShape) const;

  /// The layout after reducing `dim`: the coordinate is removed from every
  /// basis and from the shape. Bases that only stepped along `dim` become
  /// zero, i.e. the reduced value is replicated over those bits. This is the
  /// exact result layout when each basis steps along `dim` or along other
  /// dims but not both (true of blocked and mma layouts).
  llvm::Expected<LinearLayout> sliceDim(int32_t dim) const;

  /// A layout with duplicate registers removed, and how old registers map to
  /// new ones.
  struct CompactedLayout;
  /// Drops every register basis that is a combination of lower register
  /// bases (in particular zero bases). Old register r holds the same element
  /// as new register `registerMap.apply(r)` of the new layout.
  CompactedLayout compactRegisters() const;
  /// sliceDim() followed by compactRegisters(): the register count shrinks to
  /// what the reduced tile needs; `registerMap` tells which old registers
  /// reduce into which new one.
  llvm::Expected<CompactedLayout> sliceDimAndCompact(int32_t dim) const;

  /// Inserts a size-1 dim at position `dim` (0 <= dim <= rank).
  llvm::Expected<LinearLayout> insertDim(int32_t dim) const;

  /// Adapts the layout to a different size of `dim`. Shrinking takes the
  /// coordinate modulo the new size (the cut bits become replication).
  /// Growing assigns each new coordinate bit to the first zero lane basis,
  /// else the first zero warp basis, else the first zero register basis, else
  /// a new register bit, so replication is turned into coverage before
  /// registers are added.
  llvm::Expected<LinearLayout> resizeDim(int32_t dim, int64_t newSize) const;
  /// resizeDim() for every dim whose size differs (same rank).
  llvm::Expected<LinearLayout> resize(llvm::ArrayRef<int64_t> newShape) const;

  /// For a surjective layout, the map from flat element index to the packed
  /// hardware index of the element's owner (see getReplicationMask()).
  std::optional<F2Map> getOwnerMap() const;
  /// For a bijective layout, the inverse map (flat index -> hardware index).
  std::optional<F2Map> getInverseMap() const;

  /// Composition with the inverse of `src`: the map from `dst`'s packed
  /// hardware index to a packed hardware index of `src` holding the same
  /// element (src's owner of it). Fails when the shapes differ or `src` does
  /// not hold every element `dst` needs.
  static llvm::Expected<F2Map> getTransferMap(const LinearLayout &src,
                                              const LinearLayout &dst);

  //===--------------------------------------------------------------------===//
  // Printing, parsing, equality
  //===--------------------------------------------------------------------===//

  /// Prints `shape=[64,32], reg=[[0,1],[0,2]], lane=[[0,4],...],
  /// warp=[[16,0],[32,0]]` (lane always has 5 entries; an empty basis list is
  /// `[]`).
  void print(llvm::raw_ostream &os) const;
  std::string toString() const;
  /// Parses the text print() writes (whitespace-insensitive); the layout is
  /// validated like get().
  static llvm::Expected<LinearLayout> parse(llvm::StringRef text);

  bool operator==(const LinearLayout &other) const;
  bool operator!=(const LinearLayout &other) const { return !(*this == other); }
  friend llvm::hash_code hash_value(const LinearLayout &layout);

private:
  LinearLayout(llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<uint64_t> regs,
               llvm::ArrayRef<uint64_t> lanes, llvm::ArrayRef<uint64_t> warps);

  llvm::ArrayRef<uint64_t> bases(HwDim dim) const {
    return flatBases[static_cast<unsigned>(dim)];
  }
  /// Bit position of dim `d`'s lowest coordinate bit in a flat index.
  unsigned getDimShift(unsigned d) const;
  /// All hardware columns in packed order.
  llvm::SmallVector<uint64_t, 16> getAllColumns() const;

  llvm::SmallVector<int64_t, 4> shape;
  llvm::SmallVector<uint64_t, 8> flatBases[3];
};

struct LinearLayout::CompactedLayout {
  LinearLayout layout;
  /// Old packed register index -> new register index.
  F2Map registerMap;
};

llvm::hash_code hash_value(const LinearLayout &layout);

inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os,
                                     const LinearLayout &layout) {
  layout.print(os);
  return os;
}

//===----------------------------------------------------------------------===//
// MMA layouts
//===----------------------------------------------------------------------===//

/// The layout of one operand of a CTA-level matmul computed with mma.sync,
/// and where each instruction's fragment lives in it.
///
/// Tiling: warps are arranged warpsPerCTA = {wm, wn} over M and N with warp
/// id = mIdx * wn + nIdx (the low warp bits step along N). The instruction
/// tiles of the wm x wn warps cover a (wm * instrM) x (wn * instrN) block;
/// that block repeats over the CTA tile through extra register bits. Operand
/// A (M x K) is replicated across the wn warps of a row, operand B (K x N)
/// across the wm warps of a column; K is not split over warps. Warps beyond
/// the tile (wm * instrM > M, say) get zero bases: they compute replicas.
///
/// Register order: a layout register is one scalar element (the lowering
/// packs consecutive elements into the 32-bit PTX registers: two f16/bf16,
/// four 8-bit values). Register index = fragment element index + F * (rep1 +
/// R1 * rep0), where F is getFragmentSize(), (rep0, rep1) index instruction
/// tiles along the operand's dims 0 and 1 (A: m, k; B: k, n; C: m, n) and
/// R1 = getNumRepetitions(1). Within a fragment the order is the PTX order
/// a0, a1, ... (b0.., c0..).
class MmaLayout {
public:
  /// Fails for a shape that is not rank 2, has a dim that is not a power of
  /// two or is smaller than the instruction tile, or bad warp counts.
  static llvm::Expected<MmaLayout> get(MmaInstr instr, MmaOperand operand,
                                       llvm::ArrayRef<int64_t> shape,
                                       llvm::ArrayRef<int64_t> warpsPerCTA);

  const LinearLayout &getLayout() const { return layout; }
  MmaInstr getInstr() const { return instr; }
  MmaOperand getOperand() const { return operand; }

  /// Elements one lane holds for one instruction (PTX fragment length).
  int64_t getFragmentSize() const { return fragmentSize; }
  /// Instruction tiles each warp holds along operand dim 0 or 1.
  int64_t getNumRepetitions(unsigned dim) const { return reps[dim]; }

  /// Layout registers of the fragment of the instruction tile at repetition
  /// (rep0, rep1), in PTX order. Repetitions must be in range.
  llvm::SmallVector<int64_t, 16> getFragmentRegisters(int64_t rep0,
                                                      int64_t rep1) const;

private:
  MmaLayout(LinearLayout layout, MmaInstr instr, MmaOperand operand,
            int64_t fragmentSize, int64_t rep0, int64_t rep1)
      : layout(std::move(layout)), instr(instr), operand(operand),
        fragmentSize(fragmentSize), reps{rep0, rep1} {}

  LinearLayout layout;
  MmaInstr instr;
  MmaOperand operand;
  int64_t fragmentSize;
  int64_t reps[2];
};

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

/// Addressing of a row-major scratch buffer holding a tile, optionally XOR
/// swizzled (see SwizzleSpec; the swizzle acts on the last two dims). It is
/// expressed as a LinearLayout whose register index is the element offset
/// (lane bases zero, one warp), so the buffer composes with register layouts
/// like any other layout, plus the inverse map from coordinates to offsets.
class SharedMemoryLayout {
public:
  /// Fails when the shape is invalid or the swizzle does not fit: its
  /// parameters must be powers of two with vec * maxPhase <= cols; a rank < 2
  /// tile admits only the trivial swizzle.
  static llvm::Expected<SharedMemoryLayout> get(llvm::ArrayRef<int64_t> shape,
                                                SwizzleSpec swizzle);

  /// The layout tensor cores read an operand tile in: wgmma and tcgen05
  /// through their matrix descriptors, mma.sync through ldmatrix, in both
  /// cases without bank conflicts. A 2-D tile whose dim `contiguousDim`
  /// holds consecutive elements is cut along that dim into column blocks of
  /// `swizzleBytes` (32, 64 or 128) bytes; each block is stored as rows of
  /// `swizzleBytes` one block after the other, and the 16-byte chunks of
  /// each 128-byte line are permuted by XOR with the line's index bits
  /// (byte address bits 4.. ^= bits 7..; CUTLASS's Swizzle<log2(S/16),4,3>).
  /// Fails unless the tile is 2-D and its contiguous extent is a multiple of
  /// `swizzleBytes`.
  static llvm::Expected<SharedMemoryLayout>
  getMmaSwizzled(llvm::ArrayRef<int64_t> shape, unsigned contiguousDim,
                 unsigned elementBytes, unsigned swizzleBytes);

  /// Like getMmaSwizzled with 128-byte blocks, but the 16-byte chunks of the
  /// line of row r are permuted by XOR with the chunk index
  /// XOR_j (bit j of r ? rowChunkMasks[j] : 0) (each mask below 8; missing
  /// masks are 0). getMmaSwizzled(128) is masks {1, 2, 4}. For buffers no
  /// tensor core reads, whose readers want other rows spread over the banks.
  static llvm::Expected<SharedMemoryLayout>
  getRowSwizzled(llvm::ArrayRef<int64_t> shape, unsigned contiguousDim,
                 unsigned elementBytes, llvm::ArrayRef<uint64_t> rowChunkMasks);

  /// Wraps an offset -> coordinates layout (registers are the offset bits,
  /// no lanes or warps): what a `#tilegpu.shared` attribute holds. Fails
  /// unless it is a bijection.
  static llvm::Expected<SharedMemoryLayout>
  fromLayout(const LinearLayout &offsetToCoords);

  /// What getMmaSwizzled built this layout from, when it was built so (for
  /// `elementBytes`-byte elements).
  struct MmaSwizzle {
    unsigned contiguousDim;
    unsigned swizzleBytes;
  };
  std::optional<MmaSwizzle> matchMmaSwizzled(unsigned elementBytes) const;

  /// Offset (as register index) -> coordinates.
  const LinearLayout &getLayout() const { return layout; }
  /// Flat coordinate index -> offset.
  const F2Map &getOffsetMap() const { return offsetMap; }
  const SwizzleSpec &getSwizzle() const { return swizzle; }

  /// Element offset of in-range coordinates.
  int64_t getOffset(llvm::ArrayRef<int64_t> coords) const;
  /// Coordinates stored at an in-range element offset.
  llvm::SmallVector<int64_t, 4> getCoords(int64_t offset) const;

private:
  /// The layout whose coordinate bits map to offset bits by `offsetMap`
  /// (no swizzle spec); fails unless that is a bijection.
  static llvm::Expected<SharedMemoryLayout>
  fromOffsetMap(llvm::ArrayRef<int64_t> shape, F2Map offsetMap);

  SharedMemoryLayout(LinearLayout layout, F2Map offsetMap, SwizzleSpec swizzle)
      : layout(std::move(layout)), offsetMap(std::move(offsetMap)),
        swizzle(swizzle) {}

  LinearLayout layout;
  F2Map offsetMap;
  SwizzleSpec swizzle;
};

//===----------------------------------------------------------------------===//
// Conversion planning
//===----------------------------------------------------------------------===//

/// How a tile moves from one layout to another, cheapest first.
enum class ConversionKind : uint8_t {
  /// Same mapping: nothing to do.
  Identity,
  /// Same lane and warp bases: every destination register is a source
  /// register of the same thread.
  RegisterPermute,
  /// Data stays within its warp: shfl.idx (and register selection).
  WarpShuffle,
  /// Anything else: through a shared-memory scratch buffer.
  SharedMemory,
};

llvm::StringRef stringifyConversionKind(ConversionKind kind);

/// A conversion plan between two layouts of the same shape and warp count.
struct ConversionPlan {
  ConversionKind kind = ConversionKind::SharedMemory;

  /// Always valid: dst packed hardware index -> a src packed hardware index
  /// that holds the same element (src's owner of that element).
  F2Map transfer;

  /// RegisterPermute (and Identity): srcRegisterOf[r] is the source register
  /// that destination register r copies, in every thread.
  llvm::SmallVector<int64_t> srcRegisterOf;

  /// WarpShuffle: maps the packed dst index `reg | lane << Rd | warp << (Rd +
  /// 5)` to the packed src index `srcReg | srcLane << Rs` (same warp). With
  /// equal warp bases the warp bits map to zero. Use the accessors below.
  F2Map shuffle;
  unsigned numSrcRegisterBits = 0;
  unsigned numDstRegisterBits = 0;

  /// The register the source lane must provide for destination register
  /// `dstReg` of lane `lane` in warp `warp`.
  int64_t getShuffleSrcRegister(int64_t dstReg, int64_t lane,
                                int64_t warp = 0) const;
  /// The lane `lane` of warp `warp` reads destination register `dstReg` from.
  int64_t getShuffleSrcLane(int64_t dstReg, int64_t lane,
                            int64_t warp = 0) const;
  /// True when the source register depends only on the destination register
  /// (not on the lane or warp): one shfl.idx per destination register
  /// suffices. Otherwise the lowering shuffles each candidate register and
  /// selects.
  bool hasStaticShuffleRegisters() const;
  /// True when the shuffle pattern does not depend on the warp id.
  bool isShuffleWarpUniform() const;
};

/// Classifies the conversion from `src` to `dst` and computes the mappings
/// its lowering needs. Fails when shapes or warp counts differ or `src` does
/// not hold every element `dst` needs.
llvm::Expected<ConversionPlan> planConversion(const LinearLayout &src,
                                              const LinearLayout &dst);

//===----------------------------------------------------------------------===//
// Combining along one dimension (reduce, scan)
//===----------------------------------------------------------------------===//

/// How the hardware bits of a layout relate to one tile dimension.
struct DimBits {
  /// Per hardware dim, the bits whose basis moves along the dimension.
  uint64_t reg = 0, lane = 0, warp = 0;
  /// Register bits whose basis is a combination of lower register bases:
  /// registers with one of them set duplicate a lower register.
  uint64_t duplicateReg = 0;
};

/// Whether every basis of `layout` moves along `dim` only or not at all.
bool isSeparable(const LinearLayout &layout, unsigned dim);

/// The hardware bits of `layout` that move along `dim`.
DimBits analyzeDim(const LinearLayout &layout, unsigned dim);

/// A separable layout whose bases moving along `dim` (ignoring duplicate
/// registers) are linearly independent: combining over them visits each
/// element of a group once. The reduce lowering works on such layouts
/// directly; others take a detour through the blocked layout.
bool isReducible(const LinearLayout &layout, unsigned dim);

} // namespace tileir

#endif // TILEIR_DIALECT_TILEGPU_LINEARLAYOUT_H
