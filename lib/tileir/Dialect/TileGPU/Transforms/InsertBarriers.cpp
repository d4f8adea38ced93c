//===- InsertBarriers.cpp - Barriers from shared-memory dependences -------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Places `tilegpu.barrier` where threads would otherwise race on shared
// memory. Runs after tileir-plan-shared-memory, so every buffer and every
// op's scratch has a byte range, and two accesses conflict when their
// ranges overlap and one writes (buffers sharing bytes by liveness included).
//
// A forward walk over the structured program keeps the accesses made since
// the last barrier:
//  - local_store writes its buffer; local_load reads it; warpgroup_dot
//    reads its operands through the async proxy (and is done with them when
//    it returns);
//  - async_copy writes its buffer when its group completes: it must not
//    start while another thread may still read or write the bytes, and it
//    becomes a pending write at the next async_wait;
//  - an op with scratch begins with a barrier of its own (its lowering's)
//    and leaves its range read and written.
// An access that conflicts with a pending one gets a barrier before it,
// which clears the state. Writes that warpgroup_dot reads must also be
// fenced against the async proxy (`fence.proxy.async` by every writing
// thread, then a barrier). That fence waits for the thread's memory
// operations, so it goes only on the barrier before the async read: an
// earlier barrier (before a transposition reads a copied stage, say) leaves
// the writes it orders "unfenced", and the barrier before the read fences
// them all at once. Where deferring would make the async read need a
// barrier of its own, every barrier fences its async-read writes instead.
// The `if` holding a warp-specialized kernel's producer warps is
// skipped: mbarriers order its copies with the compute warps' reads, and
// the compute warps' own barriers count only them. So is the `if` of an
// unspecialized loop's TMA refills that wait on `empty` mbarriers
// (`tilegpu.mbarrier_ordered`). Loops are walked to a fixpoint with the state of their previous
// iteration joined in, and `if` joins its branches; whatever the analysis
// cannot tell apart (stages of one buffer, both branches) counts as one
// range, which only adds barriers. Stages are told apart only where the
// program says so: two constant stage indices that differ, or two
// loop-carried stage indices a loop declares distinct in every iteration
// (`tilegpu.distinct_stages`, set by tileir-pipeline-loops), or the next
// stages of two such indices in one rotation. A stage index
// defined in a loop means another stage in the next iteration, so the
// accesses carried around the back edge lose theirs. A staging buffer that
// tileir-pipeline-loops rotates through three stages
// (`tilegpu.staging_rotation`) is ordered only between accesses through one
// stage index: an access of another iteration never needs a barrier there.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TileGPU/Transforms/Passes.h"

#include "tileir/Dialect/TileGPU/IR/TensorMap.h"
#include "tileir/Dialect/TileGPU/Transforms/SharedMemory.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseSet.h"

#include <utility>

namespace mlir::tilegpu {
#define GEN_PASS_DEF_TILEIRINSERTBARRIERSPASS
#include "tileir/Dialect/TileGPU/Transforms/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

/// A byte range of the kernel's shared memory, [lo, hi).
struct Range {
  int64_t lo = 0, hi = 0;
  bool overlaps(const Range &o) const { return lo < o.hi && o.lo < hi; }
  bool operator==(const Range &o) const { return lo == o.lo && hi == o.hi; }
};

struct Access {
  Range range;
  bool write = false;
  /// The stage of a multi-stage buffer accessed, when known; null means any
  /// stage of `range`.
  Value stage;
  bool operator==(const Access &o) const {
    return range == o.range && write == o.write && stage == o.stage;
  }
};

/// A range an asynchronous copy writes, with its stage as in Access.
struct AsyncWrite {
  Range range;
  Value stage;
  /// A TMA copy: it lands when its mbarrier's phase completes, and the
  /// threads that waited for that phase see its data without a barrier.
  bool tma = false;
  bool operator==(const AsyncWrite &o) const {
    return range == o.range && stage == o.stage && tma == o.tma;
  }
};

/// Whether `v` is defined in `body` or in a region nested in it.
bool isDefinedIn(Value v, Block &body) {
  Block *block = v.getParentBlock();
  Operation *owner = body.getParentOp();
  return block == &body ||
         (block && owner->isProperAncestor(block->getParentOp()));
}

/// What the threads may have done to shared memory since the last barrier.
struct State {
  SmallVector<Access> pending;
  /// Asynchronous copies issued and not yet waited for.
  SmallVector<AsyncWrite> inFlight;
  /// Writes that the async proxy reads, ordered with the other threads by a
  /// barrier but not yet fenced: the async proxy may not see them until
  /// every thread has run `fence.proxy.async` and a barrier after it.
  SmallVector<Access> unfenced;

  void add(Access a) {
    if (!llvm::is_contained(pending, a))
      pending.push_back(a);
  }
  void addUnfenced(Access a) {
    if (!llvm::is_contained(unfenced, a))
      unfenced.push_back(a);
  }
  void join(const State &o) {
    for (const Access &a : o.pending)
      add(a);
    for (const Access &a : o.unfenced)
      addUnfenced(a);
    for (const AsyncWrite &w : o.inFlight)
      if (!llvm::is_contained(inFlight, w))
        inFlight.push_back(w);
  }
  /// The state as the next iteration of `body`'s loop sees it: stage
  /// indices defined in the body name other stages there.
  State acrossBackEdge(Block &body) const {
    State out;
    for (Access a : pending) {
      if (a.stage && isDefinedIn(a.stage, body))
        a.stage = Value();
      out.add(a);
    }
    for (Access a : unfenced) {
      if (a.stage && isDefinedIn(a.stage, body))
        a.stage = Value();
      out.addUnfenced(a);
    }
    for (AsyncWrite w : inFlight) {
      if (w.stage && isDefinedIn(w.stage, body))
        w.stage = Value();
      if (!llvm::is_contained(out.inFlight, w))
        out.inFlight.push_back(w);
    }
    return out;
  }
  bool contains(const State &o) const {
    return llvm::all_of(o.pending,
                        [&](const Access &a) {
                          return llvm::is_contained(pending, a);
                        }) &&
           llvm::all_of(o.unfenced,
                        [&](const Access &a) {
                          return llvm::is_contained(unfenced, a);
                        }) &&
           llvm::all_of(o.inFlight, [&](const AsyncWrite &w) {
             return llvm::is_contained(inFlight, w);
           });
  }
};

/// The shared-memory effects of one op.
struct Effects {
  SmallVector<Access> accesses;
  /// Reads through the async proxy (wgmma).
  bool asyncProxyRead = false;
  /// Starts asynchronous writes of these ranges.
  SmallVector<AsyncWrite> asyncWrites;
  /// Completes every cp.async copy in flight.
  bool waitsForCopies = false;
  /// Waits on an mbarrier: TMA copies in flight land (the pipeliner waits
  /// for a stage before reading it).
  bool waitsForTma = false;
  /// Synchronizes the CTA first (its lowering begins with a barrier).
  bool startsWithBarrier = false;
  /// Is a barrier.
  bool isBarrier = false;
  /// Is a barrier that fences the generic proxy against the async proxy.
  bool fences = false;
};

class BarrierPlacer {
public:
  explicit BarrierPlacer(cuda_tile::EntryOp entry) {
    // Ranges the async proxy reads: writes to them need the proxy fence.
    entry.walk([&](WarpGroupDotOp op) {
      if (isa<SMemType>(op.getLhs().getType()))
        asyncRead.push_back(getRange(op.getLhs()));
      asyncRead.push_back(getRange(op.getRhs()));
    });
    entry.walk([&](AllocSharedOp alloc) {
      if (alloc->hasAttr(kStagingRotationAttrName))
        rotatingStaging.push_back(getRange(alloc.getResult()));
    });
    entry.walk([&](cuda_tile::ForOp loop) {
      auto indices =
          loop->getAttrOfType<DenseI64ArrayAttr>(kDistinctStagesAttrName);
      if (!indices)
        return;
      // Iter value k is body argument k + 1 (after the induction variable).
      // The loop's results are its last iteration's next stages, distinct
      // as well (the odd last iteration of a loop unrolled by two uses them).
      SmallVector<Value> args, results;
      for (int64_t k : indices.asArrayRef())
        if (k >= 0 && k + 1 < loop.getBody()->getNumArguments()) {
          args.push_back(loop.getBody()->getArgument(k + 1));
          results.push_back(loop->getResult(k));
        }
      for (ArrayRef<Value> group :
           {ArrayRef<Value>(args), ArrayRef<Value>(results)})
        for (Value a : group)
          for (Value b : group)
            if (a != b)
              distinctStages.insert({a, b});
    });
  }

  /// Places the barriers of `block`. A fence is first deferred to the
  /// barrier before the async proxy reads; where that would need a barrier
  /// of its own, every barrier fences the async-read writes it orders.
  void run(Block &block) {
    deferFences = true;
    process(block, State(), /*insert=*/false);
    if (deferralAddsBarrier)
      deferFences = false;
    process(block, State(), /*insert=*/true);
  }

private:
  /// The bytes of the buffer behind `value` (all stages of a subview's
  /// buffer: the stage index is not known here).
  static Range getRange(Value value) {
    while (Operation *def = value.getDefiningOp()) {
      if (auto subview = dyn_cast<SubviewOp>(def))
        value = subview.getBuffer();
      else if (auto permute = dyn_cast<PermuteSharedOp>(def))
        value = permute.getBuffer();
      else
        break;
    }
    auto alloc = value.getDefiningOp<AllocSharedOp>();
    auto type = cast<SMemType>(value.getType());
    if (!alloc || !alloc.getOffset())
      return {0, INT64_MAX}; // Unplaced: conflicts with everything.
    int64_t lo = static_cast<int64_t>(*alloc.getOffset());
    return {lo, lo + type.getTotalBytes()};
  }

  /// The stage index of the subview behind `value`, if it is one.
  static Value getStage(Value value) {
    while (auto permute = value.getDefiningOp<PermuteSharedOp>())
      value = permute.getBuffer();
    if (auto subview = value.getDefiningOp<SubviewOp>())
      return subview.getIndex();
    return Value();
  }

  static Access getAccess(Value buffer, bool write) {
    return {getRange(buffer), write, getStage(buffer)};
  }

  static Effects getEffects(Operation *op) {
    Effects e;
    if (auto barrier = dyn_cast<BarrierOp>(op)) {
      e.isBarrier = true;
      e.fences = barrier.getAsyncProxy();
    } else if (isa<MBarrierInitOp>(op)) {
      e.isBarrier = true;
    } else if (auto store = dyn_cast<LocalStoreOp>(op)) {
      e.accesses.push_back(getAccess(store.getBuffer(), true));
    } else if (auto load = dyn_cast<LocalLoadOp>(op)) {
      e.accesses.push_back(getAccess(load.getBuffer(), false));
    } else if (auto dot = dyn_cast<WarpGroupDotOp>(op)) {
      if (isa<SMemType>(dot.getLhs().getType()))
        e.accesses.push_back(getAccess(dot.getLhs(), false));
      e.accesses.push_back(getAccess(dot.getRhs(), false));
      e.asyncProxyRead = true;
    } else if (auto copy = dyn_cast<AsyncCopyOp>(op)) {
      e.asyncWrites.push_back(
          {getRange(copy.getBuffer()), getStage(copy.getBuffer())});
    } else if (auto copy = dyn_cast<TmaCopyOp>(op)) {
      e.asyncWrites.push_back({getRange(copy.getBuffer()),
                               getStage(copy.getBuffer()), /*tma=*/true});
    } else if (auto wait = dyn_cast<MBarrierWaitOp>(op)) {
      // The wait reads the barrier word: nothing may reuse its bytes before
      // every thread is past it.
      e.accesses.push_back(getAccess(wait.getBarriers(), false));
      e.waitsForTma = true;
    } else if (auto release = dyn_cast<TensorMapReleaseOp>(op)) {
      e.accesses.push_back(getAccess(release.getBarriers(), false));
    } else if (isa<AsyncWaitOp>(op)) {
      e.waitsForCopies = true;
    } else if (int64_t bytes = getScratchBytes(op); bytes > 0) {
      int64_t lo = 0;
      if (auto attr = op->getAttrOfType<IntegerAttr>(kScratchOffsetAttrName))
        lo = attr.getInt();
      // Lowerings that use scratch begin with a barrier, except matrix
      // products, whose operands may turn out to move in registers only.
      e.startsWithBarrier =
          !isa<cuda_tile::MmaFOp, cuda_tile::MmaIOp, cuda_tile::MmaFScaledOp>(
              op);
      e.accesses.push_back({{lo, lo + bytes}, true, Value()});
    }
    return e;
  }

  bool readByAsyncProxy(const Range &r) const {
    return llvm::any_of(asyncRead,
                        [&](const Range &a) { return a.overlaps(r); });
  }

  /// The stage index `v` advances from, when it is the next stage of a
  /// rotation through `last` + 1 stages as tileir-pipeline-loops computes it,
  /// select(x == last, 0, x + 1); `last` is set then.
  static Value getAdvancedFrom(Value v, int64_t &last) {
    auto select = v.getDefiningOp<cuda_tile::SelectOp>();
    if (!select)
      return Value();
    auto wraps = select.getCond().getDefiningOp<cuda_tile::CmpIOp>();
    auto plusOne = select.getValIfFalse().getDefiningOp<cuda_tile::AddIOp>();
    if (!wraps || !plusOne ||
        wraps.getComparisonPredicate() !=
            cuda_tile::ComparisonPredicate::Equal ||
        wraps.getLhs() != plusOne.getLhs() ||
        tileir::getConstantIntValue(select.getValIfTrue()) != 0 ||
        tileir::getConstantIntValue(plusOne.getRhs()) != 1)
      return Value();
    std::optional<int64_t> bound = tileir::getConstantIntValue(wraps.getRhs());
    if (!bound)
      return Value();
    last = *bound;
    return wraps.getLhs();
  }

  /// Whether two stage indices of one buffer name different stages.
  bool areDistinctStages(Value a, Value b) const {
    if (!a || !b || a == b)
      return false;
    if (distinctStages.contains({a, b}))
      return true;
    // The next stages of two different stages of one rotation differ too
    // (the rotation is one-to-one on the stage indices 0..last it moves
    // through): the second copy of a loop body unrolled by two reads and
    // writes stages advanced from the loop's.
    int64_t lastA = 0, lastB = 0;
    Value fromA = getAdvancedFrom(a, lastA);
    Value fromB = getAdvancedFrom(b, lastB);
    if (fromA && fromB && lastA == lastB && areDistinctStages(fromA, fromB))
      return true;
    auto ca = a.getDefiningOp<cuda_tile::ConstantOp>();
    auto cb = b.getDefiningOp<cuda_tile::ConstantOp>();
    if (!ca || !cb)
      return false;
    auto va = dyn_cast<DenseIntElementsAttr>(ca.getValue());
    auto vb = dyn_cast<DenseIntElementsAttr>(cb.getValue());
    return va && vb && va.isSplat() && vb.isSplat() &&
           va.getSplatValue<APInt>() != vb.getSplatValue<APInt>();
  }

  /// Whether `a`, made since the last barrier, and `b`, about to be made,
  /// may touch the same bytes. In a staging buffer rotating through three
  /// stages (kStagingRotationAttrName), `b` through a known stage index
  /// meets only accesses through that same index: the others are other
  /// iterations' stages, or a stage that every product reading it finished
  /// before a barrier since.
  bool mayOverlap(const Access &a, const Access &b) const {
    if (!a.range.overlaps(b.range))
      return false;
    if (a.range == b.range && b.stage &&
        llvm::is_contained(rotatingStaging, b.range))
      return a.stage == b.stage;
    return !(a.range == b.range && areDistinctStages(a.stage, b.stage));
  }

  /// Whether `state` has an access conflicting with `a`.
  bool conflicts(const State &state, const Access &a) const {
    return llvm::any_of(state.pending, [&](const Access &p) {
      return (p.write || a.write) && mayOverlap(p, a);
    });
  }

  /// Whether a barrier in `state` has async-read writes to fence.
  bool hasUnfencedWrites(const State &state) const {
    return !state.unfenced.empty() ||
           llvm::any_of(state.pending, [&](const Access &p) {
             return p.write && readByAsyncProxy(p.range);
           });
  }

  /// The effect of a barrier on `state`: the threads' accesses are ordered;
  /// async-read writes are visible to the async proxy only if it `fence`s.
  void passBarrier(State &state, bool fence) {
    if (fence) {
      state.unfenced.clear();
    } else {
      for (const Access &p : state.pending)
        if (p.write && readByAsyncProxy(p.range))
          state.addUnfenced(p);
    }
    state.pending.clear();
  }

  /// A barrier before `op` (when `insert`), clearing `state`; it fences
  /// when the writes it orders are read by the async proxy, at once unless
  /// fences are deferred to the barrier before the async read.
  void barrier(Operation *op, State &state, bool insert,
               bool beforeAsyncRead) {
    bool fence =
        (beforeAsyncRead || !deferFences) && hasUnfencedWrites(state);
    if (insert) {
      OpBuilder b(op);
      BarrierOp::create(b, op->getLoc(), fence);
    }
    if (sites)
      sites->insert(op);
    passBarrier(state, fence);
  }

  State process(Block &block, State state, bool insert) {
    for (Operation &op : llvm::make_early_inc_range(block)) {
      if (auto forOp = dyn_cast<cuda_tile::ForOp>(op)) {
        state = processLoop(&op, *forOp.getBody(), state, insert);
        continue;
      }
      if (auto loopOp = dyn_cast<cuda_tile::LoopOp>(op)) {
        state = processLoop(&op, *loopOp.getBody(), state, insert);
        continue;
      }
      if (auto ifOp = dyn_cast<cuda_tile::IfOp>(op)) {
        // The producer warps of a warp-specialized kernel synchronize with
        // the compute warps through mbarriers only, and run nothing else;
        // so do the refills of an unspecialized loop with `empty`
        // mbarriers.
        if (op.hasAttr(kProducerAttrName) ||
            op.hasAttr(kMBarrierOrderedAttrName))
          continue;
        State out = process(*ifOp.getThenBlock(), state, insert);
        if (Block *otherwise = ifOp.getElseBlock())
          out.join(process(*otherwise, state, insert));
        else
          out.join(state);
        state = out;
        continue;
      }
      Effects e = getEffects(&op);
      if (e.isBarrier || e.startsWithBarrier) {
        // A barrier already there fences as an inserted one would.
        bool fence = e.fences;
        if (!fence && !deferFences && hasUnfencedWrites(state)) {
          fence = true;
          if (insert) {
            if (auto existing = dyn_cast<BarrierOp>(op))
              existing.setAsyncProxy(true);
            else {
              OpBuilder b(&op);
              FenceAsyncProxyOp::create(b, op.getLoc());
            }
          }
        }
        passBarrier(state, fence);
      } else {
        bool needed = llvm::any_of(e.accesses, [&](const Access &a) {
          return conflicts(state, a);
        });
        for (const AsyncWrite &w : e.asyncWrites)
          needed |= conflicts(state, {w.range, true, w.stage});
        // The async proxy sees generic writes only after a fence and a
        // barrier, even the reading thread's own.
        if (e.asyncProxyRead) {
          needed |= llvm::any_of(e.accesses, [&](const Access &a) {
            return llvm::any_of(state.pending, [&](const Access &p) {
              return p.write && mayOverlap(p, a);
            });
          });
          // Writes ordered by a barrier without a fence need one more.
          bool unfenced = llvm::any_of(e.accesses, [&](const Access &a) {
            return llvm::any_of(state.unfenced, [&](const Access &p) {
              return mayOverlap(p, a);
            });
          });
          if (unfenced && !needed && deferFences)
            deferralAddsBarrier = true;
          needed |= unfenced;
        }
        if (needed)
          barrier(&op, state, insert, e.asyncProxyRead);
      }
      for (const Access &a : e.accesses)
        state.add(a);
      for (const AsyncWrite &w : e.asyncWrites)
        if (!llvm::is_contained(state.inFlight, w))
          state.inFlight.push_back(w);
      if (e.waitsForCopies) {
        for (const AsyncWrite &w : state.inFlight)
          if (!w.tma)
            state.add({w.range, true, w.stage});
        llvm::erase_if(state.inFlight,
                       [](const AsyncWrite &w) { return !w.tma; });
      }
      if (e.waitsForTma)
        llvm::erase_if(state.inFlight,
                       [](const AsyncWrite &w) { return w.tma; });
    }
    return state;
  }

  /// The barriers `body`'s loop places when entered in `before` (a dry
  /// run).
  size_t countBarriers(Block &body, const State &before) {
    DenseSet<Operation *> found;
    DenseSet<Operation *> *outer = std::exchange(sites, &found);
    bool added = deferralAddsBarrier;
    iterate(body, before, /*insert=*/false);
    sites = outer;
    deferralAddsBarrier = added;
    return found.size();
  }

  /// A loop `loop` whose body needs barriers only because of accesses made
  /// before it gets one barrier before it instead (run once, not every
  /// iteration): a loop of products over operands stored before it, say.
  /// Checked for the two outermost levels of loops only: each check is two
  /// dry runs of the body, nested checks multiply.
  State processLoop(Operation *loop, Block &body, State before, bool insert) {
    if (loopDepth < 2 &&
        (!before.pending.empty() || !before.unfenced.empty())) {
      State cleared = before;
      passBarrier(cleared, hasUnfencedWrites(cleared));
      ++loopDepth;
      bool hoist = countBarriers(body, cleared) < countBarriers(body, before);
      --loopDepth;
      // Only fences deferred past a barrier ask for it: fencing at that
      // barrier instead costs no barrier.
      if (hoist && before.pending.empty() && deferFences)
        deferralAddsBarrier = true;
      if (hoist)
        barrier(loop, before, insert, /*beforeAsyncRead=*/true);
    }
    ++loopDepth;
    State out = iterate(body, before, insert);
    --loopDepth;
    return out;
  }

  /// A loop body runs with the state before the loop or after its own
  /// previous iteration; the state after the loop is either.
  State iterate(Block &body, const State &before, bool insert) {
    State entry = before;
    for (unsigned round = 0; round < 8; ++round) {
      State out = process(body, entry, /*insert=*/false);
      State joined = entry;
      joined.join(out.acrossBackEdge(body));
      if (entry.contains(joined))
        break;
      entry = joined;
    }
    State out = process(body, entry, insert).acrossBackEdge(body);
    out.join(before);
    return out;
  }

  SmallVector<Range> asyncRead;
  /// Staging buffers rotating through three stages.
  SmallVector<Range> rotatingStaging;
  /// Where barriers go in a dry run that counts them, when one runs.
  DenseSet<Operation *> *sites = nullptr;
  /// Loops around the op being placed.
  unsigned loopDepth = 0;
  /// Whether barriers fence only before the async proxy reads.
  bool deferFences = true;
  /// Whether deferring a fence made an async read need a barrier that it
  /// would not need otherwise.
  bool deferralAddsBarrier = false;
  /// Pairs of stage indices that never name the same stage.
  DenseSet<std::pair<Value, Value>> distinctStages;
};

struct InsertBarriersPass
    : public tilegpu::impl::TileIRInsertBarriersPassBase<InsertBarriersPass> {
  using Base::Base;

  void runOnOperation() override {
    for (Operation &top : getOperation()->getRegion(0).front())
      if (auto entry = dyn_cast<cuda_tile::EntryOp>(top))
        BarrierPlacer(entry).run(entry.getBody().front());
  }
};

} // namespace
