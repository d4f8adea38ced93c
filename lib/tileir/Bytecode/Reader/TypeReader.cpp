//===- TypeReader.cpp - Tile IR bytecode type table ------------------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Decodes one entry of the type table: a varint tag, then the payload.
// Types are built with getChecked so an invalid combination (a tile dim that
// is not a power of two, a pointer to a pointer, ...) becomes a diagnostic at
// the entry's offset, never an assertion.
//
//===----------------------------------------------------------------------===//

#include "ReaderState.h"

#include "../EnumCodec.h"

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::bc;

/// Optional padding value of a view: from 13.3 the leading flags bit 0, in
/// older files a presence byte.
static LogicalResult readPadding(ReaderState &state, EncodingReader &reader,
                                 bool present,
                                 cuda_tile::PaddingValueAttr &out) {
  if (!present)
    return success();
  Attribute attr;
  if (failed(state.readEnum(reader, EnumKind::PaddingValue, attr,
                            "padding value")))
    return failure();
  out = cast<cuda_tile::PaddingValueAttr>(attr);
  return success();
}

/// The leading flags varint of the 13.3 view types; only bit 0 is defined.
static LogicalResult readViewFlags(EncodingReader &reader, bool &hasPadding) {
  uint64_t at = reader.absoluteOffset();
  uint64_t flags;
  if (failed(reader.readVarInt(flags, "view type flags")))
    return failure();
  if (flags & ~uint64_t(1))
    return reader.emitErrorAt(at, "unknown view type flag bits " +
                                      llvm::Twine(flags));
  hasPadding = flags & 1;
  return success();
}

static LogicalResult readTensorView(ReaderState &state, EncodingReader &reader,
                                    unsigned depth,
                                    cuda_tile::TensorViewType &out) {
  uint64_t at = reader.absoluteOffset();
  Type type;
  if (failed(state.readType(reader, type, "tensor view", depth + 1)))
    return failure();
  out = dyn_cast<cuda_tile::TensorViewType>(type);
  if (!out)
    return reader.emitErrorAt(at, "expected a tensor_view type");
  return success();
}

/// 13.4 gave pointer and tensor_view types a flags varint: bit 0 says a
/// pointer attribute follows the payload. Older files have no flags.
LogicalResult ReaderState::readPointerFlags(EncodingReader &reader,
                                            bool &hasPtrAttr) {
  hasPtrAttr = false;
  if (version < BytecodeVersion::kV13_4)
    return success();
  uint64_t at = reader.absoluteOffset();
  uint64_t flags;
  if (failed(reader.readVarInt(flags, "pointer type flags")))
    return failure();
  if (flags & ~uint64_t(1))
    return emitError(at, "unknown pointer type flags " + llvm::Twine(flags));
  hasPtrAttr = flags & 1;
  return success();
}

/// The pointer attribute: 13.4 defines only `default` (0), the meaning of a
/// pointer without one.
LogicalResult ReaderState::readPointerAttr(EncodingReader &reader) {
  uint64_t at = reader.absoluteOffset();
  uint64_t value;
  if (failed(reader.readVarInt(value, "pointer attribute")))
    return failure();
  if (value != 0)
    return emitError(at, "unknown pointer attribute " + llvm::Twine(value));
  return success();
}

LogicalResult ReaderState::parseType(uint64_t index, Type &out,
                                     unsigned depth) {
  MLIRContext *ctx = getContext();
  EncodingReader reader(types.entry(index), types.entryOffset(index), sink);
  uint64_t entryAt = reader.absoluteOffset();
  uint64_t tagValue;
  if (failed(reader.readVarInt(tagValue, "type tag")))
    return failure();
  const TypeTagInfo *info = lookupTypeTag(tagValue);
  if (!info && tagValue == kFNV8E5M3FNUTypeTag)
    return emitError(entryAt, "type 'fnv8E5M3FNU' (tag " +
                                  llvm::Twine(tagValue) +
                                  ") is not supported by this compiler");
  if (!info)
    return emitError(entryAt, "unknown type tag " + llvm::Twine(tagValue));
  if (info->since > version)
    return emitError(entryAt, "type '" + info->name +
                                  "' requires bytecode version " +
                                  info->since.str() + ", but the file is " +
                                  version.str());
  switch (info->tag) {
  case TypeTag::I1:
    out = IntegerType::get(ctx, 1);
    break;
  case TypeTag::I4:
    out = IntegerType::get(ctx, 4);
    break;
  case TypeTag::I8:
    out = IntegerType::get(ctx, 8);
    break;
  case TypeTag::I16:
    out = IntegerType::get(ctx, 16);
    break;
  case TypeTag::I32:
    out = IntegerType::get(ctx, 32);
    break;
  case TypeTag::I64:
    out = IntegerType::get(ctx, 64);
    break;
  case TypeTag::F16:
    out = Float16Type::get(ctx);
    break;
  case TypeTag::BF16:
    out = BFloat16Type::get(ctx);
    break;
  case TypeTag::F32:
    out = Float32Type::get(ctx);
    break;
  case TypeTag::TF32:
    out = FloatTF32Type::get(ctx);
    break;
  case TypeTag::F64:
    out = Float64Type::get(ctx);
    break;
  case TypeTag::F8E4M3FN:
    out = Float8E4M3FNType::get(ctx);
    break;
  case TypeTag::F8E5M2:
    out = Float8E5M2Type::get(ctx);
    break;
  case TypeTag::F8E8M0FNU:
    out = Float8E8M0FNUType::get(ctx);
    break;
  case TypeTag::F4E2M1FN:
    out = Float4E2M1FNType::get(ctx);
    break;
  case TypeTag::Token:
    out = cuda_tile::TokenType::get(ctx);
    break;
  case TypeTag::Pointer: {
    bool hasPtrAttr;
    if (failed(readPointerFlags(reader, hasPtrAttr)))
      return failure();
    Type pointee;
    if (failed(readType(reader, pointee, "pointee", depth + 1)) ||
        (hasPtrAttr && failed(readPointerAttr(reader))))
      return failure();
    out = buildChecked(entryAt, "ptr type", [&](auto emit) {
      return cuda_tile::PointerType::getChecked(emit, ctx, pointee);
    });
    break;
  }
  case TypeTag::Tile: {
    Type element;
    if (failed(readType(reader, element, "tile element", depth + 1)))
      return failure();
    llvm::SmallVector<int64_t> shape;
    if (failed(reader.readDenseI64Array(shape, "tile shape")))
      return failure();
    out = buildChecked(entryAt, "tile type", [&](auto emit) {
      return cuda_tile::TileType::getChecked(emit, ctx, llvm::ArrayRef<int64_t>(shape), element,
                                             Attribute());
    });
    break;
  }
  case TypeTag::TensorView: {
    bool hasPtrAttr;
    if (failed(readPointerFlags(reader, hasPtrAttr)))
      return failure();
    Type element;
    if (failed(readType(reader, element, "tensor view element", depth + 1)))
      return failure();
    llvm::SmallVector<int64_t> shape, strides;
    if (failed(reader.readDenseI64Array(shape, "tensor view shape")) ||
        failed(reader.readDenseI64Array(strides, "tensor view strides")) ||
        (hasPtrAttr && failed(readPointerAttr(reader))))
      return failure();
    out = buildChecked(entryAt, "tensor_view type", [&](auto emit) {
      return cuda_tile::TensorViewType::getChecked(emit, ctx, element, llvm::ArrayRef<int64_t>(shape),
          llvm::ArrayRef<int64_t>(strides));
    });
    break;
  }
  case TypeTag::PartitionView: {
    bool unified = version >= kUnifiedBitfieldVersion;
    bool hasPadding = false;
    if (unified && failed(readViewFlags(reader, hasPadding)))
      return failure();
    llvm::SmallVector<int32_t> tileShape, dimMap;
    cuda_tile::TensorViewType view;
    if (failed(reader.readDenseI32Array(tileShape, "partition tile shape")) ||
        failed(readTensorView(*this, reader, depth, view)) ||
        failed(reader.readDenseI32Array(dimMap, "partition dim map")))
      return failure();
    if (!unified && failed(reader.readBool(hasPadding, "padding presence")))
      return failure();
    cuda_tile::PaddingValueAttr padding;
    if (failed(readPadding(*this, reader, hasPadding, padding)))
      return failure();
    out = buildChecked(entryAt, "partition_view type", [&](auto emit) {
      return cuda_tile::PartitionViewType::getChecked(
          emit, ctx, DenseI32ArrayAttr::get(ctx, tileShape), view, llvm::ArrayRef<int32_t>(dimMap),
          padding);
    });
    break;
  }
  case TypeTag::StridedView: {
    bool hasPadding = false;
    if (failed(readViewFlags(reader, hasPadding)))
      return failure();
    llvm::SmallVector<int32_t> tileShape, strides, dimMap;
    cuda_tile::TensorViewType view;
    if (failed(reader.readDenseI32Array(tileShape, "strided tile shape")) ||
        failed(reader.readDenseI32Array(strides, "traversal strides")) ||
        failed(readTensorView(*this, reader, depth, view)) ||
        failed(reader.readDenseI32Array(dimMap, "strided dim map")))
      return failure();
    cuda_tile::PaddingValueAttr padding;
    if (failed(readPadding(*this, reader, hasPadding, padding)))
      return failure();
    out = buildChecked(entryAt, "strided_view type", [&](auto emit) {
      return cuda_tile::StridedViewType::getChecked(
          emit, ctx, DenseI32ArrayAttr::get(ctx, tileShape),
          DenseI32ArrayAttr::get(ctx, strides), view,
          llvm::ArrayRef<int32_t>(dimMap), padding);
    });
    break;
  }
  case TypeTag::GatherScatterView: {
    bool hasPadding = false;
    if (failed(readViewFlags(reader, hasPadding)))
      return failure();
    llvm::SmallVector<int32_t> tileShape;
    cuda_tile::TensorViewType view;
    uint64_t sparseDim;
    if (failed(reader.readDenseI32Array(tileShape, "gather tile shape")) ||
        failed(readTensorView(*this, reader, depth, view)) ||
        failed(reader.readVarIntBounded(sparseDim, UINT32_MAX, "sparse dim")))
      return failure();
    cuda_tile::PaddingValueAttr padding;
    if (failed(readPadding(*this, reader, hasPadding, padding)))
      return failure();
    out = buildChecked(entryAt, "gather_scatter_view type", [&](auto emit) {
      return cuda_tile::GatherScatterViewType::getChecked(
          emit, ctx, DenseI32ArrayAttr::get(ctx, tileShape), view,
          static_cast<uint32_t>(sparseDim), padding);
    });
    break;
  }
  case TypeTag::Function: {
    uint64_t numInputs;
    if (failed(reader.readVarIntBounded(numInputs, reader.remaining(),
                                        "number of function inputs")))
      return failure();
    llvm::SmallVector<Type> inputs, results;
    for (uint64_t i = 0; i < numInputs; ++i) {
      Type t;
      if (failed(readType(reader, t, "function input", depth + 1)))
        return failure();
      inputs.push_back(t);
    }
    uint64_t numResults;
    if (failed(reader.readVarIntBounded(numResults, reader.remaining(),
                                        "number of function results")))
      return failure();
    for (uint64_t i = 0; i < numResults; ++i) {
      Type t;
      if (failed(readType(reader, t, "function result", depth + 1)))
        return failure();
      results.push_back(t);
    }
    out = FunctionType::get(ctx, inputs, results);
    break;
  }
  }
  if (!out)
    return failure();
  if (!reader.empty())
    return reader.emitError(llvm::Twine(reader.remaining()) +
                            " unexpected trailing byte(s) in a " +
                            info->name + " type entry");
  return success();
}
