//===- CubinPatcher.cpp - Post-ptxas edits of a cubin ---------------------===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A small, bounds-checked ELF64 little-endian reader: only what finding a
// section by name and resizing it needs. Every read goes through readLE,
// which refuses offsets outside the image, so a truncated or hostile file
// yields an error, never an out-of-bounds access.
//
//===----------------------------------------------------------------------===//

#include "tileir/Target/Cubin/CubinPatcher.h"

#include "llvm/Support/Endian.h"

#include <cstring>

using namespace tileir;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "malformed cubin: " + message.str());
}

namespace {
constexpr uint32_t kShtNobits = 8;
constexpr uint32_t kPtLoad = 1;
constexpr uint64_t kEhdrSize = 64;
constexpr uint64_t kShdrSize = 64;
constexpr uint64_t kPhdrSize = 56;

/// Where the fields of `.nv.shared.<kernel>` and its segment live.
struct SharedSectionRef {
  uint64_t sizeFieldOffset = 0;
  uint64_t size = 0;
  uint64_t fileOffset = 0;
};

class ElfView {
public:
  explicit ElfView(llvm::ArrayRef<char> image) : image(image) {}

  /// Reads a little-endian integer of `bytes` bytes at `offset`.
  llvm::Expected<uint64_t> read(uint64_t offset, unsigned bytes) const {
    if (offset > image.size() || image.size() - offset < bytes)
      return makeError("read of " + llvm::Twine(bytes) + " bytes at offset " +
                       llvm::Twine(offset) + " is past the end (" +
                       llvm::Twine(image.size()) + " bytes)");
    uint64_t value = 0;
    for (unsigned i = 0; i < bytes; ++i)
      value |= uint64_t(static_cast<unsigned char>(image[offset + i]))
               << (8 * i);
    return value;
  }

  /// Checks that a table of `count` entries of `entrySize` bytes at
  /// `offset` lies inside the image.
  llvm::Error checkTable(uint64_t offset, uint64_t count, uint64_t entrySize,
                         llvm::StringRef what) const {
    if (count == 0)
      return llvm::Error::success();
    if (offset > image.size() || (image.size() - offset) / entrySize < count)
      return makeError(what + " table (" + llvm::Twine(count) +
                       " entries at offset " + llvm::Twine(offset) +
                       ") is past the end of the file");
    return llvm::Error::success();
  }

  llvm::ArrayRef<char> image;
};
} // namespace

/// Finds `.nv.shared.<kernel>`; std::nullopt when absent.
static llvm::Expected<std::optional<SharedSectionRef>>
findSharedSection(llvm::ArrayRef<char> cubin, llvm::StringRef kernel) {
  ElfView elf(cubin);
  if (cubin.size() < kEhdrSize || std::memcmp(cubin.data(), "\x7f" "ELF", 4))
    return makeError("not an ELF file");
  if (cubin[4] != 2 || cubin[5] != 1)
    return makeError("not a little-endian ELF64 file");
#define READ(var, off, bytes)                                                  \
  uint64_t var;                                                                \
  if (llvm::Expected<uint64_t> v = elf.read(off, bytes))                       \
    var = *v;                                                                  \
  else                                                                         \
    return v.takeError();
  READ(shoff, 40, 8);
  READ(shentsize, 58, 2);
  READ(shnum, 60, 2);
  READ(shstrndx, 62, 2);
  if (shnum == 0)
    return std::optional<SharedSectionRef>();
  if (shentsize != kShdrSize)
    return makeError("section header size " + llvm::Twine(shentsize) +
                     ", expected 64");
  if (llvm::Error e = elf.checkTable(shoff, shnum, kShdrSize, "section"))
    return std::move(e);
  if (shstrndx >= shnum)
    return makeError("section name table index " + llvm::Twine(shstrndx) +
                     " out of range");
  uint64_t strHeader = shoff + shstrndx * kShdrSize;
  READ(strOffset, strHeader + 24, 8);
  READ(strSize, strHeader + 32, 8);
  if (strOffset > cubin.size() || cubin.size() - strOffset < strSize)
    return makeError("section name table is past the end of the file");
  llvm::StringRef names(cubin.data() + strOffset, strSize);

  std::string wanted = (".nv.shared." + kernel).str();
  std::optional<SharedSectionRef> found;
  for (uint64_t i = 0; i < shnum; ++i) {
    uint64_t header = shoff + i * kShdrSize;
    READ(nameOffset, header, 4);
    if (nameOffset >= names.size())
      continue;
    llvm::StringRef name = names.drop_front(nameOffset);
    name = name.take_until([](char c) { return c == '\0'; });
    if (name != wanted)
      continue;
    READ(type, header + 4, 4);
    if (type != kShtNobits)
      return makeError("section " + wanted + " is not NOBITS");
    if (found)
      return makeError("two sections named " + wanted);
    READ(offset, header + 24, 8);
    READ(size, header + 32, 8);
    found = SharedSectionRef{header + 32, size, offset};
  }
  return found;
#undef READ
}

llvm::Expected<std::optional<uint64_t>>
tileir::getKernelSharedSectionSize(llvm::ArrayRef<char> cubin,
                                   llvm::StringRef kernel) {
  llvm::Expected<std::optional<SharedSectionRef>> section =
      findSharedSection(cubin, kernel);
  if (!section)
    return section.takeError();
  if (!*section)
    return std::optional<uint64_t>();
  return std::optional<uint64_t>((*section)->size);
}

static void writeLE64(std::vector<char> &image, uint64_t offset,
                      uint64_t value) {
  for (unsigned i = 0; i < 8; ++i)
    image[offset + i] = static_cast<char>((value >> (8 * i)) & 0xff);
}

llvm::Error tileir::setKernelSharedSectionSize(std::vector<char> &cubin,
                                               llvm::StringRef kernel,
                                               uint64_t newSize) {
  llvm::Expected<std::optional<SharedSectionRef>> found =
      findSharedSection(cubin, kernel);
  if (!found)
    return found.takeError();
  if (!*found)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cubin has no section .nv.shared." +
                                       kernel.str());
  SharedSectionRef section = **found;
  if (newSize < section.size)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "cannot shrink .nv.shared." + kernel.str() + " from " +
            std::to_string(section.size) + " to " + std::to_string(newSize) +
            " bytes");
  uint64_t delta = newSize - section.size;

  // The writable, file-less PT_LOAD segment that starts where the NOBITS
  // section does maps it (one segment maps every kernel's section). Find
  // all edits first so a failure leaves the image unchanged.
  ElfView elf(cubin);
  llvm::SmallVector<std::pair<uint64_t, uint64_t>> segmentEdits;
  llvm::Expected<uint64_t> phoff = elf.read(32, 8);
  llvm::Expected<uint64_t> phentsize = elf.read(54, 2);
  llvm::Expected<uint64_t> phnum = elf.read(56, 2);
  if (!phoff)
    return phoff.takeError();
  if (!phentsize)
    return phentsize.takeError();
  if (!phnum)
    return phnum.takeError();
  if (*phnum != 0) {
    if (*phentsize != kPhdrSize)
      return makeError("program header size " + llvm::Twine(*phentsize) +
                       ", expected 56");
    if (llvm::Error e = elf.checkTable(*phoff, *phnum, kPhdrSize, "program"))
      return e;
    for (uint64_t i = 0; i < *phnum; ++i) {
      uint64_t header = *phoff + i * kPhdrSize;
      llvm::Expected<uint64_t> type = elf.read(header, 4);
      llvm::Expected<uint64_t> offset = elf.read(header + 8, 8);
      llvm::Expected<uint64_t> filesz = elf.read(header + 32, 8);
      llvm::Expected<uint64_t> memsz = elf.read(header + 40, 8);
      if (!type || !offset || !filesz || !memsz) {
        llvm::consumeError(type.takeError());
        llvm::consumeError(offset.takeError());
        llvm::consumeError(filesz.takeError());
        llvm::consumeError(memsz.takeError());
        return makeError("truncated program header");
      }
      if (*type != kPtLoad || *filesz != 0 || *offset != section.fileOffset ||
          *memsz < section.size)
        continue;
      if (*memsz > UINT64_MAX - delta)
        return makeError("segment size overflows");
      segmentEdits.push_back({header + 40, *memsz + delta});
    }
  }
  writeLE64(cubin, section.sizeFieldOffset, newSize);
  for (auto [offset, value] : segmentEdits)
    writeLE64(cubin, offset, value);
  return llvm::Error::success();
}
