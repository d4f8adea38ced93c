//===- MmaToLLVM.cpp - Matrix multiply-accumulate on tensor cores ---===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::lowering;

void tileir::populateMmaToLLVMPatterns(TileLLVMTypeConverter &converter,
                 RewritePatternSet &patterns) {}
