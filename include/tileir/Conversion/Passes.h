//===- Passes.h - tileir conversion passes ----------------------*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_CONVERSION_PASSES_H
#define TILEIR_CONVERSION_PASSES_H

#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace tileir {

#define GEN_PASS_DECL
#include "tileir/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tileir/Conversion/Passes.h.inc"

} // namespace tileir

#endif // TILEIR_CONVERSION_PASSES_H
