// Loads and stores through a gather/scatter view: the index at a dense dim
// is an element offset (cuTile's ct.Slice(start, length) passes `start`
// unchanged), not a tile index, so the column origin is the index times 1.
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-plan-shared-memory --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_90' | FileCheck %s \
// RUN:   --implicit-check-not=cuda_tile.

cuda_tile.module @gather {
  // CHECK-LABEL: llvm.func @dense_offset(
  // CHECK-SAME: %[[COL:[a-z0-9]+]]: i32) attributes
  // CHECK: %[[SIZES:.*]] = llvm.extractvalue %{{.*}}[2] : !llvm.struct<(ptr<1>, i64, i64, i64, i64)>
  // CHECK: %[[IDX:.*]] = llvm.zext %[[COL]] : i32 to i64
  // CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
  // CHECK: %[[ORIGIN:.*]] = llvm.mul %[[IDX]], %[[ONE]] : i64
  // The valid columns are clamp(size - origin, 0, 8).
  // CHECK: %[[LEFT:.*]] = llvm.sub %[[SIZES]], %[[ORIGIN]] : i64
  // CHECK: llvm.intr.smax(%[[LEFT]], %{{.*}})
  // CHECK: %[[EIGHT:.*]] = llvm.mlir.constant(8 : i64) : i64
  // CHECK: llvm.intr.smin(%{{.*}}, %[[EIGHT]])
  // Vectors along the columns only when the origin is a multiple of the
  // vector width, checked at run time.
  // CHECK: llvm.and %[[ORIGIN]], %{{.*}} : i64
  // The store takes the same element offset.
  // CHECK: %[[SIDX:.*]] = llvm.zext %[[COL]] : i32 to i64
  // CHECK: %[[SONE:.*]] = llvm.mlir.constant(1 : i64) : i64
  // CHECK: llvm.mul %[[SIDX]], %[[SONE]] : i64
  // CHECK: llvm.return
  entry @dense_offset(%p: tile<ptr<i32>>, %q: tile<ptr<i32>>, %n: tile<i32>, %m: tile<i32>, %col: tile<i32>) {
    %tv = make_tensor_view %p, shape = [%n, %m], strides = [%m, 1] : tile<i32> -> tensor_view<?x?xi32, strides=[?,1]>
    %gv = make_gather_scatter_view %tv : gather_scatter_view<tile=(4x8), padding_value = zero, tensor_view<?x?xi32, strides=[?,1]>, sparse_dim=0>
    %rows = iota : tile<4xi32>
    %t, %k = load_view_tko weak %gv[%rows, %col] : gather_scatter_view<tile=(4x8), padding_value = zero, tensor_view<?x?xi32, strides=[?,1]>, sparse_dim=0>, tile<4xi32>, tile<i32> -> tile<4x8xi32>, token
    %sv = make_gather_scatter_view %tv : gather_scatter_view<tile=(4x8), tensor_view<?x?xi32, strides=[?,1]>, sparse_dim=0>
    %k2 = store_view_tko weak %t, %sv[%rows, %col] token = %k : tile<4x8xi32>, gather_scatter_view<tile=(4x8), tensor_view<?x?xi32, strides=[?,1]>, sparse_dim=0>, tile<4xi32>, tile<i32> -> token
    return
  }
}
