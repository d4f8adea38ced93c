//===- TileToLLVM.h - Lowering distributed tiles to LLVM/NVVM ---*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The type converter and the pattern families of convert-tile-to-llvm. Each
// family lives in its own file and adds its patterns through one populate
// function.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_CONVERSION_TILETOLLVM_TILETOLLVM_H
#define TILEIR_CONVERSION_TILETOLLVM_TILETOLLVM_H

#include "tileir/Target/GPUTarget.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseSet.h"

namespace tileir {

/// Maps the types of distributed tile programs to LLVM types:
///  - a tile with a layout: its registers in one thread (the element type
///    when there is one register, otherwise a literal struct of them); a
///    rank-0 tile has one register;
///  - element types: integers as themselves (i4 widened to i8), f16, bf16,
///    f32, f64 as themselves, tf32 as f32, 8- and 4-bit floats as i8;
///    pointers as `!llvm.ptr<1>`;
///  - views: a struct of the base pointer, then the sizes and then the
///    strides of the underlying tensor view, all i64;
///  - tokens: an empty struct.
class TileLLVMTypeConverter : public mlir::LLVMTypeConverter {
public:
  TileLLVMTypeConverter(mlir::MLIRContext *context, const GPUTarget &target);

  const GPUTarget &getTarget() const { return target; }

  /// The LLVM type of one register holding `elementType`.
  mlir::Type convertElementType(mlir::Type elementType) const;

private:
  const GPUTarget &target;
};

/// Name of the shared-memory arena (an LLVM global) of kernel `kernelName`.
std::string getSharedArenaName(llvm::StringRef kernelName);

/// Kernels (func.func -> llvm.func), returns, globals, block ids, tokens.
void populateFuncToLLVMPatterns(TileLLVMTypeConverter &converter,
                                mlir::RewritePatternSet &patterns);
/// Element-wise arithmetic, math, comparisons, select and conversions.
void populateElementwiseToLLVMPatterns(TileLLVMTypeConverter &converter,
                                       mlir::RewritePatternSet &patterns);
/// Views, loads, stores, gathers, scatters, atomics, alloca.
void populateMemoryToLLVMPatterns(TileLLVMTypeConverter &converter,
                                  mlir::RewritePatternSet &patterns);
/// constant, iota, broadcast, reshape, permute, extract, cat.
void populateShapeToLLVMPatterns(TileLLVMTypeConverter &converter,
                                 mlir::RewritePatternSet &patterns);
/// reduce and scan.
void populateReduceScanToLLVMPatterns(TileLLVMTypeConverter &converter,
                                      mlir::RewritePatternSet &patterns);
/// mmaf, mmai.
void populateMmaToLLVMPatterns(TileLLVMTypeConverter &converter,
                               mlir::RewritePatternSet &patterns);
/// tilegpu.convert_layout.
void populateLayoutConversionToLLVMPatterns(TileLLVMTypeConverter &converter,
                                            mlir::RewritePatternSet &patterns);
/// print and assert.
void populateDebugToLLVMPatterns(TileLLVMTypeConverter &converter,
                                 mlir::RewritePatternSet &patterns);
/// Shared buffers (alloc_shared, subview, local_store, local_load),
/// barriers and copy groups (async_commit, async_wait).
void populateSharedMemoryToLLVMPatterns(TileLLVMTypeConverter &converter,
                                        mlir::RewritePatternSet &patterns);
/// async_copy.
void populateAsyncCopyToLLVMPatterns(TileLLVMTypeConverter &converter,
                                     mlir::RewritePatternSet &patterns);
/// warpgroup_dot (wgmma).
void populateWarpGroupDotToLLVMPatterns(TileLLVMTypeConverter &converter,
                                        mlir::RewritePatternSet &patterns);

/// Producer-warp test, exit, mbarriers and the async-proxy fence.
/// TMA copies with tensor maps the kernel builds in a pool of its module.
void populateTensorMapToLLVMPatterns(TileLLVMTypeConverter &converter,
                                     mlir::RewritePatternSet &patterns);
void populateWarpSpecializationToLLVMPatterns(
    TileLLVMTypeConverter &converter, mlir::RewritePatternSet &patterns);

/// Every pattern family above, and the control-flow ones.
void populateTileToLLVMPatterns(TileLLVMTypeConverter &converter,
                                mlir::RewritePatternSet &patterns);

/// Which operations code generation can lower: those with a lowering
/// pattern, and those an earlier stage (the CFG lowering) removes.
class CodegenSupport {
public:
  explicit CodegenSupport(mlir::MLIRContext *context);
  bool supports(mlir::Operation *op) const;

private:
  llvm::DenseSet<mlir::OperationName> lowered;
};

} // namespace tileir

#endif // TILEIR_CONVERSION_TILETOLLVM_TILETOLLVM_H
