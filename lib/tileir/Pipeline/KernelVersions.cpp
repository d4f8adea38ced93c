//===- KernelVersions.cpp - Paired kernels that keep their unpaired one ---===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A paired kernel (tileir-pair-row-tiles) runs half as many CTAs, each
// computing two tile blocks as one larger tile. Where the grid fills the
// GPU several times that is faster (the larger tile reuses each operand
// tile twice); where the unpaired grid fits in one wave, half the SMs sit
// idle and the kernel is up to twice slower. cuTile passes shapes at run
// time, so only the launched grid can tell: the kernel carries both
// lowerings and branches on the grid's size before anything else.
//
//===----------------------------------------------------------------------===//

#include "tileir/Pipeline/KernelVersions.h"

#include "tileir/Conversion/TileToLLVM/TileToLLVM.h"
#include "tileir/Dialect/TileGPU/IR/TileGPU.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;

bool tileir::hasPairedTiles(Operation *kernel) {
  return kernel->hasAttr(tilegpu::kPairedRowsAttrName) ||
         kernel->hasAttr(tilegpu::kPairedColumnsAttrName);
}

static bool isPairedKernel(LLVM::LLVMFuncOp func) {
  return func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()) &&
         tileir::hasPairedTiles(func);
}

/// Threads of a kernel's CTA (its `.reqntid`), 0 when unknown.
static int64_t getThreads(LLVM::LLVMFuncOp func) {
  auto reqntid = func->getAttrOfType<DenseI32ArrayAttr>(
      NVVM::NVVMDialect::getReqntidAttrName());
  if (!reqntid)
    return 0;
  int64_t threads = 1;
  for (int32_t n : reqntid.asArrayRef())
    threads *= n;
  return threads;
}

static int64_t getSharedBytes(LLVM::LLVMFuncOp func) {
  auto bytes = func->getAttrOfType<IntegerAttr>(tilegpu::kSharedBytesAttrName);
  return bytes ? bytes.getInt() : 0;
}

/// Whether every symbol the body of `from` (in `source`) refers to means
/// the same in `target`: the arena (one for both versions, grown to the
/// larger), globals of one type (the tensor-map slots), declarations of
/// one signature. Symbols `target` lacks are copied over.
static bool bringSymbols(LLVM::LLVMFuncOp from, ModuleOp source,
                         ModuleOp target) {
  std::optional<SymbolTable::UseRange> uses =
      SymbolTable::getSymbolUses(&from.getBody());
  if (!uses)
    return false;
  std::string arena = tileir::getSharedArenaName(from.getName());
  llvm::StringSet<> seen;
  SmallVector<Operation *> missing;
  for (const SymbolTable::SymbolUse &use : *uses) {
    StringRef name = use.getSymbolRef().getRootReference().getValue();
    if (!seen.insert(name).second)
      continue;
    Operation *mine = SymbolTable::lookupSymbolIn(source, name);
    Operation *theirs = SymbolTable::lookupSymbolIn(target, name);
    if (!mine)
      return false;
    if (!theirs) {
      missing.push_back(mine);
      continue;
    }
    auto myGlobal = dyn_cast<LLVM::GlobalOp>(mine);
    auto theirGlobal = dyn_cast<LLVM::GlobalOp>(theirs);
    if (myGlobal && theirGlobal) {
      if (myGlobal.getGlobalType() == theirGlobal.getGlobalType() ||
          name == arena)
        continue;
      return false;
    }
    auto myFunc = dyn_cast<LLVM::LLVMFuncOp>(mine);
    auto theirFunc = dyn_cast<LLVM::LLVMFuncOp>(theirs);
    if (myFunc && theirFunc && myFunc.isExternal() && theirFunc.isExternal() &&
        myFunc.getFunctionType() == theirFunc.getFunctionType())
      continue;
    return false;
  }
  // One arena for both versions: only one of them runs in a CTA.
  auto theirArena = target.lookupSymbol<LLVM::GlobalOp>(arena);
  auto myArena = source.lookupSymbol<LLVM::GlobalOp>(arena);
  if (theirArena && myArena) {
    auto mine = dyn_cast<LLVM::LLVMArrayType>(myArena.getGlobalType());
    auto theirs = dyn_cast<LLVM::LLVMArrayType>(theirArena.getGlobalType());
    if (!mine || !theirs)
      return false;
    if (mine.getNumElements() > theirs.getNumElements())
      theirArena.setGlobalType(mine);
  }
  OpBuilder b = OpBuilder::atBlockBegin(target.getBody());
  for (Operation *op : missing)
    b.clone(*op);
  return true;
}

/// Moves `unpaired`'s body into `paired`, behind a test of the grid.
static void join(LLVM::LLVMFuncOp paired, LLVM::LLVMFuncOp unpaired,
                 int64_t unpairedMaxCTAs) {
  MLIRContext *ctx = paired.getContext();
  Location loc = paired.getLoc();
  Region &body = paired.getBody();
  Block *pairedEntry = &body.front();
  Block *unpairedEntry = &unpaired.getBody().front();
  body.getBlocks().splice(body.end(), unpaired.getBody().getBlocks());

  OpBuilder b(ctx);
  SmallVector<Location> argLocs(pairedEntry->getNumArguments(), loc);
  Block *entry = b.createBlock(&body, body.begin(),
                               pairedEntry->getArgumentTypes(), argLocs);
  Type i32 = b.getI32Type();
  Type i64 = b.getI64Type();
  auto wide = [&](Value v) { return LLVM::ZExtOp::create(b, loc, i64, v); };
  // A grid may hold more than 2^32 CTAs: count them in 64 bits.
  Value x = wide(NVVM::GridDimXOp::create(b, loc, i32));
  Value y = wide(NVVM::GridDimYOp::create(b, loc, i32));
  Value z = wide(NVVM::GridDimZOp::create(b, loc, i32));
  Value xy = LLVM::MulOp::create(b, loc, x, y);
  Value ctas = LLVM::MulOp::create(b, loc, xy, z);
  Value limit = unpairedMaxCTAs < 0
                    ? wide(NVVM::SmDimOp::create(b, loc, i32)).getResult()
                    : LLVM::ConstantOp::create(
                          b, loc, i64, b.getI64IntegerAttr(unpairedMaxCTAs))
                          .getResult();
  Value many =
      LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ugt, ctas, limit);
  SmallVector<Value> args(entry->getArguments());

  // The unpaired version's own threads; the paired version's extra ones
  // leave (a CTA barrier waits only for threads that have not exited).
  int64_t pairedThreads = getThreads(paired);
  int64_t unpairedThreads = getThreads(unpaired);
  Block *unpairedStart = unpairedEntry;
  if (unpairedThreads < pairedThreads) {
    Block *guard = b.createBlock(&body, std::next(body.begin()));
    Block *leave = b.createBlock(&body, std::next(body.begin(), 2));
    LLVM::ReturnOp::create(b, loc, ValueRange());
    b.setInsertionPointToEnd(guard);
    Value tid = NVVM::ThreadIdXOp::create(b, loc, i32);
    Value count = LLVM::ConstantOp::create(
        b, loc, i32, b.getI32IntegerAttr(unpairedThreads));
    Value own =
        LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult, tid, count);
    LLVM::CondBrOp::create(b, loc, own, unpairedEntry, args, leave,
                           ValueRange());
    unpairedStart = guard;
  }
  b.setInsertionPointToEnd(entry);
  ValueRange unpairedArgs =
      unpairedStart == unpairedEntry ? ValueRange(args) : ValueRange();
  LLVM::CondBrOp::create(b, loc, many, pairedEntry, args, unpairedStart,
                         unpairedArgs);

  // The larger arena, and the unpaired version's marks that a re-plan
  // after ptxas reads (masks branched around, converted stores, 8-bit
  // products).
  paired->setAttr(tilegpu::kSharedBytesAttrName,
                  b.getI64IntegerAttr(std::max(getSharedBytes(paired),
                                               getSharedBytes(unpaired))));
  for (StringRef mark :
       {tilegpu::kUnswitchedMasksAttrName, tilegpu::kFp8ProductsAttrName,
        tilegpu::kCoalescedStoresAttrName})
    if (unpaired->hasAttr(mark))
      paired->setAttr(mark, UnitAttr::get(ctx));
}

SmallVector<std::string> tileir::joinPairedVersions(ModuleOp paired,
                                                    ModuleOp unpaired,
                                                    int64_t unpairedMaxCTAs) {
  SmallVector<std::string> joined;
  SmallVector<LLVM::LLVMFuncOp> kernels;
  paired.walk([&](LLVM::LLVMFuncOp func) {
    if (isPairedKernel(func))
      kernels.push_back(func);
  });
  for (LLVM::LLVMFuncOp kernel : kernels) {
    auto other = unpaired.lookupSymbol<LLVM::LLVMFuncOp>(kernel.getName());
    if (!other || other.isExternal() || isPairedKernel(other) ||
        !other->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()) ||
        other.getFunctionType() != kernel.getFunctionType())
      continue;
    int64_t threads = getThreads(other);
    if (!threads || threads > getThreads(kernel))
      continue;
    if (!bringSymbols(other, unpaired, paired))
      continue;
    join(kernel, other, unpairedMaxCTAs);
    joined.push_back(kernel.getName().str());
  }
  return joined;
}
