// RUN: tile-opt -allow-unregistered-dialect %s | tile-opt -allow-unregistered-dialect | FileCheck %s
// RUN: tile-opt -allow-unregistered-dialect -mlir-print-op-generic %s | tile-opt -allow-unregistered-dialect | FileCheck %s

// Types print in full (`!cuda_tile.tile<...>`) outside cuda_tile ops and
// without the prefix inside them; both spellings parse everywhere.

// CHECK-LABEL: "test.tiles"
// CHECK-SAME: !cuda_tile.tile<2x4xf32>
// CHECK-SAME: !cuda_tile.tile<f32>
// CHECK-SAME: !cuda_tile.tile<2xf4E2M1FN>
// CHECK-SAME: !cuda_tile.tile<4xptr<i8>>
// CHECK-SAME: !cuda_tile.tile<8x2xi4>
// CHECK-SAME: !cuda_tile.tile<16777216xi8>
// CHECK-SAME: !cuda_tile.tile<1x1x1xtf32>
// CHECK-SAME: !cuda_tile.tile<4xf32, "layout">
"test.tiles"() : () -> (!cuda_tile.tile<2x4xf32>, !cuda_tile.tile<f32>,
                        !cuda_tile.tile<2xf4E2M1FN>,
                        !cuda_tile.tile<4x!cuda_tile.ptr<i8>>,
                        !cuda_tile.tile<8x2xi4>,
                        !cuda_tile.tile<16777216xi8>,
                        !cuda_tile.tile<1x1x1xtf32>,
                        !cuda_tile.tile<4xf32, "layout">)

// CHECK-LABEL: "test.pointers"
// CHECK-SAME: !cuda_tile.ptr<i1>, !cuda_tile.ptr<f8E8M0FNU>, !cuda_tile.ptr<f4E2M1FN>, !cuda_tile.token
"test.pointers"() : () -> (!cuda_tile.ptr<i1>, !cuda_tile.ptr<f8E8M0FNU>,
                           !cuda_tile.ptr<f4E2M1FN>, !cuda_tile.token)

// CHECK-LABEL: "test.tensor_views"
// CHECK-SAME: !cuda_tile.tensor_view<f32>
// CHECK-SAME: !cuda_tile.tensor_view<2xf32, strides=[1]>
// CHECK-SAME: !cuda_tile.tensor_view<?x2xf32, strides=[1,?]>
// CHECK-SAME: !cuda_tile.tensor_view<?x?xbf16, strides=[?,?]>
// CHECK-SAME: !cuda_tile.tensor_view<4x?xi64, strides=[5,?]>
// CHECK-SAME: !cuda_tile.tensor_view<?x6xf4E2M1FN, strides=[6,1]>
"test.tensor_views"() : () -> (!cuda_tile.tensor_view<f32>,
                               !cuda_tile.tensor_view<2xf32, strides=[1]>,
                               !cuda_tile.tensor_view<?x2xf32, strides=[1,?]>,
                               !cuda_tile.tensor_view<?x?xbf16, strides=[?, ?]>,
                               !cuda_tile.tensor_view<4x?xi64, strides=[5,?]>,
                               !cuda_tile.tensor_view<?x6xf4E2M1FN, strides=[6,1]>)

// The identity dim_map is not printed.
// CHECK-LABEL: "test.partition_views"
// CHECK-SAME: !cuda_tile.partition_view<tile=(2), tensor_view<16xf32, strides=[1]>>
// CHECK-SAME: !cuda_tile.partition_view<tile=(2), padding_value = zero, tensor_view<16xf32, strides=[1]>>
// CHECK-SAME: !cuda_tile.partition_view<tile=(2), padding_value = neg_zero, tensor_view<16xf32, strides=[1]>>
// CHECK-SAME: !cuda_tile.partition_view<tile=(2), padding_value = nan, tensor_view<16xf32, strides=[1]>>
// CHECK-SAME: !cuda_tile.partition_view<tile=(2), padding_value = pos_inf, tensor_view<16xf32, strides=[1]>>
// CHECK-SAME: !cuda_tile.partition_view<tile=(2), padding_value = neg_inf, tensor_view<16xf32, strides=[1]>>
// CHECK-SAME: !cuda_tile.partition_view<tile=(2), tensor_view<16xf32, strides=[1]>>
// CHECK-SAME: !cuda_tile.partition_view<tile=(2x2), tensor_view<16x16xf32, strides=[16,1]>>
// CHECK-SAME: !cuda_tile.partition_view<tile=(4x2), tensor_view<16x16xi32, strides=[16,1]>, dim_map=[1, 0]>
"test.partition_views"() : () -> (
  !cuda_tile.partition_view<tile=(2), tensor_view<16xf32, strides=[1]>>,
  !cuda_tile.partition_view<tile=(2), padding_value = zero, tensor_view<16xf32, strides=[1]>>,
  !cuda_tile.partition_view<tile=(2), padding_value = neg_zero, tensor_view<16xf32, strides=[1]>>,
  !cuda_tile.partition_view<tile=(2), padding_value = nan, tensor_view<16xf32, strides=[1]>>,
  !cuda_tile.partition_view<tile=(2), padding_value = pos_inf, tensor_view<16xf32, strides=[1]>>,
  !cuda_tile.partition_view<tile=(2), padding_value = neg_inf, !cuda_tile.tensor_view<16xf32, strides=[1]>>,
  !cuda_tile.partition_view<tile=(2), tensor_view<16xf32, strides=[1]>, dim_map=[0]>,
  !cuda_tile.partition_view<tile=(2x2), tensor_view<16x16xf32, strides=[16,1]>, dim_map=[0, 1]>,
  !cuda_tile.partition_view<tile=(4x2), tensor_view<16x16xi32, strides=[16,1]>, dim_map=[1, 0]>)

// cuTile views a 0-d array through a rank-0 partition view.
// CHECK-LABEL: "test.rank0_view"
// CHECK-SAME: !cuda_tile.partition_view<tile=(), tensor_view<f32>>
"test.rank0_view"() : () -> !cuda_tile.partition_view<tile=(), tensor_view<f32>>

// CHECK-LABEL: "test.strided_views"
// CHECK-SAME: !cuda_tile.strided_view<tile=(2), traversal_strides=[3], tensor_view<16xf32, strides=[1]>>
// CHECK-SAME: !cuda_tile.strided_view<tile=(2x2), traversal_strides=[2,2], padding_value = zero, tensor_view<2x2xi32, strides=[2,1]>>
// CHECK-SAME: !cuda_tile.strided_view<tile=(4x2), traversal_strides=[4,3], tensor_view<64x16xf32, strides=[16,1]>, dim_map=[1, 0]>
"test.strided_views"() : () -> (
  !cuda_tile.strided_view<tile=(2), traversal_strides=[3], tensor_view<16xf32, strides=[1]>>,
  !cuda_tile.strided_view<tile=(2x2), traversal_strides=[2, 2], padding_value = zero, !cuda_tile.tensor_view<2x2xi32, strides=[2, 1]>>,
  !cuda_tile.strided_view<tile=(4x2), traversal_strides=[4,3], tensor_view<64x16xf32, strides=[16, 1]>, dim_map=[1, 0]>)

// CHECK-LABEL: "test.gather_scatter_views"
// CHECK-SAME: !cuda_tile.gather_scatter_view<tile=(16x16), tensor_view<1024x16xi32, strides=[16,1]>, sparse_dim=0>
// CHECK-SAME: !cuda_tile.gather_scatter_view<tile=(8x16), padding_value = nan, tensor_view<?x16xf16, strides=[16,1]>, sparse_dim=1>
"test.gather_scatter_views"() : () -> (
  !cuda_tile.gather_scatter_view<tile=(16x16), !cuda_tile.tensor_view<1024x16xi32, strides=[16, 1]>, sparse_dim=0>,
  !cuda_tile.gather_scatter_view<tile=(8x16), padding_value = nan, tensor_view<?x16xf16, strides=[16,1]>, sparse_dim=1>)

// Inside cuda_tile ops the prefix is dropped, and either spelling parses.
// CHECK-LABEL: cuda_tile.module @types
cuda_tile.module @types {
  // CHECK: entry @scalars(%{{.*}}: tile<i1>, %{{.*}}: tile<i8>, %{{.*}}: tile<i16>, %{{.*}}: tile<i32>, %{{.*}}: tile<i64>, %{{.*}}: tile<f16>, %{{.*}}: tile<bf16>, %{{.*}}: tile<f32>, %{{.*}}: tile<tf32>, %{{.*}}: tile<f64>, %{{.*}}: tile<f8E4M3FN>, %{{.*}}: tile<f8E5M2>, %{{.*}}: tile<f8E8M0FNU>)
  entry @scalars(%a: tile<i1>, %b: !cuda_tile.tile<i8>, %c: tile<i16>,
                 %d: tile<i32>, %e: tile<i64>, %f: tile<f16>, %g: tile<bf16>,
                 %h: tile<f32>, %i: tile<tf32>, %j: tile<f64>,
                 %k: tile<f8E4M3FN>, %l: tile<f8E5M2>, %m: tile<f8E8M0FNU>) {
    return
  }

  // CHECK: entry @others(%{{.*}}: tile<ptr<f32>>, %{{.*}}: tile<ptr<f16>>
  // CHECK-SAME: tensor_view<?x?xf32, strides=[?,1]>
  // CHECK-SAME: partition_view<tile=(4x8), padding_value = nan, tensor_view<?x?xf32, strides=[?,1]>, dim_map=[1, 0]>
  // CHECK-SAME: strided_view<tile=(4), traversal_strides=[2], tensor_view<64xi8, strides=[1]>>
  // CHECK-SAME: gather_scatter_view<tile=(4x8), tensor_view<?x8xi32, strides=[8,1]>, sparse_dim=0>
  // CHECK-SAME: token)
  entry @others(%p: tile<ptr<f32>>, %q: tile<!cuda_tile.ptr<f16>>,
                %tv: tensor_view<?x?xf32, strides=[?,1]>,
                %pv: partition_view<tile=(4x8), padding_value = nan, tensor_view<?x?xf32, strides=[?,1]>, dim_map=[1, 0]>,
                %sv: !cuda_tile.strided_view<tile=(4), traversal_strides=[2], tensor_view<64xi8, strides=[1]>>,
                %gv: gather_scatter_view<tile=(4x8), tensor_view<?x8xi32, strides=[8,1]>, sparse_dim=0>,
                %t: token) {
    return
  }
}
