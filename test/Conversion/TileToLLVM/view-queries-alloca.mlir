// View queries and tile-block scratch.
// get_tensor_shape reads the view's sizes; get_index_space_shape rounds
// them up to whole tiles. An alloca is a shared-memory buffer beside the
// kernel, accessed with generic ld/st; since the program is one logical
// thread per tile block, every write in such a kernel sits between two CTA
// barriers so that the owner's store is seen by every reader and no reader
// still sees the old value when it is overwritten.
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-plan-shared-memory --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_90' | FileCheck %s \
// RUN:   --implicit-check-not=cuda_tile.

// CHECK: llvm.mlir.global internal @__tileir_alloca_scratch() {addr_space = 3 : i32, alignment = 128 : i64} : !llvm.array<256 x i8>

// CHECK-LABEL: llvm.func @shapes(
// CHECK-NOT: nvvm.barrier0
// CHECK: %[[ROWS:.*]] = llvm.extractvalue %{{.*}}[1] : !llvm.struct<(ptr<1>, i64, i64, i64, i64)>
// CHECK: %[[D0:.*]] = llvm.trunc %[[ROWS]] : i64 to i32
// CHECK: %[[R1:.*]] = llvm.extractvalue %{{.*}}[1] : !llvm.struct<(ptr<1>, i64, i64, i64, i64)>
// CHECK: %[[M15:.*]] = llvm.mlir.constant(15 : i64) : i64
// CHECK: %[[UP:.*]] = llvm.add %[[R1]], %[[M15]] : i64
// CHECK: %[[SIXTEEN:.*]] = llvm.mlir.constant(16 : i64) : i64
// CHECK: %[[TILES:.*]] = llvm.udiv %[[UP]], %[[SIXTEEN]] : i64
// CHECK: %[[I0:.*]] = llvm.trunc %[[TILES]] : i64 to i32
// CHECK: llvm.add %[[D0]], %[[I0]] : i32
// CHECK: llvm.return

// CHECK-LABEL: llvm.func @scratch(
// CHECK: llvm.mlir.addressof @__tileir_alloca_scratch : !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-NEXT: nvvm.read.ptx.sreg.tid.x
// CHECK: "@$1 st.b32 [$0], $2;"
// CHECK-NEXT: llvm.mlir.poison
// CHECK-NEXT: nvvm.barrier0
// CHECK: "{\0A\09ld.b32 $0, [$1];\0A}"
// CHECK: nvvm.barrier0
// CHECK: "@$1 st.b32 [$0], $2;"
// CHECK: nvvm.barrier0
// CHECK-NEXT: llvm.return
cuda_tile.module @queries {
  entry @shapes(%p: tile<ptr<f32>>, %n: tile<i32>, %out: tile<ptr<i32>>) {
    %tv = make_tensor_view %p, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf32, strides=[64,1]>
    %d0, %d1 = get_tensor_shape %tv : tensor_view<?x64xf32, strides=[64,1]> -> tile<i32>
    %pv = make_partition_view %tv : partition_view<tile=(16x32), tensor_view<?x64xf32, strides=[64,1]>>
    %i0, %i1 = get_index_space_shape %pv : partition_view<tile=(16x32), tensor_view<?x64xf32, strides=[64,1]>> -> tile<i32>
    %s = addi %d0, %i0 : tile<i32>
    %t = store_ptr_tko weak %out, %s : tile<ptr<i32>>, tile<i32> -> token
    return
  }
  entry @scratch(%out: tile<ptr<f32>>) {
    %buf = alloca num_elem = 64, alignment = 128 : tile<ptr<f32>>
    %v = constant <f32: 2.0> : tile<f32>
    %t0 = store_ptr_tko weak %buf, %v : tile<ptr<f32>>, tile<f32> -> token
    %r, %t1 = load_ptr_tko weak %buf token=%t0 : tile<ptr<f32>> -> tile<f32>, token
    %t2 = store_ptr_tko weak %out, %r token=%t1 : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}
