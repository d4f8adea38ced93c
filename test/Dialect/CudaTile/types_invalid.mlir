// RUN: tile-opt -allow-unregistered-dialect -split-input-file -verify-diagnostics %s

// Every type verifier and type parser error of the dialect.

// Tile dimensions are powers of two.
// expected-error @below {{tile dimensions must be powers of two, got shape 3}}
"test.t"() : () -> !cuda_tile.tile<3xf32>

// -----

// expected-error @below {{tile dimensions must be positive, got shape 4x0}}
"test.t"() : () -> !cuda_tile.tile<4x0xf32>

// -----

// At most 2^24 elements.
// expected-error @below {{tile of shape 4096x8192 has more than the maximum of 16777216 elements}}
"test.t"() : () -> !cuda_tile.tile<4096x8192xf32>

// -----

// Tiles are static.
// expected-error @below {{expected static shape}}
"test.t"() : () -> !cuda_tile.tile<4x?xf32>

// -----

// expected-error @below {{tile element type must be an integer (i1, i4, i8, i16, i32, i64), float or pointer type, got 'index'}}
"test.t"() : () -> !cuda_tile.tile<4xindex>

// -----

// expected-error @below {{tile element type must be an integer (i1, i4, i8, i16, i32, i64), float or pointer type, got '!cuda_tile.token'}}
"test.t"() : () -> !cuda_tile.tile<4x!cuda_tile.token>

// -----

// Two f4E2M1FN elements share a byte.
// expected-error @below {{a tile of f4E2M1FN needs a dimension of even size, got shape ()}}
"test.t"() : () -> !cuda_tile.tile<f4E2M1FN>

// -----

// expected-error @below {{a tile of f4E2M1FN needs a dimension of even size, got shape 1x1}}
"test.t"() : () -> !cuda_tile.tile<1x1xf4E2M1FN>

// -----

// i4 is a tile element type only.
// expected-error @below {{pointee type must be an integer (i1, i8, i16, i32, i64) or float type, got 'i4'}}
"test.t"() : () -> !cuda_tile.ptr<i4>

// -----

// expected-error @below {{pointee type must be an integer (i1, i8, i16, i32, i64) or float type, got '!cuda_tile.tile<f32>'}}
"test.t"() : () -> !cuda_tile.ptr<tile<f32>>

// -----

// expected-error @below {{tensor_view element type must be an integer (i1, i8, i16, i32, i64) or float type, got 'i4'}}
"test.t"() : () -> !cuda_tile.tensor_view<4xi4, strides=[1]>

// -----

// A 0-d tensor_view has no strides; the others must have them.
// expected-error @below {{a 0-d tensor_view has no strides}}
"test.t"() : () -> !cuda_tile.tensor_view<f32, strides=[]>

// -----

// expected-error @below {{expected ','}}
"test.t"() : () -> !cuda_tile.tensor_view<4xf32>

// -----

// expected-error @below {{strides must be positive, got 0}}
"test.t"() : () -> !cuda_tile.tensor_view<4xf32, strides=[0]>

// -----

// expected-error @below {{strides must be positive, got -1}}
"test.t"() : () -> !cuda_tile.tensor_view<4xf32, strides=[-1]>

// -----

// expected-error @below {{tensor_view sizes must be positive or dynamic, got shape 0}}
"test.t"() : () -> !cuda_tile.tensor_view<0xf32, strides=[1]>

// -----

// expected-error @below {{tensor_view has 1 sizes but 2 strides}}
"test.t"() : () -> !cuda_tile.tensor_view<4xf32, strides=[1, 1]>

// -----

// 4-bit elements need a unit-stride dimension of even size to pack into.
// expected-error @below {{a tensor_view of f4E2M1FN needs a unit-stride dimension of even size}}
"test.t"() : () -> !cuda_tile.tensor_view<3x4xf4E2M1FN, strides=[1,3]>

// -----

// A view tiles every dimension of its tensor_view.
// expected-error @below {{tile rank (2) must equal the tensor_view rank (1)}}
"test.t"() : () -> !cuda_tile.partition_view<tile=(2x2), tensor_view<16xf32, strides=[1]>>

// -----

// expected-error @below {{tile dimensions must be powers of two, got shape 3x2}}
"test.t"() : () -> !cuda_tile.partition_view<tile=(3x2), tensor_view<16x16xf32, strides=[16,1]>>

// -----

// expected-error @below {{tile dimensions must be in [1, 2147483647], got 4294967296}}
"test.t"() : () -> !cuda_tile.partition_view<tile=(4294967296), tensor_view<16xf32, strides=[1]>>

// -----

// expected-error @below {{dim_map must have one entry per tile dimension (2), got 1}}
"test.t"() : () -> !cuda_tile.partition_view<tile=(2x2), tensor_view<16x16xf32, strides=[16,1]>, dim_map=[0]>

// -----

// expected-error @below {{dim_map entry 2 is not a tensor_view dimension (expected 0 to 1)}}
"test.t"() : () -> !cuda_tile.partition_view<tile=(2x2), tensor_view<16x16xf32, strides=[16,1]>, dim_map=[0, 2]>

// -----

// expected-error @below {{dim_map entry -1 is not a tensor_view dimension (expected 0 to 1)}}
"test.t"() : () -> !cuda_tile.partition_view<tile=(2x2), tensor_view<16x16xf32, strides=[16,1]>, dim_map=[-1, 0]>

// -----

// expected-error @below {{dim_map maps tile dimensions 0 and 1 to the same tensor_view dimension 1}}
"test.t"() : () -> !cuda_tile.partition_view<tile=(2x2), tensor_view<16x16xf32, strides=[16,1]>, dim_map=[1, 1]>

// -----

// Only `zero` pads integers.
// expected-error @below {{padding_value nan requires a float element type, got 'i32'}}
"test.t"() : () -> !cuda_tile.partition_view<tile=(2x2), padding_value = nan, tensor_view<16x16xi32, strides=[16,1]>>

// -----

// expected-error @below {{unknown padding_value 'one'; expected one of zero, neg_zero, nan, pos_inf, neg_inf}}
"test.t"() : () -> !cuda_tile.partition_view<tile=(2x2), padding_value = one, tensor_view<16x16xi32, strides=[16,1]>>

// -----

// expected-error @below {{expected a tensor_view type, got '!cuda_tile.tile<2x2xf32>'}}
"test.t"() : () -> !cuda_tile.partition_view<tile=(2x2), tile<2x2xf32>>

// -----

// expected-error @below {{traversal_strides must have one entry per tile dimension (2), got 1}}
"test.t"() : () -> !cuda_tile.strided_view<tile=(2x2), traversal_strides=[2], tensor_view<16x16xf32, strides=[16,1]>>

// -----

// expected-error @below {{traversal_strides must be positive, got 0}}
"test.t"() : () -> !cuda_tile.strided_view<tile=(2x2), traversal_strides=[2, 0], tensor_view<16x16xf32, strides=[16,1]>>

// -----

// expected-error @below {{dim_map maps tile dimensions 0 and 1 to the same tensor_view dimension 0}}
"test.t"() : () -> !cuda_tile.strided_view<tile=(2x4), traversal_strides=[1, 1], tensor_view<16x16xf32, strides=[16,1]>, dim_map=[0, 0]>

// -----

// expected-error @below {{padding_value pos_inf requires a float element type, got 'i8'}}
"test.t"() : () -> !cuda_tile.strided_view<tile=(2x2), traversal_strides=[1, 1], padding_value = pos_inf, tensor_view<16x16xi8, strides=[16,1]>>

// -----

// expected-error @below {{sparse_dim (2) must be less than the tensor_view rank (2)}}
"test.t"() : () -> !cuda_tile.gather_scatter_view<tile=(2x2), tensor_view<16x16xf32, strides=[16,1]>, sparse_dim=2>

// -----

// expected-error @below {{expected a tensor_view type, got '!cuda_tile.partition_view<tile=(2x2), tensor_view<16x16xf32, strides=[16,1]>>'}}
"test.t"() : () -> !cuda_tile.gather_scatter_view<tile=(2x2), partition_view<tile=(2x2), tensor_view<16x16xf32, strides=[16,1]>>, sparse_dim=0>

// -----

// expected-error @below {{tile dimensions must be powers of two, got shape 2x3}}
"test.t"() : () -> !cuda_tile.gather_scatter_view<tile=(2x3), tensor_view<16x16xf32, strides=[16,1]>, sparse_dim=0>

// -----

// Inside ops, an unknown bare type name is reported as such.
cuda_tile.module @m {
  // expected-error @below {{expected a type, got 'tiles'}}
  entry @e(%a: tiles<f32>) {
  }
}
