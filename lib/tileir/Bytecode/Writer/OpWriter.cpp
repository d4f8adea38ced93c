//===- OpWriter.cpp - Tile IR bytecode function bodies ---------------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Encodes ops by interpreting the op-encoding registry, the inverse of
// Reader/OpReader.cpp. Fields newer than the target version are refused
// unless they hold the value an older file implies.
//
//===----------------------------------------------------------------------===//

#include "WriterState.h"

#include "../EnumCodec.h"

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Region.h"

#include <limits>

using namespace mlir;
using namespace tileir;
using namespace tileir::bc;

void FunctionBodyWriter::pushValue(Value value) {
  valueIds[value] = values.size();
  values.push_back(value);
}

void FunctionBodyWriter::truncateValues(size_t size) {
  while (values.size() > size) {
    valueIds.erase(values.back());
    values.pop_back();
  }
}

LogicalResult FunctionBodyWriter::writeValue(Value value, Operation *user,
                                             EncodingWriter &w) {
  auto it = valueIds.find(value);
  if (it == valueIds.end())
    return user->emitError("operand is not defined in an enclosing block of "
                           "the kernel and cannot be written to bytecode");
  w.writeVarInt(it->second);
  return success();
}

LogicalResult FunctionBodyWriter::writeBody(Block &body, EncodingWriter &w,
                                            std::vector<uint64_t> &list) {
  debugList = &list;
  values.clear();
  valueIds.clear();
  for (BlockArgument arg : body.getArguments())
    pushValue(arg);
  for (Operation &op : body)
    if (failed(writeOp(&op, w)))
      return failure();
  return success();
}

LogicalResult FunctionBodyWriter::writeRegion(Region &region,
                                              EncodingWriter &w) {
  w.writeVarInt(region.getBlocks().size());
  for (Block &block : region) {
    w.writeVarInt(block.getNumArguments());
    for (BlockArgument arg : block.getArguments()) {
      FailureOr<uint64_t> type = state.getType(arg.getType(),
                                               region.getParentOp());
      if (failed(type))
        return failure();
      w.writeVarInt(*type);
    }
    w.writeVarInt(block.getOperations().size());
    size_t saved = values.size();
    for (BlockArgument arg : block.getArguments())
      pushValue(arg);
    for (Operation &op : block)
      if (failed(writeOp(&op, w)))
        return failure();
    truncateValues(saved);
  }
  return success();
}

/// Whether `attr` holds the value a file older than `field` implies.
static bool isDefaultValue(const AttrField &field, Attribute attr) {
  if (!attr)
    return true;
  if (field.kind == FieldKind::Enum && field.defaultValue)
    return getEnumAttrValue(attr, field.enumKind) == field.defaultValue;
  if (field.kind == FieldKind::DenseBoolArray)
    if (auto flags = dyn_cast<DenseBoolArrayAttr>(attr))
      return llvm::none_of(flags.asArrayRef(), [](bool f) { return f; });
  return false;
}

LogicalResult FunctionBodyWriter::writeOp(Operation *op, EncodingWriter &w) {
  BytecodeVersion version = state.getVersion();
  const OpInfo *info = lookupOpName(op->getName().getStringRef());
  if (!info || op->getName().getDialectNamespace() != "cuda_tile")
    return op->emitError("operation '")
           << op->getName() << "' cannot be written to Tile IR bytecode";
  if (info->placement != Placement::Body)
    return op->emitError("operation '")
           << op->getName() << "' cannot appear inside a function body";
  if (info->since > version)
    return op->emitError("operation '")
           << op->getName() << "' is not available in bytecode version "
           << version.str() << " (it needs " << info->since.str() << ")";

  debugList->push_back(state.getLocationId(op->getLoc()));
  w.writeVarInt(info->opcode);

  // Results. A token result added after the op is dropped for older files
  // when nothing uses it.
  unsigned numResults = op->getNumResults();
  if (info->trailingTokenResultSince &&
      version < *info->trailingTokenResultSince && numResults > 0) {
    if (!op->getResult(numResults - 1).use_empty())
      return op->emitError("the result token of '")
             << op->getName() << "' is used, but bytecode version "
             << version.str() << " has no such result";
    --numResults;
  }
  if (info->countedResults)
    w.writeVarInt(numResults);
  else if (numResults != info->numFixedResults)
    return op->emitError("expected ")
           << info->numFixedResults << " result(s) for bytecode";
  for (unsigned i = 0; i < numResults; ++i) {
    FailureOr<uint64_t> type = state.getType(op->getResult(i).getType(), op);
    if (failed(type))
      return failure();
    w.writeVarInt(*type);
  }

  // Segment sizes of AttrSizedOperandSegments ops.
  llvm::SmallVector<int32_t> segmentSizes;
  if (info->operandLayout == OperandLayout::Segmented) {
    auto sizes = op->getAttrOfType<DenseI32ArrayAttr>("operandSegmentSizes");
    if (!sizes || sizes.size() != static_cast<int64_t>(info->segments.size()))
      return op->emitError("missing or malformed operand segment sizes");
    segmentSizes.assign(sizes.asArrayRef().begin(), sizes.asArrayRef().end());
  }

  // Flags, and refusal of fields the target version does not have.
  uint64_t flags = 0;
  for (const AttrField &field : info->attrs) {
    Attribute value = op->getAttr(field.name);
    if (field.since > version) {
      bool present = field.kind == FieldKind::Unit ? bool(value)
                     : field.optional               ? bool(value)
                                                    : !isDefaultValue(field, value);
      if (present)
        return op->emitError("attribute '")
               << field.name << "' of '" << op->getName()
               << "' needs bytecode version " << field.since.str()
               << "; the target is " << version.str();
      continue;
    }
    if (field.optional && value)
      flags |= uint64_t(1) << field.flagBit;
    // A missing flag array is all false (written with one flag per index).
    if (!field.optional && !value && field.kind != FieldKind::DenseBoolArray)
      return op->emitError("missing attribute '") << field.name << "'";
  }
  for (auto [index, segment] : llvm::enumerate(info->segments)) {
    if (segment.kind != SegmentKind::Optional)
      continue;
    int32_t size = segmentSizes[index];
    if (size > 1)
      return op->emitError("optional operand '")
             << segment.name << "' has " << size << " values";
    if (size == 0)
      continue;
    if (segment.since > version)
      return op->emitError("operand '")
             << segment.name << "' of '" << op->getName()
             << "' needs bytecode version " << segment.since.str()
             << "; the target is " << version.str();
    flags |= uint64_t(1) << segment.flagBit;
  }
  if (info->hasFlagsIn(version))
    w.writeVarInt(flags);

  // Attributes.
  for (const AttrField &field : info->attrs) {
    if (field.since > version || field.kind == FieldKind::Unit)
      continue;
    Attribute value = op->getAttr(field.name);
    if (field.optional && !value)
      continue;
    auto bad = [&]() {
      return op->emitError("attribute '")
             << field.name << "' of '" << op->getName()
             << "' has an unexpected kind";
    };
    switch (field.kind) {
    case FieldKind::Unit:
      break;
    case FieldKind::Enum: {
      std::optional<uint64_t> v = getEnumAttrValue(value, field.enumKind);
      if (!v)
        return bad();
      if (BytecodeVersion since = getEnumValueSince(field.enumKind, *v);
          since > version)
        return op->emitError("attribute '")
               << field.name << "' of '" << op->getName() << "' needs bytecode version "
               << since.str() << "; the target is " << version.str();
      w.writeVarInt(*v);
      break;
    }
    case FieldKind::Bool: {
      auto b = dyn_cast<BoolAttr>(value);
      if (!b)
        return bad();
      w.writeByte(b.getValue() ? 1 : 0);
      break;
    }
    case FieldKind::Int32:
    case FieldKind::Int64: {
      auto i = dyn_cast<IntegerAttr>(value);
      if (!i)
        return bad();
      unsigned width = field.kind == FieldKind::Int32 ? 32 : 64;
      w.writeVarInt(i.getValue().zextOrTrunc(width).getZExtValue());
      break;
    }
    case FieldKind::String: {
      auto s = dyn_cast<StringAttr>(value);
      if (!s)
        return bad();
      w.writeVarInt(state.getString(s.getValue()));
      break;
    }
    case FieldKind::SymbolRef: {
      auto s = dyn_cast<FlatSymbolRefAttr>(value);
      if (!s)
        return bad();
      w.writeVarInt(state.getString(s.getValue()));
      break;
    }
    case FieldKind::DenseI32Array: {
      auto a = dyn_cast<DenseI32ArrayAttr>(value);
      if (!a)
        return bad();
      for (int32_t e : a.asArrayRef())
        if (e == std::numeric_limits<int32_t>::min() ||
            e == std::numeric_limits<int32_t>::max())
          return op->emitError("attribute '")
                 << field.name << "' holds a value bytecode reserves";
      w.writeDenseI32Array(a.asArrayRef());
      break;
    }
    case FieldKind::DenseBoolArray: {
      llvm::SmallVector<bool> flags;
      if (value) {
        auto a = dyn_cast<DenseBoolArrayAttr>(value);
        if (!a)
          return bad();
        flags.assign(a.asArrayRef().begin(), a.asArrayRef().end());
      } else {
        // One flag per index operand: the view's index rank.
        for (auto [index, segment] : llvm::enumerate(info->segments))
          if (segment.name == "index")
            flags.assign(segmentSizes[index], false);
      }
      w.writeVarInt(flags.size());
      for (bool f : flags)
        w.writeByte(f ? 1 : 0);
      break;
    }
    case FieldKind::DenseElements: {
      auto d = dyn_cast<DenseIntOrFPElementsAttr>(value);
      if (!d)
        return bad();
      w.writeVarInt(state.getConstant(d.getRawData()));
      break;
    }
    case FieldKind::Array: {
      auto a = dyn_cast<ArrayAttr>(value);
      if (!a)
        return bad();
      w.writeVarInt(a.size());
      for (Attribute e : a)
        if (failed(state.writeSelfContainedAttr(w, e, op)))
          return failure();
      break;
    }
    case FieldKind::Predicate:
      if (failed(state.writeSelfContainedAttr(w, value, op)))
        return failure();
      break;
    case FieldKind::Hints: {
      auto h = dyn_cast<cuda_tile::OptimizationHintsAttr>(value);
      if (!h)
        return bad();
      if (failed(state.writeDictionaryBody(w, h.getValue(), op)))
        return failure();
      break;
    }
    }
  }

  // Operands.
  switch (info->operandLayout) {
  case OperandLayout::Fixed:
    if (op->getNumOperands() != info->numFixedOperands)
      return op->emitError("expected ")
             << info->numFixedOperands << " operand(s) for bytecode";
    for (Value v : op->getOperands())
      if (failed(writeValue(v, op, w)))
        return failure();
    break;
  case OperandLayout::Counted:
    w.writeVarInt(op->getNumOperands());
    for (Value v : op->getOperands())
      if (failed(writeValue(v, op, w)))
        return failure();
    break;
  case OperandLayout::Segmented: {
    unsigned next = 0;
    for (auto [index, segment] : llvm::enumerate(info->segments)) {
      int32_t size = segmentSizes[index];
      if (size < 0 || next + size > op->getNumOperands())
        return op->emitError("operand segment sizes do not match operands");
      if (segment.kind == SegmentKind::Variadic)
        w.writeVarInt(size);
      else if (segment.kind == SegmentKind::Single && size != 1)
        return op->emitError("operand '") << segment.name << "' is required";
      for (int32_t i = 0; i < size; ++i)
        if (failed(writeValue(op->getOperand(next + i), op, w)))
          return failure();
      next += size;
    }
    break;
  }
  }

  // Regions; their values are numbered before this op's results.
  if (info->numRegions) {
    if (op->getNumRegions() != info->numRegions)
      return op->emitError("expected ") << info->numRegions << " region(s)";
    w.writeVarInt(op->getNumRegions());
    for (Region &region : op->getRegions())
      if (failed(writeRegion(region, w)))
        return failure();
  }
  for (unsigned i = 0; i < numResults; ++i)
    pushValue(op->getResult(i));
  return success();
}
