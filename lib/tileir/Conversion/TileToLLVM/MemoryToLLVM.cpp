//===- MemoryToLLVM.cpp - Views, loads, stores and alloca -----------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A view lowers to the struct {base, sizes..., strides...} of its tensor
// view; the tiling is static, in the view's type.
//
// A load or store through a view computes, once per thread, the address of
// its first element: the tile origin (index x step along each tensor dim,
// where the step is the tile size or the traversal stride) and the part of
// the in-tile coordinates that depends on the lane and the warp. Each
// register then adds a constant (for static strides) to that address, and
// its in-bounds predicate compares its coordinates with the number of valid
// coordinates left along each dim (clamped to the tile size, computed once).
// A gather/scatter view takes the row of each register from its index tile,
// moved to the threads that hold the row's elements.
//
// Accesses are vectorized along a dim of unit stride where the layout gives
// a thread consecutive elements: up to 16 bytes per ld/st. That needs the
// base address, the other strides and (for masking whole vectors) the size
// of that dim to be multiples of the vector; whatever the `assume` facts of
// the program do not prove is checked at run time, once per access, and a
// uniform branch picks the vector or the element-wise version.
//
// Loads give padding (or unspecified values) where out of bounds, every
// thread loads the elements it holds; stores write each element once, from
// its owner thread (emitOwnerPredicate), and never out of bounds.
//
//===----------------------------------------------------------------------===//

#include "MemoryAccess.h"
#include "ViewAccess.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/APFloat.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::lowering;

namespace {

/// The rewriter's converter, with its element types.
const TileLLVMTypeConverter &getConverter(const TypeConverter *converter) {
  return *static_cast<const TileLLVMTypeConverter *>(converter);
}

//===----------------------------------------------------------------------===//
// View construction and queries
//===----------------------------------------------------------------------===//

struct MakeTensorViewLowering
    : public ConvertOpToLLVMPattern<cuda_tile::MakeTensorViewOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::MakeTensorViewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto viewType = cast<cuda_tile::TensorViewType>(op.getResult().getType());
    Type structType = getTypeConverter()->convertType(viewType);
    if (!structType)
      return rewriter.notifyMatchFailure(op, "unsupported view type");
    Type i64 = rewriter.getI64Type();
    Value result = LLVM::PoisonOp::create(rewriter, loc, structType);
    result = LLVM::InsertValueOp::create(rewriter, loc, result,
                                         adaptor.getBase(),
                                         ArrayRef<int64_t>{0});
    unsigned rank = viewType.getShape().size();
    // Sizes and strides are unsigned; narrower operands are zero-extended.
    auto fill = [&](ArrayRef<int64_t> statics, ValueRange dynamics,
                    unsigned first) {
      unsigned next = 0;
      for (unsigned i = 0; i < rank; ++i) {
        Value v;
        if (statics[i] == ShapedType::kDynamic)
          v = castInt(rewriter, loc, dynamics[next++], i64, /*isSigned=*/false);
        else
          v = i64Const(rewriter, loc, statics[i]);
        result = LLVM::InsertValueOp::create(
            rewriter, loc, result, v, ArrayRef<int64_t>{first + i});
      }
    };
    fill(viewType.getShape(), adaptor.getDynamicShape(), 1);
    fill(viewType.getStrides(), adaptor.getDynamicStrides(), 1 + rank);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// Partition, strided and gather/scatter views are their tensor view: the
/// tiling is in the type.
template <typename SourceOp>
struct MakeViewLowering : public ConvertOpToLLVMPattern<SourceOp> {
  using ConvertOpToLLVMPattern<SourceOp>::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getTensorView());
    return success();
  }
};

struct GetTensorShapeLowering
    : public ConvertOpToLLVMPattern<cuda_tile::GetTensorShapeOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::GetTensorShapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto viewType = cast<cuda_tile::TensorViewType>(op.getSrc().getType());
    unsigned rank = viewType.getShape().size();
    if (op.getNumResults() != rank)
      return rewriter.notifyMatchFailure(op, "one result per dimension");
    Location loc = op.getLoc();
    ViewFields fields = unpackView(rewriter, loc, adaptor.getSrc(), rank);
    SmallVector<Value> results;
    for (auto [size, result] : llvm::zip(fields.sizes, op.getResults())) {
      Type type = getTypeConverter()->convertType(result.getType());
      if (!type)
        return rewriter.notifyMatchFailure(op, "unsupported result type");
      results.push_back(castInt(rewriter, loc, size, type, /*isSigned=*/false));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct GetIndexSpaceShapeLowering
    : public ConvertOpToLLVMPattern<cuda_tile::GetIndexSpaceShapeOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::GetIndexSpaceShapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<ViewShape> shape = getViewShape(op.getSrc().getType());
    if (!shape || op.getNumResults() != shape->getRank())
      return rewriter.notifyMatchFailure(op, "unsupported view");
    Location loc = op.getLoc();
    ViewFields fields =
        unpackView(rewriter, loc, adaptor.getSrc(), shape->getRank());
    SmallVector<Value> results;
    for (auto [k, result] : llvm::enumerate(op.getResults())) {
      Value size = fields.sizes[shape->dimMap[k]];
      Value extent = size;
      // A gather/scatter view indexes single rows along its sparse dim;
      // elsewhere tiles start every `step` elements, the last one
      // possibly partial.
      if (shape->sparseDim != k) {
        int64_t step = shape->steps[k];
        Value rounded = LLVM::AddOp::create(rewriter, loc, size,
                                            i64Const(rewriter, loc, step - 1));
        extent = LLVM::UDivOp::create(rewriter, loc, rounded,
                                      i64Const(rewriter, loc, step));
      }
      Type type = getTypeConverter()->convertType(result.getType());
      if (!type)
        return rewriter.notifyMatchFailure(op, "unsupported result type");
      results.push_back(
          castInt(rewriter, loc, extent, type, /*isSigned=*/false));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// View loads and stores
//===----------------------------------------------------------------------===//

struct LoadViewLowering
    : public ConvertOpToLLVMPattern<cuda_tile::LoadViewTkoOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::LoadViewTkoOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<ViewShape> shape = getViewShape(op.getView().getType());
    if (!shape)
      return rewriter.notifyMatchFailure(op, "unsupported view");
    Location loc = op.getLoc();
    auto tileType = cast<cuda_tile::TileType>(op.getTile().getType());
    FailureOr<LinearLayout> layout = getTileLayout(tileType, getNumWarps(op));
    if (failed(layout))
      return rewriter.notifyMatchFailure(op, "tile without a layout");
    const TileLLVMTypeConverter &converter = getConverter(getTypeConverter());
    FailureOr<MemoryElement> element = getMemoryElement(
        tileType.getElementType(), converter, /*allowPacked=*/true);
    if (failed(element))
      return op.emitOpError("loads of ")
             << tileType.getElementType() << " are not supported yet";
    Type resultType = converter.convertType(tileType);
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "unsupported tile type");

    ThreadIds ids = getThreadIds(rewriter, loc);
    ViewAccess access(*shape, *layout, *element);
    if (failed(access.setUp(rewriter, loc, op, op.getView(),
                            adaptor.getView(), adaptor.getIndex(),
                            op.getIndex().getTypes(), ids)))
      return rewriter.notifyMatchFailure(op, "cannot address the view");
    VectorPlan plan = access.planVectors(rewriter, loc);

    FailureOr<Value> padding =
        getPaddingValue(rewriter, loc, tileType.getElementType(),
                        element->registerType, shape->padding);
    if (failed(padding))
      return op.emitOpError("padding_value ")
             << stringifyPaddingValue(shape->padding.getValue())
             << " has no encoding in " << tileType.getElementType();
    std::string qualifiers =
        getLoadStoreQualifiers(op.getMemoryOrderingSemantics(),
                               op.getMemoryScope()) +
        getPointerStateSpace(op).str();
    // Registers that repeat a lower register of the thread are copied.
    uint64_t duplicates = layout->getFreeMask(HwDim::Register);
    int64_t numRegs = layout->getNumRegisters();
    auto body = [&](unsigned width) -> FailureOr<SmallVector<Value>> {
      SmallVector<Value> regs(numRegs);
      SmallVector<Value> fallback;
      if (*padding)
        fallback.assign(width, *padding);
      for (const ViewAccess::Group &group : access.emitGroups(
               rewriter, loc, width,
               [&](int64_t r) { return (uint64_t(r) & duplicates) != 0; })) {
        if (element->isPacked) {
          auto [byte, shift] = access.getNibble(rewriter, loc, group.address);
          regs[group.reg] = emitPackedLoad(rewriter, loc, byte, shift,
                                           group.inBounds, *padding,
                                           qualifiers);
          continue;
        }
        SmallVector<Value> values =
            emitGlobalLoad(rewriter, loc, group.address, group.inBounds,
                           width, fallback, *element, qualifiers);
        for (unsigned i = 0; i < width; ++i)
          regs[group.reg + i] = values[i];
      }
      for (int64_t r = 0; r < numRegs; ++r)
        if (!regs[r])
          regs[r] = regs[uint64_t(r) & ~duplicates];
      return regs;
    };
    SmallVector<Type> regTypes(numRegs, element->registerType);
    FailureOr<SmallVector<Value>> regs =
        emitVersioned(rewriter, loc, plan, regTypes, body);
    if (failed(regs))
      return rewriter.notifyMatchFailure(op, "cannot emit the load");
    Value tile = packRegisters(rewriter, loc, resultType, *regs);
    Value token = LLVM::PoisonOp::create(
        rewriter, loc,
        getTypeConverter()->convertType(op.getResultToken().getType()));
    rewriter.replaceOp(op, ValueRange{tile, token});
    return success();
  }
};

struct StoreViewLowering
    : public ConvertOpToLLVMPattern<cuda_tile::StoreViewTkoOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::StoreViewTkoOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<ViewShape> shape = getViewShape(op.getView().getType());
    if (!shape)
      return rewriter.notifyMatchFailure(op, "unsupported view");
    Location loc = op.getLoc();
    auto tileType = cast<cuda_tile::TileType>(op.getTile().getType());
    FailureOr<LinearLayout> layout = getTileLayout(tileType, getNumWarps(op));
    if (failed(layout))
      return rewriter.notifyMatchFailure(op, "tile without a layout");
    const TileLLVMTypeConverter &converter = getConverter(getTypeConverter());
    FailureOr<MemoryElement> element = getMemoryElement(
        tileType.getElementType(), converter, /*allowPacked=*/true);
    if (failed(element))
      return op.emitOpError("stores of ")
             << tileType.getElementType() << " are not supported yet";

    ThreadIds ids = getThreadIds(rewriter, loc);
    ViewAccess access(*shape, *layout, *element);
    if (failed(access.setUp(rewriter, loc, op, op.getView(),
                            adaptor.getView(), adaptor.getIndex(),
                            op.getIndex().getTypes(), ids)))
      return rewriter.notifyMatchFailure(op, "cannot address the view");
    VectorPlan plan = access.planVectors(rewriter, loc);
    SmallVector<Value> values =
        unpackRegisters(rewriter, loc, adaptor.getTile());
    if (static_cast<int64_t>(values.size()) != layout->getNumRegisters())
      return rewriter.notifyMatchFailure(op, "unexpected register count");
    std::string semantics = getLoadStoreQualifiers(
        op.getMemoryOrderingSemantics(), op.getMemoryScope());
    StringRef space = getPointerStateSpace(op);
    std::string qualifiers = semantics + space.str();
    // One thread writes each element: registers that repeat a lower one are
    // skipped, and the owner predicate (the same for every register kept)
    // silences replicated lanes and warps.
    LinearLayout::ReplicationMask mask = layout->getReplicationMask();
    Value owner = emitOwnerPredicate(rewriter, loc, *layout, 0, ids);
    auto body = [&](unsigned width) -> FailureOr<SmallVector<Value>> {
      for (const ViewAccess::Group &group : access.emitGroups(
               rewriter, loc, width,
               [&](int64_t r) { return (uint64_t(r) & mask.reg) != 0; })) {
        Value pred = andPredicates(rewriter, loc, group.inBounds, owner);
        if (element->isPacked) {
          auto [byte, shift] = access.getNibble(rewriter, loc, group.address);
          emitPackedStore(rewriter, loc, byte, shift, pred,
                          values[group.reg], semantics, space);
          continue;
        }
        emitGlobalStore(rewriter, loc, group.address, pred,
                        ArrayRef(values).slice(group.reg, width), *element,
                        qualifiers);
      }
      return SmallVector<Value>();
    };
    if (failed(emitVersioned(rewriter, loc, plan, TypeRange(), body)))
      return rewriter.notifyMatchFailure(op, "cannot emit the store");
    Value token = LLVM::PoisonOp::create(
        rewriter, loc,
        getTypeConverter()->convertType(op.getResultToken().getType()));
    rewriter.replaceOp(op, token);
    return success();
  }
};

/// Each owned element of the tile is combined into the view with one `red`
/// (packed or vector forms where the layout allows), never out of bounds.
struct AtomicRedViewLowering
    : public ConvertOpToLLVMPattern<cuda_tile::AtomicRedViewTkoOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::AtomicRedViewTkoOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<ViewShape> shape = getViewShape(op.getView().getType());
    if (!shape || shape->sparseDim)
      return rewriter.notifyMatchFailure(op, "unsupported view");
    Location loc = op.getLoc();
    auto tileType = cast<cuda_tile::TileType>(op.getValue().getType());
    FailureOr<LinearLayout> layout = getTileLayout(tileType, getNumWarps(op));
    if (failed(layout))
      return rewriter.notifyMatchFailure(op, "tile without a layout");
    const TileLLVMTypeConverter &converter = getConverter(getTypeConverter());
    Type elementType = tileType.getElementType();
    FailureOr<MemoryElement> element =
        getMemoryElement(elementType, converter);
    unsigned sm = converter.getTarget().sm;
    FailureOr<AtomicInstr> instr =
        getAtomicInstr(op.getMode(), elementType, sm);
    if (failed(element) || failed(instr))
      return op.emitOpError("atomic reductions of ")
             << elementType << " with this mode are not supported";

    ThreadIds ids = getThreadIds(rewriter, loc);
    ViewAccess access(*shape, *layout, *element);
    if (failed(access.setUp(rewriter, loc, op, op.getView(),
                            adaptor.getView(), adaptor.getIndex(),
                            op.getIndex().getTypes(), ids)))
      return rewriter.notifyMatchFailure(op, "cannot address the view");
    int64_t maxWidth =
        instr->emulated ? 1
                        : getMaxReduceVectorWidth(op.getMode(), elementType, sm);
    VectorPlan plan = access.planVectors(rewriter, loc, maxWidth);
    SmallVector<Value> values =
        unpackRegisters(rewriter, loc, adaptor.getValue());
    if (static_cast<int64_t>(values.size()) != layout->getNumRegisters())
      return rewriter.notifyMatchFailure(op, "unexpected register count");
    std::string sem = getAtomicQualifiers(op.getMemoryOrderingSemantics(),
                                          op.getMemoryScope());
    StringRef space = getPointerStateSpace(op);
    LinearLayout::ReplicationMask mask = layout->getReplicationMask();
    Value owner = emitOwnerPredicate(rewriter, loc, *layout, 0, ids);
    auto body = [&](unsigned width) -> FailureOr<SmallVector<Value>> {
      for (const ViewAccess::Group &group : access.emitGroups(
               rewriter, loc, width,
               [&](int64_t r) { return (uint64_t(r) & mask.reg) != 0; })) {
        Value pred = andPredicates(rewriter, loc, group.inBounds, owner);
        emitAtomicReduce(rewriter, loc, *instr, group.address, pred,
                         ArrayRef(values).slice(group.reg, width), sem, space);
      }
      return SmallVector<Value>();
    };
    if (failed(emitVersioned(rewriter, loc, plan, TypeRange(), body)))
      return rewriter.notifyMatchFailure(op, "cannot emit the reduction");
    Value token = LLVM::PoisonOp::create(
        rewriter, loc,
        getTypeConverter()->convertType(op.getResultToken().getType()));
    rewriter.replaceOp(op, token);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Pointer loads and stores
//===----------------------------------------------------------------------===//

struct LoadPtrLowering
    : public ConvertOpToLLVMPattern<cuda_tile::LoadPtrTkoOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::LoadPtrTkoOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto tileType = cast<cuda_tile::TileType>(op.getResult().getType());
    FailureOr<LinearLayout> layout = getTileLayout(tileType, getNumWarps(op));
    if (failed(layout))
      return rewriter.notifyMatchFailure(op, "tile without a layout");
    const TileLLVMTypeConverter &converter = getConverter(getTypeConverter());
    FailureOr<MemoryElement> element = getMemoryElement(
        tileType.getElementType(), converter, /*allowPacked=*/true);
    if (failed(element))
      return op.emitOpError("loads of ")
             << tileType.getElementType() << " are not supported yet";
    Type resultType = converter.convertType(tileType);
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "unsupported tile type");

    ThreadIds ids = getThreadIds(rewriter, loc);
    FailureOr<SmallVector<Value>> pointers =
        getRegistersInLayout(rewriter, loc, op, adaptor.getSource(),
                             op.getSource().getType(), *layout, ids);
    if (failed(pointers))
      return rewriter.notifyMatchFailure(op, "cannot distribute pointers");
    FailureOr<SmallVector<Value>> masks = SmallVector<Value>();
    if (op.getMask())
      masks = getRegistersInLayout(rewriter, loc, op, adaptor.getMask(),
                                   op.getMask().getType(), *layout, ids);
    // Padding only matters where a mask can turn elements off.
    FailureOr<SmallVector<Value>> paddings = SmallVector<Value>();
    if (op.getMask() && op.getPaddingValue())
      paddings =
          getRegistersInLayout(rewriter, loc, op, adaptor.getPaddingValue(),
                               op.getPaddingValue().getType(), *layout, ids);
    if (failed(masks) || failed(paddings))
      return rewriter.notifyMatchFailure(op, "cannot distribute operands");

    std::string qualifiers =
        getLoadStoreQualifiers(op.getMemoryOrderingSemantics(),
                               op.getMemoryScope()) +
        getPointerStateSpace(op).str();
    uint64_t duplicates = layout->getFreeMask(HwDim::Register);
    int64_t numRegs = layout->getNumRegisters();
    SmallVector<Value> regs(numRegs);
    for (int64_t r = 0; r < numRegs; ++r) {
      if (uint64_t(r) & duplicates)
        continue;
      Value pred = masks->empty() ? Value() : (*masks)[r];
      SmallVector<Value> fallback;
      if (!paddings->empty())
        fallback.push_back((*paddings)[r]);
      regs[r] = emitGlobalLoad(rewriter, loc, (*pointers)[r], pred, 1,
                               fallback, *element, qualifiers)
                    .front();
    }
    for (int64_t r = 0; r < numRegs; ++r)
      if (!regs[r])
        regs[r] = regs[uint64_t(r) & ~duplicates];
    Value tile = packRegisters(rewriter, loc, resultType, regs);
    Value token = LLVM::PoisonOp::create(
        rewriter, loc,
        getTypeConverter()->convertType(op.getResultToken().getType()));
    rewriter.replaceOp(op, ValueRange{tile, token});
    return success();
  }
};

struct StorePtrLowering
    : public ConvertOpToLLVMPattern<cuda_tile::StorePtrTkoOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::StorePtrTkoOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto tileType = cast<cuda_tile::TileType>(op.getValue().getType());
    FailureOr<LinearLayout> layout = getTileLayout(tileType, getNumWarps(op));
    if (failed(layout))
      return rewriter.notifyMatchFailure(op, "tile without a layout");
    const TileLLVMTypeConverter &converter = getConverter(getTypeConverter());
    FailureOr<MemoryElement> element = getMemoryElement(
        tileType.getElementType(), converter, /*allowPacked=*/true);
    if (failed(element))
      return op.emitOpError("stores of ")
             << tileType.getElementType() << " are not supported yet";

    ThreadIds ids = getThreadIds(rewriter, loc);
    SmallVector<Value> values =
        unpackRegisters(rewriter, loc, adaptor.getValue());
    FailureOr<SmallVector<Value>> pointers =
        getRegistersInLayout(rewriter, loc, op, adaptor.getDestination(),
                             op.getDestination().getType(), *layout, ids);
    FailureOr<SmallVector<Value>> masks = SmallVector<Value>();
    if (op.getMask())
      masks = getRegistersInLayout(rewriter, loc, op, adaptor.getMask(),
                                   op.getMask().getType(), *layout, ids);
    if (failed(pointers) || failed(masks))
      return rewriter.notifyMatchFailure(op, "cannot distribute operands");

    std::string qualifiers =
        getLoadStoreQualifiers(op.getMemoryOrderingSemantics(),
                               op.getMemoryScope()) +
        getPointerStateSpace(op).str();
    LinearLayout::ReplicationMask mask = layout->getReplicationMask();
    Value owner = emitOwnerPredicate(rewriter, loc, *layout, 0, ids);
    for (auto [r, value] : llvm::enumerate(values)) {
      if (uint64_t(r) & mask.reg)
        continue;
      Value pred = owner;
      if (!masks->empty())
        pred = andPredicates(rewriter, loc, pred, (*masks)[r]);
      emitGlobalStore(rewriter, loc, (*pointers)[r], pred, value, *element,
                      qualifiers);
    }
    Value token = LLVM::PoisonOp::create(
        rewriter, loc,
        getTypeConverter()->convertType(op.getResultToken().getType()));
    rewriter.replaceOp(op, token);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// alloca
//===----------------------------------------------------------------------===//

/// Scratch private to the tile block lives in shared memory: one buffer per
/// alloca, next to the kernel. Its generic address is returned as the
/// pointer (kernels with allocas access memory through pointers and views
/// with generic ld/st, see getPointerStateSpace). A buffer live across tile
/// blocks (`global`) needs memory outside the CTA and is not supported yet.
struct AllocaLowering : public ConvertOpToLLVMPattern<cuda_tile::AllocaOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(cuda_tile::AllocaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getGlobal())
      return op.emitOpError(
          "alloca with `global` (memory shared across tile blocks) is not "
          "supported yet");
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    auto kernel = op->getParentOfType<FunctionOpInterface>();
    if (!module || !kernel)
      return rewriter.notifyMatchFailure(op, "alloca outside a kernel");
    auto pointee = cast<cuda_tile::PointerType>(
                       cast<cuda_tile::TileType>(op.getResult().getType())
                           .getElementType())
                       .getPointeeType();
    uint64_t bits = pointee.getIntOrFloatBitWidth();
    uint64_t bytes = llvm::divideCeil(
        static_cast<uint64_t>(op.getNumElem()) * bits, uint64_t(8));
    bytes = std::max<uint64_t>(bytes, 1);
    if (bytes > (uint64_t(1) << 31))
      return op.emitOpError("alloca of ") << bytes << " bytes is too large";

    std::string prefix = (kAllocaPrefix + kernel.getName()).str();
    std::string name = prefix;
    SymbolTable symbols(module);
    for (unsigned i = 1; symbols.lookup(name); ++i)
      name = prefix + "_" + std::to_string(i);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      auto arrayType = LLVM::LLVMArrayType::get(rewriter.getI8Type(), bytes);
      LLVM::GlobalOp::create(rewriter, loc, arrayType, /*isConstant=*/false,
                             LLVM::Linkage::Internal, name,
                             /*value=*/Attribute(),
                             static_cast<uint64_t>(op.getAlignment()),
                             /*addrSpace=*/3);
    }
    MLIRContext *ctx = rewriter.getContext();
    Value shared = LLVM::AddressOfOp::create(
        rewriter, loc, LLVM::LLVMPointerType::get(ctx, 3), name);
    Value generic = LLVM::AddrSpaceCastOp::create(
        rewriter, loc, LLVM::LLVMPointerType::get(ctx, 0), shared);
    // The bits of the generic address, typed as our pointers are.
    Value bitsOfAddress =
        LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI64Type(), generic);
    rewriter.replaceOpWithNewOp<LLVM::IntToPtrOp>(
        op, LLVM::LLVMPointerType::get(ctx, 1), bitsOfAddress);
    return success();
  }
};

} // namespace

void tileir::populateMemoryToLLVMPatterns(TileLLVMTypeConverter &converter,
                                          RewritePatternSet &patterns) {
  patterns.add<MakeTensorViewLowering,
               MakeViewLowering<cuda_tile::MakePartitionViewOp>,
               MakeViewLowering<cuda_tile::MakeStridedViewOp>,
               MakeViewLowering<cuda_tile::MakeGatherScatterViewOp>,
               GetTensorShapeLowering, GetIndexSpaceShapeLowering,
               LoadViewLowering, StoreViewLowering, AtomicRedViewLowering,
               LoadPtrLowering,
               StorePtrLowering, AllocaLowering>(converter);
  populateAtomicToLLVMPatterns(converter, patterns);
}
