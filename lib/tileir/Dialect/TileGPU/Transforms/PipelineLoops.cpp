//===- PipelineLoops.cpp - Multi-stage asynchronous copies in loops -------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Software pipelining of the loads that feed shared memory in a `for` loop.
// A tile loaded in the body and only stored into a shared buffer
// (tileir-stage-operands' pattern):
//
//   for %iv ... {
//     %t, %tok = load_view_tko weak %view[f(%iv)]
//     %buf = tilegpu.alloc_shared
//     tilegpu.local_store %t, %buf        (possibly through reshapes)
//     ... uses of %buf ...
//   }
//
// becomes S buffers filled S - 1 iterations ahead by asynchronous copies:
//
//   %bufs = tilegpu.alloc_shared : stages = S
//   for s in 0 .. S-2: async_copy %view[f(lb + s*step)] -> %bufs[s]
//                      if lb + s*step < ub; async_commit
//   for %iv ... iter_values(..., %read = 0, %write = S-1) {
//     async_wait S-2           // this iteration's copies have landed
//     async_copy %view[f(%iv + (S-1)*step)] -> %bufs[%write]
//         if %iv + (S-1)*step < ub; async_commit
//     ... uses of %bufs[%read] ...
//     continue ..., next(%read), next(%write)
//   }
//   async_wait 0
//
// The stage count is the largest of the target's default (3 before sm_90,
// 4 from it), or the `latency` hint of the loads, that the shared memory
// left by the kernel's other buffers and scratch holds; fewer than two stages
// leave the loop alone. Barriers come later, from tileir-insert-barriers.
// Every decision is a remark (category `memory`): what was pipelined with
// how many stages, or why a loop with tensor-core products was not.
//
// The rewrite is only correct when moving loads earlier cannot change what
// they read: the loop body writes no global memory, the loads are weak, and
// their indices are pure functions of the induction variable and values
// defined before the loop. Out-of-bounds elements read zero, so only views
// padded with zero (or unspecified) qualify.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TileGPU/IR/TensorMap.h"
#include "tileir/Dialect/TileGPU/Transforms/Passes.h"

#include "tileir/Dialect/TileGPU/Transforms/LoopFacts.h"
#include "tileir/Dialect/TileGPU/Transforms/SharedMemory.h"
#include "tileir/Support/Diagnostics.h"
#include "tileir/Target/GPUTarget.h"
#include "tileir/Target/ResourceModel.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Remarks.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <optional>

namespace mlir::tilegpu {
#define GEN_PASS_DEF_TILEIRPIPELINELOOPSPASS
#include "tileir/Dialect/TileGPU/Transforms/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;
using namespace mlir::tilegpu;
using tileir::getRemarkLocation;

namespace {

constexpr StringLiteral kRemarkCategory = "memory";
/// Stages of a pipelined loop by default: Ampere-class SMs hide a global
/// load behind two iterations of tensor-core work, Hopper's faster tensor
/// cores need one more.
constexpr int64_t kDefaultStagesBeforeSm90 = 3;
constexpr int64_t kDefaultStagesFromSm90 = 4;
/// Shared memory of the mbarriers of a warp-specialized loop (buffers are
/// placed on 1024-byte boundaries).
constexpr int64_t kBarrierBytes = 1024;
/// Upper bound on stages, whatever the hints ask.
constexpr int64_t kMaxStages = 8;
/// Fewest stages worth keeping a second CTA on the SM for (see
/// getWantedCTAsPerSM): with fewer the loop would not be pipelined at all,
/// and one CTA with a pipeline is faster.
constexpr int64_t kMinStagesBesideSecondCTA = 2;

/// One load to pipeline.
struct Candidate {
  cuda_tile::LoadViewTkoOp load;
  /// Reshapes between the load and the store, in order.
  SmallVector<cuda_tile::ReshapeOp> reshapes;
  LocalStoreOp store;
  AllocSharedOp alloc;
  /// Body ops computing the load's indices from the induction variable, in
  /// block order.
  SmallVector<Operation *> slice;
};

/// The maps of one slot are built in shared memory and copied to the slot
/// (tilegpu.tensormap_in_shared), and, written one after another by one
/// thread, share one tensor-map proxy fence: the last fences them all (a
/// fence waits for the thread's writes to reach the GPU's scope, once per
/// map otherwise).
void buildTensorMapsInShared(MutableArrayRef<TensorMapInitOp> inits) {
  if (inits.empty())
    return;
  MLIRContext *ctx = inits.front().getContext();
  for (TensorMapInitOp init : inits)
    init->setAttr(kTensorMapInSharedAttrName, UnitAttr::get(ctx));
  if (inits.size() < 2)
    return;
  SmallVector<int32_t> maps;
  for (TensorMapInitOp init : inits.drop_back()) {
    init->setAttr(kTensorMapFenceAttrName, DenseI32ArrayAttr::get(ctx, {}));
    maps.push_back(static_cast<int32_t>(init.getMap()));
  }
  maps.push_back(static_cast<int32_t>(inits.back().getMap()));
  inits.back()->setAttr(kTensorMapFenceAttrName,
                        DenseI32ArrayAttr::get(ctx, maps));
}

bool isOutside(Value v, cuda_tile::ForOp loop) {
  return !loop->isAncestor(v.getParentBlock()->getParentOp());
}

/// Collects the pure body ops that compute `v` from the induction variable
/// and values defined outside the loop; fails on anything else.
LogicalResult collectSlice(Value v, cuda_tile::ForOp loop,
                           llvm::SetVector<Operation *> &slice) {
  if (isOutside(v, loop) || v == loop.getInductionVar())
    return success();
  Operation *def = v.getDefiningOp();
  if (!def || def->getBlock() != loop.getBody() || def->getNumRegions() ||
      !isMemoryEffectFree(def))
    return failure();
  if (slice.contains(def))
    return success();
  for (Value operand : def->getOperands())
    if (failed(collectSlice(operand, loop, slice)))
      return failure();
  slice.insert(def);
  return success();
}

/// Whether `view` pads with zero or leaves padding unspecified: copies
/// fill out-of-bounds elements with zero.
bool padsWithZero(Type view) {
  auto partition = dyn_cast<cuda_tile::PartitionViewType>(view);
  if (!partition)
    return false;
  cuda_tile::PaddingValueAttr padding = partition.getPaddingValue();
  return !padding || padding.getValue() == cuda_tile::PaddingValue::Zero;
}

/// Why `load` cannot be pipelined, or the candidate.
FailureOr<Candidate> matchCandidate(cuda_tile::LoadViewTkoOp load,
                                    cuda_tile::ForOp loop,
                                    std::string &why) {
  Candidate c;
  c.load = load;
  Value tile = load->getResult(0);
  if (!load->getResult(1).use_empty()) {
    why = "its token orders later memory operations";
    return failure();
  }
  if (load.getMemoryOrderingSemantics() !=
      cuda_tile::MemoryOrderingSemantics::Weak) {
    why = "it is not a weak load";
    return failure();
  }
  if (!isOutside(load.getView(), loop)) {
    why = "its view changes in the loop";
    return failure();
  }
  if (!padsWithZero(load.getView().getType())) {
    why = "its view pads with a value other than zero";
    return failure();
  }
  Type element = cast<cuda_tile::TileType>(tile.getType()).getElementType();
  if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() < 8) {
    why = "its elements are not numbers of at least a byte";
    return failure();
  }
  // Reshapes relabel the row-major order the copy keeps.
  Value stored = tile;
  while (stored.hasOneUse())
    if (auto reshape = dyn_cast<cuda_tile::ReshapeOp>(*stored.getUsers().begin())) {
      c.reshapes.push_back(reshape);
      stored = reshape->getResult(0);
    } else {
      break;
    }
  if (!stored.hasOneUse() || !(c.store = dyn_cast<LocalStoreOp>(
                                   *stored.getUsers().begin()))) {
    why = "the loaded tile is used in registers";
    return failure();
  }
  c.alloc = c.store.getBuffer().getDefiningOp<AllocSharedOp>();
  if (!c.alloc || c.alloc->getBlock() != loop.getBody() ||
      c.store->getBlock() != loop.getBody() ||
      c.alloc.getType().getStages() != 1) {
    why = "its shared buffer is not local to the loop body";
    return failure();
  }
  llvm::SetVector<Operation *> slice;
  for (Value index : load.getIndex())
    if (failed(collectSlice(index, loop, slice))) {
      why = "its indices depend on more than the induction variable";
      return failure();
    }
  c.slice.assign(slice.begin(), slice.end());
  llvm::sort(c.slice,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return c;
}

bool hasTensorCoreWork(cuda_tile::ForOp loop) {
  WalkResult result = loop.getBody()->walk([](Operation *op) {
    if (isa<WarpGroupDotOp, LocalLoadOp, cuda_tile::MmaFOp,
            cuda_tile::MmaIOp>(op))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// The `latency` hint of `load` for `target`, if any.
std::optional<int64_t> getLatencyHint(cuda_tile::LoadViewTkoOp load,
                                      StringRef target) {
  cuda_tile::OptimizationHintsAttr hints = load.getOptimizationHintsAttr();
  if (!hints)
    return std::nullopt;
  DictionaryAttr all = hints.getValue();
  for (StringRef key :
       {target, StringRef(cuda_tile::OptimizationHintsAttr::kDefaultKey)})
    if (auto dict = all.getAs<DictionaryAttr>(key))
      if (auto latency = dict.getAs<IntegerAttr>("latency"))
        return latency.getInt();
  return std::nullopt;
}

/// Inserts at the end of `block`, before its terminator if it has one (an
/// `if` without results may be built with its `yield`).
void setInsertionPointToBodyEnd(OpBuilder &b, Block *block) {
  if (!block->empty() && block->back().hasTrait<OpTrait::IsTerminator>())
    b.setInsertionPoint(&block->back());
  else
    b.setInsertionPointToEnd(block);
}

/// The stage after `stage` of a buffer of `stages` (0 after the last), and
/// whether it wrapped around.
std::pair<Value, Value> emitNextStage(OpBuilder &b, Location loc, Value stage,
                                      int64_t stages) {
  Type type = stage.getType();
  Value one = createIntConstant(b, loc, type, 1);
  Value last = createIntConstant(b, loc, type, stages - 1);
  Value zero = createIntConstant(b, loc, type, 0);
  Value wraps = cuda_tile::CmpIOp::create(
      b, loc, cuda_tile::ComparisonPredicate::Equal, stage, last,
      cuda_tile::Signedness::Signed);
  Value plusOne = cuda_tile::AddIOp::create(b, loc, stage, one);
  Value next = cuda_tile::SelectOp::create(b, loc, type, wraps, zero, plusOne);
  return {next, wraps};
}

/// The mbarrier phase parity of the next use of a stage: it flips when the
/// stages wrap around.
Value emitNextPhase(OpBuilder &b, Location loc, Value phase, Value wraps) {
  Type type = phase.getType();
  Value one = createIntConstant(b, loc, type, 1);
  Value flipped = cuda_tile::SubIOp::create(b, loc, one, phase);
  return cuda_tile::SelectOp::create(b, loc, type, wraps, flipped, phase);
}

class LoopPipeliner {
public:
  /// `sharedBudget` is what the loop's stages may take; `soloBudget`, when
  /// larger, is what they may take if the kernel gives up a second CTA on
  /// the SM that only our own rule (not an occupancy hint) asked for.
  LoopPipeliner(cuda_tile::ForOp loop, const tileir::GPUTarget &target,
                int64_t sharedBudget, int64_t soloBudget,
                unsigned requestedStages, bool warpSpecialize,
                int64_t producerWarps, bool tma, int64_t rasterGroup,
                int64_t ctas, bool emptyBarriersAllowed,
                bool prefetchOperands, unsigned maxStagingStages,
                bool hoistStaging, bool tmaOneWarpgroup,
                bool tensorMapsInShared, bool producerReleasesMaps)
      : loop(loop), inductionVar(loop.getInductionVar()), target(target),
        sharedBudget(sharedBudget), soloBudget(soloBudget),
        requestedStages(requestedStages), warpSpecialize(warpSpecialize),
        producerWarps(producerWarps), tmaAllowed(tma),
        rasterGroup(rasterGroup), ctas(ctas),
        emptyBarriersAllowed(emptyBarriersAllowed),
        prefetchOperands(prefetchOperands),
        maxStagingStages(maxStagingStages), hoistStaging(hoistStaging),
        tmaOneWarpgroup(tmaOneWarpgroup),
        tensorMapsInShared(tensorMapsInShared),
        producerReleasesMaps(producerReleasesMaps) {}

  /// Pipelines the loop if it can; reports the outcome as a remark.
  void run() {
    bool interesting = hasTensorCoreWork(loop);
    std::string why;
    SmallVector<Candidate> candidates;
    if (writesGlobalMemory(loop)) {
      why = "the loop writes global memory";
    } else {
      for (Operation &op : *loop.getBody())
        if (auto load = dyn_cast<cuda_tile::LoadViewTkoOp>(op)) {
          std::string reason;
          FailureOr<Candidate> c = matchCandidate(load, loop, reason);
          if (succeeded(c))
            candidates.push_back(std::move(*c));
          else if (interesting && why.empty())
            why = "a load was kept: " + reason;
        }
      if (candidates.empty() && why.empty())
        why = "no load in the loop feeds shared memory";
    }
    if (candidates.empty()) {
      if (interesting)
        missed("loop not pipelined: " + why);
      return;
    }
    int64_t perStage = 0;
    for (Candidate c : candidates)
      perStage += c.alloc.getType().getStageStride();
    int64_t wanted = target.sm >= 90
                         ? kDefaultStagesFromSm90
                         : kDefaultStagesBeforeSm90;
    for (Candidate c : candidates)
      if (std::optional<int64_t> latency =
              getLatencyHint(c.load, target.name))
        wanted = std::max(wanted, std::min(*latency + 1, kMaxStages));
    if (requestedStages)
      wanted = std::min<int64_t>(requestedStages, kMaxStages);
    // An accumulating wgmma can stay in flight across the iteration edge
    // when its stage is not overwritten before the next iteration waits
    // for it: copies then run one stage less ahead, so one more stage
    // keeps the same distance. Its staging buffers take a second stage.
    SmallVector<AllocSharedOp> staging;
    WarpGroupDotOp asyncDot = findAsyncCandidate(candidates, staging);
    // A loop tileir-overlap-products will rotate reads each stage in two
    // iterations (its second product runs one late): the same as a product
    // in flight across the iteration edge.
    bool lateReads = loop->hasAttr(kOverlapProductsAttrName);
    // Both stages count: the staging buffers are allocated in the body, so
    // the budget (getSharedBudget) holds none of their bytes.
    int64_t stagingStride = 0;
    for (AllocSharedOp alloc : staging)
      stagingStride += alloc.getType().getStageStride();
    int64_t stagingBytes = 2 * stagingStride;
    bool solo = false;
    int64_t stages = 0;
    if (asyncDot || lateReads) {
      stages = planStages(perStage, wanted + (requestedStages ? 0 : 1),
                          stagingBytes, solo);
      if (stages >= 3)
        wanted += requestedStages ? 0 : 1;
    }
    // A third stage of the staging buffers takes the barrier before their
    // stores out of every iteration (kStagingRotationAttrName); it is
    // taken only where it costs no stage of the copies, and not where
    // tileir-overlap-products will move a product to the next iteration
    // (each product must read the stage its own iteration wrote).
    if (asyncDot && !lateReads && stages >= 3 && !staging.empty() &&
        maxStagingStages >= 3) {
      bool rotatedSolo = false;
      int64_t rotatedBytes = 3 * stagingStride;
      if (planStages(perStage, wanted, rotatedBytes, rotatedSolo) == stages &&
          rotatedSolo == solo) {
        stagingStages = 3;
        stagingBytes = rotatedBytes;
      }
    }
    if (stages < 3) {
      asyncDot = nullptr;
      staging.clear();
      stagingBytes = 0;
      stages = planStages(perStage, wanted, 0, solo);
      if (lateReads) {
        loop->removeAttr(kOverlapProductsAttrName);
        lateReads = false;
        remark::missed(getRemarkLocation(loop),
                       remark::RemarkOpts::name("OverlapProducts")
                           .category("tensorcore"))
            << remark::detail::Remark::Arg(
                   "Remark", "products not overlapped: shared memory holds "
                             "fewer than three stages of the loop's copies");
      }
    }
    if (stages < 2) {
      missed(llvm::formatv("loop not pipelined: two stages of its copies "
                           "need {0} bytes of shared memory, {1} are left",
                           2 * perStage,
                           std::max<int64_t>(std::max(sharedBudget, soloBudget),
                                             0))
                 .str());
      return;
    }
    // The rewrite replaces the loop: report at its location, taken first.
    Location where = getRemarkLocation(loop);
    bool keepStage = asyncDot || lateReads;
    int64_t distance = keepStage ? stages - 2 : stages - 1;
    std::string notSpecialized;
    llvm::SetVector<Operation *> outside;
    bool specialize =
        warpSpecialize && staging.empty() && !lateReads &&
        canSpecialize(candidates, asyncDot, stages, perStage,
                      solo ? std::max(sharedBudget, soloBudget) : sharedBudget,
                      outside, notSpecialized);
    // The rewrites erase the loop: what the raster needs, taken first.
    auto entry = dyn_cast<cuda_tile::EntryOp>(loop->getParentOp());
    bool gemmLike = candidates.size() == 2 && countProducts(loop) == 1;
    if (specialize)
      specialize = rewriteSpecialized(candidates, stages, asyncDot, outside);
    bool grouped = entry && gemmLike && rasterGroup > 1 &&
                   setGroupedRaster(entry, rasterGroup);
    bool tmaCopies = false;
    bool emptyBarriers = false;
    std::string notTmaHere;
    if (!specialize) {
      int64_t budget = solo ? std::max(sharedBudget, soloBudget) : sharedBudget;
      tmaCopies = canCopyWithTma(candidates, keepStage, stages, perStage,
                                 stagingBytes, budget, notTmaHere);
      distance = keepStage ? stages - 2 : stages - 1;
      emptyBarriers =
          emptyBarriersAllowed && tmaCopies && !asyncDot && staging.empty() && !lateReads &&
          onlyProductsReadStages(candidates);
      rewrite(candidates, stages, distance, asyncDot, staging, tmaCopies,
              emptyBarriers);
    }
    std::string message = llvm::formatv(
        "loop pipelined with {0} stages: {1} tile load(s) become "
        "asynchronous copies issued {2} iteration(s) ahead ({3} bytes of "
        "shared memory)",
        stages, candidates.size(), distance, stages * perStage);
    if (asyncDot)
      message += "; the accumulating wgmma overlaps the next iteration";
    if (lateReads)
      message += "; each stage stays unwritten through the iteration after "
                 "its own, for the product that runs one iteration late";
    if (!staging.empty() && stagingStages == 3)
      message += llvm::formatv(", its {0} staging buffer(s) rotating "
                               "through three stages ({1} bytes)",
                               staging.size(), stagingBytes)
                     .str();
    else if (!staging.empty())
      message += llvm::formatv(", its {0} staging buffer(s) alternating "
                               "between two stages ({1} bytes)",
                               staging.size(), stagingBytes)
                     .str();
    if (specialize && useTma)
      message += "; warp-specialized: one producer thread issues TMA copies "
                 "(tensor maps built on the device), mbarriers hand the "
                 "stages over";
    else if (specialize)
      message += llvm::formatv("; warp-specialized: {0} producer warps issue "
                               "the copies, mbarriers hand the stages over",
                               producerWarps)
                     .str();
    else if (warpSpecialize && staging.empty() && !notSpecialized.empty())
      message += "; not warp-specialized: " + notSpecialized;
    if (specialize && !useTma && !notTma.empty())
      message += "; no TMA: " + notTma;
    if (tmaCopies)
      message += "; one thread issues the copies with TMA (tensor maps built "
                 "on the device), every thread waits on the stage's mbarrier";
    if (emptyBarriers)
      message += "; the warpgroups release each stage on an mbarrier that "
                 "the refilling thread waits for, instead of meeting at a "
                 "CTA barrier";
    else if (!specialize && !notTmaHere.empty())
      message += "; no TMA: " + notTmaHere;
    if (solo)
      message += "; one CTA per SM, since two leave room for fewer than " +
                 std::to_string(kMinStagesBesideSecondCTA) + " stages";
    if (stages < wanted)
      message += llvm::formatv("; {0} stages wanted, shared memory holds {1}",
                               wanted, stages)
                     .str();
    if (grouped)
      message += llvm::formatv("; tile blocks run in groups of {0} along x",
                               rasterGroup)
                     .str();
    remark::passed(where,
                   remark::RemarkOpts::name("Pipeline").category(
                       kRemarkCategory))
        << remark::detail::Remark::Arg("Remark", message)
        << remark::detail::Remark::Arg("Stages", stages);
  }

private:
  void missed(const std::string &message) {
    remark::missed(getRemarkLocation(loop),
                   remark::RemarkOpts::name("Pipeline").category(
                       kRemarkCategory))
        << remark::detail::Remark::Arg("Remark", message);
  }

  /// How many stages of `perStage` bytes fit beside `extraBytes` more, at
  /// most `wanted`. A second CTA on the SM hides one CTA's stalls, but not
  /// as well as a pipeline: when sharing the SM leaves room for fewer than
  /// kMinStagesBesideSecondCTA stages, one CTA with its pipeline (`solo`).
  int64_t planStages(int64_t perStage, int64_t wanted, int64_t extraBytes,
                     bool &solo) const {
    solo = false;
    if (perStage <= 0)
      return 0;
    int64_t fit = std::max<int64_t>(sharedBudget - extraBytes, 0) / perStage;
    if (fit < std::min<int64_t>(wanted, kMinStagesBesideSecondCTA) &&
        soloBudget > sharedBudget) {
      fit = std::max<int64_t>(soloBudget - extraBytes, 0) / perStage;
      solo = true;
    }
    return std::min(wanted, fit);
  }

  /// A single-stage buffer allocated in the loop body, written there by
  /// one `local_store` and otherwise only read by warpgroup products
  /// (directly or through a permutation): giving it a stage per parity of
  /// the iteration changes nothing else.
  static bool isStagingBuffer(AllocSharedOp alloc) {
    if (alloc.getType().getStages() != 1)
      return false;
    unsigned stores = 0;
    SmallVector<Value> worklist{alloc.getResult()};
    while (!worklist.empty()) {
      Value v = worklist.pop_back_val();
      for (Operation *user : v.getUsers()) {
        if (auto store = dyn_cast<LocalStoreOp>(user)) {
          if (store.getBuffer() != alloc.getResult() ||
              store->getBlock() != alloc->getBlock())
            return false;
          ++stores;
        } else if (auto permute = dyn_cast<PermuteSharedOp>(user)) {
          worklist.push_back(permute.getResult());
        } else if (!isa<WarpGroupDotOp>(user)) {
          return false;
        }
      }
    }
    return stores == 1;
  }

  /// The warpgroup product that can run asynchronously: its accumulator is
  /// a loop-carried value used by nothing else, and its result goes
  /// straight to the `continue` as that value's next iterate, so no other
  /// instruction touches the registers while it is in flight.
  /// Its shared operands must be stages of the pipelined buffers, or
  /// staging buffers the body rewrites every iteration (a conversion or a
  /// transposition through registers), which then get two stages
  /// alternating between iterations (`staging`): the store of one
  /// iteration must not overwrite what the product still in flight reads.
  WarpGroupDotOp findAsyncCandidate(ArrayRef<Candidate> candidates,
                                    SmallVectorImpl<AllocSharedOp> &staging) {
    Block *body = loop.getBody();
    auto isStage = [&](Value v, Operation *reader) {
      if (!isa<SMemType>(v.getType()))
        return true; // A in registers.
      while (auto permute = v.getDefiningOp<PermuteSharedOp>())
        v = permute.getBuffer();
      if (llvm::any_of(candidates,
                       [&](Candidate c) { return v == c.alloc.getResult(); }))
        return true;
      auto alloc = v.getDefiningOp<AllocSharedOp>();
      if (!alloc || alloc->getBlock() != body || !isStagingBuffer(alloc))
        return false;
      // Written before the product reads it, in the same iteration.
      for (Operation *user : alloc->getUsers())
        if (isa<LocalStoreOp>(user) && !user->isBeforeInBlock(reader))
          return false;
      if (!llvm::is_contained(staging, alloc))
        staging.push_back(alloc);
      return true;
    };
    auto yield = dyn_cast<cuda_tile::ContinueOp>(body->getTerminator());
    if (!yield)
      return nullptr;
    WarpGroupDotOp found;
    for (Operation &op : *body) {
      auto dot = dyn_cast<WarpGroupDotOp>(op);
      if (!dot)
        continue;
      auto arg = dyn_cast<BlockArgument>(dot.getAcc());
      if (found || !isStage(dot.getLhs(), dot) || !isStage(dot.getRhs(), dot) ||
          !arg ||
          arg.getOwner() != body || arg.getArgNumber() == 0 ||
          !arg.hasOneUse() || !dot.getResult().hasOneUse() ||
          *dot.getResult().getUsers().begin() != yield.getOperation() ||
          arg.getArgNumber() - 1 >= yield->getNumOperands() ||
          yield->getOperand(arg.getArgNumber() - 1) != dot.getResult())
        return nullptr;
      found = dot;
    }
    return found;
  }

  /// Matrix products in `loop`'s body (at any depth).
  static int64_t countProducts(cuda_tile::ForOp loop) {
    int64_t products = 0;
    loop.getBody()->walk([&](Operation *op) {
      if (isa<cuda_tile::MmaFOp, cuda_tile::MmaIOp, cuda_tile::MmaFScaledOp,
              WarpGroupDotOp>(op))
        ++products;
    });
    return products;
  }

  /// Whether a CTA of `entry` may wait for another: through atomics (a
  /// flag another CTA sets) or a loop without a bound.
  static bool mayWaitForOtherCTAs(cuda_tile::EntryOp entry) {
    bool waits = false;
    entry.walk([&](Operation *op) {
      if (isa<cuda_tile::AtomicRMWTkoOp, cuda_tile::AtomicCASTkoOp,
              cuda_tile::AtomicRedViewTkoOp, cuda_tile::LoopOp>(op))
        waits = true;
    });
    return waits;
  }

  /// Groups the kernel's tile block ids (kGroupedRasterAttrName) unless a
  /// CTA could observe the order CTAs run in (a CTA waiting for another
  /// relies on the launch order to make progress).
  static bool setGroupedRaster(cuda_tile::EntryOp entry, int64_t group) {
    if (mayWaitForOtherCTAs(entry))
      return false;
    entry->setAttr(kGroupedRasterAttrName,
                   IntegerAttr::get(IntegerType::get(entry.getContext(), 32),
                                    group));
    return true;
  }

  /// Whether every copy of the loop can be a TMA copy: a tile of a
  /// partition view into a swizzled buffer (tileir::planTensorMap), from a
  /// base and strides the program proves 16-byte aligned, few enough copies
  /// for one slot of tensor maps, in a kernel whose CTAs never wait for one
  /// another.
  bool chooseTma(ArrayRef<Candidate> candidates, std::string &why) {
    // A CTA waiting for another while it holds a tensor-map slot could wait
    // forever if the other could not get one: only CTAs that never wait
    // take slots, so a full pool always drains.
    if (mayWaitForOtherCTAs(cast<cuda_tile::EntryOp>(loop->getParentOp()))) {
      why = "its CTAs may wait for one another (atomics or unbounded loops)";
      return false;
    }
    if (static_cast<int64_t>(candidates.size()) > kTensorMapsPerSlot) {
      why = "more copies than tensor maps in a slot";
      return false;
    }
    for (Candidate c : candidates) {
      Value view = c.load.getView();
      FailureOr<tileir::TensorMapPlan> plan =
          tileir::planTensorMap(view.getType(), c.alloc.getType(), &why);
      if (failed(plan))
        return false;
      if (!tileir::isTensorMapAligned(view, *plan)) {
        why = "the program does not prove a 16-byte aligned base and "
              "strides";
        return false;
      }
    }
    return true;
  }

  /// Whether the copies of an unspecialized wgmma loop can be TMA copies
  /// that one thread issues, every thread waiting on the stage's mbarrier:
  /// the loop sits at the top level of its kernel (every thread runs it, so
  /// the tensor maps, written before it, and the slot, freed after it, have
  /// one owner), continues only at the end of its body and returns from
  /// nowhere in it (no copy is left in flight when it ends), the kernel
  /// holds no other tensor-map slot, the copies qualify (chooseTma), and
  /// the mbarriers fit beside the stages (one stage fewer if that keeps
  /// enough; `why` says why not otherwise). Kernels of one compute
  /// warpgroup keep cp.async (measured below), and so do loops whose
  /// staging reads a first buffer TMA cannot write. With `keepStage` each
  /// stage is read in two iterations, which takes three stages at least.
  bool canCopyWithTma(ArrayRef<Candidate> candidates, bool keepStage,
                      int64_t &stages, int64_t perStage, int64_t stagingBytes,
                      int64_t budget, std::string &why) {
    bool hasWgmma = false;
    loop.getBody()->walk([&](WarpGroupDotOp) { hasWgmma = true; });
    if (!tmaAllowed || !target.hasWgmma || !hasWgmma)
      return false; // Nothing to say: only wgmma loops copy with TMA.
    auto entry = dyn_cast<cuda_tile::EntryOp>(loop->getParentOp());
    if (!entry) {
      why = "the loop is nested in other control flow";
      return false;
    }
    bool taken = false;
    entry.walk([&](TensorMapAcquireOp) { taken = true; });
    if (taken) {
      why = "another loop of the kernel already copies with TMA";
      return false;
    }
    if (leavesEarly(loop, /*orReturns=*/true)) {
      why = "the body leaves the loop or continues early";
      return false;
    }
    // One compute warpgroup loses with it (H100, this rewrite against
    // every warp copying with cp.async: bf16 64x128x64 GEMM 395 against 412
    // TFLOP/s, causal attention with 64-column blocks 0.57 against 0.61 of
    // SDPA, its 4 warps spilling under the copies' registers), two gain
    // (attention with 128-column blocks, causal 0.57 to 0.63).
    if (getComputeWarps(entry) < 8 && !tmaOneWarpgroup) {
      why = "one compute warpgroup is faster copying with every warp";
      return false;
    }
    if (!chooseTma(candidates, why)) {
      // Operands transposed through registers keep cp.async when their
      // first buffer has rows swizzled for the transposing reads, which TMA
      // cannot write (tileir-stage-operands keeps an MMA swizzle only where
      // it costs no bank conflicts: tf32, not 8-bit B). Measured on an H100
      // with 8-bit B in the MMA swizzle: the transposition's conflicts
      // (reads 2-way, writes 4-way) cost 12-20% and TMA won back about
      // 10% (int8 765 -> 656, e4m3 705 -> 640 TFLOP/s).
      if (stagingBytes > 0 && why == "the buffer is not in an MMA swizzle")
        why = "operands transposed through registers keep cp.async: the "
              "first buffer's rows are swizzled for the transposing reads, "
              "which TMA cannot write";
      return false;
    }
    int64_t fewer = stages;
    if (fewer * perStage + stagingBytes + kBarrierBytes > budget)
      --fewer;
    if (fewer < (keepStage ? 3 : 2) ||
        fewer * perStage + stagingBytes + kBarrierBytes > budget) {
      why = "its mbarriers leave too few stages";
      return false;
    }
    stages = fewer;
    return true;
  }

  /// Whether the stages are read by nothing but warpgroup products and
  /// the body touches no other shared memory (no buffer of its own, no
  /// scratch): a loop whose every product completes in its iteration may
  /// then release stages on `empty` mbarriers instead of a CTA barrier
  /// before each refill, since no other barrier will tie its warpgroups
  /// together (one would deadlock against the refilling thread's wait).
  bool onlyProductsReadStages(ArrayRef<Candidate> candidates) {
    llvm::SmallPtrSet<Operation *, 8> own;
    for (const Candidate &c : candidates) {
      own.insert(c.load);
      own.insert(c.store);
      own.insert(c.alloc);
      for (cuda_tile::ReshapeOp r : c.reshapes)
        own.insert(r);
    }
    WalkResult result = loop.getBody()->walk([&](Operation *op) {
      if (own.contains(op) || isa<WarpGroupDotOp>(op))
        return WalkResult::advance();
      if (isa<LocalLoadOp, LocalStoreOp, AllocSharedOp, AsyncCopyOp,
              BarrierOp, cuda_tile::MmaFOp, cuda_tile::MmaIOp,
              cuda_tile::MmaFScaledOp>(op) ||
          getScratchBytes(op) > 0)
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    return !result.wasInterrupted();
  }

  /// Whether the loop can be warp-specialized: it is a wgmma loop at the
  /// top level of its kernel (run once by every thread), continued only at
  /// the end of its body, in a kernel with no alloca (whose barriers span
  /// the CTA), no `return` before the loop, at least two compute warpgroups
  /// and not yet specialized; everything the producers need before
  /// the loop (bounds, views, the indices' operands) is pure arithmetic on
  /// the kernel's parameters, collected in `outside`; the registers of the
  /// CTA with its producer warps and the stages with the barriers still
  /// fit. May drop one stage for the barriers' shared memory.
  bool canSpecialize(ArrayRef<Candidate> candidates, WarpGroupDotOp asyncDot,
                     int64_t &stages, int64_t perStage, int64_t budget,
                     llvm::SetVector<Operation *> &outside, std::string &why) {
    auto entry = dyn_cast<cuda_tile::EntryOp>(loop->getParentOp());
    bool hasWgmma = false;
    loop.getBody()->walk([&](WarpGroupDotOp) { hasWgmma = true; });
    if (!hasWgmma)
      return false; // Nothing to say: only wgmma loops are specialized.
    // A loop whose products all complete in their iteration (attention:
    // two products with the softmax between) keeps every warp on the
    // copies: measured on the H200, producer warps cost it (0.56 to 0.51
    // of SDPA with 128-column blocks, 0.44 to 0.36 causal), the compute
    // warps losing registers to them.
    if (!asyncDot) {
      why = "its products do not stay in flight across iterations";
      return false;
    }
    if (!entry) {
      why = "the loop is nested in other control flow";
      return false;
    }
    if (entry->hasAttr(kProducerWarpsAttrName)) {
      why = "another loop of the kernel already is";
      return false;
    }
    bool hasAlloca = false;
    entry.walk([&](cuda_tile::AllocaOp) { hasAlloca = true; });
    if (hasAlloca) {
      why = "the kernel uses alloca";
      return false;
    }
    if (leavesEarly(loop, /*orReturns=*/false)) {
      why = "the body continues early";
      return false;
    }
    // A compute warp that left the kernel before the loop would leave the
    // producers waiting for stages nobody releases.
    bool returnsBefore = false;
    for (Operation *op = &entry.getBody().front().front(); op != loop;
         op = op->getNextNode())
      op->walk([&](cuda_tile::ReturnOp) { returnsBefore = true; });
    if (returnsBefore) {
      why = "the kernel may return before the loop";
      return false;
    }
    // What the producers recompute before their loop.
    SmallVector<Value> roots{loop.getLowerBound(), loop.getUpperBound(),
                             loop.getStep()};
    for (Candidate c : candidates) {
      roots.push_back(c.load.getView());
      for (Value index : c.load.getIndex())
        roots.push_back(index);
      for (Operation *op : c.slice)
        llvm::append_range(roots, op->getOperands());
    }
    Block *top = &entry.getBody().front();
    SmallVector<Value> work;
    for (Value v : roots)
      if (isOutside(v, loop))
        work.push_back(v);
    while (!work.empty()) {
      Value v = work.pop_back_val();
      Operation *def = v.getDefiningOp();
      if (!def) {
        if (cast<BlockArgument>(v).getOwner() != top) {
          why = "the copies depend on a value defined in control flow";
          return false;
        }
        continue;
      }
      if (outside.contains(def))
        continue;
      if (def->getBlock() != top || def->getNumRegions() ||
          !isMemoryEffectFree(def)) {
        why = llvm::formatv("the copies depend on '{0}', which the producer "
                            "warps cannot recompute",
                            def->getName())
                  .str();
        return false;
      }
      outside.insert(def);
      llvm::append_range(work, def->getOperands());
    }
    // One compute warpgroup keeps every warp on the copies: measured on the
    // H200 (bf16 64x128x64 GEMM, TMA producers and grouped raster either
    // way), 408 TFLOP/s specialized against 460 with every warp copying;
    // its one product stream leaves the tensor cores idle at every
    // hand-over that a second warpgroup would fill.
    int64_t computeWarps = getComputeWarps(entry);
    if (computeWarps < 8) {
      why = "one compute warpgroup is faster with every warp copying";
      return false;
    }
    useTma = tmaAllowed && chooseTma(candidates, notTma);
    int64_t producers = useTma ? 1 : producerWarps;
    // Registers: the resource plan's floor, for the CTA with its producers.
    int64_t floor = getRegisterFloor(entry);
    int64_t threads = 32 * (computeWarps + producers);
    const tileir::ResourceModel *model =
        tileir::lookupResourceModel(target.name);
    if (!model)
      return false;
    if (threads > static_cast<int64_t>(model->maxThreadsPerCTA)) {
      why = "the CTA would have too many threads";
      return false;
    }
    if (threads * floor * ctas > static_cast<int64_t>(model->registersPerSM)) {
      why = llvm::formatv("{0} CTA(s) of {1} threads with {2} registers "
                          "each do not fit the SM's registers",
                          ctas, threads, floor)
                .str();
      return false;
    }
    if (stages * perStage + kBarrierBytes > budget)
      --stages;
    if (stages < (asyncDot ? 3 : 2)) {
      why = "its mbarriers leave too few stages";
      return false;
    }
    return true;
  }

  /// Warp specialization: `producerWarps` more warps, split off at the
  /// kernel's top, run the loop with only its copies, each stage's behind
  /// a wait for its `empty` mbarrier and followed by a
  /// cp.async.mbarrier.arrive on its `full` one; the compute warps' loop
  /// waits for `full`, fences the async proxy, leaves `asyncDot` in flight
  /// and releases the previous iteration's stage on `empty` (one arrival
  /// per warpgroup) once that iteration's product is done. Stage s of use u waits for parity
  /// u % 2 on `full` and (u + 1) % 2 on `empty`, which on a fresh barrier
  /// passes at once.
  bool rewriteSpecialized(MutableArrayRef<Candidate> candidates,
                          int64_t stages, WarpGroupDotOp asyncDot,
                          const llvm::SetVector<Operation *> &outside) {
    auto entry = cast<cuda_tile::EntryOp>(loop->getParentOp());
    MLIRContext *ctx = loop.getContext();
    Location loc = loop.getLoc();
    Block *top = &entry.getBody().front();
    OpBuilder b = OpBuilder::atBlockBegin(top);
    Type i32 = cuda_tile::TileType::get({}, IntegerType::get(ctx, 32));
    Type i1 = cuda_tile::TileType::get({}, IntegerType::get(ctx, 1));
    int64_t computeWarps = getComputeWarps(entry);
    // Barriers 0 .. S-1: stage s is full; S .. 2S-1: stage s is empty. A
    // power-of-two row of i64 (at most 16 for 8 stages).
    // With TMA, one more element holds the CTA's tensor-map slot.
    int64_t slotWord = 2 * stages;
    int64_t numBarriers = llvm::PowerOf2Ceil(2 * stages + (useTma ? 1 : 0));
    llvm::Expected<tileir::SharedMemoryLayout> barrierLayout =
        tileir::SharedMemoryLayout::get({numBarriers}, tileir::SwizzleSpec());
    if (!barrierLayout) {
      llvm::consumeError(barrierLayout.takeError());
      return false;
    }
    auto barrierType = SMemType::get(
        ctx, {numBarriers}, IntegerType::get(ctx, 64),
        SharedLayoutAttr::get(ctx, barrierLayout->getLayout()), 1);
    int64_t producers = useTma ? 1 : producerWarps;
    entry->setAttr(kProducerWarpsAttrName,
                   IntegerAttr::get(IntegerType::get(ctx, 32), producers));

    for (Candidate c : candidates) {
      SMemType single = c.alloc.getType();
      auto type = SMemType::get(ctx, single.getShape(),
                                single.getElementType(), single.getLayout(),
                                stages);
      multiBuffers[c.alloc] =
          AllocSharedOp::create(b, c.alloc.getLoc(), type, IntegerAttr())
              .getResult();
    }
    Value barriers =
        AllocSharedOp::create(b, loc, barrierType, IntegerAttr()).getResult();
    // Every producer thread's copies (with TMA: every tma_copy, with the
    // bytes it expects) arrive on `full`; one thread per compute warpgroup
    // releases a stage on `empty`.
    SmallVector<int32_t> counts(
        stages, useTma ? static_cast<int32_t>(candidates.size())
                       : static_cast<int32_t>(32 * producerWarps));
    counts.append(stages, static_cast<int32_t>(computeWarps / 4));
    // The slot is claimed before the mbarriers' CTA barrier publishes it.
    if (useTma)
      TensorMapAcquireOp::create(b, loc, barriers, slotWord);
    MBarrierInitOp::create(b, loc, barriers, b.getDenseI32ArrayAttr(counts));

    // The producers: their own copy of what the copies need, then the loop.
    Value isProducer = IsProducerWarpOp::create(b, loc, i1);
    auto producer = cuda_tile::IfOp::create(b, loc, TypeRange(), isProducer,
                                            /*withElseRegion=*/false);
    producer->setAttr(kProducerAttrName, UnitAttr::get(ctx));
    setInsertionPointToBodyEnd(b, producer.getThenBlock());
    // With TMA one thread issues everything; the rest of its warp leaves.
    cuda_tile::IfOp leader;
    if (useTma) {
      Value isLeader = IsProducerWarpOp::create(b, loc, i1, /*leader=*/true);
      leader = cuda_tile::IfOp::create(b, loc, TypeRange(), isLeader,
                                       /*withElseRegion=*/false);
      setInsertionPointToBodyEnd(b, leader.getThenBlock());
    }
    IRMapping map;
    SmallVector<Operation *> ordered(outside.begin(), outside.end());
    llvm::sort(ordered,
               [](Operation *x, Operation *y) { return x->isBeforeInBlock(y); });
    for (Operation *op : ordered)
      b.clone(*op, map);
    Value zero = createIntConstant(b, loc, i32, 0);
    Value one = createIntConstant(b, loc, i32, 1);
    Value numStages = createIntConstant(b, loc, i32, stages);
    if (useTma) {
      // The maps, only when the loop runs: with no iteration the compute
      // warps may free the slot before the producer would write them.
      Value entered = cuda_tile::CmpIOp::create(
          b, loc, cuda_tile::ComparisonPredicate::LessThan,
          map.lookupOrDefault(loop.getLowerBound()),
          map.lookupOrDefault(loop.getUpperBound()),
          loop.getUnsignedCmp() ? cuda_tile::Signedness::Unsigned
                                : cuda_tile::Signedness::Signed);
      auto init = cuda_tile::IfOp::create(b, loc, TypeRange(), entered,
                                          /*withElseRegion=*/false);
      setInsertionPointToBodyEnd(b, init.getThenBlock());
      SmallVector<TensorMapInitOp> inits;
      for (auto [i, c] : llvm::enumerate(candidates))
        inits.push_back(TensorMapInitOp::create(
            b, c.load.getLoc(), map.lookupOrDefault(c.load.getView()),
            multiBuffers.lookup(c.alloc), barriers, slotWord,
            static_cast<int32_t>(i)));
      if (tensorMapsInShared)
        buildTensorMapsInShared(inits);
      if (init.getThenBlock()->empty() ||
          !init.getThenBlock()->back().hasTrait<OpTrait::IsTerminator>())
        cuda_tile::YieldOp::create(b, loc, ValueRange());
      b.setInsertionPointAfter(init);
    }
    auto producerLoop = cuda_tile::ForOp::create(
        b, loc, map.lookupOrDefault(loop.getLowerBound()),
        map.lookupOrDefault(loop.getUpperBound()),
        map.lookupOrDefault(loop.getStep()), ValueRange{zero, zero},
        loop.getUnsignedCmp());
    {
      Block *body = producerLoop.getBody();
      b.setInsertionPointToStart(body);
      Value stage = body->getArgument(1);
      Value phase = body->getArgument(2);
      Value emptyParity = cuda_tile::SubIOp::create(b, loc, one, phase);
      Value empty = cuda_tile::AddIOp::create(b, loc, stage, numStages);
      MBarrierWaitOp::create(b, loc, barriers, empty, emptyParity);
      IRMapping iteration = map;
      iteration.map(inductionVar, producerLoop.getInductionVar());
      for (auto [i, c] : llvm::enumerate(candidates)) {
        for (Operation *op : c.slice)
          b.clone(*op, iteration);
        SmallVector<Value> indices;
        for (Value index : c.load.getIndex())
          indices.push_back(iteration.lookupOrDefault(index));
        Value buffer = multiBuffers.lookup(c.alloc);
        Value view = SubviewOp::create(
            b, c.load.getLoc(), cast<SMemType>(buffer.getType()).getSingleStage(),
            buffer, stage);
        if (useTma) {
          TmaCopyOp::create(b, c.load.getLoc(),
                            iteration.lookupOrDefault(c.load.getView()),
                            indices, view, barriers, stage, slotWord,
                            static_cast<int32_t>(i));
          continue;
        }
        auto copy = AsyncCopyOp::create(
            b, c.load.getLoc(), iteration.lookupOrDefault(c.load.getView()),
            indices, view, Value());
        copy->setAttr(kProducerAttrName, UnitAttr::get(ctx));
        if (DenseBoolArrayAttr inbounds = c.load.getInboundsAttr())
          copy->setAttr(c.load.getInboundsAttrName(), inbounds);
      }
      if (!useTma)
        AsyncCopyArriveOp::create(b, loc, barriers, stage);
      auto [nextStage, wraps] = emitNextStage(b, loc, stage, stages);
      Value nextPhase = emitNextPhase(b, loc, phase, wraps);
      cuda_tile::ContinueOp::create(b, loc, ValueRange{nextStage, nextPhase});
    }
    b.setInsertionPointAfter(producerLoop);
    if (useTma) {
      // TMA copies land on their own; the thread may leave at once, or
      // free the slot first once they have.
      if (producerReleasesMaps)
        releaseMapsAfterCopies(b, loc, barriers, slotWord, producerLoop,
                               stages);
      if (leader.getThenBlock()->empty() ||
          !leader.getThenBlock()->back().hasTrait<OpTrait::IsTerminator>())
        cuda_tile::YieldOp::create(b, loc, ValueRange());
      b.setInsertionPointAfter(leader);
    } else {
      // Copies still in flight land before the producer leaves (their
      // arrivals count only once they have).
      AsyncWaitOp::create(b, loc, 0);
    }
    ExitOp::create(b, loc);
    if (producer.getThenBlock()->empty() ||
        !producer.getThenBlock()->back().hasTrait<OpTrait::IsTerminator>())
      cuda_tile::YieldOp::create(b, loc, ValueRange());

    // The compute warps' loop: the stage and the parity of its use carried.
    b.setInsertionPoint(loop);
    Value zeroInit = createIntConstant(b, loc, i32, 0);
    cuda_tile::ForOp newLoop = moveIntoNewLoop(b, {zeroInit, zeroInit});
    Block *body = newLoop.getBody();
    Value stage = body->getArgument(body->getNumArguments() - 2);
    Value phase = body->getArgument(body->getNumArguments() - 1);

    b.setInsertionPointToStart(body);
    Operation *stageWait =
        MBarrierWaitOp::create(b, loc, barriers, stage, phase);
    // cp.async wrote through the generic proxy; wgmma reads through the
    // async one (which TMA writes through).
    if (!useTma)
      FenceAsyncProxyOp::create(b, loc);
    auto [nextStage, wraps] = emitNextStage(b, loc, stage, stages);
    Value nextPhase = emitNextPhase(b, loc, phase, wraps);
    Value bodyOne = createIntConstant(b, loc, i32, 1);
    Value bodyZero = createIntConstant(b, loc, i32, 0);
    Value bodyLast = createIntConstant(b, loc, i32, stages - 1);
    Value bodyStages = createIntConstant(b, loc, i32, stages);

    readFromStage(candidates, stage);

    auto yield = cast<cuda_tile::ContinueOp>(body->getTerminator());
    SmallVector<Value> operands(yield->getOperands());
    operands.push_back(nextStage);
    operands.push_back(nextPhase);
    yield->setOperands(operands);

    // The product stays in flight into the next iteration; once the one
    // before it is done, its stage goes back to the producers (from the
    // second iteration on: the first has no product before it).
    Value asyncResult;
    cuda_tile::IfOp tail;
    {
      asyncDot.setIsAsync(true);
      b.setInsertionPointAfter(asyncDot);
      auto wait = WarpGroupDotWaitOp::create(
          b, asyncDot.getLoc(), TypeRange{asyncDot.getType()},
          ValueRange{asyncDot.getResult()}, 1);
      asyncDot.getResult().replaceAllUsesExcept(wait.getResult(0), wait);
      Value notFirst = cuda_tile::CmpIOp::create(
          b, loc, cuda_tile::ComparisonPredicate::NotEqual, inductionVar,
          loop.getLowerBound(),
          loop.getUnsignedCmp() ? cuda_tile::Signedness::Unsigned
                                : cuda_tile::Signedness::Signed);
      auto release = cuda_tile::IfOp::create(b, loc, TypeRange(), notFirst,
                                             /*withElseRegion=*/false);
      setInsertionPointToBodyEnd(b, release.getThenBlock());
      Value isFirst = cuda_tile::CmpIOp::create(
          b, loc, cuda_tile::ComparisonPredicate::Equal, stage, bodyZero,
          cuda_tile::Signedness::Signed);
      Value minusOne = cuda_tile::SubIOp::create(b, loc, stage, bodyOne);
      Value previous =
          cuda_tile::SelectOp::create(b, loc, i32, isFirst, bodyLast, minusOne);
      Value empty = cuda_tile::AddIOp::create(b, loc, previous, bodyStages);
      MBarrierArriveOp::create(b, loc, barriers, empty,
                               /*per_warpgroup=*/true);
      if (release.getThenBlock()->empty() ||
          !release.getThenBlock()->back().hasTrait<OpTrait::IsTerminator>())
        cuda_tile::YieldOp::create(b, loc, ValueRange());
      for (auto [i, v] : llvm::enumerate(yield->getOperands()))
        if (v == wait.getResult(0))
          asyncResult = newLoop->getResult(i);
      waitBeforeRegisterOperand(newLoop, asyncDot, wait, stageWait,
                                asyncResult, tail);
    }
    guardAsyncLoop(b, newLoop, asyncResult, tail);
    // Every stage has been waited for: no TMA copy reads the maps any more.
    if (useTma && !producerReleasesMaps)
      TensorMapReleaseOp::create(b, loc, barriers, slotWord);
    loop->erase();
    return true;
  }

  /// The producer thread frees the tensor-map slot after its loop, once
  /// every copy it issued has landed, so the compute warps go from their
  /// loop to their epilogue without the slot's GPU-scope release. The
  /// loop's results are the next stage and the parity of its next use: a
  /// stage below the next one was last filled with that parity, any other
  /// with the opposite one, which a stage never filled (a loop of fewer
  /// iterations than stages) has already passed. Nothing arrives on `full`
  /// after the last copy, so the parities stay put.
  void releaseMapsAfterCopies(OpBuilder &b, Location loc, Value barriers,
                              int64_t slotWord, cuda_tile::ForOp producerLoop,
                              int64_t stages) {
    Type i32 = cuda_tile::TileType::get({}, IntegerType::get(b.getContext(), 32));
    Value nextStage = producerLoop->getResult(0);
    Value nextParity = producerLoop->getResult(1);
    Value one = createIntConstant(b, loc, i32, 1);
    Value previousParity = cuda_tile::SubIOp::create(b, loc, one, nextParity);
    for (int64_t s = 0; s < stages; ++s) {
      Value stage = createIntConstant(b, loc, i32, s);
      Value thisLap = cuda_tile::CmpIOp::create(
          b, loc, cuda_tile::ComparisonPredicate::LessThan, stage, nextStage,
          cuda_tile::Signedness::Signed);
      Value parity = cuda_tile::SelectOp::create(b, loc, i32, thisLap,
                                                 nextParity, previousParity);
      MBarrierWaitOp::create(b, loc, barriers, stage, parity);
    }
    auto release = TensorMapReleaseOp::create(b, loc, barriers, slotWord);
    release.setThisThread(true);
    // The compute warps may be in their epilogue by then: nothing of theirs
    // may take the barriers' bytes.
    barriers.getDefiningOp()->setAttr(kLiveToEndAttrName,
                                      UnitAttr::get(b.getContext()));
  }

  /// The body's consumers read `stage` of each candidate's multi-stage
  /// buffer; the loads, their reshapes and their stores go.
  void readFromStage(MutableArrayRef<Candidate> candidates, Value stage) {
    for (Candidate c : candidates) {
      OpBuilder b(c.alloc);
      Value current = SubviewOp::create(
          b, c.alloc.getLoc(), c.alloc.getType(), multiBuffers.lookup(c.alloc),
          stage);
      c.store->erase();
      c.alloc.getResult().replaceAllUsesWith(current);
      c.alloc->erase();
      for (cuda_tile::ReshapeOp reshape : llvm::reverse(c.reshapes))
        reshape->erase();
      c.load->erase();
    }
  }

  /// A new loop with the old one's bounds and iter values plus `extraInits`,
  /// at `b`'s insertion point, the old body moved in (its arguments
  /// replaced by the new ones); the induction variable slices refer to is
  /// the new loop's.
  cuda_tile::ForOp moveIntoNewLoop(OpBuilder &b, ValueRange extraInits) {
    SmallVector<Value> inits(loop.getInitValues());
    llvm::append_range(inits, extraInits);
    auto newLoop = cuda_tile::ForOp::create(
        b, loop.getLoc(), loop.getLowerBound(), loop.getUpperBound(),
        loop.getStep(), inits, loop.getUnsignedCmp());
    if (Attribute mark = loop->getAttr(kOverlapProductsAttrName))
      newLoop->setAttr(kOverlapProductsAttrName, mark);
    Block *body = newLoop.getBody();
    Block *old = loop.getBody();
    for (auto [oldArg, newArg] :
         llvm::zip(old->getArguments(), body->getArguments()))
      oldArg.replaceAllUsesWith(newArg);
    body->getOperations().splice(body->end(), old->getOperations());
    inductionVar = newLoop.getInductionVar();
    return newLoop;
  }

  /// Clones the index computation of `c` for induction value `iv` at the
  /// builder's insertion point and issues the copy into `stage`.
  void emitCopy(OpBuilder &b, Candidate c, Value iv, Value stage,
                Value predicate) {
    IRMapping map;
    map.map(inductionVar, iv);
    for (Operation *op : c.slice)
      b.clone(*op, map);
    SmallVector<Value> indices;
    for (Value index : c.load.getIndex())
      indices.push_back(map.lookupOrDefault(index));
    Location loc = c.load.getLoc();
    Value buffer = multiBuffers.lookup(c.alloc);
    Value view = SubviewOp::create(
        b, loc, cast<SMemType>(buffer.getType()).getSingleStage(), buffer,
        stage);
    auto copy =
        AsyncCopyOp::create(b, loc, c.load.getView(), indices, view, predicate);
    // The user's `inbounds` promise holds for every iteration the loop
    // runs; a copy for an iteration past the end is off by its predicate.
    if (DenseBoolArrayAttr inbounds = c.load.getInboundsAttr())
      copy->setAttr(c.load.getInboundsAttrName(), inbounds);
  }

  /// `iv + k * step < ub`, compared as the loop compares.
  Value emitInRange(OpBuilder &b, Location loc, Value iv) {
    return cuda_tile::CmpIOp::create(
        b, loc, cuda_tile::ComparisonPredicate::LessThan, iv,
        loop.getUpperBound(),
        loop.getUnsignedCmp() ? cuda_tile::Signedness::Unsigned
                              : cuda_tile::Signedness::Signed);
  }

  /// `base + k * step` for a constant k.
  Value emitAdvance(OpBuilder &b, Location loc, Value base, int64_t k) {
    if (k == 0)
      return base;
    Type type = base.getType();
    Value factor = createIntConstant(b, loc, type, k);
    Value offset = cuda_tile::MulIOp::create(b, loc, loop.getStep(), factor);
    return cuda_tile::AddIOp::create(b, loc, base, offset);
  }

  /// Issues the TMA copies of induction value `iv` into `stage` when
  /// `inRange` (a value every thread agrees on); one thread copies
  /// (`tilegpu.leader_only`), arriving on mbarrier `stage` of `barriers`.
  /// With `empty` (the index of the stage's `empty` mbarrier) that thread
  /// first waits for its phase of parity `emptyParity`. Returns the `if`
  /// holding them.
  Operation *emitTmaCopies(OpBuilder &b, MutableArrayRef<Candidate> candidates,
                     Value iv, Value stage, Value inRange, Value barriers,
                     int64_t slotWord, Value empty = Value(),
                     Value emptyParity = Value()) {
    Location loc = loop.getLoc();
    auto guard = cuda_tile::IfOp::create(b, loc, TypeRange(), inRange,
                                         /*withElseRegion=*/false);
    setInsertionPointToBodyEnd(b, guard.getThenBlock());
    if (empty) {
      guard->setAttr(kMBarrierOrderedAttrName, UnitAttr::get(b.getContext()));
      auto wait = MBarrierWaitOp::create(b, loc, barriers, empty, emptyParity);
      wait->setAttr(kLeaderOnlyAttrName, UnitAttr::get(b.getContext()));
    }
    for (auto [i, c] : llvm::enumerate(candidates)) {
      IRMapping map;
      map.map(inductionVar, iv);
      for (Operation *op : c.slice)
        b.clone(*op, map);
      SmallVector<Value> indices;
      for (Value index : c.load.getIndex())
        indices.push_back(map.lookupOrDefault(index));
      Value buffer = multiBuffers.lookup(c.alloc);
      Value view = SubviewOp::create(
          b, c.load.getLoc(),
          cast<SMemType>(buffer.getType()).getSingleStage(), buffer, stage);
      auto copy = TmaCopyOp::create(b, c.load.getLoc(), c.load.getView(),
                                    indices, view, barriers, stage, slotWord,
                                    static_cast<int32_t>(i));
      copy->setAttr(kLeaderOnlyAttrName, UnitAttr::get(b.getContext()));
    }
    if (guard.getThenBlock()->empty() ||
        !guard.getThenBlock()->back().hasTrait<OpTrait::IsTerminator>())
      cuda_tile::YieldOp::create(b, loc, ValueRange());
    b.setInsertionPointAfter(guard);
    return guard;
  }

  /// Rewrites with `stages` buffers, copies issued `distance` iterations
  /// ahead, and `asyncDot` (if any) left in flight across iterations. With
  /// `tma`, one thread issues the copies with TMA and every thread waits
  /// for its stage on an mbarrier (`full[s]`, one arrival per copy with
  /// the bytes it brings; phase parity carried, flipping when the read
  /// stage wraps) instead of a cp.async group: the copies' address
  /// arithmetic and predicates leave every other thread, and the data is
  /// visible to the waiting threads without a CTA barrier.
  void rewrite(MutableArrayRef<Candidate> candidates, int64_t stages,
               int64_t distance, WarpGroupDotOp asyncDot,
               ArrayRef<AllocSharedOp> staging, bool tma,
               bool emptyBarriers) {
    Location loc = loop.getLoc();
    OpBuilder b(loop);
    MLIRContext *ctx = loop.getContext();
    for (Candidate c : candidates) {
      SMemType single = c.alloc.getType();
      auto type = SMemType::get(ctx, single.getShape(),
                                single.getElementType(), single.getLayout(),
                                stages);
      multiBuffers[c.alloc] =
          AllocSharedOp::create(b, c.alloc.getLoc(), type, IntegerAttr())
              .getResult();
    }
    // Staging buffers: two stages, the iteration's parity picks one, or
    // three in rotation.
    SmallVector<Value> doubled;
    for (AllocSharedOp alloc : staging) {
      SMemType single = alloc.getType();
      auto multi = AllocSharedOp::create(
          b, alloc.getLoc(),
          SMemType::get(ctx, single.getShape(), single.getElementType(),
                        single.getLayout(), stagingStages),
          IntegerAttr());
      if (stagingStages == 3)
        multi->setAttr(kStagingRotationAttrName, UnitAttr::get(ctx));
      doubled.push_back(multi.getResult());
    }

    // With TMA: mbarriers `full[s]` and, after them, the word holding the
    // CTA's tensor-map slot; the maps are written before the first copy.
    Type i32 = cuda_tile::TileType::get({}, IntegerType::get(ctx, 32));
    Value barriers;
    emptyBarriers &= tma;
    int64_t slotWord = emptyBarriers ? 2 * stages : stages;
    if (tma) {
      int64_t numBarriers = llvm::PowerOf2Ceil(slotWord + 1);
      llvm::Expected<tileir::SharedMemoryLayout> barrierLayout =
          tileir::SharedMemoryLayout::get({numBarriers},
                                          tileir::SwizzleSpec());
      if (!barrierLayout) {
        llvm::consumeError(barrierLayout.takeError());
        tma = false;
      } else {
        auto barrierType = SMemType::get(
            ctx, {numBarriers}, IntegerType::get(ctx, 64),
            SharedLayoutAttr::get(ctx, barrierLayout->getLayout()), 1);
        barriers = AllocSharedOp::create(b, loc, barrierType, IntegerAttr())
                       .getResult();
        TensorMapAcquireOp::create(b, loc, barriers, slotWord);
        SmallVector<int32_t> counts(stages,
                                    static_cast<int32_t>(candidates.size()));
        // `empty[s]`: one arrival per compute warpgroup.
        if (emptyBarriers)
          counts.append(stages, static_cast<int32_t>(getComputeWarps(
                                    cast<cuda_tile::EntryOp>(
                                        loop->getParentOp())) /
                                4));
        MBarrierInitOp::create(b, loc, barriers,
                               b.getDenseI32ArrayAttr(counts));
        SmallVector<TensorMapInitOp> inits;
        for (auto [i, c] : llvm::enumerate(candidates)) {
          auto init = TensorMapInitOp::create(
              b, c.load.getLoc(), c.load.getView(),
              multiBuffers.lookup(c.alloc), barriers, slotWord,
              static_cast<int32_t>(i));
          init->setAttr(kLeaderOnlyAttrName, UnitAttr::get(ctx));
          inits.push_back(init);
        }
        if (tensorMapsInShared)
          buildTensorMapsInShared(inits);
      }
    }

    // Prologue: the first `distance` iterations' copies, one group each.
    for (int64_t s = 0; s < distance; ++s) {
      Value iv = emitAdvance(b, loc, loop.getLowerBound(), s);
      Value inRange = emitInRange(b, loc, iv);
      Value stage = createIntConstant(b, loc, i32, s);
      if (tma) {
        emitTmaCopies(b, candidates, iv, stage, inRange, barriers, slotWord);
        continue;
      }
      for (Candidate c : candidates)
        emitCopy(b, c, iv, stage, inRange);
      AsyncCommitOp::create(b, loc);
    }

    // The loop, with the read and write stages carried along (and, with
    // TMA, the parity of the read stage's phase last).
    SmallVector<Value> carried;
    carried.push_back(createIntConstant(b, loc, i32, 0));
    carried.push_back(createIntConstant(b, loc, i32, distance));
    if (!staging.empty())
      carried.push_back(createIntConstant(b, loc, i32, 0));
    if (tma)
      carried.push_back(createIntConstant(b, loc, i32, 0));
    // With `empty` mbarriers, the parity of the write stage's use.
    if (emptyBarriers)
      carried.push_back(createIntConstant(b, loc, i32, 0));
    unsigned numCarried = carried.size();
    cuda_tile::ForOp newLoop = moveIntoNewLoop(b, carried);
    Block *body = newLoop.getBody();
    unsigned firstCarried = body->getNumArguments() - numCarried;
    Value readStage = body->getArgument(firstCarried);
    Value writeStage = body->getArgument(firstCarried + 1);
    Value iv = newLoop.getInductionVar();

    // Read and write stages differ in every iteration (1 <= distance < S).
    newLoop->setAttr(kDistinctStagesAttrName,
                     b.getDenseI64ArrayAttr(
                         {static_cast<int64_t>(firstCarried) - 1,
                          static_cast<int64_t>(firstCarried)}));

    b.setInsertionPointToStart(body);
    Value writePhase =
        emptyBarriers ? body->getArgument(body->getNumArguments() - 1)
                      : Value();
    Value phase =
        tma ? body->getArgument(body->getNumArguments() -
                                (emptyBarriers ? 2 : 1))
            : Value();
    Operation *firstWait =
        tma ? MBarrierWaitOp::create(b, loc, barriers, readStage, phase)
                  .getOperation()
            : AsyncWaitOp::create(b, loc, static_cast<int32_t>(distance - 1))
                  .getOperation();

    // With a product in flight across iterations, its issue is what the
    // tensor cores wait for: the copies (address arithmetic, predicates and
    // the copy instructions themselves) go after it and overlap with it.
    // They write a stage no product in flight reads (distance = S - 2) and
    // the barrier before the product already orders them after the reads
    // of the iteration before.
    if (asyncDot)
      b.setInsertionPointAfter(asyncDot);
    Value ahead = emitAdvance(b, loc, iv, distance);
    Value aheadInRange = emitInRange(b, loc, ahead);
    Operation *aheadCopies;
    Value numStages =
        emptyBarriers ? createIntConstant(b, loc, i32, stages) : Value();
    if (tma && emptyBarriers) {
      // Use u of a stage waits for phase u - 1 of its `empty` barrier
      // (parity (u + 1) % 2, which a fresh barrier passes at once).
      Value one = createIntConstant(b, loc, i32, 1);
      Value parity = cuda_tile::SubIOp::create(b, loc, one, writePhase);
      Value empty = cuda_tile::AddIOp::create(b, loc, writeStage, numStages);
      aheadCopies =
          emitTmaCopies(b, candidates, ahead, writeStage, aheadInRange,
                        barriers, slotWord, empty, parity);
    } else if (tma) {
      aheadCopies = emitTmaCopies(b, candidates, ahead, writeStage,
                                  aheadInRange, barriers, slotWord);
    } else {
      for (Candidate c : candidates)
        emitCopy(b, c, ahead, writeStage, aheadInRange);
      aheadCopies = AsyncCommitOp::create(b, loc);
    }
    // The next stages early, so that they dominate every `continue`.
    b.setInsertionPointAfter(firstWait);
    auto [nextRead, readWraps] = emitNextStage(b, loc, readStage, stages);
    auto [nextWrite, writeWraps] = emitNextStage(b, loc, writeStage, stages);
    SmallVector<Value> nextCarried{nextRead, nextWrite};
    Value nextPhase =
        tma ? emitNextPhase(b, loc, phase, readWraps) : Value();
    if (!staging.empty()) {
      Value parity = body->getArgument(firstCarried + 2);
      if (stagingStages == 3) {
        nextCarried.push_back(emitNextStage(b, loc, parity, 3).first);
      } else {
        Value one = createIntConstant(b, loc, i32, 1);
        nextCarried.push_back(
            cuda_tile::SubIOp::create(b, loc, one, parity).getResult());
      }
      for (auto [index, buffer] : llvm::enumerate(doubled)) {
        AllocSharedOp alloc = staging[index];
        b.setInsertionPoint(alloc);
        Value current = SubviewOp::create(b, alloc.getLoc(), alloc.getType(),
                                          buffer, parity);
        alloc.getResult().replaceAllUsesWith(current);
        alloc->erase();
      }
    }
    if (tma)
      nextCarried.push_back(nextPhase);
    if (emptyBarriers)
      nextCarried.push_back(emitNextPhase(b, loc, writePhase, writeWraps));

    // Consumers read this iteration's stage; the loads and their stores go.
    readFromStage(candidates, readStage);

    // Every warpgroup releases the stage once its products (complete in
    // the iteration, the stage's only readers) are done: at the end of the
    // body, its only `continue`.
    if (emptyBarriers) {
      b.setInsertionPoint(body->getTerminator());
      Value empty =
          cuda_tile::AddIOp::create(b, loc, readStage, numStages);
      MBarrierArriveOp::create(b, loc, barriers, empty,
                               /*per_warpgroup=*/true);
    }

    // Every `continue` of this loop passes the next stages along.
    SmallVector<cuda_tile::ContinueOp> continues;
    body->walk([&](cuda_tile::ContinueOp op) {
      Operation *parent = op->getParentOp();
      while (parent && isa<cuda_tile::IfOp>(parent))
        parent = parent->getParentOp();
      if (parent == newLoop.getOperation())
        continues.push_back(op);
    });
    for (cuda_tile::ContinueOp op : continues) {
      SmallVector<Value> operands(op->getOperands());
      operands.append(nextCarried);
      op->setOperands(operands);
    }
    if (continues.empty() || body->empty() ||
        !isa<cuda_tile::ContinueOp>(body->back())) {
      b.setInsertionPointToEnd(body);
      cuda_tile::ContinueOp::create(b, loc, nextCarried);
    }

    // The asynchronous product: the next iteration's product (the only
    // reader of its result) may start while it runs; the one before it
    // must be done, since its stage is refilled next. The wait follows the
    // copies issued behind the product.
    Value asyncResult;
    cuda_tile::IfOp tail;
    if (asyncDot) {
      asyncDot.setIsAsync(true);
      b.setInsertionPointAfter(aheadCopies);
      auto wait = WarpGroupDotWaitOp::create(
          b, asyncDot.getLoc(), TypeRange{asyncDot.getType()},
          ValueRange{asyncDot.getResult()}, 1);
      asyncDot.getResult().replaceAllUsesExcept(wait.getResult(0), wait);
      for (auto [i, v] : llvm::enumerate(body->getTerminator()->getOperands()))
        if (v == wait.getResult(0))
          asyncResult = newLoop->getResult(i);
      waitBeforeRegisterOperand(newLoop, asyncDot, wait, firstWait,
                                asyncResult, tail);
    }

    // Results, and the copies still in flight after the last iteration.
    if (asyncResult) {
      guardAsyncLoop(b, newLoop, asyncResult, tail);
    } else {
      for (auto [oldResult, newResult] :
           llvm::zip(loop->getResults(), newLoop->getResults()))
        oldResult.replaceAllUsesWith(newResult);
      b.setInsertionPointAfter(newLoop);
    }
    // Every copy issued was for an iteration that waited for it: none is in
    // flight any more, and no copy reads the maps.
    if (tma)
      TensorMapReleaseOp::create(b, loc, barriers, slotWord);
    else
      AsyncWaitOp::create(b, loc, 0);
    loop->erase();
  }

  /// An asynchronous product whose A operand is in registers reads those
  /// registers until it completes (PTX: they must not be written before
  /// the `wgmma.wait_group` that covers it), but its operand is rebuilt
  /// every iteration while the product stays in flight into the next one.
  /// ptxas does not rename the registers for us: a tf32 GEMM that read A
  /// into registers computed wrong results once its copies were fast
  /// enough (TMA) for the next iteration's loads to overtake the product.
  /// Where it can, prefetchRegisterOperand builds the operand in other
  /// registers while the product before it runs (the loop is unrolled by
  /// two; `tail` is then the `if` of an odd last iteration, whose results
  /// stand for the loop's). Otherwise the ops that
  /// build the operand move down to just before the product, and the
  /// previous product is waited for (pending = 0) right before them:
  /// whatever comes earlier in the body (waiting for the stage, staging the
  /// other operand) still overlaps with it.
  void waitBeforeRegisterOperand(cuda_tile::ForOp &newLoop,
                                 WarpGroupDotOp asyncDot,
                                 WarpGroupDotWaitOp wait, Operation *stageWait,
                                 Value &asyncResult, cuda_tile::IfOp &tail) {
    if (isa<SMemType>(asyncDot.getLhs().getType()))
      return;
    Block *body = newLoop.getBody();
    if (asyncDot->getBlock() != body)
      return;
    // The in-flight accumulator at the top of an iteration: the body
    // argument the wait's result is carried into.
    Value inFlight;
    for (auto [i, v] : llvm::enumerate(body->getTerminator()->getOperands()))
      if (v == wait.getResult(0))
        inFlight = newLoop.getRegionIterValues()[i];
    if (!inFlight)
      return;
    // The ops of this body that the operand is built from.
    llvm::SetVector<Operation *> chain;
    SmallVector<Value> work{asyncDot.getLhs()};
    while (!work.empty()) {
      Operation *def = work.pop_back_val().getDefiningOp();
      if (!def || def->getBlock() != body || def->getNumRegions() != 0 ||
          !chain.insert(def))
        continue;
      llvm::append_range(work, def->getOperands());
    }
    SmallVector<Operation *> ordered(chain.begin(), chain.end());
    llvm::sort(ordered,
               [](Operation *x, Operation *y) { return x->isBeforeInBlock(y); });
    if (prefetchOperands &&
        prefetchRegisterOperand(newLoop, asyncDot, ordered, stageWait,
                                asyncResult, tail))
      return;

    // Move the chain down when nothing else uses its values; otherwise the
    // wait goes before its first op where it is.
    bool movable = llvm::all_of(ordered, [&](Operation *op) {
      return llvm::all_of(op->getUsers(), [&](Operation *user) {
        return user == asyncDot.getOperation() || chain.contains(user);
      });
    });
    if (movable)
      for (Operation *op : ordered)
        op->moveBefore(asyncDot);
    OpBuilder b(ordered.empty() ? asyncDot.getOperation() : ordered.front());
    auto done = WarpGroupDotWaitOp::create(b, asyncDot.getLoc(),
                                           TypeRange{inFlight.getType()},
                                           ValueRange{inFlight}, 0);
    inFlight.replaceUsesWithIf(done.getResult(0), [&](OpOperand &use) {
      Operation *user = use.getOwner();
      return user != done.getOperation() &&
             done->getBlock()->findAncestorOpInBlock(*user) &&
             done->isBeforeInBlock(
                 done->getBlock()->findAncestorOpInBlock(*user));
    });
  }

  /// Builds the register operand of `asyncDot` (the ops `ordered`) right
  /// after its stage is there (`stageWait`), while the product before it
  /// still runs, and issues the product behind that one with no wait
  /// between them (the tensor cores chain products on one accumulator). The
  /// operand of the product in flight must then stay in its registers, but
  /// PTX names one register per definition and a loop body defines the
  /// operand once: the new operand would overwrite the old one. So the loop
  /// is unrolled by two (unrollByTwo): the two copies of the body build
  /// their operands in different registers, and each overwrites its own
  /// only after the wait with one product pending that ends the iteration
  /// before, which completes the product that read them, two iterations
  /// back. Only ops that read the pipelined stages or touch no memory
  /// move. Returns false, changing nothing, where the loop or the chain
  /// does not allow it.
  bool prefetchRegisterOperand(cuda_tile::ForOp &newLoop,
                               WarpGroupDotOp asyncDot,
                               ArrayRef<Operation *> ordered,
                               Operation *stageWait, Value &asyncResult,
                               cuda_tile::IfOp &tail) {
    Block *body = newLoop.getBody();
    if (!stageWait || stageWait->getBlock() != body ||
        !canUnrollByTwo(newLoop))
      return false;
    SmallVector<Operation *> moving;
    for (Operation *op : ordered) {
      if (op->isBeforeInBlock(stageWait))
        continue;
      auto load = dyn_cast<LocalLoadOp>(op);
      if (load ? !readsPipelinedStage(load) : !isMemoryEffectFree(op))
        return false;
      moving.push_back(op);
    }
    // What the moving ops use must be there right after the wait.
    for (Operation *op : moving)
      for (Value v : op->getOperands()) {
        Operation *def = v.getDefiningOp();
        if (!def || llvm::is_contained(moving, def))
          continue;
        Operation *ancestor = body->findAncestorOpInBlock(*def);
        if (ancestor && ancestor != stageWait &&
            !ancestor->isBeforeInBlock(stageWait))
          return false;
      }

    Operation *after = stageWait;
    for (Operation *op : moving) {
      op->moveAfter(after);
      after = op;
    }
    bool waitsOnMBarrier = isa<MBarrierWaitOp>(stageWait);
    tail = unrollByTwo(newLoop, asyncResult);
    if (hoistStaging && stagingStages == 3 && waitsOnMBarrier)
      hoistSecondStaging(newLoop);
    return true;
  }

  /// In a loop unrolled by two whose staging buffers rotate through three
  /// stages (kStagingRotationAttrName), moves the second copy's staging
  /// (the wait for its stage, the loads of that stage and the arithmetic
  /// that build what it stores, and the store) up to just before the wait
  /// that ends the first copy, so that it runs while both products in
  /// flight do, not only the first. The stage it writes was last read by
  /// the product three iterations back, which every warpgroup waited for
  /// before the barrier ahead of the first copy's product. Only the
  /// operand of the second product stays behind that wait (its registers
  /// are those of the product it completes). Nothing moves unless the
  /// body has that shape.
  void hoistSecondStaging(cuda_tile::ForOp loop) {
    Block *body = loop.getBody();
    SmallVector<WarpGroupDotOp> dots;
    for (Operation &op : *body)
      if (auto dot = dyn_cast<WarpGroupDotOp>(op))
        dots.push_back(dot);
    if (dots.size() != 2 || !dots[0].getResult().hasOneUse())
      return;
    auto firstWait =
        dyn_cast<WarpGroupDotWaitOp>(*dots[0].getResult().getUsers().begin());
    if (!firstWait || firstWait->getBlock() != body ||
        !dots[1]->isBeforeInBlock(body->getTerminator()) ||
        !firstWait->isBeforeInBlock(dots[1]))
      return;
    // The second copy's wait for its stage: the first mbarrier wait after
    // the first copy's wait.
    MBarrierWaitOp stageWait;
    for (Operation *op = firstWait->getNextNode(); op && op != dots[1];
         op = op->getNextNode())
      if ((stageWait = dyn_cast<MBarrierWaitOp>(op)))
        break;
    if (!stageWait ||
        llvm::any_of(stageWait->getOperands(), [&](Value v) {
          Operation *def = v.getDefiningOp();
          return def && def->getBlock() == body &&
                 !def->isBeforeInBlock(firstWait);
        }))
      return;
    auto isRotatingStage = [](Value buffer) {
      auto subview = buffer.getDefiningOp<SubviewOp>();
      auto alloc =
          subview ? subview.getBuffer().getDefiningOp<AllocSharedOp>() : nullptr;
      return alloc && alloc->hasAttr(kStagingRotationAttrName);
    };
    // The stores to the rotating staging buffers between the stage wait
    // and the second product, with the ops of that stretch they need.
    llvm::SetVector<Operation *> chain;
    for (Operation *op = stageWait->getNextNode(); op != dots[1].getOperation();
         op = op->getNextNode()) {
      auto store = dyn_cast<LocalStoreOp>(op);
      if (!store || !isRotatingStage(store.getBuffer()))
        continue;
      SmallVector<Operation *> work{store};
      while (!work.empty()) {
        Operation *current = work.pop_back_val();
        if (!chain.insert(current))
          continue;
        for (Value v : current->getOperands()) {
          Operation *def = v.getDefiningOp();
          if (!def || def->getBlock() != body || def == stageWait ||
              def->isBeforeInBlock(firstWait))
            continue;
          // Defined between the two waits: it would not reach the new place.
          if (def->isBeforeInBlock(stageWait) || def->getNumRegions() != 0)
            return;
          auto load = dyn_cast<LocalLoadOp>(def);
          if (load ? !readsPipelinedStage(load)
                   : !isMemoryEffectFree(def) && !isa<SubviewOp>(def))
            return;
          work.push_back(def);
        }
      }
    }
    if (chain.empty())
      return;
    SmallVector<Operation *> ordered(chain.begin(), chain.end());
    llvm::sort(ordered,
               [](Operation *x, Operation *y) { return x->isBeforeInBlock(y); });
    stageWait->moveBefore(firstWait);
    for (Operation *op : ordered)
      op->moveBefore(firstWait);
  }

  /// Whether `load` reads a stage of one of the loop's pipelined buffers.
  bool readsPipelinedStage(LocalLoadOp load) const {
    Value buffer = load.getBuffer();
    while (true) {
      if (auto permute = buffer.getDefiningOp<PermuteSharedOp>())
        buffer = permute.getBuffer();
      else if (auto subview = buffer.getDefiningOp<SubviewOp>())
        buffer = subview.getBuffer();
      else
        break;
    }
    return llvm::any_of(multiBuffers,
                        [&](auto &entry) { return entry.second == buffer; });
  }

  /// Whether unrollByTwo takes `loop`: from 0 in steps of 1, continuing
  /// only at the end of its body.
  static bool canUnrollByTwo(cuda_tile::ForOp loop) {
    return tileir::getConstantIntValue(loop.getLowerBound()) == 0 &&
           tileir::getConstantIntValue(loop.getStep()) == 1 &&
           !leavesEarly(loop, /*orReturns=*/false);
  }

  /// Replaces `loop` (canUnrollByTwo) with a loop over pairs of its
  /// iterations, two copies of its body each (`loop` then names it), and an
  /// `if` running the last iteration of an odd count; returns that `if`,
  /// whose results are the old loop's (`asyncResult` becomes its result).
  /// The pairs end at ub & -2: for a negative signed ub that is below ub,
  /// so the last iteration also needs it to be at least 0.
  static cuda_tile::IfOp unrollByTwo(cuda_tile::ForOp &loop,
                                     Value &asyncResult) {
    Location loc = loop.getLoc();
    OpBuilder b(loop);
    Value ub = loop.getUpperBound();
    Type type = ub.getType();
    Value pairUb = cuda_tile::AndIOp::create(
        b, loc, ub, createIntConstant(b, loc, type, -2));
    // Whether an odd last iteration remains (computed before the loops, so
    // that it stays in place when they move under the loop's guard).
    auto signedness = loop.getUnsignedCmp() ? cuda_tile::Signedness::Unsigned
                                            : cuda_tile::Signedness::Signed;
    Value odd = cuda_tile::CmpIOp::create(
        b, loc, cuda_tile::ComparisonPredicate::LessThan, pairUb, ub,
        signedness);
    if (!loop.getUnsignedCmp())
      odd = cuda_tile::AndIOp::create(
          b, loc, odd,
          cuda_tile::CmpIOp::create(
              b, loc, cuda_tile::ComparisonPredicate::GreaterThanOrEqual,
              pairUb, createIntConstant(b, loc, type, 0), signedness));
    auto pairs = cuda_tile::ForOp::create(
        b, loc, loop.getLowerBound(), pairUb,
        createIntConstant(b, loc, type, 2), loop.getInitValues(),
        loop.getUnsignedCmp());
    pairs->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
    Block *body = loop.getBody();
    auto cloneBody = [&](OpBuilder &cb, Value iv, ValueRange args) {
      IRMapping map;
      map.map(body->getArgument(0), iv);
      for (auto [arg, v] : llvm::zip(body->getArguments().drop_front(), args))
        map.map(arg, v);
      for (Operation &op : body->without_terminator())
        cb.clone(op, map);
      SmallVector<Value> next;
      for (Value v : body->getTerminator()->getOperands())
        next.push_back(map.lookupOrDefault(v));
      return next;
    };
    Block *pairBody = pairs.getBody();
    OpBuilder pb = OpBuilder::atBlockEnd(pairBody);
    SmallVector<Value> first = cloneBody(pb, pairs.getInductionVar(),
                                         pairBody->getArguments().drop_front());
    Value second = cuda_tile::AddIOp::create(
        pb, loc, pairs.getInductionVar(), createIntConstant(pb, loc, type, 1));
    cuda_tile::ContinueOp::create(pb, loc, cloneBody(pb, second, first));

    b.setInsertionPointAfter(pairs);
    auto tail = cuda_tile::IfOp::create(b, loc, loop->getResultTypes(), odd,
                                        /*withElseRegion=*/true);
    OpBuilder tb = OpBuilder::atBlockEnd(tail.getThenBlock());
    cuda_tile::YieldOp::create(tb, loc,
                               cloneBody(tb, pairUb, pairs.getResults()));
    OpBuilder eb = OpBuilder::atBlockEnd(tail.getElseBlock());
    cuda_tile::YieldOp::create(eb, loc, pairs.getResults());

    unsigned asyncIndex = cast<OpResult>(asyncResult).getResultNumber();
    for (auto [oldResult, newResult] :
         llvm::zip(loop->getResults(), tail->getResults()))
      oldResult.replaceAllUsesWith(newResult);
    loop->erase();
    loop = pairs;
    asyncResult = tail->getResult(asyncIndex);
    return tail;
  }

  /// Puts `newLoop` and the wait for its last product under `if lb < ub`,
  /// the loop's own entry test. ptxas serializes every wgmma of a kernel
  /// when other instructions define the accumulator's registers on a path
  /// to the wait that ends the pipeline: the copies of the initial value
  /// on the path that skips a loop (LLVM guards the loop it rotates) are
  /// such definitions. Under the `if` the skip path merges after the wait,
  /// and the loop's own guard folds away.
  void guardAsyncLoop(OpBuilder &b, cuda_tile::ForOp newLoop,
                      Value asyncResult, cuda_tile::IfOp tail = nullptr) {
    Location loc = loop.getLoc();
    b.setInsertionPoint(newLoop);
    Value entered = emitInRange(b, loc, loop.getLowerBound());
    auto guard = cuda_tile::IfOp::create(b, loc, loop->getResultTypes(),
                                         entered, /*withElseRegion=*/true);
    newLoop->moveBefore(guard.getThenBlock(), guard.getThenBlock()->end());
    // An unrolled loop's results come out of the `if` of its last iteration.
    Operation *last = newLoop.getOperation();
    if (tail) {
      tail->moveBefore(guard.getThenBlock(), guard.getThenBlock()->end());
      last = tail.getOperation();
    }
    b.setInsertionPointAfter(last);
    auto wait = WarpGroupDotWaitOp::create(
        b, loc, TypeRange{asyncResult.getType()}, ValueRange{asyncResult}, 0);
    SmallVector<Value> results;
    for (unsigned i = 0, e = loop->getNumResults(); i < e; ++i) {
      Value r = last->getResult(i);
      results.push_back(r == asyncResult ? wait.getResult(0) : r);
    }
    cuda_tile::YieldOp::create(b, loc, results);
    b.setInsertionPointToEnd(guard.getElseBlock());
    cuda_tile::YieldOp::create(b, loc, loop.getInitValues());
    for (auto [oldResult, newResult] :
         llvm::zip(loop->getResults(), guard->getResults()))
      oldResult.replaceAllUsesWith(newResult);
    b.setInsertionPointAfter(guard);
  }

  cuda_tile::ForOp loop;
  /// The induction variable the index slices refer to (the new loop's once
  /// the body has moved).
  Value inductionVar;
  const tileir::GPUTarget &target;
  int64_t sharedBudget;
  int64_t soloBudget;
  unsigned requestedStages;
  bool warpSpecialize;
  /// Producer warps a warp-specialized kernel gets (whole warpgroups).
  int64_t producerWarps;
  /// Whether TMA may feed a warp-specialized loop, whether it does (one
  /// producer thread, tensor maps built on the device), and why not.
  bool tmaAllowed;
  bool useTma = false;
  std::string notTma;
  /// x ids per group of a GEMM kernel's grouped raster (1: none).
  int64_t rasterGroup;
  int64_t ctas;
  /// Whether an unspecialized TMA loop may release stages on `empty`
  /// mbarriers instead of a CTA barrier.
  bool emptyBarriersAllowed;
  /// Whether a register operand may be built while the product before it
  /// runs (prefetchRegisterOperand).
  bool prefetchOperands;
  /// Stages a staging buffer may rotate through (2 or 3).
  unsigned maxStagingStages;
  /// Stages of this loop's staging buffers.
  int64_t stagingStages = 2;
  /// Whether hoistSecondStaging may run.
  bool hoistStaging;
  /// Whether an unspecialized loop of one compute warpgroup may copy with
  /// TMA (canCopyWithTma).
  bool tmaOneWarpgroup;
  /// Whether tensor maps are built in shared memory (buildTensorMapsInShared).
  bool tensorMapsInShared;
  /// Whether a warp-specialized loop's producer thread frees the slot.
  bool producerReleasesMaps;
  /// The multi-stage buffer replacing each single-stage one.
  DenseMap<Operation *, Value> multiBuffers;
};

/// How many CTAs the kernel wants on one SM: its occupancy hint, or
/// `override` when nonzero, or two for a kernel of one warpgroup (its own
/// warps cannot hide a stall while the other CTA's can); `fromHint` says
/// whether the hint decided.
int64_t getWantedCTAsPerSM(cuda_tile::EntryOp entry,
                           const tileir::GPUTarget &target, unsigned override,
                           bool &fromHint) {
  fromHint = false;
  int64_t ctas = 1;
  if (auto warps = entry->getAttrOfType<IntegerAttr>(kNumWarpsAttrName);
      warps && warps.getInt() <= 4)
    ctas = 2;
  if (override)
    ctas = std::min<unsigned>(override, 32);
  if (auto hints = entry->getAttrOfType<cuda_tile::OptimizationHintsAttr>(
          "optimization_hints"))
    if (std::optional<int64_t> occupancy = hints.getOccupancy(target.name);
        occupancy && *occupancy >= 1 && *occupancy <= 32) {
      ctas = *occupancy;
      fromHint = true;
    }
  return ctas;
}

/// Whether `a` and `b` lie in different branches of one `if` (the innermost
/// op holding both), so that no thread runs both.
static bool inExclusiveBranches(Operation *a, Operation *b) {
  for (Region *region = a->getParentRegion(); region;
       region = region->getParentRegion()) {
    Operation *holder = region->getParentOp();
    if (!holder->isProperAncestor(b))
      continue;
    return isa<cuda_tile::IfOp>(holder) &&
           !region->isAncestor(b->getParentRegion());
  }
  return false;
}

/// Shared memory a pipelined loop may use when `ctas` CTAs share the SM:
/// the target's per-CTA limit, or the SM's share of each CTA, minus every
/// other buffer of the kernel outside the other branch of an `if` around
/// the loop and the largest scratch of an op in the loop (both may be live
/// while the loop runs).
int64_t getSharedBudget(cuda_tile::ForOp loop, cuda_tile::EntryOp entry,
                        const tileir::GPUTarget &target, int64_t ctas) {
  int64_t limit = static_cast<int64_t>(target.maxSharedBytesPerBlockOptin);
  if (const tileir::ResourceModel *model =
          tileir::lookupResourceModel(target.name);
      model && ctas > 1)
    limit = std::min<int64_t>(
        limit, static_cast<int64_t>(model->sharedBytesPerSM) / ctas -
                   static_cast<int64_t>(model->reservedSharedBytesPerCTA));
  int64_t others = 0;
  // Buffers in the other branch of an `if` around the loop never live at
  // the same time as the loop's (tileir-plan-shared-memory places them by
  // liveness, so they share bytes).
  entry.walk([&](AllocSharedOp alloc) {
    if (alloc->getBlock() != loop.getBody() &&
        !inExclusiveBranches(alloc, loop))
      others += alloc.getType().getTotalBytes();
  });
  int64_t scratch = 0;
  loop.getBody()->walk([&](Operation *op) {
    scratch = std::max(scratch, getScratchBytes(op));
  });
  return limit - others - static_cast<int64_t>(llvm::alignTo(scratch, 1024));
}

struct PipelineLoopsPass
    : public tilegpu::impl::TileIRPipelineLoopsPassBase<PipelineLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    const tileir::GPUTarget *gpu = tileir::lookupGPUTarget(target);
    if (!gpu)
      return;
    for (Operation &top : getOperation()->getRegion(0).front()) {
      auto entry = dyn_cast<cuda_tile::EntryOp>(top);
      if (!entry)
        continue;
      // Innermost loops first: their stages take shared memory before
      // enclosing loops ask for theirs.
      SmallVector<cuda_tile::ForOp> loops;
      entry.walk([&](cuda_tile::ForOp loop) { loops.push_back(loop); });
      bool fromHint = false;
      int64_t ctas = getWantedCTAsPerSM(entry, *gpu, this->ctas, fromHint);
      for (cuda_tile::ForOp loop : loops) {
        int64_t budget = getSharedBudget(loop, entry, *gpu, ctas);
        int64_t solo = fromHint || ctas == 1
                           ? budget
                           : getSharedBudget(loop, entry, *gpu, 1);
        LoopPipeliner(loop, *gpu, budget, solo, stages, warpSpecialize,
                      producerWarps == 8 ? 8 : 4, tma,
                      groupedRaster ? std::clamp<int64_t>(rasterGroup, 1, 64)
                                    : 1,
                      ctas, emptyBarriers, prefetchOperands,
                      stagingStages, hoistStaging, tmaOneWarpgroup,
                      tensorMapsInShared, producerReleasesMaps)
            .run();
      }
    }
  }
};

} // namespace
