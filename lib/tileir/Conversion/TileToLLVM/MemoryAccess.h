//===- MemoryAccess.h - Global-memory access helpers -------------*- C++ -*-===//
//
// Part of the tileir project, under the Apache License v2.0 with LLVM
// Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What the memory lowerings (MemoryToLLVM.cpp, AtomicToLLVM.cpp) share:
// PTX qualifiers for memory orderings and scopes, how elements are laid out
// in memory, predicated (vector) ld/st as inline PTX, the divisibility facts
// cuTile states with `assume`, and moving registers between the threads of
// a CTA (operands in another layout, atomic results for replicas).
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_LIB_CONVERSION_TILETOLLVM_MEMORYACCESS_H
#define TILEIR_LIB_CONVERSION_TILETOLLVM_MEMORYACCESS_H

#include "LoweringUtils.h"

#include "tileir/Dialect/TileGPU/IR/TensorMap.h"

#include <optional>
#include <string>

namespace tileir::lowering {

//===----------------------------------------------------------------------===//
// Orderings and scopes
//===----------------------------------------------------------------------===//

/// The PTX scope of a memory scope: ".cta", ".gpu" or ".sys".
llvm::StringRef getPTXScope(mlir::cuda_tile::MemoryScope scope);

/// The qualifiers of an ld or st with `ordering`: "" for weak (a plain
/// access), otherwise ".relaxed.<scope>", ".acquire.<scope>" or
/// ".release.<scope>". A missing scope (which the verifier only allows for
/// weak accesses) reads as device scope.
std::string
getLoadStoreQualifiers(mlir::cuda_tile::MemoryOrderingSemantics ordering,
                       std::optional<mlir::cuda_tile::MemoryScope> scope);

/// The `.sem.scope` qualifiers of an atom or red instruction.
std::string
getAtomicQualifiers(mlir::cuda_tile::MemoryOrderingSemantics ordering,
                    mlir::cuda_tile::MemoryScope scope);

//===----------------------------------------------------------------------===//
// Elements in memory
//===----------------------------------------------------------------------===//

/// How one tile element is held in a register and stored in memory.
struct MemoryElement {
  /// The LLVM type of the register (i1 for booleans).
  mlir::Type registerType;
  /// Bytes one element takes in memory.
  unsigned bytes = 0;
  /// i1 occupies a byte; a nonzero byte reads as true.
  bool isBool = false;
  /// i4 and f4E2M1FN: two elements per byte, the even one in the low
  /// nibble. Addresses count elements (`bytes` is 1) until
  /// getPackedNibble turns them into a byte address and a bit position.
  bool isPacked = false;
};

/// The memory form of tile element type `element`. The 4-bit types have no
/// byte-addressable form: they fail unless `allowPacked` (view accesses,
/// which address them through getPackedNibble).
mlir::FailureOr<MemoryElement>
getMemoryElement(mlir::Type element, const TileLLVMTypeConverter &converter,
                 bool allowPacked = false);

/// For a 4-bit element: the byte that holds element `offset` (i64, in
/// elements from `base`) and the position of its nibble in that byte (0 or
/// 4, i8).
std::pair<mlir::Value, mlir::Value> getPackedNibble(mlir::OpBuilder &b,
                                                    mlir::Location loc,
                                                    mlir::Value base,
                                                    mlir::Value offset);

/// Loads the 4-bit element at (`byte`, `shift`) (getPackedNibble) into the
/// low bits of an i8, predicated on `pred` (null: unconditional); an
/// element not loaded reads as `fallback` (null: unspecified).
mlir::Value emitPackedLoad(mlir::OpBuilder &b, mlir::Location loc,
                           mlir::Value byte, mlir::Value shift,
                           mlir::Value pred, mlir::Value fallback,
                           llvm::StringRef qualifiers);

/// Stores the low 4 bits of i8 `value` at (`byte`, `shift`), predicated on
/// `pred`. The other nibble of the byte may belong to another thread, so
/// the 32-bit word around it is updated with two atomic reductions (clear
/// the nibble, then set its bits), which leave every other bit alone.
/// `semantics` are the PTX ordering qualifiers (empty for weak stores) and
/// `space` the state space.
void emitPackedStore(mlir::OpBuilder &b, mlir::Location loc, mlir::Value byte,
                     mlir::Value shift, mlir::Value pred, mlir::Value value,
                     llvm::StringRef semantics, llvm::StringRef space);

/// Loads `count` consecutive elements (a power of two, at most 16 bytes in
/// all) from global address `addr`, which must be aligned to their total
/// size: one `ld<qualifiers>[.v2|.v4]` of 8-, 16-, 32- or 64-bit words,
/// predicated on `pred` (null: unconditional). Elements not loaded take
/// their `fallback` value (`count` values), or are unspecified when
/// `fallback` is empty. `qualifiers` are the ordering
/// (getLoadStoreQualifiers) followed by the state space.
llvm::SmallVector<mlir::Value>
emitGlobalLoad(mlir::OpBuilder &b, mlir::Location loc, mlir::Value addr,
               mlir::Value pred, unsigned count,
               llvm::ArrayRef<mlir::Value> fallback,
               const MemoryElement &element, llvm::StringRef qualifiers);

/// The store counterpart of emitGlobalLoad.
void emitGlobalStore(mlir::OpBuilder &b, mlir::Location loc, mlir::Value addr,
                     mlir::Value pred, llvm::ArrayRef<mlir::Value> values,
                     const MemoryElement &element,
                     llvm::StringRef qualifiers);

/// Name prefix of the shared-memory buffers of `alloca`.
inline constexpr llvm::StringLiteral kAllocaPrefix = "__tileir_alloca_";

/// The state space of accesses through pointers in the kernel holding `op`:
/// ".global", or "" (generic addressing) when the kernel allocates scratch
/// with `alloca`, whose pointers address shared memory.
llvm::StringRef getPointerStateSpace(mlir::Operation *op);

/// `a && b` where either may be null (meaning true).
mlir::Value andPredicates(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value a, mlir::Value c);

//===----------------------------------------------------------------------===//
// Facts from the input program
//===----------------------------------------------------------------------===//

// The facts live beside the tensor-map plans (the pipeliner reads them
// too).
using ::tileir::getConstantIntValue;
using ::tileir::getKnownDivisor;

//===----------------------------------------------------------------------===//
// Moving registers between threads
//===----------------------------------------------------------------------===//

/// The registers of `converted`, a lowered tile of type `tileType`, in
/// layout `target` (same shape): the registers themselves when the layouts
/// agree, else moved by register selection, warp shuffles or (with the
/// kernel's shared-memory arena) through shared memory.
mlir::FailureOr<llvm::SmallVector<mlir::Value>>
getRegistersInLayout(mlir::OpBuilder &b, mlir::Location loc,
                     mlir::Operation *op, mlir::Value converted,
                     mlir::Type tileType, const LinearLayout &target,
                     const ThreadIds &ids);

/// Moves `registers` from layout `src` to layout `dst` (same shape).
mlir::FailureOr<llvm::SmallVector<mlir::Value>>
redistribute(mlir::OpBuilder &b, mlir::Location loc, mlir::Operation *op,
             llvm::ArrayRef<mlir::Value> registers, const LinearLayout &src,
             const LinearLayout &dst, const ThreadIds &ids);

/// Where only the owner of each element (emitOwnerPredicate) holds a valid
/// value in `registers`, gives every thread holding the element that value:
/// registers of the same thread are copied, lanes of one warp shuffle, and
/// copies in other warps go through the shared-memory arena.
mlir::FailureOr<llvm::SmallVector<mlir::Value>>
broadcastFromOwners(mlir::OpBuilder &b, mlir::Location loc,
                    mlir::Operation *op, llvm::ArrayRef<mlir::Value> registers,
                    const LinearLayout &layout, const ThreadIds &ids);

//===----------------------------------------------------------------------===//
// Atomics (AtomicToLLVM.cpp)
//===----------------------------------------------------------------------===//

/// The PTX form of an atomic operation on one element.
struct AtomicInstr {
  /// Operation and type, e.g. ".add.f32", ".max.s64", ".add.noftz.f16".
  std::string op;
  /// Register width of the element.
  unsigned bits = 0;
  /// No instruction on this target (bf16 addition before sm_90): a
  /// compare-and-swap loop instead.
  bool emulated = false;
};

/// The instruction of `mode` on `element` for compute capability `sm`;
/// fails for combinations the specification does not allow.
mlir::FailureOr<AtomicInstr>
getAtomicInstr(mlir::cuda_tile::AtomicRMWMode mode, mlir::Type element,
               unsigned sm);

/// Consecutive elements one `red` can combine (packed halves, vectors).
unsigned getMaxReduceVectorWidth(mlir::cuda_tile::AtomicRMWMode mode,
                                 mlir::Type element, unsigned sm);

/// One `@pred atom<sem><space><op>` (a compare-and-swap when `compare` is
/// set) and its old value; a `red` and a null value when the old value is
/// not wanted and the ordering allows it. `sem` comes from
/// getAtomicQualifiers and `space` from getPointerStateSpace.
mlir::Value emitAtomic(mlir::OpBuilder &b, mlir::Location loc,
                       const AtomicInstr &instr, mlir::Value addr,
                       mlir::Value pred, mlir::Value value,
                       mlir::Value compare, bool wantResult,
                       llvm::StringRef sem, llvm::StringRef space);

/// `@pred red` of `values.size()` consecutive elements at `addr` (at most
/// getMaxReduceVectorWidth, aligned to their size).
void emitAtomicReduce(mlir::OpBuilder &b, mlir::Location loc,
                      const AtomicInstr &instr, mlir::Value addr,
                      mlir::Value pred, llvm::ArrayRef<mlir::Value> values,
                      llvm::StringRef sem, llvm::StringRef space);

/// atomic_rmw_tko and atomic_cas_tko.
void populateAtomicToLLVMPatterns(TileLLVMTypeConverter &converter,
                                  mlir::RewritePatternSet &patterns);

} // namespace tileir::lowering

#endif // TILEIR_LIB_CONVERSION_TILETOLLVM_MEMORYACCESS_H
