//===- RegisterPressure.h - Registers a function keeps live -----*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_TARGET_PTX_REGISTERPRESSURE_H
#define TILEIR_TARGET_PTX_REGISTERPRESSURE_H

namespace llvm {
class Function;
} // namespace llvm

namespace tileir {

/// The most 32-bit registers `function` keeps live at once, from SSA
/// liveness on its IR: each value costs its width in 32-bit registers
/// (64-bit pointers two, shared-memory pointers one), predicates nothing.
/// ptxas schedules and rematerializes, so this is an estimate of what it
/// will allocate, not a bound: it tells a kernel that will need about the
/// whole register file from one that will not.
unsigned estimateRegisterPressure(const llvm::Function &function);

} // namespace tileir

#endif // TILEIR_TARGET_PTX_REGISTERPRESSURE_H
