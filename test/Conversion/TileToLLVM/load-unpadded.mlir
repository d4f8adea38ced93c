// A load through a view without a padding value: out-of-bounds elements are
// unspecified, and read as zero rather than whatever the registers held
// (an attention kernel multiplies masked-off scores, exactly 0, by the
// out-of-bounds rows of V; stale NaN bits there poisoned whole rows).
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-plan-shared-memory --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_90' | FileCheck %s

// CHECK-LABEL: llvm.func @unpadded(
// The vector version: zero moved into all four words before the predicated
// load.
// CHECK: %[[Z:.*]] = llvm.mlir.zero : f32
// CHECK-NEXT: %[[W0:.*]] = llvm.bitcast %[[Z]] : f32 to i32
// CHECK-NEXT: %[[W1:.*]] = llvm.bitcast %[[Z]] : f32 to i32
// CHECK-NEXT: %[[W2:.*]] = llvm.bitcast %[[Z]] : f32 to i32
// CHECK-NEXT: %[[W3:.*]] = llvm.bitcast %[[Z]] : f32 to i32
// CHECK-NEXT: "{\0A\09mov.b32 $0, $6;\0A\09mov.b32 $1, $7;\0A\09mov.b32 $2, $8;\0A\09mov.b32 $3, $9;\0A\09@$5 ld.global.v4.b32 {$0, $1, $2, $3}, [$4];\0A}", "=r,=r,=r,=r,l,b,r,r,r,r" %{{.*}}, %{{.*}}, %[[W0]], %[[W1]], %[[W2]], %[[W3]]
// The element-wise version likewise.
// CHECK-COUNT-4: "{\0A\09mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [$1];\0A}", "=r,l,b,r"
cuda_tile.module @mem {
  entry @unpadded(%p: tile<ptr<f32>>, %n: tile<i32>, %i: tile<i32>) {
    %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
    %t, %k = load_view_tko weak %pv[%i] : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %k2 = store_view_tko weak %t, %pv[%i] token = %k : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
