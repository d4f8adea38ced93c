//===- CudaTileBase.td - cuda_tile dialect definition ------*- tablegen -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The dialect record and the base classes every other cuda_tile .td file
// builds on. Each definition may carry the CUDA Tile IR version that
// introduced it (`sinceVersion`); the bytecode reader and writer use it to
// refuse features that a file's version cannot express.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_CUDATILEBASE_TD
#define TILEIR_DIALECT_CUDATILE_IR_CUDATILEBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def CudaTile_Dialect : Dialect {
  let name = "cuda_tile";
  let summary = "The CUDA Tile IR input dialect";
  let description = [{
    The `cuda_tile` dialect models CUDA Tile IR programs as they arrive in
    bytecode: tile-level arithmetic, views of global memory, token-ordered
    loads and stores, structured control flow and kernel entry points.
  }];
  let cppNamespace = "::mlir::cuda_tile";
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;

  let extraClassDeclaration = [{
    /// How the verifier treats optimization hints it does not understand
    /// (unknown keys, hints placed on the wrong op, out-of-range values).
    /// The default is `Ignore`: hints are suggestions, and an invalid one
    /// simply reads as "no hint".
    enum class HintDiagnostics { Ignore, Warn, Error };

    HintDiagnostics getHintDiagnostics() const { return hintDiagnostics; }
    void setHintDiagnostics(HintDiagnostics mode) { hintDiagnostics = mode; }

  private:
    /// Defined next to the generated type and attribute lists, in
    /// CudaTileTypes.cpp and CudaTileAttrs.cpp.
    void registerTypes();
    void registerAttributes();

    HintDiagnostics hintDiagnostics = HintDiagnostics::Ignore;
  }];
}

/// Version bookkeeping shared by every cuda_tile definition.
class CudaTile_Versioned<string version> {
  /// The CUDA Tile IR version that introduced this definition.
  string sinceVersion = version;
}

/// Base class of all cuda_tile operations. Op group files (ArithOps.td,
/// MemoryOps.td, ...) derive their ops from this class.
class CudaTile_Op<string mnemonic, list<Trait> traits = [],
                  string version = "13.1">
    : Op<CudaTile_Dialect, mnemonic, traits>, CudaTile_Versioned<version>;

class CudaTile_Type<string name, string typeMnemonic, list<Trait> traits = [],
                    string version = "13.1">
    : TypeDef<CudaTile_Dialect, name, traits>, CudaTile_Versioned<version> {
  let mnemonic = typeMnemonic;
}

class CudaTile_Attr<string name, string attrMnemonic, list<Trait> traits = [],
                    string version = "13.1",
                    string baseCppClass = "::mlir::Attribute">
    : AttrDef<CudaTile_Dialect, name, traits, baseCppClass>,
      CudaTile_Versioned<version> {
  let mnemonic = attrMnemonic;
}

/// Paste into the `extraClassDeclaration` of every op that implements
/// OpAsmOpInterface and owns regions, so that operations nested in those
/// regions may omit the `cuda_tile.` prefix. The parser does not inherit the
/// default dialect from enclosing ops: each region-holding op must provide
/// it, e.g.
///   let extraClassDeclaration = CudaTile_DefaultDialectDecl.classDecl # [{
///     ...
///   }];
def CudaTile_DefaultDialectDecl {
  code classDecl = [{
    /// Operations nested in this op's regions may omit `cuda_tile.`.
    static ::llvm::StringRef getDefaultDialect() { return "cuda_tile"; }
  }];
}

#endif // TILEIR_DIALECT_CUDATILE_IR_CUDATILEBASE_TD
