//===- BytecodeWriter.cpp - Tile IR bytecode container writer -------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Builds every section payload (the function section first, since it fills
// the tables), then writes the header, the sections with their alignment
// padding (on absolute file offsets) and the end marker.
//
//===----------------------------------------------------------------------===//

#include "tileir/Bytecode/BytecodeWriter.h"

#include "WriterState.h"

#include "../EnumCodec.h"

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::bc;

namespace {
class ContainerWriter {
public:
  ContainerWriter(cuda_tile::ModuleOp module, BytecodeVersion version)
      : module(module), version(version),
        state(module->getContext(), version) {}

  LogicalResult write(llvm::raw_ostream &os);

private:
  LogicalResult writeFunctions(EncodingWriter &w);
  LogicalResult writeFunction(cuda_tile::EntryOp entry, EncodingWriter &w);
  LogicalResult writeGlobals(EncodingWriter &w);
  void writeSection(EncodingWriter &file, Section id,
                    const EncodingWriter &payload);

  cuda_tile::ModuleOp module;
  BytecodeVersion version;
  WriterState state;
};
} // namespace

LogicalResult ContainerWriter::writeFunction(cuda_tile::EntryOp entry,
                                             EncodingWriter &w) {
  Operation *op = entry.getOperation();
  auto type = dyn_cast_or_null<TypeAttr>(op->getAttr("function_type"));
  auto name = dyn_cast_or_null<StringAttr>(op->getAttr("sym_name"));
  if (!type || !name)
    return entry.emitError("malformed entry");
  FailureOr<uint64_t> sig = state.getType(type.getValue(), op);
  if (failed(sig))
    return failure();
  auto hints = dyn_cast_or_null<cuda_tile::OptimizationHintsAttr>(
      op->getAttr("optimization_hints"));

  // The body first: it records the ops' debug ids.
  Region &region = op->getRegion(0);
  if (!llvm::hasSingleElement(region))
    return entry.emitError("an entry must have exactly one block");
  EncodingWriter body;
  std::vector<uint64_t> list;
  list.push_back(state.getLocationId(entry.getLoc()));
  FunctionBodyWriter bodyWriter(state);
  if (failed(bodyWriter.writeBody(region.front(), body, list)))
    return failure();

  uint64_t locIndex = 0;
  if (llvm::any_of(list, [](uint64_t id) { return id != 0; })) {
    state.debugLists.push_back(std::move(list));
    locIndex = state.debugLists.size();
  }

  w.writeVarInt(state.getString(name.getValue()));
  w.writeVarInt(*sig);
  // From 13.5 every kernel carries hints (possibly empty) and an array of
  // argument attributes, and the hints flag bit is gone.
  bool hintsAlways = version >= BytecodeVersion::kV13_5;
  ArrayAttr argAttrs = entry.getArgAttrsAttr();
  if (argAttrs && !argAttrs.empty() && !hintsAlways)
    return entry.emitError("argument attributes need bytecode 13.5; writing ")
           << version.str();
  if (hintsAlways && !hints)
    hints = cuda_tile::OptimizationHintsAttr::get(
        op->getContext(), DictionaryAttr::get(op->getContext()));
  w.writeByte(kFuncKernel | (hints && !hintsAlways ? kFuncHasHints : 0));
  w.writeVarInt(locIndex);
  if (hints && failed(state.writeSelfContainedAttr(w, hints, op)))
    return failure();
  if (hintsAlways) {
    Attribute array = argAttrs ? argAttrs : ArrayAttr::get(op->getContext(), {});
    if (failed(state.writeSelfContainedAttr(w, array, op)))
      return failure();
  }
  w.writeVarInt(body.size());
  w.writeBytes(body.getData());
  return success();
}

LogicalResult ContainerWriter::writeFunctions(EncodingWriter &w) {
  llvm::SmallVector<cuda_tile::EntryOp> entries;
  for (Operation &op : module->getRegion(0).front().getOperations()) {
    if (auto entry = dyn_cast<cuda_tile::EntryOp>(op))
      entries.push_back(entry);
    else if (!isa<cuda_tile::GlobalOp>(op))
      return op.emitError("only 'cuda_tile.entry' and 'cuda_tile.global' can "
                          "appear at the top level of a bytecode module");
  }
  w.writeVarInt(entries.size());
  for (cuda_tile::EntryOp entry : entries)
    if (failed(writeFunction(entry, w)))
      return failure();
  // The section is padded to a multiple of eight bytes.
  w.alignTo(8);
  return success();
}

LogicalResult ContainerWriter::writeGlobals(EncodingWriter &w) {
  llvm::SmallVector<cuda_tile::GlobalOp> globals;
  for (Operation &op : module->getRegion(0).front().getOperations())
    if (auto global = dyn_cast<cuda_tile::GlobalOp>(op))
      globals.push_back(global);
  if (globals.empty())
    return success();
  w.writeVarInt(globals.size());
  for (cuda_tile::GlobalOp global : globals) {
    Operation *op = global.getOperation();
    auto name = dyn_cast_or_null<StringAttr>(op->getAttr("sym_name"));
    auto value = dyn_cast_or_null<DenseIntOrFPElementsAttr>(op->getAttr("value"));
    if (!name || !value)
      return global.emitError("malformed global");
    auto valueType = cuda_tile::TileType::get(
        value.getType().getShape(), value.getType().getElementType());
    FailureOr<uint64_t> typeId = state.getType(valueType, op);
    if (failed(typeId))
      return failure();
    uint64_t alignment = 0;
    if (auto a = dyn_cast_or_null<IntegerAttr>(op->getAttr("alignment")))
      alignment = a.getValue().getZExtValue();
    uint64_t visibility =
        getEnumAttrValue(op->getAttr("symbol_visibility"),
                         EnumKind::SymbolVisibility)
            .value_or(0);
    bool isConstant = op->hasAttr("constant");
    w.writeVarInt(state.getString(name.getValue()));
    w.writeVarInt(*typeId);
    w.writeVarInt(state.getConstant(value.getRawData()));
    w.writeVarInt(alignment);
    if (version >= BytecodeVersion::kV13_3) {
      w.writeVarInt(visibility);
      w.writeVarInt(isConstant ? 1 : 0);
    } else if (visibility != 0 || isConstant) {
      return global.emitError("private or constant globals need bytecode "
                              "version 13.3; the target is ")
             << version.str();
    }
  }
  return success();
}

void ContainerWriter::writeSection(EncodingWriter &file, Section id,
                                   const EncodingWriter &payload) {
  unsigned alignment = getWriterSectionAlignment(id);
  file.writeByte(static_cast<uint8_t>(id) |
                 (alignment > 1 ? kSectionAlignFlag : 0));
  file.writeVarInt(payload.size());
  if (alignment > 1) {
    file.writeVarInt(alignment);
    file.alignTo(alignment);
  }
  file.writeBytes(payload.getData());
}

LogicalResult ContainerWriter::write(llvm::raw_ostream &os) {
  EncodingWriter functions, globals;
  if (failed(writeFunctions(functions)) || failed(writeGlobals(globals)))
    return failure();

  EncodingWriter producer;
  bool hasProducer = false;
  if (auto p = dyn_cast_or_null<StringAttr>(module->getAttr("producer"))) {
    // Versions before 13.3 have no producer section; the name is dropped.
    if (version >= BytecodeVersion::kV13_3) {
      producer.writeVarInt(state.getString(p.getValue()));
      hasProducer = true;
    }
  }

  EncodingWriter file;
  file.writeBytes(kMagic);
  file.writeByte(version.major);
  file.writeByte(version.minor);
  file.writeLE16(0);
  if (globals.size())
    writeSection(file, Section::Global, globals);
  writeSection(file, Section::Func, functions);
  if (state.hasConstants()) {
    EncodingWriter constants;
    state.writeConstantSection(constants);
    writeSection(file, Section::Constant, constants);
  }
  if (state.hasDebugInfo()) {
    EncodingWriter debug;
    state.writeDebugSection(debug);
    writeSection(file, Section::Debug, debug);
  }
  if (state.hasTypes()) {
    EncodingWriter types;
    state.writeTypeSection(types);
    writeSection(file, Section::Type, types);
  }
  if (hasProducer)
    writeSection(file, Section::Producer, producer);
  EncodingWriter strings;
  state.writeStringSection(strings);
  writeSection(file, Section::String, strings);
  file.writeByte(static_cast<uint8_t>(Section::End));

  os.write(reinterpret_cast<const char *>(file.getData().data()),
           file.getData().size());
  return success();
}

LogicalResult tileir::writeBytecode(cuda_tile::ModuleOp module,
                                    llvm::raw_ostream &os,
                                    const BytecodeWriterConfig &config) {
  if (!config.version.isSupported())
    return module.emitError("cannot write bytecode version ")
           << config.version.str() << "; supported versions are "
           << BytecodeVersion::kMinSupported.str() << " to "
           << BytecodeVersion::kMax.str();
  ContainerWriter writer(module, config.version);
  return writer.write(os);
}
