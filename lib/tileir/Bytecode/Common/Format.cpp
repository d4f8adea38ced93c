//===- Format.cpp - Tile IR bytecode container tables ---------------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Bytecode/Format.h"

using namespace tileir;
using namespace tileir::bc;

unsigned bc::getRequiredSectionAlignment(Section section) {
  switch (section) {
  case Section::String:
  case Section::Type:
    return 4;
  case Section::Func:
  case Section::Debug:
  case Section::Constant:
    return 8;
  case Section::End:
  case Section::Global:
  case Section::Producer:
    return 0;
  }
  return 0;
}

unsigned bc::getWriterSectionAlignment(Section section) {
  unsigned required = getRequiredSectionAlignment(section);
  return required ? required : 1;
}

llvm::StringRef bc::getSectionName(Section section) {
  switch (section) {
  case Section::End:
    return "end";
  case Section::String:
    return "string";
  case Section::Func:
    return "function";
  case Section::Debug:
    return "debug";
  case Section::Constant:
    return "constant";
  case Section::Type:
    return "type";
  case Section::Global:
    return "global";
  case Section::Producer:
    return "producer";
  }
  return "unknown";
}

static const TypeTagInfo kTypeTags[] = {
    {TypeTag::I1, "i1", BytecodeVersion::kV13_1},
    {TypeTag::I8, "i8", BytecodeVersion::kV13_1},
    {TypeTag::I16, "i16", BytecodeVersion::kV13_1},
    {TypeTag::I32, "i32", BytecodeVersion::kV13_1},
    {TypeTag::I64, "i64", BytecodeVersion::kV13_1},
    {TypeTag::F16, "f16", BytecodeVersion::kV13_1},
    {TypeTag::BF16, "bf16", BytecodeVersion::kV13_1},
    {TypeTag::F32, "f32", BytecodeVersion::kV13_1},
    {TypeTag::TF32, "tf32", BytecodeVersion::kV13_1},
    {TypeTag::F64, "f64", BytecodeVersion::kV13_1},
    {TypeTag::F8E4M3FN, "f8E4M3FN", BytecodeVersion::kV13_1},
    {TypeTag::F8E5M2, "f8E5M2", BytecodeVersion::kV13_1},
    {TypeTag::Pointer, "ptr", BytecodeVersion::kV13_1},
    {TypeTag::Tile, "tile", BytecodeVersion::kV13_1},
    {TypeTag::TensorView, "tensor_view", BytecodeVersion::kV13_1},
    {TypeTag::PartitionView, "partition_view", BytecodeVersion::kV13_1},
    {TypeTag::Function, "function", BytecodeVersion::kV13_1},
    {TypeTag::Token, "token", BytecodeVersion::kV13_1},
    {TypeTag::F8E8M0FNU, "f8E8M0FNU", BytecodeVersion::kV13_2},
    {TypeTag::F4E2M1FN, "f4E2M1FN", BytecodeVersion::kV13_3},
    {TypeTag::GatherScatterView, "gather_scatter_view",
     BytecodeVersion::kV13_3},
    {TypeTag::StridedView, "strided_view", BytecodeVersion::kV13_3},
    {TypeTag::I4, "i4", BytecodeVersion::kV13_3},
};

const TypeTagInfo *bc::lookupTypeTag(uint64_t tag) {
  if (tag > kMaxTypeTag)
    return nullptr;
  return &kTypeTags[tag];
}

llvm::StringRef bc::getAttrTagName(AttrTag tag) {
  switch (tag) {
  case AttrTag::Integer:
    return "integer";
  case AttrTag::Float:
    return "float";
  case AttrTag::Bool:
    return "bool";
  case AttrTag::Type:
    return "type";
  case AttrTag::String:
    return "string";
  case AttrTag::Array:
    return "array";
  case AttrTag::DenseElements:
    return "dense elements";
  case AttrTag::DivBy:
    return "div_by";
  case AttrTag::SameElements:
    return "same_elements";
  case AttrTag::Dictionary:
    return "dictionary";
  case AttrTag::OptimizationHints:
    return "optimization hints";
  case AttrTag::Bounded:
    return "bounded";
  }
  return "unknown";
}
