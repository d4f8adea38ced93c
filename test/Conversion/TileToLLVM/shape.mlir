// The shape ops lower to layout conversions where the layout algebra allows
// it (reshape and permute relabel the source layout, broadcast projects the
// result layout, cat of operands in one layout adds a register bit), and
// through the shared-memory arena otherwise (extract with run-time indices,
// cat of operands in different layouts, conversions across warps).
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-plan-shared-memory --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_90' \
// RUN:   | FileCheck %s --implicit-check-not=cuda_tile.

// A 64-element vector and a 1x64 row have the same blocked layout: the
// reshape and the broadcast to 32x64 are free, and so are reshapes between
// rank 0 and 1x1 (every thread holds the one element). The kernel needs no
// shared-memory arena.
// CHECK-NOT: llvm.mlir.global
// CHECK-LABEL: llvm.func @free(
// CHECK-SAME: %[[S:.*]]: f32)
// CHECK-NOT: nvvm.barrier0
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.return
cuda_tile.module @m {
  entry @free(%s: tile<f32>) {
    %a = iota : tile<64xi32>
    %b = reshape %a : tile<64xi32> -> tile<1x64xi32>
    %c = broadcast %b : tile<1x64xi32> -> tile<32x64xi32>
    %d = reshape %s : tile<f32> -> tile<1x1xf32>
    %e = broadcast %d : tile<1x1xf32> -> tile<16x16xf32>
    %f = reshape %d : tile<1x1xf32> -> tile<f32>
    return
  }
}

// -----

// 128 elements over the lanes of each warp (four per thread, every warp a
// copy) become a 128x1 column spread over the four warps: each warp already
// holds everything, so lanes exchange registers by shfl.sync, and the
// kernel needs no arena.
// CHECK-NOT: llvm.mlir.global
// CHECK-LABEL: llvm.func @reshape_shuffle(
// CHECK-NOT: nvvm.barrier0
// CHECK: nvvm.shfl.sync  idx
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
cuda_tile.module @m {
  entry @reshape_shuffle() {
    %a = iota : tile<128xi32>
    %b = reshape %a : tile<128xi32> -> tile<128x1xi32>
    return
  }
}

// -----

// A transpose of a blocked tile moves data between warps. In the transposed
// copy, lanes 4, 8 and 16 rows apart write one column: a row-major scratch
// copy would put them in one bank, so offset bits 7, 8 and 9 (those rows)
// flip bits 2, 3 and 4 (which 16-byte group of the 128-byte line), and the
// readers load their 4 consecutive elements as one 16-byte vector.
// CHECK: llvm.mlir.global internal @__tileir_smem_permute(){{.*}}!llvm.array<8192 x i8>
// CHECK-LABEL: llvm.func @permute(
// CHECK: nvvm.barrier0
// CHECK: %[[S1:.*]] = llvm.mlir.constant(5 : i32) : i32
// CHECK-NEXT: %[[R1:.*]] = llvm.lshr %[[OFF:.*]], %[[S1]] : i32
// CHECK-NEXT: %[[B1:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: llvm.and %[[R1]], %[[B1]] : i32
// CHECK: llvm.mlir.constant(8 : i32) : i32
// CHECK: llvm.mlir.constant(16 : i32) : i32
// CHECK: %[[SWZ:.*]] = llvm.xor %[[OFF]], %{{.*}} : i32
// CHECK-NEXT: %[[PTR:.*]] = llvm.getelementptr %{{.*}}[%[[SWZ]]]
// CHECK-NEXT: llvm.store %{{.*}}, %[[PTR]] : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-NOT: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
// CHECK-NOT: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: llvm.return
cuda_tile.module @m {
  entry @permute(%s: tile<f32>) {
    %a = reshape %s : tile<f32> -> tile<1x1xf32>
    %b = broadcast %a : tile<1x1xf32> -> tile<32x64xf32>
    %c = permute %b [1, 0] : tile<32x64xf32> -> tile<64x32xf32>
    return
  }
}

// -----

// cat of two operands in one layout: lhs registers then rhs registers form
// the result in a layout with one more register bit, which here is the
// result's own layout: no data moves and no arena is needed.
// CHECK-NOT: llvm.mlir.global
// CHECK-LABEL: llvm.func @cat_same_layout(
// CHECK-NOT: nvvm.barrier0
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.return
cuda_tile.module @m {
  entry @cat_same_layout(%s: tile<f32>, %t: tile<f32>) {
    %a = reshape %s : tile<f32> -> tile<1x1xf32>
    %b = broadcast %a : tile<1x1xf32> -> tile<16x32xf32>
    %c = reshape %t : tile<f32> -> tile<1x1xf32>
    %d = broadcast %c : tile<1x1xf32> -> tile<16x32xf32>
    %e = cat %b, %d dim = 0 : tile<16x32xf32>, tile<16x32xf32> -> tile<32x32xf32>
    return
  }
}

// -----

#l = #tilegpu.layout<shape=[4, 32], reg=[], lane=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp=[[1, 0], [2, 0]]>
#r = #tilegpu.layout<shape=[4, 32], reg=[[1, 0], [2, 0]], lane=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp=[[0, 0], [0, 0]]>
#o = #tilegpu.layout<shape=[4, 64], reg=[[0, 32]], lane=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp=[[1, 0], [2, 0]]>
// Operands in different layouts are stored straight into a copy of the
// result (4x64 i32, the arena): lhs at its coordinates, rhs 32 columns
// further (column | 32).
// CHECK: llvm.mlir.global internal @__tileir_smem_cat_mixed_layouts(){{.*}}!llvm.array<1024 x i8>
// CHECK-LABEL: llvm.func @cat_mixed_layouts(
// CHECK: nvvm.barrier0
// CHECK: llvm.store %{{.*}} : i32, !llvm.ptr<3>
// CHECK: %[[HALF:.*]] = llvm.mlir.constant(32 : i32)
// CHECK: llvm.or %{{.*}}, %[[HALF]]
// CHECK-COUNT-4: llvm.store %{{.*}} : i32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-2: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// CHECK: llvm.return
cuda_tile.module @m {
  entry @cat_mixed_layouts(%s: tile<i32>) {
    %a = reshape %s : tile<i32> -> tile<1x1xi32>
    %b = broadcast %a : tile<1x1xi32> -> tile<4x32xi32, #l>
    %c = broadcast %a : tile<1x1xi32> -> tile<4x32xi32, #r>
    %e = cat %b, %c dim = 1 : tile<4x32xi32, #l>, tile<4x32xi32, #r> -> tile<4x64xi32, #o>
    return
  }
}

// -----

// extract with run-time slice indices: the source goes to shared memory and
// each thread reads its elements at the slice origin, the index modulo the
// slice count (2 along dim 0, 1 along dim 1) times the slice size. The arena
// holds the 32x8 f32 source.
// CHECK: llvm.mlir.global internal @__tileir_smem_extract(){{.*}}!llvm.array<1024 x i8>
// CHECK-LABEL: llvm.func @extract(
// CHECK-SAME: %{{.*}}: f32, %[[I:.*]]: i32, %[[J:.*]]: i32)
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i32)
// CHECK: %[[M:.*]] = llvm.and %[[I]], %[[ONE]]
// CHECK: %[[SH:.*]] = llvm.mlir.constant(4 : i32)
// CHECK: %[[ORIGIN:.*]] = llvm.shl %[[M]], %[[SH]]
// CHECK: nvvm.barrier0
// CHECK: llvm.store %{{.*}} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.or %{{.*}}, %[[ORIGIN]]
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: llvm.return
cuda_tile.module @m {
  entry @extract(%s: tile<f32>, %i: tile<i32>, %j: tile<i32>) {
    %a = reshape %s : tile<f32> -> tile<1x1xf32>
    %b = broadcast %a : tile<1x1xf32> -> tile<32x8xf32>
    %c = extract %b[%i, %j] : tile<32x8xf32> -> tile<16x8xf32>
    return
  }
}

// -----

// A constant with distinct elements selects each register's element by its
// row-major index.
// CHECK-LABEL: llvm.func @dense_constant(
// CHECK-DAG: llvm.mlir.constant(10 : i32)
// CHECK-DAG: llvm.mlir.constant(20 : i32)
// CHECK-DAG: llvm.mlir.constant(30 : i32)
// CHECK-DAG: llvm.mlir.constant(40 : i32)
// CHECK: llvm.icmp "eq"
// CHECK: llvm.select
// CHECK: llvm.return
cuda_tile.module @m {
  entry @dense_constant() {
    %c = constant <i32: [10, 20, 30, 40]> : tile<4xi32>
    return
  }
}
