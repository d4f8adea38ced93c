//===- RegisterPressure.cpp - Registers an LLVM function keeps live -------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Target/PTX/RegisterPressure.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

/// The 32-bit registers a value of `type` takes.
static unsigned getRegisterCost(Type *type) {
  if (type->isIntegerTy(1))
    return 0; // a predicate register
  if (auto *pointer = dyn_cast<PointerType>(type))
    return pointer->getAddressSpace() == 3 ? 1 : 2;
  if (auto *vector = dyn_cast<FixedVectorType>(type))
    return (vector->getPrimitiveSizeInBits().getFixedValue() + 31) / 32;
  if (auto *structType = dyn_cast<StructType>(type)) {
    unsigned cost = 0;
    for (Type *element : structType->elements())
      cost += getRegisterCost(element);
    return cost;
  }
  if (auto *array = dyn_cast<ArrayType>(type))
    return array->getNumElements() * getRegisterCost(array->getElementType());
  if (type->isIntegerTy() || type->isFloatingPointTy())
    return (type->getPrimitiveSizeInBits().getFixedValue() + 31) / 32;
  return 0;
}

/// Whether `value` is a register the function computes or receives.
static bool isRegisterValue(const Value *value) {
  return (isa<Instruction>(value) || isa<Argument>(value)) &&
         getRegisterCost(value->getType()) > 0;
}

unsigned tileir::estimateRegisterPressure(const Function &function) {
  if (function.isDeclaration())
    return 0;
  using LiveSet = DenseSet<const Value *>;
  DenseMap<const BasicBlock *, LiveSet> liveIn;
  // The values `block` passes to the phis of its successors.
  auto addPhiOperands = [](const BasicBlock *block, LiveSet &live) {
    for (const BasicBlock *succ : successors(block))
      for (const PHINode &phi : succ->phis())
        if (const Value *v = phi.getIncomingValueForBlock(block);
            v && isRegisterValue(v))
          live.insert(v);
  };
  auto liveOutOf = [&](const BasicBlock *block) {
    LiveSet live;
    for (const BasicBlock *succ : successors(block)) {
      auto it = liveIn.find(succ);
      if (it != liveIn.end())
        live.insert(it->second.begin(), it->second.end());
    }
    addPhiOperands(block, live);
    return live;
  };
  // Backward dataflow to a fixed point, visiting blocks in post order so
  // that most successors come first.
  SmallVector<const BasicBlock *> order(po_begin(&function.getEntryBlock()),
                                        po_end(&function.getEntryBlock()));
  bool changed = true;
  while (changed) {
    changed = false;
    for (const BasicBlock *block : order) {
      LiveSet live = liveOutOf(block);
      for (const Instruction &inst : llvm::reverse(*block)) {
        live.erase(&inst);
        if (isa<PHINode>(inst))
          continue;
        for (const Value *operand : inst.operands())
          if (isRegisterValue(operand))
            live.insert(operand);
      }
      LiveSet &in = liveIn[block];
      if (in.size() != live.size()) {
        in = std::move(live);
        changed = true;
      }
    }
  }
  // The widest point: walk each block backward once more, keeping the sum.
  unsigned most = 0;
  for (const BasicBlock *block : order) {
    LiveSet live = liveOutOf(block);
    unsigned cost = 0;
    for (const Value *v : live)
      cost += getRegisterCost(v->getType());
    most = std::max(most, cost);
    for (const Instruction &inst : llvm::reverse(*block)) {
      if (live.erase(&inst))
        cost -= getRegisterCost(inst.getType());
      if (isa<PHINode>(inst))
        continue;
      for (const Value *operand : inst.operands())
        if (isRegisterValue(operand) && live.insert(operand).second)
          cost += getRegisterCost(operand->getType());
      most = std::max(most, cost);
    }
  }
  return most;
}
