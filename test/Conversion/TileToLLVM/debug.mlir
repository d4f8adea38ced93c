// print_tko and assert lowered onto vprintf and __assertfail.
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-plan-shared-memory --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_90' | FileCheck %s \
// RUN:   --implicit-check-not=cuda_tile.

// Length modifiers follow the value passed: f16 goes as a double, i64 with
// `ll`; `%%` stays escaped. The tile is expanded into nested brackets with
// the argument's conversion for each element.
// CHECK-DAG: llvm.mlir.global internal constant @[[$SCALARS:__tileir_str_[0-9A-F]+]]("a=%d b=%.3f c=%lld 100%%\0A\00") {addr_space = 4 : i32
// CHECK-DAG: llvm.mlir.global internal constant @[[$ROWS:__tileir_str_[0-9A-F]+]]("row %d: {{\[\[}}%5d, %5d, %5d, %5d], [%5d, %5d, %5d, %5d{{\]\]}}\00")
// CHECK-DAG: llvm.mlir.global internal @__tileir_print_mutex(0 : i32) {addr_space = 1 : i32
// CHECK-DAG: llvm.mlir.global internal constant @{{.*}}("{{.*}}debug.mlir:[[#$LINE:]]: check: element [%d] is false: x below y\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[$MSG:__tileir_str_[0-9A-F]+]]("x below y\00")
// CHECK-DAG: llvm.func @vprintf(!llvm.ptr, !llvm.ptr) -> i32
// CHECK-DAG: llvm.func @__assertfail(!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64)

cuda_tile.module @dbg {
// Rank-0 arguments: one vprintf call in thread 0, arguments packed at
// their natural alignment (i32 at 0, f64 at 8, i64 at 16).
// CHECK-LABEL: llvm.func @print_scalars(
// CHECK-SAME: %[[A:.*]]: i32, %[[B:.*]]: f16, %[[C:.*]]: i64)
// CHECK: %[[BUF:.*]] = llvm.alloca %{{.*}} x !llvm.array<32 x i64> {alignment = 8 : i64}
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[IS0:.*]] = llvm.icmp "eq" %[[TID]]
// CHECK: llvm.cond_br %[[IS0]], ^[[PRINT:bb[0-9]+]], ^[[DONE:bb[0-9]+]]
// CHECK: ^[[PRINT]]:
// CHECK: %[[B32:.*]] = llvm.fpext %[[B]] : f16 to f32
// CHECK: %[[B64:.*]] = llvm.fpext %[[B32]] : f32 to f64
// CHECK: %[[FMT:.*]] = llvm.mlir.addressof @[[$SCALARS]] : !llvm.ptr<4>
// CHECK: %[[GFMT:.*]] = llvm.addrspacecast %[[FMT]] : !llvm.ptr<4> to !llvm.ptr
// CHECK: %[[S0:.*]] = llvm.getelementptr %[[BUF]][0]
// CHECK: llvm.store %[[A]], %[[S0]] {alignment = 4 : i64} : i32
// CHECK: %[[S1:.*]] = llvm.getelementptr %[[BUF]][8]
// CHECK: llvm.store %[[B64]], %[[S1]] {alignment = 8 : i64} : f64
// CHECK: %[[S2:.*]] = llvm.getelementptr %[[BUF]][16]
// CHECK: llvm.store %[[C]], %[[S2]] {alignment = 8 : i64} : i64
// CHECK: llvm.call @vprintf(%[[GFMT]], %[[BUF]])
// CHECK: llvm.br ^[[DONE]]
// CHECK-NOT: cmpxchg
// CHECK: llvm.return
  entry @print_scalars(%a: tile<i32>, %b: tile<f16>, %c: tile<i64>) {
    %t = print_tko "a=%d b=%.3f c=%lld 100%%\n", %a, %b, %c : tile<i32>, tile<f16>, tile<i64> -> token
    return
  }

// A tile argument: barrier, every thread stores its registers into the
// arena, barrier; thread 0 takes the print mutex, loads the 8 elements and
// prints; the trailing text is a second call before the mutex is released.
// CHECK-LABEL: llvm.func @print_tile(
// CHECK: %[[MUTEX:.*]] = llvm.mlir.addressof @__tileir_print_mutex : !llvm.ptr<1>
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.store %{{.*}} : i32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.cond_br %{{.*}}, ^[[FIRST:bb[0-9]+]], ^[[NEXT:bb[0-9]+]]
// CHECK: ^[[FIRST]]:
// CHECK-NEXT: llvm.br ^[[SPIN:bb[0-9]+]]
// CHECK: ^[[SPIN]]:
// CHECK: llvm.cmpxchg %[[MUTEX]], %{{.*}}, %{{.*}} acquire monotonic
// CHECK: llvm.cond_br %{{.*}}, ^{{.*}}, ^[[SPIN]]
// CHECK-COUNT-8: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// CHECK: llvm.mlir.addressof @[[$ROWS]]
// CHECK: llvm.call @vprintf
// CHECK: ^[[NEXT]]:
// CHECK: llvm.call @vprintf
// CHECK: llvm.store %{{.*}}, %[[MUTEX]] atomic release
// CHECK: llvm.return
  entry @print_tile(%a: tile<i32>) {
    %i = iota : tile<8xi32>
    %x = reshape %i : tile<8xi32> -> tile<2x4xi32>
    %t = print_tko "row %d: %5d\n", %a, %x : tile<i32>, tile<2x4xi32> -> token
    return
  }

// assert: a false element owned by this thread branches to a block that
// names it, calls __assertfail with the message, file, line, kernel name
// and a char size of 1, and traps.
// CHECK-LABEL: llvm.func @check(
// CHECK: llvm.icmp "slt"
// CHECK: %[[TRUE:.*]] = llvm.mlir.constant(true) : i1
// CHECK: %[[NOT:.*]] = llvm.xor %{{.*}}, %[[TRUE]] : i1
// CHECK: llvm.and %[[NOT]], %{{.*}} : i1
// CHECK: llvm.cond_br %{{.*}}, ^[[FAIL:bb[0-9]+]], ^[[OK:bb[0-9]+]]
// CHECK: ^[[FAIL]]:
// CHECK: llvm.call @vprintf
// CHECK: %[[M:.*]] = llvm.mlir.addressof @[[$MSG]]
// CHECK: %[[GM:.*]] = llvm.addrspacecast %[[M]]
// CHECK: %[[LN:.*]] = llvm.mlir.constant([[#$LINE]] : i32) : i32
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK: llvm.call @__assertfail(%[[GM]], %{{.*}}, %[[LN]], %{{.*}}, %[[ONE]])
// CHECK-NEXT: llvm.intr.trap
// CHECK: ^[[OK]]:
// CHECK: llvm.return
  entry @check(%a: tile<i32>) {
    %x = iota : tile<8xi32>
    %y = iota : tile<8xi32>
    %c = cmpi less_than %x, %y, signed : tile<8xi32> -> tile<8xi1>
    assert %c, "x below y" : tile<8xi1>
    return
  }
}
