// What bytecode 13.5 adds to the lowering: `inbounds` on an atomic view
// reduction. With both dims promised, no coordinate is compared with a
// bound; without the promise each element is checked; one promised dim
// still checks the other.
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-plan-shared-memory --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_90' \
// RUN:   | FileCheck %s --implicit-check-not=cuda_tile.

// CHECK-LABEL: llvm.func @red_inbounds(
// CHECK-NOT: llvm.icmp "ult"
// CHECK: red.
// CHECK-NOT: llvm.icmp "ult"
// CHECK: llvm.return
// CHECK-LABEL: llvm.func @red_checked(
// CHECK: llvm.icmp "ult"
// CHECK: red.
// CHECK: llvm.return
// CHECK-LABEL: llvm.func @red_dim1(
// CHECK: llvm.icmp "ult"
// CHECK: red.
// CHECK: llvm.return
cuda_tile.module @m {
  entry @red_inbounds(%p: tile<ptr<f32>>, %n: tile<i32>, %i: tile<i32>) {
    %tv = make_tensor_view %p, shape = [%n, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %pv = make_partition_view %tv : partition_view<tile=(16x16), tensor_view<?x?xf32, strides=[?,1]>>
    %x = constant <f32: 1.0> : tile<16x16xf32>
    %t = atomic_red_view_tko relaxed device %pv[%i, %i], addf, %x inbounds = [true, true] : tile<16x16xf32>, partition_view<tile=(16x16), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
  entry @red_checked(%p: tile<ptr<f32>>, %n: tile<i32>, %i: tile<i32>) {
    %tv = make_tensor_view %p, shape = [%n, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %pv = make_partition_view %tv : partition_view<tile=(16x16), tensor_view<?x?xf32, strides=[?,1]>>
    %x = constant <f32: 1.0> : tile<16x16xf32>
    %t = atomic_red_view_tko relaxed device %pv[%i, %i], addf, %x : tile<16x16xf32>, partition_view<tile=(16x16), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
  entry @red_dim1(%p: tile<ptr<f32>>, %n: tile<i32>, %i: tile<i32>) {
    %tv = make_tensor_view %p, shape = [%n, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %pv = make_partition_view %tv : partition_view<tile=(16x16), tensor_view<?x?xf32, strides=[?,1]>>
    %x = constant <f32: 1.0> : tile<16x16xf32>
    %t = atomic_red_view_tko relaxed device %pv[%i, %i], addf, %x inbounds = [false, true] : tile<16x16xf32>, partition_view<tile=(16x16), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
