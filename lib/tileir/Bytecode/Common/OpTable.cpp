//===- OpTable.cpp - Per-op encodings of Tile IR bytecode -----------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The registry of op encodings. Each row lists, in stream order, what the
// format stores for the op; attribute names are the cuda_tile ODS names.
//
//===----------------------------------------------------------------------===//

#include "tileir/Bytecode/OpTable.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"

#include <algorithm>

using namespace tileir;
using namespace tileir::bc;

llvm::StringRef bc::getEnumKindName(EnumKind kind) {
  switch (kind) {
  case EnumKind::None:
    return "none";
  case EnumKind::Signedness:
    return "Signedness";
  case EnumKind::IntegerOverflow:
    return "IntegerOverflow";
  case EnumKind::RoundingMode:
    return "RoundingMode";
  case EnumKind::ComparisonOrdering:
    return "ComparisonOrdering";
  case EnumKind::ComparisonPredicate:
    return "ComparisonPredicate";
  case EnumKind::AtomicRMWMode:
    return "AtomicRMWMode";
  case EnumKind::MemoryScope:
    return "MemoryScope";
  case EnumKind::MemoryOrderingSemantics:
    return "MemoryOrderingSemantics";
  case EnumKind::PaddingValue:
    return "PaddingValue";
  case EnumKind::SymbolVisibility:
    return "SymbolVisibility";
  }
  return "unknown";
}

std::string OpInfo::getOperationName() const {
  return (llvm::Twine("cuda_tile.") + name).str();
}

namespace {
constexpr BytecodeVersion v13_1 = BytecodeVersion::kV13_1;
constexpr BytecodeVersion v13_2 = BytecodeVersion::kV13_2;
constexpr BytecodeVersion v13_3 = BytecodeVersion::kV13_3;
constexpr BytecodeVersion v13_4 = BytecodeVersion::kV13_4;
constexpr BytecodeVersion v13_5 = BytecodeVersion::kV13_5;

// Enum values used as defaults for fields added after their op.
constexpr uint64_t kOverflowNone = 0;
constexpr uint64_t kRoundingFull = 5;

/// Fluent construction of one table row.
class Row {
public:
  Row(uint64_t opcode, llvm::StringRef name,
      BytecodeVersion since = v13_1) {
    info.opcode = opcode;
    info.name = name;
    info.since = since;
  }

  Row &results(unsigned n) {
    info.numFixedResults = n;
    return *this;
  }
  Row &countedResults() {
    info.countedResults = true;
    return *this;
  }
  Row &tokenResultSince(BytecodeVersion v) {
    info.trailingTokenResultSince = v;
    return *this;
  }
  Row &placement(Placement p) {
    info.placement = p;
    return *this;
  }

  Row &attr(llvm::StringRef name, FieldKind kind,
            BytecodeVersion since = v13_1) {
    AttrField f;
    f.name = name;
    f.kind = kind;
    f.since = since;
    f.optional = kind == FieldKind::Unit;
    info.attrs.push_back(f);
    return *this;
  }
  Row &optAttr(llvm::StringRef name, FieldKind kind,
               BytecodeVersion since = v13_1) {
    attr(name, kind, since);
    info.attrs.back().optional = true;
    return *this;
  }
  Row &enumAttr(llvm::StringRef name, EnumKind e,
                BytecodeVersion since = v13_1,
                std::optional<uint64_t> defaultValue = std::nullopt) {
    attr(name, FieldKind::Enum, since);
    info.attrs.back().enumKind = e;
    info.attrs.back().defaultValue = defaultValue;
    return *this;
  }
  Row &optEnumAttr(llvm::StringRef name, EnumKind e) {
    enumAttr(name, e);
    info.attrs.back().optional = true;
    return *this;
  }
  Row &unit(llvm::StringRef name, BytecodeVersion since = v13_1) {
    return attr(name, FieldKind::Unit, since);
  }

  Row &operands(unsigned n) {
    info.operandLayout = OperandLayout::Fixed;
    info.numFixedOperands = n;
    return *this;
  }
  Row &countedOperands() {
    info.operandLayout = OperandLayout::Counted;
    return *this;
  }
  Row &single(llvm::StringRef name) {
    return segment(name, SegmentKind::Single, v13_1);
  }
  Row &variadic(llvm::StringRef name) {
    return segment(name, SegmentKind::Variadic, v13_1);
  }
  Row &optional(llvm::StringRef name, BytecodeVersion since = v13_1) {
    return segment(name, SegmentKind::Optional, since);
  }
  Row &regions(unsigned n) {
    info.numRegions = n;
    return *this;
  }

  /// Derives flag bits and the flags-field version.
  OpInfo finish() {
    struct Slot {
      BytecodeVersion since;
      unsigned group; // 0 attributes, 1 operands
      unsigned order;
      int *bit;
    };
    llvm::SmallVector<Slot> slots;
    unsigned order = 0;
    for (AttrField &f : info.attrs)
      if (f.optional)
        slots.push_back({f.since, 0, order++, &f.flagBit});
    for (OperandSegment &s : info.segments)
      if (s.kind == SegmentKind::Optional)
        slots.push_back({s.since, 1, order++, &s.flagBit});
    llvm::sort(slots, [](const Slot &a, const Slot &b) {
      if (a.since != b.since)
        return a.since < b.since;
      if (a.group != b.group)
        return a.group < b.group;
      return a.order < b.order;
    });
    for (auto [index, slot] : llvm::enumerate(slots))
      *slot.bit = static_cast<int>(index);
    if (!slots.empty())
      info.flagsSince = slots.front().since;
    return info;
  }

private:
  Row &segment(llvm::StringRef name, SegmentKind kind, BytecodeVersion since) {
    info.operandLayout = OperandLayout::Segmented;
    info.segments.push_back({name, kind, since, -1});
    return *this;
  }

  OpInfo info;
};

/// A body op with one result and `n` plain operands.
Row simple(uint64_t opcode, llvm::StringRef name, unsigned n,
           BytecodeVersion since = v13_1) {
  Row r(opcode, name, since);
  r.results(1).operands(n);
  return r;
}

/// A float op with a rounding mode and a flush-to-zero flag.
Row roundedFloat(uint64_t opcode, llvm::StringRef name, unsigned n) {
  Row r = simple(opcode, name, n);
  r.enumAttr("rounding_mode", EnumKind::RoundingMode).unit("flush_to_zero");
  return r;
}

/// A terminator or structural op with counted results and operands.
Row counted(uint64_t opcode, llvm::StringRef name) {
  Row r(opcode, name);
  r.countedResults().countedOperands();
  return r;
}

std::vector<OpInfo> buildTable() {
  using EK = EnumKind;
  using FK = FieldKind;
  std::vector<OpInfo> t;
  auto add = [&](Row r) { t.push_back(r.finish()); };

  add(simple(0x00, "absf", 1));
  add(simple(0x01, "absi", 1));
  add(roundedFloat(0x02, "addf", 2));
  add(simple(0x03, "addi", 2).enumAttr("overflow", EK::IntegerOverflow));
  add(simple(0x04, "andi", 2));
  add(Row(0x05, "assert").attr("message", FK::String).operands(1));
  add(simple(0x06, "assume", 1).attr("predicate", FK::Predicate));
  add(Row(0x07, "atomic_cas_tko")
          .results(2)
          .enumAttr("memory_ordering_semantics", EK::MemoryOrderingSemantics)
          .enumAttr("memory_scope", EK::MemoryScope)
          .single("pointers")
          .single("cmp")
          .single("val")
          .optional("mask")
          .optional("token"));
  add(Row(0x08, "atomic_rmw_tko")
          .results(2)
          .enumAttr("memory_ordering_semantics", EK::MemoryOrderingSemantics)
          .enumAttr("memory_scope", EK::MemoryScope)
          .enumAttr("mode", EK::AtomicRMWMode)
          .single("pointers")
          .single("arg")
          .optional("mask")
          .optional("token"));
  add(simple(0x09, "bitcast", 1));
  add(counted(0x0A, "break"));
  add(simple(0x0B, "broadcast", 1));
  add(simple(0x0C, "cat", 2).attr("dim", FK::Int64));
  add(simple(0x0D, "ceil", 1));
  add(simple(0x0E, "cmpf", 2)
          .enumAttr("comparison_predicate", EK::ComparisonPredicate)
          .enumAttr("comparison_ordering", EK::ComparisonOrdering));
  add(simple(0x0F, "cmpi", 2)
          .enumAttr("comparison_predicate", EK::ComparisonPredicate)
          .enumAttr("signedness", EK::Signedness));
  add(simple(0x10, "constant", 0).attr("value", FK::DenseElements));
  add(counted(0x11, "continue"));
  add(simple(0x12, "cos", 1));
  add(simple(0x13, "cosh", 1));
  add(roundedFloat(0x14, "divf", 2));
  add(simple(0x15, "divi", 2)
          .enumAttr("signedness", EK::Signedness)
          .enumAttr("rounding", EK::RoundingMode));
  add(Row(0x16, "entry").placement(Placement::FunctionTable).regions(1));
  add(simple(0x17, "exp", 1)
          .enumAttr("rounding_mode", EK::RoundingMode, v13_3, kRoundingFull));
  add(simple(0x18, "exp2", 1).unit("flush_to_zero"));
  add(simple(0x25, "exti", 1).enumAttr("signedness", EK::Signedness));
  add(counted(0x26, "extract"));
  add(simple(0x27, "floor", 1));
  add(roundedFloat(0x28, "fma", 3));
  add(counted(0x29, "for").unit("unsignedCmp", v13_2).regions(1));
  add(simple(0x2A, "ftof", 1).enumAttr("rounding_mode", EK::RoundingMode));
  add(simple(0x2B, "ftoi", 1)
          .enumAttr("signedness", EK::Signedness)
          .enumAttr("rounding_mode", EK::RoundingMode)
          .unit("saturating", v13_4));
  add(simple(0x2C, "get_global", 0).attr("name", FK::SymbolRef));
  add(Row(0x2D, "get_index_space_shape").countedResults().operands(1));
  add(Row(0x2E, "get_num_tile_blocks").results(3).operands(0));
  add(Row(0x2F, "get_tensor_shape").countedResults().operands(1));
  add(Row(0x30, "get_tile_block_id").results(3).operands(0));
  add(Row(0x31, "global")
          .placement(Placement::GlobalSection)
          .attr("sym_name", FK::String)
          .attr("value", FK::DenseElements)
          .attr("alignment", FK::Int64)
          .unit("constant", v13_3)
          .enumAttr("symbol_visibility", EK::SymbolVisibility, v13_3, 0));
  add(Row(0x32, "if").countedResults().operands(1).regions(2));
  add(simple(0x33, "int_to_ptr", 1));
  add(simple(0x3A, "iota", 0));
  add(simple(0x3B, "itof", 1)
          .enumAttr("signedness", EK::Signedness)
          .enumAttr("rounding_mode", EK::RoundingMode));
  add(counted(0x3C, "join_tokens"));
  add(Row(0x3D, "load_ptr_tko")
          .results(2)
          .enumAttr("memory_ordering_semantics", EK::MemoryOrderingSemantics)
          .optEnumAttr("memory_scope", EK::MemoryScope)
          .optAttr("optimization_hints", FK::Hints)
          .single("source")
          .optional("mask")
          .optional("paddingValue")
          .optional("token"));
  add(Row(0x3E, "load_view_tko")
          .countedResults()
          .enumAttr("memory_ordering_semantics", EK::MemoryOrderingSemantics)
          .optEnumAttr("memory_scope", EK::MemoryScope)
          .optAttr("optimization_hints", FK::Hints)
          .attr("inbounds", FK::DenseBoolArray, v13_4)
          .single("view")
          .variadic("index")
          .optional("token"));
  add(simple(0x3F, "log", 1));
  add(simple(0x40, "log2", 1));
  add(counted(0x41, "loop").regions(1));
  add(simple(0x42, "make_partition_view", 1));
  add(Row(0x43, "make_tensor_view")
          .countedResults()
          .single("base")
          .variadic("dynamicShape")
          .variadic("dynamicStrides"));
  add(simple(0x44, "make_token", 0));
  add(simple(0x45, "maxf", 2).unit("propagate_nan").unit("flush_to_zero"));
  add(simple(0x46, "maxi", 2).enumAttr("signedness", EK::Signedness));
  add(simple(0x47, "minf", 2).unit("propagate_nan").unit("flush_to_zero"));
  add(simple(0x48, "mini", 2).enumAttr("signedness", EK::Signedness));
  add(simple(0x49, "mmaf", 3).unit("fast_acc", v13_3));
  add(simple(0x4A, "mmai", 3)
          .enumAttr("signedness_lhs", EK::Signedness)
          .enumAttr("signedness_rhs", EK::Signedness));
  add(Row(0x4B, "module")
          .placement(Placement::Container)
          .attr("sym_name", FK::String)
          .optAttr("producer", FK::String, v13_3)
          .regions(1));
  add(roundedFloat(0x4C, "mulf", 2));
  add(simple(0x4D, "mulhii", 2));
  add(simple(0x4E, "muli", 2).enumAttr("overflow", EK::IntegerOverflow));
  add(simple(0x4F, "negf", 1));
  add(simple(0x50, "negi", 1)
          .enumAttr("overflow", EK::IntegerOverflow, v13_2, kOverflowNone));
  add(simple(0x51, "offset", 2));
  add(simple(0x52, "ori", 2));
  add(simple(0x53, "permute", 1).attr("permutation", FK::DenseI32Array));
  add(simple(0x54, "pow", 2));
  add(Row(0x55, "print_tko")
          .countedResults()
          .tokenResultSince(v13_2)
          .attr("str", FK::String)
          .variadic("args")
          .optional("token", v13_2));
  add(simple(0x56, "ptr_to_int", 1));
  add(simple(0x57, "ptr_to_ptr", 1));
  add(counted(0x58, "reduce")
          .attr("dim", FK::Int32)
          .attr("identities", FK::Array)
          .regions(1));
  add(simple(0x59, "remf", 2));
  add(simple(0x5A, "remi", 2).enumAttr("signedness", EK::Signedness));
  add(simple(0x5B, "reshape", 1));
  add(counted(0x5C, "return"));
  add(simple(0x5D, "rsqrt", 1).unit("flush_to_zero"));
  add(counted(0x5E, "scan")
          .attr("dim", FK::Int32)
          .attr("reverse", FK::Bool)
          .attr("identities", FK::Array)
          .regions(1));
  add(simple(0x5F, "select", 3));
  add(simple(0x60, "shli", 2).enumAttr("overflow", EK::IntegerOverflow));
  add(simple(0x61, "shri", 2).enumAttr("signedness", EK::Signedness));
  add(simple(0x62, "sin", 1));
  add(simple(0x63, "sinh", 1));
  add(simple(0x64, "sqrt", 1)
          .enumAttr("rounding_mode", EK::RoundingMode)
          .unit("flush_to_zero"));
  add(Row(0x65, "store_ptr_tko")
          .results(1)
          .enumAttr("memory_ordering_semantics", EK::MemoryOrderingSemantics)
          .optEnumAttr("memory_scope", EK::MemoryScope)
          .optAttr("optimization_hints", FK::Hints)
          .single("destination")
          .single("value")
          .optional("mask")
          .optional("token"));
  add(Row(0x66, "store_view_tko")
          .countedResults()
          .enumAttr("memory_ordering_semantics", EK::MemoryOrderingSemantics)
          .optEnumAttr("memory_scope", EK::MemoryScope)
          .optAttr("optimization_hints", FK::Hints)
          .attr("inbounds", FK::DenseBoolArray, v13_4)
          .single("tile")
          .single("view")
          .variadic("index")
          .optional("token"));
  add(roundedFloat(0x67, "subf", 2));
  add(simple(0x68, "subi", 2).enumAttr("overflow", EK::IntegerOverflow));
  add(simple(0x69, "tan", 1));
  add(simple(0x6A, "tanh", 1)
          .enumAttr("rounding_mode", EK::RoundingMode, v13_2, kRoundingFull));
  add(simple(0x6B, "trunci", 1).enumAttr("overflow", EK::IntegerOverflow));
  add(simple(0x6C, "xori", 2));
  add(counted(0x6D, "yield"));
  add(simple(0x6E, "atan2", 2, v13_2));
  add(simple(0x6F, "pack", 1, v13_3));
  add(simple(0x70, "unpack", 1, v13_3));
  add(Row(0x71, "alloca", v13_3)
          .results(1)
          .attr("num_elem", FK::Int64)
          .attr("alignment", FK::Int64)
          .unit("global")
          .operands(0));
  add(simple(0x72, "mmaf_scaled", 5, v13_3));
  add(simple(0x73, "make_gather_scatter_view", 1, v13_3));
  add(simple(0x74, "make_strided_view", 1, v13_3));
  add(Row(0x75, "atomic_red_view_tko", v13_3)
          .countedResults()
          .enumAttr("memory_ordering_semantics", EK::MemoryOrderingSemantics)
          .enumAttr("memory_scope", EK::MemoryScope)
          .enumAttr("mode", EK::AtomicRMWMode)
          .attr("inbounds", FK::DenseBoolArray, v13_5)
          .single("view")
          .variadic("index")
          .single("value")
          .optional("token"));
  add(Row(0x76, "insert", v13_4).countedResults().countedOperands());
  add(Row(0x77, "gdc_launch_dependents_tko", v13_4)
          .results(1)
          .countedOperands());
  add(Row(0x78, "gdc_wait_tko", v13_4).results(1).countedOperands());
  add(simple(0x79, "fpowi", 2, v13_4));
  add(simple(0x7A, "memory_fence_alias_tko", 1, v13_4));

  llvm::sort(t, [](const OpInfo &a, const OpInfo &b) {
    return a.opcode < b.opcode;
  });
  return t;
}
} // namespace

llvm::ArrayRef<OpInfo> bc::getOpTable() {
  static const std::vector<OpInfo> table = buildTable();
  return table;
}

const OpInfo *bc::lookupOpcode(uint64_t opcode) {
  llvm::ArrayRef<OpInfo> table = getOpTable();
  const OpInfo *it = llvm::lower_bound(
      table, opcode, [](const OpInfo &a, uint64_t op) { return a.opcode < op; });
  if (it == table.end() || it->opcode != opcode)
    return nullptr;
  return it;
}

const OpInfo *bc::lookupOpName(llvm::StringRef name) {
  static const llvm::StringMap<const OpInfo *> byName = [] {
    llvm::StringMap<const OpInfo *> map;
    for (const OpInfo &info : getOpTable())
      map[info.name] = &info;
    return map;
  }();
  name.consume_front("cuda_tile.");
  return byName.lookup(name);
}

uint64_t bc::getMaxOpcode(BytecodeVersion version) {
  uint64_t max = 0;
  for (const OpInfo &info : getOpTable())
    if (info.since <= version && info.opcode > max)
      max = info.opcode;
  return max;
}

std::optional<llvm::StringRef>
bc::getUnsupportedOpName(uint64_t opcode, BytecodeVersion version) {
  // Multicast loads, reductions and stores need memory mapped by the
  // multicast object API on several GPUs; cuTile 1.7 cannot emit them.
  static constexpr std::pair<uint64_t, llvm::StringLiteral> kUnsupported[] = {
      {0x7B, "multimem_load_reduce_view_tko"},
      {0x7C, "multimem_reduce_view_tko"},
      {0x7D, "multimem_store_view_tko"},
  };
  if (version < v13_5)
    return std::nullopt;
  for (const auto &[code, name] : kUnsupported)
    if (code == opcode)
      return llvm::StringRef(name);
  return std::nullopt;
}
