//===- TileGPUOps.td - tilegpu operations ------------------*- tablegen -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TILEGPU_IR_TILEGPUOPS_TD
#define TILEIR_DIALECT_TILEGPU_IR_TILEGPUOPS_TD

include "mlir/Interfaces/SideEffectInterfaces.td"
include "tileir/Dialect/TileGPU/IR/TileGPUBase.td"
include "tileir/Dialect/TileGPU/IR/TileGPUAttrs.td"
include "tileir/Dialect/TileGPU/IR/TileGPUTypes.td"
include "tileir/Dialect/CudaTile/IR/CudaTileTypes.td"

def TileGPU_ConvertLayoutOp : TileGPU_Op<"convert_layout", [Pure]> {
  let summary = "redistribute a tile over the threads of a CTA";
  let description = [{
    Returns the same tile with another layout. It lowers to nothing, to
    register moves, to warp shuffles or to a round trip through shared
    memory, whichever the two layouts allow.

    ```mlir
    %b = tilegpu.convert_layout %a : tile<64x64xf32, #blocked> -> tile<64x64xf32, #mma>
    ```
  }];
  let arguments = (ins CudaTile_AnyTile:$source);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` qualified(type($source)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

def TileGPU_AllocSharedOp : TileGPU_Op<"alloc_shared",
    [MemoryEffects<[MemAlloc]>]> {
  let summary = "a shared-memory buffer";
  let description = [{
    A buffer of the CTA's shared memory, uninitialized. It lives from here
    to its last use; `tileir-plan-shared-memory` gives it a byte `offset` in
    the kernel's shared memory, reusing the space of buffers whose lives do
    not overlap.

    ```mlir
    %a = tilegpu.alloc_shared : !tilegpu.smem<128x64xbf16, #shared, stages = 4>
    ```
  }];
  let arguments = (ins OptionalAttr<I64Attr>:$offset);
  let results = (outs TileGPU_SMemType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

def TileGPU_SubviewOp : TileGPU_Op<"subview", [Pure]> {
  let summary = "one stage of a multi-stage buffer";
  let description = [{
    The tile at stage `index` (rank-0 integer, in [0, stages)) of `buffer`.

    ```mlir
    %s = tilegpu.subview %buf[%i] : !tilegpu.smem<..., stages = 4>, tile<i32>
           -> !tilegpu.smem<...>
    ```
  }];
  let arguments = (ins TileGPU_SMemType:$buffer, CudaTile_ScalarIntTile:$index);
  let results = (outs TileGPU_SMemType:$result);
  let assemblyFormat = [{
    $buffer `[` $index `]` attr-dict `:` qualified(type($buffer)) `,`
      qualified(type($index)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TileGPU_PermuteSharedOp : TileGPU_Op<"permute_shared", [Pure]> {
  let summary = "view a shared tile with its dimensions permuted";
  let description = [{
    The same bytes seen as the tile whose dim i is dim `permutation[i]` of
    `buffer`: no data moves. A transposed operand (attention's K^T) is
    stored as loaded and read through this view.
  }];
  let arguments = (ins TileGPU_SMemType:$buffer, DenseI32ArrayAttr:$permutation);
  let results = (outs TileGPU_SMemType:$result);
  let assemblyFormat = [{
    $buffer $permutation attr-dict `:` qualified(type($buffer)) `->`
      qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TileGPU_LocalStoreOp : TileGPU_Op<"local_store"> {
  let summary = "write a tile from registers into shared memory";
  let description = [{
    Every thread stores the elements it holds (one copy of each) at the
    offsets the buffer's layout gives them. Ordinary (generic-proxy)
    stores: other threads, and the tensor cores, see them only after the
    barrier (and proxy fence) that `tileir-insert-barriers` places.
  }];
  let arguments = (ins CudaTile_AnyTile:$value,
                       Arg<TileGPU_SMemType, "", [MemWrite]>:$buffer);
  let assemblyFormat = [{
    $value `,` $buffer attr-dict `:` qualified(type($value)) `,`
      qualified(type($buffer))
  }];
  let hasVerifier = 1;
}

def TileGPU_LocalLoadOp : TileGPU_Op<"local_load"> {
  let summary = "read a tile from shared memory into registers";
  let description = [{
    Every thread loads the elements its layout gives it: ldmatrix when the
    result is an mma.sync fragment of 16-bit elements, otherwise vector
    loads as wide as the buffer's layout keeps elements together.
  }];
  let arguments = (ins Arg<TileGPU_SMemType, "", [MemRead]>:$buffer);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $buffer attr-dict `:` qualified(type($buffer)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Asynchronous copies
//===----------------------------------------------------------------------===//

def TileGPU_AsyncCopyOp : TileGPU_Op<"async_copy",
    [AttrSizedOperandSegments]> {
  let summary = "copy one tile of a view into shared memory asynchronously";
  let description = [{
    Starts copying the tile at `index` of `view` into `buffer`, with the
    semantics of `load_view_tko weak`: elements out of bounds (or every
    element, when `predicate` is false) read as zero. The copy completes
    for the issuing thread at the `async_wait` that retires its group
    (`async_commit`); other threads see it after a barrier. Lowered to
    `cp.async` with zero fill (16-byte chunks where alignment is proven or
    checked, else ordinary loads and stores).

    ```mlir
    tilegpu.async_copy %pv[%i, %k], %stage if %p : tile<i1>
        : partition_view<...>[tile<i32>, tile<i32>], !tilegpu.smem<...>
    ```
  }];
  let arguments = (ins CudaTile_TileView:$view,
                       Variadic<CudaTile_IntTile>:$index,
                       Arg<TileGPU_SMemType, "", [MemWrite]>:$buffer,
                       Optional<CudaTile_ScalarIntTile>:$predicate);
  let assemblyFormat = [{
    $view `[` $index `]` `,` $buffer
      (`if` $predicate^ `:` qualified(type($predicate)))? attr-dict `:`
      qualified(type($view)) `[` qualified(type($index)) `]` `,`
      qualified(type($buffer))
  }];
  let hasVerifier = 1;
}

def TileGPU_AsyncCommitOp : TileGPU_Op<"async_commit",
    [MemoryEffects<[MemWrite]>]> {
  let summary = "close the group of asynchronous copies issued so far";
  let assemblyFormat = "attr-dict";
}

def TileGPU_AsyncWaitOp : TileGPU_Op<"async_wait",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "wait until at most `pending` copy groups are in flight";
  let arguments = (ins I32Attr:$pending);
  let assemblyFormat = "$pending attr-dict";
}

//===----------------------------------------------------------------------===//
// Synchronization
//===----------------------------------------------------------------------===//

def TileGPU_BarrierOp : TileGPU_Op<"barrier",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "CTA barrier, optionally after a generic-to-async proxy fence";
  let description = [{
    `bar.sync` over the whole CTA. With `async_proxy`, each thread first
    orders its shared-memory writes before later reads by the async proxy
    (`fence.proxy.async.shared::cta`), which wgmma and tcgen05 read
    through.
  }];
  let arguments = (ins UnitAttr:$async_proxy);
  let assemblyFormat = "(`async_proxy` $async_proxy^)? attr-dict";
}

//===----------------------------------------------------------------------===//
// Warp specialization
//===----------------------------------------------------------------------===//

def TileGPU_IsProducerWarpOp : TileGPU_Op<"is_producer_warp",
    [MemoryEffects<[MemRead]>]> {
  let summary = "whether the executing thread is one of the producer warps";
  let description = [{
    True in the kernel's `tilegpu.producer_warps` warps, which follow its
    `tilegpu.num_warps` compute warps and only copy operands in. Unlike any
    other rank-0 tile the value differs between threads, so it may only
    decide the `if` (marked `tilegpu.producer`) that holds the producers'
    work; the compute warps run everything after it. With `leader`, true
    in the first thread of the first producer warp only (the one thread
    that issues TMA copies).
  }];
  let arguments = (ins UnitAttr:$leader);
  let results = (outs CudaTile_ScalarIntTile:$result);
  let assemblyFormat = [{
    (`leader` $leader^)? attr-dict `:` qualified(type($result))
  }];
}

def TileGPU_ExitOp : TileGPU_Op<"exit", [MemoryEffects<[MemWrite]>]> {
  let summary = "end the executing thread";
  let assemblyFormat = "attr-dict";
}

def TileGPU_MBarrierInitOp : TileGPU_Op<"mbarrier_init",
    [MemoryEffects<[MemWrite]>]> {
  let summary = "initialize a buffer of mbarriers";
  let description = [{
    Element `i` of `barriers` (a single-stage 1-D buffer of i64) becomes an
    mbarrier expecting `counts[i]` arrivals per phase. One thread
    initializes them and the whole CTA (producer warps included) then
    synchronizes, so the op must run before the producers split off.
  }];
  let arguments = (ins Arg<TileGPU_SMemType, "", [MemWrite]>:$barriers,
                       DenseI32ArrayAttr:$counts);
  let assemblyFormat = [{
    $barriers `,` $counts attr-dict `:` qualified(type($barriers))
  }];
  let hasVerifier = 1;
}

def TileGPU_MBarrierWaitOp : TileGPU_Op<"mbarrier_wait",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "wait for a phase of an mbarrier to complete (acquire)";
  let description = [{
    Blocks until the phase of parity `parity` (0 or 1) of mbarrier `index`
    of `barriers` has completed. What the arriving threads wrote before
    arriving, and the copies they attached to it, are then visible. The
    phase before the first counts as complete, so parity 1 on a fresh
    barrier returns at once.
  }];
  let arguments = (ins TileGPU_SMemType:$barriers,
                       CudaTile_ScalarIntTile:$index,
                       CudaTile_ScalarIntTile:$parity);
  let assemblyFormat = [{
    $barriers `[` $index `]` `,` $parity attr-dict `:`
      qualified(type($barriers)) `,` qualified(type($index)) `,`
      qualified(type($parity))
  }];
}

def TileGPU_MBarrierArriveOp : TileGPU_Op<"mbarrier_arrive",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "arrive on an mbarrier (release)";
  let description = [{
    The executing thread arrives on mbarrier `index` of `barriers`,
    releasing what it did before. With `per_warpgroup`, only the first
    thread of each warpgroup arrives: for releasing what the warpgroup's
    collective operations (wgmma, complete after its wait) read, with one
    arrival per warpgroup instead of 128 atomics on one word.
  }];
  let arguments = (ins TileGPU_SMemType:$barriers,
                       CudaTile_ScalarIntTile:$index,
                       UnitAttr:$per_warpgroup);
  let assemblyFormat = [{
    $barriers `[` $index `]` (`per_warpgroup` $per_warpgroup^)? attr-dict `:`
      qualified(type($barriers)) `,` qualified(type($index))
  }];
}

def TileGPU_AsyncCopyArriveOp : TileGPU_Op<"async_copy_arrive",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "arrive on an mbarrier once this thread's copies have landed";
  let description = [{
    `cp.async.mbarrier.arrive.noinc` on mbarrier `index` of `barriers`: the
    arrival happens when every asynchronous copy the thread issued before
    has completed, and counts against the barrier's expected arrivals.
  }];
  let arguments = (ins TileGPU_SMemType:$barriers,
                       CudaTile_ScalarIntTile:$index);
  let assemblyFormat = [{
    $barriers `[` $index `]` attr-dict `:` qualified(type($barriers)) `,`
      qualified(type($index))
  }];
}

def TileGPU_FenceAsyncProxyOp : TileGPU_Op<"fence_async_proxy",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "order shared memory seen by this thread before async-proxy reads";
  let description = [{
    `fence.proxy.async.shared::cta`: shared-memory contents this thread
    observes (its own writes, or others' acquired through an mbarrier) are
    ordered before its later accesses through the async proxy (wgmma).
  }];
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Tensor memory access (TMA) with tensor maps built on the device
//===----------------------------------------------------------------------===//

def TileGPU_TensorMapAcquireOp : TileGPU_Op<"tensormap_acquire",
    [MemoryEffects<[MemWrite]>]> {
  let summary = "claim a slot of the module's tensor-map pool for the CTA";
  let description = [{
    cuTile passes no tensor maps, so a kernel that copies with TMA writes
    its own into global memory: a pool of slots in the module, one slot a
    resident CTA, claimed with an atomic on the pool's bitmap. The first
    thread of the CTA claims a free slot and stores its number in element
    `slot` of `barriers`; the CTA barrier of the `mbarrier_init` that must
    follow publishes it. `tensormap_release` frees the slot.
  }];
  let arguments = (ins Arg<TileGPU_SMemType, "", [MemWrite]>:$barriers,
                       I64Attr:$slot);
  let assemblyFormat = [{
    $barriers `[` $slot `]` attr-dict `:` qualified(type($barriers))
  }];
  let hasVerifier = 1;
}

def TileGPU_TensorMapReleaseOp : TileGPU_Op<"tensormap_release",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "free the CTA's slot of the tensor-map pool";
  let description = [{
    The first thread of the CTA frees the slot whose number is element
    `slot` of `barriers`. It runs after the compute warps' loop: every TMA
    copy through the slot's maps has then completed (its stage was waited
    for), so the next owner may rewrite them. With `this_thread` the
    executing thread frees it instead: the producer thread of a
    warp-specialized loop, once it has waited for the last copy of every
    stage, off the compute warps' way to their epilogue.
  }];
  let arguments = (ins TileGPU_SMemType:$barriers, I64Attr:$slot,
                       UnitAttr:$this_thread);
  let assemblyFormat = [{
    $barriers `[` $slot `]` attr-dict `:` qualified(type($barriers))
  }];
  let hasVerifier = 1;
}

def TileGPU_TensorMapInitOp : TileGPU_Op<"tensormap_init",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "write the tensor map of a view into the CTA's slot";
  let description = [{
    The executing thread (one thread) writes tensor map `map` of the CTA's
    slot (element `slot` of `barriers`): the view's tensor, boxes of the
    tiles `tma_copy` moves into buffers of the type of `buffer`, with that
    buffer's swizzle. With `tilegpu.tensormap_in_shared` it builds the map
    in the first 128 bytes of `buffer` and copies it to the slot, so it
    must then run before any copy into the buffer and after the CTA
    barrier of the `mbarrier_init` that precedes it (no other thread
    touches the buffer in between). It then fences the tensor-map proxy,
    so its own TMA copies see the map; with `tilegpu.tensormap_fence` it
    fences the maps that attribute names instead (several maps of one slot
    share one fence). The view's base and the strides of its outer dims
    must be multiples of 16 bytes and its innermost stride 1 (the pipeliner
    proves it; tileir::planTensorMap gives the box). A view with a dim past
    2^31 - 1 elements or a stride out of a map's range stops the kernel.
    With `tilegpu.leader_only` every thread of the CTA reaches the op and
    only the first writes the map.
  }];
  let arguments = (ins CudaTile_TileView:$view, TileGPU_SMemType:$buffer,
                       TileGPU_SMemType:$barriers, I64Attr:$slot,
                       I32Attr:$map);
  let assemblyFormat = [{
    $view `,` $buffer `,` $barriers `[` $slot `]` `map` $map attr-dict `:`
      qualified(type($view)) `,` qualified(type($buffer)) `,`
      qualified(type($barriers))
  }];
  let hasVerifier = 1;
}

def TileGPU_TmaCopyOp : TileGPU_Op<"tma_copy"> {
  let summary = "copy one tile of a view into shared memory with TMA";
  let description = [{
    The executing thread (one thread) arrives on mbarrier `stage` of
    `barriers` expecting the tile's bytes and starts the TMA copies of the
    tile at `index` of `view` into `buffer` through map `map` of the CTA's
    slot; the barrier's phase completes once they have landed. Elements out
    of bounds read as zero, as `load_view_tko` with zero padding reads
    them. Along an empty dim (its map says 1) every box starts at 1, wholly
    out of bounds, so the buffer is zero and nothing is read. With
    `tilegpu.leader_only` every thread of the CTA reaches the op and only
    the first issues it; that thread has run the view's `tensormap_init`,
    which stops the kernel on a view no map describes, so the copy does not
    check again.
  }];
  let arguments = (ins CudaTile_TileView:$view,
                       Variadic<CudaTile_IntTile>:$index,
                       Arg<TileGPU_SMemType, "", [MemWrite]>:$buffer,
                       TileGPU_SMemType:$barriers,
                       CudaTile_ScalarIntTile:$stage, I64Attr:$slot,
                       I32Attr:$map);
  let assemblyFormat = [{
    $view `[` $index `]` `,` $buffer `,` $barriers `[` $stage `]` `slot`
      $slot `map` $map attr-dict `:` qualified(type($view)) `[`
      qualified(type($index)) `]` `,` qualified(type($buffer)) `,`
      qualified(type($barriers)) `,` qualified(type($stage))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tensor cores
//===----------------------------------------------------------------------===//

def TileGPU_WarpGroupDotOp : TileGPU_Op<"warpgroup_dot"> {
  let summary = "D = A x B + C with wgmma, operands in shared memory";
  let description = [{
    The warpgroup matrix product of sm_90 (`wgmma.mma_async`): `rhs` (K x
    N) and, when it is a buffer, `lhs` (M x K) are read from shared memory
    through matrix descriptors, so their layouts must be wgmma's
    (getMmaSwizzled with a 32-, 64- or 128-byte swizzle); a register `lhs`
    must be in the wgmma A-fragment layout (getWgmmaOperandALayout, the
    accumulator layout of a product of the same rows, so a softmax'ed
    accumulator feeds the next product without moving). `acc` and the
    result are held in the wgmma accumulator layout. 8-bit integer operands
    are signed unless `lhs_unsigned`/`rhs_unsigned`. Each warpgroup computes its rows (or columns)
    of the result; the op waits for its products before it returns, unless
    it is `async`: then the result may only feed the accumulator of the next
    `warpgroup_dot` and `tilegpu.warpgroup_dot_wait`, which says when the
    products (and their reads of shared memory) are done.
  }];
  let arguments = (ins Arg<AnyTypeOf<[TileGPU_SMemType, CudaTile_AnyTile]>,
                           "", [MemRead]>:$lhs,
                       Arg<TileGPU_SMemType, "", [MemRead]>:$rhs,
                       CudaTile_AnyTile:$acc,
                       UnitAttr:$is_async,
                       UnitAttr:$lhs_unsigned,
                       UnitAttr:$rhs_unsigned);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc attr-dict `:` qualified(type($lhs)) `,`
      qualified(type($rhs)) `,` qualified(type($acc)) `->`
      qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TileGPU_WarpGroupDotWaitOp : TileGPU_Op<"warpgroup_dot_wait",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "wait for asynchronous warpgroup products";
  let description = [{
    Waits until at most `pending` groups of asynchronous `warpgroup_dot`s of
    this warpgroup are in flight (`wgmma.wait_group`). The operands are the
    accumulators those products write; the results are the same values,
    safe to read once no product is pending, and tied to the wait so that
    nothing reads them before it.

    ptxas schedules a wait among the independent instructions of its block
    as it sees fit, and may move it above work meant to run while the
    products do. With `late`, the wait starts a new block of its own (an
    unreachable trap guarded by a condition ptxas cannot fold ends the block
    before it), so everything before it in the program stays before it.
  }];
  let arguments = (ins Variadic<CudaTile_AnyTile>:$values, I32Attr:$pending,
                       UnitAttr:$late);
  let results = (outs Variadic<CudaTile_AnyTile>:$results);
  let assemblyFormat = [{
    $values attr-dict `:` qualified(type($values)) `->` qualified(type($results))
  }];
  let hasVerifier = 1;
}

#endif // TILEIR_DIALECT_TILEGPU_IR_TILEGPUOPS_TD
