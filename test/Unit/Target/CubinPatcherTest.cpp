//===- CubinPatcherTest.cpp - Tests of the cubin shared-memory patch ------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Synthetic ELF64 images shaped like ptxas output: a name table, a NOBITS
// `.nv.shared.<kernel>` section per kernel, and one file-less RW PT_LOAD
// segment mapping them.
//
//===----------------------------------------------------------------------===//

#include "tileir/Target/Cubin/CubinPatcher.h"

#include "gtest/gtest.h"

#include <string>

using namespace tileir;

namespace {

void put(std::vector<char> &image, uint64_t offset, uint64_t value,
         unsigned bytes) {
  for (unsigned i = 0; i < bytes; ++i)
    image[offset + i] = static_cast<char>((value >> (8 * i)) & 0xff);
}

uint64_t get(const std::vector<char> &image, uint64_t offset, unsigned bytes) {
  uint64_t value = 0;
  for (unsigned i = 0; i < bytes; ++i)
    value |= uint64_t(static_cast<unsigned char>(image[offset + i])) << (8 * i);
  return value;
}

/// Layout: header (64), names at 64, section headers at 256 (null,
/// .shstrtab, .nv.shared.a, .nv.shared.b), program header at 512.
constexpr uint64_t kNames = 64, kSections = 256, kSegments = 512;
constexpr uint64_t kSharedOffset = 0x300;

std::vector<char> makeCubin(uint64_t sizeA, uint64_t sizeB) {
  std::vector<char> image(kSegments + 56, 0);
  const char magic[] = {0x7f, 'E', 'L', 'F', 2, 1, 1, 0x41};
  std::copy(std::begin(magic), std::end(magic), image.begin());
  put(image, 32, kSegments, 8); // e_phoff
  put(image, 40, kSections, 8); // e_shoff
  put(image, 54, 56, 2);        // e_phentsize
  put(image, 56, 1, 2);         // e_phnum
  put(image, 58, 64, 2);        // e_shentsize
  put(image, 60, 4, 2);         // e_shnum
  put(image, 62, 1, 2);         // e_shstrndx
  std::string names("\0.shstrtab\0.nv.shared.a\0.nv.shared.b\0", 37);
  std::copy(names.begin(), names.end(), image.begin() + kNames);
  auto section = [&](unsigned index, uint32_t name, uint32_t type,
                     uint64_t offset, uint64_t size) {
    uint64_t h = kSections + 64 * index;
    put(image, h, name, 4);
    put(image, h + 4, type, 4);
    put(image, h + 24, offset, 8);
    put(image, h + 32, size, 8);
  };
  section(1, 1, 3, kNames, names.size());
  section(2, 11, 8, kSharedOffset, sizeA);
  section(3, 24, 8, kSharedOffset, sizeB);
  put(image, kSegments, 1, 4);                 // PT_LOAD
  put(image, kSegments + 4, 6, 4);             // RW
  put(image, kSegments + 8, kSharedOffset, 8); // p_offset
  put(image, kSegments + 32, 0, 8);            // p_filesz
  put(image, kSegments + 40, sizeA + sizeB, 8); // p_memsz
  return image;
}

uint64_t sectionSize(const std::vector<char> &image, unsigned index) {
  return get(image, kSections + 64 * index + 32, 8);
}

TEST(CubinPatcher, ReadsSectionSize) {
  std::vector<char> cubin = makeCubin(0xc400, 0x400);
  auto a = getKernelSharedSectionSize(cubin, "a");
  ASSERT_TRUE(bool(a)) << llvm::toString(a.takeError());
  ASSERT_TRUE(a->has_value());
  EXPECT_EQ(**a, 0xc400u);
  auto missing = getKernelSharedSectionSize(cubin, "c");
  ASSERT_TRUE(bool(missing));
  EXPECT_FALSE(missing->has_value());
  // "a" must not match a longer name's prefix.
  auto prefix = getKernelSharedSectionSize(cubin, "");
  ASSERT_TRUE(bool(prefix));
  EXPECT_FALSE(prefix->has_value());
}

TEST(CubinPatcher, GrowsSectionAndSegment) {
  std::vector<char> cubin = makeCubin(0xc400, 0x400);
  ASSERT_FALSE(bool(setKernelSharedSectionSize(cubin, "a", 0x10400)));
  EXPECT_EQ(sectionSize(cubin, 2), 0x10400u);
  EXPECT_EQ(sectionSize(cubin, 3), 0x400u);
  EXPECT_EQ(get(cubin, kSegments + 40, 8), 0x10800u);
  // Growing the second kernel grows the shared segment again.
  ASSERT_FALSE(bool(setKernelSharedSectionSize(cubin, "b", 0x800)));
  EXPECT_EQ(get(cubin, kSegments + 40, 8), 0x10c00u);
}

TEST(CubinPatcher, RefusesToShrinkOrMissingSection) {
  std::vector<char> cubin = makeCubin(0xc400, 0x400);
  std::vector<char> before = cubin;
  llvm::Error shrink = setKernelSharedSectionSize(cubin, "a", 0x100);
  EXPECT_TRUE(bool(shrink));
  llvm::consumeError(std::move(shrink));
  llvm::Error missing = setKernelSharedSectionSize(cubin, "zz", 0x100);
  EXPECT_TRUE(bool(missing));
  llvm::consumeError(std::move(missing));
  EXPECT_EQ(cubin, before);
}

TEST(CubinPatcher, RejectsMalformedImages) {
  // Program headers are only read when patching.
  auto expectError = [](std::vector<char> cubin, const char *what,
                        bool readFails = true) {
    std::vector<char> before = cubin;
    auto size = getKernelSharedSectionSize(cubin, "a");
    EXPECT_EQ(!size, readFails) << what;
    if (!size)
      llvm::consumeError(size.takeError());
    llvm::Error e = setKernelSharedSectionSize(cubin, "a", 0x20000);
    EXPECT_TRUE(bool(e)) << what;
    llvm::consumeError(std::move(e));
    EXPECT_EQ(cubin, before) << what;
  };
  expectError({}, "empty");
  expectError(std::vector<char>(10, 0), "short");
  std::vector<char> cubin = makeCubin(0xc400, 0x400);
  {
    std::vector<char> bad = cubin;
    bad[4] = 1; // ELF32
    expectError(bad, "class");
  }
  {
    std::vector<char> bad = cubin;
    put(bad, 40, uint64_t(-64), 8); // section headers wrap around
    expectError(bad, "shoff");
  }
  {
    std::vector<char> bad = cubin;
    put(bad, 60, 0xffff, 2); // more sections than the file holds
    expectError(bad, "shnum");
  }
  {
    std::vector<char> bad = cubin;
    put(bad, 62, 9, 2); // name table index out of range
    expectError(bad, "shstrndx");
  }
  {
    std::vector<char> bad = cubin;
    put(bad, kSections + 64 + 24, uint64_t(-8), 8); // name table offset
    expectError(bad, "strtab");
  }
  {
    std::vector<char> bad = cubin;
    put(bad, 56, 0x100, 2); // program headers past the end
    expectError(bad, "phnum", /*readFails=*/false);
  }
  {
    std::vector<char> bad = cubin;
    bad.resize(kSegments + 20); // truncated program header table
    expectError(bad, "truncated", /*readFails=*/false);
  }
}

} // namespace
