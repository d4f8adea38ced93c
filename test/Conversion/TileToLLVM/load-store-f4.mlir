// 4-bit elements (f4E2M1FN, i4) are packed two to a byte, the even element
// in the low nibble. A view load reads the byte of each element (element
// offset / 2) and shifts its nibble down (offset & 1 gives the position);
// a store clears and sets the nibble in the aligned 32-bit word around the
// byte with two atomic reductions, since another thread may own the other
// nibble of the byte. Accesses are never vectorised.
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_100' \
// RUN:   --tileir-plan-shared-memory --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_100' | FileCheck %s

// CHECK-LABEL: llvm.func @copy_f4(
// The element offset counts from a null base; the byte is base + offset / 2.
// CHECK: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr<1>
// CHECK: %[[ELEM:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<1> to i64
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %[[HALF:.*]] = llvm.lshr %[[ELEM]], %[[ONE]] : i64
// CHECK-NEXT: %[[BYTE:.*]] = llvm.getelementptr %{{.*}}[%[[HALF]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i8
// CHECK: %[[ODD:.*]] = llvm.and %[[ELEM]], %{{.*}} : i64
// CHECK: %[[SH64:.*]] = llvm.shl %[[ODD]], %{{.*}} : i64
// CHECK-NEXT: %[[SH:.*]] = llvm.trunc %[[SH64]] : i64 to i8
// CHECK: ld.global.b8 $0, [$1];
// CHECK: %[[DOWN:.*]] = llvm.lshr %{{.*}}, %[[SH]] : i8
// CHECK-NEXT: %[[MASK:.*]] = llvm.mlir.constant(15 : i8) : i8
// CHECK-NEXT: llvm.and %[[DOWN]], %[[MASK]] : i8
// CHECK-NOT: ld.global.v
// The store: clear, then set, the nibble's four bits of the word.
// CHECK: red.global.and.b32 [$0], $1;\0A\09@$3 red.global.or.b32 [$0], $2;
// CHECK-NOT: st.global
cuda_tile.module @f4 {
  entry @copy_f4(%p: tile<ptr<f4E2M1FN>>, %q: tile<ptr<f4E2M1FN>>, %n: tile<i32>, %i: tile<i32>) {
    %tv = make_tensor_view %p, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf4E2M1FN, strides=[64,1]>
    %pv = make_partition_view %tv : partition_view<tile=(16x64), padding_value = neg_zero, tensor_view<?x64xf4E2M1FN, strides=[64,1]>>
    %t, %k = load_view_tko weak %pv[%i, %i] : partition_view<tile=(16x64), padding_value = neg_zero, tensor_view<?x64xf4E2M1FN, strides=[64,1]>>, tile<i32> -> tile<16x64xf4E2M1FN>, token
    %tw = make_tensor_view %q, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf4E2M1FN, strides=[64,1]>
    %pw = make_partition_view %tw : partition_view<tile=(16x64), tensor_view<?x64xf4E2M1FN, strides=[64,1]>>
    %k2 = store_view_tko weak %t, %pw[%i, %i] token = %k : tile<16x64xf4E2M1FN>, partition_view<tile=(16x64), tensor_view<?x64xf4E2M1FN, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
