//===- TensorMapToLLVM.cpp - TMA copies with tensor maps built on device --===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// cuTile launches kernels with plain pointers and strides, no tensor maps,
// so a kernel that copies with TMA writes its maps itself, into a pool in
// the module's global memory:
//
//   __tileir_tensormap_slots  a bitmap, one bit a slot (1 = taken);
//   __tileir_tensormaps       kTensorMapSlots slots of kTensorMapsPerSlot
//                             128-byte maps.
//
// tensormap_acquire: the CTA's first thread sets a free bit with an
// atomic OR (acquire), probing from its CTA's linear id, and leaves the
// slot number in shared memory. tensormap_init: the producer zeroes a map
// of the slot, fills every field with tensormap.replace and fences the
// tensor-map proxy (release, then acquire on the map). tma_copy: expect
// the tile's bytes on the stage's mbarrier and issue
// cp.async.bulk.tensor per column block. tensormap_release: the first
// thread clears the bit (release) once the compute warps' loop is done.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"
#include "ViewAccess.h"

#include "tileir/Conversion/TileToLLVM/TileToLLVM.h"
#include "tileir/Dialect/TileGPU/IR/TensorMap.h"
#include "tileir/Dialect/TileGPU/IR/TileGPU.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::lowering;

namespace {

constexpr llvm::StringLiteral kSlotsName = "__tileir_tensormap_slots";
constexpr llvm::StringLiteral kMapsName = "__tileir_tensormaps";
constexpr int64_t kMapBytes = 128;

/// The address of a zero-initialized global array of the module (declared
/// on first use).
FailureOr<Value> getPool(OpBuilder &b, Location loc, Operation *op,
                         StringRef name, Type element, int64_t count,
                         int64_t alignment) {
  auto module = op->getParentOfType<ModuleOp>();
  if (!module)
    return failure();
  auto global = module.lookupSymbol<LLVM::GlobalOp>(name);
  if (!global) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    auto arrayType = LLVM::LLVMArrayType::get(element, count);
    global = LLVM::GlobalOp::create(b, loc, arrayType, /*isConstant=*/false,
                                    LLVM::Linkage::Internal, name,
                                    /*value=*/Attribute(), alignment,
                                    /*addrSpace=*/1);
    Block *init = b.createBlock(&global.getInitializerRegion());
    b.setInsertionPointToStart(init);
    Value zero = LLVM::ZeroOp::create(b, loc, arrayType);
    LLVM::ReturnOp::create(b, loc, zero);
  }
  return LLVM::AddressOfOp::create(b, loc, global).getResult();
}

FailureOr<Value> getSlotBitmap(OpBuilder &b, Location loc, Operation *op) {
  return getPool(b, loc, op, kSlotsName, b.getI32Type(),
                 tilegpu::kTensorMapSlots / 32, 4);
}

/// Element `slot` of the barrier buffer, which holds the slot number.
Value getSlotWord(OpBuilder &b, Location loc, Value barriers, int64_t slot) {
  return LLVM::GEPOp::create(b, loc, barriers.getType(), b.getI64Type(),
                             barriers, ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(slot)});
}

Value loadSlot(OpBuilder &b, Location loc, Value barriers, int64_t slot) {
  Value word = LLVM::LoadOp::create(b, loc, b.getI64Type(),
                                    getSlotWord(b, loc, barriers, slot));
  return LLVM::TruncOp::create(b, loc, b.getI32Type(), word);
}

/// The global address of map `map` of slot `slot` (an i32).
FailureOr<Value> getMapAddress(OpBuilder &b, Location loc, Operation *op,
                               Value slot, int32_t map) {
  FailureOr<Value> pool =
      getPool(b, loc, op, kMapsName, b.getI8Type(),
              int64_t(tilegpu::kTensorMapSlots) * tilegpu::kTensorMapsPerSlot *
                  kMapBytes,
              kMapBytes);
  if (failed(pool))
    return failure();
  Value index = LLVM::ZExtOp::create(b, loc, b.getI64Type(), slot);
  Value first = LLVM::MulOp::create(
      b, loc, index, i64Const(b, loc, tilegpu::kTensorMapsPerSlot * kMapBytes));
  Value offset =
      LLVM::AddOp::create(b, loc, first, i64Const(b, loc, map * kMapBytes));
  return LLVM::GEPOp::create(b, loc, pool->getType(), b.getI8Type(), *pool,
                             ValueRange{offset})
      .getResult();
}

/// The bitmap word and bit of slot `slot` (an i32).
std::pair<Value, Value> getSlotBit(OpBuilder &b, Location loc, Value bitmap,
                                   Value slot) {
  Value word = LLVM::LShrOp::create(b, loc, slot, i32Const(b, loc, 5));
  Value one = i32Const(b, loc, 1);
  Value position = LLVM::AndOp::create(b, loc, slot, i32Const(b, loc, 31));
  Value bit = LLVM::ShlOp::create(b, loc, one, position);
  Value address = LLVM::GEPOp::create(b, loc, bitmap.getType(),
                                      b.getI32Type(), bitmap,
                                      ValueRange{word});
  return {address, bit};
}

/// Splits the block at the insertion point and runs what `body` emits only
/// when `condition` holds; the insertion point ends after it.
void emitIf(ConversionPatternRewriter &rewriter, Location loc, Value condition,
            llvm::function_ref<void()> body) {
  Block *before = rewriter.getInsertionBlock();
  Block *after = rewriter.splitBlock(before, rewriter.getInsertionPoint());
  Block *then = rewriter.createBlock(after);
  body();
  LLVM::BrOp::create(rewriter, loc, ValueRange(), after);
  rewriter.setInsertionPointToEnd(before);
  LLVM::CondBrOp::create(rewriter, loc, condition, then, after);
  rewriter.setInsertionPointToStart(after);
}

Value isFirstThread(OpBuilder &b, Location loc) {
  Value tid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
  return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, tid,
                              i32Const(b, loc, 0));
}

void emitAsm(OpBuilder &b, Location loc, ValueRange operands,
             StringRef constraints, const llvm::Twine &text) {
  createAsm(b, loc, TypeRange(), operands, text.str(), constraints);
}

struct TensorMapAcquireLowering
    : public ConvertOpToLLVMPattern<tilegpu::TensorMapAcquireOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::TensorMapAcquireOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<Value> bitmap = getSlotBitmap(rewriter, loc, op);
    if (failed(bitmap))
      return rewriter.notifyMatchFailure(op, "not in a module");
    Value barriers = adaptor.getBarriers();
    Type i32 = rewriter.getI32Type();
    emitIf(rewriter, loc, isFirstThread(rewriter, loc), [&] {
      // Probe from the CTA's linear id: CTAs resident together have nearby
      // ids, so the first probe almost always finds the bit free.
      Value x = NVVM::BlockIdXOp::create(rewriter, loc, i32);
      Value y = NVVM::BlockIdYOp::create(rewriter, loc, i32);
      Value z = NVVM::BlockIdZOp::create(rewriter, loc, i32);
      Value nx = NVVM::GridDimXOp::create(rewriter, loc, i32);
      Value ny = NVVM::GridDimYOp::create(rewriter, loc, i32);
      Value yz = LLVM::AddOp::create(
          rewriter, loc, y, LLVM::MulOp::create(rewriter, loc, ny, z));
      Value linear = LLVM::AddOp::create(
          rewriter, loc, x, LLVM::MulOp::create(rewriter, loc, nx, yz));
      Value mask = i32Const(rewriter, loc, tilegpu::kTensorMapSlots - 1);
      Value start = LLVM::AndOp::create(rewriter, loc, linear, mask);

      Block *entry = rewriter.getInsertionBlock();
      Block *done = rewriter.splitBlock(entry, rewriter.getInsertionPoint());
      done->addArgument(i32, loc);
      Block *probe = rewriter.createBlock(done, {i32}, {loc});
      Value candidate = probe->getArgument(0);
      auto [address, bit] = getSlotBit(rewriter, loc, *bitmap, candidate);
      // Inline PTX: the NVPTX backend drops the ordering of an atomicrmw
      // with a sync scope, and the acquire is what orders the previous
      // owner's reads of the maps before this CTA rewrites them.
      Value old =
          LLVM::InlineAsmOp::create(
              rewriter, loc, i32, ValueRange{address, bit},
              "atom.acquire.gpu.global.or.b32 $0, [$1], $2;", "=r,l,r",
              /*has_side_effects=*/true, /*is_align_stack=*/false,
              LLVM::TailCallKind::None, /*asm_dialect=*/nullptr,
              /*operand_attrs=*/nullptr)
              .getResult(0);
      Value taken = LLVM::AndOp::create(rewriter, loc, old, bit);
      Value free = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                        taken, i32Const(rewriter, loc, 0));
      Value next = LLVM::AndOp::create(
          rewriter, loc,
          LLVM::AddOp::create(rewriter, loc, candidate,
                              i32Const(rewriter, loc, 1)),
          mask);
      LLVM::CondBrOp::create(rewriter, loc, free, done, ValueRange{candidate},
                             probe, ValueRange{next});
      rewriter.setInsertionPointToEnd(entry);
      LLVM::BrOp::create(rewriter, loc, ValueRange{start}, probe);
      rewriter.setInsertionPointToStart(done);
      Value slot = LLVM::ZExtOp::create(rewriter, loc, rewriter.getI64Type(),
                                        done->getArgument(0));
      LLVM::StoreOp::create(rewriter, loc, slot,
                            getSlotWord(rewriter, loc, barriers, op.getSlot()));
    });
    rewriter.eraseOp(op);
    return success();
  }
};

struct TensorMapReleaseLowering
    : public ConvertOpToLLVMPattern<tilegpu::TensorMapReleaseOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::TensorMapReleaseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<Value> bitmap = getSlotBitmap(rewriter, loc, op);
    if (failed(bitmap))
      return rewriter.notifyMatchFailure(op, "not in a module");
    Value barriers = adaptor.getBarriers();
    auto release = [&] {
      Value slot = loadSlot(rewriter, loc, barriers, op.getSlot());
      auto [address, bit] = getSlotBit(rewriter, loc, *bitmap, slot);
      Value clear = LLVM::XOrOp::create(rewriter, loc, bit,
                                        i32Const(rewriter, loc, -1));
      emitAsm(rewriter, loc, ValueRange{address, clear}, "l,r",
              "red.release.gpu.global.and.b32 [$0], $1;");
    };
    if (op.getThisThread())
      release();
    else
      emitIf(rewriter, loc, isFirstThread(rewriter, loc), release);
    rewriter.eraseOp(op);
    return success();
  }
};

/// The view's sizes and strides as i64, whether every size is one a tensor
/// map holds (1 to 2^31 - 1: TMA coordinates are signed 32-bit), and
/// whether one is larger or a stride is one no map holds (negative, or 2^40
/// bytes or more).
struct ViewDims {
  Value base;
  SmallVector<Value> sizes, strides;
  /// A dim past 2^31 - 1 elements or a stride out of a map's range.
  Value anyHuge;
};

ViewDims getViewDims(OpBuilder &b, Location loc, Value loweredView,
                     unsigned rank, unsigned elementBytes) {
  ViewFields fields = unpackView(b, loc, loweredView, rank);
  ViewDims dims;
  dims.base = fields.base;
  Type i64 = b.getI64Type();
  for (unsigned d = 0; d < rank; ++d) {
    Value size = castInt(b, loc, fields.sizes[d], i64, /*isSigned=*/true);
    dims.sizes.push_back(size);
    dims.strides.push_back(
        castInt(b, loc, fields.strides[d], i64, /*isSigned=*/true));
    Value huge = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::sgt, size,
                                      i64Const(b, loc, INT32_MAX));
    dims.anyHuge =
        d == 0 ? huge : LLVM::OrOp::create(b, loc, dims.anyHuge, huge).getResult();
    // Unsigned: a negative stride is as out of range as a huge one.
    Value strideLimit = i64Const(b, loc, (int64_t(1) << 40) / elementBytes);
    Value badStride = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::uge,
                                           dims.strides.back(), strideLimit);
    dims.anyHuge = LLVM::OrOp::create(b, loc, dims.anyHuge, badStride);
  }
  return dims;
}

Value clampI64(OpBuilder &b, Location loc, Value v, Value lo, Value hi) {
  Value below = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::slt, v, lo);
  v = LLVM::SelectOp::create(b, loc, below, lo, v);
  Value above = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::sgt, v, hi);
  return LLVM::SelectOp::create(b, loc, above, hi, v);
}

struct TensorMapInitLowering
    : public ConvertOpToLLVMPattern<tilegpu::TensorMapInitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::TensorMapInitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<TensorMapPlan> plan =
        planTensorMap(op.getView().getType(), op.getBuffer().getType());
    if (failed(plan))
      return rewriter.notifyMatchFailure(op, "no tensor-map plan");
    // Built in shared memory, the map takes the first 128 bytes of the
    // stage buffer, which holds at least one swizzle block of 8 rows of 16
    // bytes or more (planTensorMap). Checked before any IR is emitted.
    bool inShared = op->hasAttr(tilegpu::kTensorMapInSharedAttrName);
    if (inShared && cast<tilegpu::SMemType>(op.getBuffer().getType())
                            .getTotalBytes() < kMapBytes)
      return rewriter.notifyMatchFailure(op, "stage smaller than a map");
    if (!op->getParentOfType<ModuleOp>())
      return rewriter.notifyMatchFailure(op, "not in a module");
    enterLeaderOnly(rewriter, op);
    Value slot = loadSlot(rewriter, loc, adaptor.getBarriers(), op.getSlot());
    FailureOr<Value> map =
        getMapAddress(rewriter, loc, op, slot, static_cast<int32_t>(op.getMap()));
    if (failed(map))
      return rewriter.notifyMatchFailure(op, "not in a module");
    ViewDims dims = getViewDims(rewriter, loc, adaptor.getView(), plan->rank,
                                plan->elementBytes);
    // A view no map can describe stops the kernel (as tma_copy would) before
    // any copy of it is issued.
    emitIf(rewriter, loc, dims.anyHuge,
           [&] { LLVM::Trap::create(rewriter, loc); });

    // A zeroed map, then every field this plan uses. The fields are
    // read-modify-writes of the map's words: with
    // `tilegpu.tensormap_in_shared` the map is built where they are cheap,
    // in the first 128 bytes of the stage buffer, and then copied to its
    // global slot (built in global memory, each field waits for a round
    // trip to L2, and every CTA builds its maps before its first copy). No
    // copy has written the buffer yet; it is TMA's destination, so 128-byte
    // aligned as a map must be.
    auto v4 = VectorType::get({4}, rewriter.getI32Type());
    Value zeros = LLVM::ZeroOp::create(rewriter, loc, v4);
    Value target = inShared ? adaptor.getBuffer() : *map;
    auto wordAt = [&](Value base, int64_t i) -> Value {
      return LLVM::GEPOp::create(rewriter, loc, base.getType(),
                                 rewriter.getI8Type(), base,
                                 ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(i * 16)});
    };
    for (int64_t i = 0; i < kMapBytes / 16; ++i)
      LLVM::StoreOp::create(rewriter, loc, zeros, wordAt(target, i),
                            /*alignment=*/16);
    // tensormap.replace takes a 32-bit shared-window address.
    Value targetAddress =
        inShared ? LLVM::TruncOp::create(
                       rewriter, loc, rewriter.getI32Type(),
                       LLVM::PtrToIntOp::create(
                           rewriter, loc, rewriter.getI64Type(), target))
                       .getResult()
                 : target;
    StringRef space = inShared ? "shared::cta" : "global";
    StringRef addressConstraint = inShared ? "r" : "l";
    auto replace = [&](StringRef field, StringRef type, ValueRange values,
                       StringRef constraints, const llvm::Twine &operands) {
      SmallVector<Value> all{targetAddress};
      llvm::append_range(all, values);
      emitAsm(rewriter, loc, all,
              constraints.empty()
                  ? addressConstraint.str()
                  : (addressConstraint + "," + constraints).str(),
              "tensormap.replace.tile." + field + "." + space + ".b1024." +
                  type + " [$0], " + operands + ";");
    };
    Value base = LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI64Type(),
                                          dims.base);
    // An empty view may have no storage at all (a null or dangling base:
    // torch gives a 0 x K tensor address 0), and TMA faults on such a map
    // even when every box lies outside it. No copy reads through an empty
    // view's map (tma_copy starts each box past the empty dim), so the map
    // takes its own address, which is valid, 128-byte aligned global
    // memory.
    Value zero = i64Const(rewriter, loc, 0);
    Value anyEmpty;
    for (unsigned d = 0; d < plan->rank; ++d) {
      Value empty = LLVM::ICmpOp::create(rewriter, loc,
                                         LLVM::ICmpPredicate::sle,
                                         dims.sizes[d], zero);
      anyEmpty = anyEmpty ? LLVM::OrOp::create(rewriter, loc, anyEmpty, empty)
                                .getResult()
                          : empty;
    }
    Value own = LLVM::PtrToIntOp::create(rewriter, loc,
                                         rewriter.getI64Type(), *map);
    base = LLVM::SelectOp::create(rewriter, loc, anyEmpty, own, base);
    replace("global_address", "b64", {base}, "l", "$1");
    replace("rank", "b32", {}, "", llvm::Twine(plan->rank - 1));
    Value one = i64Const(rewriter, loc, 1);
    Value maxDim = i64Const(rewriter, loc, INT32_MAX);
    for (unsigned j = 0; j < plan->rank; ++j) {
      unsigned d = plan->getTensorDim(j);
      replace("box_dim", "b32", {}, "",
              llvm::Twine(j) + ", " + llvm::Twine(plan->box[j]));
      // An oversized dim never reaches a copy (tma_copy traps) and an
      // empty one is read as 1 with every box starting past it (tma_copy):
      // the map only has to be well-formed.
      // An empty view's map is 1 along every dim with 16-byte strides
      // (its own sizes and strides need not satisfy a map's rules).
      Value size = clampI64(rewriter, loc, dims.sizes[d], one, maxDim);
      size = LLVM::SelectOp::create(rewriter, loc, anyEmpty, one, size);
      Value size32 =
          LLVM::TruncOp::create(rewriter, loc, rewriter.getI32Type(), size);
      replace("global_dim", "b32", {size32}, "r", llvm::Twine(j) + ", $1");
      if (j > 0) {
        Value bytes = LLVM::MulOp::create(
            rewriter, loc, dims.strides[d],
            i64Const(rewriter, loc, plan->elementBytes));
        bytes = LLVM::SelectOp::create(rewriter, loc, anyEmpty,
                                       i64Const(rewriter, loc, 16), bytes);
        replace("global_stride", "b64", {bytes}, "l",
                llvm::Twine(j - 1) + ", $1");
      }
      replace("element_stride", "b32", {}, "", llvm::Twine(j) + ", 1");
    }
    replace("elemtype", "b32", {}, "", llvm::Twine(plan->elementType));
    replace("interleave_layout", "b32", {}, "", "0");
    replace("swizzle_mode", "b32", {}, "", llvm::Twine(plan->swizzleMode));
    replace("fill_mode", "b32", {}, "", "0");
    if (inShared) {
      for (int64_t i = 0; i < kMapBytes / 16; ++i) {
        Value word = LLVM::LoadOp::create(rewriter, loc, v4,
                                          wordAt(target, i), /*alignment=*/16);
        LLVM::StoreOp::create(rewriter, loc, word, wordAt(*map, i),
                              /*alignment=*/16);
      }
      // The stage's first copy writes these bytes through the async proxy.
      emitAsyncProxyFence(rewriter, loc);
    }
    // The maps were written through the generic proxy; TMA reads them
    // through the tensor-map proxy. One release covers every map this
    // thread wrote before it (the writes are ordered by the release and
    // its wait for them), so the maps of one slot share it.
    SmallVector<int32_t> fenced{static_cast<int32_t>(op.getMap())};
    if (auto maps = op->getAttrOfType<DenseI32ArrayAttr>(
            tilegpu::kTensorMapFenceAttrName))
      fenced.assign(maps.asArrayRef().begin(), maps.asArrayRef().end());
    if (!fenced.empty())
      NVVM::FenceProxyReleaseOp::create(rewriter, loc,
                                        NVVM::MemScopeKind::GPU);
    for (int32_t m : fenced) {
      // In a module (checked above), so the address is always built.
      FailureOr<Value> fencedMap = getMapAddress(rewriter, loc, op, slot, m);
      if (failed(fencedMap))
        continue;
      Value generic = LLVM::AddrSpaceCastOp::create(
          rewriter, loc, LLVM::LLVMPointerType::get(rewriter.getContext()),
          *fencedMap);
      NVVM::FenceProxyAcquireOp::create(rewriter, loc, NVVM::MemScopeKind::GPU,
                                        generic,
                                        i32Const(rewriter, loc, kMapBytes));
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct TmaCopyLowering : public ConvertOpToLLVMPattern<tilegpu::TmaCopyOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::TmaCopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<TensorMapPlan> plan =
        planTensorMap(op.getView().getType(), op.getBuffer().getType());
    if (failed(plan))
      return rewriter.notifyMatchFailure(op, "no tensor-map plan");
    enterLeaderOnly(rewriter, op);
    Value barriers = adaptor.getBarriers();
    Value stage = castInt(rewriter, loc, adaptor.getStage(),
                          rewriter.getI32Type(), /*isSigned=*/false);
    Value barrier = LLVM::GEPOp::create(rewriter, loc, barriers.getType(),
                                        rewriter.getI64Type(), barriers,
                                        ValueRange{stage});
    ViewDims dims = getViewDims(rewriter, loc, adaptor.getView(), plan->rank,
                                plan->elementBytes);
    // A dim past 2^31 - 1 elements, or a negative stride, cannot be
    // described by a tensor map: stop the kernel rather than copy wrong
    // data. A leader-only copy's thread has run the view's tensormap_init,
    // which checked already: a trap here, in a branch of one thread while
    // wgmma may be in flight, would make ptxas serialize every wgmma
    // (C7518: it must wait for them before the thread may end).
    if (!op->hasAttr(tilegpu::kLeaderOnlyAttrName))
      emitIf(rewriter, loc, dims.anyHuge,
             [&] { LLVM::Trap::create(rewriter, loc); });
    Value slot = loadSlot(rewriter, loc, barriers, op.getSlot());
    FailureOr<Value> map =
        getMapAddress(rewriter, loc, op, slot, static_cast<int32_t>(op.getMap()));
    if (failed(map))
      return rewriter.notifyMatchFailure(op, "not in a module");
    Value generic = LLVM::AddrSpaceCastOp::create(
        rewriter, loc, LLVM::LLVMPointerType::get(rewriter.getContext()), *map);
    Value buffer = adaptor.getBuffer();
    Value tileBytes = i32Const(rewriter, loc, plan->getTileBytes());

    // An empty dim has no valid map: the map says 1 (tensormap_init) and
    // the box starts at 1 along it, wholly out of bounds, so TMA writes
    // zeros without reading memory. The copy is the same instruction
    // stream either way: no generic stores into the stage, which ptxas
    // would have to order against wgmma in flight (with the copy in one
    // thread's branch, it then serializes every wgmma of the kernel).
    NVVM::MBarrierArriveExpectTxOp::create(
        rewriter, loc, Type(), barrier, tileBytes, NVVM::MemScopeKind::CTA,
        /*relaxed=*/false, /*predicate=*/Value());
    Type i64 = rewriter.getI64Type();
    SmallVector<Value> origins;
    for (unsigned j = 0; j < plan->rank; ++j) {
      Value index = castInt(rewriter, loc,
                            adaptor.getIndex()[plan->tileDims[j]], i64,
                            /*isSigned=*/true);
      origins.push_back(LLVM::MulOp::create(
          rewriter, loc, index, i64Const(rewriter, loc, plan->tileExtents[j])));
    }
    auto cluster = LLVM::LLVMPointerType::get(rewriter.getContext(), 7);
    for (int64_t block = 0; block < plan->blocks; ++block) {
      SmallVector<Value> coords;
      for (unsigned j = 0; j < plan->rank; ++j) {
        Value origin = origins[j];
        if (j == 0 && block > 0)
          origin = LLVM::AddOp::create(
              rewriter, loc, origin,
              i64Const(rewriter, loc, block * plan->box[0]));
        // Keep a box that lies wholly outside the tensor outside it in
        // 32 bits (zero fill) instead of letting it wrap around.
        Value size = dims.sizes[plan->getTensorDim(j)];
        Value c = clampI64(rewriter, loc, origin,
                           i64Const(rewriter, loc, -plan->box[j]), size);
        Value empty = LLVM::ICmpOp::create(rewriter, loc,
                                           LLVM::ICmpPredicate::sle, size,
                                           i64Const(rewriter, loc, 0));
        c = LLVM::SelectOp::create(rewriter, loc, empty,
                                   i64Const(rewriter, loc, 1), c);
        coords.push_back(
            LLVM::TruncOp::create(rewriter, loc, rewriter.getI32Type(), c));
      }
      Value dst = LLVM::GEPOp::create(
          rewriter, loc, buffer.getType(), rewriter.getI8Type(), buffer,
          ArrayRef<LLVM::GEPArg>{
              static_cast<int32_t>(block * plan->blockBytes)});
      Value clusterDst =
          LLVM::AddrSpaceCastOp::create(rewriter, loc, cluster, dst);
      NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
          rewriter, loc, clusterDst, generic, coords, barrier,
          /*im2colOffsets=*/ValueRange(), /*multicastMask=*/Value(),
          /*l2CacheHint=*/Value(), NVVM::TMALoadMode::TILE,
          /*isCTAOnly=*/false, /*group=*/NVVM::CTAGroupKindAttr(),
          /*predicate=*/Value());
    }
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void tileir::populateTensorMapToLLVMPatterns(TileLLVMTypeConverter &converter,
                                             RewritePatternSet &patterns) {
  patterns.add<TensorMapAcquireLowering, TensorMapReleaseLowering,
               TensorMapInitLowering, TmaCopyLowering>(converter);
}
