//===- ControlFlowOps.td - cuda_tile control flow ops ------*- tablegen -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Structured control flow (if, for, loop, yield, continue, break) and
// assert/print.
//
// Include CudaTileOpBase.td only (never another group file): the op
// definitions of this group are generated from this file alone.
//
// Terminators and where they may appear:
//   yield     ends a block of `if`, `reduce` or `scan`, passing values to it.
//   continue  ends an iteration of the innermost enclosing `for` or `loop`.
//   break     leaves the innermost enclosing `loop`.
//   return    (StructureOps.td) ends the kernel.
// `continue` and `break` may also end a block of an `if` nested (through
// `if`s only) in the loop they act on. They then leave the `if` as well, so
// an `if` region ends in any of the four, and only `yield` returns to the
// `if` itself. Values carried by regions (loop-carried values, `if`
// results) must match types exactly, encodings included.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_CONTROLFLOWOPS_TD
#define TILEIR_DIALECT_CUDATILE_IR_CONTROLFLOWOPS_TD

include "tileir/Dialect/CudaTile/IR/CudaTileOpBase.td"

//===----------------------------------------------------------------------===//
// IfOp
//===----------------------------------------------------------------------===//

def CudaTile_IfOp : CudaTile_Op<"if", [
    NoRegionArguments, RecursiveMemoryEffects, OpAsmOpInterface,
    DeclareOpInterfaceMethods<RegionBranchOpInterface>]> {
  let summary = "run one of two regions depending on a condition";
  let description = [{
    Runs `thenRegion` if `condition` is true and `elseRegion` otherwise
    (nothing, when there is no else region). Results are produced by the
    `yield` that ends the branch taken; an `if` with results needs an else
    region. A branch may instead end in `continue` or `break` of an
    enclosing loop, or in `return`, and then does not come back to the
    `if`. A branch without a terminator ends in an implicit `yield`, which
    is not printed. Results cannot be views or tensor_views.

    ```mlir
    if %c {
      ...
    }
    %x, %y = if %c -> (tile<f32>, tile<i32>) {
      yield %a, %b : tile<f32>, tile<i32>
    } else {
      yield %d, %e : tile<f32>, tile<i32>
    }
    ```
  }];
  let arguments = (ins CudaTile_ScalarI1Tile:$condition);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$thenRegion,
                        MaxSizedRegion<1>:$elseRegion);
  let assemblyFormat = [{
    $condition (`->` `(` custom<CudaTileType>(type($results))^ `)`)?
    custom<IfRegion>($thenRegion) (`else` custom<IfRegion>($elseRegion)^)?
    attr-dict
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;

  let skipDefaultBuilders = 1;
  let builders = [
    /// Builds an `if` with a then region and, on request, an else region.
    /// Without results the blocks end in an empty `yield`; with results the
    /// caller adds the terminators.
    OpBuilder<(ins "::mlir::TypeRange":$resultTypes, "::mlir::Value":$condition,
                   CArg<"bool", "false">:$withElseRegion)>
  ];

  let extraClassDeclaration = CudaTile_DefaultDialectDecl.classDecl # [{
    /// The block of the then region.
    ::mlir::Block *getThenBlock() { return &getThenRegion().front(); }

    /// The block of the else region, or null without one.
    ::mlir::Block *getElseBlock() {
      return getElseRegion().empty() ? nullptr : &getElseRegion().front();
    }
  }];
}

//===----------------------------------------------------------------------===//
// ForOp
//===----------------------------------------------------------------------===//

def CudaTile_ForOp : CudaTile_Op<"for", [
    AutomaticAllocationScope, RecursiveMemoryEffects, OpAsmOpInterface,
    SingleBlockImplicitTerminator<"ContinueOp">,
    DeclareOpInterfaceMethods<RegionBranchOpInterface,
                              ["getEntrySuccessorOperands"]>,
    DeclareOpInterfaceMethods<LoopLikeOpInterface, [
        "getLoopInductionVars", "getLoopLowerBounds", "getLoopUpperBounds",
        "getLoopSteps", "getInitsMutable", "getRegionIterArgs",
        "getYieldedValuesMutable", "getLoopResults"]>]> {
  let summary = "counted loop over an integer range";
  let description = [{
    Runs the body once for each value of the induction variable in
    `[lowerBound, upperBound)`, starting at `lowerBound` and increasing by
    `step`, which is positive. The bounds and the step are rank-0 integer
    tiles of one type, read as signed; the loop ends when the induction
    variable is no longer less than `upperBound`, compared as signed unless
    `unsigned` is given (the `unsignedCmp` attribute, from 13.2).

    The body takes the induction variable and the loop-carried values,
    which start as `initValues`. It ends in a `continue` passing the next
    iteration's values (an implicit operand-less `continue` is not printed);
    a `continue` inside `if`s in the body does the same. The results are the
    values after the last iteration, the initial values if there is none.
    Loop-carried values cannot be views or tensor_views; a `for` cannot be
    left early.

    ```mlir
    for %iv in (%lb to %ub, step %s) : tile<i32> {
      ...
    }
    %sum = for unsigned %iv in (%lb to %ub, step %s) : tile<i32>
        iter_values(%acc = %zero) -> (tile<f32>) {
      %next = addf %acc, %one : tile<f32>
      continue %next : tile<f32>
    }
    ```
  }];
  let arguments = (ins CudaTile_ScalarIntTile:$lowerBound,
                       CudaTile_ScalarIntTile:$upperBound,
                       CudaTile_ScalarIntTile:$step,
                       Variadic<AnyType>:$initValues,
                       UnitAttr:$unsignedCmp);
  let results = (outs Variadic<AnyType>:$resultValues);
  let regions = (region SizedRegion<1>:$region);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;

  let builders = [
    /// Builds a loop whose body takes the induction variable and one
    /// argument per initial value. Without initial values the body ends in
    /// an empty `continue`; otherwise the caller adds the terminator.
    OpBuilder<(ins "::mlir::Value":$lowerBound, "::mlir::Value":$upperBound,
                   "::mlir::Value":$step,
                   CArg<"::mlir::ValueRange", "{}">:$initValues,
                   CArg<"bool", "false">:$unsignedCmp)>
  ];

  // getBody() comes from SingleBlockImplicitTerminator.
  let extraClassDeclaration = CudaTile_DefaultDialectDecl.classDecl # [{
    /// The induction variable, the first argument of the body.
    ::mlir::BlockArgument getInductionVar() { return getBody()->getArgument(0); }

    /// The loop-carried values inside the body.
    ::mlir::Block::BlockArgListType getRegionIterValues() {
      return getBody()->getArguments().drop_front();
    }
  }];
}

//===----------------------------------------------------------------------===//
// LoopOp
//===----------------------------------------------------------------------===//

def CudaTile_LoopOp : CudaTile_Op<"loop", [
    AutomaticAllocationScope, RecursiveMemoryEffects, OpAsmOpInterface,
    DeclareOpInterfaceMethods<RegionBranchOpInterface,
                              ["getEntrySuccessorOperands"]>,
    DeclareOpInterfaceMethods<LoopLikeOpInterface, [
        "getInitsMutable", "getRegionIterArgs"]>]> {
  let summary = "loop until a break";
  let description = [{
    Runs the body repeatedly until a `break` is executed. The body takes
    the loop-carried values, which start as `initValues`. Every path
    through the body ends in a `continue`, which starts the next iteration
    with new loop-carried values, or a `break`, which ends the loop with the
    values of the results; both may also sit in `if`s in the body. Results
    and loop-carried values may differ in number and type. An implicit
    operand-less `continue` ends a body without a terminator and is not
    printed. Loop-carried values cannot be views or tensor_views.

    ```mlir
    loop {
      if %done {
        break
      }
      continue
    }
    %r = loop iter_values(%i = %zero) : tile<i32> -> tile<f32> {
      ...
      if %c {
        continue %next : tile<i32>
      }
      break %final : tile<f32>
    }
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$initValues);
  let results = (outs Variadic<AnyType>:$resultValues);
  let regions = (region SizedRegion<1>:$region);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;

  let extraClassDeclaration = CudaTile_DefaultDialectDecl.classDecl # [{
    /// The loop body.
    ::mlir::Block *getBody() { return &getRegion().front(); }

    /// The loop-carried values inside the body.
    ::mlir::Block::BlockArgListType getRegionIterValues() {
      return getBody()->getArguments();
    }
  }];
}

//===----------------------------------------------------------------------===//
// YieldOp
//===----------------------------------------------------------------------===//

def CudaTile_YieldOp : CudaTile_Op<"yield", [
    Pure, ReturnLike, Terminator,
    ParentOneOf<["IfOp", "ReduceOp", "ScanOp"]>]> {
  let summary = "end a block of if, reduce or scan";
  let description = [{
    Passes `operands` to the op whose block it ends: the results of an `if`,
    the new accumulators of a `reduce` or `scan` body. Loops use `continue`
    and `break` instead.

    ```mlir
    yield %a, %b : tile<f32>, tile<i32>
    ```
  }];
  let arguments = (ins Variadic<CudaTile_AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{
    build($_builder, $_state, ::mlir::ValueRange());
  }]>];
  let assemblyFormat = [{
    attr-dict ($operands^ `:` custom<CudaTileType>(type($operands)))?
  }];
}

//===----------------------------------------------------------------------===//
// ContinueOp
//===----------------------------------------------------------------------===//

// `continue` and `break` are deliberately not Pure: nested in an `if`, they
// transfer control out of it, so an `if` holding one must never look free
// of effects (and be erased as dead when it has no results). Without a
// memory-effect interface they count as having unknown effects.
def CudaTile_ContinueOp : CudaTile_Op<"continue", [
    Terminator, ParentOneOf<["ForOp", "IfOp", "LoopOp"]>,
    DeclareOpInterfaceMethods<RegionBranchTerminatorOpInterface>]> {
  let summary = "start the next iteration of the innermost loop";
  let description = [{
    Ends the current iteration of the innermost enclosing `for` or `loop`,
    which it may be nested in through `if`s, and passes `operands` as that
    loop's next loop-carried values (for `for`, also the results after the
    last iteration).

    ```mlir
    continue %next : tile<f32>
    ```
  }];
  let arguments = (ins Variadic<CudaTile_AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{
    build($_builder, $_state, ::mlir::ValueRange());
  }]>];
  let assemblyFormat = [{
    attr-dict ($operands^ `:` custom<CudaTileType>(type($operands)))?
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// BreakOp
//===----------------------------------------------------------------------===//

def CudaTile_BreakOp : CudaTile_Op<"break", [
    Terminator, ParentOneOf<["IfOp", "LoopOp"]>,
    DeclareOpInterfaceMethods<RegionBranchTerminatorOpInterface>]> {
  let summary = "leave the innermost loop";
  let description = [{
    Ends the innermost enclosing `loop`, which it may be nested in through
    `if`s; `operands` become the loop's results. A `for` cannot be left with
    `break`.

    ```mlir
    break %final : tile<f32>
    ```
  }];
  let arguments = (ins Variadic<CudaTile_AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{
    build($_builder, $_state, ::mlir::ValueRange());
  }]>];
  let assemblyFormat = [{
    attr-dict ($operands^ `:` custom<CudaTileType>(type($operands)))?
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// AssertOp
//===----------------------------------------------------------------------===//

def CudaTile_AssertOp : CudaTile_Op<"assert", [MemoryEffects<[MemWrite]>]> {
  let summary = "report elements of a condition that are false";
  let description = [{
    For every element of `condition` that is false, prints `message` and
    the element's index, and signals an error to the host. Execution may
    continue. Meant for debugging.

    ```mlir
    assert %ok, "index out of range" : tile<4xi1>
    ```
  }];
  let arguments = (ins CudaTile_I1Tile:$condition, StrAttr:$message);
  let assemblyFormat = [{
    $condition `,` $message attr-dict `:` custom<CudaTileType>(type($condition))
  }];
}

//===----------------------------------------------------------------------===//
// PrintTkoOp
//===----------------------------------------------------------------------===//

def CudaTile_PrintTkoOp : CudaTile_Op<"print_tko", [
    AttrSizedOperandSegments, MemoryEffects<[MemWrite]>]> {
  let summary = "printf-style print of tiles, token-ordered";
  let description = [{
    Prints the printf-style format string `str`, with one `%` conversion per
    element of `args` (`%%` prints a percent sign). Prints are ordered only
    through tokens: the result token is ready when the print is done, and
    `token` makes the print wait for another op. Output of concurrent prints
    may interleave. Meant for debugging.

    In 13.1 bytecode the op is `print` without token operand and result; the
    reader gives it a result token nothing uses, and the writer drops an
    unused one.

    ```mlir
    print_tko "x = %f\n", %x : tile<4xf32> -> token
    %t = print_tko "done" -> token
    print_tko "%d", %i token = %t : tile<i32> -> token
    ```
  }];
  let arguments = (ins StrAttr:$str,
                       Variadic<CudaTile_AnyTile>:$args,
                       Optional<CudaTile_Token>:$token);
  let results = (outs CudaTile_Token:$result_token);
  let assemblyFormat = [{
    $str (`,` $args^)? (`token` `=` $token^)? attr-dict
    (`:` custom<CudaTileType>(type($args))^)? `->`
    custom<CudaTileType>(type($result_token))
  }];
  let hasVerifier = 1;
}

#endif // TILEIR_DIALECT_CUDATILE_IR_CONTROLFLOWOPS_TD
