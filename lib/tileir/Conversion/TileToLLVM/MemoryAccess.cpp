//===- MemoryAccess.cpp - Global-memory access helpers --------------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Accesses are inline PTX rather than LLVM loads and stores: a predicated
// `@p ld.global.v4.b32` needs no branch, and the ordering qualifiers
// (`ld.acquire.gpu`, `st.release.sys`) are spelled out. The asm statements
// have side effects, so LLVM keeps them in program order; the token order
// of the input is therefore preserved.
//
//===----------------------------------------------------------------------===//

#include "MemoryAccess.h"

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::lowering;

//===----------------------------------------------------------------------===//
// Orderings and scopes
//===----------------------------------------------------------------------===//

StringRef lowering::getPTXScope(cuda_tile::MemoryScope scope) {
  switch (scope) {
  case cuda_tile::MemoryScope::TileBlock:
    return ".cta";
  case cuda_tile::MemoryScope::Device:
    return ".gpu";
  case cuda_tile::MemoryScope::System:
    return ".sys";
  }
  return ".gpu";
}

static StringRef getPTXSemantics(cuda_tile::MemoryOrderingSemantics ordering) {
  switch (ordering) {
  case cuda_tile::MemoryOrderingSemantics::Weak:
    return "";
  case cuda_tile::MemoryOrderingSemantics::Relaxed:
    return ".relaxed";
  case cuda_tile::MemoryOrderingSemantics::Acquire:
    return ".acquire";
  case cuda_tile::MemoryOrderingSemantics::Release:
    return ".release";
  case cuda_tile::MemoryOrderingSemantics::AcqRel:
    return ".acq_rel";
  }
  return "";
}

std::string lowering::getLoadStoreQualifiers(
    cuda_tile::MemoryOrderingSemantics ordering,
    std::optional<cuda_tile::MemoryScope> scope) {
  if (ordering == cuda_tile::MemoryOrderingSemantics::Weak)
    return "";
  return (getPTXSemantics(ordering) +
          getPTXScope(scope.value_or(cuda_tile::MemoryScope::Device)))
      .str();
}

std::string
lowering::getAtomicQualifiers(cuda_tile::MemoryOrderingSemantics ordering,
                              cuda_tile::MemoryScope scope) {
  // Atomics are never weak (the verifier says so); relaxed is the weakest
  // form PTX gives them.
  if (ordering == cuda_tile::MemoryOrderingSemantics::Weak)
    ordering = cuda_tile::MemoryOrderingSemantics::Relaxed;
  return (getPTXSemantics(ordering) + getPTXScope(scope)).str();
}

//===----------------------------------------------------------------------===//
// Elements in memory
//===----------------------------------------------------------------------===//

FailureOr<MemoryElement>
lowering::getMemoryElement(Type element,
                           const TileLLVMTypeConverter &converter,
                           bool allowPacked) {
  MemoryElement result;
  if (isa<cuda_tile::PointerType>(element)) {
    result.registerType = converter.convertElementType(element);
    result.bytes = 8;
    return result;
  }
  if (!element.isIntOrFloat())
    return failure();
  unsigned bits = element.getIntOrFloatBitWidth();
  // i4 and f4E2M1FN are packed two to a byte: not addressable one by one.
  if (bits < 8 && bits != 1) {
    if (bits != 4 || !allowPacked)
      return failure();
    result.registerType = converter.convertElementType(element);
    if (!result.registerType)
      return failure();
    result.isPacked = true;
    result.bytes = 1;
    return result;
  }
  result.registerType = converter.convertElementType(element);
  if (!result.registerType)
    return failure();
  result.isBool = bits == 1;
  // tf32 (19 significant bits) is stored as an f32.
  result.bytes = result.isBool               ? 1
                 : isa<FloatTF32Type>(element) ? 4
                                               : bits / 8;
  return result;
}

StringRef lowering::getPointerStateSpace(Operation *op) {
  // The kernel is a func.func or, once converted, an llvm.func; its allocas
  // are either still cuda_tile.alloca or already the address of their
  // shared-memory buffer.
  Operation *kernel = op->getParentOfType<FunctionOpInterface>();
  if (!kernel)
    return ".global";
  WalkResult found = kernel->walk([](Operation *inner) {
    if (isa<cuda_tile::AllocaOp>(inner))
      return WalkResult::interrupt();
    if (auto address = dyn_cast<LLVM::AddressOfOp>(inner))
      if (address.getGlobalName().starts_with(kAllocaPrefix))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return found.wasInterrupted() ? "" : ".global";
}

Value lowering::andPredicates(OpBuilder &b, Location loc, Value a, Value c) {
  if (!a)
    return c;
  if (!c)
    return a;
  return LLVM::AndOp::create(b, loc, a, c);
}

namespace {
/// How a group of consecutive elements travels: `numWords` words of
/// `wordBits` bits (8-bit words use 16-bit registers, PTX has no 8-bit
/// ones).
struct WordShape {
  unsigned wordBits;
  unsigned numWords;

  std::string getPTXType() const {
    switch (wordBits) {
    case 8:
      return ".b8";
    case 16:
      return ".b16";
    case 32:
      return ".b32";
    default:
      return ".b64";
    }
  }
  StringRef getConstraint() const {
    switch (wordBits) {
    case 8:
    case 16:
      return "h";
    case 32:
      return "r";
    default:
      return "l";
    }
  }
  unsigned getCarrierBits() const { return wordBits == 8 ? 16 : wordBits; }
  std::string getVectorSuffix() const {
    return numWords == 1 ? "" : ".v" + std::to_string(numWords);
  }
};
} // namespace

static WordShape getWordShape(unsigned count, unsigned elementBytes) {
  unsigned totalBits = count * elementBytes * 8;
  unsigned wordBits = elementBytes == 8 ? 64 : std::min(totalBits, 32u);
  return {wordBits, totalBits / wordBits};
}

/// The bits of one element as an integer of its memory width.
static Value toMemoryBits(OpBuilder &b, Location loc, Value value,
                          const MemoryElement &element) {
  Type intType = b.getIntegerType(element.bytes * 8);
  Type type = value.getType();
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::PtrToIntOp::create(b, loc, intType, value);
  if (element.isBool)
    return LLVM::ZExtOp::create(b, loc, intType, value);
  if (!type.isInteger())
    return LLVM::BitcastOp::create(b, loc, intType, value);
  return value;
}

/// The inverse of toMemoryBits. A loaded boolean byte is true when nonzero.
static Value fromMemoryBits(OpBuilder &b, Location loc, Value bits,
                            const MemoryElement &element) {
  Type type = element.registerType;
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::IntToPtrOp::create(b, loc, type, bits);
  if (element.isBool)
    return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, bits,
                                intConst(b, loc, bits.getType(), 0));
  if (!type.isInteger())
    return LLVM::BitcastOp::create(b, loc, type, bits);
  return bits;
}

/// Whether pairs of `element` travel as a two-element vector bitcast to a
/// 32-bit word: 16-bit floats, so that LLVM sees a pair of conversions from
/// f32 as one (cvt.rn.bf16x2.f32, cvt.rn.f16x2.f32) and unpacks a word
/// without shifts.
static bool packsAsVector(const MemoryElement &element,
                          const WordShape &shape) {
  Type type = element.registerType;
  return !element.isBool && !element.isPacked && element.bytes == 2 &&
         shape.getCarrierBits() == 32 && (type.isBF16() || type.isF16());
}

/// Packs elements into words, lowest address in the lowest bits.
static SmallVector<Value> packWords(OpBuilder &b, Location loc,
                                    ArrayRef<Value> values,
                                    const MemoryElement &element,
                                    const WordShape &shape) {
  Type carrier = b.getIntegerType(shape.getCarrierBits());
  unsigned elementBits = element.bytes * 8;
  unsigned perWord = shape.wordBits / elementBits;
  SmallVector<Value> words;
  if (packsAsVector(element, shape)) {
    auto pairType = VectorType::get({2}, element.registerType);
    for (unsigned w = 0; w < shape.numWords; ++w) {
      Value pair = LLVM::PoisonOp::create(b, loc, pairType);
      for (unsigned i = 0; i < 2; ++i)
        pair = LLVM::InsertElementOp::create(b, loc, pair, values[w * 2 + i],
                                             i32Const(b, loc, i));
      words.push_back(LLVM::BitcastOp::create(b, loc, carrier, pair));
    }
    return words;
  }
  for (unsigned w = 0; w < shape.numWords; ++w) {
    Value word;
    for (unsigned i = 0; i < perWord; ++i) {
      Value bits = toMemoryBits(b, loc, values[w * perWord + i], element);
      bits = castInt(b, loc, bits, carrier, /*isSigned=*/false);
      if (i != 0)
        bits = LLVM::ShlOp::create(b, loc, bits,
                                   intConst(b, loc, carrier, i * elementBits));
      word = word ? LLVM::OrOp::create(b, loc, word, bits).getResult() : bits;
    }
    words.push_back(word);
  }
  return words;
}

static SmallVector<Value> unpackWords(OpBuilder &b, Location loc,
                                      ArrayRef<Value> words,
                                      const MemoryElement &element,
                                      const WordShape &shape) {
  unsigned elementBits = element.bytes * 8;
  unsigned perWord = shape.wordBits / elementBits;
  Type intType = b.getIntegerType(elementBits);
  SmallVector<Value> values;
  if (packsAsVector(element, shape)) {
    auto pairType = VectorType::get({2}, element.registerType);
    for (Value word : words) {
      Value pair = LLVM::BitcastOp::create(b, loc, pairType, word);
      for (unsigned i = 0; i < 2; ++i)
        values.push_back(LLVM::ExtractElementOp::create(
            b, loc, pair, i32Const(b, loc, i)));
    }
    return values;
  }
  for (Value word : words) {
    for (unsigned i = 0; i < perWord; ++i) {
      Value bits = word;
      if (i != 0)
        bits = LLVM::LShrOp::create(
            b, loc, bits, intConst(b, loc, word.getType(), i * elementBits));
      bits = castInt(b, loc, bits, intType, /*isSigned=*/false);
      values.push_back(fromMemoryBits(b, loc, bits, element));
    }
  }
  return values;
}

/// The constant value of an i1, if it is one.
static std::optional<bool> getConstantPredicate(Value pred) {
  if (!pred)
    return true;
  if (auto constant = pred.getDefiningOp<LLVM::ConstantOp>())
    if (auto attr = dyn_cast<IntegerAttr>(constant.getValue()))
      return attr.getValue().getBoolValue();
  return std::nullopt;
}

static std::string joinOperands(unsigned first, unsigned count) {
  std::string text;
  for (unsigned i = 0; i < count; ++i) {
    if (i)
      text += ", ";
    text += "$" + std::to_string(first + i);
  }
  return count == 1 ? text : "{" + text + "}";
}


SmallVector<Value> lowering::emitGlobalLoad(OpBuilder &b, Location loc,
                                            Value addr, Value pred,
                                            unsigned count,
                                            ArrayRef<Value> fallback,
                                            const MemoryElement &element,
                                            StringRef qualifiers) {
  // Elements not loaded without a padding value are unspecified; they read
  // as zero. Programs rely on that in practice (a masked-off score times an
  // out-of-bounds value must stay 0, not NaN from stale registers), and
  // poison would let LLVM fold whole results away.
  SmallVector<Value> zeros;
  if (fallback.empty()) {
    Value zero = LLVM::ZeroOp::create(b, loc, element.registerType);
    zeros.assign(count, zero);
    fallback = zeros;
  }
  std::optional<bool> known = getConstantPredicate(pred);
  if (known && !*known)
    return llvm::to_vector(fallback);
  bool predicated = !known;
  WordShape shape = getWordShape(count, element.bytes);
  Type carrier = b.getIntegerType(shape.getCarrierBits());
  unsigned n = shape.numWords;

  // Outputs $0..$n-1, then the address, the predicate and the fallbacks.
  SmallVector<Value> operands = {addr};
  std::string constraints;
  for (unsigned i = 0; i < n; ++i)
    constraints += "=" + shape.getConstraint().str() + ",";
  constraints += "l";
  std::string text = "{\n";
  if (predicated) {
    operands.push_back(pred);
    constraints += ",b";
    SmallVector<Value> words = packWords(b, loc, fallback, element, shape);
    std::string mov = "mov.b" + std::to_string(shape.getCarrierBits());
    for (unsigned i = 0; i < words.size(); ++i) {
      operands.push_back(words[i]);
      constraints += "," + shape.getConstraint().str();
      text += "\t" + mov + " $" + std::to_string(i) + ", $" +
              std::to_string(n + 2 + i) + ";\n";
    }
    text += "\t@$" + std::to_string(n + 1) + " ";
  } else {
    text += "\t";
  }
  text += "ld" + qualifiers.str() + shape.getVectorSuffix() +
          shape.getPTXType() + " " + joinOperands(0, n) + ", [$" +
          std::to_string(n) + "];\n}";

  SmallVector<Type> resultTypes(n, carrier);
  auto asmOp = createAsm(b, loc, resultTypes, operands, text, constraints);
  SmallVector<Value> words;
  if (n == 1)
    words.push_back(asmOp.getResult(0));
  else
    for (unsigned i = 0; i < n; ++i)
      words.push_back(
          LLVM::ExtractValueOp::create(b, loc, asmOp.getResult(0), i));
  return unpackWords(b, loc, words, element, shape);
}

void lowering::emitGlobalStore(OpBuilder &b, Location loc, Value addr,
                               Value pred, ArrayRef<Value> values,
                               const MemoryElement &element,
                               StringRef qualifiers) {
  std::optional<bool> known = getConstantPredicate(pred);
  if (known && !*known)
    return;
  WordShape shape = getWordShape(values.size(), element.bytes);
  unsigned n = shape.numWords;
  SmallVector<Value> operands = {addr};
  std::string constraints = "l";
  unsigned firstWord = 1;
  std::string text;
  if (!known) {
    operands.push_back(pred);
    constraints += ",b";
    text = "@$1 ";
    firstWord = 2;
  }
  for (Value word : packWords(b, loc, values, element, shape)) {
    operands.push_back(word);
    constraints += "," + shape.getConstraint().str();
  }
  text += "st" + qualifiers.str() + shape.getVectorSuffix() +
          shape.getPTXType() + " [$0], " + joinOperands(firstWord, n) + ";";
  createAsm(b, loc, TypeRange(), operands, text, constraints);
}

std::pair<Value, Value> lowering::getPackedNibble(OpBuilder &b, Location loc,
                                                  Value base, Value offset) {
  Type i8 = b.getI8Type();
  Value byteOffset =
      LLVM::LShrOp::create(b, loc, offset, i64Const(b, loc, 1));
  Value byte = LLVM::GEPOp::create(b, loc, base.getType(), i8, base,
                                   ValueRange{byteOffset});
  Value odd = LLVM::AndOp::create(b, loc, offset, i64Const(b, loc, 1));
  Value shift = LLVM::ShlOp::create(b, loc, odd, i64Const(b, loc, 2));
  return {byte, LLVM::TruncOp::create(b, loc, i8, shift)};
}

Value lowering::emitPackedLoad(OpBuilder &b, Location loc, Value byte,
                               Value shift, Value pred, Value fallback,
                               StringRef qualifiers) {
  Type i8 = b.getI8Type();
  MemoryElement byteElement;
  byteElement.registerType = i8;
  byteElement.bytes = 1;
  SmallVector<Value> loaded =
      emitGlobalLoad(b, loc, byte, pred, 1, {}, byteElement, qualifiers);
  Value shifted = LLVM::LShrOp::create(b, loc, loaded[0], shift);
  Value nibble =
      LLVM::AndOp::create(b, loc, shifted, intConst(b, loc, i8, 0xF));
  if (!fallback || !pred)
    return nibble;
  return LLVM::SelectOp::create(b, loc, pred, nibble, fallback);
}

void lowering::emitPackedStore(OpBuilder &b, Location loc, Value byte,
                               Value shift, Value pred, Value value,
                               StringRef semantics, StringRef space) {
  std::optional<bool> known = getConstantPredicate(pred);
  if (known && !*known)
    return;
  Type i32 = b.getI32Type();
  Type i64 = b.getI64Type();
  // The aligned word around the byte, and the nibble's bits in it.
  Value address = LLVM::PtrToIntOp::create(b, loc, i64, byte);
  Value wordAddress = LLVM::AndOp::create(b, loc, address, i64Const(b, loc, -4));
  Value word = LLVM::IntToPtrOp::create(b, loc, byte.getType(), wordAddress);
  Value byteInWord = LLVM::TruncOp::create(
      b, loc, i32, LLVM::AndOp::create(b, loc, address, i64Const(b, loc, 3)));
  Value byteBit =
      LLVM::ShlOp::create(b, loc, byteInWord, i32Const(b, loc, 3));
  Value nibbleBit = LLVM::ZExtOp::create(b, loc, i32, shift);
  Value bit = LLVM::AddOp::create(b, loc, byteBit, nibbleBit);
  Value nibbleMask = LLVM::ShlOp::create(b, loc, i32Const(b, loc, 0xF), bit);
  Value keep =
      LLVM::XOrOp::create(b, loc, nibbleMask, i32Const(b, loc, -1));
  Value wideValue = LLVM::ZExtOp::create(b, loc, i32, value);
  Value valueNibble =
      LLVM::AndOp::create(b, loc, wideValue, i32Const(b, loc, 0xF));
  Value bits = LLVM::ShlOp::create(b, loc, valueNibble, bit);
  SmallVector<Value> operands = {word, keep, bits};
  std::string constraints = "l,r,r";
  std::string guard;
  if (!known) {
    operands.push_back(pred);
    constraints += ",b";
    guard = "@$3 ";
  }
  std::string red = "red" + semantics.str() + space.str();
  std::string text = guard + red + ".and.b32 [$0], $1;\n\t" + guard + red +
                     ".or.b32 [$0], $2;";
  createAsm(b, loc, TypeRange(), operands, text, constraints);
}

//===----------------------------------------------------------------------===//
// Moving registers between threads
//===----------------------------------------------------------------------===//

/// Splits a register into the 32-bit words shfl.sync moves.
static SmallVector<Value> toShuffleWords(OpBuilder &b, Location loc,
                                         Value value) {
  Type i32 = b.getI32Type();
  Type type = value.getType();
  if (isa<LLVM::LLVMPointerType>(type))
    value = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), value);
  else if (!type.isInteger())
    value = LLVM::BitcastOp::create(
        b, loc, b.getIntegerType(type.getIntOrFloatBitWidth()), value);
  unsigned bits = value.getType().getIntOrFloatBitWidth();
  if (bits <= 32)
    return {castInt(b, loc, value, i32, /*isSigned=*/false)};
  Value lo = LLVM::TruncOp::create(b, loc, i32, value);
  Value hi = LLVM::TruncOp::create(
      b, loc, i32,
      LLVM::LShrOp::create(b, loc, value, intConst(b, loc, value.getType(),
                                                   32)));
  return {lo, hi};
}

static Value fromShuffleWords(OpBuilder &b, Location loc, ArrayRef<Value> words,
                              Type type) {
  bool isPointer = isa<LLVM::LLVMPointerType>(type);
  unsigned bits = isPointer ? 64 : type.getIntOrFloatBitWidth();
  Type intType = b.getIntegerType(bits);
  Value value;
  if (words.size() == 1) {
    value = castInt(b, loc, words.front(), intType, /*isSigned=*/false);
  } else {
    Value lo = LLVM::ZExtOp::create(b, loc, intType, words[0]);
    Value hi = LLVM::ZExtOp::create(b, loc, intType, words[1]);
    hi = LLVM::ShlOp::create(b, loc, hi, intConst(b, loc, intType, 32));
    value = LLVM::OrOp::create(b, loc, lo, hi);
  }
  if (isPointer)
    return LLVM::IntToPtrOp::create(b, loc, type, value);
  if (!type.isInteger())
    return LLVM::BitcastOp::create(b, loc, type, value);
  return value;
}

/// Gives destination register r (of `numDstRegs`) of each thread the source
/// register and lane `map` names: `map` takes the packed destination index
/// `reg | lane << dstRegBits | warp << (dstRegBits + 5)` to `srcReg |
/// srcLane << srcRegBits` (higher output bits, the warp, are ignored: the
/// data must already be in the thread's warp).
static FailureOr<SmallVector<Value>>
shuffleByMap(OpBuilder &b, Location loc, ArrayRef<Value> srcRegs,
             unsigned srcRegBits, const F2Map &map, unsigned dstRegBits,
             int64_t numDstRegs, const ThreadIds &ids) {
  if (srcRegBits + LinearLayout::kNumLaneBits >= 31)
    return failure();
  uint64_t keep = (uint64_t(1) << (srcRegBits + 5)) - 1;
  uint64_t regMask = (uint64_t(1) << srcRegBits) - 1;
  ArrayRef<uint64_t> columns = map.getColumns();
  auto column = [&](unsigned i) {
    return i < columns.size() ? columns[i] & keep : 0;
  };
  SmallVector<uint64_t> laneColumns, warpColumns;
  for (unsigned i = 0; i < LinearLayout::kNumLaneBits; ++i)
    laneColumns.push_back(column(dstRegBits + i));
  for (unsigned i = dstRegBits + 5; i < columns.size(); ++i)
    warpColumns.push_back(column(i));

  // Does the data move between lanes at all?
  bool lanesStay = true;
  for (unsigned i = 0; i < LinearLayout::kNumLaneBits; ++i)
    lanesStay &= laneColumns[i] >> srcRegBits == (uint64_t(1) << i);
  for (uint64_t c : warpColumns)
    lanesStay &= (c >> srcRegBits) == 0;
  for (unsigned i = 0; i < dstRegBits; ++i)
    lanesStay &= (column(i) >> srcRegBits) == 0;

  uint64_t dynamicRegs = 0;
  for (uint64_t c : laneColumns)
    dynamicRegs |= c & regMask;
  for (uint64_t c : warpColumns)
    dynamicRegs |= c & regMask;

  Value threadPart = emitXorOfColumns(b, loc, ids.lane, laneColumns,
                                      i32Const(b, loc, 0));
  threadPart = emitXorOfColumns(b, loc, ids.warp, warpColumns, threadPart);
  Value threadReg =
      LLVM::AndOp::create(b, loc, threadPart, i32Const(b, loc, regMask));
  Value threadLane = LLVM::LShrOp::create(b, loc, threadPart,
                                          i32Const(b, loc, srcRegBits));

  // Shuffled words of each source register, made on first use.
  DenseMap<std::pair<int64_t, int64_t>, SmallVector<Value>> cache;
  SmallVector<Value> result;
  for (int64_t r = 0; r < numDstRegs; ++r) {
    uint64_t packed = map.apply(static_cast<uint64_t>(r)) & keep;
    uint64_t staticReg = packed & regMask;
    uint64_t staticLane = packed >> srcRegBits;
    Value lane;
    if (!lanesStay)
      lane = LLVM::XOrOp::create(b, loc, threadLane,
                                 i32Const(b, loc, staticLane));
    Value value;
    // Candidate source registers: staticReg with any dynamic bits flipped.
    for (uint64_t flip = 0; flip <= dynamicRegs; ++flip) {
      if ((flip & ~dynamicRegs) != 0)
        continue;
      int64_t src = static_cast<int64_t>(staticReg ^ flip);
      if (src >= static_cast<int64_t>(srcRegs.size()))
        return failure();
      Value candidate = srcRegs[src];
      if (!lanesStay) {
        SmallVector<Value> words = toShuffleWords(b, loc, candidate);
        for (Value &word : words)
          word = emitShuffle(b, loc, word, lane, NVVM::ShflKind::idx);
        candidate = fromShuffleWords(b, loc, words, candidate.getType());
      }
      if (!value) {
        value = candidate;
        continue;
      }
      Value actual = LLVM::XOrOp::create(b, loc, threadReg,
                                         i32Const(b, loc, staticReg));
      Value isThis = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq,
                                          actual, i32Const(b, loc, src));
      value = LLVM::SelectOp::create(b, loc, isThis, candidate, value);
    }
    result.push_back(value);
  }
  return result;
}

FailureOr<SmallVector<Value>>
lowering::redistribute(OpBuilder &b, Location loc, Operation *op,
                       ArrayRef<Value> registers, const LinearLayout &src,
                       const LinearLayout &dst, const ThreadIds &ids) {
  if (src == dst)
    return llvm::to_vector(registers);
  llvm::Expected<ConversionPlan> plan = planConversion(src, dst);
  if (!plan) {
    llvm::consumeError(plan.takeError());
    return failure();
  }
  switch (plan->kind) {
  case ConversionKind::Identity:
    return llvm::to_vector(registers);
  case ConversionKind::RegisterPermute: {
    SmallVector<Value> result;
    for (int64_t srcReg : plan->srcRegisterOf) {
      if (srcReg < 0 || srcReg >= static_cast<int64_t>(registers.size()))
        return failure();
      result.push_back(registers[srcReg]);
    }
    return result;
  }
  case ConversionKind::WarpShuffle:
    return shuffleByMap(b, loc, registers, plan->numSrcRegisterBits,
                        plan->shuffle, plan->numDstRegisterBits,
                        dst.getNumRegisters(), ids);
  case ConversionKind::SharedMemory:
    return convertThroughSharedMemory(b, loc, op, registers, src, dst);
  }
  return failure();
}

FailureOr<SmallVector<Value>>
lowering::getRegistersInLayout(OpBuilder &b, Location loc, Operation *op,
                               Value converted, Type tileType,
                               const LinearLayout &target,
                               const ThreadIds &ids) {
  FailureOr<LinearLayout> layout =
      getTileLayout(tileType, static_cast<unsigned>(target.getNumWarps()));
  if (failed(layout))
    return failure();
  SmallVector<Value> registers = unpackRegisters(b, loc, converted);
  if (*layout == target)
    return registers;
  return redistribute(b, loc, op, registers, *layout, target, ids);
}

/// `@pred st.shared [addr], value`, for values of at most 64 bits.
static void emitPredicatedSharedStore(OpBuilder &b, Location loc, Value addr,
                                      Value pred, Value value) {
  SmallVector<Value> words = toShuffleWords(b, loc, value);
  if (words.size() == 1) {
    createAsm(b, loc, TypeRange(), ValueRange{addr, pred, words[0]},
              "@$1 st.shared.b32 [$0], $2;", "l,b,r");
    return;
  }
  createAsm(b, loc, TypeRange(), ValueRange{addr, pred, words[0], words[1]},
            "@$1 st.shared.v2.b32 [$0], {$2, $3};", "l,b,r,r");
}

FailureOr<SmallVector<Value>>
lowering::broadcastFromOwners(OpBuilder &b, Location loc, Operation *op,
                              ArrayRef<Value> registers,
                              const LinearLayout &layout,
                              const ThreadIds &ids) {
  LinearLayout::ReplicationMask mask = layout.getReplicationMask();
  if (!mask.reg && !mask.lane && !mask.warp)
    return llvm::to_vector(registers);
  unsigned regBits = layout.getNumBits(HwDim::Register);
  if (!mask.warp) {
    // Every copy is in the warp of its owner: read the owner's register.
    llvm::Expected<F2Map> transfer =
        LinearLayout::getTransferMap(layout, layout);
    if (!transfer) {
      llvm::consumeError(transfer.takeError());
      return failure();
    }
    return shuffleByMap(b, loc, registers, regBits, *transfer, regBits,
                        layout.getNumRegisters(), ids);
  }

  // Copies in other warps: owners store their elements in the arena (one
  // word pair per element, enough for 64-bit values), every thread reads
  // back the elements it holds.
  FailureOr<Value> base = getSharedMemoryBase(b, loc, op);
  if (failed(base))
    return failure();
  SmallVector<SmallVector<Value>> coords =
      emitElementCoordinates(b, loc, layout, ids);
  SmallVector<int64_t> shape(layout.getShape());
  Type i64 = b.getI64Type();
  auto slot = [&](int64_t r) {
    Value offset = emitRowMajorOffset(b, loc, coords[r], shape);
    return LLVM::GEPOp::create(b, loc, base->getType(), i64, *base,
                               ValueRange{offset});
  };
  emitBarrier(b, loc);
  for (auto [r, value] : llvm::enumerate(registers)) {
    if (uint64_t(r) & mask.reg)
      continue;
    Value owner = emitOwnerPredicate(b, loc, layout, r, ids);
    if (!owner)
      owner = LLVM::ConstantOp::create(b, loc, b.getI1Type(),
                                       b.getBoolAttr(true));
    emitPredicatedSharedStore(b, loc, slot(r), owner, value);
  }
  emitBarrier(b, loc);
  SmallVector<Value> result;
  for (auto [r, value] : llvm::enumerate(registers)) {
    SmallVector<Value> words;
    Value addr = slot(r);
    unsigned numWords = toShuffleWords(b, loc, value).size();
    Type i32 = b.getI32Type();
    for (unsigned w = 0; w < numWords; ++w) {
      Value wordAddr = LLVM::GEPOp::create(b, loc, addr.getType(), i32, addr,
                                           ArrayRef<LLVM::GEPArg>{int32_t(w)});
      words.push_back(LLVM::LoadOp::create(b, loc, i32, wordAddr));
    }
    result.push_back(fromShuffleWords(b, loc, words, value.getType()));
  }
  return result;
}
