//===- TileGPU.h - tilegpu dialect, attributes, ops -------------*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TILEGPU_IR_TILEGPU_H
#define TILEIR_DIALECT_TILEGPU_IR_TILEGPU_H

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"
#include "tileir/Dialect/TileGPU/LinearLayout.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tileir/Dialect/TileGPU/IR/TileGPUDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tileir/Dialect/TileGPU/IR/TileGPUAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tileir/Dialect/TileGPU/IR/TileGPUTypes.h.inc"

#define GET_OP_CLASSES
#include "tileir/Dialect/TileGPU/IR/TileGPUOps.h.inc"

namespace mlir::tilegpu {

/// Names of the kernel attributes code generation sets on an entry.
inline constexpr llvm::StringLiteral kNumWarpsAttrName = "tilegpu.num_warps";
/// Warps a warp-specialized kernel runs beside its `tilegpu.num_warps`
/// compute warps, with the thread ids after theirs; they only copy
/// operands in (tileir-pipeline-loops).
inline constexpr llvm::StringLiteral kProducerWarpsAttrName =
    "tilegpu.producer_warps";
/// On the `if` holding the producer warps' work, and on the copies in it,
/// which are spread over the producer warps.
inline constexpr llvm::StringLiteral kProducerAttrName = "tilegpu.producer";
/// On a kernel whose tile blocks of even x ids also compute their odd
/// neighbours' rows (tileir-pair-row-tiles): CTAs of odd x ids leave first
/// thing, and the others' x id is the pair's, CTA x id / 2.
inline constexpr llvm::StringLiteral kPairedRowsAttrName = "tilegpu.paired_rows";
/// Likewise along y for tile blocks whose y id picks columns
/// (tileir-pair-row-tiles with `columns`): CTAs of odd y ids leave first
/// thing, and the others' y id is CTA y id / 2.
inline constexpr llvm::StringLiteral kPairedColumnsAttrName =
    "tilegpu.paired_columns";
/// On an `alloc_shared` that the producer warps read after their loop,
/// while the compute warps may be anywhere past theirs: the buffer lives to
/// the end of the kernel (tileir-plan-shared-memory).
inline constexpr llvm::StringLiteral kLiveToEndAttrName = "tilegpu.live_to_end";
/// On the `if` holding an unspecialized loop's in-loop TMA copies, whose
/// thread waits on the stage's `empty` mbarrier (every compute warpgroup
/// arrives on it once done with the stage) before refilling it: mbarriers
/// order those writes against every read, so tileir-insert-barriers puts
/// no CTA barrier before them, and the warpgroups need not run in step.
inline constexpr llvm::StringLiteral kMBarrierOrderedAttrName =
    "tilegpu.mbarrier_ordered";
/// On a `tma_copy` or `tensormap_init` that every thread of the CTA reaches
/// (a loop without producer warps): only the CTA's first thread runs it.
inline constexpr llvm::StringLiteral kLeaderOnlyAttrName =
    "tilegpu.leader_only";
/// On a `tensormap_init`: build the map in the first 128 bytes of the
/// op's buffer, where its fields' read-modify-writes are cheap, and copy it
/// to the slot (without it the map is built in place in global memory).
inline constexpr llvm::StringLiteral kTensorMapInSharedAttrName =
    "tilegpu.tensormap_in_shared";
/// On a `tensormap_init`: the maps of its slot (an i32 array) whose
/// tensor-map proxy fence it issues once its own map is written: one
/// release, then an acquire of each. An empty array defers its fence to a
/// later `tensormap_init` of the same thread that names its map; without
/// the attribute the op fences its own map.
inline constexpr llvm::StringLiteral kTensorMapFenceAttrName =
    "tilegpu.tensormap_fence";
/// Tensor maps in one slot of a module's tensor-map pool (tensormap_init's
/// `map` is below it), and the slots. Only CTAs that wait for no other CTA
/// take slots (tileir-pipeline-loops), so holders always finish and free
/// theirs: the count is about speed, not correctness. It exceeds the CTAs
/// that copy with TMA (tens of KiB of shared memory each) any GPU holds at
/// once.
inline constexpr int32_t kTensorMapsPerSlot = 4;
inline constexpr int32_t kTensorMapSlots = 2048;
/// On an entry: its tile block ids (x, y) come in groups of this many x
/// values, each group walking all of y before the next starts, instead of
/// x fastest (tileir-pipeline-loops sets it on GEMM-like kernels, whose
/// CTAs of a group then share operand tiles in L2).
inline constexpr llvm::StringLiteral kGroupedRasterAttrName =
    "tilegpu.grouped_raster";
inline constexpr llvm::StringLiteral kSharedBytesAttrName =
    "tilegpu.shared_bytes";
/// On an entry (and its LLVM function): tileir-unswitch-masks turned at
/// least one of its selects into a branch, so that a re-plan after ptxas
/// spilled may take that back first.
inline constexpr llvm::StringLiteral kUnswitchedMasksAttrName =
    "tilegpu.unswitched_masks";
/// On an entry (and its LLVM function): it multiplies 8-bit floats with the
/// target's 8-bit products, which tileir-widen-mma-operands could turn into
/// f16 products (fragments of half the size) if ptxas spills.
inline constexpr llvm::StringLiteral kFp8ProductsAttrName =
    "tilegpu.fp8_products";
/// On an entry (and its LLVM function): tileir-assign-layouts converted at
/// least one stored tile to the blocked layout (coalesce-stores), which a
/// re-plan after ptxas spilled takes back first.
inline constexpr llvm::StringLiteral kCoalescedStoresAttrName =
    "tilegpu.coalesced_stores";
/// Where in the kernel's shared memory an op's scratch starts (bytes; absent
/// means 0), set by tileir-plan-shared-memory.
inline constexpr llvm::StringLiteral kScratchOffsetAttrName =
    "tilegpu.scratch_offset";
inline constexpr llvm::StringLiteral kClusterSizeAttrName =
    "tilegpu.cluster_size";
/// The resource plan (tileir-plan-resources): the register cap per thread,
/// the CTAs per SM it is planned for, and the cluster shape (x, y, z).
inline constexpr llvm::StringLiteral kMaxRegistersAttrName =
    "tilegpu.max_registers";
inline constexpr llvm::StringLiteral kMinCTAsPerSMAttrName =
    "tilegpu.min_ctas_per_sm";
inline constexpr llvm::StringLiteral kClusterDimsAttrName =
    "tilegpu.cluster_dims";
/// On a `for` loop: indices of loop-carried values (among its iter values)
/// that select stages of multi-stage buffers and differ pairwise in every
/// iteration (tileir-pipeline-loops' read and write stages), so accesses
/// through them touch different bytes (tileir-insert-barriers).
inline constexpr llvm::StringLiteral kDistinctStagesAttrName =
    "tilegpu.distinct_stages";
/// On a staging buffer of a pipelined loop (tileir-pipeline-loops): three
/// stages, one per iteration in rotation, written by one `local_store` and
/// read by the iteration's asynchronous warpgroup product, which each
/// warpgroup waits for (`pending` at most 1) before the next iteration's
/// barrier that orders that store for the product. A store then never
/// meets a read of another iteration's stage: the last product that read
/// its stage, three iterations back, was waited for before the barrier of
/// the iteration before. tileir-insert-barriers therefore orders only
/// accesses through the same stage index.
inline constexpr llvm::StringLiteral kStagingRotationAttrName =
    "tilegpu.staging_rotation";
/// On a `for` loop: tileir-overlap-products will run its second product one
/// iteration late, so the stage an iteration reads stays unwritten through
/// the next one (tileir-pipeline-loops issues copies one stage less ahead).
inline constexpr llvm::StringLiteral kOverlapProductsAttrName =
    "tilegpu.overlap_products";

/// The layout of a tile type, or null when it has none.
LayoutAttr getLayout(Type type);
/// `type` with its encoding replaced by `layout`.
cuda_tile::TileType withLayout(cuda_tile::TileType type,
                               const tileir::LinearLayout &layout);

/// Bytes one element of `element` takes in a register of the lowering (and
/// in a shared-memory round trip): booleans and sub-byte types a byte, tf32
/// four, pointers eight.
int64_t getRegisterBytes(Type element);

} // namespace mlir::tilegpu

#endif // TILEIR_DIALECT_TILEGPU_IR_TILEGPU_H
