//===- EnumCodec.cpp - cuda_tile enum attributes <-> integers -------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "EnumCodec.h"

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

using namespace mlir;
using namespace mlir::cuda_tile;
using namespace tileir::bc;

/// Builds a dialect enum attribute after checking the value is a case.
template <typename AttrT, typename SymbolizeFn>
static Attribute build(MLIRContext *context, uint64_t value,
                       SymbolizeFn symbolize) {
  if (value > UINT32_MAX)
    return {};
  auto e = symbolize(static_cast<uint32_t>(value));
  if (!e)
    return {};
  return AttrT::get(context, *e);
}

Attribute tileir::bc::buildEnumAttr(MLIRContext *context, EnumKind kind,
                                    uint64_t value) {
  switch (kind) {
  case EnumKind::None:
    return {};
  case EnumKind::Signedness:
    return build<SignednessAttr>(
        context, value, [](uint32_t v) { return symbolizeSignedness(v); });
  case EnumKind::IntegerOverflow:
    return build<IntegerOverflowAttr>(
        context, value, [](uint32_t v) { return symbolizeIntegerOverflow(v); });
  case EnumKind::RoundingMode:
    return build<RoundingModeAttr>(
        context, value, [](uint32_t v) { return symbolizeRoundingMode(v); });
  case EnumKind::ComparisonOrdering:
    return build<ComparisonOrderingAttr>(context, value, [](uint32_t v) {
      return symbolizeComparisonOrdering(v);
    });
  case EnumKind::ComparisonPredicate:
    return build<ComparisonPredicateAttr>(context, value, [](uint32_t v) {
      return symbolizeComparisonPredicate(v);
    });
  case EnumKind::AtomicRMWMode:
    return build<AtomicRMWModeAttr>(
        context, value, [](uint32_t v) { return symbolizeAtomicRMWMode(v); });
  case EnumKind::MemoryScope:
    return build<MemoryScopeAttr>(
        context, value, [](uint32_t v) { return symbolizeMemoryScope(v); });
  case EnumKind::MemoryOrderingSemantics:
    return build<MemoryOrderingSemanticsAttr>(context, value, [](uint32_t v) {
      return symbolizeMemoryOrderingSemantics(v);
    });
  case EnumKind::PaddingValue:
    return build<PaddingValueAttr>(
        context, value, [](uint32_t v) { return symbolizePaddingValue(v); });
  case EnumKind::SymbolVisibility:
    return build<SymbolVisibilityAttr>(context, value, [](uint32_t v) {
      return symbolizeSymbolVisibility(v);
    });
  }
  return {};
}

std::optional<uint64_t> tileir::bc::getEnumAttrValue(Attribute attr,
                                                     EnumKind kind) {
  if (!attr)
    return std::nullopt;
  switch (kind) {
  case EnumKind::None:
    return std::nullopt;
  case EnumKind::Signedness:
    if (auto a = dyn_cast<SignednessAttr>(attr))
      return static_cast<uint64_t>(a.getValue());
    return std::nullopt;
  case EnumKind::IntegerOverflow:
    if (auto a = dyn_cast<IntegerOverflowAttr>(attr))
      return static_cast<uint64_t>(a.getValue());
    return std::nullopt;
  case EnumKind::RoundingMode:
    if (auto a = dyn_cast<RoundingModeAttr>(attr))
      return static_cast<uint64_t>(a.getValue());
    return std::nullopt;
  case EnumKind::ComparisonOrdering:
    if (auto a = dyn_cast<ComparisonOrderingAttr>(attr))
      return static_cast<uint64_t>(a.getValue());
    return std::nullopt;
  case EnumKind::ComparisonPredicate:
    if (auto a = dyn_cast<ComparisonPredicateAttr>(attr))
      return static_cast<uint64_t>(a.getValue());
    return std::nullopt;
  case EnumKind::PaddingValue:
    if (auto a = dyn_cast<PaddingValueAttr>(attr))
      return static_cast<uint64_t>(a.getValue());
    return std::nullopt;
  case EnumKind::SymbolVisibility:
    if (auto a = dyn_cast<SymbolVisibilityAttr>(attr))
      return static_cast<uint64_t>(a.getValue());
    return std::nullopt;
  case EnumKind::AtomicRMWMode:
  case EnumKind::MemoryScope:
  case EnumKind::MemoryOrderingSemantics:
    // These enums are carried by i32 IntegerAttrs.
    if (auto a = dyn_cast<IntegerAttr>(attr))
      if (a.getType().isInteger(32) && a.getValue().isNonNegative())
        return a.getValue().getZExtValue();
    return std::nullopt;
  }
  return std::nullopt;
}

tileir::BytecodeVersion tileir::bc::getEnumValueSince(EnumKind kind,
                                                      uint64_t value) {
  if (kind == EnumKind::RoundingMode &&
      value == static_cast<uint64_t>(RoundingMode::NearestAway))
    return BytecodeVersion::kV13_4;
  return BytecodeVersion::kV13_1;
}
