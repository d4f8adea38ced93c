//===- WarpGroupDotToLLVM.cpp - wgmma with operands in shared memory ------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// tilegpu.warpgroup_dot on sm_90: each warpgroup computes its block of the
// accumulator (getWgmmaConfig) with wgmma.mma_async.m64nNk16 instructions,
// one per 64 rows of the block and 16 of K, reading A and B through matrix
// descriptors:
//
//   bits  0-13  start address >> 4
//   bits 16-29  leading-dimension byte offset >> 4: the distance between
//               two column blocks of the swizzled layout (swizzle bytes x
//               stored rows)
//   bits 32-45  stride-dimension byte offset >> 4: the distance between
//               two groups of 8 stored rows (8 x swizzle bytes)
//   bits 62-63  swizzle: 1 = 128 bytes, 2 = 64, 3 = 32
//
// The buffers' layouts are getMmaSwizzled layouts, whose stages start on
// 1024-byte boundaries, so an instruction's first element (a multiple of 8
// stored rows and 16 elements along K) is at its unswizzled offset, and
// the hardware applies the swizzle to the rest. An operand stored with K
// contiguous is "K-major" (row-major A, column-major B); otherwise the
// instruction transposes it (16-bit types only, which is all this lowers).
//
// The op fences the registers its instructions read (wgmma.fence, with
// those registers as operands so that their definitions stay before it),
// issues every instruction, commits them as one group and, unless it is
// asynchronous, waits for it, so its result is complete when it returns and
// its operands may be overwritten after the next barrier. A zero
// accumulator is not materialized: the first instruction of each 64-row
// block runs with scale-d = 0.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "tileir/Dialect/TileGPU/Transforms/MmaLayouts.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::lowering;

namespace {

/// One operand's descriptor, without its start address.
struct Descriptor {
  SharedMemoryLayout layout;
  unsigned contiguousDim;
  uint64_t bits;
};

FailureOr<Descriptor> getDescriptor(tilegpu::SMemType type) {
  SharedMemoryLayout layout = type.getLayout().getSharedMemoryLayout();
  std::optional<SharedMemoryLayout::MmaSwizzle> swizzle =
      layout.matchMmaSwizzled(static_cast<unsigned>(type.getElementBytes()));
  if (!swizzle)
    return failure();
  int64_t rows = type.getShape()[1 - swizzle->contiguousDim];
  uint64_t leading = uint64_t(swizzle->swizzleBytes) * rows;
  uint64_t stride = 8 * uint64_t(swizzle->swizzleBytes);
  uint64_t mode = swizzle->swizzleBytes == 128  ? 1
                  : swizzle->swizzleBytes == 64 ? 2
                                                : 3;
  // The fields hold 14 bits of a byte offset >> 4.
  if ((leading >> 4) >= (uint64_t(1) << 14) ||
      (stride >> 4) >= (uint64_t(1) << 14))
    return failure();
  uint64_t bits = ((leading >> 4) << 16) | ((stride >> 4) << 32) |
                  (mode << 62);
  return Descriptor{layout, swizzle->contiguousDim, bits};
}

/// The start-address field of the warpgroup's block of `buffer`: (buffer
/// address + group offset) >> 4. Shared addresses are below 2^18, so the
/// field fits its 14 bits; buffers are 1024-byte and group offsets 16-byte
/// aligned, so adding an instruction tile's offset >> 4 to it is exact.
Value emitStartField(OpBuilder &b, Location loc, Value buffer,
                     Value groupOffset) {
  Type i32 = b.getI32Type();
  Value address = LLVM::PtrToIntOp::create(b, loc, i32, buffer);
  Value start = LLVM::AddOp::create(b, loc, address, groupOffset);
  return LLVM::LShrOp::create(b, loc, start, i32Const(b, loc, 4));
}

/// The descriptor of the instruction tile at `origin`: descriptor bits |
/// (`startField` + byte offset of the tile >> 4). The offset is a constant
/// (a multiple of 16 bytes), so one add per instruction remains in the loop
/// and the base field is computed once per product.
Value emitDescriptor(OpBuilder &b, Location loc, const Descriptor &d,
                     Value startField, ArrayRef<int64_t> origin,
                     int64_t elementBytes) {
  Type i64 = b.getI64Type();
  int64_t offset = d.layout.getOffset(origin) * elementBytes;
  Value field = startField;
  if (offset)
    field = LLVM::AddOp::create(b, loc, field, i32Const(b, loc, offset >> 4));
  Value wide = LLVM::ZExtOp::create(b, loc, i64, field);
  Value high = i64Const(b, loc, static_cast<int64_t>(d.bits));
  return LLVM::OrOp::create(b, loc, wide, high);
}

/// Byte offset of the warpgroup's first row (or column) along `dim` of the
/// buffer: the group index times the block size, through the layout (one
/// XOR term per group-index bit).
Value emitGroupOffset(OpBuilder &b, Location loc, const Descriptor &d,
                      Value groupIndex, unsigned dim, int64_t blockSize,
                      int64_t groups, int64_t elementBytes) {
  SmallVector<uint64_t> columns;
  for (int64_t g = 1; g < groups; g *= 2) {
    SmallVector<int64_t, 2> coords = {0, 0};
    coords[dim] = g * blockSize;
    columns.push_back(
        static_cast<uint64_t>(d.layout.getOffset(coords) * elementBytes));
  }
  return emitXorOfColumns(b, loc, groupIndex, columns, i32Const(b, loc, 0));
}

/// Elements of a fragment register type in one 32-bit word.
int64_t getElementsPerWord(Type element) {
  return 32 / std::max<int64_t>(8, element.getIntOrFloatBitWidth());
}

/// The 32-bit words of an A fragment held in registers: the bits of each
/// tf32 element, pairs of 16-bit elements or quads of 8-bit ones (the
/// first in the low bits).
SmallVector<Value> packFragmentWords(OpBuilder &b, Location loc,
                                     ArrayRef<Value> fragment) {
  Type i32 = b.getI32Type();
  if (fragment.empty() || fragment.front().getType().isF32()) {
    SmallVector<Value> words;
    for (Value element : fragment)
      words.push_back(LLVM::BitcastOp::create(b, loc, i32, element));
    return words;
  }
  int64_t perWord = getElementsPerWord(fragment.front().getType());
  auto vecType = VectorType::get({perWord}, fragment.front().getType());
  SmallVector<Value> words;
  for (size_t i = 0; i + perWord <= fragment.size(); i += perWord) {
    Value vec = LLVM::PoisonOp::create(b, loc, vecType);
    for (int64_t j = 0; j < perWord; ++j)
      vec = LLVM::InsertElementOp::create(b, loc, vec, fragment[i + j],
                                          i32Const(b, loc, j));
    words.push_back(LLVM::BitcastOp::create(b, loc, i32, vec));
  }
  return words;
}

/// wgmma.fence as inline PTX that reads every register the products read
/// from the register file (A fragments and the incoming accumulator). The
/// instructions that define them (the conversion of a softmax to bf16, the
/// rescaling of an accumulator) then stay before the fence: LLVM's
/// scheduler would otherwise sink them next to their wgmma, and ptxas
/// answers a register written after the fence with an extra
/// warpgroup.arrive (and a wait) before that wgmma.
void emitPinnedFence(OpBuilder &b, Location loc, ArrayRef<Value> inputs) {
  if (inputs.empty()) {
    NVVM::WgmmaFenceAlignedOp::create(b, loc);
    return;
  }
  std::string constraints;
  for (auto [i, v] : llvm::enumerate(inputs))
    constraints += std::string(i ? "," : "") +
                   (v.getType().isF32() ? "f" : "r");
  createAsm(b, loc, TypeRange(), inputs, "wgmma.fence.sync.aligned;",
            constraints);
}

/// The PTX name of a wgmma input type.
StringRef getWgmmaTypeName(Type element, bool isUnsigned) {
  if (isa<FloatTF32Type>(element))
    return "tf32";
  if (element.isBF16())
    return "bf16";
  if (isa<Float8E4M3FNType>(element))
    return "e4m3";
  if (isa<Float8E5M2Type>(element))
    return "e5m2";
  if (element.isInteger(8))
    return isUnsigned ? "u8" : "s8";
  return "f16";
}

/// wgmma with A in registers (the NVVM op takes only descriptors):
/// `wgmma.mma_async.sync.aligned.m64nNkK.<d>.<a>.<b> d, {a0..a3}, b-desc,
/// p[, 1, 1[, trans-b]];` with the accumulator struct tied in and out; p
/// is false where the accumulator starts from zero (its input is ignored).
/// Integer products have no input scales, and only 16-bit types have the
/// transpose operand (other B operands are K-major).
Value emitRegisterAWgmma(OpBuilder &b, Location loc, Value acc,
                         ArrayRef<Value> aWords, Value descB, int64_t n,
                         int64_t k, Type element, Type bElement,
                         bool aUnsigned, bool bUnsigned, bool transposeB,
                         bool accumulate) {
  auto structType = cast<LLVM::LLVMStructType>(acc.getType());
  size_t numAcc = structType.getBody().size();
  bool intAcc = structType.getBody().front().isInteger(32);
  bool sixteenBit = element.isBF16() || element.isF16();
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "{\n.reg .pred p;\nsetp.ne.b32 p, " << (accumulate ? 1 : 0)
     << ", 0;\n"
     << "wgmma.mma_async.sync.aligned.m64n" << n << "k" << k << "."
     << (intAcc ? "s32" : "f32") << "." << getWgmmaTypeName(element, aUnsigned)
     << "." << getWgmmaTypeName(bElement, bUnsigned) << " {";
  for (size_t i = 0; i < numAcc; ++i)
    os << (i ? ", " : "") << "$" << i;
  os << "}, {";
  for (size_t i = 0; i < aWords.size(); ++i)
    os << (i ? ", " : "") << "$" << numAcc + i;
  os << "}, $" << numAcc + aWords.size() << ", p";
  if (!intAcc)
    os << ", 1, 1";
  if (sixteenBit)
    os << ", " << (transposeB ? 1 : 0);
  os << ";\n}";
  std::string constraints;
  for (size_t i = 0; i < numAcc; ++i)
    constraints += std::string(i ? "," : "") + (intAcc ? "=r" : "=f");
  for (size_t i = 0; i < aWords.size(); ++i)
    constraints += ",r";
  constraints += ",l";
  for (size_t i = 0; i < numAcc; ++i)
    constraints += "," + std::to_string(i);
  SmallVector<Value> operands(aWords);
  operands.push_back(descB);
  for (size_t i = 0; i < numAcc; ++i)
    operands.push_back(LLVM::ExtractValueOp::create(b, loc, acc, i));
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, structType, operands, text, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::TailCallKind::None, /*asm_dialect=*/nullptr,
      /*operand_attrs=*/nullptr);
  return asmOp.getResult(0);
}

/// Whether `acc` is a splat zero: the product then starts with scale-d = 0
/// instead of zeroing its registers.
bool isZeroAccumulator(Value acc) {
  auto constant = acc.getDefiningOp<cuda_tile::ConstantOp>();
  if (!constant)
    return false;
  auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
  if (!dense || !dense.isSplat())
    return false;
  if (isa<FloatType>(dense.getElementType()))
    return dense.getSplatValue<APFloat>().isPosZero();
  if (isa<IntegerType>(dense.getElementType()))
    return dense.getSplatValue<APInt>().isZero();
  return false;
}

NVVM::WGMMATypes getWgmmaType(Type element, bool isUnsigned) {
  if (element.isBF16())
    return NVVM::WGMMATypes::bf16;
  if (isa<FloatTF32Type>(element))
    return NVVM::WGMMATypes::tf32;
  if (isa<Float8E4M3FNType>(element))
    return NVVM::WGMMATypes::e4m3;
  if (isa<Float8E5M2Type>(element))
    return NVVM::WGMMATypes::e5m2;
  if (element.isInteger(8))
    return isUnsigned ? NVVM::WGMMATypes::u8 : NVVM::WGMMATypes::s8;
  return NVVM::WGMMATypes::f16;
}

struct WarpGroupDotLowering
    : public ConvertOpToLLVMPattern<tilegpu::WarpGroupDotOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::WarpGroupDotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    const auto &converter =
        *static_cast<const TileLLVMTypeConverter *>(getTypeConverter());
    auto lhsBuffer = dyn_cast<tilegpu::SMemType>(op.getLhs().getType());
    auto lhsTile = dyn_cast<cuda_tile::TileType>(op.getLhs().getType());
    Type lhsElement = lhsBuffer ? lhsBuffer.getElementType()
                                : lhsTile.getElementType();
    tilegpu::SMemType rhsType = op.getRhs().getType();
    auto accType = cast<cuda_tile::TileType>(op.getAcc().getType());
    int64_t m = accType.getShape()[0], n = accType.getShape()[1],
            k = rhsType.getShape()[0];
    unsigned numWarps = getNumWarps(op);
    std::optional<tilegpu::WgmmaConfig> config = tilegpu::getWgmmaConfig(
        lhsElement, rhsType.getElementType(), accType.getElementType(), m, n,
        k, numWarps, converter.getTarget());
    if (!config)
      return op.emitOpError("has no wgmma form on ")
             << converter.getTarget().name;
    llvm::Expected<LinearLayout> accLayout =
        tilegpu::getWgmmaAccumulatorLayout(*config, accType.getShape(),
                                           numWarps);
    tilegpu::LayoutAttr have = tilegpu::getLayout(accType);
    if (!accLayout || !have) {
      if (!accLayout)
        llvm::consumeError(accLayout.takeError());
      return op.emitOpError("accumulator is not in the wgmma layout");
    }
    // With A in registers, the rows of A and the accumulator may both be
    // renamed (tilegpu::permuteWgmmaRows): the same instructions then
    // compute the product with its rows permuted.
    bool renamedRows = false;
    if (have.getLayout() != *accLayout) {
      llvm::Expected<LinearLayout> renamed =
          tilegpu::permuteWgmmaRows(*accLayout, 0);
      renamedRows = renamed && !lhsBuffer && have.getLayout() == *renamed;
      if (!renamed)
        llvm::consumeError(renamed.takeError());
      if (!renamedRows)
        return op.emitOpError("accumulator is not in the wgmma layout");
    }
    FailureOr<Descriptor> a = failure();
    SmallVector<Value> aRegs;
    if (lhsBuffer) {
      a = getDescriptor(lhsBuffer);
    } else {
      llvm::Expected<LinearLayout> aLayout = tilegpu::getWgmmaOperandALayout(
          *config, lhsTile.getShape(), numWarps);
      if (aLayout && renamedRows)
        aLayout = tilegpu::permuteWgmmaRows(*aLayout, 0);
      tilegpu::LayoutAttr aHave = tilegpu::getLayout(lhsTile);
      if (!aLayout || !aHave || aHave.getLayout() != *aLayout) {
        if (!aLayout)
          llvm::consumeError(aLayout.takeError());
        return op.emitOpError("register lhs is not in the wgmma A layout");
      }
      aRegs = unpackRegisters(rewriter, loc, adaptor.getLhs());
    }
    FailureOr<Descriptor> bDesc = getDescriptor(rhsType);
    if ((lhsBuffer && failed(a)) || failed(bDesc))
      return op.emitOpError("operands are not in a wgmma shared layout");

    int64_t elementBytes = rhsType.getElementBytes();
    int64_t rowsPerGroup = m / config->groupsM;
    int64_t colsPerGroup = n / config->groupsN;
    // Warps 4g .. 4g+3 form warpgroup g: groups step along M, then N.
    ThreadIds ids = getThreadIds(rewriter, loc);
    Value group = LLVM::LShrOp::create(rewriter, loc, ids.warp,
                                       i32Const(rewriter, loc, 2));
    Value groupM = group, groupN = i32Const(rewriter, loc, 0);
    if (config->groupsN > 1) {
      groupM = LLVM::AndOp::create(rewriter, loc, group,
                                   i32Const(rewriter, loc,
                                            config->groupsM - 1));
      groupN = LLVM::LShrOp::create(
          rewriter, loc, group,
          i32Const(rewriter, loc, llvm::Log2_64(config->groupsM)));
    }
    Value aGroup;
    if (lhsBuffer)
      aGroup = emitGroupOffset(rewriter, loc, *a, groupM, 0, rowsPerGroup,
                               config->groupsM, elementBytes);
    Value bGroup = emitGroupOffset(rewriter, loc, *bDesc, groupN, 1,
                                   colsPerGroup, config->groupsN,
                                   elementBytes);

    // A zero accumulator is never read: the first instruction of each row
    // block runs with scale-d = 0 on undefined registers.
    bool zeroAcc = isZeroAccumulator(op.getAcc());
    SmallVector<Value> regs = unpackRegisters(rewriter, loc, adaptor.getAcc());
    int64_t perInstr = colsPerGroup / 2;
    int64_t instrsM = rowsPerGroup / 64;
    if (int64_t(regs.size()) != perInstr * instrsM)
      return op.emitOpError("unexpected accumulator register count");
    Type accElement = accType.getElementType().isInteger(32)
                          ? Type(rewriter.getI32Type())
                          : Type(rewriter.getF32Type());
    auto structType = LLVM::LLVMStructType::getLiteral(
        ctx, SmallVector<Type>(perInstr, accElement));
    SmallVector<Value> accs;
    for (int64_t mi = 0; mi < instrsM; ++mi) {
      Value s = LLVM::PoisonOp::create(rewriter, loc, structType);
      if (!zeroAcc)
        for (int64_t i = 0; i < perInstr; ++i)
          s = LLVM::InsertValueOp::create(rewriter, loc, s,
                                          regs[mi * perInstr + i], i);
      accs.push_back(s);
    }

    auto layoutA = !lhsBuffer || a->contiguousDim == 1
                       ? NVVM::MMALayout::row
                       : NVVM::MMALayout::col;
    auto layoutB = bDesc->contiguousDim == 0 ? NVVM::MMALayout::col
                                             : NVVM::MMALayout::row;
    int64_t instrK = config->instrK;
    auto shape = NVVM::MMAShapeAttr::get(ctx, 64, colsPerGroup, instrK);
    auto typeA = NVVM::WGMMATypesAttr::get(
        ctx, getWgmmaType(lhsElement, op.getLhsUnsigned()));
    auto typeB = NVVM::WGMMATypesAttr::get(
        ctx, getWgmmaType(rhsType.getElementType(), op.getRhsUnsigned()));
    bool intAcc = accType.getElementType().isInteger(32);
    auto typeD = NVVM::WGMMATypesAttr::get(
        ctx, intAcc ? NVVM::WGMMATypes::s32 : NVVM::WGMMATypes::f32);
    auto scaleOne = NVVM::WGMMAScaleInAttr::get(ctx, NVVM::WGMMAScaleIn::one);
    auto accumulate =
        NVVM::WGMMAScaleOutAttr::get(ctx, NVVM::WGMMAScaleOut::one);
    auto overwrite =
        NVVM::WGMMAScaleOutAttr::get(ctx, NVVM::WGMMAScaleOut::zero);

    // Register operands are read at the fence: the A fragments' words and
    // the incoming accumulator, unless it is zero or comes straight from a
    // product (an asynchronous op's carried accumulator may still be
    // written by the previous one, and reading it would make ptxas wait for
    // it; a waited-for one needs no pin). An accumulator an asynchronous
    // product gets from other instructions, a rescale, is pinned like a
    // synchronous one's.
    SmallVector<Value> aWords;
    if (!lhsBuffer)
      aWords = packFragmentWords(rewriter, loc, aRegs);
    SmallVector<Value> fenced(aWords);
    bool fromProduct = isa<BlockArgument>(op.getAcc()) ||
                       op.getAcc().getDefiningOp<tilegpu::WarpGroupDotWaitOp>();
    if (!zeroAcc && (!op.getIsAsync() || !fromProduct))
      llvm::append_range(fenced, regs);
    emitPinnedFence(rewriter, loc, fenced);
    Value startB =
        emitStartField(rewriter, loc, adaptor.getRhs(), bGroup);
    Value startA =
        lhsBuffer ? emitStartField(rewriter, loc, adaptor.getLhs(), aGroup)
                  : Value();
    for (int64_t ki = 0; ki < k / instrK; ++ki) {
      for (int64_t mi = 0; mi < instrsM; ++mi) {
        Value descB = emitDescriptor(rewriter, loc, *bDesc, startB,
                                     {ki * instrK, 0}, elementBytes);
        bool accumulates = ki > 0 || !zeroAcc;
        if (!lhsBuffer) {
          // A fragment (mi, ki): words 4 * (ki + K/instrK * mi) onwards
          // (8-bit elements packed four a word, 16-bit two, tf32 one).
          int64_t first = 4 * (ki + (k / instrK) * mi);
          accs[mi] = emitRegisterAWgmma(
              rewriter, loc, accs[mi],
              ArrayRef<Value>(aWords).slice(first, 4), descB, colsPerGroup,
              instrK, lhsElement, rhsType.getElementType(),
              op.getLhsUnsigned(), op.getRhsUnsigned(),
              layoutB == NVVM::MMALayout::row, accumulates);
          continue;
        }
        Value descA = emitDescriptor(rewriter, loc, *a, startA,
                                     {mi * 64, ki * instrK}, elementBytes);
        accs[mi] = NVVM::WgmmaMmaAsyncOp::create(
            rewriter, loc, structType, accs[mi], descA, descB, shape, typeA,
            typeB, typeD, accumulates ? accumulate : overwrite, scaleOne,
            scaleOne,
            NVVM::MMALayoutAttr::get(ctx, layoutA),
            NVVM::MMALayoutAttr::get(ctx, layoutB),
            /*satfinite=*/nullptr);
      }
    }
    NVVM::WgmmaGroupSyncAlignedOp::create(rewriter, loc);
    if (!op.getIsAsync())
      NVVM::WgmmaWaitGroupSyncOp::create(rewriter, loc,
                                         rewriter.getI64IntegerAttr(0));

    SmallVector<Value> result;
    for (int64_t mi = 0; mi < instrsM; ++mi)
      for (int64_t i = 0; i < perInstr; ++i)
        result.push_back(
            LLVM::ExtractValueOp::create(rewriter, loc, accs[mi], i));
    Type resultType = converter.convertType(accType);
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "unconvertible result");
    rewriter.replaceOp(op, packRegisters(rewriter, loc, resultType, result));
    return success();
  }
};

/// wgmma.wait_group as inline PTX whose operands are tied to its results:
/// every register of the waited-for accumulators goes in and comes out, so
/// no instruction reads them before the wait.
struct WarpGroupDotWaitLowering
    : public ConvertOpToLLVMPattern<tilegpu::WarpGroupDotWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::WarpGroupDotWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // 16-bit and 8-bit values (a register A operand kept until its product
    // is done) go through the asm as packed words, as the product read
    // them.
    SmallVector<Value> regs;
    SmallVector<size_t> counts;
    SmallVector<Type> halves;
    for (Value v : adaptor.getValues()) {
      SmallVector<Value> r = unpackRegisters(rewriter, loc, v);
      Type element = r.empty() ? Type() : r.front().getType();
      bool half = element && (element.isBF16() || element.isF16() ||
                              element.isInteger(8));
      if (half && r.size() % getElementsPerWord(element))
        return rewriter.notifyMatchFailure(op, "partial fragment word");
      if (half)
        r = packFragmentWords(rewriter, loc, r);
      halves.push_back(half ? element : Type());
      counts.push_back(r.size());
      llvm::append_range(regs, r);
    }
    std::string text =
        ("wgmma.wait_group.sync.aligned " + llvm::Twine(op.getPending()) + ";")
            .str();
    // A late wait ends the block before it: the trap's condition is always
    // false (an SM has far fewer than 1024 warp slots), but ptxas cannot
    // know that, and instructions stay within their block.
    if (op.getLate())
      text = "{\n.reg .pred p;\n.reg .b32 w;\nmov.u32 w, %nwarpid;\n"
             "setp.gt.u32 p, w, 1024;\n@p trap;\n}\n" +
             text;
    SmallVector<Type> types;
    std::string outputs, ties;
    for (auto [i, v] : llvm::enumerate(regs)) {
      Type t = v.getType();
      char letter = t.isF32() ? 'f' : t.isInteger(32) ? 'r' : 0;
      if (!letter)
        return rewriter.notifyMatchFailure(op, "unsupported register type");
      types.push_back(t);
      outputs += std::string(i ? "," : "") + "=" + letter;
      ties += "," + std::to_string(i);
    }
    SmallVector<Value> results;
    if (regs.empty() && op.getLate()) {
      createAsm(rewriter, loc, TypeRange(), ValueRange(), text, "");
    } else if (!regs.empty()) {
      auto structType =
          LLVM::LLVMStructType::getLiteral(rewriter.getContext(), types);
      auto asmOp = LLVM::InlineAsmOp::create(
          rewriter, loc, structType, regs, text, outputs + ties,
          /*has_side_effects=*/true, /*is_align_stack=*/false,
          LLVM::TailCallKind::None, /*asm_dialect=*/nullptr,
          /*operand_attrs=*/nullptr);
      for (size_t i = 0; i < regs.size(); ++i)
        results.push_back(
            LLVM::ExtractValueOp::create(rewriter, loc, asmOp.getResult(0), i));
    } else {
      NVVM::WgmmaWaitGroupSyncOp::create(
          rewriter, loc, rewriter.getI64IntegerAttr(op.getPending()));
    }
    SmallVector<Value> packed;
    size_t next = 0;
    for (auto [value, count, half] : llvm::zip(op.getValues(), counts, halves)) {
      Type type = getTypeConverter()->convertType(value.getType());
      if (!type)
        return rewriter.notifyMatchFailure(op, "unconvertible type");
      SmallVector<Value> elements(ArrayRef<Value>(results).slice(next, count));
      if (half) {
        int64_t perWord = getElementsPerWord(half);
        auto pairType = VectorType::get({perWord}, half);
        SmallVector<Value> unpacked;
        for (Value word : elements) {
          Value pair = LLVM::BitcastOp::create(rewriter, loc, pairType, word);
          for (int64_t i = 0; i < perWord; ++i)
            unpacked.push_back(LLVM::ExtractElementOp::create(
                rewriter, loc, pair, i32Const(rewriter, loc, i)));
        }
        elements = std::move(unpacked);
      }
      packed.push_back(packRegisters(rewriter, loc, type, elements));
      next += count;
    }
    rewriter.replaceOp(op, packed);
    return success();
  }
};

} // namespace

void tileir::populateWarpGroupDotToLLVMPatterns(
    TileLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<WarpGroupDotLowering, WarpGroupDotWaitLowering>(converter);
}
