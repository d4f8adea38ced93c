//===- PlanResources.cpp - Register cap, CTAs per SM and clusters ---------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The `occupancy` hint asks for N CTAs of a kernel resident on one SM. What
// limits residency is known before code generation except the registers:
// threads per CTA (tilegpu.num_warps), shared memory per CTA
// (tilegpu.shared_bytes) and the target's fixed limits. This pass reduces
// the request to what those allow and turns it into a register cap
// (.maxnreg) that lets N CTAs fit, so ptxas allocates within it. A request
// is never an error: what cannot be met is reduced and reported with the
// numbers. Only a CTA that cannot be resident at all is an error, since no
// launch of it could succeed.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TileGPU/Transforms/Passes.h"

#include "tileir/Support/Diagnostics.h"
#include "tileir/Target/ResourceModel.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Remarks.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir::tilegpu {
#define GEN_PASS_DEF_TILEIRPLANRESOURCESPASS
#include "tileir/Dialect/TileGPU/Transforms/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;
using namespace mlir::tilegpu;
using tileir::getRemarkLocation;
using tileir::ResourceModel;

namespace {

/// The lowest register cap the planner sets. Below it nearly every kernel
/// spills (addresses, loop counters and a few tile registers already take
/// that many), so an occupancy that needs less is reduced instead.
constexpr unsigned kMinRegisterCap = 32;

/// Remark category of the planner, enabled by `--remarks=memory|all`.
constexpr StringLiteral kRemarkCategory = "memory";

/// The hint `key` as written for `arch` (its own entry, then `default`),
/// before validation; null when absent.
Attribute lookupRawHint(cuda_tile::OptimizationHintsAttr hints, StringRef key,
                        StringRef arch) {
  if (!hints)
    return {};
  DictionaryAttr all = hints.getValue();
  for (StringRef dictKey :
       {arch, StringRef(cuda_tile::OptimizationHintsAttr::kDefaultKey)})
    if (auto dict = all.getAs<DictionaryAttr>(dictKey))
      if (Attribute value = dict.get(key))
        return value;
  return {};
}

std::string formatAttr(Attribute attr) {
  if (auto i = dyn_cast<IntegerAttr>(attr))
    return std::to_string(i.getValue().getSExtValue());
  std::string text;
  llvm::raw_string_ostream os(text);
  attr.print(os);
  return text;
}

std::string formatBytes(uint64_t bytes) {
  if (bytes != 0 && bytes % 1024 == 0)
    return llvm::formatv("{0} bytes ({1} KiB)", bytes, bytes / 1024).str();
  return llvm::formatv("{0} bytes", bytes).str();
}

struct PlanResourcesPass
    : public tilegpu::impl::TileIRPlanResourcesPassBase<PlanResourcesPass> {
  using Base::Base;

  /// Occupancies from `occupancy-override`, by kernel name.
  llvm::StringMap<unsigned> overrides;

  void runOnOperation() override {
    const ResourceModel *model = tileir::lookupResourceModel(target);
    if (!model) {
      getOperation()->emitError("no resource model for target '")
          << target << "'";
      return signalPassFailure();
    }
    for (const std::string &entry : occupancyOverrides) {
      auto [name, value] = StringRef(entry).rsplit('=');
      unsigned n;
      if (value.getAsInteger(10, n) || n == 0) {
        getOperation()->emitError("invalid occupancy override '")
            << entry << "' (expected kernel=N)";
        return signalPassFailure();
      }
      overrides[name] = n;
    }
    bool ok = true;
    for (Operation &top : getOperation()->getRegion(0).front())
      if (auto entry = dyn_cast<cuda_tile::EntryOp>(top))
        ok &= succeeded(plan(entry, *model));
    if (!ok)
      signalPassFailure();
  }

  /// Warns about the entry's resource hints that lookups ignore or adjust.
  void checkHints(cuda_tile::EntryOp entry,
                  cuda_tile::OptimizationHintsAttr hints,
                  const ResourceModel &model) {
    using Hints = cuda_tile::OptimizationHintsAttr;
    struct Check {
      StringRef key;
      const char *expected;
    };
    std::string clusterExpected =
        model.maxPortableClusterSize
            ? "a power of two from 1 to 16"
            : "1: " + model.name.str() + " has no thread-block clusters";
    Check checks[] = {
        {Hints::kOccupancy, "an integer from 1 to 32"},
        {Hints::kNumWorkerWarpsPerCTA, "a power of two from 1 to 32"},
        {Hints::kNumCTAInCGA, clusterExpected.c_str()},
    };
    for (const Check &check : checks) {
      Attribute raw = lookupRawHint(hints, check.key, target);
      if (!raw)
        continue;
      std::optional<int64_t> value = hints.getIntHint(check.key, target);
      if (!value) {
        entry.emitWarning() << "ignoring the " << check.key << " hint "
                            << formatAttr(raw) << " for " << target
                            << " (expected " << check.expected << ")";
        continue;
      }
      auto rawInt = dyn_cast<IntegerAttr>(raw);
      if (rawInt && rawInt.getValue().getSExtValue() != *value)
        entry.emitWarning() << "the " << check.key << " hint "
                            << formatAttr(raw) << " for " << target
                            << " reads as " << *value << " (expected "
                            << check.expected << ")";
    }
  }

  /// Reports a reduced request: a warning on stderr and a missed remark
  /// with the numbers.
  void reportReduced(cuda_tile::EntryOp entry, StringRef what,
                     int64_t requested, int64_t achieved,
                     const std::string &why) {
    std::string message =
        llvm::formatv("kernel '{0}': {1} {2} requested for {3} cannot be "
                      "met; using {4}: {5}",
                      entry.getSymName(), what, requested, target, achieved,
                      why)
            .str();
    entry.emitWarning() << message;
    remark::missed(getRemarkLocation(entry), remark::RemarkOpts::name("ResourcePlan")
                                       .category(kRemarkCategory)
                                       .function(entry.getSymName()))
        << remark::detail::Remark::Arg("Remark", message)
        << remark::detail::Remark::Arg("Requested", requested)
        << remark::detail::Remark::Arg("Achieved", achieved);
  }

  LogicalResult plan(cuda_tile::EntryOp entry, const ResourceModel &model) {
    MLIRContext *ctx = &getContext();
    StringRef name = entry.getSymName();
    unsigned warps = 4;
    if (auto attr = entry->getAttrOfType<IntegerAttr>(kNumWarpsAttrName))
      warps = static_cast<unsigned>(attr.getInt());
    if (auto attr =
            entry->getAttrOfType<IntegerAttr>(kProducerWarpsAttrName))
      warps += static_cast<unsigned>(attr.getInt());
    unsigned threads = 32 * warps;
    uint64_t sharedBytes = 0;
    if (auto attr = entry->getAttrOfType<IntegerAttr>(kSharedBytesAttrName))
      sharedBytes = static_cast<uint64_t>(std::max<int64_t>(0, attr.getInt()));
    auto hints = entry->getAttrOfType<cuda_tile::OptimizationHintsAttr>(
        "optimization_hints");
    if (hints)
      checkHints(entry, hints, model);

    // A CTA that can never be resident is the one thing no reduction can
    // fix: its launch would fail.
    if (threads == 0 || threads > model.maxThreadsPerCTA)
      return entry.emitError()
             << "kernel '" << name << "' needs " << threads
             << " threads per CTA (" << warps << " warps); " << model.name
             << " allows at most " << model.maxThreadsPerCTA;
    if (sharedBytes > model.maxSharedBytesPerCTA)
      return entry.emitError()
             << "kernel '" << name << "' needs " << formatBytes(sharedBytes)
             << " of shared memory per CTA; " << model.name
             << " allows at most " << formatBytes(model.maxSharedBytesPerCTA);

    unsigned byThreads = model.getMaxCTAsByThreads(threads);
    unsigned byShared = model.getMaxCTAsBySharedMemory(sharedBytes);
    unsigned registerFloor = getRegisterFloor(entry);
    unsigned byRegisterFloor =
        model.getMaxCTAsByRegisters(threads, registerFloor);
    unsigned reachable = std::min({byThreads, byShared, byRegisterFloor});

    remark::analysis(getRemarkLocation(entry), remark::RemarkOpts::name("ResourceLimits")
                                         .category(kRemarkCategory)
                                         .function(name))
        << remark::detail::Remark::Arg(
               "Remark",
               llvm::formatv("kernel '{0}' on {1}: {2} threads and {3} of "
                             "shared memory per CTA; at most {4} CTAs per "
                             "SM by threads, {5} by shared memory",
                             name, model.name, threads,
                             formatBytes(sharedBytes), byThreads, byShared)
                   .str())
        << remark::detail::Remark::Arg("Threads", threads)
        << remark::detail::Remark::Arg("SharedBytes", sharedBytes)
        << remark::detail::Remark::Arg("MaxCTAsByThreads", byThreads)
        << remark::detail::Remark::Arg("MaxCTAsBySharedMemory", byShared);

    std::optional<int64_t> requested;
    if (hints)
      requested = hints.getOccupancy(target);
    if (auto it = overrides.find(name); it != overrides.end())
      requested = it->second;
    if (requested) {
      unsigned planned =
          static_cast<unsigned>(std::min<int64_t>(*requested, reachable));
      if (planned < *requested) {
        // Name the tightest limit (shared memory first: it is the one a
        // user can change by choosing smaller tiles).
        std::string why;
        if (byShared == reachable)
          why = llvm::formatv(
                    "each CTA takes {0} of shared memory ({1} with the "
                    "system's reserve) and an SM has {2}",
                    formatBytes(sharedBytes),
                    formatBytes(model.getAllocatedSharedBytesPerCTA(
                        sharedBytes)),
                    formatBytes(model.sharedBytesPerSM))
                    .str();
        else if (byThreads == reachable)
          why = llvm::formatv("each CTA has {0} warps and an SM holds at "
                              "most {1} warps and {2} CTAs",
                              warps, model.maxWarpsPerSM, model.maxCTAsPerSM)
                    .str();
        else
          why = llvm::formatv("{0} CTAs of {1} threads would leave fewer "
                              "than {2} registers per thread ({3} registers "
                              "per SM)",
                              reachable + 1, threads, registerFloor,
                              model.registersPerSM)
                    .str();
        // Today's arena has no optional parts (pipeline buffers would be
        // the first thing to shrink), so the occupancy is what gives.
        reportReduced(entry, "occupancy", *requested, planned, why);
      }
      std::optional<unsigned> cap =
          model.getMaxRegistersForCTAs(threads, planned);
      if (!cap) // Unreachable given byRegisterFloor; stay uncapped if so.
        cap = model.maxRegistersPerThread;
      entry->setAttr(kMaxRegistersAttrName,
                     IntegerAttr::get(IntegerType::get(ctx, 32), *cap));
      entry->setAttr(kMinCTAsPerSMAttrName,
                     IntegerAttr::get(IntegerType::get(ctx, 32), planned));
      remark::passed(getRemarkLocation(entry), remark::RemarkOpts::name("ResourcePlan")
                                         .category(kRemarkCategory)
                                         .function(name))
          << remark::detail::Remark::Arg(
                 "Remark",
                 llvm::formatv("kernel '{0}': occupancy {1} planned with at "
                               "most {2} registers per thread",
                               name, planned, *cap)
                     .str())
          << remark::detail::Remark::Arg("Occupancy", planned)
          << remark::detail::Remark::Arg("MaxRegisters", *cap);
    }

    std::optional<int64_t> cluster;
    if (hints)
      cluster = hints.getNumCTAInCGA(target);
    if (cluster && *cluster > 1) {
      // A tile block is one CTA: the lowering has no cross-CTA cooperation
      // yet, and cuTile launches one grid block per tile block with no
      // cluster attribute. A cluster shape without `.blocksareclusters`
      // would make the driver reject grids that are not a multiple of it,
      // and with it every CTA of a cluster would repeat the tile block's
      // work (double-counting atomics). So the hint is honoured as 1, which
      // the specification allows (it is a suggestion), with a remark.
      std::string message =
          llvm::formatv("kernel '{0}': num_cta_in_cga {1} requested for {2} "
                        "is honoured as 1: tile blocks run on one CTA each",
                        name, *cluster, target)
              .str();
      remark::missed(getRemarkLocation(entry),
                     remark::RemarkOpts::name("ResourcePlan")
                         .category(kRemarkCategory)
                         .function(name))
          << remark::detail::Remark::Arg("Remark", message)
          << remark::detail::Remark::Arg("Requested", *cluster)
          << remark::detail::Remark::Arg("Achieved", int64_t(1));
    }
    return success();
  }
};

} // namespace

/// The fewest registers a thread of `entry` can run with: kMinRegisterCap,
/// or more when a wgmma keeps its whole accumulator (and a register A
/// operand) in registers while it runs, which ptxas cannot spill (it
/// refuses to compile such a kernel under a lower cap).
unsigned tilegpu::getRegisterFloor(cuda_tile::EntryOp entry) {
  unsigned floor = kMinRegisterCap;
  auto words = [](Type type) -> unsigned {
    auto tile = dyn_cast<cuda_tile::TileType>(type);
    LayoutAttr layout = tile ? getLayout(tile) : LayoutAttr();
    if (!layout)
      return 0;
    unsigned bits = tile.getElementType().isIntOrFloat()
                        ? tile.getElementType().getIntOrFloatBitWidth()
                        : 32;
    return static_cast<unsigned>(
        (layout.getNumRegisters() * std::max(bits, 8u) + 31) / 32);
  };
  entry.walk([&](WarpGroupDotOp dot) {
    // Addresses, descriptors and loop state: a few dozen more.
    unsigned need = words(dot.getAcc().getType()) +
                    words(dot.getLhs().getType()) + 40;
    floor = std::max(floor, static_cast<unsigned>(llvm::alignTo(need, 8)));
  });
  return std::min(floor, 255u);
}
