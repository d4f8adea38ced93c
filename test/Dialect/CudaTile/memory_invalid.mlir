// RUN: tile-opt --allow-unregistered-dialect --tileir-hint-diagnostics=error -split-input-file -verify-diagnostics %s

// One case per diagnostic of the memory and view ops: their parsers, then
// their verifiers (generic form where the custom syntax cannot express the
// mistake). Hints are checked as errors here (the default ignores them).

//===----------------------------------------------------------------------===//
// make_tensor_view syntax
//===----------------------------------------------------------------------===//

cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    // expected-error @below {{expected an integer or an SSA value}}
    %a = make_tensor_view %base, shape = [32, x], strides = [1, 1] : tensor_view<32x32xf32, strides=[32,1]>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    // expected-error @below {{expected 2 sizes (as in the tensor_view type), got 1}}
    %a = make_tensor_view %base, shape = [32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    // expected-error @below {{expected 2 strides (as in the tensor_view type), got 0}}
    %a = make_tensor_view %base, shape = [32, 32], strides = [] : tensor_view<32x32xf32, strides=[32,1]>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    // expected-error @below {{size #1 is 64, but the tensor_view type has 32}}
    %a = make_tensor_view %base, shape = [32, 64], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>, %n: tile<i32>) {
    // expected-error @below {{stride #0 is a dynamic value, but the tensor_view type has 32}}
    %a = make_tensor_view %base, shape = [32, 32], strides = [%n, 1] : tile<i32> -> tensor_view<32x32xf32, strides=[32,1]>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    // expected-error @below {{size #0 is 32, but the tensor_view type has a dynamic value}}
    %a = make_tensor_view %base, shape = [32, 32], strides = [32, 1] : tensor_view<?x32xf32, strides=[32,1]>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    // expected-error @below {{expected a tensor_view type, got '!cuda_tile.tile<ptr<f32>>'}}
    %a = make_tensor_view %base, shape = [], strides = [] : tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>, %n: tile<i32>) {
    // expected-error @below {{expected the type of the dynamic sizes and strides, then '->'}}
    %a = make_tensor_view %base, shape = [%n], strides = [1] : tensor_view<?xf32, strides=[1]>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    // expected-error @below {{a type before '->' gives the type of dynamic sizes and strides, but there are none}}
    %a = make_tensor_view %base, shape = [4], strides = [1] : tile<i32> -> tensor_view<4xf32, strides=[1]>
  }
}

// -----

cuda_tile.module @m {
  // expected-note @below {{prior use here}}
  entry @k(%base: tile<ptr<f16>>) {
    // The base pointer's type follows from the tensor_view's element type.
    // expected-error @below {{expects different type than prior uses: '!cuda_tile.tile<ptr<f32>>' vs '!cuda_tile.tile<ptr<f16>>'}}
    %a = make_tensor_view %base, shape = [4], strides = [1] : tensor_view<4xf32, strides=[1]>
  }
}

//===----------------------------------------------------------------------===//
// make_tensor_view verifier
//===----------------------------------------------------------------------===//

// -----

cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    // expected-error @below {{base points to 'f32', but the tensor_view holds 'f64'}}
    %a = "cuda_tile.make_tensor_view"(%base) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (!cuda_tile.tile<ptr<f32>>) -> !cuda_tile.tensor_view<f64>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>, %n: tile<i64>) {
    // expected-error @below {{expected 0 dynamic size operands (one per '?' in the shape), got 1}}
    %a = "cuda_tile.make_tensor_view"(%base, %n) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!cuda_tile.tile<ptr<f32>>, !cuda_tile.tile<i64>) -> !cuda_tile.tensor_view<32xf32, strides=[1]>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    // expected-error @below {{expected 1 dynamic stride operands (one per '?' in the strides), got 0}}
    %a = "cuda_tile.make_tensor_view"(%base) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (!cuda_tile.tile<ptr<f32>>) -> !cuda_tile.tensor_view<32xf32, strides=[?]>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>, %n: tile<i64>, %s: tile<i32>) {
    // expected-error @below {{dynamic sizes and strides must all have one type, but operand #2 has type '!cuda_tile.tile<i32>' and operand #1 '!cuda_tile.tile<i64>'}}
    %a = "cuda_tile.make_tensor_view"(%base, %n, %s) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (!cuda_tile.tile<ptr<f32>>, !cuda_tile.tile<i64>, !cuda_tile.tile<i32>) -> !cuda_tile.tensor_view<?xf32, strides=[?]>
  }
}

//===----------------------------------------------------------------------===//
// make_partition_view, make_strided_view, make_gather_scatter_view
//===----------------------------------------------------------------------===//

// -----

cuda_tile.module @m {
  entry @k(%tv: tensor_view<16x16xf32, strides=[16,1]>) {
    // expected-error @below {{expected a partition_view type, got '!cuda_tile.tensor_view<16x16xf32, strides=[16,1]>'}}
    %v = make_partition_view %tv : tensor_view<16x16xf32, strides=[16,1]>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%tv: tensor_view<16x16xf32, strides=[16,1]>) {
    // expected-error @below {{expected a strided_view type, got '!cuda_tile.partition_view<tile=(4x4), tensor_view<16x16xf32, strides=[16,1]>>'}}
    %v = make_strided_view %tv : partition_view<tile=(4x4), tensor_view<16x16xf32, strides=[16,1]>>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%tv: tensor_view<16x16xf32, strides=[16,1]>) {
    // expected-error @below {{expected a gather_scatter_view type, got '!cuda_tile.tile<f32>'}}
    %v = make_gather_scatter_view %tv : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  // expected-note @below {{prior use here}}
  entry @k(%tv: tensor_view<16x8xf32, strides=[8,1]>) {
    // expected-error @below {{expects different type than prior uses}}
    %v = make_partition_view %tv : partition_view<tile=(4x4), tensor_view<16x16xf32, strides=[16,1]>>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%tv: tensor_view<16x8xf32, strides=[8,1]>) {
    // expected-error @below {{operand has type '!cuda_tile.tensor_view<16x8xf32, strides=[8,1]>', but the result views '!cuda_tile.tensor_view<16x16xf32, strides=[16,1]>'}}
    %v = "cuda_tile.make_strided_view"(%tv) : (!cuda_tile.tensor_view<16x8xf32, strides=[8,1]>) -> !cuda_tile.strided_view<tile=(4x4), traversal_strides=[4,4], tensor_view<16x16xf32, strides=[16,1]>>
  }
}

//===----------------------------------------------------------------------===//
// get_tensor_shape, get_index_space_shape
//===----------------------------------------------------------------------===//

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>) {
    // expected-error @below {{expected a tensor_view, got '!cuda_tile.tile<ptr<i32>>'}}
    %0 = get_tensor_shape %p : tile<ptr<i32>> -> tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%tv: tensor_view<64x64xf16, strides=[64,1]>) {
    // expected-error @below {{expected '->' and the type of the results after the source type}}
    %0:2 = get_tensor_shape %tv : tensor_view<64x64xf16, strides=[64,1]>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%tv: tensor_view<64x64xf16, strides=[64,1]>) {
    // expected-error @below {{expected 2 results, one per dimension of the tensor_view, got 3}}
    %0:3 = "cuda_tile.get_tensor_shape"(%tv) : (!cuda_tile.tensor_view<64x64xf16, strides=[64,1]>) -> (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
  }
}

// -----

cuda_tile.module @m {
  entry @k(%tv: tensor_view<64x64xf16, strides=[64,1]>) {
    // expected-error @below {{results must all have one type, but result #1 has type '!cuda_tile.tile<i64>' and result #0 '!cuda_tile.tile<i32>'}}
    %0:2 = "cuda_tile.get_tensor_shape"(%tv) : (!cuda_tile.tensor_view<64x64xf16, strides=[64,1]>) -> (!cuda_tile.tile<i32>, !cuda_tile.tile<i64>)
  }
}

// -----

cuda_tile.module @m {
  entry @k(%tv: tensor_view<64x64xf16, strides=[64,1]>) {
    // expected-error @below {{expected a partition_view, strided_view or gather_scatter_view, got '!cuda_tile.tensor_view<64x64xf16, strides=[64,1]>'}}
    %0:2 = get_index_space_shape %tv : tensor_view<64x64xf16, strides=[64,1]> -> tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(4x4), tensor_view<?x?xf32, strides=[?,1]>>) {
    // expected-error @below {{expected 2 results, one per dimension of the view's index space, got 1}}
    %0 = "cuda_tile.get_index_space_shape"(%v) : (!cuda_tile.partition_view<tile=(4x4), tensor_view<?x?xf32, strides=[?,1]>>) -> !cuda_tile.tile<i32>
  }
}

//===----------------------------------------------------------------------===//
// load_view_tko, store_view_tko syntax
//===----------------------------------------------------------------------===//

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, %i: tile<i32>) {
    // expected-error @below {{expected a memory ordering (weak, relaxed, acquire, release or acq_rel), got 'strong'}}
    %t, %tok = load_view_tko strong %v[%i] : partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, %i: tile<i32>) {
    %t = "test.tile"() : () -> !cuda_tile.tile<8xf32>
    // expected-error @below {{expected a memory scope (tl_blk, device or sys), got 'gpu'}}
    %tok = store_view_tko relaxed gpu %t, %v[%i] : tile<8xf32>, partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8x8), tensor_view<128x128xf32, strides=[128,1]>>, %i: tile<i32>) {
    // expected-error @below {{expected one index type for all 2 indices or one per index, got 0}}
    %t, %tok = load_view_tko weak %v[%i, %i] : partition_view<tile=(8x8), tensor_view<128x128xf32, strides=[128,1]>> -> tile<8x8xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8x8x8), tensor_view<128x128x128xf32, strides=[16384,128,1]>>, %i: tile<i32>) {
    // expected-error @below {{expected one index type for all 3 indices or one per index, got 2}}
    %t, %tok = load_view_tko weak %v[%i, %i, %i] : partition_view<tile=(8x8x8), tensor_view<128x128x128xf32, strides=[16384,128,1]>>, tile<i32>, tile<i32> -> tile<8x8x8xf32>, token
  }
}

//===----------------------------------------------------------------------===//
// load_view_tko, store_view_tko verifier
//===----------------------------------------------------------------------===//

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8x8), tensor_view<128x128xf32, strides=[128,1]>>, %i: tile<i32>) {
    // expected-error @below {{expected 2 index operands, one per dimension of the view's index space, got 1}}
    %t:2 = "cuda_tile.load_view_tko"(%v, %i) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0>}> : (!cuda_tile.partition_view<tile=(8x8), tensor_view<128x128xf32, strides=[128,1]>>, !cuda_tile.tile<i32>) -> (!cuda_tile.tile<8x8xf32>, !cuda_tile.token)
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8x8), tensor_view<128x128xf32, strides=[128,1]>>, %i: tile<i32>) {
    // expected-error @below {{loaded tile must have the tile shape and element type of the view ('!cuda_tile.tile<8x8xf32>'), got '!cuda_tile.tile<8x8xf16>'}}
    %t, %tok = load_view_tko weak %v[%i, %i] : partition_view<tile=(8x8), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> tile<8x8xf16>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: strided_view<tile=(8x8), traversal_strides=[4,4], tensor_view<128x128xf32, strides=[128,1]>>, %i: tile<i32>, %t: tile<i32>) {
    // expected-error @below {{stored tile must have the tile shape and element type of the view ('!cuda_tile.tile<8x8xf32>'), got '!cuda_tile.tile<i32>'}}
    %tok = store_view_tko weak %t, %v[%i, %i] : tile<i32>, strided_view<tile=(8x8), traversal_strides=[4,4], tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
  }
}

// -----

// The view decides which indices it takes (here the types' own rules).
cuda_tile.module @m {
  entry @k(%v: gather_scatter_view<tile=(8x4), tensor_view<64x4xf32, strides=[4,1]>, sparse_dim=0>, %i: tile<i32>) {
    // expected-error @below {{index #0 (the sparse dimension) must be a 1-D integer tile of 8 elements, got '!cuda_tile.tile<i32>'}}
    %t, %tok = load_view_tko weak %v[%i, %i] : gather_scatter_view<tile=(8x4), tensor_view<64x4xf32, strides=[4,1]>, sparse_dim=0>, tile<i32> -> tile<8x4xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, %i: tile<i32>) {
    // expected-error @below {{memory ordering of a load must be weak, relaxed or acquire, got acq_rel}}
    %t, %tok = load_view_tko acq_rel device %v[%i] : partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, %i: tile<i32>) {
    // expected-error @below {{a weak load must not have a memory scope, got device}}
    %t, %tok = load_view_tko weak device %v[%i] : partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, %i: tile<i32>) {
    // expected-error @below {{acquire load needs a memory scope (tl_blk, device or sys)}}
    %t, %tok = load_view_tko acquire %v[%i] : partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, %i: tile<i32>) {
    %t = "test.tile"() : () -> !cuda_tile.tile<8xf32>
    // expected-error @below {{memory ordering of a store must be weak, relaxed or release, got acquire}}
    %tok = store_view_tko acquire device %t, %v[%i] : tile<8xf32>, partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, %i: tile<i32>) {
    %t = "test.tile"() : () -> !cuda_tile.tile<8xf32>
    // expected-error @below {{a weak store must not have a memory scope, got tl_blk}}
    %tok = store_view_tko weak tl_blk %t, %v[%i] : tile<8xf32>, partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, %i: tile<i32>) {
    %t = "test.tile"() : () -> !cuda_tile.tile<8xf32>
    // expected-error @below {{release store needs a memory scope (tl_blk, device or sys)}}
    %tok = store_view_tko release %t, %v[%i] : tile<8xf32>, partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
  }
}

// -----

// Hints are per-op: latency in [1, 10].
cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, %i: tile<i32>) {
    // expected-error @below {{hint sm_100.latency must be in [1, 10], got 11}}
    %t, %tok = load_view_tko weak %v[%i] optimization_hints = <sm_100 = {latency = 11}> : partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, %i: tile<i32>) {
    %t = "test.tile"() : () -> !cuda_tile.tile<8xf32>
    // expected-error @below {{hint 'occupancy' does not apply to this operation}}
    %tok = store_view_tko weak %t, %v[%i] optimization_hints = <default = {occupancy = 2}> : tile<8xf32>, partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
  }
}

//===----------------------------------------------------------------------===//
// atomic_red_view_tko
//===----------------------------------------------------------------------===//

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8), tensor_view<128xi32, strides=[1]>>, %i: tile<i32>) {
    %x = "test.tile"() : () -> !cuda_tile.tile<8xi32>
    // expected-error @below {{expected an atomic mode (and, or, xor, add, addf, max, min, umax or umin), got 'mul'}}
    %tok = atomic_red_view_tko relaxed device %v[%i], mul, %x : tile<8xi32>, partition_view<tile=(8), tensor_view<128xi32, strides=[1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: gather_scatter_view<tile=(8x8), tensor_view<128x8xi32, strides=[8,1]>, sparse_dim=0>, %i: tile<i32>) {
    %x = "test.tile"() : () -> !cuda_tile.tile<8x8xi32>
    // expected-error @below {{cannot reduce into a gather_scatter_view; use a partition_view or strided_view}}
    %tok = atomic_red_view_tko relaxed device %v[%i, %i], add, %x : tile<8x8xi32>, gather_scatter_view<tile=(8x8), tensor_view<128x8xi32, strides=[8,1]>, sparse_dim=0>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8), padding_value = zero, tensor_view<128xi32, strides=[1]>>, %i: tile<i32>) {
    %x = "test.tile"() : () -> !cuda_tile.tile<8xi32>
    // expected-error @below {{cannot reduce into a view with a padding_value}}
    %tok = atomic_red_view_tko relaxed device %v[%i], add, %x : tile<8xi32>, partition_view<tile=(8), padding_value = zero, tensor_view<128xi32, strides=[1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8), tensor_view<128xi32, strides=[1]>>, %i: tile<i32>) {
    %x = "test.tile"() : () -> !cuda_tile.tile<4xi32>
    // expected-error @below {{value must have the tile shape and element type of the view ('!cuda_tile.tile<8xi32>'), got '!cuda_tile.tile<4xi32>'}}
    %tok = atomic_red_view_tko relaxed device %v[%i], add, %x : tile<4xi32>, partition_view<tile=(8), tensor_view<128xi32, strides=[1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8), tensor_view<128xi32, strides=[1]>>, %i: tile<i32>) {
    %x = "test.tile"() : () -> !cuda_tile.tile<8xi32>
    // expected-error @below {{mode 'xchg' is not a reduction}}
    %tok = atomic_red_view_tko relaxed device %v[%i], xchg, %x : tile<8xi32>, partition_view<tile=(8), tensor_view<128xi32, strides=[1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, %i: tile<i32>) {
    %x = "test.tile"() : () -> !cuda_tile.tile<8xf32>
    // expected-error @below {{mode 'max' needs i32 or i64 elements, got 'f32'}}
    %tok = atomic_red_view_tko relaxed device %v[%i], max, %x : tile<8xf32>, partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, %i: tile<i32>) {
    %x = "test.tile"() : () -> !cuda_tile.tile<8xf32>
    // expected-error @below {{memory ordering of a view reduction must be relaxed, got acq_rel}}
    %tok = atomic_red_view_tko acq_rel device %v[%i], addf, %x : tile<8xf32>, partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, %i: tile<i32>) {
    %x = "test.tile"() : () -> !cuda_tile.tile<8xf32>
    // expected-error @below {{memory scope of a view reduction must be tl_blk or device, got sys}}
    %tok = atomic_red_view_tko relaxed sys %v[%i], addf, %x : tile<8xf32>, partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, %i: tile<i32>) {
    %x = "test.tile"() : () -> !cuda_tile.tile<8xf32>
    // expected-error @below {{requires attribute 'memory_scope'}}
    %tok = atomic_red_view_tko relaxed %v[%i], addf, %x : tile<8xf32>, partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
  }
}

//===----------------------------------------------------------------------===//
// load_ptr_tko, store_ptr_tko
//===----------------------------------------------------------------------===//

// -----

cuda_tile.module @m {
  entry @k() {
    %p = "test.tile"() : () -> !cuda_tile.tile<16x32xptr<i32>>
    // expected-error @below {{result must be a tile of 'i32' (the pointee type) with the shape of 'source' [16, 32], got '!cuda_tile.tile<16x32xf32>'}}
    %v, %t = load_ptr_tko weak %p : tile<16x32xptr<i32>> -> tile<16x32xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %p = "test.tile"() : () -> !cuda_tile.tile<16x32xptr<f32>>
    %m = "test.tile"() : () -> !cuda_tile.tile<16x64xi1>
    // expected-error @below {{mask must have the shape of 'source' [16, 32], got '!cuda_tile.tile<16x64xi1>'}}
    %v, %t = load_ptr_tko weak %p, %m : tile<16x32xptr<f32>>, tile<16x64xi1> -> tile<16x32xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %p = "test.tile"() : () -> !cuda_tile.tile<16x32xptr<f32>>
    %m = "test.tile"() : () -> !cuda_tile.tile<16x32xi1>
    %x = "test.tile"() : () -> !cuda_tile.tile<16x32xf16>
    // expected-error @below {{paddingValue must have the shape and element type of the result ('!cuda_tile.tile<16x32xf32>'), got '!cuda_tile.tile<16x32xf16>'}}
    %v, %t = load_ptr_tko weak %p, %m, %x : tile<16x32xptr<f32>>, tile<16x32xi1>, tile<16x32xf16> -> tile<16x32xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    // expected-error @below {{memory ordering of a load must be weak, relaxed or acquire, got release}}
    %v, %t = load_ptr_tko release device %p : tile<ptr<f32>> -> tile<f32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    // expected-error @below {{relaxed load needs a memory scope (tl_blk, device or sys)}}
    %v, %t = load_ptr_tko relaxed %p : tile<ptr<f32>> -> tile<f32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    // Pointer loads take latency, but not allow_tma.
    // expected-error @below {{hint 'allow_tma' does not apply to this operation}}
    %v, %t = load_ptr_tko weak %p optimization_hints = <sm_100 = {latency = 2, allow_tma = true}> : tile<ptr<f32>> -> tile<f32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %p = "test.tile"() : () -> !cuda_tile.tile<16x32xptr<f32>>
    %x = "test.tile"() : () -> !cuda_tile.tile<16x32xf16>
    // expected-error @below {{value must be a tile of 'f32' (the pointee type) with the shape of 'destination' [16, 32], got '!cuda_tile.tile<16x32xf16>'}}
    %t = store_ptr_tko weak %p, %x : tile<16x32xptr<f32>>, tile<16x32xf16> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %p = "test.tile"() : () -> !cuda_tile.tile<16x32xptr<f32>>
    %x = "test.tile"() : () -> !cuda_tile.tile<16x32xf32>
    %m = "test.tile"() : () -> !cuda_tile.tile<32x16xi1>
    // expected-error @below {{mask must have the shape of 'destination' [16, 32], got '!cuda_tile.tile<32x16xi1>'}}
    %t = store_ptr_tko weak %p, %x, %m : tile<16x32xptr<f32>>, tile<16x32xf32>, tile<32x16xi1> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %x: tile<f32>) {
    // expected-error @below {{memory ordering of a store must be weak, relaxed or release, got acq_rel}}
    %t = store_ptr_tko acq_rel sys %p, %x : tile<ptr<f32>>, tile<f32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %x: tile<f32>) {
    // expected-error @below {{a weak store must not have a memory scope, got sys}}
    %t = store_ptr_tko weak sys %p, %x : tile<ptr<f32>>, tile<f32> -> token
  }
}

//===----------------------------------------------------------------------===//
// atomic_cas_tko, atomic_rmw_tko
//===----------------------------------------------------------------------===//

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %x: tile<i32>) {
    // expected-error @below {{'val' must have the pointee type 'f32' as element type, got 'i32'}}
    %o, %t = atomic_cas_tko relaxed device %p, %x, %x : tile<ptr<f32>>, tile<i32> -> tile<i32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i8>>, %x: tile<i8>) {
    // expected-error @below {{compare-and-swap needs i32, i64, f32 or f64 elements, got 'i8'}}
    %o, %t = atomic_cas_tko relaxed device %p, %x, %x : tile<ptr<i8>>, tile<i8> -> tile<i8>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %x: tile<i32>) {
    // expected-error @below {{result must have element type 'i32', got 'i64'}}
    %o, %t = atomic_cas_tko relaxed device %p, %x, %x : tile<ptr<i32>>, tile<i32> -> tile<i64>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %x: tile<i32>) {
    %m = "test.tile"() : () -> !cuda_tile.tile<2xi1>
    // expected-error @below {{mask must have the shape of 'pointers' [], got '!cuda_tile.tile<2xi1>'}}
    %o, %t = atomic_cas_tko relaxed device %p, %x, %x, %m : tile<ptr<i32>>, tile<i32>, tile<2xi1> -> tile<i32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %p = "test.tile"() : () -> !cuda_tile.tile<4xptr<i32>>
    %x = "test.tile"() : () -> !cuda_tile.tile<2xi32>
    // expected-error @below {{failed to verify that all of {pointers, cmp, val, result} have same shape}}
    %o, %t = atomic_cas_tko relaxed device %p, %x, %x : tile<4xptr<i32>>, tile<2xi32> -> tile<2xi32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %x: tile<i32>) {
    // expected-error @below {{memory ordering of an atomic must be relaxed, acquire, release or acq_rel, got weak}}
    %o, %t = atomic_cas_tko weak device %p, %x, %x : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %x: tile<i32>) {
    // expected-error @below {{expected string or keyword containing one of the following enum values for attribute 'memory_scope'}}
    %o, %t = atomic_cas_tko relaxed %p, %x, %x : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %x: tile<i32>) {
    // expected-error @below {{'arg' must have the pointee type 'f32' as element type, got 'i32'}}
    %o, %t = atomic_rmw_tko relaxed device %p, add, %x : tile<ptr<f32>>, tile<i32> -> tile<i32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i64>>, %x: tile<i64>) {
    // expected-error @below {{result must have element type 'i64', got 'i32'}}
    %o, %t = atomic_rmw_tko relaxed device %p, add, %x : tile<ptr<i64>>, tile<i64> -> tile<i32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %p = "test.tile"() : () -> !cuda_tile.tile<2xptr<i32>>
    %x = "test.tile"() : () -> !cuda_tile.tile<2xi32>
    %m = "test.tile"() : () -> !cuda_tile.tile<4xi1>
    // expected-error @below {{mask must have the shape of 'pointers' [2], got '!cuda_tile.tile<4xi1>'}}
    %o, %t = atomic_rmw_tko relaxed device %p, and, %x, %m : tile<2xptr<i32>>, tile<2xi32>, tile<4xi1> -> tile<2xi32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %x: tile<i32>) {
    // expected-error @below {{mode 'addf' needs f16, bf16, f32 or f64 elements, got 'i32'}}
    %o, %t = atomic_rmw_tko relaxed device %p, addf, %x : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i16>>, %x: tile<i16>) {
    // expected-error @below {{mode 'umax' needs i32 or i64 elements, got 'i16'}}
    %o, %t = atomic_rmw_tko relaxed device %p, umax, %x : tile<ptr<i16>>, tile<i16> -> tile<i16>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<tf32>>, %x: tile<tf32>) {
    // expected-error @below {{mode 'xchg' needs i32, i64, f32 or f64 elements, got 'tf32'}}
    %o, %t = atomic_rmw_tko relaxed device %p, xchg, %x : tile<ptr<tf32>>, tile<tf32> -> tile<tf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %x: tile<f32>) {
    // expected-error @below {{memory ordering of an atomic must be relaxed, acquire, release or acq_rel, got weak}}
    %o, %t = atomic_rmw_tko weak device %p, addf, %x : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
  }
}

//===----------------------------------------------------------------------===//
// Tokens, alloca, grid queries
//===----------------------------------------------------------------------===//

// -----

cuda_tile.module @m {
  entry @k() {
    %a = make_token : token
    // expected-error @below {{needs at least two tokens, got 1}}
    %b = join_tokens %a : token
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @below {{result #0 must be token, but got '!cuda_tile.tile<i32>'}}
    %a = make_token : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @below {{alignment must be a power of two, got 3}}
    %p = alloca num_elem = 64, alignment = 3 : tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @below {{alignment must be a power of two, got 0}}
    %p = alloca num_elem = 64, alignment = 0 : tile<ptr<i8>>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @below {{alignment (4) must be at least the size of one 'f64' element (8 bytes)}}
    %p = alloca num_elem = 64, alignment = 4 : tile<ptr<f64>>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @below {{attribute 'num_elem' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0}}
    %p = alloca num_elem = -1, alignment = 4 : tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @below {{result #0 must be 0-D tile of pointer values, but got '!cuda_tile.tile<4xptr<f32>>'}}
    %p = alloca num_elem = 4, alignment = 4 : tile<4xptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @below {{result #0 must be 0-D tile of i32 values, but got '!cuda_tile.tile<i64>'}}
    %x, %y, %z = get_tile_block_id : tile<i64>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @below {{result #0 must be 0-D tile of i32 values, but got '!cuda_tile.tile<1xi32>'}}
    %x, %y, %z = get_num_tile_blocks : tile<1xi32>
  }
}

// -----

// atomic_red_view_tko: inbounds (13.5) needs one flag per index dimension.
cuda_tile.module @m {
  entry @red_inbounds_rank(%p: tile<ptr<i32>>) {
    %tv = make_tensor_view %p, shape = [128], strides = [1] : tensor_view<128xi32, strides=[1]>
    %v = make_partition_view %tv : partition_view<tile=(8), tensor_view<128xi32, strides=[1]>>
    %i = constant <i32: 0> : tile<i32>
    %x = constant <i32: 1> : tile<8xi32>
    // expected-error @below {{'inbounds' has 2 flags, but the view's index space has 1 dimensions}}
    %tok = atomic_red_view_tko relaxed device %v[%i], add, %x inbounds = [true, false] : tile<8xi32>, partition_view<tile=(8), tensor_view<128xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
