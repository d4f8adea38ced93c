//===- MmaToLLVM.cpp - Matrix multiply-accumulate on tensor cores ---===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// mmaf, mmai and mmaf_scaled: D = A x B + C over 2-D tiles or batches of
// them. Two strategies:
//
//  - mma.sync, when MmaLayouts.h finds an instruction for the element types
//    and the tile holds at least one instruction tile (getMmaInstr). A, B
//    and C move into the fragment layouts of MmaLayouts.h (in registers when
//    a register permutation suffices, else through the shared-memory arena,
//    one tile at a time), every warp issues the instructions of its
//    fragments (inline PTX, one per instruction tile and K step, in K
//    order), and D moves back to the result's layout. 8-bit floats on
//    targets without fp8 mma.sync are widened to f16 first (every e4m3 and
//    e5m2 value is exact in f16); an f16 accumulator of 8-bit floats is
//    carried in f32 and rounded once at the end.
//  - FMA, for everything else (f32 x f32, which the specification does not
//    round to tf32; tiles smaller than an instruction tile; mmaf_scaled,
//    whose operands are dequantized with their scales). A, B (and the
//    scales) are staged row-major in the arena at once, and every thread
//    computes its result registers with a K-ordered chain of fused
//    multiply-adds in f32 (f64 for f64, wrapping i32 for integers); an f16
//    accumulator is rounded once at the end.
//
// Shared-memory use matches tilegpu::getScratchBytes (PlanSharedMemory.cpp):
// every staging begins with a barrier (an earlier op may still be reading
// the arena) and reads only after a second one.
//
//===----------------------------------------------------------------------===//

#include "ElementwiseUtils.h"
#include "LoweringUtils.h"
#include "MemoryAccess.h"

#include "tileir/Dialect/TileGPU/Transforms/MmaLayouts.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/Support/MathExtras.h"


using namespace mlir;
using namespace tileir;
using namespace tileir::lowering;

namespace {

//===----------------------------------------------------------------------===//
// Operands
//===----------------------------------------------------------------------===//

/// One tile operand of a matrix product as the lowering sees it.
struct TileOperand {
  SmallVector<Value> regs;
  LinearLayout layout;
  /// The cuda_tile element type.
  Type element;
  /// For integers: read as signed.
  bool isSigned = true;

  ArrayRef<int64_t> getShape() const { return layout.getShape(); }
};

FailureOr<TileOperand> getOperand(OpBuilder &b, Location loc, Value original,
                                  Value converted, unsigned numWarps) {
  auto tile = dyn_cast<cuda_tile::TileType>(original.getType());
  if (!tile)
    return failure();
  FailureOr<LinearLayout> layout = getTileLayout(tile, numWarps);
  if (failed(layout))
    return failure();
  TileOperand operand;
  operand.regs = unpackRegisters(b, loc, converted);
  if (int64_t(operand.regs.size()) != layout->getNumRegisters())
    return failure();
  operand.layout = *layout;
  operand.element = tile.getElementType();
  return operand;
}

//===----------------------------------------------------------------------===//
// Scalars
//===----------------------------------------------------------------------===//

Value bitcast(OpBuilder &b, Location loc, Type type, Value v) {
  return LLVM::BitcastOp::create(b, loc, type, v);
}

/// The exact value of register `v` holding an element of type `element`, in
/// the compute type of the FMA path: f64 for f64, i32 for integers (sign- or
/// zero-extended), f32 otherwise.
Value widen(OpBuilder &b, Location loc, Value v, Type element, bool isSigned) {
  Type f32 = b.getF32Type();
  if (element.isInteger())
    return castInt(b, loc, v, b.getI32Type(), isSigned);
  if (element.isF16() || element.isBF16())
    return LLVM::FPExtOp::create(b, loc, f32, v);
  if (isa<Float8E4M3FNType>(element))
    return decodeF8E4M3(b, loc, v);
  if (isa<Float8E5M2Type>(element))
    return LLVM::FPExtOp::create(b, loc, f32, decodeF8E5M2ToF16(b, loc, v));
  if (isa<Float4E2M1FNType>(element))
    return decodeF4E2M1(b, loc, v);
  if (isa<Float8E8M0FNUType>(element))
    return decodeF8E8M0(b, loc, v);
  return v; // f32, tf32 (an f32 register), f64.
}

/// The register of an accumulator element from its compute-type value.
Value narrow(OpBuilder &b, Location loc, Value v, Type element) {
  if (element.isF16())
    return LLVM::FPTruncOp::create(b, loc, b.getF16Type(), v);
  return v;
}

//===----------------------------------------------------------------------===//
// Moving tiles
//===----------------------------------------------------------------------===//

/// Stores the registers of a tile in `layout` row-major from `base` (a
/// pointer to elements of the registers' type); duplicate registers of a
/// thread are stored once.
void storeRowMajor(OpBuilder &b, Location loc, Value base,
                   ArrayRef<Value> regs, const LinearLayout &layout,
                   const ThreadIds &ids) {
  Type memType = regs.front().getType();
  SmallVector<SmallVector<Value>> coords =
      emitElementCoordinates(b, loc, layout, ids);
  uint64_t duplicates = layout.getFreeMask(HwDim::Register);
  for (auto [r, value] : llvm::enumerate(regs)) {
    if (uint64_t(r) & duplicates)
      continue;
    Value offset = emitRowMajorOffset(b, loc, coords[r], layout.getShape());
    Value ptr = LLVM::GEPOp::create(b, loc, base.getType(), memType, base,
                                    ValueRange{offset});
    LLVM::StoreOp::create(b, loc, value, ptr);
  }
}

//===----------------------------------------------------------------------===//
// FMA path
//===----------------------------------------------------------------------===//

/// The optional block scales of mmaf_scaled: A's element (.., i, k) is
/// multiplied by aScale(.., i, k / V) and B's (.., k, j) by bScale(.., k / V,
/// j).
struct Scales {
  TileOperand a, b;
};

/// Above this many multiply-adds per thread the FMA path loops over K
/// instead of unrolling it.
constexpr int64_t kMaxUnrolledFmas = 512;

/// Computes the result registers (in `result`'s layout, the accumulator's)
/// with per-element K-ordered multiply-add chains over A and B staged in the
/// arena.
FailureOr<SmallVector<Value>>
lowerWithFma(ConversionPatternRewriter &rewriter, Location loc, Operation *op,
             const TileOperand &lhs,
             const TileOperand &rhs, const TileOperand &acc,
             const std::optional<Scales> &scales) {
  OpBuilder &b = rewriter;
  FailureOr<Value> arena = getSharedMemoryBase(b, loc, op);
  if (failed(arena))
    return failure();
  unsigned rank = acc.getShape().size();
  ArrayRef<int64_t> aShape = lhs.getShape(), bShape = rhs.getShape();
  int64_t m = aShape[rank - 2], k = aShape[rank - 1], n = bShape[rank - 1];
  Type i8 = b.getI8Type();
  ThreadIds ids = getThreadIds(b, loc);

  // Stage every input, each at a 16-byte aligned offset.
  SmallVector<const TileOperand *> staged = {&lhs, &rhs};
  if (scales) {
    staged.push_back(&scales->a);
    staged.push_back(&scales->b);
  }
  SmallVector<Value> bases;
  int64_t offset = 0;
  emitBarrier(b, loc);
  for (const TileOperand *t : staged) {
    // The arena is at most 227 KiB, so offsets fit GEP's 32-bit indices.
    Value base = LLVM::GEPOp::create(
        b, loc, arena->getType(), i8, *arena,
        ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(offset)});
    storeRowMajor(b, loc, base, t->regs, t->layout, ids);
    bases.push_back(base);
    int64_t bytes = t->layout.getNumElements() *
                    ((t->regs.front().getType().getIntOrFloatBitWidth() + 7) /
                     8);
    offset += llvm::alignTo(bytes, 16);
  }
  emitBarrier(b, loc);

  auto load = [&](unsigned which, Value index) {
    Type memType = staged[which]->regs.front().getType();
    Value ptr = LLVM::GEPOp::create(b, loc, bases[which].getType(), memType,
                                    bases[which], ValueRange{index});
    Value v = LLVM::LoadOp::create(b, loc, memType, ptr);
    return widen(b, loc, v, staged[which]->element, staged[which]->isSigned);
  };
  auto mulConst = [&](Value x, int64_t c) -> Value {
    if (c == 1)
      return x;
    return LLVM::MulOp::create(b, loc, x, i32Const(b, loc, c));
  };

  bool isInt = acc.element.isInteger();
  int64_t blockSize = 1, scaleK = 1;
  if (scales) {
    scaleK = scales->a.getShape()[rank - 1];
    blockSize = k / scaleK;
  }
  // Where row i of A, column j of B (and of the scales) start in the staged
  // copies, for each register computed (duplicate registers copy others).
  SmallVector<SmallVector<Value>> coords =
      emitElementCoordinates(b, loc, acc.layout, ids);
  uint64_t duplicates = acc.layout.getFreeMask(HwDim::Register);
  SmallVector<int64_t> computed;
  SmallVector<Value> aStart, bStart, saStart, sbStart, init;
  for (auto [r, c] : llvm::enumerate(acc.regs)) {
    if (uint64_t(r) & duplicates)
      continue;
    computed.push_back(r);
    Value batch = rank == 3 ? coords[r][0] : i32Const(b, loc, 0);
    Value i = coords[r][rank - 2], j = coords[r][rank - 1];
    Value aRow = LLVM::AddOp::create(b, loc, mulConst(batch, m), i);
    aStart.push_back(mulConst(aRow, k));
    bStart.push_back(LLVM::AddOp::create(b, loc, mulConst(batch, k * n), j));
    if (scales) {
      saStart.push_back(mulConst(aRow, scaleK));
      sbStart.push_back(
          LLVM::AddOp::create(b, loc, mulConst(batch, scaleK * n), j));
    }
    init.push_back(widen(b, loc, c, acc.element, /*isSigned=*/true));
  }

  // One K step for every computed register: `kk` is the step's K index and
  // `group` its scale index (k / V), both i32.
  auto step = [&](Value kk, Value group, SmallVector<Value> &sums) {
    Value bOffset = mulConst(kk, n);
    Value sbOffset = scales ? mulConst(group, n) : Value();
    for (size_t e = 0; e < sums.size(); ++e) {
      Value x = load(0, LLVM::AddOp::create(b, loc, aStart[e], kk));
      Value y = load(1, LLVM::AddOp::create(b, loc, bStart[e], bOffset));
      if (scales) {
        x = LLVM::FMulOp::create(
            b, loc, x,
            load(2, LLVM::AddOp::create(b, loc, saStart[e], group)));
        y = LLVM::FMulOp::create(
            b, loc, y,
            load(3, LLVM::AddOp::create(b, loc, sbStart[e], sbOffset)));
      }
      if (isInt)
        sums[e] = LLVM::AddOp::create(b, loc, sums[e],
                                      LLVM::MulOp::create(b, loc, x, y));
      else
        sums[e] = LLVM::FMAOp::create(b, loc, x, y, sums[e]);
    }
  };

  SmallVector<Value> sums = init;
  if (int64_t(computed.size()) * k <= kMaxUnrolledFmas) {
    for (int64_t kk = 0; kk < k; ++kk) {
      Value kIndex = i32Const(b, loc, kk);
      Value blockIndex = i32Const(b, loc, kk / blockSize);
      step(kIndex, blockIndex, sums);
    }
  } else {
    // A loop over K keeps the code size independent of K:
    //   before: br body(0, init)
    //   body(kk, sums): step; kk + 1 < K ? br body : br after(sums)
    Block *before = b.getInsertionBlock();
    Block *after = rewriter.splitBlock(before, b.getInsertionPoint());
    SmallVector<Type> types = {b.getI32Type()};
    SmallVector<Location> locs = {loc};
    for (Value v : init) {
      types.push_back(v.getType());
      locs.push_back(loc);
    }
    Block *body = rewriter.createBlock(after, types, locs);
    b.setInsertionPointToEnd(before);
    SmallVector<Value> entryArgs = {i32Const(b, loc, 0)};
    llvm::append_range(entryArgs, init);
    LLVM::BrOp::create(b, loc, entryArgs, body);

    b.setInsertionPointToStart(body);
    Value kk = body->getArgument(0);
    sums.assign(body->args_begin() + 1, body->args_end());
    Value group = LLVM::UDivOp::create(b, loc, kk, i32Const(b, loc, blockSize));
    step(kk, group, sums);
    Value next = LLVM::AddOp::create(b, loc, kk, i32Const(b, loc, 1));
    Value more = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::slt, next,
                                      i32Const(b, loc, k));
    SmallVector<Value> loopArgs = {next};
    llvm::append_range(loopArgs, sums);
    // The sums leave the loop through the arguments of an exit block that
    // falls through to the rest of the original block.
    Block *exit =
        rewriter.createBlock(after, ArrayRef<Type>(types).drop_front(),
                             ArrayRef<Location>(locs).drop_front());
    b.setInsertionPointToEnd(body);
    LLVM::CondBrOp::create(b, loc, more, body, loopArgs, exit, sums);
    b.setInsertionPointToStart(exit);
    Operation *fallThrough = LLVM::BrOp::create(b, loc, ValueRange(), after);
    b.setInsertionPoint(fallThrough);
    sums.assign(exit->args_begin(), exit->args_end());
  }

  SmallVector<Value> result(acc.regs.size());
  for (auto [e, r] : llvm::enumerate(computed))
    result[r] = narrow(b, loc, sums[e], acc.element);
  for (size_t r = 0; r < result.size(); ++r)
    if (!result[r])
      result[r] = result[r & ~duplicates];
  return result;
}

//===----------------------------------------------------------------------===//
// mma.sync path
//===----------------------------------------------------------------------===//

/// The PTX type name of mma operand elements.
StringRef getPtxType(Type element, bool isSigned) {
  if (element.isF16())
    return "f16";
  if (element.isBF16())
    return "bf16";
  if (isa<FloatTF32Type>(element))
    return "tf32";
  if (element.isF32())
    return "f32";
  if (element.isF64())
    return "f64";
  if (isa<Float8E4M3FNType>(element))
    return "e4m3";
  if (isa<Float8E5M2Type>(element))
    return "e5m2";
  if (element.isInteger(8))
    return isSigned ? "s8" : "u8";
  if (element.isInteger(32))
    return "s32";
  return "";
}

/// Packs fragment elements into the 32-bit (or, for f64, 64-bit) PTX
/// registers of mma.sync: element 0 in the low bits.
SmallVector<Value> packFragment(OpBuilder &b, Location loc,
                                ArrayRef<Value> elements) {
  Type type = elements.front().getType();
  Type i32 = b.getI32Type();
  SmallVector<Value> regs;
  if (type.getIntOrFloatBitWidth() >= 32)
    return SmallVector<Value>(elements);
  if (type.isF16() || type.isBF16()) {
    auto vec = VectorType::get({2}, type);
    for (size_t i = 0; i + 1 < elements.size(); i += 2) {
      Value v = LLVM::PoisonOp::create(b, loc, vec);
      v = LLVM::InsertElementOp::create(b, loc, v, elements[i],
                                        i32Const(b, loc, 0));
      v = LLVM::InsertElementOp::create(b, loc, v, elements[i + 1],
                                        i32Const(b, loc, 1));
      regs.push_back(bitcast(b, loc, i32, v));
    }
    return regs;
  }
  // Bytes.
  for (size_t i = 0; i + 3 < elements.size(); i += 4) {
    Value word = i32Const(b, loc, 0);
    for (unsigned j = 0; j < 4; ++j) {
      Value byte = castInt(b, loc, elements[i + j], i32, /*isSigned=*/false);
      if (j)
        byte = LLVM::ShlOp::create(b, loc, byte, i32Const(b, loc, 8 * j));
      word = LLVM::OrOp::create(b, loc, word, byte);
    }
    regs.push_back(word);
  }
  return regs;
}

/// The inline-assembly constraint letter of a PTX register value.
char getConstraint(Type type) {
  if (type.isF64())
    return 'd';
  if (type.isF32())
    return 'f';
  return 'r';
}

/// One mma.sync.aligned.<shape>.row.col.<d>.<a>.<b>.<c>; returns D's
/// registers (same types as C's).
SmallVector<Value> emitMmaSync(OpBuilder &b, Location loc, StringRef shape,
                               StringRef dType, StringRef aType,
                               StringRef bType, ArrayRef<Value> a,
                               ArrayRef<Value> bRegs, ArrayRef<Value> c) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "mma.sync.aligned." << shape << ".row.col." << dType << "." << aType
     << "." << bType << "." << dType << " ";
  std::string constraints;
  unsigned next = 0;
  auto list = [&](size_t count) {
    os << "{";
    for (size_t i = 0; i < count; ++i)
      os << (i ? ", " : "") << "$" << next++;
    os << "}";
  };
  list(c.size());
  os << ", ";
  list(a.size());
  os << ", ";
  list(bRegs.size());
  os << ", ";
  list(c.size());
  os << ";";
  for (Value v : c)
    constraints += std::string(constraints.empty() ? "" : ",") + "=" +
                   getConstraint(v.getType());
  SmallVector<Value> operands;
  for (ArrayRef<Value> group : {a, bRegs, c})
    for (Value v : group) {
      constraints += std::string(",") + getConstraint(v.getType());
      operands.push_back(v);
    }
  SmallVector<Type> resultTypes(c.size(), c.front().getType());
  auto structType =
      LLVM::LLVMStructType::getLiteral(b.getContext(), resultTypes);
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, structType, operands, text, constraints,
      /*has_side_effects=*/false, /*is_align_stack=*/false,
      LLVM::TailCallKind::None, /*asm_dialect=*/nullptr,
      /*operand_attrs=*/nullptr);
  SmallVector<Value> d;
  for (size_t i = 0; i < c.size(); ++i)
    d.push_back(LLVM::ExtractValueOp::create(b, loc, asmOp.getResult(0), i));
  return d;
}

/// The element type mma.sync reads an operand of `element` as on `target`:
/// 8-bit floats become f16 where the target has no fp8 mma.sync.
Type getMmaInputType(Type element, const GPUTarget &target) {
  if (isa<Float8E4M3FNType, Float8E5M2Type>(element) && !target.hasFp8MmaSync)
    return Float16Type::get(element.getContext());
  return element;
}

/// The register of an operand element as mma.sync input of `inputType`.
Value toMmaInput(OpBuilder &b, Location loc, Value v, Type element,
                 Type inputType) {
  if (inputType == element)
    return v;
  // 8-bit float -> f16, exactly.
  if (isa<Float8E5M2Type>(element))
    return decodeF8E5M2ToF16(b, loc, v);
  return LLVM::FPTruncOp::create(b, loc, b.getF16Type(),
                                 decodeF8E4M3(b, loc, v));
}

/// Lowers through mma.sync, or returns std::nullopt when there is no
/// instruction for the types and shapes (the caller uses FMA).
std::optional<FailureOr<SmallVector<Value>>>
lowerWithMmaSync(OpBuilder &b, Location loc, Operation *op,
                 const TileOperand &lhs, const TileOperand &rhs,
                 const TileOperand &acc, const GPUTarget &target,
                 unsigned numWarps) {
  unsigned rank = acc.getShape().size();
  if (rank != 2 && rank != 3)
    return std::nullopt;
  ArrayRef<int64_t> aShape = lhs.getShape(), bShape = rhs.getShape(),
                    cShape = acc.getShape();
  int64_t m = cShape[rank - 2], n = cShape[rank - 1], k = aShape[rank - 1];
  Type aInput = getMmaInputType(lhs.element, target);
  Type bInput = getMmaInputType(rhs.element, target);
  bool isFp8 = isa<Float8E4M3FNType, Float8E5M2Type>(lhs.element);
  // 8-bit floats accumulate in f32 (the f16-accumulating fp8 forms are
  // recent PTX), rounding an f16 result once at the end.
  Type accInput = acc.element;
  if (isFp8 && acc.element.isF16())
    accInput = b.getF32Type();
  std::optional<MmaInstr> instr =
      tilegpu::getMmaInstr(aInput, bInput, accInput, k, target);
  if (!instr || numWarps == 0 || !llvm::isPowerOf2_32(numWarps))
    return std::nullopt;
  MmaInstrShape is = getMmaInstrShape(*instr);
  if (m < is.m || n < is.n || k < is.k)
    return std::nullopt;
  tilegpu::MmaConfig config{*instr,
                            tilegpu::getMmaWarpsPerCTA({m, n}, numWarps,
                                                       *instr)};
  // Layout assignment may have stacked the warps differently (and given the
  // accumulator that arrangement's fragment layout).
  if (std::optional<tilegpu::MmaConfig> assigned =
          tilegpu::getMmaConfig(op, numWarps, target))
    config.warpsPerCTA = assigned->warpsPerCTA;
  auto fragments = [&](MmaOperand which, ArrayRef<int64_t> shape)
      -> FailureOr<tilegpu::MmaOperandLayout> {
    llvm::Expected<tilegpu::MmaOperandLayout> layout =
        tilegpu::getMmaOperandLayout(config, which, shape);
    if (!layout) {
      llvm::consumeError(layout.takeError());
      return failure();
    }
    return *layout;
  };
  FailureOr<tilegpu::MmaOperandLayout> fragA = fragments(MmaOperand::A, aShape);
  FailureOr<tilegpu::MmaOperandLayout> fragB = fragments(MmaOperand::B, bShape);
  FailureOr<tilegpu::MmaOperandLayout> fragC = fragments(MmaOperand::C, cShape);
  if (failed(fragA) || failed(fragB) || failed(fragC))
    return FailureOr<SmallVector<Value>>(failure());

  // Operands into their fragment layouts, converted in place first so that
  // widened 8-bit floats travel once.
  auto prepare = [&](const TileOperand &t, Type input,
                     const LinearLayout &dst) {
    SmallVector<Value> regs;
    for (Value v : t.regs)
      regs.push_back(toMmaInput(b, loc, v, t.element, input));
    return redistribute(b, loc, op, regs, t.layout, dst,
                        getThreadIds(b, loc));
  };
  FailureOr<SmallVector<Value>> a = prepare(lhs, aInput, fragA->layout);
  if (failed(a))
    return FailureOr<SmallVector<Value>>(failure());
  FailureOr<SmallVector<Value>> bv = prepare(rhs, bInput, fragB->layout);
  if (failed(bv))
    return FailureOr<SmallVector<Value>>(failure());
  FailureOr<SmallVector<Value>> c =
      redistribute(b, loc, op, acc.regs, acc.layout, fragC->layout,
                   getThreadIds(b, loc));
  if (failed(c))
    return FailureOr<SmallVector<Value>>(failure());
  SmallVector<Value> d = *c;
  if (accInput != acc.element)
    for (Value &v : d)
      v = LLVM::FPExtOp::create(b, loc, accInput, v);

  std::string shapeName = ("m" + llvm::Twine(is.m) + "n" + llvm::Twine(is.n) +
                           "k" + llvm::Twine(is.k))
                              .str();
  StringRef aPtx = getPtxType(aInput, lhs.isSigned);
  StringRef bPtx = getPtxType(bInput, rhs.isSigned);
  StringRef dPtx = getPtxType(accInput, true);
  int64_t repsM = fragC->matrix.getNumRepetitions(0);
  int64_t repsN = fragC->matrix.getNumRepetitions(1);
  int64_t repsK = fragA->matrix.getNumRepetitions(1);
  if (fragB->matrix.getNumRepetitions(0) != repsK ||
      fragA->matrix.getNumRepetitions(0) != repsM ||
      fragB->matrix.getNumRepetitions(1) != repsN)
    return FailureOr<SmallVector<Value>>(failure());
  bool accIsF16 = accInput.isF16();
  for (int64_t batch = 0; batch < fragC->batch; ++batch) {
    for (int64_t im = 0; im < repsM; ++im) {
      for (int64_t in = 0; in < repsN; ++in) {
        SmallVector<int64_t, 16> cRegs =
            fragC->matrix.getFragmentRegisters(im, in);
        SmallVector<Value> cFrag;
        for (int64_t r : cRegs)
          cFrag.push_back(d[fragC->getRegister(batch, r)]);
        // An f16 accumulator travels as f16x2 pairs.
        SmallVector<Value> acc =
            accIsF16 ? packFragment(b, loc, cFrag) : cFrag;
        for (int64_t ik = 0; ik < repsK; ++ik) {
          SmallVector<Value> aFrag, bFrag;
          for (int64_t r : fragA->matrix.getFragmentRegisters(im, ik))
            aFrag.push_back((*a)[fragA->getRegister(batch, r)]);
          for (int64_t r : fragB->matrix.getFragmentRegisters(ik, in))
            bFrag.push_back((*bv)[fragB->getRegister(batch, r)]);
          SmallVector<Value> aPacked = packFragment(b, loc, aFrag);
          SmallVector<Value> bPacked = packFragment(b, loc, bFrag);
          // tf32 travels in b32 registers.
          if (isa<FloatTF32Type>(aInput)) {
            for (Value &v : aPacked)
              v = bitcast(b, loc, b.getI32Type(), v);
            for (Value &v : bPacked)
              v = bitcast(b, loc, b.getI32Type(), v);
          }
          acc = emitMmaSync(b, loc, shapeName, dPtx, aPtx, bPtx, aPacked,
                            bPacked, acc);
        }
        SmallVector<Value> out;
        if (accIsF16) {
          auto vec = VectorType::get({2}, b.getF16Type());
          for (Value word : acc) {
            Value pair = bitcast(b, loc, vec, word);
            for (int64_t h = 0; h < 2; ++h)
              out.push_back(LLVM::ExtractElementOp::create(
                  b, loc, pair, i32Const(b, loc, h)));
          }
        } else {
          out = acc;
        }
        for (auto [r, v] : llvm::zip(cRegs, out))
          d[fragC->getRegister(batch, r)] = v;
      }
    }
  }
  if (accInput != acc.element)
    for (Value &v : d)
      v = LLVM::FPTruncOp::create(b, loc, acc.element, v);
  return redistribute(b, loc, op, d, fragC->layout, acc.layout,
                      getThreadIds(b, loc));
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// The shared part of the three patterns: `scales` only for mmaf_scaled.
LogicalResult lowerProduct(Operation *op, ValueRange original,
                           ValueRange converted, std::optional<bool> lhsSigned,
                           std::optional<bool> rhsSigned,
                           ConversionPatternRewriter &rewriter,
                           const TileLLVMTypeConverter &converter) {
  Location loc = op->getLoc();
  unsigned numWarps = getNumWarps(op);
  Type resultType = converter.convertType(op->getResult(0).getType());
  if (!resultType)
    return rewriter.notifyMatchFailure(op, "unconvertible result type");
  SmallVector<TileOperand, 5> operands;
  for (auto [orig, conv] : llvm::zip(original, converted)) {
    FailureOr<TileOperand> operand =
        getOperand(rewriter, loc, orig, conv, numWarps);
    if (failed(operand))
      return rewriter.notifyMatchFailure(op, "operand without a layout");
    operands.push_back(std::move(*operand));
  }
  if (lhsSigned)
    operands[0].isSigned = *lhsSigned;
  if (rhsSigned)
    operands[1].isSigned = *rhsSigned;
  unsigned rank = operands[2].getShape().size();
  if (rank != 2 && rank != 3)
    return rewriter.notifyMatchFailure(op, "expected rank-2 or rank-3 tiles");
  // The result has the accumulator's type, hence its layout.
  if (op->getResult(0).getType() != original[2].getType())
    return rewriter.notifyMatchFailure(op, "result and accumulator differ");

  FailureOr<SmallVector<Value>> result = failure();
  std::optional<Scales> scales;
  if (operands.size() == 5)
    scales = Scales{operands[3], operands[4]};
  std::optional<FailureOr<SmallVector<Value>>> viaMma;
  if (!scales)
    viaMma = lowerWithMmaSync(rewriter, loc, op, operands[0], operands[1],
                              operands[2], converter.getTarget(), numWarps);
  if (viaMma)
    result = *viaMma;
  else
    result = lowerWithFma(rewriter, loc, op, operands[0], operands[1],
                          operands[2], scales);
  if (failed(result))
    return rewriter.notifyMatchFailure(op, "cannot lower the product");
  rewriter.replaceOp(op, packRegisters(rewriter, loc, resultType, *result));
  return success();
}

struct MmaFLowering : public ConvertOpToLLVMPattern<cuda_tile::MmaFOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::MmaFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return lowerProduct(
        op, op->getOperands(), adaptor.getOperands(), std::nullopt,
        std::nullopt, rewriter,
        *static_cast<const TileLLVMTypeConverter *>(getTypeConverter()));
  }
};

struct MmaILowering : public ConvertOpToLLVMPattern<cuda_tile::MmaIOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::MmaIOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return lowerProduct(
        op, op->getOperands(), adaptor.getOperands(),
        op.getSignednessLhs() == cuda_tile::Signedness::Signed,
        op.getSignednessRhs() == cuda_tile::Signedness::Signed, rewriter,
        *static_cast<const TileLLVMTypeConverter *>(getTypeConverter()));
  }
};

struct MmaFScaledLowering
    : public ConvertOpToLLVMPattern<cuda_tile::MmaFScaledOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::MmaFScaledOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return lowerProduct(
        op, op->getOperands(), adaptor.getOperands(), std::nullopt,
        std::nullopt, rewriter,
        *static_cast<const TileLLVMTypeConverter *>(getTypeConverter()));
  }
};

} // namespace

void tileir::populateMmaToLLVMPatterns(TileLLVMTypeConverter &converter,
                                       RewritePatternSet &patterns) {
  patterns.add<MmaFLowering, MmaILowering, MmaFScaledLowering>(converter);
}
