//===- OptimizationHintsTest.cpp - Tests of the hint lookups --------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

#include <optional>
#include <string>

using namespace mlir;
using namespace mlir::cuda_tile;

namespace {

class OptimizationHintsTest : public ::testing::Test {
protected:
  OptimizationHintsTest() { context.loadDialect<CudaTileDialect>(); }

  /// Parses `#cuda_tile.optimization_hints<body>`.
  OptimizationHintsAttr hints(const std::string &body) {
    Attribute attr =
        parseAttribute("#cuda_tile.optimization_hints<" + body + ">", &context);
    return dyn_cast_or_null<OptimizationHintsAttr>(attr);
  }

  MLIRContext context;
};

TEST_F(OptimizationHintsTest, ArchitectureEntryComesBeforeDefault) {
  OptimizationHintsAttr attr =
      hints("sm_100 = {num_cta_in_cga = 2}, "
            "default = {num_cta_in_cga = 4, occupancy = 3}");
  ASSERT_TRUE(attr);
  EXPECT_EQ(attr.getNumCTAInCGA("sm_100"), std::optional<int64_t>(2));
  EXPECT_EQ(attr.getNumCTAInCGA("sm_90"), std::optional<int64_t>(4));
  // A hint missing from the architecture entry comes from `default`.
  EXPECT_EQ(attr.getOccupancy("sm_100"), std::optional<int64_t>(3));
  EXPECT_EQ(attr.getLatency("sm_100"), std::nullopt);
  EXPECT_EQ(hints("").getOccupancy("sm_100"), std::nullopt);
}

TEST_F(OptimizationHintsTest, InvalidValuesReadAsNoHint) {
  // An invalid architecture value does not fall back to `default`.
  OptimizationHintsAttr attr = hints("sm_100 = {num_cta_in_cga = 7}, "
                                     "default = {num_cta_in_cga = 2}");
  ASSERT_TRUE(attr);
  EXPECT_EQ(attr.getNumCTAInCGA("sm_100"), std::nullopt);
  EXPECT_EQ(attr.getNumCTAInCGA("sm_120"), std::optional<int64_t>(2));
  // Values from `default` are validated for the requested architecture:
  // architectures without clusters take one CTA.
  EXPECT_EQ(attr.getNumCTAInCGA("sm_80"), std::nullopt);
  EXPECT_EQ(attr.getNumCTAInCGA("sm_89"), std::nullopt);
  EXPECT_EQ(hints("default = {num_cta_in_cga = 1}").getNumCTAInCGA("sm_86"),
            std::optional<int64_t>(1));
  EXPECT_EQ(hints("sm_90 = {num_cta_in_cga = 32}").getNumCTAInCGA("sm_90"),
            std::nullopt);
  EXPECT_EQ(hints("sm_90 = {num_cta_in_cga = \"2\"}").getNumCTAInCGA("sm_90"),
            std::nullopt);
}

TEST_F(OptimizationHintsTest, RangesOfOccupancyAndLatency) {
  OptimizationHintsAttr attr = hints("sm_80 = {occupancy = 1, latency = 10}, "
                                     "sm_90 = {occupancy = 32, latency = 1}, "
                                     "sm_100 = {occupancy = 0, latency = 11}, "
                                     "sm_120 = {occupancy = 33, latency = 0}");
  ASSERT_TRUE(attr);
  EXPECT_EQ(attr.getOccupancy("sm_80"), std::optional<int64_t>(1));
  EXPECT_EQ(attr.getOccupancy("sm_90"), std::optional<int64_t>(32));
  EXPECT_EQ(attr.getOccupancy("sm_100"), std::nullopt);
  EXPECT_EQ(attr.getOccupancy("sm_120"), std::nullopt);
  EXPECT_EQ(attr.getLatency("sm_80"), std::optional<int64_t>(10));
  EXPECT_EQ(attr.getLatency("sm_90"), std::optional<int64_t>(1));
  EXPECT_EQ(attr.getLatency("sm_100"), std::nullopt);
  EXPECT_EQ(attr.getLatency("sm_120"), std::nullopt);
}

TEST_F(OptimizationHintsTest, WorkerWarpsArePowersOfTwoUpTo32) {
  auto warps = [&](int value) {
    return hints("default = {num_worker_warps_per_cta = " +
                 std::to_string(value) + "}")
        .getNumWorkerWarpsPerCTA("sm_100");
  };
  EXPECT_EQ(warps(1), std::optional<int64_t>(1));
  EXPECT_EQ(warps(2), std::optional<int64_t>(2));
  EXPECT_EQ(warps(4), std::optional<int64_t>(4));
  EXPECT_EQ(warps(8), std::optional<int64_t>(8));
  EXPECT_EQ(warps(16), std::optional<int64_t>(16));
  EXPECT_EQ(warps(32), std::optional<int64_t>(32));
  EXPECT_EQ(warps(3), std::nullopt);
  EXPECT_EQ(warps(64), std::nullopt);
  EXPECT_EQ(warps(0), std::nullopt);
}

TEST_F(OptimizationHintsTest, BooleanHints) {
  OptimizationHintsAttr attr = hints("sm_90 = {allow_tma = false}, "
                                     "sm_100 = {allow_tma = 1}, "
                                     "default = {allow_tma = true}");
  ASSERT_TRUE(attr);
  EXPECT_EQ(attr.getAllowTMA("sm_90"), std::optional<bool>(false));
  EXPECT_EQ(attr.getAllowTMA("sm_120"), std::optional<bool>(true));
  // An i64 1 is not a boolean.
  EXPECT_EQ(attr.getAllowTMA("sm_100"), std::nullopt);
  // The C++ bytecode writer stores booleans as i1 integers.
  EXPECT_EQ(hints("sm_90 = {allow_tma = 1 : i1}").getAllowTMA("sm_90"),
            std::optional<bool>(true));
  EXPECT_EQ(attr.getIntHint(OptimizationHintsAttr::kAllowTMA, "sm_90"),
            std::nullopt);
}

TEST_F(OptimizationHintsTest, HintsWithoutRulesReturnTheirValue) {
  OptimizationHintsAttr attr = hints("sm_90 = {future_hint = 12}");
  ASSERT_TRUE(attr);
  EXPECT_EQ(attr.getIntHint("future_hint", "sm_90"),
            std::optional<int64_t>(12));
}

TEST_F(OptimizationHintsTest, VerifyHintsReportsWhatLookupsIgnore) {
  OptimizationHintsAttr attr =
      hints("sm_100a = {occupancy = 1}, sm_100 = {num_cta_in_cga = 7, "
            "latency = 2, bogus = 1}, default = {occupancy = 4}");
  ASSERT_TRUE(attr);
  int warnings = 0;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Warning)
      ++warnings;
    return success();
  });
  static const StringRef entryKeys[] = {OptimizationHintsAttr::kNumCTAInCGA,
                                        OptimizationHintsAttr::kOccupancy};
  // Unknown architecture, bad value, hint of another op, unknown hint.
  EXPECT_TRUE(failed(attr.verifyHints(UnknownLoc::get(&context), entryKeys)));
  EXPECT_EQ(warnings, 4);

  warnings = 0;
  EXPECT_TRUE(succeeded(hints("sm_80 = {num_cta_in_cga = 1}")
                            .verifyHints(UnknownLoc::get(&context), {})));
  EXPECT_EQ(warnings, 0);
}

} // namespace
