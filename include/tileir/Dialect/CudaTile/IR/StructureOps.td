//===- StructureOps.td - cuda_tile module-level operations -*- tablegen -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The operations that give a CUDA Tile IR program its structure: the module,
// kernel entry points, module globals and the return terminator. In the
// bytecode, module, entry and global are not body operations: they are the
// container itself, the function table and the global section.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_STRUCTUREOPS_TD
#define TILEIR_DIALECT_CUDATILE_IR_STRUCTUREOPS_TD

include "tileir/Dialect/CudaTile/IR/CudaTileOpBase.td"

//===----------------------------------------------------------------------===//
// ModuleOp
//===----------------------------------------------------------------------===//

def CudaTile_ModuleOp : CudaTile_Op<"module", [
    IsolatedFromAbove, NoRegionArguments, SymbolTable, OpAsmOpInterface]
    # GraphRegionNoTerminator.traits> {
  let summary = "top-level container of kernels and globals";
  let description = [{
    A `module` is one compilation unit: a symbol table holding `entry`
    kernels and `global` variables. Operations nested in it may omit the
    `cuda_tile.` prefix. The optional `producer` names the tool that wrote
    the module (stored in bytecode from 13.3 on).

    The module verifier checks the debug information of its contents: a
    kernel whose location has a scope must have a `di_subprogram` scope whose
    `linkageName` is the kernel's name, the scopes of the kernel's operations
    must lead to that subprogram, and globals carry no scope.

    ```mlir
    cuda_tile.module @kernels attributes {producer = "cutile"} {
      entry @k() {
        return
      }
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       OptionalAttr<StrAttr>:$producer);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;

  // The default builders would create the region without its block.
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::llvm::StringRef":$name,
                   CArg<"::llvm::StringRef", "{}">:$producer)>
  ];

  let extraClassDeclaration = CudaTile_DefaultDialectDecl.classDecl # [{
    /// The single block holding the module's contents.
    ::mlir::Block *getBodyBlock() { return &getBody().front(); }
  }];
}

//===----------------------------------------------------------------------===//
// EntryOp
//===----------------------------------------------------------------------===//

def CudaTile_EntryOp : CudaTile_Op<"entry", [
    FunctionOpInterface, IsolatedFromAbove, OpAsmOpInterface,
    HasParent<"ModuleOp">, SingleBlockImplicitTerminator<"ReturnOp">]> {
  let summary = "kernel entry point";
  let description = [{
    Defines a kernel: a function launched from the host over a 3-D grid of
    tile blocks. A kernel returns nothing, and each of its tile arguments
    is rank 0. `optimization_hints` carries per-architecture hints
    (`num_cta_in_cga`, `occupancy`, `num_worker_warps_per_cta`); an empty
    hints attribute is not printed. A body without a terminator gets an
    implicit `return`.

    ```mlir
    entry @k(%p: tile<ptr<f32>>, %n: tile<i32>)
        optimization_hints=<sm_100 = {num_cta_in_cga = 2}> {
      return
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>
                           :$optimization_hints);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;

  let builders = [
    OpBuilder<(ins "::llvm::StringRef":$name,
                   "::mlir::FunctionType":$type,
                   CArg<"::mlir::cuda_tile::OptimizationHintsAttr", "{}">
                       :$hints)>
  ];

  let extraClassDeclaration = CudaTile_DefaultDialectDecl.classDecl # [{
    /// CallableOpInterface: the body.
    ::mlir::Region *getCallableRegion() { return &getBody(); }

    /// FunctionOpInterface: argument and result types.
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
  }];
}

//===----------------------------------------------------------------------===//
// ReturnOp
//===----------------------------------------------------------------------===//

// Not RegionBranchTerminatorOpInterface: a `return` nested in an `if` leaves
// the kernel instead of yielding to the `if`.
def CudaTile_ReturnOp : CudaTile_Op<"return", [
    Pure, Terminator, NativeOpTrait<"ReturnLike">]> {
  let summary = "end the execution of a kernel";
  let description = [{
    Terminates the body of an `entry`. It may also appear directly in the
    regions of a `cuda_tile.if` nested (through `if`s only) in an entry,
    where it ends the kernel early. Kernels return no values.

    ```mlir
    return
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{
    build($_builder, $_state, ::mlir::ValueRange());
  }]>];
  let assemblyFormat = [{
    attr-dict ($operands^ `:` custom<CudaTileType>(type($operands)))?
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// GlobalOp
//===----------------------------------------------------------------------===//

def CudaTile_GlobalOp : CudaTile_Op<"global", [
    Symbol, HasParent<"ModuleOp">]> {
  let summary = "module-level buffer in global memory";
  let description = [{
    Allocates a 1-D buffer in global memory for the lifetime of the loaded
    module, initialised from `value`. `get_global` yields a pointer to its
    first element. `private` globals are not visible to the host (public is
    the default and is not printed); `constant` globals are never written.
    `alignment` is in bytes, a power of two, or 0 for the natural alignment
    of the element type.

    ```mlir
    global @val alignment = 128 <f32: [0.1, 0.2, 0.3, 0.4]> : tile<4xf32>
    global private constant @one <i32: 1> : tile<1xi32>
    ```
  }];
  let arguments = (ins
    SymbolNameAttr:$sym_name,
    Builtin_DenseIntOrFPElementsAttr:$value,
    DefaultValuedAttr<I64Attr, "0">:$alignment,
    UnitAttr:$constant,
    DefaultValuedAttr<CudaTile_SymbolVisibilityAttr,
                      "::mlir::cuda_tile::SymbolVisibility::Public">
        :$symbol_visibility
  );
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;

  let extraClassDeclaration = [{
    /// The type of the initial value: a rank-1 tile.
    TileType getValueType() {
      return ::llvm::cast<TileType>(getValue().getType());
    }
  }];
}

//===----------------------------------------------------------------------===//
// GetGlobalOp
//===----------------------------------------------------------------------===//

def CudaTile_GetGlobalOp : CudaTile_Op<"get_global", [
    Pure, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "pointer to a module global";
  let description = [{
    Returns a rank-0 tile holding a pointer to the first element of the
    global `name`. The pointee type is the global's element type.

    ```mlir
    %p = get_global @val : tile<ptr<f32>>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$name);
  let results = (outs CudaTile_ScalarPointerTile:$result);
  let assemblyFormat = [{
    $name attr-dict `:` custom<CudaTileType>(type($result))
  }];
}

#endif // TILEIR_DIALECT_CUDATILE_IR_STRUCTUREOPS_TD
