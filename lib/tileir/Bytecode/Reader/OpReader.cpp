//===- OpReader.cpp - Tile IR bytecode function bodies --------------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Decodes op streams by interpreting the op-encoding registry (OpTable.h):
//
//   opcode [result count] result types [flags] attributes operands [regions]
//
// Values are numbered per function: the arguments, then results in order.
// A block's arguments are added on entry and the list is truncated back on
// exit; an op's results are numbered after its regions have been read.
//
//===----------------------------------------------------------------------===//

#include "ReaderState.h"

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Region.h"
#include "llvm/ADT/StringExtras.h"

#include <limits>

using namespace mlir;
using namespace tileir;
using namespace tileir::bc;

FunctionBodyReader::FunctionBodyReader(ReaderState &state, uint64_t locIndex)
    : state(state), locIndex(locIndex) {}

LogicalResult FunctionBodyReader::getFunctionLoc(uint64_t atOffset,
                                                 Location &out) {
  return state.getFunctionLocation(locIndex, 0, atOffset, out);
}

LogicalResult FunctionBodyReader::readBody(EncodingReader &reader,
                                           Block &block) {
  values.assign(block.getArguments().begin(), block.getArguments().end());
  // The top level carries no op count: ops run to the end of the body.
  while (!reader.empty())
    if (failed(readOp(reader, block, 0)))
      return failure();
  return success();
}

LogicalResult FunctionBodyReader::readValue(EncodingReader &reader,
                                            Value &out) {
  uint64_t at = reader.absoluteOffset();
  uint64_t index;
  if (failed(reader.readVarInt(index, "operand value index")))
    return failure();
  if (index >= values.size())
    return state.emitError(at, "operand value index " + llvm::Twine(index) +
                                   " is out of range (" +
                                   llvm::Twine(values.size()) +
                                   " values are defined here)");
  out = values[index];
  return success();
}

/// Longest flag array an op attribute may hold (one flag per dimension).
constexpr uint64_t kMaxBoolArrayLength = 64;

/// Whether `attr` may be an element of an op's ArrayAttr (identities).
static bool isTypedAttr(Attribute attr) { return isa<TypedAttr>(attr); }

LogicalResult FunctionBodyReader::readOpAttrs(
    EncodingReader &reader, const OpInfo &info, uint64_t flags,
    llvm::ArrayRef<Type> resultTypes,
    llvm::SmallVectorImpl<NamedAttribute> &attrs) {
  MLIRContext *ctx = state.getContext();
  for (const AttrField &field : info.attrs) {
    auto name = StringAttr::get(ctx, field.name);
    if (field.since > state.version) {
      // The file predates the field: it means the field's default.
      if (!field.optional && field.defaultValue)
        attrs.emplace_back(name,
                           state.makeEnum(field.enumKind, *field.defaultValue));
      continue;
    }
    if (field.optional && !((flags >> field.flagBit) & 1))
      continue;
    uint64_t at = reader.absoluteOffset();
    std::string what = (info.name + " attribute '" + field.name + "'").str();
    Attribute value;
    switch (field.kind) {
    case FieldKind::Unit:
      value = UnitAttr::get(ctx);
      break;
    case FieldKind::Enum:
      if (failed(state.readEnum(reader, field.enumKind, value, what)))
        return failure();
      break;
    case FieldKind::Bool: {
      bool b;
      if (failed(reader.readBool(b, what)))
        return failure();
      value = BoolAttr::get(ctx, b);
      break;
    }
    case FieldKind::Int32:
    case FieldKind::Int64: {
      unsigned width = field.kind == FieldKind::Int32 ? 32 : 64;
      uint64_t v;
      if (failed(reader.readVarIntBounded(
              v, width == 32 ? UINT32_MAX : UINT64_MAX, what)))
        return failure();
      value = IntegerAttr::get(IntegerType::get(ctx, width),
                               llvm::APInt(width, v));
      break;
    }
    case FieldKind::String: {
      llvm::StringRef s;
      if (failed(state.getString(reader, s, what)))
        return failure();
      value = StringAttr::get(ctx, s);
      break;
    }
    case FieldKind::SymbolRef: {
      llvm::StringRef s;
      if (failed(state.getString(reader, s, what)))
        return failure();
      if (s.empty())
        return state.emitError(at, what + " is an empty symbol reference");
      value = FlatSymbolRefAttr::get(ctx, s);
      break;
    }
    case FieldKind::DenseI32Array: {
      llvm::SmallVector<int32_t> elements;
      if (failed(reader.readDenseI32Array(elements, what)))
        return failure();
      for (int32_t e : elements)
        if (e == std::numeric_limits<int32_t>::min() ||
            e == std::numeric_limits<int32_t>::max())
          return state.emitError(at, what + " contains the reserved value " +
                                         llvm::Twine(e));
      value = DenseI32ArrayAttr::get(ctx, elements);
      break;
    }
    case FieldKind::DenseBoolArray: {
      uint64_t count;
      if (failed(reader.readVarIntBounded(count, kMaxBoolArrayLength, what)))
        return failure();
      llvm::SmallVector<bool> flags;
      for (uint64_t i = 0; i < count; ++i) {
        uint64_t byteAt = reader.absoluteOffset();
        uint8_t byte;
        if (failed(reader.readByte(byte, what)))
          return failure();
        if (byte > 1)
          return state.emitError(byteAt, what + " holds the byte " +
                                             llvm::Twine(static_cast<unsigned>(byte)) +
                                             ", not 0 or 1");
        flags.push_back(byte != 0);
      }
      // All false promises nothing: the attribute is left out, as in files
      // that predate it.
      if (llvm::none_of(flags, [](bool f) { return f; }))
        continue;
      value = DenseBoolArrayAttr::get(ctx, flags);
      break;
    }
    case FieldKind::DenseElements: {
      uint64_t index;
      if (failed(reader.readVarInt(index, what)))
        return failure();
      if (resultTypes.empty())
        return state.emitError(at, what + " needs a result type");
      if (failed(state.getConstant(index, at, resultTypes.front(), value)))
        return failure();
      break;
    }
    case FieldKind::Array: {
      uint64_t count;
      if (failed(reader.readVarIntBounded(count, reader.remaining(), what)))
        return failure();
      llvm::SmallVector<Attribute> elements;
      for (uint64_t i = 0; i < count; ++i) {
        uint64_t elementAt = reader.absoluteOffset();
        Attribute e;
        if (failed(state.readSelfContainedAttr(reader, e)))
          return failure();
        if (!isTypedAttr(e))
          return state.emitError(elementAt,
                                 "elements of " + what +
                                     " must be integer or float attributes");
        elements.push_back(e);
      }
      value = ArrayAttr::get(ctx, elements);
      break;
    }
    case FieldKind::Predicate:
      if (failed(state.readSelfContainedAttr(reader, value)))
        return failure();
      if (!isa<cuda_tile::DivByAttr, cuda_tile::SameElementsAttr,
               cuda_tile::BoundedAttr>(value))
        return state.emitError(at, what + " must be div_by, same_elements "
                                          "or bounded");
      break;
    case FieldKind::Hints:
      if (failed(state.readHintsBody(reader, value)))
        return failure();
      break;
    }
    attrs.emplace_back(name, value);
  }
  return success();
}

LogicalResult FunctionBodyReader::readRegion(EncodingReader &reader,
                                             Region &region, unsigned depth,
                                             Location argLoc) {
  uint64_t numBlocks;
  // A block takes at least two bytes.
  if (failed(reader.readVarIntBounded(numBlocks, reader.remaining() / 2,
                                      "number of blocks")))
    return failure();
  for (uint64_t b = 0; b < numBlocks; ++b) {
    uint64_t blockAt = reader.absoluteOffset();
    auto *block = new Block();
    region.push_back(block);
    uint64_t numArgs;
    if (failed(reader.readVarIntBounded(numArgs, reader.remaining(),
                                        "number of block arguments")))
      return failure();
    for (uint64_t i = 0; i < numArgs; ++i) {
      Type type;
      if (failed(state.readType(reader, type, "block argument")))
        return failure();
      block->addArgument(type, argLoc);
    }
    uint64_t numOps;
    if (failed(reader.readVarIntBounded(numOps, reader.remaining(),
                                        "number of operations in a block")))
      return failure();
    if (numOps == 0)
      return state.emitError(blockAt, "a nested block is empty");
    size_t savedValues = values.size();
    values.insert(values.end(), block->getArguments().begin(),
                  block->getArguments().end());
    for (uint64_t i = 0; i < numOps; ++i)
      if (failed(readOp(reader, *block, depth)))
        return failure();
    values.resize(savedValues);
    Operation &last = block->back();
    if (!last.hasTrait<OpTrait::IsTerminator>())
      return state.emitError(blockAt, "a nested block does not end in a "
                                      "terminator (it ends in '" +
                                          last.getName().getStringRef() +
                                          "')");
  }
  return success();
}

LogicalResult FunctionBodyReader::readOp(EncodingReader &reader, Block &block,
                                         unsigned depth) {
  MLIRContext *ctx = state.getContext();
  uint64_t at = reader.absoluteOffset();
  if (depth > kMaxRegionDepth)
    return state.emitError(at, "regions nest deeper than " +
                                   llvm::Twine(kMaxRegionDepth) + " levels");
  uint64_t opcode;
  if (failed(reader.readVarInt(opcode, "opcode")))
    return failure();
  const OpInfo *info = lookupOpcode(opcode);
  if (!info || info->since > state.version) {
    if (std::optional<llvm::StringRef> name =
            getUnsupportedOpName(opcode, state.version))
      return state.emitError(at, "operation 'cuda_tile." + *name +
                                     "' (opcode 0x" +
                                     llvm::utohexstr(opcode) +
                                     ") is not supported: this compiler "
                                     "does not implement multicast "
                                     "(multimem) memory");
    if (opcode > getMaxOpcode(state.version))
      return state.emitError(at, "unsupported opcode 0x" +
                                     llvm::utohexstr(opcode) +
                                     " for bytecode version " +
                                     state.version.str());
    return state.emitError(at, "unknown opcode 0x" + llvm::utohexstr(opcode));
  }
  if (info->placement != Placement::Body)
    return state.emitError(at, "operation 'cuda_tile." + info->name +
                                   "' cannot appear inside a function body");

  // Locations follow the ops in pre-order: this op before its regions.
  uint64_t ordinal = nextOpOrdinal++;
  Location loc = UnknownLoc::get(ctx);
  if (failed(state.getFunctionLocation(locIndex, ordinal + 1, at, loc)))
    return failure();

  // Results.
  uint64_t numResults = info->numFixedResults;
  if (info->countedResults &&
      failed(reader.readVarIntBounded(numResults, reader.remaining(),
                                      "result count")))
    return failure();
  llvm::SmallVector<Type> resultTypes;
  for (uint64_t i = 0; i < numResults; ++i) {
    Type type;
    if (failed(state.readType(reader, type, "result")))
      return failure();
    resultTypes.push_back(type);
  }
  // A token result added after the op: older files do not carry it, and
  // the synthesized result takes no value index.
  bool synthesizedToken = info->trailingTokenResultSince &&
                          state.version < *info->trailingTokenResultSince;
  if (synthesizedToken)
    resultTypes.push_back(cuda_tile::TokenType::get(ctx));

  // Flags.
  uint64_t flags = 0;
  if (info->hasFlagsIn(state.version)) {
    uint64_t flagsAt = reader.absoluteOffset();
    if (failed(reader.readVarInt(flags, "operation flags")))
      return failure();
    uint64_t allowed = 0;
    for (const AttrField &f : info->attrs)
      if (f.flagBit >= 0 && f.since <= state.version)
        allowed |= uint64_t(1) << f.flagBit;
    for (const OperandSegment &s : info->segments)
      if (s.flagBit >= 0 && s.since <= state.version)
        allowed |= uint64_t(1) << s.flagBit;
    if (flags & ~allowed)
      return state.emitError(flagsAt, "operation 'cuda_tile." + info->name +
                                          "' sets unknown flag bits 0x" +
                                          llvm::utohexstr(flags & ~allowed) +
                                          " for bytecode version " +
                                          state.version.str());
  }

  // Attributes.
  llvm::SmallVector<NamedAttribute> attrs;
  if (failed(readOpAttrs(reader, *info, flags, resultTypes, attrs)))
    return failure();

  // Operands.
  llvm::SmallVector<Value> operands;
  llvm::SmallVector<int32_t> segmentSizes;
  auto readValues = [&](uint64_t count) -> LogicalResult {
    for (uint64_t i = 0; i < count; ++i) {
      Value v;
      if (failed(readValue(reader, v)))
        return failure();
      operands.push_back(v);
    }
    return success();
  };
  switch (info->operandLayout) {
  case OperandLayout::Fixed:
    if (failed(readValues(info->numFixedOperands)))
      return failure();
    break;
  case OperandLayout::Counted: {
    uint64_t count;
    if (failed(reader.readVarIntBounded(count, reader.remaining(),
                                        "operand count")) ||
        failed(readValues(count)))
      return failure();
    break;
  }
  case OperandLayout::Segmented:
    for (const OperandSegment &segment : info->segments) {
      uint64_t count = 1;
      if (segment.kind == SegmentKind::Variadic) {
        if (failed(reader.readVarIntBounded(
                count, reader.remaining(),
                ("number of '" + segment.name + "' operands").str())))
          return failure();
      } else if (segment.kind == SegmentKind::Optional) {
        count = segment.since <= state.version &&
                        ((flags >> segment.flagBit) & 1)
                    ? 1
                    : 0;
      }
      if (failed(readValues(count)))
        return failure();
      segmentSizes.push_back(static_cast<int32_t>(count));
    }
    break;
  }

  // Regions; their values are numbered before this op's results.
  llvm::SmallVector<std::unique_ptr<Region>> regions;
  if (info->numRegions) {
    uint64_t regionsAt = reader.absoluteOffset();
    uint64_t numRegions;
    if (failed(reader.readVarInt(numRegions, "region count")))
      return failure();
    if (numRegions != info->numRegions)
      return state.emitError(regionsAt, "operation 'cuda_tile." + info->name +
                                            "' must have " +
                                            llvm::Twine(info->numRegions) +
                                            " region(s), not " +
                                            llvm::Twine(numRegions));
    for (unsigned r = 0; r < info->numRegions; ++r) {
      auto region = std::make_unique<Region>();
      if (failed(readRegion(reader, *region, depth + 1, loc)))
        return failure();
      regions.push_back(std::move(region));
    }
  }

  OperationState st(loc, info->getOperationName());
  st.addOperands(operands);
  st.addTypes(resultTypes);
  st.addAttributes(attrs);
  if (info->operandLayout == OperandLayout::Segmented)
    st.addAttribute("operandSegmentSizes",
                    DenseI32ArrayAttr::get(ctx, segmentSizes));
  for (std::unique_ptr<Region> &region : regions)
    st.addRegion(std::move(region));
  Operation *op = Operation::create(st);
  block.push_back(op);

  unsigned numNumbered = op->getNumResults() - (synthesizedToken ? 1 : 0);
  for (unsigned i = 0; i < numNumbered; ++i)
    values.push_back(op->getResult(i));
  return success();
}
