// atomic_rmw_tko and atomic_cas_tko lowered to PTX atom/red: the kind, the
// memory order (relaxed/acquire/release/acq_rel) and the scope
// (tl_blk -> cta, device -> gpu, sys -> sys). An unused result of a
// relaxed or release rmw becomes `red`; one owner thread per element does
// the access, and a used rank-0 result reaches every thread through the
// shared-memory arena.
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-plan-shared-memory --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_90' | FileCheck %s \
// RUN:   --implicit-check-not=cuda_tile.

cuda_tile.module @atom {
  // CHECK-LABEL: llvm.func @kinds(
  // CHECK-SAME: %[[PI:[a-z0-9]+]]: !llvm.ptr<1>, %[[PF:[a-z0-9]+]]: !llvm.ptr<1>, %[[I:[a-z0-9]+]]: i32, %[[F:[a-z0-9]+]]: f32, %[[C:[a-z0-9]+]]: i1)
  // CHECK: "@$0 red.relaxed.gpu.global.add.u32 [$1], $2;", "b,l,r" %{{.*}}, %[[PI]], %[[I]]
  // acquire needs atom even when the result is unused.
  // CHECK: "@$1 atom.acquire.sys.global.max.s32 $0, [$2], $3;", "=r,b,l,r" %{{.*}}, %[[PI]], %[[I]]
  // CHECK: "@$0 red.release.cta.global.min.u32 [$1], $2;", "b,l,r" %{{.*}}, %[[PI]], %[[I]]
  // CHECK: "@$1 atom.acq_rel.gpu.global.add.f32 $0, [$2], $3;", "=r,b,l,r" %{{.*}}, %[[PF]]
  // PTX has no red.exch: an unused exchange is still an atom.
  // CHECK: "@$1 atom.relaxed.gpu.global.exch.b32 $0, [$2], $3;", "=r,b,l,r" %{{.*}}, %[[PF]]
  // CHECK: "@$0 red.relaxed.gpu.global.and.b32 [$1], $2;"
  // CHECK: "@$0 red.relaxed.gpu.global.or.b32 [$1], $2;"
  // CHECK: "@$0 red.relaxed.gpu.global.xor.b32 [$1], $2;"
  // CHECK: "@$0 red.relaxed.gpu.global.min.s32 [$1], $2;"
  // CHECK: "@$0 red.relaxed.gpu.global.max.u32 [$1], $2;"
  // A masked-off cas returns the compared value.
  // CHECK: "{\0A\09mov.b32 $0, $3;\0A\09@$1 atom.acquire.gpu.global.cas.b32 $0, [$2], $3, $4;\0A}", "=r,b,l,r,r" %{{.*}}, %[[PI]], %[[I]], %[[I]]
  // CHECK: "{\0A\09mov.b32 $0, $3;\0A\09@$1 atom.relaxed.sys.global.cas.b32 $0, [$2], $3, $4;\0A}", "=r,b,l,r,r" %{{.*}}, %[[PF]]
  // CHECK: llvm.return
  entry @kinds(%pi: tile<ptr<i32>>, %pf: tile<ptr<f32>>, %i: tile<i32>, %f: tile<f32>, %c: tile<i1>) {
    %a0, %u0 = atomic_rmw_tko relaxed device %pi, add, %i : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %a1, %u1 = atomic_rmw_tko acquire sys %pi, max, %i, %c : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
    %a2, %u2 = atomic_rmw_tko release tl_blk %pi, umin, %i : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %a3, %u3 = atomic_rmw_tko acq_rel device %pf, addf, %f : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    %a4, %u4 = atomic_rmw_tko relaxed device %pf, xchg, %f : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    %a5, %u5 = atomic_rmw_tko relaxed device %pi, and, %i : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %a6, %u6 = atomic_rmw_tko relaxed device %pi, or, %i : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %a7, %u7 = atomic_rmw_tko relaxed device %pi, xor, %i : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %a8, %u8 = atomic_rmw_tko relaxed device %pi, min, %i : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %a9, %u9 = atomic_rmw_tko relaxed device %pi, umax, %i : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %o0, %t0 = atomic_cas_tko acquire device %pi, %i, %i, %c : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
    %o1, %t1 = atomic_cas_tko relaxed sys %pf, %f, %f : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    return
  }

  // Only thread 0 (lane 0 of warp 0) holds the rank-0 element's owner
  // copy: it does the atom, then, between two barriers (an earlier op may
  // still read the arena), writes the old value to shared memory where
  // every thread reads it.
  // CHECK: llvm.mlir.global internal @__tileir_smem_used() {addr_space = 3 : i32, alignment = 128 : i64} : !llvm.array<16 x i8>
  // CHECK-LABEL: llvm.func @used(
  // CHECK-SAME: tilegpu.shared_bytes = 16 : i64
  // CHECK: %[[OWNER:.*]] = llvm.and %{{.*}}, %{{.*}} : i1
  // CHECK: %[[OLD:.*]] = llvm.inline_asm has_side_effects "@$1 atom.relaxed.gpu.global.add.u32 $0, [$2], $3;", "=r,b,l,r" %[[OWNER]],
  // CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @__tileir_smem_used : !llvm.ptr<3>
  // CHECK-NEXT: nvvm.barrier0
  // CHECK: "@$1 st.shared.b32 [$0], $2;", "l,b,r" %{{.*}}, %{{.*}}, %[[OLD]]
  // CHECK-NEXT: nvvm.barrier0
  // CHECK: %[[ALL:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> i32
  // CHECK: "@$1 st.global.b32 [$0], $2;", "l,b,r" %{{.*}}, %{{.*}}, %[[ALL]]
  entry @used(%pi: tile<ptr<i32>>, %q: tile<ptr<i32>>, %i: tile<i32>) {
    %a0, %u0 = atomic_rmw_tko relaxed device %pi, add, %i : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %k = store_ptr_tko weak %q, %a0 : tile<ptr<i32>>, tile<i32> -> token
    return
  }

  // A tile of pointers: one red per register, 64-bit.
  // CHECK-LABEL: llvm.func @shaped(
  // CHECK-COUNT-4: "@$0 red.relaxed.gpu.global.add.u64 [$1], $2;", "b,l,l"
  // CHECK-NOT: red.
  // CHECK: llvm.return
  entry @shaped(%a: tile<i64>) {
    %addrs = constant <i64: 0> : tile<128xi64>
    %ps = int_to_ptr %addrs : tile<128xi64> -> tile<128xptr<i64>>
    %v = constant <i64: 1> : tile<128xi64>
    %m = constant <i1: true> : tile<128xi1>
    %r, %t = atomic_rmw_tko relaxed device %ps, add, %v, %m : tile<128xptr<i64>>, tile<128xi64>, tile<128xi1> -> tile<128xi64>, token
    return
  }
}
