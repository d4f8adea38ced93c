//===- CudaTileEnums.td - cuda_tile enumerations -----------*- tablegen -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The enumerations of CUDA Tile IR. The integer values are the values the
// bytecode stores (as varints), so they must never be renumbered; the string
// of each case is the keyword of the textual syntax. All of them date from
// CUDA Tile IR 13.1.
//
// Most enums get a dialect attribute (`#cuda_tile.overflow<no_wrap>`; inside
// an op's custom syntax the attribute prints as `<no_wrap>` after a literal).
// AtomicRMWMode, MemoryScope and MemoryOrderingSemantics are stored as i32
// IntegerAttrs instead, which print as bare keywords inside ops
// (`load_ptr_tko acquire device ...`) and as `2 : i32` in generic form.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_CUDATILEENUMS_TD
#define TILEIR_DIALECT_CUDATILE_IR_CUDATILEENUMS_TD

include "mlir/IR/EnumAttr.td"
include "tileir/Dialect/CudaTile/IR/CudaTileBase.td"

/// An i32 enum whose attribute is a dialect attribute (defined below with
/// CudaTile_EnumAttr) rather than an IntegerAttr.
class CudaTile_I32Enum<string name, string summary,
                       list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let cppNamespace = "::mlir::cuda_tile";
  let genSpecializedAttr = 0;
}

/// An i32 enum whose attribute is an IntegerAttr of type i32.
class CudaTile_I32IntegerEnum<string name, string summary,
                              list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let cppNamespace = "::mlir::cuda_tile";
}

/// The dialect attribute of an enum; prints as `#cuda_tile.<mnemonic><value>`
/// and, inside custom op syntax, as `<value>`.
class CudaTile_EnumAttr<EnumAttrInfo enumInfo, string mnemonic>
    : EnumAttr<CudaTile_Dialect, enumInfo, mnemonic> {
  let assemblyFormat = "`<` $value `>`";
}

//===----------------------------------------------------------------------===//
// Signedness
//===----------------------------------------------------------------------===//

def CudaTile_Signedness : CudaTile_I32Enum<"Signedness",
    "how integer operands are interpreted", [
      I32EnumAttrCase<"Unsigned", 0, "unsigned">,
      I32EnumAttrCase<"Signed", 1, "signed">
    ]>;
def CudaTile_SignednessAttr
    : CudaTile_EnumAttr<CudaTile_Signedness, "signedness">;

//===----------------------------------------------------------------------===//
// IntegerOverflow
//===----------------------------------------------------------------------===//

def CudaTile_IntegerOverflow : CudaTile_I32Enum<"IntegerOverflow",
    "overflow assumptions of integer arithmetic", [
      I32EnumAttrCase<"None", 0, "none">,
      I32EnumAttrCase<"NSW", 1, "no_signed_wrap">,
      I32EnumAttrCase<"NUW", 2, "no_unsigned_wrap">,
      I32EnumAttrCase<"NW", 3, "no_wrap">
    ]>;
def CudaTile_IntegerOverflowAttr
    : CudaTile_EnumAttr<CudaTile_IntegerOverflow, "overflow">;

//===----------------------------------------------------------------------===//
// RoundingMode
//===----------------------------------------------------------------------===//

// Value 7 (`nearest_away`: ties away from zero) came with bytecode 13.4.
def CudaTile_RoundingMode : CudaTile_I32Enum<"RoundingMode",
    "rounding mode of a floating-point or conversion operation", [
      I32EnumAttrCase<"NearestEven", 0, "nearest_even">,
      I32EnumAttrCase<"Zero", 1, "zero">,
      I32EnumAttrCase<"NegativeInf", 2, "negative_inf">,
      I32EnumAttrCase<"PositiveInf", 3, "positive_inf">,
      I32EnumAttrCase<"Approx", 4, "approx">,
      I32EnumAttrCase<"Full", 5, "full">,
      I32EnumAttrCase<"NearestIntToZero", 6, "nearest_int_to_zero">,
      I32EnumAttrCase<"NearestAway", 7, "nearest_away">
    ]>;
def CudaTile_RoundingModeAttr
    : CudaTile_EnumAttr<CudaTile_RoundingMode, "rounding">;

//===----------------------------------------------------------------------===//
// Comparisons
//===----------------------------------------------------------------------===//

def CudaTile_ComparisonOrdering : CudaTile_I32Enum<"ComparisonOrdering",
    "whether a float comparison with a NaN operand yields true", [
      I32EnumAttrCase<"Unordered", 0, "unordered">,
      I32EnumAttrCase<"Ordered", 1, "ordered">
    ]>;
def CudaTile_ComparisonOrderingAttr
    : CudaTile_EnumAttr<CudaTile_ComparisonOrdering, "comparison_ordering">;

def CudaTile_ComparisonPredicate : CudaTile_I32Enum<"ComparisonPredicate",
    "comparison predicate", [
      I32EnumAttrCase<"Equal", 0, "equal">,
      I32EnumAttrCase<"NotEqual", 1, "not_equal">,
      I32EnumAttrCase<"LessThan", 2, "less_than">,
      I32EnumAttrCase<"LessThanOrEqual", 3, "less_than_or_equal">,
      I32EnumAttrCase<"GreaterThan", 4, "greater_than">,
      I32EnumAttrCase<"GreaterThanOrEqual", 5, "greater_than_or_equal">
    ]>;
def CudaTile_ComparisonPredicateAttr
    : CudaTile_EnumAttr<CudaTile_ComparisonPredicate, "comparison_predicate">;

//===----------------------------------------------------------------------===//
// Memory operations
//===----------------------------------------------------------------------===//

def CudaTile_AtomicRMWMode : CudaTile_I32IntegerEnum<"AtomicRMWMode",
    "modification performed by an atomic read-modify-write", [
      I32EnumAttrCase<"And", 0, "and">,
      I32EnumAttrCase<"Or", 1, "or">,
      I32EnumAttrCase<"Xor", 2, "xor">,
      I32EnumAttrCase<"Add", 3, "add">,
      I32EnumAttrCase<"AddF", 4, "addf">,
      I32EnumAttrCase<"Max", 5, "max">,
      I32EnumAttrCase<"Min", 6, "min">,
      I32EnumAttrCase<"UMax", 7, "umax">,
      I32EnumAttrCase<"UMin", 8, "umin">,
      I32EnumAttrCase<"Xchg", 9, "xchg">
    ]>;

def CudaTile_MemoryScope : CudaTile_I32IntegerEnum<"MemoryScope",
    "the set of threads a memory operation may communicate with", [
      I32EnumAttrCase<"TileBlock", 0, "tl_blk">,
      I32EnumAttrCase<"Device", 1, "device">,
      I32EnumAttrCase<"System", 2, "sys">
    ]>;

def CudaTile_MemoryOrderingSemantics
    : CudaTile_I32IntegerEnum<"MemoryOrderingSemantics",
    "ordering guarantees of a memory operation", [
      I32EnumAttrCase<"Weak", 0, "weak">,
      I32EnumAttrCase<"Relaxed", 1, "relaxed">,
      I32EnumAttrCase<"Acquire", 2, "acquire">,
      I32EnumAttrCase<"Release", 3, "release">,
      I32EnumAttrCase<"AcqRel", 4, "acq_rel">
    ]>;

// Only `zero` is valid for integer element types; the views' verifiers
// enforce that.
def CudaTile_PaddingValue : CudaTile_I32Enum<"PaddingValue",
    "value read for out-of-bounds elements of a view", [
      I32EnumAttrCase<"Zero", 0, "zero">,
      I32EnumAttrCase<"NegZero", 1, "neg_zero">,
      I32EnumAttrCase<"NaN", 2, "nan">,
      I32EnumAttrCase<"PosInf", 3, "pos_inf">,
      I32EnumAttrCase<"NegInf", 4, "neg_inf">
    ]>;
def CudaTile_PaddingValueAttr
    : CudaTile_EnumAttr<CudaTile_PaddingValue, "padding_value">;

//===----------------------------------------------------------------------===//
// SymbolVisibility
//===----------------------------------------------------------------------===//

def CudaTile_SymbolVisibility : CudaTile_I32Enum<"SymbolVisibility",
    "visibility of a module-level symbol", [
      I32EnumAttrCase<"Public", 0, "public">,
      I32EnumAttrCase<"Private", 1, "private">
    ]>;
def CudaTile_SymbolVisibilityAttr
    : CudaTile_EnumAttr<CudaTile_SymbolVisibility, "symbol_visibility">;

#endif // TILEIR_DIALECT_CUDATILE_IR_CUDATILEENUMS_TD
