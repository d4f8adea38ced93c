//===- AtomicToLLVM.cpp - Atomics through pointers and views --------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// atomic_rmw_tko and atomic_cas_tko become one PTX `atom` per element, with
// the ordering and scope as `.relaxed/.acquire/.release/.acq_rel` and
// `.cta/.gpu/.sys`. Only the owner of each element (emitOwnerPredicate)
// performs it; the old value then reaches every thread holding a copy of
// the element (broadcastFromOwners). When the old values are not used and
// the ordering allows it (relaxed, release), the instruction is `red`.
//
// bf16 addition has no atom before sm_90: it is a compare-and-swap loop on
// the 16-bit word that adds with one rounding (fma.rn.bf16 x, 1, y).
//
// atomic_red_view_tko reduces a whole tile into a view (MemoryToLLVM.cpp
// addresses it); its float additions use the vector and packed forms of
// `red` (f16x2, and .v2/.v4/.v8 on sm_90+) where the layout gives a
// thread consecutive elements.
//
//===----------------------------------------------------------------------===//

#include "MemoryAccess.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::lowering;

using cuda_tile::AtomicRMWMode;

//===----------------------------------------------------------------------===//
// Instruction selection
//===----------------------------------------------------------------------===//

FailureOr<AtomicInstr> lowering::getAtomicInstr(AtomicRMWMode mode,
                                                Type element, unsigned sm) {
  AtomicInstr instr;
  bool isInt = element.isInteger(32) || element.isInteger(64);
  unsigned bits = element.isIntOrFloat() ? element.getIntOrFloatBitWidth() : 0;
  instr.bits = bits;
  std::string width = std::to_string(bits);
  switch (mode) {
  case AtomicRMWMode::And:
  case AtomicRMWMode::Or:
  case AtomicRMWMode::Xor: {
    if (!isInt)
      return failure();
    StringRef op = mode == AtomicRMWMode::And  ? ".and"
                   : mode == AtomicRMWMode::Or ? ".or"
                                               : ".xor";
    instr.op = (op + ".b" + width).str();
    return instr;
  }
  case AtomicRMWMode::Add:
    if (!isInt)
      return failure();
    instr.op = ".add.u" + width;
    return instr;
  case AtomicRMWMode::Max:
  case AtomicRMWMode::Min:
  case AtomicRMWMode::UMax:
  case AtomicRMWMode::UMin: {
    if (!isInt)
      return failure();
    bool isMax = mode == AtomicRMWMode::Max || mode == AtomicRMWMode::UMax;
    bool isSigned = mode == AtomicRMWMode::Max || mode == AtomicRMWMode::Min;
    instr.op = std::string(isMax ? ".max" : ".min") + (isSigned ? ".s" : ".u") +
               width;
    return instr;
  }
  case AtomicRMWMode::Xchg:
    if (!isInt && !element.isF32() && !element.isF64())
      return failure();
    instr.op = ".exch.b" + width;
    return instr;
  case AtomicRMWMode::AddF:
    if (element.isF32() || element.isF64()) {
      instr.op = ".add.f" + width;
      return instr;
    }
    if (element.isF16()) {
      instr.op = ".add.noftz.f16";
      return instr;
    }
    if (element.isBF16()) {
      instr.op = ".add.noftz.bf16";
      instr.emulated = sm < 90;
      return instr;
    }
    return failure();
  }
  return failure();
}

unsigned lowering::getMaxReduceVectorWidth(AtomicRMWMode mode, Type element,
                                           unsigned sm) {
  if (mode != AtomicRMWMode::AddF)
    return 1;
  if (element.isF32())
    return sm >= 90 ? 4 : 1;
  if (element.isF16())
    return sm >= 90 ? 8 : 2;
  if (element.isBF16())
    return sm >= 90 ? 8 : 1;
  return 1;
}

//===----------------------------------------------------------------------===//
// Emission
//===----------------------------------------------------------------------===//

static StringRef getConstraint(unsigned bits) {
  return bits <= 16 ? "h" : bits <= 32 ? "r" : "l";
}

/// The bits of `value` as an integer of its width.
static Value toBits(OpBuilder &b, Location loc, Value value) {
  Type type = value.getType();
  if (type.isInteger())
    return value;
  return LLVM::BitcastOp::create(
      b, loc, b.getIntegerType(type.getIntOrFloatBitWidth()), value);
}

static Value fromBits(OpBuilder &b, Location loc, Value bits, Type type) {
  if (type.isInteger())
    return bits;
  return LLVM::BitcastOp::create(b, loc, type, bits);
}

/// lowering::createAsm with at most one result (none when null).
static LLVM::InlineAsmOp createAsm(OpBuilder &b, Location loc, Type result,
                                   ValueRange operands, StringRef text,
                                   StringRef constraints) {
  return lowering::createAsm(b, loc,
                             result ? TypeRange(result) : TypeRange(),
                             operands, text, constraints);
}

/// bf16 addition by compare-and-swap: read the word, add with one rounding,
/// swap it in if nobody changed it meanwhile, else retry with what was
/// found. Returns the value found before the successful swap.
static Value emitBF16AddLoop(OpBuilder &b, Location loc, Value addr,
                             Value pred, Value value, StringRef sem,
                             StringRef space) {
  std::string text = "{\n"
                     "\t.reg .pred retry;\n"
                     "\t.reg .b16 seen, sum, one;\n"
                     "\t@!$1 bra done${:uid};\n"
                     "\tmov.b16 one, 0x3F80;\n"
                     "\tld.relaxed.gpu" +
                     space.str() +
                     ".b16 seen, [$2];\n"
                     "loop${:uid}:\n"
                     "\tfma.rn.bf16 sum, seen, one, $3;\n"
                     "\tatom" +
                     sem.str() + space.str() +
                     ".cas.b16 $0, [$2], seen, sum;\n"
                     "\tsetp.ne.b16 retry, $0, seen;\n"
                     "\tmov.b16 seen, $0;\n"
                     "\t@retry bra loop${:uid};\n"
                     "done${:uid}:\n"
                     "}";
  Type i16 = b.getI16Type();
  return createAsm(b, loc, i16,
                   ValueRange{pred, addr, toBits(b, loc, value)}, text,
                   "=h,b,l,h")
      .getResult(0);
}

Value lowering::emitAtomic(OpBuilder &b, Location loc, const AtomicInstr &instr,
                           Value addr, Value pred, Value value, Value compare,
                           bool wantResult, StringRef sem, StringRef space) {
  Type type = value.getType();
  if (!pred)
    pred = LLVM::ConstantOp::create(b, loc, b.getI1Type(), b.getBoolAttr(true));
  if (instr.emulated) {
    Value old = emitBF16AddLoop(b, loc, addr, pred, value, sem, space);
    return fromBits(b, loc, old, type);
  }
  StringRef c = getConstraint(instr.bits);
  // PTX has no `red.exch`: an exchange is always an `atom`, its old value
  // discarded when unused.
  if (!wantResult && !compare &&
      !StringRef(instr.op).starts_with(".exch") &&
      (sem.starts_with(".relaxed") || sem.starts_with(".release"))) {
    std::string text =
        "@$0 red" + sem.str() + space.str() + instr.op + " [$1], $2;";
    createAsm(b, loc, Type(), ValueRange{pred, addr, toBits(b, loc, value)},
              text, ("b,l," + c).str());
    return {};
  }
  Type carrier = b.getIntegerType(instr.bits);
  if (compare) {
    // Elements that take no part return `compare`.
    std::string text = "{\n\tmov.b" + std::to_string(instr.bits) +
                       " $0, $3;\n\t@$1 atom" + sem.str() + space.str() +
                       ".cas.b" + std::to_string(instr.bits) +
                       " $0, [$2], $3, $4;\n}";
    Value old =
        createAsm(b, loc, carrier,
                  ValueRange{pred, addr, toBits(b, loc, compare),
                             toBits(b, loc, value)},
                  text, ("=" + c + ",b,l," + c + "," + c).str())
            .getResult(0);
    return fromBits(b, loc, old, type);
  }
  std::string text =
      "@$1 atom" + sem.str() + space.str() + instr.op + " $0, [$2], $3;";
  Value old = createAsm(b, loc, carrier,
                        ValueRange{pred, addr, toBits(b, loc, value)}, text,
                        ("=" + c + ",b,l," + c).str())
                  .getResult(0);
  return fromBits(b, loc, old, type);
}

void lowering::emitAtomicReduce(OpBuilder &b, Location loc,
                                const AtomicInstr &instr, Value addr,
                                Value pred, ArrayRef<Value> values,
                                StringRef sem, StringRef space) {
  if (values.size() == 1) {
    emitAtomic(b, loc, instr, addr, pred, values.front(), Value(),
               /*wantResult=*/false, sem, space);
    return;
  }
  if (!pred)
    pred = LLVM::ConstantOp::create(b, loc, b.getI1Type(), b.getBoolAttr(true));
  Type type = values.front().getType();
  SmallVector<Value> words;
  std::string op;
  if (type.isF32()) {
    for (Value v : values)
      words.push_back(toBits(b, loc, v));
    op = ".add.v" + std::to_string(values.size()) + ".f32";
  } else {
    // Pairs of halves travel as one packed word, lower address low.
    Type i32 = b.getI32Type();
    for (unsigned i = 0; i + 1 < values.size(); i += 2) {
      Value lo = LLVM::ZExtOp::create(b, loc, i32, toBits(b, loc, values[i]));
      Value hi =
          LLVM::ZExtOp::create(b, loc, i32, toBits(b, loc, values[i + 1]));
      hi = LLVM::ShlOp::create(b, loc, hi, i32Const(b, loc, 16));
      words.push_back(LLVM::OrOp::create(b, loc, lo, hi));
    }
    std::string packed = type.isF16() ? ".f16x2" : ".bf16x2";
    op = ".add.noftz" +
         (words.size() == 1 ? std::string()
                            : ".v" + std::to_string(words.size())) +
         packed;
  }
  std::string list;
  std::string constraints = "b,l";
  for (unsigned i = 0; i < words.size(); ++i) {
    list += (i ? ", $" : "$") + std::to_string(2 + i);
    constraints += ",r";
  }
  if (words.size() > 1)
    list = "{" + list + "}";
  SmallVector<Value> operands = {pred, addr};
  operands.append(words.begin(), words.end());
  createAsm(b, loc, Type(), operands,
            "@$0 red" + sem.str() + space.str() + op + " [$1], " + list + ";",
            constraints);
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

namespace {

const TileLLVMTypeConverter &getConverter(const TypeConverter *converter) {
  return *static_cast<const TileLLVMTypeConverter *>(converter);
}

/// What atomic_rmw_tko and atomic_cas_tko share: the operands in the
/// result's layout, one atom per owned element, the old values broadcast.
template <typename SourceOp>
struct AtomicLowering : public ConvertOpToLLVMPattern<SourceOp> {
  using ConvertOpToLLVMPattern<SourceOp>::ConvertOpToLLVMPattern;
  using OpAdaptor = typename SourceOp::Adaptor;

  virtual FailureOr<AtomicInstr> getInstr(SourceOp op,
                                          unsigned sm) const = 0;
  /// The operand the old value is compared with (atomic_cas_tko).
  virtual std::pair<Value, Value> getCompare(SourceOp op,
                                             OpAdaptor adaptor) const {
    return {};
  }
  virtual std::pair<Value, Value> getValue(SourceOp op,
                                           OpAdaptor adaptor) const = 0;

  LogicalResult
  matchAndRewrite(SourceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto tileType = cast<cuda_tile::TileType>(op.getResult().getType());
    FailureOr<LinearLayout> layout = getTileLayout(tileType, getNumWarps(op));
    if (failed(layout))
      return rewriter.notifyMatchFailure(op, "tile without a layout");
    const TileLLVMTypeConverter &converter =
        getConverter(this->getTypeConverter());
    Type resultType = converter.convertType(tileType);
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "unsupported tile type");
    FailureOr<AtomicInstr> instr = getInstr(op, converter.getTarget().sm);
    if (failed(instr))
      return op.emitOpError("atomics on ")
             << tileType.getElementType() << " are not supported";

    ThreadIds ids = getThreadIds(rewriter, loc);
    auto inLayout = [&](Value converted,
                        Value original) -> FailureOr<SmallVector<Value>> {
      return getRegistersInLayout(rewriter, loc, op, converted,
                                  original.getType(), *layout, ids);
    };
    FailureOr<SmallVector<Value>> pointers =
        inLayout(adaptor.getPointers(), op.getPointers());
    auto [valueConverted, valueOriginal] = getValue(op, adaptor);
    FailureOr<SmallVector<Value>> values =
        inLayout(valueConverted, valueOriginal);
    FailureOr<SmallVector<Value>> compares = SmallVector<Value>();
    auto [compareConverted, compareOriginal] = getCompare(op, adaptor);
    if (compareOriginal)
      compares = inLayout(compareConverted, compareOriginal);
    FailureOr<SmallVector<Value>> masks = SmallVector<Value>();
    if (op.getMask())
      masks = inLayout(adaptor.getMask(), op.getMask());
    if (failed(pointers) || failed(values) || failed(compares) ||
        failed(masks))
      return rewriter.notifyMatchFailure(op, "cannot distribute operands");

    std::string sem = getAtomicQualifiers(op.getMemoryOrderingSemantics(),
                                          op.getMemoryScope());
    StringRef space = getPointerStateSpace(op);
    bool wantResult = !op.getResult().use_empty();
    LinearLayout::ReplicationMask mask = layout->getReplicationMask();
    Value owner = emitOwnerPredicate(rewriter, loc, *layout, 0, ids);
    Type elementType = converter.convertElementType(tileType.getElementType());
    SmallVector<Value> results;
    for (int64_t r = 0, e = layout->getNumRegisters(); r < e; ++r) {
      // Copies of an element held in another register of the thread get
      // its value from the broadcast below.
      if (uint64_t(r) & mask.reg) {
        results.push_back(LLVM::ZeroOp::create(rewriter, loc, elementType));
        continue;
      }
      Value pred = owner;
      if (!masks->empty())
        pred = andPredicates(rewriter, loc, pred, (*masks)[r]);
      Value compare = compares->empty() ? Value() : (*compares)[r];
      Value old =
          emitAtomic(rewriter, loc, *instr, (*pointers)[r], pred,
                     (*values)[r], compare, wantResult, sem, space);
      results.push_back(
          old ? old : LLVM::ZeroOp::create(rewriter, loc, elementType));
    }
    if (wantResult) {
      FailureOr<SmallVector<Value>> broadcast =
          broadcastFromOwners(rewriter, loc, op, results, *layout, ids);
      if (failed(broadcast))
        return op.emitOpError("cannot return the old values to every thread "
                              "holding them");
      results = std::move(*broadcast);
    }
    Value tile = packRegisters(rewriter, loc, resultType, results);
    Value token = LLVM::PoisonOp::create(
        rewriter, loc,
        this->getTypeConverter()->convertType(op.getResultToken().getType()));
    rewriter.replaceOp(op, ValueRange{tile, token});
    return success();
  }
};

struct AtomicRMWLowering : public AtomicLowering<cuda_tile::AtomicRMWTkoOp> {
  using AtomicLowering::AtomicLowering;

  FailureOr<AtomicInstr> getInstr(cuda_tile::AtomicRMWTkoOp op,
                                  unsigned sm) const override {
    return getAtomicInstr(op.getMode(), op.getArg().getType().getElementType(),
                          sm);
  }
  std::pair<Value, Value> getValue(cuda_tile::AtomicRMWTkoOp op,
                                   OpAdaptor adaptor) const override {
    return {adaptor.getArg(), op.getArg()};
  }
};

struct AtomicCASLowering : public AtomicLowering<cuda_tile::AtomicCASTkoOp> {
  using AtomicLowering::AtomicLowering;

  FailureOr<AtomicInstr> getInstr(cuda_tile::AtomicCASTkoOp op,
                                  unsigned sm) const override {
    Type element = op.getVal().getType().getElementType();
    if (!element.isInteger(32) && !element.isInteger(64) && !element.isF32() &&
        !element.isF64())
      return failure();
    // Floats compare bitwise, as the specification asks.
    AtomicInstr instr;
    instr.bits = element.getIntOrFloatBitWidth();
    instr.op = ".cas.b" + std::to_string(instr.bits);
    return instr;
  }
  std::pair<Value, Value> getValue(cuda_tile::AtomicCASTkoOp op,
                                   OpAdaptor adaptor) const override {
    return {adaptor.getVal(), op.getVal()};
  }
  std::pair<Value, Value> getCompare(cuda_tile::AtomicCASTkoOp op,
                                     OpAdaptor adaptor) const override {
    return {adaptor.getCmp(), op.getCmp()};
  }
};

} // namespace

void lowering::populateAtomicToLLVMPatterns(TileLLVMTypeConverter &converter,
                                            RewritePatternSet &patterns) {
  patterns.add<AtomicRMWLowering, AtomicCASLowering>(converter);
}
