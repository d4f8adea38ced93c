// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.5 %s | tile-translate --tileir-bytecode-to-mlir | FileCheck %s
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.5 %s -o %t.bc
// RUN: od -An -tx1 -N12 %t.bc | FileCheck %s --check-prefix=HEADER
// RUN: not tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.4 %s -o %t.old 2>&1 | FileCheck %s --check-prefix=OLD

// What bytecode 13.5 added survives a trip through it: argument attributes
// on an entry, `inbounds` on atomic_red_view_tko (all false reads back as no
// attribute), and entries without hints (13.5 always stores them; an empty
// set reads back as none).

// HEADER: 7f 54 69 6c 65 49 52 00 0d 05 00 00

cuda_tile.module @m {
  // CHECK-LABEL: entry @v13_5(
  // CHECK-SAME: %{{.*}}: tile<ptr<i32>> {tile.note = "acc"}, %{{.*}}: tile<i32>)
  // CHECK-SAME: optimization_hints=<default = {num_worker_warps_per_cta = 2}>
  entry @v13_5(%p: tile<ptr<i32>> {tile.note = "acc"}, %n: tile<i32>) optimization_hints=<default = {num_worker_warps_per_cta = 2}> {
    %tv = make_tensor_view %p, shape = [%n, 16], strides = [16, 1] : tile<i32> -> tensor_view<?x16xi32, strides=[16,1]>
    %pv = make_partition_view %tv : partition_view<tile=(8x16), tensor_view<?x16xi32, strides=[16,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x = constant <i32: 1> : tile<8x16xi32>
    // CHECK: atomic_red_view_tko relaxed device %{{.*}}[%{{.*}}, %{{.*}}], add, %{{.*}} inbounds = [false, true] :
    %t0 = atomic_red_view_tko relaxed device %pv[%c0, %c0], add, %x inbounds = [false, true] : tile<8x16xi32>, partition_view<tile=(8x16), tensor_view<?x16xi32, strides=[16,1]>>, tile<i32> -> token
    // CHECK: atomic_red_view_tko relaxed device %{{.*}}[%{{.*}}, %{{.*}}], add, %{{.*}} token = %{{.*}} :
    // CHECK-NOT: inbounds
    // CHECK-SAME: -> token
    %t1 = atomic_red_view_tko relaxed device %pv[%c0, %c0], add, %x token = %t0 inbounds = [false, false] : tile<8x16xi32>, partition_view<tile=(8x16), tensor_view<?x16xi32, strides=[16,1]>>, tile<i32> -> token
    return
  }
  // CHECK-LABEL: entry @plain(
  // CHECK-NOT: optimization_hints
  // CHECK-SAME: {
  entry @plain() {
    return
  }
}

// OLD: error: attribute 'inbounds' of 'cuda_tile.atomic_red_view_tko' needs bytecode version 13.5; the target is 13.4

// Without the set `inbounds` flag, what 13.4 cannot hold is the argument
// attributes.
// RUN: sed -e 's/ inbounds = \[false, true\]//' %s | not tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.4 -o %t.old2 2>&1 | FileCheck %s --check-prefix=OLD2
// OLD2: error: argument attributes need bytecode 13.5; writing 13.4
