//===- SharedAccess.cpp - Registers to shared-buffer offsets --------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "SharedAccess.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::lowering;

FailureOr<SharedOffsets> SharedOffsets::get(const LinearLayout &registers,
                                            const SharedMemoryLayout &buffer) {
  // Both layouts index elements by their row-major flat index, which a
  // reshape leaves unchanged: only the element counts must agree.
  if (registers.getNumElements() != buffer.getLayout().getNumElements())
    return failure();
  const F2Map &toOffset = buffer.getOffsetMap();
  SharedOffsets s;
  for (uint64_t flat : registers.getFlatBases(HwDim::Register))
    s.regCols.push_back(toOffset.apply(flat));
  for (uint64_t flat : registers.getFlatBases(HwDim::Lane))
    s.laneCols.push_back(toOffset.apply(flat));
  for (uint64_t flat : registers.getFlatBases(HwDim::Warp))
    s.warpCols.push_back(toOffset.apply(flat));
  return s;
}

uint64_t SharedOffsets::getThreadMask() const {
  uint64_t mask = 0;
  for (uint64_t c : laneCols)
    mask |= c;
  for (uint64_t c : warpCols)
    mask |= c;
  return mask;
}

int64_t SharedOffsets::getVectorWidth(int64_t maxWidth) const {
  int64_t width = 1;
  while (width * 2 <= maxWidth) {
    unsigned bits = llvm::Log2_64(width * 2);
    bool ok = regCols.size() >= bits;
    for (unsigned k = 0; ok && k < bits; ++k)
      ok = regCols[k] == (uint64_t(1) << k);
    uint64_t low = (uint64_t(1) << bits) - 1;
    for (unsigned k = bits; ok && k < regCols.size(); ++k)
      ok = (regCols[k] & low) == 0;
    ok = ok && (getThreadMask() & low) == 0;
    if (!ok)
      break;
    width *= 2;
  }
  return width;
}

uint64_t SharedOffsets::getRegisterOffset(int64_t reg) const {
  uint64_t offset = 0;
  for (unsigned k = 0; k < regCols.size(); ++k)
    if ((uint64_t(reg) >> k) & 1)
      offset ^= regCols[k];
  return offset;
}

Value SharedOffsets::emitThreadOffset(OpBuilder &b, Location loc,
                                      const ThreadIds &ids) const {
  Value offset = i32Const(b, loc, 0);
  offset = emitXorOfColumns(b, loc, ids.lane, laneCols, offset);
  return emitXorOfColumns(b, loc, ids.warp, warpCols, offset);
}

Value SharedOffsets::emitOffset(OpBuilder &b, Location loc,
                                Value threadOffset, int64_t reg) const {
  uint64_t constant = getRegisterOffset(reg);
  if (constant == 0)
    return threadOffset;
  Value c = i32Const(b, loc, static_cast<int64_t>(constant));
  if ((constant & getThreadMask()) == 0)
    return LLVM::AddOp::create(b, loc, threadOffset, c);
  return LLVM::XOrOp::create(b, loc, threadOffset, c);
}

Value lowering::getSharedElementAddress(OpBuilder &b, Location loc,
                                        Value base, Value offset,
                                        int64_t elementBytes) {
  Value bytes = offset;
  if (elementBytes != 1) {
    Value scale = i32Const(b, loc, elementBytes);
    bytes = LLVM::MulOp::create(b, loc, offset, scale);
  }
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ValueRange{bytes});
}
