//===- BytecodeReader.cpp - Tile IR bytecode container reader -------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Reads the header and the section framing, the string and constant tables,
// the producer, global and function sections, and builds the module. Types,
// attributes, debug locations and op streams are read by the other files of
// this directory.
//
//===----------------------------------------------------------------------===//

#include "tileir/Bytecode/BytecodeReader.h"

#include "ReaderState.h"

#include "../EnumCodec.h"

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringExtras.h"

#include <array>
#include <cstring>

using namespace mlir;
using namespace tileir;
using namespace tileir::bc;

//===----------------------------------------------------------------------===//
// ReaderState
//===----------------------------------------------------------------------===//

ReaderState::ReaderState(MLIRContext *context, llvm::StringRef bufferName)
    : context(context), bufferName(bufferName.str()) {
  sink = [this](uint64_t offset, const llvm::Twine &message) {
    // Only the first failure is reported: later ones are consequences.
    if (errorReported)
      return;
    errorReported = true;
    mlir::emitError(UnknownLoc::get(this->context))
        << "malformed Tile IR bytecode '" << this->bufferName
        << "' at byte offset " << offset << ": " << message.str();
  };
}

LogicalResult ReaderState::emitError(uint64_t offset,
                                     const llvm::Twine &message) {
  sink(offset, message);
  return failure();
}

LogicalResult ReaderState::readIndexedTable(EncodingReader &reader,
                                            unsigned offsetWidth,
                                            llvm::StringRef what,
                                            IndexedTable &table) {
  uint64_t count;
  // Each entry needs at least its offset.
  if (failed(reader.readVarIntBounded(count, reader.remaining() / offsetWidth,
                                      ("number of " + what + " entries").str())))
    return failure();
  if (count == 0) {
    table = IndexedTable();
    return success();
  }
  if (failed(reader.alignTo(offsetWidth, ("the " + what + " offsets").str())))
    return failure();
  std::vector<uint64_t> offsets(count);
  uint64_t offsetsAt = reader.absoluteOffset();
  for (uint64_t i = 0; i < count; ++i) {
    if (offsetWidth == 4) {
      uint32_t v;
      if (failed(reader.readLE32(v, (what + " offset").str())))
        return failure();
      offsets[i] = v;
    } else {
      if (failed(reader.readLE64(offsets[i], (what + " offset").str())))
        return failure();
    }
  }
  table.dataOffset = reader.absoluteOffset();
  table.data = reader.getData().drop_front(reader.position());
  table.begin.assign(offsets.begin(), offsets.end());
  table.end.resize(count);
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t end = i + 1 < count ? offsets[i + 1] : table.data.size();
    if (offsets[i] > end || end > table.data.size())
      return emitError(offsetsAt + i * offsetWidth,
                       what + " entry " + llvm::Twine(i) + " has offset " +
                           llvm::Twine(offsets[i]) +
                           ", which is out of order or past the " +
                           llvm::Twine(table.data.size()) +
                           "-byte data area");
    table.end[i] = end;
  }
  return reader.seek(reader.getData().size(), what);
}

LogicalResult ReaderState::getString(uint64_t index, uint64_t atOffset,
                                     llvm::StringRef &out,
                                     llvm::StringRef what) {
  if (index >= strings.size())
    return emitError(atOffset, "string index " + llvm::Twine(index) +
                                   " for " + what + " is out of range (" +
                                   llvm::Twine(strings.size()) +
                                   " strings)");
  llvm::ArrayRef<uint8_t> bytes = strings.entry(index);
  out = llvm::StringRef(reinterpret_cast<const char *>(bytes.data()),
                        bytes.size());
  return success();
}

LogicalResult ReaderState::getString(EncodingReader &reader,
                                     llvm::StringRef &out,
                                     llvm::StringRef what) {
  uint64_t at = reader.absoluteOffset();
  uint64_t index;
  if (failed(reader.readVarInt(index, (what + " string index").str())))
    return failure();
  return getString(index, at, out, what);
}

LogicalResult ReaderState::readType(EncodingReader &reader, Type &out,
                                    llvm::StringRef what, unsigned depth) {
  uint64_t at = reader.absoluteOffset();
  uint64_t index;
  if (failed(reader.readVarInt(index, (what + " type index").str())))
    return failure();
  return getType(index, at, out, depth);
}

LogicalResult ReaderState::getType(uint64_t index, uint64_t atOffset,
                                   Type &out, unsigned depth) {
  if (index >= types.size())
    return emitError(atOffset, "type index " + llvm::Twine(index) +
                                   " is out of range (" +
                                   llvm::Twine(types.size()) + " types)");
  if (typeState[index] == 2) {
    out = typeCache[index];
    return success();
  }
  if (typeState[index] == 1)
    return emitError(types.entryOffset(index),
                     "type " + llvm::Twine(index) +
                         " refers to itself, directly or through other "
                         "types");
  if (depth > kMaxTypeDepth)
    return emitError(atOffset, "types nest deeper than " +
                                   llvm::Twine(kMaxTypeDepth) + " levels");
  typeState[index] = 1;
  if (failed(parseType(index, out, depth)))
    return failure();
  typeState[index] = 2;
  typeCache[index] = out;
  return success();
}

/// Number of bytes MLIR stores per element of `type` in a raw buffer.
static std::optional<uint64_t> getStorageBytes(Type elementType) {
  unsigned bits = elementType.getIntOrFloatBitWidth();
  if (bits == 0)
    return std::nullopt;
  return (bits + 7) / 8;
}

LogicalResult ReaderState::getConstant(uint64_t index, uint64_t atOffset,
                                       Type type, Attribute &out) {
  if (index >= constants.size())
    return emitError(atOffset, "constant index " + llvm::Twine(index) +
                                   " is out of range (" +
                                   llvm::Twine(constants.size()) +
                                   " constants)");
  auto tile = dyn_cast_or_null<cuda_tile::TileType>(type);
  if (!tile || !tile.getElementType().isIntOrFloat())
    return emitError(atOffset, "constant " + llvm::Twine(index) +
                                   " must have a tile type of integers or "
                                   "floats");
  EncodingReader reader(constants.entry(index), constants.entryOffset(index),
                        sink);
  uint64_t length;
  if (failed(reader.readVarIntBounded(length, reader.remaining(),
                                      "constant byte length")))
    return failure();
  llvm::ArrayRef<uint8_t> bytes;
  if (failed(reader.readBytes(length, bytes, "constant data")))
    return failure();

  // The attribute's type is the tile type itself (without an encoding), as
  // the textual form builds it.
  Type elementType = tile.getElementType();
  auto tensorType = cast<ShapedType>(
      Type(cuda_tile::TileType::get(tile.getShape(), elementType)));
  int64_t numElements = tensorType.getNumElements();
  // i1 is bit packed; a single element (or a 0x00/0xFF byte) is a splat.
  bool valid;
  if (elementType.isInteger(1)) {
    valid = length == 1 || length == static_cast<uint64_t>(
                                          llvm::divideCeil(numElements, 8));
  } else {
    std::optional<uint64_t> width = getStorageBytes(elementType);
    valid = width && (length == *width ||
                      length == *width * static_cast<uint64_t>(numElements));
  }
  llvm::ArrayRef<char> raw(reinterpret_cast<const char *>(bytes.data()),
                           bytes.size());
  bool detectedSplat = false;
  if (!valid ||
      !DenseElementsAttr::isValidRawBuffer(tensorType, raw, detectedSplat))
    return emitError(constants.entryOffset(index),
                     "constant " + llvm::Twine(index) + " has " +
                         llvm::Twine(length) + " byte(s), which does not fit " +
                         llvm::Twine(numElements) + " element(s) of the type");
  out = DenseElementsAttr::getFromRawBuffer(tensorType, raw);
  return success();
}

//===----------------------------------------------------------------------===//
// The container
//===----------------------------------------------------------------------===//

bool tileir::isTileIRBytecode(llvm::StringRef data) {
  return data.size() >= sizeof(kMagic) &&
         std::memcmp(data.data(), kMagic, sizeof(kMagic)) == 0;
}

std::optional<BytecodeVersion> tileir::peekBytecodeVersion(llvm::StringRef data) {
  if (!isTileIRBytecode(data) || data.size() < kHeaderSize)
    return std::nullopt;
  auto byte = [&](size_t i) { return static_cast<uint8_t>(data[i]); };
  return BytecodeVersion(byte(8), byte(9),
                         static_cast<uint16_t>(byte(10) | (byte(11) << 8)));
}

namespace {
/// One section's payload as found in the file.
struct SectionSlice {
  bool present = false;
  llvm::ArrayRef<uint8_t> payload;
  uint64_t offset = 0;
};

/// Reads a file from the header to the end marker.
class ContainerReader {
public:
  ContainerReader(ReaderState &state, llvm::ArrayRef<uint8_t> data)
      : state(state), data(data) {}

  OwningOpRef<cuda_tile::ModuleOp> read();

private:
  LogicalResult readHeader(EncodingReader &reader);
  LogicalResult readSections(EncodingReader &reader);
  EncodingReader sectionReader(Section id) {
    const SectionSlice &s = sections[static_cast<unsigned>(id)];
    return EncodingReader(s.payload, s.offset, state.getSink());
  }
  LogicalResult readTypeTable();
  LogicalResult readConstantTable();
  LogicalResult readGlobals(OpBuilder &builder);
  LogicalResult readFunctions(OpBuilder &builder);
  LogicalResult readFunction(EncodingReader &reader, OpBuilder &builder);
  /// The argument-attribute array every 13.5 function carries; leaves
  /// `argAttrs` null when it is empty.
  LogicalResult readArgAttrs(EncodingReader &reader, llvm::StringRef name,
                             unsigned numArgs, ArrayAttr &argAttrs);

  ReaderState &state;
  llvm::ArrayRef<uint8_t> data;
  std::array<SectionSlice, kNumSections> sections;
};
} // namespace

LogicalResult ContainerReader::readHeader(EncodingReader &reader) {
  llvm::ArrayRef<uint8_t> magic;
  if (data.size() < sizeof(kMagic) ||
      std::memcmp(data.data(), kMagic, sizeof(kMagic)) != 0)
    return reader.emitError("the input does not start with the Tile IR "
                            "bytecode magic (7F 'TileIR' 00)");
  if (failed(reader.readBytes(sizeof(kMagic), magic, "the magic")))
    return failure();
  uint8_t major, minor;
  uint16_t tag;
  if (failed(reader.readByte(major, "the major version")) ||
      failed(reader.readByte(minor, "the minor version")) ||
      failed(reader.readLE16(tag, "the version tag")))
    return failure();
  state.version = BytecodeVersion(major, minor, tag);
  if (!state.version.isSupported())
    return reader.emitErrorAt(
        8, "unsupported Tile IR bytecode version " + state.version.str() +
               "; this reader supports versions " +
               BytecodeVersion::kMinSupported.str() + " to " +
               BytecodeVersion::kMax.str());
  return success();
}

LogicalResult ContainerReader::readSections(EncodingReader &reader) {
  while (true) {
    uint64_t at = reader.absoluteOffset();
    uint8_t idByte;
    if (failed(reader.readByte(idByte, "a section id (the file has no end "
                                       "marker)")))
      return failure();
    uint8_t id = idByte & ~kSectionAlignFlag;
    bool hasAlignment = idByte & kSectionAlignFlag;
    if (id == static_cast<uint8_t>(Section::End)) {
      if (hasAlignment)
        return reader.emitErrorAt(at, "the end marker must be the byte 0x00");
      if (!reader.empty())
        return reader.emitErrorAt(
            at, "the end marker is followed by " +
                    llvm::Twine(reader.remaining()) + " more byte(s)");
      return success();
    }
    if (id >= kNumSections)
      // Twine prints a uint8_t as a character: widen it.
      return reader.emitErrorAt(at, "unknown section id " +
                                        llvm::Twine(unsigned(id)));
    Section section = static_cast<Section>(id);
    llvm::StringRef name = getSectionName(section);
    if (sections[id].present)
      return reader.emitErrorAt(at, "duplicate " + name + " section");

    uint64_t length;
    if (failed(reader.readVarInt(length, (name + " section length").str())))
      return failure();
    uint64_t alignment = 1;
    if (hasAlignment) {
      uint64_t alignAt = reader.absoluteOffset();
      if (failed(reader.readVarInt(alignment,
                                   (name + " section alignment").str())))
        return failure();
      if (alignment == 0 || !llvm::isPowerOf2_64(alignment) ||
          alignment > 4096)
        return reader.emitErrorAt(alignAt, "invalid alignment " +
                                               llvm::Twine(alignment) +
                                               " of the " + name + " section");
      if (failed(reader.alignTo(alignment, (name + " section").str())))
        return failure();
    }
    unsigned required = getRequiredSectionAlignment(section);
    if (required && (!hasAlignment || alignment % required != 0))
      return reader.emitErrorAt(at, "the " + name +
                                        " section must be aligned to a "
                                        "multiple of " +
                                        llvm::Twine(required) + " bytes");
    EncodingReader payload = reader;
    if (failed(reader.readSubReader(length, payload,
                                    (name + " section").str())))
      return failure();
    sections[id].present = true;
    sections[id].payload = payload.getData();
    sections[id].offset = payload.absoluteOffset();
  }
}

LogicalResult ContainerReader::readTypeTable() {
  if (!sections[static_cast<unsigned>(Section::Type)].present)
    return success();
  EncodingReader reader = sectionReader(Section::Type);
  if (failed(state.readIndexedTable(reader, 4, "type", state.types)))
    return failure();
  state.typeCache.assign(state.types.size(), Type());
  state.typeState.assign(state.types.size(), 0);
  return success();
}

LogicalResult ContainerReader::readConstantTable() {
  if (!sections[static_cast<unsigned>(Section::Constant)].present)
    return success();
  EncodingReader reader = sectionReader(Section::Constant);
  return state.readIndexedTable(reader, 8, "constant", state.constants);
}

LogicalResult ContainerReader::readGlobals(OpBuilder &builder) {
  if (!sections[static_cast<unsigned>(Section::Global)].present)
    return success();
  MLIRContext *context = state.getContext();
  EncodingReader reader = sectionReader(Section::Global);
  uint64_t count;
  // A global takes at least four bytes.
  if (failed(reader.readVarIntBounded(count, reader.remaining() / 4,
                                      "number of globals")))
    return failure();
  bool extended = state.version >= BytecodeVersion::kV13_3;
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t at = reader.absoluteOffset();
    llvm::StringRef name;
    if (failed(state.getString(reader, name, "global name")))
      return failure();
    if (name.empty())
      return reader.emitErrorAt(at, "global " + llvm::Twine(i) +
                                        " has an empty name");
    uint64_t typeAt = reader.absoluteOffset();
    Type valueType;
    if (failed(state.readType(reader, valueType, "global value")))
      return failure();
    uint64_t constAt = reader.absoluteOffset();
    uint64_t constIndex;
    if (failed(reader.readVarInt(constIndex, "global constant index")))
      return failure();
    Attribute value;
    if (failed(state.getConstant(constIndex, constAt, valueType, value)))
      return failure();
    uint64_t alignment;
    if (failed(reader.readVarInt(alignment, "global alignment")))
      return failure();
    if (alignment > (uint64_t(1) << 32))
      return reader.emitError("global alignment " + llvm::Twine(alignment) +
                              " is too large");
    uint64_t visibility = 0;
    bool isConstant = false;
    if (extended) {
      if (failed(reader.readVarIntBounded(visibility, 1, "global visibility")))
        return failure();
      uint64_t flag;
      if (failed(reader.readVarIntBounded(flag, 1, "global constant flag")))
        return failure();
      isConstant = flag;
    }
    (void)typeAt;
    OperationState st(UnknownLoc::get(context),
                      cuda_tile::GlobalOp::getOperationName());
    st.addAttribute("sym_name", StringAttr::get(context, name));
    st.addAttribute("value", value);
    st.addAttribute("alignment",
                    builder.getI64IntegerAttr(static_cast<int64_t>(alignment)));
    if (isConstant)
      st.addAttribute("constant", UnitAttr::get(context));
    if (Attribute vis = buildEnumAttr(context, EnumKind::SymbolVisibility,
                                      visibility))
      st.addAttribute("symbol_visibility", vis);
    builder.insert(Operation::create(st));
  }
  return success();
}

LogicalResult ContainerReader::readFunction(EncodingReader &reader,
                                            OpBuilder &builder) {
  MLIRContext *context = state.getContext();
  uint64_t at = reader.absoluteOffset();
  llvm::StringRef name;
  if (failed(state.getString(reader, name, "function name")))
    return failure();
  if (name.empty())
    return reader.emitErrorAt(at, "a function has an empty name");
  uint64_t sigAt = reader.absoluteOffset();
  Type sigType;
  if (failed(state.readType(reader, sigType, "function signature")))
    return failure();
  auto signature = dyn_cast<FunctionType>(sigType);
  if (!signature)
    return reader.emitErrorAt(sigAt, "the signature of function '" + name +
                                         "' is not a function type");
  uint64_t flagsAt = reader.absoluteOffset();
  uint8_t flags;
  if (failed(reader.readByte(flags, "function flags")))
    return failure();
  // From 13.5 a kernel always carries its hints, so the hints bit is gone.
  bool hintsAlways = state.version >= BytecodeVersion::kV13_5;
  uint8_t knownFlags =
      kFuncPrivate | kFuncKernel | (hintsAlways ? 0 : kFuncHasHints);
  if (flags & ~knownFlags)
    return reader.emitErrorAt(flagsAt, "unknown function flag bits 0x" +
                                           llvm::utohexstr(flags & ~knownFlags) +
                                           " in bytecode " +
                                           state.version.str());
  if (!(flags & kFuncKernel))
    return reader.emitErrorAt(flagsAt, "function '" + name +
                                           "' is not a kernel; only kernel "
                                           "entry points are supported");
  uint64_t locIndex;
  if (failed(reader.readVarInt(locIndex, "function debug index")))
    return failure();
  Attribute hints;
  if (hintsAlways || (flags & kFuncHasHints)) {
    uint64_t hintsAt = reader.absoluteOffset();
    if (failed(state.readSelfContainedAttr(reader, hints)))
      return failure();
    if (!isa<cuda_tile::OptimizationHintsAttr>(hints))
      return reader.emitErrorAt(hintsAt,
                                "expected optimization hints on function '" +
                                    name + "'");
  }
  // A 13.5 kernel without hints stores an empty dictionary; it reads as no
  // hints, as the same kernel does at 13.4.
  if (auto h = dyn_cast_or_null<cuda_tile::OptimizationHintsAttr>(hints);
      h && h.getValue().empty())
    hints = nullptr;
  ArrayAttr argAttrs;
  if (hintsAlways &&
      failed(readArgAttrs(reader, name, signature.getNumInputs(), argAttrs)))
    return failure();
  uint64_t bodyLength;
  if (failed(reader.readVarInt(bodyLength, "function body length")))
    return failure();
  EncodingReader body = reader;
  if (failed(reader.readSubReader(bodyLength, body, "function body")))
    return failure();

  FunctionBodyReader bodyReader(state, locIndex);
  Location loc = UnknownLoc::get(context);
  if (failed(bodyReader.getFunctionLoc(at, loc)))
    return failure();

  OperationState st(loc, cuda_tile::EntryOp::getOperationName());
  st.addAttribute("sym_name", StringAttr::get(context, name));
  st.addAttribute("function_type", TypeAttr::get(signature));
  if (hints)
    st.addAttribute("optimization_hints", hints);
  if (argAttrs)
    st.addAttribute("arg_attrs", argAttrs);
  Region *region = st.addRegion();
  Block *block = new Block();
  region->push_back(block);
  for (Type input : signature.getInputs())
    block->addArgument(input, loc);
  Operation *entry = Operation::create(st);
  builder.insert(entry);
  return bodyReader.readBody(body, *block);
}

LogicalResult ContainerReader::readArgAttrs(EncodingReader &reader,
                                            llvm::StringRef name,
                                            unsigned numArgs,
                                            ArrayAttr &argAttrs) {
  uint64_t at = reader.absoluteOffset();
  Attribute attr;
  if (failed(state.readSelfContainedAttr(reader, attr)))
    return failure();
  auto array = dyn_cast<ArrayAttr>(attr);
  if (!array)
    return reader.emitErrorAt(at, "expected an array of argument attributes "
                                  "on function '" +
                                      name + "'");
  // cuTile writes an empty array; anything else is one dictionary per
  // argument, as on any MLIR function.
  if (array.empty())
    return success();
  if (array.size() != numArgs ||
      !llvm::all_of(array, [](Attribute a) { return isa<DictionaryAttr>(a); }))
    return reader.emitErrorAt(at, "function '" + name + "' has " +
                                      llvm::Twine(array.size()) +
                                      " argument attribute entries for " +
                                      llvm::Twine(numArgs) +
                                      " arguments; expected one dictionary "
                                      "per argument");
  argAttrs = array;
  return success();
}

LogicalResult ContainerReader::readFunctions(OpBuilder &builder) {
  EncodingReader reader = sectionReader(Section::Func);
  uint64_t count;
  // A function takes at least five bytes.
  if (failed(reader.readVarIntBounded(count, reader.remaining() / 5,
                                      "number of functions")))
    return failure();
  for (uint64_t i = 0; i < count; ++i)
    if (failed(readFunction(reader, builder)))
      return failure();
  // What remains is the writer's padding to a multiple of eight bytes.
  return success();
}

OwningOpRef<cuda_tile::ModuleOp> ContainerReader::read() {
  MLIRContext *context = state.getContext();
  EncodingReader reader(data, 0, state.getSink());
  if (failed(readHeader(reader)) || failed(readSections(reader)))
    return nullptr;
  if (!sections[static_cast<unsigned>(Section::String)].present) {
    (void)state.emitError(kHeaderSize, "the file has no string section");
    return nullptr;
  }
  if (!sections[static_cast<unsigned>(Section::Func)].present) {
    (void)state.emitError(kHeaderSize, "the file has no function section");
    return nullptr;
  }

  EncodingReader strings = sectionReader(Section::String);
  if (failed(state.readIndexedTable(strings, 4, "string", state.strings)))
    return nullptr;

  StringAttr producer;
  if (sections[static_cast<unsigned>(Section::Producer)].present) {
    EncodingReader reader = sectionReader(Section::Producer);
    llvm::StringRef text;
    if (failed(state.getString(reader, text, "producer")))
      return nullptr;
    producer = StringAttr::get(context, text);
  }

  if (failed(readTypeTable()) || failed(readConstantTable()))
    return nullptr;
  if (sections[static_cast<unsigned>(Section::Debug)].present) {
    EncodingReader debug = sectionReader(Section::Debug);
    if (failed(state.readDebugSection(debug)))
      return nullptr;
  }

  OperationState st(UnknownLoc::get(context),
                    cuda_tile::ModuleOp::getOperationName());
  // The module's own name is not stored; every file is one "kernels" module.
  st.addAttribute("sym_name", StringAttr::get(context, "kernels"));
  if (producer)
    st.addAttribute("producer", producer);
  st.addRegion()->push_back(new Block());
  OwningOpRef<cuda_tile::ModuleOp> module(
      cast<cuda_tile::ModuleOp>(Operation::create(st)));

  OpBuilder builder(context);
  builder.setInsertionPointToEnd(&module->getOperation()->getRegion(0).front());
  if (failed(readGlobals(builder)) || failed(readFunctions(builder)))
    return nullptr;
  if (state.hadError())
    return nullptr;
  return module;
}

OwningOpRef<cuda_tile::ModuleOp>
tileir::readBytecode(llvm::MemoryBufferRef buffer, MLIRContext *context) {
  context->getOrLoadDialect<cuda_tile::CudaTileDialect>();
  ReaderState state(context, buffer.getBufferIdentifier());
  llvm::ArrayRef<uint8_t> data(
      reinterpret_cast<const uint8_t *>(buffer.getBufferStart()),
      buffer.getBufferSize());
  ContainerReader reader(state, data);
  return reader.read();
}
