//===- CubinPatcher.h - Post-ptxas edits of a cubin -------------*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// ptxas refuses a static `.shared` declaration over 48 KiB for plain targets,
// but the driver sizes a kernel's static shared memory from the cubin itself:
// the `.nv.shared.<kernel>` section (NOBITS) and the writable PT_LOAD segment
// that maps it. A kernel whose arena needs more is therefore declared at 48
// KiB and its section grown here, after ptxas. The ELF is untrusted input:
// every header, offset and size is bounds checked before use.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_TARGET_CUBIN_CUBINPATCHER_H
#define TILEIR_TARGET_CUBIN_CUBINPATCHER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace tileir {

/// The `sh_size` of `.nv.shared.<kernel>` in `cubin`; std::nullopt when the
/// cubin has no such section (the kernel uses no static shared memory).
/// Fails when the cubin is not a well-formed little-endian ELF64.
llvm::Expected<std::optional<uint64_t>>
getKernelSharedSectionSize(llvm::ArrayRef<char> cubin,
                           llvm::StringRef kernel);

/// Sets the size of `.nv.shared.<kernel>` to `newSize` (not smaller than
/// the current size) and grows the NOBITS PT_LOAD segment that maps it by
/// the same amount. Fails, leaving `cubin` unchanged, when the cubin is
/// malformed or has no such section.
llvm::Error setKernelSharedSectionSize(std::vector<char> &cubin,
                                       llvm::StringRef kernel,
                                       uint64_t newSize);

} // namespace tileir

#endif // TILEIR_TARGET_CUBIN_CUBINPATCHER_H
