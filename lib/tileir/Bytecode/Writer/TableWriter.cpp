//===- TableWriter.cpp - Bytecode string/type/constant/debug tables -------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "WriterState.h"

#include "../EnumCodec.h"

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::bc;

//===----------------------------------------------------------------------===//
// Strings and constants
//===----------------------------------------------------------------------===//

uint64_t WriterState::getString(llvm::StringRef s) {
  auto [it, inserted] = stringIds.try_emplace(s, strings.size());
  if (inserted)
    strings.push_back(s.str());
  return it->second;
}

uint64_t WriterState::getConstant(llvm::ArrayRef<char> rawData) {
  std::string key(rawData.begin(), rawData.end());
  auto [it, inserted] = constantIds.try_emplace(key, constants.size());
  if (inserted)
    constants.push_back(std::move(key));
  return it->second;
}

/// The shared indexed-table shape: count, padding to `width`, offsets, data.
static void writeIndexedTable(EncodingWriter &w, unsigned width,
                              llvm::ArrayRef<llvm::ArrayRef<uint8_t>> entries) {
  w.writeVarInt(entries.size());
  w.alignTo(width);
  uint64_t offset = 0;
  for (llvm::ArrayRef<uint8_t> e : entries) {
    if (width == 4)
      w.writeLE32(static_cast<uint32_t>(offset));
    else
      w.writeLE64(offset);
    offset += e.size();
  }
  for (llvm::ArrayRef<uint8_t> e : entries)
    w.writeBytes(e);
}

void WriterState::writeStringSection(EncodingWriter &w) const {
  std::vector<llvm::ArrayRef<uint8_t>> entries;
  for (const std::string &s : strings)
    entries.emplace_back(reinterpret_cast<const uint8_t *>(s.data()),
                         s.size());
  writeIndexedTable(w, 4, entries);
}

void WriterState::writeTypeSection(EncodingWriter &w) const {
  std::vector<llvm::ArrayRef<uint8_t>> entries(types.begin(), types.end());
  writeIndexedTable(w, 4, entries);
}

void WriterState::writeConstantSection(EncodingWriter &w) const {
  std::vector<std::vector<uint8_t>> encoded;
  for (const std::string &c : constants) {
    EncodingWriter e;
    e.writeVarInt(c.size());
    e.writeBytes(llvm::ArrayRef<uint8_t>(
        reinterpret_cast<const uint8_t *>(c.data()), c.size()));
    encoded.emplace_back(e.getData().begin(), e.getData().end());
  }
  std::vector<llvm::ArrayRef<uint8_t>> entries(encoded.begin(), encoded.end());
  writeIndexedTable(w, 8, entries);
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

static std::optional<TypeTag> getScalarTag(Type type) {
  if (auto i = dyn_cast<IntegerType>(type)) {
    if (!i.isSignless())
      return std::nullopt;
    switch (i.getWidth()) {
    case 1:
      return TypeTag::I1;
    case 4:
      return TypeTag::I4;
    case 8:
      return TypeTag::I8;
    case 16:
      return TypeTag::I16;
    case 32:
      return TypeTag::I32;
    case 64:
      return TypeTag::I64;
    default:
      return std::nullopt;
    }
  }
  if (isa<Float16Type>(type))
    return TypeTag::F16;
  if (isa<BFloat16Type>(type))
    return TypeTag::BF16;
  if (isa<Float32Type>(type))
    return TypeTag::F32;
  if (isa<FloatTF32Type>(type))
    return TypeTag::TF32;
  if (isa<Float64Type>(type))
    return TypeTag::F64;
  if (isa<Float8E4M3FNType>(type))
    return TypeTag::F8E4M3FN;
  if (isa<Float8E5M2Type>(type))
    return TypeTag::F8E5M2;
  if (isa<Float8E8M0FNUType>(type))
    return TypeTag::F8E8M0FNU;
  if (isa<Float4E2M1FNType>(type))
    return TypeTag::F4E2M1FN;
  if (isa<cuda_tile::TokenType>(type))
    return TypeTag::Token;
  return std::nullopt;
}

FailureOr<uint64_t> WriterState::getType(Type type, Operation *anchor) {
  auto it = typeIds.find(type);
  if (it != typeIds.end())
    return it->second;

  EncodingWriter w;
  auto fail = [&](const llvm::Twine &message) -> FailureOr<uint64_t> {
    anchor->emitError(message);
    return failure();
  };
  auto ref = [&](Type inner) -> LogicalResult {
    FailureOr<uint64_t> id = getType(inner, anchor);
    if (failed(id))
      return failure();
    w.writeVarInt(*id);
    return success();
  };
  auto padding = [&](cuda_tile::PaddingValueAttr p) {
    w.writeVarInt(*getEnumAttrValue(p, EnumKind::PaddingValue));
  };

  TypeTag tag;
  if (std::optional<TypeTag> scalar = getScalarTag(type)) {
    tag = *scalar;
    w.writeVarInt(static_cast<uint64_t>(tag));
  } else if (auto ptr = dyn_cast<cuda_tile::PointerType>(type)) {
    tag = TypeTag::Pointer;
    w.writeVarInt(static_cast<uint64_t>(tag));
    if (version >= BytecodeVersion::kV13_4)
      w.writeVarInt(0); // flags: no pointer attribute
    if (failed(ref(ptr.getPointeeType())))
      return failure();
  } else if (auto tile = dyn_cast<cuda_tile::TileType>(type)) {
    if (tile.getEncoding())
      return fail("a tile type with a layout encoding cannot be written to "
                  "bytecode");
    tag = TypeTag::Tile;
    w.writeVarInt(static_cast<uint64_t>(tag));
    if (failed(ref(tile.getElementType())))
      return failure();
    w.writeDenseI64Array(tile.getShape());
  } else if (auto view = dyn_cast<cuda_tile::TensorViewType>(type)) {
    tag = TypeTag::TensorView;
    w.writeVarInt(static_cast<uint64_t>(tag));
    if (version >= BytecodeVersion::kV13_4)
      w.writeVarInt(0); // flags: no pointer attribute
    if (failed(ref(view.getElementType())))
      return failure();
    w.writeDenseI64Array(view.getShape());
    w.writeDenseI64Array(view.getStrides());
  } else if (auto pv = dyn_cast<cuda_tile::PartitionViewType>(type)) {
    tag = TypeTag::PartitionView;
    w.writeVarInt(static_cast<uint64_t>(tag));
    bool unified = version >= kUnifiedBitfieldVersion;
    if (unified)
      w.writeVarInt(pv.getPaddingValue() ? 1 : 0);
    w.writeDenseI32Array(pv.getTileShape().asArrayRef());
    if (failed(ref(pv.getTensorView())))
      return failure();
    w.writeDenseI32Array(pv.getDimMap());
    if (!unified)
      w.writeByte(pv.getPaddingValue() ? 1 : 0);
    if (pv.getPaddingValue())
      padding(pv.getPaddingValue());
  } else if (auto sv = dyn_cast<cuda_tile::StridedViewType>(type)) {
    tag = TypeTag::StridedView;
    w.writeVarInt(static_cast<uint64_t>(tag));
    w.writeVarInt(sv.getPaddingValue() ? 1 : 0);
    w.writeDenseI32Array(sv.getTileShape().asArrayRef());
    w.writeDenseI32Array(sv.getTraversalStrides().asArrayRef());
    if (failed(ref(sv.getTensorView())))
      return failure();
    w.writeDenseI32Array(sv.getDimMap());
    if (sv.getPaddingValue())
      padding(sv.getPaddingValue());
  } else if (auto gv = dyn_cast<cuda_tile::GatherScatterViewType>(type)) {
    tag = TypeTag::GatherScatterView;
    w.writeVarInt(static_cast<uint64_t>(tag));
    w.writeVarInt(gv.getPaddingValue() ? 1 : 0);
    w.writeDenseI32Array(gv.getTileShape().asArrayRef());
    if (failed(ref(gv.getTensorView())))
      return failure();
    w.writeVarInt(gv.getSparseDim());
    if (gv.getPaddingValue())
      padding(gv.getPaddingValue());
  } else if (auto fn = dyn_cast<FunctionType>(type)) {
    tag = TypeTag::Function;
    w.writeVarInt(static_cast<uint64_t>(tag));
    w.writeVarInt(fn.getNumInputs());
    for (Type t : fn.getInputs())
      if (failed(ref(t)))
        return failure();
    w.writeVarInt(fn.getNumResults());
    for (Type t : fn.getResults())
      if (failed(ref(t)))
        return failure();
  } else {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << type;
    return fail("type '" + text + "' cannot be written to Tile IR bytecode");
  }

  const TypeTagInfo *info = lookupTypeTag(static_cast<uint64_t>(tag));
  if (info->since > version)
    return fail("type '" + info->name + "' requires bytecode version " +
                info->since.str() + "; the target is " + version.str());
  uint64_t id = types.size();
  types.emplace_back(w.getData().begin(), w.getData().end());
  typeIds[type] = id;
  return id;
}

//===----------------------------------------------------------------------===//
// Self-contained attributes
//===----------------------------------------------------------------------===//

/// Writes a float's bit pattern: a raw byte up to 8 bits, a zigzag varint up
/// to 64, otherwise a word count and zigzag words.
static void writeFloatBits(EncodingWriter &w, const llvm::APInt &bits) {
  unsigned width = bits.getBitWidth();
  if (width <= 8) {
    w.writeByte(static_cast<uint8_t>(bits.getZExtValue()));
  } else if (width <= 64) {
    w.writeSignedVarInt(static_cast<int64_t>(bits.getZExtValue()));
  } else {
    w.writeVarInt(bits.getNumWords());
    for (unsigned i = 0; i < bits.getNumWords(); ++i)
      w.writeSignedVarInt(static_cast<int64_t>(bits.getRawData()[i]));
  }
}

LogicalResult WriterState::writeDictionaryBody(EncodingWriter &w,
                                               DictionaryAttr dict,
                                               Operation *anchor) {
  w.writeVarInt(dict.size());
  for (NamedAttribute entry : dict) {
    w.writeVarInt(getString(entry.getName().getValue()));
    if (failed(writeSelfContainedAttr(w, entry.getValue(), anchor)))
      return failure();
  }
  return success();
}

LogicalResult WriterState::writeSelfContainedAttr(EncodingWriter &w,
                                                  Attribute attr,
                                                  Operation *anchor) {
  auto tag = [&](AttrTag t) { w.writeVarInt(static_cast<uint64_t>(t)); };
  if (auto b = dyn_cast<BoolAttr>(attr)) {
    tag(AttrTag::Bool);
    w.writeByte(b.getValue() ? 1 : 0);
    return success();
  }
  if (auto i = dyn_cast<IntegerAttr>(attr)) {
    auto type = dyn_cast<IntegerType>(i.getType());
    if (!type || type.getWidth() > 64)
      return anchor->emitError("only integer attributes of at most 64 bits "
                               "can be written to bytecode");
    FailureOr<uint64_t> typeId = getType(type, anchor);
    if (failed(typeId))
      return failure();
    tag(AttrTag::Integer);
    w.writeVarInt(*typeId);
    if (type.getWidth() == 1)
      w.writeByte(i.getValue().getBoolValue() ? 1 : 0);
    else
      w.writeVarInt(i.getValue().getZExtValue());
    return success();
  }
  if (auto f = dyn_cast<FloatAttr>(attr)) {
    FailureOr<uint64_t> typeId = getType(f.getType(), anchor);
    if (failed(typeId))
      return failure();
    tag(AttrTag::Float);
    w.writeVarInt(*typeId);
    writeFloatBits(w, f.getValue().bitcastToAPInt());
    return success();
  }
  if (auto t = dyn_cast<TypeAttr>(attr)) {
    FailureOr<uint64_t> typeId = getType(t.getValue(), anchor);
    if (failed(typeId))
      return failure();
    tag(AttrTag::Type);
    w.writeVarInt(*typeId);
    return success();
  }
  if (auto s = dyn_cast<StringAttr>(attr)) {
    tag(AttrTag::String);
    w.writeVarInt(getString(s.getValue()));
    return success();
  }
  if (auto a = dyn_cast<ArrayAttr>(attr)) {
    tag(AttrTag::Array);
    w.writeVarInt(a.size());
    for (Attribute e : a)
      if (failed(writeSelfContainedAttr(w, e, anchor)))
        return failure();
    return success();
  }
  if (auto d = dyn_cast<cuda_tile::DivByAttr>(attr)) {
    tag(AttrTag::DivBy);
    w.writeVarInt(d.getDivisor());
    uint8_t flags = (d.getEvery() ? 1 : 0) | (d.getAlong() ? 2 : 0);
    w.writeByte(flags);
    if (d.getEvery())
      w.writeSignedVarInt(*d.getEvery());
    if (d.getAlong())
      w.writeSignedVarInt(*d.getAlong());
    return success();
  }
  if (auto s = dyn_cast<cuda_tile::SameElementsAttr>(attr)) {
    tag(AttrTag::SameElements);
    w.writeDenseI64Array(s.getValues().asArrayRef());
    return success();
  }
  if (auto b = dyn_cast<cuda_tile::BoundedAttr>(attr)) {
    tag(AttrTag::Bounded);
    uint8_t flags = (b.getLb() ? 1 : 0) | (b.getUb() ? 2 : 0);
    w.writeByte(flags);
    if (b.getLb())
      w.writeSignedVarInt(*b.getLb());
    if (b.getUb())
      w.writeSignedVarInt(*b.getUb());
    return success();
  }
  if (auto h = dyn_cast<cuda_tile::OptimizationHintsAttr>(attr)) {
    tag(AttrTag::OptimizationHints);
    return writeDictionaryBody(w, h.getValue(), anchor);
  }
  if (auto d = dyn_cast<DictionaryAttr>(attr)) {
    tag(AttrTag::Dictionary);
    return writeDictionaryBody(w, d, anchor);
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  os << attr;
  return anchor->emitError("attribute '")
         << text << "' cannot be written to Tile IR bytecode";
}

//===----------------------------------------------------------------------===//
// Debug information
//===----------------------------------------------------------------------===//

uint64_t WriterState::addDebugAttr(Attribute key, EncodingWriter &entry) {
  uint64_t id = debugAttrs.size() + 1;
  debugAttrs.emplace_back(entry.getData().begin(), entry.getData().end());
  debugIds[key] = id;
  return id;
}

uint64_t WriterState::getScopeId(Attribute scope) {
  if (!scope)
    return 0;
  auto it = debugIds.find(scope);
  if (it != debugIds.end())
    return it->second;
  EncodingWriter e;
  if (auto file = dyn_cast<cuda_tile::DIFileAttr>(scope)) {
    e.writeVarInt(static_cast<uint64_t>(DebugTag::File));
    e.writeVarInt(getString(file.getName().getValue()));
    e.writeVarInt(getString(file.getDirectory().getValue()));
  } else if (auto unit = dyn_cast<cuda_tile::DICompileUnitAttr>(scope)) {
    uint64_t fileId = getScopeId(unit.getFile());
    e.writeVarInt(static_cast<uint64_t>(DebugTag::CompileUnit));
    e.writeVarInt(fileId);
  } else if (auto sp = dyn_cast<cuda_tile::DISubprogramAttr>(scope)) {
    uint64_t fileId = getScopeId(sp.getFile());
    uint64_t unitId = getScopeId(sp.getCompileUnit());
    e.writeVarInt(static_cast<uint64_t>(DebugTag::Subprogram));
    e.writeVarInt(fileId);
    e.writeVarInt(sp.getLine());
    e.writeVarInt(getString(sp.getName().getValue()));
    e.writeVarInt(getString(sp.getLinkageName().getValue()));
    e.writeVarInt(unitId);
    e.writeVarInt(sp.getScopeLine());
    if (version >= BytecodeVersion::kV13_5)
      e.writeVarInt(0); // subprogram flags: none defined
  } else if (auto block = dyn_cast<cuda_tile::DILexicalBlockAttr>(scope)) {
    uint64_t scopeId = getScopeId(block.getScope());
    uint64_t fileId = getScopeId(block.getFile());
    e.writeVarInt(static_cast<uint64_t>(DebugTag::LexicalBlock));
    e.writeVarInt(scopeId);
    e.writeVarInt(fileId);
    e.writeVarInt(block.getLine());
    e.writeVarInt(block.getColumn());
  } else {
    return 0;
  }
  return addDebugAttr(scope, e);
}

uint64_t WriterState::getLocationId(Location loc) {
  auto it = debugIds.find(loc);
  if (it != debugIds.end())
    return it->second;
  if (auto di = dyn_cast<cuda_tile::DILocAttr>(loc)) {
    uint64_t scopeId = getScopeId(di.getScope());
    FileLineColLoc src = di.getSourceLoc();
    EncodingWriter e;
    e.writeVarInt(static_cast<uint64_t>(DebugTag::Loc));
    e.writeVarInt(scopeId);
    e.writeVarInt(getString(src.getFilename().getValue()));
    e.writeVarInt(src.getLine());
    e.writeVarInt(src.getColumn());
    return addDebugAttr(loc, e);
  }
  if (auto call = dyn_cast<CallSiteLoc>(loc)) {
    uint64_t callee = getLocationId(call.getCallee());
    uint64_t caller = getLocationId(call.getCaller());
    EncodingWriter e;
    e.writeVarInt(static_cast<uint64_t>(DebugTag::CallSite));
    e.writeVarInt(callee);
    e.writeVarInt(caller);
    return addDebugAttr(loc, e);
  }
  // Unknown, plain file locations and the rest carry no debug scope: the
  // format has no entry for them.
  return 0;
}

void WriterState::writeDebugSection(EncodingWriter &w) const {
  w.writeVarInt(debugLists.size());
  w.alignTo(4);
  uint64_t start = 0;
  for (const std::vector<uint64_t> &list : debugLists) {
    w.writeLE32(static_cast<uint32_t>(start));
    start += list.size();
  }
  w.writeVarInt(start);
  w.alignTo(8);
  for (const std::vector<uint64_t> &list : debugLists)
    for (uint64_t id : list)
      w.writeLE64(id);
  // Readers skip padding before the attribute offsets and fail when the
  // payload ends there, so the table is never left empty: an unused
  // "unknown" entry keeps it well formed.
  std::vector<llvm::ArrayRef<uint8_t>> entries(debugAttrs.begin(),
                                               debugAttrs.end());
  static const uint8_t kUnknownEntry[] = {0};
  if (entries.empty())
    entries.emplace_back(kUnknownEntry);
  writeIndexedTable(w, 4, entries);
}
