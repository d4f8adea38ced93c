//===- OpTableTest.cpp - Tests of the op-encoding registry ----------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tileir/Bytecode/Format.h"
#include "tileir/Bytecode/OpTable.h"

#include "gtest/gtest.h"

#include <set>

using namespace tileir;
using namespace tileir::bc;

namespace {

TEST(OpTable, OpsWithUniqueOpcodesAndNames) {
  std::set<uint64_t> opcodes;
  std::set<std::string> names;
  for (const OpInfo &info : getOpTable()) {
    EXPECT_TRUE(opcodes.insert(info.opcode).second) << info.name.str();
    EXPECT_TRUE(names.insert(info.name.str()).second) << info.name.str();
  }
  // 100 ops through 13.3, five more in 13.4.
  EXPECT_EQ(getOpTable().size(), 105u);
  // The unassigned ranges stay unassigned.
  for (uint64_t op = 0x19; op <= 0x24; ++op)
    EXPECT_EQ(lookupOpcode(op), nullptr);
  for (uint64_t op = 0x34; op <= 0x39; ++op)
    EXPECT_EQ(lookupOpcode(op), nullptr);
}

TEST(OpTable, MaxOpcodePerVersion) {
  EXPECT_EQ(getMaxOpcode(BytecodeVersion::kV13_1), 0x6Du);
  EXPECT_EQ(getMaxOpcode(BytecodeVersion::kV13_2), 0x6Eu);
  EXPECT_EQ(getMaxOpcode(BytecodeVersion::kV13_3), 0x75u);
  EXPECT_EQ(getMaxOpcode(BytecodeVersion::kV13_4), 0x7Au);
}

TEST(OpTable, LookupByName) {
  const OpInfo *addf = lookupOpName("cuda_tile.addf");
  ASSERT_NE(addf, nullptr);
  EXPECT_EQ(addf->opcode, 0x02u);
  EXPECT_EQ(lookupOpName("addf"), addf);
  EXPECT_EQ(lookupOpName("cuda_tile.nope"), nullptr);
  EXPECT_EQ(addf->getOperationName(), "cuda_tile.addf");
}

TEST(OpTable, LoadPtrFlagBits) {
  // Attributes before operands, each in declaration order.
  const OpInfo *op = lookupOpName("load_ptr_tko");
  ASSERT_NE(op, nullptr);
  EXPECT_EQ(op->attrs[1].name, "memory_scope");
  EXPECT_EQ(op->attrs[1].flagBit, 0);
  EXPECT_EQ(op->attrs[2].name, "optimization_hints");
  EXPECT_EQ(op->attrs[2].flagBit, 1);
  EXPECT_EQ(op->segments[1].name, "mask");
  EXPECT_EQ(op->segments[1].flagBit, 2);
  EXPECT_EQ(op->segments[2].flagBit, 3);
  EXPECT_EQ(op->segments[3].flagBit, 4);
  EXPECT_TRUE(op->hasFlagsIn(BytecodeVersion::kV13_1));
}

TEST(OpTable, FlagsFieldAppearsWithItsFirstOptionalField) {
  const OpInfo *print = lookupOpName("print_tko");
  ASSERT_NE(print, nullptr);
  EXPECT_FALSE(print->hasFlagsIn(BytecodeVersion::kV13_1));
  EXPECT_TRUE(print->hasFlagsIn(BytecodeVersion::kV13_2));
  EXPECT_EQ(print->segments[1].flagBit, 0);

  const OpInfo *forOp = lookupOpName("for");
  ASSERT_NE(forOp, nullptr);
  EXPECT_FALSE(forOp->hasFlagsIn(BytecodeVersion::kV13_1));
  EXPECT_TRUE(forOp->hasFlagsIn(BytecodeVersion::kV13_2));

  const OpInfo *mmaf = lookupOpName("mmaf");
  ASSERT_NE(mmaf, nullptr);
  EXPECT_FALSE(mmaf->hasFlagsIn(BytecodeVersion::kV13_2));
  EXPECT_TRUE(mmaf->hasFlagsIn(BytecodeVersion::kV13_3));

  const OpInfo *addi = lookupOpName("addi");
  ASSERT_NE(addi, nullptr);
  EXPECT_FALSE(addi->flagsSince.has_value());
}

TEST(OpTable, LaterRequiredFieldsHaveDefaults) {
  for (const char *name : {"negi", "tanh", "exp"}) {
    const OpInfo *op = lookupOpName(name);
    ASSERT_NE(op, nullptr) << name;
    ASSERT_EQ(op->attrs.size(), 1u);
    EXPECT_GT(op->attrs[0].since, BytecodeVersion::kV13_1);
    EXPECT_TRUE(op->attrs[0].defaultValue.has_value()) << name;
  }
}

TEST(OpTable, CountedResultsForVariadicOps) {
  EXPECT_TRUE(lookupOpName("load_view_tko")->countedResults);
  EXPECT_FALSE(lookupOpName("load_ptr_tko")->countedResults);
  EXPECT_EQ(lookupOpName("load_ptr_tko")->numFixedResults, 2u);
  EXPECT_TRUE(lookupOpName("if")->countedResults);
  EXPECT_EQ(lookupOpName("if")->numRegions, 2u);
}

TEST(Format, TypeTags) {
  const TypeTagInfo *i4 = lookupTypeTag(22);
  ASSERT_NE(i4, nullptr);
  EXPECT_EQ(i4->name, "i4");
  EXPECT_EQ(i4->since, BytecodeVersion::kV13_3);
  EXPECT_EQ(lookupTypeTag(23), nullptr);
  EXPECT_EQ(lookupTypeTag(130), nullptr);
  for (uint64_t t = 0; t <= kMaxTypeTag; ++t)
    EXPECT_EQ(static_cast<uint64_t>(lookupTypeTag(t)->tag), t);
}

TEST(Format, SectionAlignment) {
  EXPECT_EQ(getRequiredSectionAlignment(Section::String), 4u);
  EXPECT_EQ(getRequiredSectionAlignment(Section::Constant), 8u);
  EXPECT_EQ(getRequiredSectionAlignment(Section::Global), 0u);
  EXPECT_EQ(getWriterSectionAlignment(Section::Global), 1u);
}

} // namespace
