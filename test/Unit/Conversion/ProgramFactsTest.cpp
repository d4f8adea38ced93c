//===- ProgramFactsTest.cpp - Facts the memory lowering relies on --------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The memory lowering decides vector widths, run-time alignment checks and
// bounds masks from what it can prove about sizes, strides and base
// addresses (getKnownDivisor, getConstantIntValue, getTensorFacts). Each
// must answer "nothing known" (divisor 1, no constant) for a value it cannot
// bound (a kernel parameter, a loop-carried value, arithmetic it does not
// model, an assumption it does not understand), so that its users keep the
// bounds check and the narrow or checked access. These tests feed them such
// values, and the facts they can prove as a control.
//
//===----------------------------------------------------------------------===//

#include "MemoryAccess.h"

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <optional>
#include <string>

using namespace mlir;
using namespace tileir::lowering;

namespace {

class ProgramFactsTest : public ::testing::Test {
protected:
  ProgramFactsTest() { context.loadDialect<cuda_tile::CudaTileDialect>(); }

  /// Parses a module whose entry `@k` has `params` and `body`.
  bool parse(const std::string &params, const std::string &body) {
    std::string text = "cuda_tile.module @m {\n  entry @k(" + params + ") {\n" +
                       body + "\n    return\n  }\n}\n";
    module = parseSourceString<ModuleOp>(text, &context);
    EXPECT_TRUE(module) << text;
    return bool(module);
  }

  /// The first result of the op carrying the unit attribute `tag`, or the
  /// entry's argument `#index` when `tag` is "arg<index>".
  Value value(StringRef tag) {
    Value found;
    module->walk([&](Operation *op) {
      if (!found && op->hasAttr(tag) && op->getNumResults() > 0)
        found = op->getResult(0);
    });
    if (!found && tag.consume_front("arg")) {
      unsigned index = 0;
      tag.getAsInteger(10, index);
      module->walk([&](Block *block) {
        if (!found && block->isEntryBlock() &&
            block->getNumArguments() > index &&
            isa<cuda_tile::EntryOp>(block->getParentOp()))
          found = block->getArgument(index);
      });
    }
    EXPECT_TRUE(found) << "no value tagged " << tag.str();
    return found;
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

TEST_F(ProgramFactsTest, ParameterWithoutAssumptionIsUnknown) {
  ASSERT_TRUE(parse("%n: tile<i32>, %p: tile<ptr<f32>>", ""));
  EXPECT_EQ(getKnownDivisor(value("arg0")), 1u);
  EXPECT_EQ(getKnownDivisor(value("arg1")), 1u);
  EXPECT_EQ(getConstantIntValue(value("arg0")), std::nullopt);
}

TEST_F(ProgramFactsTest, AssumedDivisorIsKnown) {
  ASSERT_TRUE(
      parse("%n: tile<i32>",
            "    %a = assume #cuda_tile.div_by<16>, %n {tag} : tile<i32>"));
  EXPECT_EQ(getKnownDivisor(value("tag")), 16u);
  // An assumption says nothing about the exact value.
  EXPECT_EQ(getConstantIntValue(value("tag")), std::nullopt);
}

TEST_F(ProgramFactsTest, AssumptionsItDoesNotModelAreUnknown) {
  // A bound is not a divisor.
  ASSERT_TRUE(parse(
      "%n: tile<i32>",
      "    %a = assume #cuda_tile.bounded<0, 100>, %n {bounded} : tile<i32>"));
  EXPECT_EQ(getKnownDivisor(value("bounded")), 1u);
  EXPECT_EQ(getConstantIntValue(value("bounded")), std::nullopt);
}

TEST_F(ProgramFactsTest, ArithmeticOnUnknownValuesIsUnknown) {
  // Even a product with a multiple of 16 is not followed: the analysis
  // gives up on operations it does not model instead of guessing.
  ASSERT_TRUE(parse("%n: tile<i32>, %m: tile<i32>",
                    "    %c = constant <i32: 16> : tile<i32>\n"
                    "    %a = assume #cuda_tile.div_by<16>, %n : tile<i32>\n"
                    "    %s = addi %a, %m {sum} : tile<i32>\n"
                    "    %p = muli %m, %c {product} : tile<i32>"));
  EXPECT_EQ(getKnownDivisor(value("sum")), 1u);
  EXPECT_EQ(getKnownDivisor(value("product")), 1u);
  EXPECT_EQ(getConstantIntValue(value("sum")), std::nullopt);
}

TEST_F(ProgramFactsTest, LoopCarriedValueIsUnknown) {
  // The induction variable and the iteration value are block arguments:
  // unbounded to an analysis that only follows definitions.
  ASSERT_TRUE(parse(
      "%n: tile<i32>",
      "    %c0 = constant <i32: 0> : tile<i32>\n"
      "    %c1 = constant <i32: 1> : tile<i32>\n"
      "    %c8 = constant <i32: 8> : tile<i32>\n"
      "    %r = for %i in (%c0 to %n, step %c1) : tile<i32>\n"
      "        iter_values(%acc = %c8) -> (tile<i32>) {\n"
      "      %x = addi %acc, %i {inner} : tile<i32>\n"
      "      %y = assume #cuda_tile.div_by<8>, %acc {carried} : tile<i32>\n"
      "      continue %x : tile<i32>\n"
      "    }"));
  EXPECT_EQ(getKnownDivisor(value("inner")), 1u);
  // The assumption on the carried value is still taken at face value.
  EXPECT_EQ(getKnownDivisor(value("carried")), 8u);
  Value carried =
      cast<cuda_tile::AssumeOp>(value("carried").getDefiningOp()).getValue();
  EXPECT_EQ(getKnownDivisor(carried), 1u);
  EXPECT_EQ(getConstantIntValue(carried), std::nullopt);
}

TEST_F(ProgramFactsTest, ConstantsAreExactAndBounded) {
  ASSERT_TRUE(
      parse("", "    %a = constant <i32: 48> : tile<i32>\n"
                "    %b = constant <i32: 0> : tile<i32>\n"
                "    %c = constant <i64: -9223372036854775808> : tile<i64>\n"
                "    %d = constant <i32: [1, 2, 3, 4]> : tile<4xi32>"));
  SmallVector<Value> c;
  module->walk([&](cuda_tile::ConstantOp op) { c.push_back(op.getResult()); });
  ASSERT_EQ(c.size(), 4u);
  EXPECT_EQ(getConstantIntValue(c[0]), std::optional<int64_t>(48));
  EXPECT_EQ(getKnownDivisor(c[0]), 16u);
  // Zero is divisible by anything; the answer stays within 2^32 so that
  // products of divisors cannot overflow.
  EXPECT_EQ(getKnownDivisor(c[1]), uint64_t(1) << 32);
  EXPECT_EQ(getKnownDivisor(c[2]), uint64_t(1) << 32);
  // A non-splat constant is not one value.
  EXPECT_EQ(getConstantIntValue(c[3]), std::nullopt);
  EXPECT_EQ(getKnownDivisor(c[3]), 1u);
}

TEST_F(ProgramFactsTest, LongAssumptionChainsTerminate) {
  // A chain longer than the analysis follows: the answer comes from the
  // part it read, never from a walk without end.
  std::string body = "    %v0 = assume #cuda_tile.div_by<4>, %n : tile<i32>\n";
  for (int i = 1; i < 40; ++i)
    body += "    %v" + std::to_string(i) +
            " = assume #cuda_tile.div_by<4>, %v" + std::to_string(i - 1) +
            (i == 39 ? " {last}" : "") + " : tile<i32>\n";
  ASSERT_TRUE(parse("%n: tile<i32>", body));
  EXPECT_EQ(getKnownDivisor(value("last")), 4u);
}

} // namespace
