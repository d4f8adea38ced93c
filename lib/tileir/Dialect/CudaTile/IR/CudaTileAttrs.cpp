//===- CudaTileAttrs.cpp - cuda_tile attributes ---------------------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The assume predicates, optimization hints and debug-information
// attributes of the cuda_tile dialect.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::cuda_tile;

#include "tileir/Dialect/CudaTile/IR/CudaTileAttrInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tileir/Dialect/CudaTile/IR/CudaTileAttrs.cpp.inc"

void CudaTileDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tileir/Dialect/CudaTile/IR/CudaTileAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// DivByAttr
//===----------------------------------------------------------------------===//

Attribute DivByAttr::parse(AsmParser &parser, Type) {
  std::optional<int64_t> every, along;
  if (parser.parseLess())
    return {};
  // Parsed wide so that a negative divisor is reported as such rather than
  // wrapped around.
  SMLoc divisorLoc = parser.getCurrentLocation();
  APInt divisor;
  OptionalParseResult parsed = parser.parseOptionalInteger(divisor);
  if (!parsed.has_value()) {
    parser.emitError(divisorLoc, "expected the div_by divisor");
    return {};
  }
  if (failed(*parsed))
    return {};
  if (divisor.isNegative() || divisor.getActiveBits() > 64) {
    parser.emitError(divisorLoc, "div_by divisor must be a power of two in "
                                 "[1, 2^63], got ")
        << llvm::toString(divisor, /*Radix=*/10, /*Signed=*/true);
    return {};
  }
  if (succeeded(parser.parseOptionalComma())) {
    int64_t everyValue, alongValue;
    if (parser.parseKeyword("every") || parser.parseInteger(everyValue) ||
        parser.parseKeyword("along") || parser.parseInteger(alongValue))
      return {};
    every = everyValue;
    along = alongValue;
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<DivByAttr>(parser.getContext(),
                                      divisor.getZExtValue(), every, along);
}

void DivByAttr::print(AsmPrinter &printer) const {
  printer << '<' << getDivisor();
  if (getEvery())
    printer << ", every " << *getEvery() << " along " << *getAlong();
  printer << '>';
}

LogicalResult DivByAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                uint64_t divisor, std::optional<int64_t> every,
                                std::optional<int64_t> along) {
  if (!llvm::isPowerOf2_64(divisor))
    return emitError() << "div_by divisor must be a power of two in [1, "
                          "2^63], got "
                       << divisor;
  if (every.has_value() != along.has_value())
    return emitError() << "div_by takes 'every' and 'along' together";
  if (every && (*every < 0 || *along < 0))
    return emitError() << "div_by 'every' and 'along' must not be negative";
  return success();
}

LogicalResult
DivByAttr::verifyPredicate(function_ref<InFlightDiagnostic()> emitError,
                           Type constrainedType) const {
  // For a tensor_view the predicate is about its base address, a single
  // value, so element groups make no sense.
  if (isa<TensorViewType>(constrainedType)) {
    if (getEvery())
      return emitError() << "div_by with 'every'/'along' cannot constrain a "
                            "tensor_view";
    return success();
  }
  auto tile = dyn_cast<TileType>(constrainedType);
  if (!tile || !isa<IntegerType, PointerType>(tile.getElementType()))
    return emitError() << "div_by constrains tiles of integers or pointers, "
                          "or tensor_views; got "
                       << constrainedType;
  if (!getEvery())
    return success();
  if (tile.getRank() == 0)
    return emitError() << "div_by with 'every'/'along' cannot constrain a "
                          "rank-0 tile";
  if (*getAlong() >= tile.getRank())
    return emitError() << "div_by 'along' (" << *getAlong()
                       << ") must be a dimension of the tile (rank "
                       << tile.getRank() << ")";
  if (*getEvery() > tile.getDimSize(*getAlong()))
    return emitError() << "div_by 'every' (" << *getEvery()
                       << ") exceeds the size of dimension " << *getAlong()
                       << " (" << tile.getDimSize(*getAlong()) << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// SameElementsAttr
//===----------------------------------------------------------------------===//

LogicalResult
SameElementsAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         DenseI64ArrayAttr values) {
  if (llvm::any_of(values.asArrayRef(), [](int64_t v) { return v < 0; }))
    return emitError() << "same_elements values must not be negative";
  return success();
}

LogicalResult
SameElementsAttr::verifyPredicate(function_ref<InFlightDiagnostic()> emitError,
                                  Type constrainedType) const {
  auto tile = dyn_cast<TileType>(constrainedType);
  if (!tile || !isa<IntegerType, PointerType>(tile.getElementType()))
    return emitError() << "same_elements constrains tiles of integers or "
                          "pointers; got "
                       << constrainedType;
  ArrayRef<int64_t> values = getValues().asArrayRef();
  if (static_cast<int64_t>(values.size()) != tile.getRank())
    return emitError() << "same_elements has " << values.size()
                       << " values but the tile has rank " << tile.getRank();
  for (auto [dim, value] : llvm::enumerate(values))
    if (value > tile.getDimSize(dim))
      return emitError() << "same_elements value " << value
                         << " exceeds the size of dimension " << dim << " ("
                         << tile.getDimSize(dim) << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// BoundedAttr
//===----------------------------------------------------------------------===//

LogicalResult BoundedAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  std::optional<int64_t> lb,
                                  std::optional<int64_t> ub) {
  if (lb && ub && *lb > *ub)
    return emitError() << "bounded lower bound (" << *lb
                       << ") exceeds the upper bound (" << *ub << ")";
  return success();
}

LogicalResult
BoundedAttr::verifyPredicate(function_ref<InFlightDiagnostic()> emitError,
                             Type constrainedType) const {
  auto tile = dyn_cast<TileType>(constrainedType);
  auto intType =
      tile ? dyn_cast<IntegerType>(tile.getElementType()) : IntegerType();
  if (!intType)
    return emitError() << "bounded constrains tiles of integers; got "
                       << constrainedType;
  // Bounds are signed and must be representable in the element type.
  unsigned width = intType.getWidth();
  int64_t minValue = llvm::minIntN(width);
  int64_t maxValue = llvm::maxIntN(width);
  for (std::optional<int64_t> bound : {getLb(), getUb()})
    if (bound && (*bound < minValue || *bound > maxValue))
      return emitError() << "bounded bound " << *bound << " is outside the "
                         << "signed range of " << intType << " [" << minValue
                         << ", " << maxValue << "]";
  return success();
}

//===----------------------------------------------------------------------===//
// OptimizationHintsAttr
//===----------------------------------------------------------------------===//

/// The architecture keys, in the order of the specification.
static constexpr StringLiteral kArchitectureKeys[] = {
    "sm_80",  "sm_86",  "sm_87",  "sm_88",  "sm_89", "sm_90",
    "sm_100", "sm_103", "sm_110", "sm_120", "sm_121"};

/// Architectures without clusters: a CGA holds exactly one CTA there.
static constexpr StringLiteral kSingleCTAArchitectures[] = {
    "sm_80", "sm_86", "sm_87", "sm_88", "sm_89"};

OptimizationHintsAttr OptimizationHintsAttr::getEmpty(MLIRContext *context) {
  return get(context, DictionaryAttr::get(context));
}

bool OptimizationHintsAttr::isArchitectureKey(StringRef key) {
  return llvm::is_contained(kArchitectureKeys, key);
}

ArrayRef<StringRef> OptimizationHintsAttr::getHintKeysValidFor(Operation *op) {
  static const StringRef entryKeys[] = {kNumCTAInCGA, kOccupancy,
                                        kNumWorkerWarpsPerCTA};
  static const StringRef viewKeys[] = {kLatency, kAllowTMA};
  static const StringRef pointerKeys[] = {kLatency};
  // By name, so that this file need not know the memory ops' classes.
  StringRef name = op->getName().getStringRef();
  if (name == "cuda_tile.entry")
    return entryKeys;
  if (name == "cuda_tile.load_view_tko" || name == "cuda_tile.store_view_tko")
    return viewKeys;
  if (name == "cuda_tile.load_ptr_tko" || name == "cuda_tile.store_ptr_tko")
    return pointerKeys;
  return {};
}

/// Validates the value of integer hint `key` for architecture `arch` (an SM
/// name or `default`). Returns the value to use, or std::nullopt with the
/// reason in `whyInvalid`.
static std::optional<int64_t> validateIntHint(StringRef key, Attribute value,
                                              StringRef arch,
                                              std::string &whyInvalid) {
  auto intAttr = dyn_cast<IntegerAttr>(value);
  if (!intAttr || isa<BoolAttr>(value) ||
      !isa<IntegerType>(intAttr.getType())) {
    whyInvalid = "must be an integer";
    return std::nullopt;
  }
  int64_t v = intAttr.getValue().getSExtValue();
  auto isPow2InRange = [&](int64_t max) {
    return v >= 1 && v <= max && llvm::isPowerOf2_64(v);
  };

  if (key == OptimizationHintsAttr::kNumCTAInCGA) {
    bool singleCTA = llvm::any_of(kSingleCTAArchitectures, [&](StringRef a) {
      return arch.starts_with(a);
    });
    if (singleCTA && v != 1) {
      whyInvalid = "must be 1 on " + arch.str();
      return std::nullopt;
    }
    if (!isPow2InRange(16)) {
      whyInvalid = "must be a power of two in [1, 16]";
      return std::nullopt;
    }
    return v;
  }
  if (key == OptimizationHintsAttr::kOccupancy) {
    if (v < 1 || v > 32) {
      whyInvalid = "must be in [1, 32]";
      return std::nullopt;
    }
    return v;
  }
  if (key == OptimizationHintsAttr::kNumWorkerWarpsPerCTA) {
    if (!isPow2InRange(32)) {
      whyInvalid = "must be a power of two in [1, 32]";
      return std::nullopt;
    }
    // Every valid count is honoured: products on fewer than 4 warps take
    // mma.sync, and 32 warps (1024 threads) leave no room for producer
    // warps, so such a kernel is never warp-specialized.
    return v;
  }
  if (key == OptimizationHintsAttr::kLatency) {
    if (v < 1 || v > 10) {
      whyInvalid = "must be in [1, 10]";
      return std::nullopt;
    }
    return v;
  }
  if (key == OptimizationHintsAttr::kAllowTMA) {
    whyInvalid = "must be a boolean";
    return std::nullopt;
  }
  // A hint without rules of its own: any integer.
  return v;
}

/// Returns the value of hint `key` for `arch`, falling back to `default`.
static Attribute lookupHint(DictionaryAttr hints, StringRef key,
                            StringRef arch) {
  for (StringRef entryKey :
       {arch, StringRef(OptimizationHintsAttr::kDefaultKey)})
    if (auto entry = hints.getAs<DictionaryAttr>(entryKey))
      if (Attribute value = entry.get(key))
        return value;
  return {};
}

std::optional<int64_t> OptimizationHintsAttr::getIntHint(StringRef key,
                                                         StringRef arch) const {
  Attribute value = lookupHint(getValue(), key, arch);
  if (!value)
    return std::nullopt;
  std::string whyInvalid;
  return validateIntHint(key, value, arch, whyInvalid);
}

std::optional<bool> OptimizationHintsAttr::getBoolHint(StringRef key,
                                                       StringRef arch) const {
  // BoolAttr also matches an i1 IntegerAttr, the form the C++ bytecode
  // writer produces.
  if (auto value =
          dyn_cast_or_null<BoolAttr>(lookupHint(getValue(), key, arch)))
    return value.getValue();
  return std::nullopt;
}

/// Renders a hint value as it is written in hints (`7`, not `7 : i64`).
static std::string formatHintValue(Attribute value) {
  std::string str;
  llvm::raw_string_ostream os(str);
  value.print(os, /*elideType=*/true);
  return str;
}

static InFlightDiagnostic emitHintDiagnostic(Location loc,
                                             DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return emitError(loc);
  case DiagnosticSeverity::Warning:
    return emitWarning(loc);
  case DiagnosticSeverity::Remark:
  case DiagnosticSeverity::Note:
    return emitRemark(loc);
  }
  llvm_unreachable("unknown diagnostic severity");
}

LogicalResult
OptimizationHintsAttr::verifyHints(Location loc, ArrayRef<StringRef> validKeys,
                                   DiagnosticSeverity severity) const {
  static const StringRef knownKeys[] = {
      kNumCTAInCGA, kOccupancy, kNumWorkerWarpsPerCTA, kLatency, kAllowTMA};
  if (validKeys.empty())
    validKeys = knownKeys;

  bool clean = true;
  auto report = [&]() {
    clean = false;
    return emitHintDiagnostic(loc, severity);
  };
  for (NamedAttribute archEntry : getValue()) {
    StringRef arch = archEntry.getName().strref();
    if (arch != kDefaultKey && !isArchitectureKey(arch)) {
      report() << "unknown architecture '" << arch << "' in optimization_hints";
      continue;
    }
    auto hints = dyn_cast<DictionaryAttr>(archEntry.getValue());
    if (!hints) {
      report() << "optimization_hints entry '" << arch
               << "' must be a dictionary";
      continue;
    }
    for (NamedAttribute hint : hints) {
      StringRef key = hint.getName().strref();
      if (!llvm::is_contained(knownKeys, key)) {
        report() << "unknown hint '" << key << "' for " << arch;
        continue;
      }
      if (!llvm::is_contained(validKeys, key)) {
        report() << "hint '" << key << "' does not apply to this operation";
        continue;
      }
      if (key == kAllowTMA) {
        if (!isa<BoolAttr>(hint.getValue()))
          report() << "hint " << arch << "." << key
                   << " must be a boolean, got "
                   << formatHintValue(hint.getValue());
        continue;
      }
      std::string whyInvalid;
      if (!validateIntHint(key, hint.getValue(), arch, whyInvalid))
        report() << "hint " << arch << "." << key << " " << whyInvalid
                 << ", got " << formatHintValue(hint.getValue());
    }
  }
  return success(clean);
}

LogicalResult
OptimizationHintsAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              DictionaryAttr value) {
  for (NamedAttribute entry : value)
    if (!isa<DictionaryAttr>(entry.getValue()))
      return emitError() << "optimization_hints entry '"
                         << entry.getName().strref()
                         << "' must be a dictionary, got " << entry.getValue();
  return success();
}

Attribute OptimizationHintsAttr::parse(AsmParser &parser, Type) {
  MLIRContext *context = parser.getContext();
  if (parser.parseLess())
    return {};
  if (succeeded(parser.parseOptionalGreater()))
    return getEmpty(context);

  NamedAttrList entries;
  auto parseEntry = [&]() -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    std::string key;
    Attribute value;
    if (parser.parseKeywordOrString(&key) || parser.parseEqual() ||
        parser.parseAttribute(value))
      return failure();
    if (entries.get(key))
      return parser.emitError(loc, "duplicate optimization_hints entry '")
             << key << "'";
    if (!isa<DictionaryAttr>(value))
      return parser.emitError(loc, "optimization_hints entry '")
             << key << "' must be a dictionary, got " << value;
    entries.append(key, value);
    return success();
  };
  if (parser.parseCommaSeparatedList(parseEntry) || parser.parseGreater())
    return {};
  return get(context, entries.getDictionary(context));
}

void OptimizationHintsAttr::print(AsmPrinter &printer) const {
  // Hint values print without their type (`2`, not `2 : i64`), as the
  // specification writes them.
  auto printEntries = [&](DictionaryAttr dict) {
    llvm::interleaveComma(dict, printer, [&](NamedAttribute entry) {
      printer.printKeywordOrString(entry.getName().strref());
      printer << " = ";
      if (auto inner = dyn_cast<DictionaryAttr>(entry.getValue())) {
        printer << '{';
        llvm::interleaveComma(inner, printer, [&](NamedAttribute hint) {
          printer.printKeywordOrString(hint.getName().strref());
          printer << " = ";
          printer.printAttributeWithoutType(hint.getValue());
        });
        printer << '}';
      } else {
        printer.printAttribute(entry.getValue());
      }
    });
  };
  printer << '<';
  printEntries(getValue());
  printer << '>';
}

//===----------------------------------------------------------------------===//
// Debug information
//===----------------------------------------------------------------------===//

bool DINodeAttr::classof(Attribute attr) {
  return isa<DICompileUnitAttr, DIFileAttr, DILexicalBlockAttr,
             DISubprogramAttr>(attr);
}

bool DIScopeAttr::classof(Attribute attr) {
  return isa<DICompileUnitAttr, DIFileAttr, DILocalScopeAttr>(attr);
}

bool DILocalScopeAttr::classof(Attribute attr) {
  return isa<DILexicalBlockAttr, DISubprogramAttr>(attr);
}

DILocAttr cuda_tile::findDILoc(Location loc) {
  return TypeSwitch<LocationAttr, DILocAttr>(loc)
      .Case([](DILocAttr diLoc) { return diLoc; })
      .Case([](NameLoc nameLoc) { return findDILoc(nameLoc.getChildLoc()); })
      .Case(
          [](CallSiteLoc callSite) { return findDILoc(callSite.getCaller()); })
      .Case([](OpaqueLoc opaque) {
        return findDILoc(opaque.getFallbackLocation());
      })
      .Case([](FusedLoc fused) {
        for (Location inner : fused.getLocations())
          if (DILocAttr diLoc = findDILoc(inner))
            return diLoc;
        return DILocAttr();
      })
      .Default([](LocationAttr) { return DILocAttr(); });
}

DISubprogramAttr cuda_tile::getEnclosingSubprogram(DILocalScopeAttr scope) {
  while (scope) {
    if (auto subprogram = dyn_cast<DISubprogramAttr>(scope))
      return subprogram;
    auto block = dyn_cast<DILexicalBlockAttr>(scope);
    if (!block)
      break;
    scope = block.getScope();
  }
  return {};
}
