//===- CudaTileAttrs.td - cuda_tile attributes -------------*- tablegen -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The attributes of the cuda_tile dialect: the predicates of
// `cuda_tile.assume`, optimization hints, and debug information. Enum
// attributes are in CudaTileEnums.td.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_CUDATILEATTRS_TD
#define TILEIR_DIALECT_CUDATILE_IR_CUDATILEATTRS_TD

include "mlir/IR/BuiltinAttributeInterfaces.td"
include "tileir/Dialect/CudaTile/IR/CudaTileBase.td"
include "tileir/Dialect/CudaTile/IR/CudaTileEnums.td"
include "tileir/Dialect/CudaTile/IR/CudaTileInterfaces.td"

//===----------------------------------------------------------------------===//
// Assume predicates
//===----------------------------------------------------------------------===//

defvar CudaTile_AssumePredicate =
    DeclareAttrInterfaceMethods<CudaTile_AssumePredicateAttrInterface>;

def CudaTile_DivByAttr
    : CudaTile_Attr<"DivBy", "div_by",
                    [CudaTile_AssumePredicate]> {
  let summary = "divisibility predicate of cuda_tile.assume";
  let description = [{
    `div_by<D>` asserts that the constrained integers or pointers (or the
    base address of a tensor_view) are divisible by `D`, a power of two.
    `div_by<D, every E along A>` asserts it only for the first element of
    each group of `E` consecutive elements along dimension `A`; the other
    elements of a group increase by one (by the pointee size for pointers).
    `every` and `along` come together, and only with tiles of rank >= 1.

    ```mlir
    #cuda_tile.div_by<16>
    #cuda_tile.div_by<4, every 4 along 1>
    ```
  }];
  let parameters = (ins "uint64_t":$divisor,
                        OptionalParameter<"std::optional<int64_t>">:$every,
                        OptionalParameter<"std::optional<int64_t>">:$along);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def CudaTile_SameElementsAttr
    : CudaTile_Attr<"SameElements", "same_elements",
                    [CudaTile_AssumePredicate]> {
  let summary = "constancy predicate of cuda_tile.assume";
  let description = [{
    `same_elements<[C0, C1, ...]>` asserts that, splitting dimension `i` of
    the constrained tile into groups of `Ci` elements, all elements of a
    group are equal. One value per dimension; 1 means "no constancy".

    ```mlir
    #cuda_tile.same_elements<[2, 4]>
    ```
  }];
  let parameters = (ins "::mlir::DenseI64ArrayAttr":$values);
  let assemblyFormat = "`<` $values `>`";
  let genVerifyDecl = 1;
}

def CudaTile_BoundedAttr
    : CudaTile_Attr<"Bounded", "bounded",
                    [CudaTile_AssumePredicate]> {
  let summary = "value-range predicate of cuda_tile.assume";
  let description = [{
    `bounded<lb, ub>` asserts `lb <= x <= ub` (signed, inclusive) for every
    element of the constrained integer tile; `?` leaves a bound open.

    ```mlir
    #cuda_tile.bounded<0, ?>
    ```
  }];
  let parameters = (ins OptionalParameter<"std::optional<int64_t>">:$lb,
                        OptionalParameter<"std::optional<int64_t>">:$ub);
  let assemblyFormat = "`<` ($lb^) : (`?`)? `,` ($ub^) : (`?`)? `>`";
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// OptimizationHintsAttr
//===----------------------------------------------------------------------===//

def CudaTile_OptimizationHintsAttr
    : CudaTile_Attr<"OptimizationHints", "optimization_hints"> {
  let summary = "per-architecture compiler hints";
  let description = [{
    A dictionary keyed by target architecture (`sm_80`, `sm_86`, `sm_87`,
    `sm_88`, `sm_89`, `sm_90`, `sm_100`, `sm_103`, `sm_110`, `sm_120`,
    `sm_121`) or `default`, whose values are dictionaries of hints:

    | hint                       | op               | valid values        |
    |----------------------------|------------------|---------------------|
    | `num_cta_in_cga`           | entry            | power of two in     |
    |                            |                  | [1, 16]; 1 on sm_8x |
    | `occupancy`                | entry            | [1, 32]             |
    | `num_worker_warps_per_cta` | entry            | power of two <= 32, |
    |                            |                  | clamped to [4, 8]   |
    | `latency`                  | view and pointer | [1, 10]             |
    |                            | loads and stores |                     |
    | `allow_tma`                | view loads and   | bool                |
    |                            | stores           |                     |

    Hints are suggestions: lookups try the target's key, then `default`, and
    an invalid value reads as "no hint". The verifier only requires the
    values of the outer dictionary to be dictionaries; verifyHints() reports
    the rest on request.

    ```mlir
    optimization_hints=<sm_100 = {num_cta_in_cga = 2},
                        default = {occupancy = 2}>
    ```
  }];
  let parameters = (ins "::mlir::DictionaryAttr":$value);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    static constexpr ::llvm::StringLiteral kDefaultKey = "default";
    static constexpr ::llvm::StringLiteral kNumCTAInCGA = "num_cta_in_cga";
    static constexpr ::llvm::StringLiteral kOccupancy = "occupancy";
    static constexpr ::llvm::StringLiteral kNumWorkerWarpsPerCTA =
        "num_worker_warps_per_cta";
    static constexpr ::llvm::StringLiteral kLatency = "latency";
    static constexpr ::llvm::StringLiteral kAllowTMA = "allow_tma";

    /// Returns an empty hints attribute.
    static OptimizationHintsAttr getEmpty(::mlir::MLIRContext *context);

    /// Whether `key` names an architecture (`sm_80` ... `sm_121`); `default`
    /// is not an architecture.
    static bool isArchitectureKey(::llvm::StringRef key);

    /// Returns the hints that may appear on `op`, by op name: entry takes
    /// num_cta_in_cga, occupancy and num_worker_warps_per_cta; view loads
    /// and stores take latency and allow_tma; pointer loads and stores take
    /// latency. Empty for any other op.
    static ::llvm::ArrayRef<::llvm::StringRef>
    getHintKeysValidFor(::mlir::Operation *op);

    /// Returns the validated value of integer hint `key` for architecture
    /// `arch`: the `arch` entry if it has `key`, else the `default` entry.
    /// Returns std::nullopt when the hint is absent or its value is not
    /// valid for `arch`.
    std::optional<int64_t> getIntHint(::llvm::StringRef key,
                                      ::llvm::StringRef arch) const;

    /// Like getIntHint, for boolean hints (allow_tma).
    std::optional<bool> getBoolHint(::llvm::StringRef key,
                                    ::llvm::StringRef arch) const;

    std::optional<int64_t> getNumCTAInCGA(::llvm::StringRef arch) const {
      return getIntHint(kNumCTAInCGA, arch);
    }
    std::optional<int64_t> getOccupancy(::llvm::StringRef arch) const {
      return getIntHint(kOccupancy, arch);
    }
    std::optional<int64_t>
    getNumWorkerWarpsPerCTA(::llvm::StringRef arch) const {
      return getIntHint(kNumWorkerWarpsPerCTA, arch);
    }
    std::optional<int64_t> getLatency(::llvm::StringRef arch) const {
      return getIntHint(kLatency, arch);
    }
    std::optional<bool> getAllowTMA(::llvm::StringRef arch) const {
      return getBoolHint(kAllowTMA, arch);
    }

    /// Reports, with diagnostics of `severity` at `loc`, every hint that
    /// lookups would ignore: unknown architecture keys, hints not in
    /// `validKeys` (all known hints when `validKeys` is empty), and values
    /// out of range for the architecture they are keyed by. Returns failure
    /// if anything was reported.
    ::mlir::LogicalResult
    verifyHints(::mlir::Location loc,
                ::llvm::ArrayRef<::llvm::StringRef> validKeys,
                ::mlir::DiagnosticSeverity severity =
                    ::mlir::DiagnosticSeverity::Warning) const;
  }];
}

//===----------------------------------------------------------------------===//
// Debug information
//===----------------------------------------------------------------------===//

// The C++ base classes DINodeAttr, DIScopeAttr and DILocalScopeAttr are
// declared in CudaTile.h; they group the attributes below for parameters and
// isa<> checks:
//   DINodeAttr       all four
//   DIScopeAttr      di_compile_unit, di_file, and the local scopes
//   DILocalScopeAttr di_subprogram, di_lexical_block

def CudaTile_DIFileAttr
    : CudaTile_Attr<"DIFile", "di_file", [], "13.1",
                    "::mlir::cuda_tile::DIScopeAttr"> {
  let summary = "source file of debug information";
  let description = [{
    ```mlir
    #cuda_tile.di_file<"foo.py" in "/tmp/">
    ```
  }];
  let parameters = (ins "::mlir::StringAttr":$name,
                        "::mlir::StringAttr":$directory);
  let assemblyFormat = "`<` $name `in` $directory `>`";
}

def CudaTile_DICompileUnitAttr
    : CudaTile_Attr<"DICompileUnit", "di_compile_unit", [], "13.1",
                    "::mlir::cuda_tile::DIScopeAttr"> {
  let summary = "compilation unit of debug information";
  let description = [{
    ```mlir
    #cuda_tile.di_compile_unit<file = #di_file>
    ```
  }];
  let parameters = (ins "::mlir::cuda_tile::DIFileAttr":$file);
  let assemblyFormat = "`<` struct(params) `>`";
}

def CudaTile_DISubprogramAttr
    : CudaTile_Attr<"DISubprogram", "di_subprogram", [], "13.1",
                    "::mlir::cuda_tile::DILocalScopeAttr"> {
  let summary = "source function of debug information";
  let description = [{
    The scope of a kernel. The module verifier requires `linkageName` to
    equal the name of the entry whose location carries this scope.

    ```mlir
    #cuda_tile.di_subprogram<file = #di_file, line = 1, name = "k",
        linkageName = "k", compileUnit = #di_compile_unit, scopeLine = 2>
    ```
  }];
  let parameters = (ins "::mlir::cuda_tile::DIFileAttr":$file,
                        "unsigned":$line,
                        "::mlir::StringAttr":$name,
                        "::mlir::StringAttr":$linkageName,
                        "::mlir::cuda_tile::DICompileUnitAttr":$compileUnit,
                        OptionalParameter<"unsigned">:$scopeLine);
  let assemblyFormat = "`<` struct(params) `>`";
}

def CudaTile_DILexicalBlockAttr
    : CudaTile_Attr<"DILexicalBlock", "di_lexical_block", [], "13.1",
                    "::mlir::cuda_tile::DILocalScopeAttr"> {
  let summary = "lexical block nested in a subprogram";
  let description = [{
    ```mlir
    #cuda_tile.di_lexical_block<scope = #di_subprogram, file = #di_file,
        line = 3, column = 4>
    ```
  }];
  let parameters = (ins "::mlir::cuda_tile::DILocalScopeAttr":$scope,
                        "::mlir::cuda_tile::DIFileAttr":$file,
                        "unsigned":$line,
                        OptionalParameter<"unsigned">:$column);
  let assemblyFormat = "`<` struct(params) `>`";
}

def CudaTile_DILocAttr
    : LocationAttrDef<CudaTile_Dialect, "DILoc">, CudaTile_Versioned<"13.1"> {
  let mnemonic = "di_loc";
  let summary = "source location inside a debug-information scope";
  let description = [{
    A location attribute, so it can be an operation's location:

    ```mlir
    #di_loc = #cuda_tile.di_loc<loc("/tmp/foo.py":7:8) in #di_subprogram>
    cuda_tile.return loc(#di_loc)
    ```

    The module verifier checks that the scopes of a kernel's operations
    belong to the kernel's own subprogram.
  }];
  let parameters = (ins "::mlir::FileLineColLoc":$sourceLoc,
                        "::mlir::cuda_tile::DILocalScopeAttr":$scope);
  let assemblyFormat = "`<` $sourceLoc `in` $scope `>`";
}

#endif // TILEIR_DIALECT_CUDATILE_IR_CUDATILEATTRS_TD
