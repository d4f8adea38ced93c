//===- Passes.td - tilegpu transformation passes -----------*- tablegen -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TILEGPU_TRANSFORMS_PASSES_TD
#define TILEIR_DIALECT_TILEGPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileIRUnswitchMasksPass
    : Pass<"tileir-unswitch-masks", "::mlir::cuda_tile::ModuleOp"> {
  let summary = "Skip a loop's element masks when every element passes";
  let description = [{
    A `select` of at least 1024 elements inside a loop, whose condition is
    built from signed (or provably non-negative) comparisons of bounded
    integer tiles (uniform values, `iota`, sums, differences and products
    by non-negative constants of them, combined with `andi` and `ori`),
    becomes an `if` on a scalar test that holds only when every element of
    the condition is true: the `then` branch yields the selected value, the
    `else` branch keeps the select and the condition's computation. Bounds
    are computed in i64, and the test also requires that none of the
    element computations wrapped. Runs before layouts are assigned. An
    entry where a select was rewritten gets `tilegpu.unswitched_masks`.
  }];
  let options = [
    ListOption<"keepKernels", "keep", "std::string",
               "Entries whose selects stay (the driver's re-plan after "
               "ptxas spilled in them)">,
  ];
  let dependentDialects = ["::mlir::tilegpu::TileGPUDialect"];
}

def TileIRWidenMmaOperandsPass
    : Pass<"tileir-widen-mma-operands", "::mlir::cuda_tile::ModuleOp"> {
  let summary = "Multiply 8-bit floats as f16 where mma.sync has no 8-bit form";
  let description = [{
    On targets without an 8-bit float mma.sync (sm_80, sm_86), an `mmaf` of
    e4m3 or e5m2 operands with an f32 accumulator becomes an `mmaf` of the
    operands converted to f16 (`ftof`, exact), without `fast_acc`. Runs
    before layouts are assigned, so that the operands take the f16
    product's fragment layouts and staging. Elsewhere an entry with such
    products gets `tilegpu.fp8_products`, unless it is named in
    `widen-kernels` (the driver's re-plan after ptxas spilled in it), which
    is widened as on sm_80.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"sm_90\"",
           "GPU the kernels are compiled for">,
    Option<"force", "force", "bool", /*default=*/"false",
           "Widen on every target (to run this form on a GPU that has 8-bit "
           "mma.sync)">,
    ListOption<"widenKernels", "widen-kernels", "std::string",
               "Entries widened on every target">,
  ];
  let dependentDialects = ["::mlir::tilegpu::TileGPUDialect"];
}

def TileIRAssignLayoutsPass
    : Pass<"tileir-assign-layouts", "::mlir::cuda_tile::ModuleOp"> {
  let summary = "Distribute every tile over the threads of a CTA";
  let description = [{
    Chooses the number of warps of each kernel (from its tile shapes and the
    `num_worker_warps_per_cta` hint) and gives every tile value of rank >= 1
    a `#tilegpu.layout` encoding. Matrix products on tensor cores anchor
    their results in the accumulator layout of the target's instruction
    (wgmma on sm_90, mma.sync elsewhere); element-wise ops, reductions,
    reshapes, broadcasts, loop-carried values and `if` results propagate
    it; everything else takes the coalesced blocked layout loads and stores
    want. Where an operand's layout differs from what its user needs, a
    `tilegpu.convert_layout` is inserted (splat constants are re-created in
    the needed layout). Rank-0 tiles keep no encoding: every thread holds
    their value.

    Before:
    ```mlir
    %t = load_view_tko weak %pv[%i] : ... -> tile<128xf32>, token
    ```
    After:
    ```mlir
    %t = load_view_tko weak %pv[%i] : ... -> tile<128xf32, #tilegpu.layout<...>>, token
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"sm_90\"",
           "GPU the kernels are compiled for (sm_80 ... sm_120)">,
    Option<"numWarps", "num-warps", "unsigned", /*default=*/"0",
           "Warps per CTA; 0 chooses from the tile shapes and hints">,
    Option<"tensorCores", "tensor-core-layouts", "bool", /*default=*/"true",
           "Anchor matrix products in their tensor-core accumulator "
           "layouts and propagate them (false: every tile blocked)">,
    Option<"disableWgmma", "disable-wgmma", "bool", /*default=*/"false",
           "Use mma.sync layouts even where the target has wgmma">,
    Option<"swapProducts", "swap-products", "bool", /*default=*/"true",
           "Compute 8-bit wgmma products whose B is N-contiguous as B^T A^T "
           "(getSwappedWgmmaLayout)">,
    Option<"coalesceStores", "coalesce-stores", "bool", /*default=*/"true",
           "Convert a tile stored through a view to the blocked layout "
           "first, so that each warp writes whole lines (only in kernels "
           "whose products are all wgmma products and that reduce "
           "nothing)">,
    ListOption<"keepStoreKernels", "keep-stores", "std::string",
               "Kernels whose stored tiles stay in their own layout (the "
               "driver's re-plan after ptxas spilled with the conversion)">,
    ListOption<"warpOverrides", "num-warps-override", "std::string",
               "`kernel=N`: give that kernel N warps instead of the rule's "
               "choice (the driver's re-plan after ptxas spilled)">,
  ];
  let dependentDialects = ["::mlir::tilegpu::TileGPUDialect"];
}

def TileIRStageOperandsPass
    : Pass<"tileir-stage-operands", "::mlir::cuda_tile::ModuleOp"> {
  let summary = "Move the operands of tensor-core products into shared memory";
  let description = [{
    For each `mmaf`/`mmai` whose accumulator has a tensor-core layout
    (tileir-assign-layouts), stores A and B into `tilegpu.alloc_shared`
    buffers in the swizzled layout the instructions read without bank
    conflicts (SharedMemoryLayout::getMmaSwizzled, keeping the dim the
    registers hold contiguously). With wgmma the product becomes a
    `tilegpu.warpgroup_dot` of the two buffers; with mma.sync each operand
    is read back by `tilegpu.local_load` in its fragment layout. Operands
    defined outside the loops around the product are stored before those
    loops.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"sm_90\"",
           "GPU the kernels are compiled for (sm_80 ... sm_120)">,
    Option<"disableWgmma", "disable-wgmma", "bool", /*default=*/"false",
           "Stage operands for mma.sync even where the target has wgmma">,
    Option<"tma", "tma", "bool", /*default=*/"true",
           "Keep the first buffer of a transposition through registers in "
           "an MMA swizzle (which TMA can write) when that costs no more "
           "bank conflicts, in kernels of two or more warpgroups">,
  ];
  let dependentDialects = ["::mlir::tilegpu::TileGPUDialect"];
}

def TileIROverlapProductsPass
    : Pass<"tileir-overlap-products", "::mlir::cuda_tile::ModuleOp"> {
  let summary = "Run a loop's accumulating product one iteration late";
  let description = [{
    In a `for` loop of two warpgroup products where the second accumulates
    into a carried value and consumes what the first produced (attention:
    S = Q K^T, a softmax, O = O * c + P V), the second product of iteration
    j - 1 is issued right behind the first of iteration j, and waited for
    only at the end of the iteration: the tensor cores compute P V while the
    warps compute the softmax. The first iteration's other work becomes a
    prologue and the last product an epilogue, both under the loop's entry
    test; what the second product takes from the iteration is carried. The
    load of its shared operand moves one iteration later and stays a
    function of the induction variable.

    The pass runs twice around tileir-pipeline-loops. With `rotate=false`
    it only marks the loops that qualify (`tilegpu.overlap_products`), and
    the pipeliner then keeps each stage unwritten through the iteration
    after the one that reads it (copies one stage less ahead), since the
    late product reads the previous iteration's stage. With `rotate=true`
    it rewrites the marked loops, pipelined or not: the prologue waits for
    the first stage like any iteration, the epilogue reads the last one, and
    no load leaves the pipeline. Loops that write global memory, leave early, or
    would hold more registers than fit are left alone, with a remark
    (category `tensorcore`).
  }];
  let options = [
    Option<"rotate", "rotate", "bool", /*default=*/"true",
           "Rewrite the loops marked before; false: only mark the loops "
           "that qualify">,
  ];
  let dependentDialects = ["::mlir::tilegpu::TileGPUDialect"];
}

def TileIRPipelineLoopsPass
    : Pass<"tileir-pipeline-loops", "::mlir::cuda_tile::ModuleOp"> {
  let summary = "Issue the loads that feed shared memory stages ahead";
  let description = [{
    In each `for` loop, a weak `load_view_tko` whose tile is only stored
    into a shared buffer of the body (tileir-stage-operands) becomes a
    `tilegpu.async_copy` into a multi-stage buffer, issued S - 1
    iterations ahead (a prologue fills the first S - 1 stages; the body
    waits for its stage, issues the copy S - 1 iterations ahead, and reads
    its stage). S is the target's default (3 before sm_90, 4 from it) or
    the loads' `latency` hint plus one, reduced to what shared memory holds;
    fewer than 2 stages leave the loop alone. Only loops that write no
    global memory, with loads whose indices are pure functions of the
    induction variable and whose views pad with zero, are rewritten.
    Remarks (category `memory`) say what was pipelined and why not.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"sm_90\"",
           "GPU the kernels are compiled for (sm_80 ... sm_120)">,
    Option<"stages", "stages", "unsigned", /*default=*/"0",
           "Stages to ask for instead of the default (0: the default); "
           "shared memory still caps them">,
    Option<"warpSpecialize", "warp-specialize", "bool", /*default=*/"true",
           "Let producer warps issue the copies of a wgmma loop at the "
           "kernel's top level, handing stages over through mbarriers">,
    Option<"producerWarps", "producer-warps", "unsigned", /*default=*/"4",
           "Producer warps of a cp.async warp-specialized kernel (4 or 8)">,
    Option<"groupedRaster", "grouped-raster", "bool", /*default=*/"true",
           "Run the tile blocks of a kernel without atomics whose pipelined "
           "top-level loop is one product of two copied operands (a GEMM) "
           "in groups along x, for L2 reuse between them">,
    Option<"rasterGroup", "raster-group", "unsigned", /*default=*/"8",
           "x ids per group of the grouped raster: 8 M tiles of a GEMM walk "
           "the N tiles together, about as many CTAs as an H200 runs at "
           "once sharing 8 A panels and some 16 B panels in L2">,
    Option<"tma", "tma", "bool", /*default=*/"true",
           "Let one producer thread copy with TMA, through tensor maps the "
           "kernel builds, where every copy of the loop allows it">,
    Option<"ctas", "ctas", "unsigned", /*default=*/"0",
           "CTAs per SM to plan shared memory for where no occupancy hint "
           "asks (0: the planner's rule)">,
    Option<"emptyBarriers", "empty-barriers", "bool", /*default=*/"true",
           "Let an unspecialized TMA loop whose products complete in their "
           "iteration release stages on mbarriers instead of a CTA barrier "
           "before each refill">,
    Option<"prefetchOperands", "prefetch-operands", "bool",
           /*default=*/"true",
           "Build an asynchronous product's register operand while the "
           "product before it runs, the loop unrolled by two so that the "
           "two copies of its body hold their operands in different "
           "registers">,
    Option<"stagingStages", "staging-stages", "unsigned", /*default=*/"3",
           "Stages of an asynchronous product's staging buffers: 3 (where "
           "they cost the loop no stage of its copies) rotate so that no "
           "barrier orders a store after the reads of earlier iterations; "
           "2 alternate and need that barrier">,
    Option<"tensorMapsInShared", "tensormaps-in-shared", "bool",
           /*default=*/"true",
           "Build tensor maps in the first bytes of their stage buffers and "
           "copy them to the slot, the maps of a slot sharing one fence "
           "(false: each is built in place in global memory)">,
    Option<"producerReleasesMaps", "producer-releases-maps", "bool",
           /*default=*/"false",
           "In a warp-specialized TMA loop the producer thread frees the "
           "tensor-map slot once the last copy of every stage has landed "
           "(by default the compute warps free it after their loop)">,
    Option<"tmaOneWarpgroup", "tma-one-warpgroup", "bool",
           /*default=*/"false",
           "Let an unspecialized loop of one compute warpgroup copy with "
           "TMA from its first thread too (by default it copies with "
           "cp.async from every warp)">,
    Option<"hoistStaging", "hoist-staging", "bool", /*default=*/"false",
           "In a loop unrolled by two with staging buffers in rotation, "
           "stage the second copy's operand before the wait that ends the "
           "first copy (2-3% slower on an H100, so off)">,
  ];
  let dependentDialects = ["::mlir::tilegpu::TileGPUDialect"];
}

def TileIRPlanSharedMemoryPass
    : Pass<"tileir-plan-shared-memory", "::mlir::cuda_tile::ModuleOp"> {
  let summary = "Size each kernel's shared-memory arena";
  let description = [{
    Every operation that stages data through shared memory (layout
    conversions, cross-warp reductions and scans, MMA operand staging) uses
    it only while it runs, so one arena sized to the largest need serves the
    kernel. The size is recorded as `tilegpu.shared_bytes` on the entry.
  }];
  let dependentDialects = ["::mlir::tilegpu::TileGPUDialect"];
}

def TileIRInsertBarriersPass
    : Pass<"tileir-insert-barriers", "::mlir::cuda_tile::ModuleOp"> {
  let summary = "Place CTA barriers where threads would race on shared memory";
  let description = [{
    Runs after tileir-plan-shared-memory. Walks each kernel in program
    order, keeping the shared-memory accesses made since the last barrier
    (buffer stores and loads, tensor-core reads, asynchronous copies once
    waited for, ops' scratch), and inserts a `tilegpu.barrier` before an
    access that overlaps a pending one where either writes, and before a
    `warpgroup_dot` that reads pending generic writes (with the
    generic-to-async proxy fence when the writes it orders are read by
    wgmma). Loops are analysed to a fixpoint with their previous iteration;
    `if` joins its branches.
  }];
  let dependentDialects = ["::mlir::tilegpu::TileGPUDialect"];
}

def TileIRPairRowTilesPass
    : Pass<"tileir-pair-row-tiles", "::mlir::cuda_tile::ModuleOp"> {
  let summary = "Compute two tile blocks' 64-row tiles as one of 128 rows";
  let description = [{
    On targets with wgmma, a kernel with one product whose block x id is
    used only as the row index of 2-D partition views with 64-row tiles
    (loads of the product's A, stores of at least 128 columns), along one
    chain of row values (the loaded tiles, the product's A and accumulator,
    element-wise ops whose other operands are splat constants or one row
    broadcast, values a top-level `for` carries, the stored tiles), and
    with no other side effect, is rewritten to compute 128 rows: every row
    value and view tile doubles, and the stored tensor is cut at the rows
    of tile block 2p when block 2p + 1 was not launched. The kernel gets
    `tilegpu.paired_rows`, whose lowering makes CTAs of odd x ids leave at
    once and gives the others x id / 2. With `columns` the same is done
    along y for 128x128 tiles whose y id picks columns (the product's B
    and the stored tiles; A shared): 256-column tiles, the kernel marked
    `tilegpu.paired_columns`. Kernels with warp, occupancy or
    cluster hints are left alone. Remarks (category `tensorcore`, name
    `PairRowTiles`) say which kernels were paired, or why a kernel with one
    product was not.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"sm_90\"",
           "GPU the kernels are compiled for (sm_80 ... sm_120)">,
    Option<"rows", "rows", "bool", /*default=*/"true",
           "Pair 64-row tiles along x into 128-row ones">,
    Option<"columns", "columns", "bool", /*default=*/"false",
           "Pair 128x128 tiles along y into 128x256 ones (after the rows)">,
    Option<"tf32", "tf32", "bool", /*default=*/"false",
           "Pair the columns of tf32 products too (f32 tiles converted "
           "before the product; not yet timed on a GPU)">,
  ];
  let dependentDialects = ["::mlir::tilegpu::TileGPUDialect"];
}

def TileIRSplitRowsPass
    : Pass<"tileir-split-rows", "::mlir::cuda_tile::ModuleOp"> {
  let summary = "Compute a loop's 128 rows of chained products as two halves";
  let description = [{
    On targets with wgmma, in a kernel that the warp rule puts on one
    warpgroup, a `for` loop whose products form a chain (one product's A
    depends on another's result, as in attention) over 128 rows, and whose
    row values are only computed element-wise, reduced along other dims,
    reshaped or broadcast with the rows in front, or used as a product's A
    or accumulator, is rewritten to compute each row value as two halves of
    64 rows: ops cloned per half, row operands defined before the loop
    extracted there, broadcasts of one row and splat constants in the body
    rebuilt at 64 rows, carried values doubled and the loop's results
    joined with `cat`. tileir-async-products then overlaps one half's
    products with the other's element-wise work. Remarks (category
    `tensorcore`, name `SplitRows`) say which loops were split, or why a
    loop with a chain of products was not.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"sm_90\"",
           "GPU the kernels are compiled for (sm_80 ... sm_120)">,
    ListOption<"skipKernels", "skip-kernels", "std::string",
               "Kernels left as they are (their warps are overridden)">,
  ];
  let dependentDialects = ["::mlir::tilegpu::TileGPUDialect"];
}

def TileIRAsyncProductsPass
    : Pass<"tileir-async-products", "::mlir::cuda_tile::ModuleOp"> {
  let summary = "Keep independent warpgroup products in flight together";
  let description = [{
    Runs after tileir-insert-barriers. In each block with two or more
    synchronous `warpgroup_dot`s (and no asynchronous product or wait), the
    register-only ops that depend on a product move down to just before
    their first user, and a product that another product is issued after
    before its result is needed becomes asynchronous, waited for
    (`warpgroup_dot_wait`, with the products issued since left pending)
    right before the first op that reads its result, touches shared
    memory, synchronizes or ends the block. Nothing but register
    arithmetic runs while a product is in flight, so the barriers placed
    for synchronous products still hold.
  }];
  let dependentDialects = ["::mlir::tilegpu::TileGPUDialect"];
}

def TileIRPlanResourcesPass
    : Pass<"tileir-plan-resources", "::mlir::cuda_tile::ModuleOp"> {
  let summary = "Choose each kernel's register cap, CTAs per SM and cluster";
  let description = [{
    Reads each entry's warps (`tilegpu.num_warps`), shared-memory arena
    (`tilegpu.shared_bytes`) and its `occupancy` and `num_cta_in_cga` hints
    (the target's key, then `default`), and checks them against the
    target's resource model (include/tileir/Target/ResourceModel.h). The
    decision is recorded on the entry:
    - `tilegpu.max_registers`: the register cap that lets `occupancy` CTAs
      reside on one SM (becomes `.maxnreg`);
    - `tilegpu.min_ctas_per_sm`: the occupancy planned (`.minnctapersm`);
    - `tilegpu.cluster_dims`: the CTAs of one cluster (`.reqnctapercluster`).
    A request that cannot be met is reduced, with a warning and a remark
    that give what was asked, what was achieved and why. Only a CTA that
    cannot fit on an SM at all is an error. Invalid hint values are
    warnings.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"sm_90\"",
           "GPU the kernels are compiled for (sm_80 ... sm_120)">,
    ListOption<"occupancyOverrides", "occupancy-override", "std::string",
               "`kernel=N`: plan N CTAs per SM for that kernel instead of "
               "its hint (the driver's re-plan after ptxas)">,
  ];
  let dependentDialects = ["::mlir::tilegpu::TileGPUDialect"];
}

#endif // TILEIR_DIALECT_TILEGPU_TRANSFORMS_PASSES_TD
