// RUN: tile-opt --allow-unregistered-dialect %s | tile-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tile-opt --allow-unregistered-dialect -mlir-print-op-generic %s | tile-opt --allow-unregistered-dialect | FileCheck %s

// The memory and view ops in the specification's syntax, with every
// attribute variant: round trip through the custom and the generic form.
// Kernel arguments are rank-0 tiles, so the unregistered "test.tile" op
// stands in for the producers of shaped tiles of pointers.

cuda_tile.module @views {
  // CHECK-LABEL: entry @make_tensor_view(
  entry @make_tensor_view(%base: tile<ptr<f32>>, %n: tile<i32>, %m: tile<i64>) {
    // CHECK: %[[A:.+]] = make_tensor_view %[[BASE:[^,]+]], shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    %a = make_tensor_view %base, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    // The `!cuda_tile.` prefix is optional on types.
    // CHECK: make_tensor_view %[[BASE]], shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    %a2 = cuda_tile.make_tensor_view %base, shape = [32, 32], strides = [32, 1] : !cuda_tile.tensor_view<32x32xf32, strides=[32,1]>
    // CHECK: %[[B:.+]] = make_tensor_view %[[BASE]], shape = [], strides = [] : tensor_view<f32>
    %b = make_tensor_view %base, shape = [], strides = [] : tensor_view<f32>
    // CHECK: make_tensor_view %[[BASE]], shape = [%[[N:[^,]+]], 32], strides = [%[[N]], 1] : tile<i32> -> tensor_view<?x32xf32, strides=[?,1]>
    %c = make_tensor_view %base, shape = [%n, 32], strides = [%n, 1] : tile<i32> -> tensor_view<?x32xf32, strides=[?,1]>
    // CHECK: make_tensor_view %[[BASE]], shape = [8, 16], strides = [%[[M:[^,]+]], 1] : tile<i64> -> tensor_view<8x16xf32, strides=[?,1]>
    %d = make_tensor_view %base, shape = [8, 16], strides = [%m, 1] : tile<i64> -> tensor_view<8x16xf32, strides=[?,1]>
    // CHECK: make_tensor_view %[[BASE]], shape = [%[[M]], %[[M]]], strides = [16, 1] : tile<i64> -> tensor_view<?x?xf32, strides=[16,1]>
    %e = make_tensor_view %base, shape = [%m, %m], strides = [16, 1] : tile<i64> -> tensor_view<?x?xf32, strides=[16,1]>

    // CHECK: %{{.+}}:2 = get_tensor_shape %[[A]] : tensor_view<32x32xf32, strides=[32,1]> -> tile<i64>
    %d0, %d1 = get_tensor_shape %a : tensor_view<32x32xf32, strides=[32,1]> -> tile<i64>
    // CHECK: %{{.+}}:2 = get_tensor_shape %{{.+}} : tensor_view<?x32xf32, strides=[?,1]> -> tile<i32>
    %d2, %d3 = get_tensor_shape %c : tensor_view<?x32xf32, strides=[?,1]> -> tile<i32>
    // A rank-0 tensor_view has no sizes: no results, and no arrow.
    // CHECK: get_tensor_shape %[[B]] : tensor_view<f32>{{$}}
    get_tensor_shape %b : tensor_view<f32> -> tile<i32>
    // CHECK: get_tensor_shape %[[B]] : tensor_view<f32>{{$}}
    get_tensor_shape %b : tensor_view<f32>
  }

  // CHECK-LABEL: entry @make_views(
  entry @make_views(%base: tile<ptr<f32>>) {
    // CHECK: %[[TV:.+]] = make_tensor_view
    %tv = make_tensor_view %base, shape = [64, 16], strides = [16, 1] : tensor_view<64x16xf32, strides=[16,1]>
    // CHECK: %[[PV:.+]] = make_partition_view %[[TV]] : partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>
    %pv = make_partition_view %tv : partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>
    // CHECK: %[[PV2:.+]] = make_partition_view %[[TV]] : partition_view<tile=(1x4), padding_value = nan, tensor_view<64x16xf32, strides=[16,1]>, dim_map=[1, 0]>
    %pv2 = make_partition_view %tv : partition_view<tile=(1x4), padding_value = nan, tensor_view<64x16xf32, strides=[16,1]>, dim_map=[1, 0]>
    // CHECK: %[[SV:.+]] = make_strided_view %[[TV]] : strided_view<tile=(4x2), traversal_strides=[3,1], tensor_view<64x16xf32, strides=[16,1]>>
    %sv = make_strided_view %tv : strided_view<tile=(4x2), traversal_strides=[3,1], tensor_view<64x16xf32, strides=[16,1]>>
    // CHECK: %[[GV:.+]] = make_gather_scatter_view %[[TV]] : gather_scatter_view<tile=(8x16), padding_value = zero, tensor_view<64x16xf32, strides=[16,1]>, sparse_dim=0>
    %gv = make_gather_scatter_view %tv : gather_scatter_view<tile=(8x16), padding_value = zero, tensor_view<64x16xf32, strides=[16,1]>, sparse_dim=0>
    // Discardable attributes follow the operand.
    // CHECK: make_partition_view %[[TV]] {note = "x"} : partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>
    %pv3 = make_partition_view %tv {note = "x"} : partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>

    // CHECK: %{{.+}}:2 = get_index_space_shape %[[PV]] : partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>> -> tile<i32>
    %n0, %n1 = get_index_space_shape %pv : partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>> -> tile<i32>
    // CHECK: %{{.+}}:2 = get_index_space_shape %[[SV]] : strided_view<tile=(4x2), traversal_strides=[3,1], tensor_view<64x16xf32, strides=[16,1]>> -> tile<i64>
    %s0, %s1 = get_index_space_shape %sv : strided_view<tile=(4x2), traversal_strides=[3,1], tensor_view<64x16xf32, strides=[16,1]>> -> tile<i64>
    // CHECK: %{{.+}}:2 = get_index_space_shape %[[GV]] : gather_scatter_view<tile=(8x16), padding_value = zero, tensor_view<64x16xf32, strides=[16,1]>, sparse_dim=0> -> tile<i16>
    %g0, %g1 = get_index_space_shape %gv : gather_scatter_view<tile=(8x16), padding_value = zero, tensor_view<64x16xf32, strides=[16,1]>, sparse_dim=0> -> tile<i16>
  }

  // CHECK-LABEL: entry @view_loads_and_stores(
  entry @view_loads_and_stores(%base: tile<ptr<f32>>, %ibase: tile<ptr<i32>>, %i: tile<i32>, %j: tile<i64>) {
    %tv = make_tensor_view %base, shape = [64, 16], strides = [16, 1] : tensor_view<64x16xf32, strides=[16,1]>
    %pv = make_partition_view %tv : partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>
    %sv = make_strided_view %tv : strided_view<tile=(4x2), traversal_strides=[3,1], tensor_view<64x16xf32, strides=[16,1]>>
    %gv = make_gather_scatter_view %tv : gather_scatter_view<tile=(8x16), padding_value = zero, tensor_view<64x16xf32, strides=[16,1]>, sparse_dim=0>
    %itv = make_tensor_view %ibase, shape = [64], strides = [1] : tensor_view<64xi32, strides=[1]>
    %ipv = make_partition_view %itv : partition_view<tile=(8), tensor_view<64xi32, strides=[1]>>

    // CHECK: %[[T0:.+]], %[[K0:.+]] = load_view_tko weak %{{.+}}[%[[I:[^,]+]], %[[I]]] : partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> tile<4x2xf32>, token
    %t0, %k0 = load_view_tko weak %pv[%i, %i] : partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> tile<4x2xf32>, token
    // CHECK: load_view_tko relaxed tl_blk %{{.+}}[%[[I]], %[[I]]] token = %[[K0]] : partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> tile<4x2xf32>, token
    %t1, %k1 = load_view_tko relaxed tl_blk %pv[%i, %i] token = %k0 : partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> tile<4x2xf32>, token
    // CHECK: load_view_tko acquire device %{{.+}}[%[[J:[^,]+]], %[[J]]] optimization_hints = <default = {latency = 1}, sm_100 = {allow_tma = true, latency = 3}> : partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i64> -> tile<4x2xf32>, token
    %t2, %k2 = load_view_tko acquire device %pv[%j, %j] optimization_hints = <sm_100 = {latency = 3, allow_tma = true}, default = {latency = 1}> : partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i64> -> tile<4x2xf32>, token
    // CHECK: load_view_tko acquire sys %{{.+}}[%[[I]], %[[I]]] token = %[[K0]] optimization_hints = <sm_90 = {allow_tma = false}> attributes {note = 1 : i64} : strided_view<tile=(4x2), traversal_strides=[3,1], tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> tile<4x2xf32>, token
    %t3, %k3 = load_view_tko acquire sys %sv[%i, %i] token = %k0 optimization_hints = <sm_90 = {allow_tma = false}> attributes {note = 1 : i64} : strided_view<tile=(4x2), traversal_strides=[3,1], tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> tile<4x2xf32>, token
    // One index type per index, as written.
    // CHECK: load_view_tko weak %{{.+}}[%[[I]], %[[I]]] : partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> tile<4x2xf32>, token
    %t4, %k4 = load_view_tko weak %pv[%i, %i] : partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32>, tile<i32> -> tile<4x2xf32>, token

    // A gather takes a 1-D tile of rows at the sparse dimension.
    // CHECK: %[[ROWS:.+]], %{{.+}} = load_view_tko weak %{{.+}}[%[[I]]] : partition_view<tile=(8), tensor_view<64xi32, strides=[1]>>, tile<i32> -> tile<8xi32>, token
    %rows, %kr = load_view_tko weak %ipv[%i] : partition_view<tile=(8), tensor_view<64xi32, strides=[1]>>, tile<i32> -> tile<8xi32>, token
    // CHECK: %[[G:.+]], %{{.+}} = load_view_tko weak %{{.+}}[%[[ROWS]], %[[I]]] : gather_scatter_view<tile=(8x16), padding_value = zero, tensor_view<64x16xf32, strides=[16,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> tile<8x16xf32>, token
    %g, %kg = load_view_tko weak %gv[%rows, %i] : gather_scatter_view<tile=(8x16), padding_value = zero, tensor_view<64x16xf32, strides=[16,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> tile<8x16xf32>, token

    // CHECK: %[[S0:.+]] = store_view_tko weak %[[T0]], %{{.+}}[%[[I]], %[[I]]] : tile<4x2xf32>, partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> token
    %s0 = store_view_tko weak %t0, %pv[%i, %i] : tile<4x2xf32>, partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> token
    // CHECK: store_view_tko relaxed device %[[T0]], %{{.+}}[%[[I]], %[[I]]] token = %[[S0]] : tile<4x2xf32>, partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> token
    %s1 = store_view_tko relaxed device %t0, %pv[%i, %i] token = %s0 : tile<4x2xf32>, partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> token
    // CHECK: store_view_tko release tl_blk %[[T0]], %{{.+}}[%[[J]], %[[J]]] optimization_hints = <default = {allow_tma = false, latency = 10}> : tile<4x2xf32>, strided_view<tile=(4x2), traversal_strides=[3,1], tensor_view<64x16xf32, strides=[16,1]>>, tile<i64> -> token
    %s2 = store_view_tko release tl_blk %t0, %sv[%j, %j] optimization_hints = <default = {allow_tma = false, latency = 10}> : tile<4x2xf32>, strided_view<tile=(4x2), traversal_strides=[3,1], tensor_view<64x16xf32, strides=[16,1]>>, tile<i64> -> token
    // CHECK: store_view_tko release sys %[[G]], %{{.+}}[%[[ROWS]], %[[I]]] token = %[[S0]] attributes {note} : tile<8x16xf32>, gather_scatter_view<tile=(8x16), padding_value = zero, tensor_view<64x16xf32, strides=[16,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> token
    %s3 = store_view_tko release sys %g, %gv[%rows, %i] token = %s0 attributes {note} : tile<8x16xf32>, gather_scatter_view<tile=(8x16), padding_value = zero, tensor_view<64x16xf32, strides=[16,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> token
  }

  // CHECK-LABEL: entry @view_reductions(
  entry @view_reductions(%base: tile<ptr<f32>>, %ibase: tile<ptr<i32>>, %i: tile<i32>) {
    %tv = make_tensor_view %base, shape = [64, 16], strides = [16, 1] : tensor_view<64x16xf32, strides=[16,1]>
    %pv = make_partition_view %tv : partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>
    %sv = make_strided_view %tv : strided_view<tile=(4x2), traversal_strides=[3,1], tensor_view<64x16xf32, strides=[16,1]>>
    %itv = make_tensor_view %ibase, shape = [64], strides = [1] : tensor_view<64xi32, strides=[1]>
    %ipv = make_partition_view %itv : partition_view<tile=(8), tensor_view<64xi32, strides=[1]>>
    %f, %k0 = load_view_tko weak %pv[%i, %i] : partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> tile<4x2xf32>, token
    %v, %k1 = load_view_tko weak %ipv[%i] : partition_view<tile=(8), tensor_view<64xi32, strides=[1]>>, tile<i32> -> tile<8xi32>, token

    // CHECK: %[[R0:.+]] = atomic_red_view_tko relaxed device %{{.+}}[%[[I:[^,]+]], %[[I]]], addf, %{{.+}} : tile<4x2xf32>, partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> token
    %r0 = atomic_red_view_tko relaxed device %pv[%i, %i], addf, %f : tile<4x2xf32>, partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> token
    // CHECK: atomic_red_view_tko relaxed tl_blk %{{.+}}[%[[I]], %[[I]]], addf, %{{.+}} token = %[[R0]] : tile<4x2xf32>, strided_view<tile=(4x2), traversal_strides=[3,1], tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> token
    %r1 = atomic_red_view_tko relaxed tl_blk %sv[%i, %i], addf, %f token = %r0 : tile<4x2xf32>, strided_view<tile=(4x2), traversal_strides=[3,1], tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> token
    // CHECK: atomic_red_view_tko relaxed device %{{.+}}[%[[I]]], and, %{{.+}} attributes {note} : tile<8xi32>
    %r2 = atomic_red_view_tko relaxed device %ipv[%i], and, %v attributes {note} : tile<8xi32>, partition_view<tile=(8), tensor_view<64xi32, strides=[1]>>, tile<i32> -> token
    // CHECK: atomic_red_view_tko relaxed device %{{.+}}[%[[I]]], or, %{{.+}} : tile<8xi32>
    %r3 = atomic_red_view_tko relaxed device %ipv[%i], or, %v : tile<8xi32>, partition_view<tile=(8), tensor_view<64xi32, strides=[1]>>, tile<i32> -> token
    // CHECK: atomic_red_view_tko relaxed device %{{.+}}[%[[I]]], xor, %{{.+}} : tile<8xi32>
    %r4 = atomic_red_view_tko relaxed device %ipv[%i], xor, %v : tile<8xi32>, partition_view<tile=(8), tensor_view<64xi32, strides=[1]>>, tile<i32> -> token
    // CHECK: atomic_red_view_tko relaxed device %{{.+}}[%[[I]]], add, %{{.+}} : tile<8xi32>
    %r5 = atomic_red_view_tko relaxed device %ipv[%i], add, %v : tile<8xi32>, partition_view<tile=(8), tensor_view<64xi32, strides=[1]>>, tile<i32> -> token
    // CHECK: atomic_red_view_tko relaxed device %{{.+}}[%[[I]]], max, %{{.+}} : tile<8xi32>
    %r6 = atomic_red_view_tko relaxed device %ipv[%i], max, %v : tile<8xi32>, partition_view<tile=(8), tensor_view<64xi32, strides=[1]>>, tile<i32> -> token
    // CHECK: atomic_red_view_tko relaxed device %{{.+}}[%[[I]]], min, %{{.+}} : tile<8xi32>
    %r7 = atomic_red_view_tko relaxed device %ipv[%i], min, %v : tile<8xi32>, partition_view<tile=(8), tensor_view<64xi32, strides=[1]>>, tile<i32> -> token
    // CHECK: atomic_red_view_tko relaxed device %{{.+}}[%[[I]]], umax, %{{.+}} : tile<8xi32>
    %r8 = atomic_red_view_tko relaxed device %ipv[%i], umax, %v : tile<8xi32>, partition_view<tile=(8), tensor_view<64xi32, strides=[1]>>, tile<i32> -> token
    // CHECK: atomic_red_view_tko relaxed device %{{.+}}[%[[I]]], umin, %{{.+}} : tile<8xi32>
    %r9 = atomic_red_view_tko relaxed device %ipv[%i], umin, %v : tile<8xi32>, partition_view<tile=(8), tensor_view<64xi32, strides=[1]>>, tile<i32> -> token
  }
}

cuda_tile.module @pointers {
  // CHECK-LABEL: entry @pointer_loads_and_stores(
  entry @pointer_loads_and_stores(%p: tile<ptr<f32>>, %c: tile<i1>, %pad: tile<f32>, %pb: tile<ptr<i1>>) {
    // Rank-0 pointers.
    // CHECK: %[[V:.+]], %[[K0:.+]] = load_ptr_tko weak %[[P:[^ ]+]] : tile<ptr<f32>> -> tile<f32>, token
    %v, %k0 = load_ptr_tko weak %p : tile<ptr<f32>> -> tile<f32>, token
    // CHECK: load_ptr_tko weak %[[P]], %[[C:[^,]+]], %[[PAD:[^ ]+]] token=%[[K0]] : tile<ptr<f32>>, tile<i1>, tile<f32> -> tile<f32>, token
    %v1, %k1 = load_ptr_tko weak %p, %c, %pad token=%k0 : tile<ptr<f32>>, tile<i1>, tile<f32> -> tile<f32>, token
    // CHECK: load_ptr_tko relaxed tl_blk %[[P]], %[[C]] : tile<ptr<f32>>, tile<i1> -> tile<f32>, token
    %v2, %k2 = load_ptr_tko relaxed tl_blk %p, %c : tile<ptr<f32>>, tile<i1> -> tile<f32>, token
    // CHECK: load_ptr_tko acquire device %[[P]] token=%[[K0]] optimization_hints = <sm_80 = {latency = 2}> : tile<ptr<f32>> -> tile<f32>, token
    %v3, %k3 = load_ptr_tko acquire device %p token = %k0 optimization_hints = <sm_80 = {latency = 2}> : tile<ptr<f32>> -> tile<f32>, token
    // Hints that lookups would ignore (allow_tma on a pointer load, an
    // out-of-range latency) are kept silently by default.
    // CHECK: load_ptr_tko weak %[[P]] optimization_hints = <sm_100 = {allow_tma = true, latency = 99}> : tile<ptr<f32>> -> tile<f32>, token
    %v5, %k5h = load_ptr_tko weak %p optimization_hints = <sm_100 = {allow_tma = true, latency = 99}> : tile<ptr<f32>> -> tile<f32>, token
    // CHECK: load_ptr_tko acquire sys %[[P]] {note} : tile<ptr<f32>> -> tile<f32>, token
    %v4, %k4 = load_ptr_tko acquire sys %p {note} : tile<ptr<f32>> -> tile<f32>, token

    // CHECK: %[[S0:.+]] = store_ptr_tko weak %[[P]], %[[V]] : tile<ptr<f32>>, tile<f32> -> token
    %s0 = store_ptr_tko weak %p, %v : tile<ptr<f32>>, tile<f32> -> token
    // CHECK: store_ptr_tko relaxed device %[[P]], %[[V]], %[[C]] token=%[[S0]] : tile<ptr<f32>>, tile<f32>, tile<i1> -> token
    %s1 = store_ptr_tko relaxed device %p, %v, %c token=%s0 : tile<ptr<f32>>, tile<f32>, tile<i1> -> token
    // CHECK: store_ptr_tko release sys %[[P]], %[[V]] optimization_hints = <default = {latency = 4}> : tile<ptr<f32>>, tile<f32> -> token
    %s2 = store_ptr_tko release sys %p, %v optimization_hints = <default = {latency = 4}> : tile<ptr<f32>>, tile<f32> -> token
    // CHECK: store_ptr_tko release tl_blk %[[P]], %[[V]] : tile<ptr<f32>>, tile<f32> -> token
    %s3 = store_ptr_tko release tl_blk %p, %v : tile<ptr<f32>>, tile<f32> -> token

    // A padding value without a mask (producers emit it; it has no effect):
    // a lone operand that is not an i1 tile is the padding value.
    // CHECK: load_ptr_tko weak %[[P]], %[[PAD]] : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    %v6, %k6 = load_ptr_tko weak %p, %pad : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    // CHECK: load_ptr_tko weak %[[P]], %[[PAD]] : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    %v7:2 = "cuda_tile.load_ptr_tko"(%p, %pad) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 0, 1, 0>}> : (!cuda_tile.tile<ptr<f32>>, !cuda_tile.tile<f32>) -> (!cuda_tile.tile<f32>, !cuda_tile.token)
    // Loading i1 values, a lone i1 operand is the mask unless marked.
    // CHECK: load_ptr_tko weak %[[PB:[^,]+]], %[[C]] : tile<ptr<i1>>, tile<i1> -> tile<i1>, token
    %b0, %kb0 = load_ptr_tko weak %pb, %c : tile<ptr<i1>>, tile<i1> -> tile<i1>, token
    // CHECK: load_ptr_tko weak %[[PB]], padding %[[C]] : tile<ptr<i1>>, tile<i1> -> tile<i1>, token
    %b1, %kb1 = load_ptr_tko weak %pb, padding %c : tile<ptr<i1>>, tile<i1> -> tile<i1>, token
    // CHECK: load_ptr_tko weak %[[PB]], %[[C]], %[[C]] : tile<ptr<i1>>, tile<i1>, tile<i1> -> tile<i1>, token
    %b2, %kb2 = load_ptr_tko weak %pb, %c, %c : tile<ptr<i1>>, tile<i1>, tile<i1> -> tile<i1>, token

    // Shaped tiles of pointers.
    %ptrs = "test.tile"() : () -> !cuda_tile.tile<16x32xptr<f16>>
    %mask = "test.tile"() : () -> !cuda_tile.tile<16x32xi1>
    %fill = "test.tile"() : () -> !cuda_tile.tile<16x32xf16>
    // CHECK: %[[X:.+]], %{{.+}} = load_ptr_tko weak %{{.+}}, %{{.+}}, %{{.+}} : tile<16x32xptr<f16>>, tile<16x32xi1>, tile<16x32xf16> -> tile<16x32xf16>, token
    %x, %k5 = load_ptr_tko weak %ptrs, %mask, %fill : tile<16x32xptr<f16>>, tile<16x32xi1>, tile<16x32xf16> -> tile<16x32xf16>, token
    // CHECK: store_ptr_tko weak %{{.+}}, %[[X]], %{{.+}} : tile<16x32xptr<f16>>, tile<16x32xf16>, tile<16x32xi1> -> token
    %s4 = store_ptr_tko weak %ptrs, %x, %mask : tile<16x32xptr<f16>>, tile<16x32xf16>, tile<16x32xi1> -> token
  }

  // CHECK-LABEL: entry @pointer_atomics(
  entry @pointer_atomics(%pi: tile<ptr<i32>>, %i: tile<i32>, %pf: tile<ptr<f32>>, %f: tile<f32>, %c: tile<i1>) {
    // CHECK: %{{.+}}, %[[T0:.+]] = atomic_cas_tko relaxed device %{{.+}}, %[[I:[^,]+]], %[[I]] : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %o0, %t0 = atomic_cas_tko relaxed device %pi, %i, %i : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    // CHECK: atomic_cas_tko acquire tl_blk %{{.+}}, %[[I]], %[[I]], %[[C:[^ ]+]] : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
    %o1, %t1 = atomic_cas_tko acquire tl_blk %pi, %i, %i, %c : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
    // CHECK: atomic_cas_tko release sys %{{.+}}, %{{.+}}, %{{.+}} token=%[[T0]] : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    %o2, %t2 = atomic_cas_tko release sys %pf, %f, %f token=%t0 : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    // CHECK: atomic_cas_tko acq_rel device %{{.+}}, %{{.+}}, %{{.+}}, %[[C]] token=%[[T0]] {note} : tile<ptr<f32>>, tile<f32>, tile<i1> -> tile<f32>, token
    %o3, %t3 = atomic_cas_tko acq_rel device %pf, %f, %f, %c token = %t0 {note} : tile<ptr<f32>>, tile<f32>, tile<i1> -> tile<f32>, token

    // CHECK: atomic_rmw_tko relaxed device %{{.+}}, and, %[[I]] : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %a0, %u0 = atomic_rmw_tko relaxed device %pi, and, %i : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    // CHECK: atomic_rmw_tko acquire device %{{.+}}, or, %[[I]], %[[C]] : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
    %a1, %u1 = atomic_rmw_tko acquire device %pi, or, %i, %c : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
    // CHECK: atomic_rmw_tko release device %{{.+}}, xor, %[[I]] token=%[[T0]] : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %a2, %u2 = atomic_rmw_tko release device %pi, xor, %i token = %t0 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    // CHECK: atomic_rmw_tko acq_rel sys %{{.+}}, add, %[[I]], %[[C]] token=%[[T0]] : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
    %a3, %u3 = atomic_rmw_tko acq_rel sys %pi, add, %i, %c token=%t0 : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
    // CHECK: atomic_rmw_tko relaxed tl_blk %{{.+}}, max, %[[I]] :
    %a4, %u4 = atomic_rmw_tko relaxed tl_blk %pi, max, %i : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    // CHECK: atomic_rmw_tko relaxed device %{{.+}}, min, %[[I]] :
    %a5, %u5 = atomic_rmw_tko relaxed device %pi, min, %i : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    // CHECK: atomic_rmw_tko relaxed device %{{.+}}, umax, %[[I]] :
    %a6, %u6 = atomic_rmw_tko relaxed device %pi, umax, %i : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    // CHECK: atomic_rmw_tko relaxed device %{{.+}}, umin, %[[I]] :
    %a7, %u7 = atomic_rmw_tko relaxed device %pi, umin, %i : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    // CHECK: atomic_rmw_tko relaxed device %{{.+}}, xchg, %[[I]] :
    %a8, %u8 = atomic_rmw_tko relaxed device %pi, xchg, %i : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    // CHECK: atomic_rmw_tko relaxed device %{{.+}}, addf, %{{.+}} : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    %a9, %u9 = atomic_rmw_tko relaxed device %pf, addf, %f : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    // CHECK: atomic_rmw_tko relaxed device %{{.+}}, xchg, %{{.+}} : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    %a10, %u10 = atomic_rmw_tko relaxed device %pf, xchg, %f : tile<ptr<f32>>, tile<f32> -> tile<f32>, token

    // Shaped operands, and the other element types.
    %ptrs = "test.tile"() : () -> !cuda_tile.tile<8xptr<i64>>
    %vals = "test.tile"() : () -> !cuda_tile.tile<8xi64>
    %mask = "test.tile"() : () -> !cuda_tile.tile<8xi1>
    // CHECK: atomic_cas_tko relaxed device %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : tile<8xptr<i64>>, tile<8xi64>, tile<8xi1> -> tile<8xi64>, token
    %o4, %t4 = atomic_cas_tko relaxed device %ptrs, %vals, %vals, %mask : tile<8xptr<i64>>, tile<8xi64>, tile<8xi1> -> tile<8xi64>, token
    // CHECK: atomic_rmw_tko relaxed device %{{.+}}, umin, %{{.+}}, %{{.+}} : tile<8xptr<i64>>, tile<8xi64>, tile<8xi1> -> tile<8xi64>, token
    %a11, %u11 = atomic_rmw_tko relaxed device %ptrs, umin, %vals, %mask : tile<8xptr<i64>>, tile<8xi64>, tile<8xi1> -> tile<8xi64>, token
    %hptrs = "test.tile"() : () -> !cuda_tile.tile<4xptr<bf16>>
    %hvals = "test.tile"() : () -> !cuda_tile.tile<4xbf16>
    // CHECK: atomic_rmw_tko relaxed device %{{.+}}, addf, %{{.+}} : tile<4xptr<bf16>>, tile<4xbf16> -> tile<4xbf16>, token
    %a12, %u12 = atomic_rmw_tko relaxed device %hptrs, addf, %hvals : tile<4xptr<bf16>>, tile<4xbf16> -> tile<4xbf16>, token
  }
}

// Tiles that carry an encoding (set by layout assignment) are compared by
// shape and element type only.
cuda_tile.module @encodings {
  // CHECK-LABEL: entry @encoded_tiles(
  entry @encoded_tiles(%base: tile<ptr<f32>>, %i: tile<i32>, %p: tile<ptr<f32>>) {
    %tv = make_tensor_view %base, shape = [64, 16], strides = [16, 1] : tensor_view<64x16xf32, strides=[16,1]>
    %pv = make_partition_view %tv : partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>
    // CHECK: load_view_tko weak %{{.+}} : partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> tile<4x2xf32, "blocked">, token
    %t, %k = load_view_tko weak %pv[%i, %i] : partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> tile<4x2xf32, "blocked">, token
    // CHECK: store_view_tko weak %{{.+}} : tile<4x2xf32, "blocked">, partition_view
    %s = store_view_tko weak %t, %pv[%i, %i] : tile<4x2xf32, "blocked">, partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> token
    // CHECK: load_ptr_tko weak %{{.+}} : tile<ptr<f32>> -> tile<f32, "x">, token
    %v, %k2 = load_ptr_tko weak %p : tile<ptr<f32>> -> tile<f32, "x">, token
    // CHECK: atomic_rmw_tko relaxed device %{{.+}}, addf, %{{.+}} : tile<ptr<f32>>, tile<f32, "x"> -> tile<f32, "y">, token
    %o, %k3 = atomic_rmw_tko relaxed device %p, addf, %v : tile<ptr<f32>>, tile<f32, "x"> -> tile<f32, "y">, token
  }
}

cuda_tile.module @misc {
  // CHECK-LABEL: entry @tokens(
  entry @tokens() {
    // CHECK: %[[A:.+]] = make_token : token
    %a = make_token : token
    // CHECK: %[[B:.+]] = make_token : token
    %b = cuda_tile.make_token : !cuda_tile.token
    // CHECK: %[[C:.+]] = join_tokens %[[A]], %[[B]] : token
    %c = join_tokens %a, %b : token
    // CHECK: join_tokens %[[A]], %[[B]], %[[C]] : token
    %d = join_tokens %a, %b, %c : token
  }

  // CHECK-LABEL: entry @alloca(
  entry @alloca() {
    // CHECK: alloca num_elem = 64, alignment = 128 : tile<ptr<f32>>
    %0 = alloca num_elem = 64, alignment = 128 : tile<ptr<f32>>
    // CHECK: alloca num_elem = 64, alignment = 128 global : tile<ptr<f32>>
    %1 = alloca num_elem = 64, alignment = 128 global : tile<ptr<f32>>
    // CHECK: alloca num_elem = 0, alignment = 1 : tile<ptr<i8>>
    %2 = alloca num_elem = 0, alignment = 1 : tile<ptr<i8>>
    // CHECK: alloca num_elem = 3, alignment = 8 global : tile<ptr<f64>>
    %3 = alloca num_elem = 3, alignment = 8 global : tile<ptr<f64>>
  }

  // CHECK-LABEL: entry @grid(
  entry @grid() {
    // CHECK: %{{.+}}, %{{.+}}, %{{.+}} = get_tile_block_id : tile<i32>
    %x, %y, %z = get_tile_block_id : tile<i32>
    // CHECK: %{{.+}}, %{{.+}}, %{{.+}} = get_num_tile_blocks : tile<i32>
    %nx, %ny, %nz = get_num_tile_blocks : !cuda_tile.tile<i32>
  }
}
