//===- DebugToLLVM.cpp - print and assert ---------------------------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `print_tko` and `assert` lower onto the CUDA device runtime: `vprintf`
// (format string plus a packed argument buffer, as C varargs would pass it)
// and `__assertfail` (what CUDA's `assert` calls).
//
// A tile program prints once per tile block, not once per thread, so thread
// 0 of the CTA does the printing. A rank-0 argument is in every thread's
// register. A tile argument is first gathered through the shared-memory
// arena (it holds one tile: print's scratch is its largest argument, see
// SharedMemory.h), then printed by thread 0 as nested brackets,
// `[[a, b], [c, d]]`, each element with the argument's conversion. The
// device runtime takes at most 32 arguments per call, so long prints are
// split over several `vprintf` calls; a CTA then holds a device-wide mutex
// for the whole print so the pieces of one line do not interleave with
// another CTA's.
//
// An assert branches, in each thread holding (and owning) a false element,
// to a cold block that prints the element's index with the message and
// calls `__assertfail` with the op's source position, then traps.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "tileir/Support/Diagnostics.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::lowering;

/// The device runtime formats at most this many arguments per vprintf call.
static constexpr unsigned kMaxPrintfArgs = 32;

/// Name of the device-wide mutex that keeps a multi-call print together.
static constexpr llvm::StringLiteral kPrintMutexName = "__tileir_print_mutex";

//===----------------------------------------------------------------------===//
// Module-level declarations
//===----------------------------------------------------------------------===//

static FailureOr<LLVM::LLVMFuncOp>
getOrDeclareFunc(OpBuilder &b, Operation *op, StringRef name,
                 LLVM::LLVMFunctionType type) {
  auto module = op->getParentOfType<ModuleOp>();
  if (!module)
    return failure();
  auto fn = module.lookupSymbol<LLVM::LLVMFuncOp>(name);
  if (fn) {
    if (fn.getFunctionType() != type) {
      op->emitOpError("the module declares ")
          << name << " with type " << fn.getFunctionType() << ", expected "
          << type;
      return failure();
    }
    return fn;
  }
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  return LLVM::LLVMFuncOp::create(b, module.getLoc(), name, type);
}

/// A generic pointer to a NUL-terminated copy of `text` in the constant
/// address space; identical strings share one global.
static FailureOr<Value> getStringPointer(OpBuilder &b, Location loc,
                                         Operation *op, StringRef text) {
  auto module = op->getParentOfType<ModuleOp>();
  if (!module)
    return failure();
  std::string content = text.str();
  content.push_back('\0');
  std::string base =
      "__tileir_str_" + llvm::utohexstr(llvm::hash_value(content));
  std::string name = base;
  auto arrayType = LLVM::LLVMArrayType::get(b.getI8Type(), content.size());
  LLVM::GlobalOp global;
  for (unsigned n = 0;; ++n) {
    global = module.lookupSymbol<LLVM::GlobalOp>(name);
    if (!global)
      break;
    auto value = dyn_cast_or_null<StringAttr>(global.getValueOrNull());
    if (value && value.getValue() == content &&
        global.getGlobalType() == arrayType)
      break;
    name = base + "_" + std::to_string(n);
  }
  if (!global) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    global = LLVM::GlobalOp::create(b, loc, arrayType, /*isConstant=*/true,
                                    LLVM::Linkage::Internal, name,
                                    b.getStringAttr(content), /*alignment=*/1,
                                    /*addrSpace=*/4);
  }
  Value addr = LLVM::AddressOfOp::create(b, loc, global);
  return LLVM::AddrSpaceCastOp::create(
             b, loc, LLVM::LLVMPointerType::get(b.getContext()), addr)
      .getResult();
}

/// Splits the current block at the insertion point and emits `body` in a
/// block that runs only when `cond` holds; continues after it.
static LogicalResult emitIf(ConversionPatternRewriter &rewriter, Location loc,
                            Value cond, function_ref<LogicalResult()> body) {
  Block *before = rewriter.getInsertionBlock();
  Block *after = rewriter.splitBlock(before, rewriter.getInsertionPoint());
  Block *then = rewriter.createBlock(after);
  if (failed(body()))
    return failure();
  LLVM::BrOp::create(rewriter, loc, ValueRange(), after);
  rewriter.setInsertionPointToEnd(before);
  LLVM::CondBrOp::create(rewriter, loc, cond, then, after);
  rewriter.setInsertionPointToStart(after);
  return success();
}

//===----------------------------------------------------------------------===//
// Format strings
//===----------------------------------------------------------------------===//

namespace {

/// How a value is passed to vprintf.
enum class ArgClass { Signed, Unsigned, Float };

/// One `%` conversion of a print format, split into what we keep (flags,
/// width, precision, conversion character) and what we rewrite (the length
/// modifier follows the value actually passed).
struct Conversion {
  std::string flags;
  char spec = 'd';

  ArgClass getClass() const {
    if (llvm::StringRef("diouxXc").contains(spec))
      return spec == 'd' || spec == 'i' ? ArgClass::Signed
                                        : ArgClass::Unsigned;
    return ArgClass::Float;
  }
};

/// A piece of a format: literal text, or the conversion of argument `arg`.
struct FormatItem {
  std::string text;
  std::optional<Conversion> conversion;
  unsigned arg = 0;
};

} // namespace

/// Splits `format` the way the op verifier counts its conversions.
static FailureOr<SmallVector<FormatItem>> parseFormat(Operation *op,
                                                      StringRef format) {
  constexpr StringLiteral conversions = "diuoxXeEfFgGaAcsSpn%";
  SmallVector<FormatItem> items;
  std::string text;
  unsigned arg = 0;
  size_t pos = 0;
  while (pos < format.size()) {
    size_t pct = format.find('%', pos);
    text += format.slice(pos, pct).str();
    if (pct == StringRef::npos)
      break;
    size_t end = format.find_first_of(conversions, pct + 1);
    if (end == StringRef::npos)
      return op->emitOpError("format string has a '%' without a conversion "
                             "character"),
             failure();
    char spec = format[end];
    StringRef middle = format.slice(pct + 1, end);
    pos = end + 1;
    if (spec == '%' && middle.empty()) {
      text += '%';
      continue;
    }
    // Flags, width and precision are kept; length modifiers are dropped and
    // re-derived from the value passed.
    StringRef rest = middle;
    size_t flagsEnd = rest.find_first_not_of("-+ #0");
    flagsEnd = flagsEnd == StringRef::npos ? rest.size() : flagsEnd;
    StringRef flags = rest.take_front(flagsEnd);
    rest = rest.drop_front(flagsEnd);
    StringRef width = rest.take_while(llvm::isDigit);
    rest = rest.drop_front(width.size());
    std::string precision;
    if (rest.consume_front(".")) {
      StringRef digits = rest.take_while(llvm::isDigit);
      precision = ("." + digits).str();
      rest = rest.drop_front(digits.size());
    }
    rest = rest.drop_while(
        [](char c) { return llvm::StringRef("hlLqjzt").contains(c); });
    if (!rest.empty() || !llvm::StringRef("diouxXceEfFgGaA").contains(spec))
      return op->emitOpError("unsupported conversion '%")
                 << middle << spec
                 << "' in format string (integer and floating-point "
                    "conversions only)",
             failure();
    if (!text.empty()) {
      items.push_back({text, std::nullopt, 0});
      text.clear();
    }
    Conversion conv;
    conv.flags = (flags + width).str() + precision;
    conv.spec = spec;
    items.push_back({"", conv, arg++});
  }
  if (!text.empty())
    items.push_back({text, std::nullopt, 0});
  return items;
}

//===----------------------------------------------------------------------===//
// vprintf calls
//===----------------------------------------------------------------------===//

namespace {

/// Accumulates text and arguments of vprintf calls and emits a call when
/// the argument limit is reached or on flush().
class PrintfEmitter {
public:
  PrintfEmitter(ConversionPatternRewriter &rewriter, Location loc,
                Operation *op, Value buffer)
      : rewriter(rewriter), loc(loc), op(op), buffer(buffer) {}

  void addText(StringRef text) {
    for (char c : text) {
      if (c == '%')
        format += '%';
      format += c;
    }
  }

  /// Appends the conversion `conv` of `value` (an LLVM scalar of the tile
  /// element type `elementType`).
  LogicalResult addValue(const Conversion &conv, Value value,
                         Type elementType) {
    if (args.size() == kMaxPrintfArgs && failed(flush()))
      return failure();
    MLIRContext *ctx = rewriter.getContext();
    Type i32 = rewriter.getI32Type(), i64 = rewriter.getI64Type();
    Type f64 = Float64Type::get(ctx);
    ArgClass cls = conv.getClass();
    std::string length;
    if (isa<cuda_tile::PointerType>(elementType)) {
      value = LLVM::PtrToIntOp::create(rewriter, loc, i64, value);
      elementType = IntegerType::get(ctx, 64);
    }
    bool isInt = isa<IntegerType>(elementType);
    if (!isInt &&
        !isa<Float16Type, BFloat16Type, Float32Type, FloatTF32Type,
             Float64Type>(elementType))
      return op->emitOpError("printing ")
             << elementType << " values is not supported";
    // Integers narrower than a byte live in an i8; the register decides.
    unsigned width = isInt ? value.getType().getIntOrFloatBitWidth() : 0;
    if (cls == ArgClass::Float) {
      if (isInt) {
        // An integer printed with a float conversion: convert the value,
        // as C would need a cast for.
        value = width == 1 ? LLVM::UIToFPOp::create(rewriter, loc, f64, value)
                                 .getResult()
                           : LLVM::SIToFPOp::create(rewriter, loc, f64, value)
                                 .getResult();
      } else if (!value.getType().isF64()) {
        // C varargs promote float to double; f16/bf16 widen exactly.
        if (!value.getType().isF32())
          value = LLVM::FPExtOp::create(rewriter, loc,
                                        Float32Type::get(ctx), value);
        value = LLVM::FPExtOp::create(rewriter, loc, f64, value);
      }
    } else {
      if (!isInt) {
        // A float printed with an integer conversion: truncate toward zero.
        if (!value.getType().isF32() && !value.getType().isF64())
          value = LLVM::FPExtOp::create(rewriter, loc,
                                        Float32Type::get(ctx), value);
        value = LLVM::FPToSIOp::create(rewriter, loc, i64, value);
        width = 64;
      }
      if (width == 64) {
        length = "ll";
      } else {
        // Narrow integers travel as int; i1 is always 0 or 1.
        bool isSigned = cls == ArgClass::Signed && width != 1;
        value = castInt(rewriter, loc, value, i32, isSigned);
      }
    }
    format += "%" + conv.flags + length + conv.spec;
    args.push_back(value);
    return success();
  }

  /// Emits the pending call, if any.
  LogicalResult flush() {
    if (format.empty())
      return success();
    MLIRContext *ctx = rewriter.getContext();
    auto ptrType = LLVM::LLVMPointerType::get(ctx);
    auto vprintfType = LLVM::LLVMFunctionType::get(
        rewriter.getI32Type(), {ptrType, ptrType});
    FailureOr<LLVM::LLVMFuncOp> vprintf =
        getOrDeclareFunc(rewriter, op, "vprintf", vprintfType);
    if (failed(vprintf))
      return failure();
    FailureOr<Value> fmt = getStringPointer(rewriter, loc, op, format);
    if (failed(fmt))
      return failure();
    Value argBuffer;
    if (args.empty()) {
      argBuffer = LLVM::ZeroOp::create(rewriter, loc, ptrType);
    } else {
      // Each argument at the next offset aligned to its size, as the device
      // runtime reads them.
      int64_t offset = 0;
      for (Value v : args) {
        int64_t size = v.getType().getIntOrFloatBitWidth() / 8;
        offset = llvm::alignTo(offset, size);
        Value slot = LLVM::GEPOp::create(rewriter, loc, ptrType,
                                         rewriter.getI8Type(), buffer,
                                         ArrayRef<LLVM::GEPArg>{
                                             static_cast<int32_t>(offset)});
        LLVM::StoreOp::create(rewriter, loc, v, slot, size);
        offset += size;
      }
      argBuffer = buffer;
    }
    LLVM::CallOp::create(rewriter, loc, *vprintf, ValueRange{*fmt, argBuffer});
    format.clear();
    args.clear();
    return success();
  }

private:
  ConversionPatternRewriter &rewriter;
  Location loc;
  Operation *op;
  Value buffer;
  std::string format;
  SmallVector<Value> args;
};

} // namespace

/// A stack buffer large enough for kMaxPrintfArgs 8-byte arguments, in the
/// kernel's entry block so it is a fixed frame slot.
static FailureOr<Value> createArgBuffer(ConversionPatternRewriter &rewriter,
                                        Location loc, Operation *op) {
  auto func = op->getParentOfType<LLVM::LLVMFuncOp>();
  if (!func || func.getBody().empty())
    return failure();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(&func.getBody().front());
  auto arrayType =
      LLVM::LLVMArrayType::get(rewriter.getI64Type(), kMaxPrintfArgs);
  Value one = i32Const(rewriter, loc, 1);
  return LLVM::AllocaOp::create(rewriter, loc,
                                LLVM::LLVMPointerType::get(rewriter.getContext()),
                                arrayType, one, /*alignment=*/8)
      .getResult();
}

/// The device-wide print mutex (0 = free), declared once per module.
static FailureOr<Value> getPrintMutex(OpBuilder &b, Location loc,
                                      Operation *op) {
  auto module = op->getParentOfType<ModuleOp>();
  if (!module)
    return failure();
  auto global = module.lookupSymbol<LLVM::GlobalOp>(kPrintMutexName);
  if (!global) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    global = LLVM::GlobalOp::create(b, loc, b.getI32Type(),
                                    /*isConstant=*/false,
                                    LLVM::Linkage::Internal, kPrintMutexName,
                                    b.getI32IntegerAttr(0), /*alignment=*/4,
                                    /*addrSpace=*/1);
  }
  return LLVM::AddressOfOp::create(b, loc, global).getResult();
}

/// Spins until this thread holds the print mutex (acquire).
static void emitLock(ConversionPatternRewriter &rewriter, Location loc,
                     Value mutex) {
  Block *before = rewriter.getInsertionBlock();
  Block *after = rewriter.splitBlock(before, rewriter.getInsertionPoint());
  Block *spin = rewriter.createBlock(after);
  Value zero = i32Const(rewriter, loc, 0);
  Value one = i32Const(rewriter, loc, 1);
  auto cas = LLVM::AtomicCmpXchgOp::create(
      rewriter, loc, mutex, zero, one, LLVM::AtomicOrdering::acquire,
      LLVM::AtomicOrdering::monotonic);
  Value taken = LLVM::ExtractValueOp::create(rewriter, loc, cas, 1);
  LLVM::CondBrOp::create(rewriter, loc, taken, after, spin);
  rewriter.setInsertionPointToEnd(before);
  LLVM::BrOp::create(rewriter, loc, ValueRange(), spin);
  rewriter.setInsertionPointToStart(after);
}

static void emitUnlock(ConversionPatternRewriter &rewriter, Location loc,
                       Value mutex) {
  LLVM::StoreOp::create(rewriter, loc, i32Const(rewriter, loc, 0), mutex,
                        /*alignment=*/4, /*isVolatile=*/false,
                        /*isNonTemporal=*/false, /*isInvariantLoad=*/false,
                        LLVM::AtomicOrdering::release);
}

//===----------------------------------------------------------------------===//
// print_tko
//===----------------------------------------------------------------------===//

namespace {

struct PrintLowering : public ConvertOpToLLVMPattern<cuda_tile::PrintTkoOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::PrintTkoOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<SmallVector<FormatItem>> items = parseFormat(op, op.getStr());
    if (failed(items))
      return failure();
    unsigned numWarps = getNumWarps(op);
    SmallVector<Type> argTypes(op.getArgs().getTypes());
    SmallVector<cuda_tile::TileType> tiles;
    for (Type t : argTypes)
      tiles.push_back(cast<cuda_tile::TileType>(t));

    // Several calls need the mutex: a tile argument, or more arguments
    // than one call takes.
    int64_t numValues = 0;
    bool anyTile = false;
    for (cuda_tile::TileType t : tiles) {
      numValues += t.getNumElements();
      anyTile |= t.getRank() > 0;
    }
    bool needLock = anyTile || numValues > kMaxPrintfArgs;

    FailureOr<Value> buffer = createArgBuffer(rewriter, loc, op);
    if (failed(buffer))
      return rewriter.notifyMatchFailure(op, "not inside a kernel");
    Value mutex;
    if (needLock) {
      FailureOr<Value> m = getPrintMutex(rewriter, loc, op);
      if (failed(m))
        return failure();
      mutex = *m;
    }
    ThreadIds ids = getThreadIds(rewriter, loc);
    Value isPrinter = LLVM::ICmpOp::create(
        rewriter, loc, LLVM::ICmpPredicate::eq, ids.tid, i32Const(rewriter, loc, 0));

    bool locked = false;
    SmallVector<const FormatItem *> pending;
    // The register type of the tile being printed.
    Type tileRegType;
    // Emits, in thread 0, the pending items and then `tileItem` (whose
    // elements are in the arena) if given.
    auto emitPrinterRegion = [&](const FormatItem *tileItem,
                                 bool last) -> LogicalResult {
      return emitIf(rewriter, loc, isPrinter, [&]() -> LogicalResult {
        if (needLock && !locked)
          emitLock(rewriter, loc, mutex);
        PrintfEmitter printer(rewriter, loc, op, *buffer);
        for (const FormatItem *item : pending) {
          if (!item->conversion) {
            printer.addText(item->text);
            continue;
          }
          Value scalar = adaptor.getArgs()[item->arg];
          if (failed(printer.addValue(*item->conversion, scalar,
                                      tiles[item->arg].getElementType())))
            return failure();
        }
        if (tileItem &&
            failed(emitTileElements(rewriter, loc, op, printer, *tileItem,
                                    tiles[tileItem->arg], tileRegType)))
          return failure();
        if (failed(printer.flush()))
          return failure();
        if (last && needLock)
          emitUnlock(rewriter, loc, mutex);
        return success();
      });
    };

    for (const FormatItem &item : *items) {
      if (!item.conversion || tiles[item.arg].getRank() == 0) {
        pending.push_back(&item);
        continue;
      }
      // Gather the tile into the arena: wait for earlier readers, store
      // the registers (duplicates store the same value), wait.
      cuda_tile::TileType tile = tiles[item.arg];
      FailureOr<LinearLayout> layout = getTileLayout(tile, numWarps);
      FailureOr<Value> base = getSharedMemoryBase(rewriter, loc, op);
      if (failed(layout) || failed(base))
        return rewriter.notifyMatchFailure(
            op, "tile argument without a layout or kernel without an arena");
      SmallVector<Value> regs =
          unpackRegisters(rewriter, loc, adaptor.getArgs()[item.arg]);
      tileRegType = regs.front().getType();
      Type memType = storageType(tileRegType);
      emitBarrier(rewriter, loc);
      SmallVector<SmallVector<Value>> coords =
          emitElementCoordinates(rewriter, loc, *layout, ids);
      uint64_t duplicateRegs = layout->getFreeMask(HwDim::Register);
      for (auto [r, value] : llvm::enumerate(regs)) {
        if (uint64_t(r) & duplicateRegs)
          continue;
        Value offset =
            emitRowMajorOffset(rewriter, loc, coords[r], tile.getShape());
        Value ptr = LLVM::GEPOp::create(rewriter, loc, base->getType(),
                                        memType, *base, ValueRange{offset});
        Value stored = value;
        if (memType != value.getType())
          stored = LLVM::ZExtOp::create(rewriter, loc, memType, value);
        LLVM::StoreOp::create(rewriter, loc, stored, ptr);
      }
      emitBarrier(rewriter, loc);
      if (failed(emitPrinterRegion(&item, /*last=*/false)))
        return failure();
      locked = needLock;
      pending.clear();
    }
    if (failed(emitPrinterRegion(nullptr, /*last=*/true)))
      return failure();

    Type tokenType = getTypeConverter()->convertType(op.getType());
    rewriter.replaceOpWithNewOp<LLVM::PoisonOp>(op, tokenType);
    return success();
  }

  /// i1 travels through memory as a byte.
  static Type storageType(Type registerType) {
    if (registerType.isInteger(1))
      return IntegerType::get(registerType.getContext(), 8);
    return registerType;
  }

  /// Prints the tile whose row-major copy is at the start of the arena as
  /// nested brackets, each element with `item`'s conversion.
  static LogicalResult emitTileElements(ConversionPatternRewriter &rewriter,
                                        Location loc, Operation *op,
                                        PrintfEmitter &printer,
                                        const FormatItem &item,
                                        cuda_tile::TileType tile,
                                        Type regType) {
    FailureOr<Value> base = getSharedMemoryBase(rewriter, loc, op);
    if (failed(base))
      return failure();
    ArrayRef<int64_t> shape = tile.getShape();
    int64_t count = tile.getNumElements();
    // Straight-line code per element; keep the kernel a sensible size.
    constexpr int64_t kMaxPrintedElements = 16384;
    if (count > kMaxPrintedElements)
      return op->emitOpError("printing a tile of ")
             << count << " elements is not supported (at most "
             << kMaxPrintedElements << ")";
    Type element = tile.getElementType();
    Type memType = storageType(regType);
    unsigned rank = shape.size();
    SmallVector<int64_t> index(rank, 0);
    for (int64_t i = 0; i < count; ++i) {
      // Open a bracket for every dimension this element starts.
      unsigned opening = 0;
      for (int d = rank - 1; d >= 0 && index[d] == 0; --d)
        ++opening;
      if (i > 0)
        printer.addText(", ");
      printer.addText(std::string(opening, '['));
      Value ptr = LLVM::GEPOp::create(
          rewriter, loc, base->getType(), memType, *base,
          ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(i)});
      Value value = LLVM::LoadOp::create(rewriter, loc, memType, ptr);
      if (memType != regType)
        value = LLVM::TruncOp::create(rewriter, loc, regType, value);
      if (failed(printer.addValue(*item.conversion, value, element)))
        return failure();
      unsigned closing = 0;
      for (int d = rank - 1; d >= 0 && index[d] == shape[d] - 1; --d)
        ++closing;
      printer.addText(std::string(closing, ']'));
      // Next row-major index.
      for (int d = rank - 1; d >= 0; --d) {
        if (++index[d] < shape[d])
          break;
        index[d] = 0;
      }
    }
    return success();
  }
};

//===----------------------------------------------------------------------===//
// assert
//===----------------------------------------------------------------------===//

struct AssertLowering : public ConvertOpToLLVMPattern<cuda_tile::AssertOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    auto tile = cast<cuda_tile::TileType>(op.getCondition().getType());
    FailureOr<LinearLayout> layout =
        getTileLayout(tile, getNumWarps(op));
    if (failed(layout))
      return rewriter.notifyMatchFailure(op, "condition without a layout");
    auto func = op->getParentOfType<LLVM::LLVMFuncOp>();
    if (!func)
      return rewriter.notifyMatchFailure(op, "not inside a kernel");
    FailureOr<Value> buffer = createArgBuffer(rewriter, loc, op);
    if (failed(buffer))
      return failure();

    SmallVector<Value> regs =
        unpackRegisters(rewriter, loc, adaptor.getCondition());
    ThreadIds ids = getThreadIds(rewriter, loc);
    SmallVector<SmallVector<Value>> coords =
        emitElementCoordinates(rewriter, loc, *layout, ids);
    Value trueValue = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                               rewriter.getBoolAttr(true));
    // A false element fails in its owner only, so each is reported once.
    SmallVector<Value> failing(regs.size());
    Value anyFailing;
    for (auto [r, reg] : llvm::enumerate(regs)) {
      Value owner = emitOwnerPredicate(rewriter, loc, *layout, r, ids);
      Value bad = LLVM::XOrOp::create(rewriter, loc, reg, trueValue);
      if (owner)
        bad = LLVM::AndOp::create(rewriter, loc, bad, owner);
      failing[r] = bad;
      anyFailing = anyFailing ? LLVM::OrOp::create(rewriter, loc, anyFailing,
                                                   bad)
                                    .getResult()
                              : bad;
    }

    std::string message = op.getMessage().str();
    if (message.empty())
      message = "assertion failed";
    std::string file = "<unknown>";
    unsigned line = 0;
    if (std::optional<FileLineColLoc> source = findSourceLocation(loc)) {
      file = source->getFilename().str();
      line = source->getLine();
    }

    LogicalResult result = emitIf(rewriter, loc, anyFailing, [&]() -> LogicalResult {
      // Name every false element this thread owns.
      for (auto [position, value] : llvm::enumerate(failing)) {
        // Lambdas may not capture structured bindings before C++20.
        size_t r = position;
        Value bad = value;
        LogicalResult printed = emitIf(rewriter, loc, bad, [&]() -> LogicalResult {
          PrintfEmitter printer(rewriter, loc, op, *buffer);
          printer.addText(file + ":" + std::to_string(line) + ": " +
                          func.getName().str() + ": element [");
          Conversion index;
          index.spec = 'd';
          for (unsigned d = 0; d < coords[r].size(); ++d) {
            if (d > 0)
              printer.addText(", ");
            if (failed(printer.addValue(index, coords[r][d],
                                        rewriter.getI32Type())))
              return failure();
          }
          printer.addText("] is false: " + message + "\n");
          return printer.flush();
        });
        if (failed(printed))
          return failure();
      }
      auto ptrType = LLVM::LLVMPointerType::get(ctx);
      auto assertType = LLVM::LLVMFunctionType::get(
          LLVM::LLVMVoidType::get(ctx),
          {ptrType, ptrType, rewriter.getI32Type(), ptrType,
           rewriter.getI64Type()});
      FailureOr<LLVM::LLVMFuncOp> assertFail =
          getOrDeclareFunc(rewriter, op, "__assertfail", assertType);
      FailureOr<Value> msg = getStringPointer(rewriter, loc, op, message);
      FailureOr<Value> fileName = getStringPointer(rewriter, loc, op, file);
      FailureOr<Value> funcName =
          getStringPointer(rewriter, loc, op, func.getName());
      if (failed(assertFail) || failed(msg) || failed(fileName) ||
          failed(funcName))
        return failure();
      LLVM::CallOp::create(
          rewriter, loc, *assertFail,
          ValueRange{*msg, *fileName, i32Const(rewriter, loc, line), *funcName,
                     i64Const(rewriter, loc, 1)});
      // As CUDA's assert: the failing thread does not go on.
      LLVM::Trap::create(rewriter, loc);
      return success();
    });
    if (failed(result))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void tileir::populateDebugToLLVMPatterns(TileLLVMTypeConverter &converter,
                                         RewritePatternSet &patterns) {
  patterns.add<PrintLowering, AssertLowering>(converter);
}
