// RUN: split-file %s %t
//
// The 13.1 memory ops survive a trip through bytecode of every version.
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.1 %t/v13_1.mlir | tile-translate --tileir-bytecode-to-mlir | FileCheck %t/v13_1.mlir
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.2 %t/v13_1.mlir | tile-translate --tileir-bytecode-to-mlir | FileCheck %t/v13_1.mlir
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.3 %t/v13_1.mlir | tile-translate --tileir-bytecode-to-mlir | FileCheck %t/v13_1.mlir
//
// The ops and view types of 13.3 round trip in 13.3...
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.3 %t/v13_3.mlir | tile-translate --tileir-bytecode-to-mlir | FileCheck %t/v13_3.mlir
//
// ...and older versions refuse them.
// RUN: not tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.1 %t/alloca.mlir -o /dev/null 2>&1 | FileCheck %t/alloca.mlir
// RUN: not tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.2 %t/alloca.mlir -o /dev/null 2>&1 | FileCheck %t/alloca.mlir --check-prefix=V132
// RUN: not tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.1 %t/strided.mlir -o /dev/null 2>&1 | FileCheck %t/strided.mlir
// RUN: not tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.1 %t/gather.mlir -o /dev/null 2>&1 | FileCheck %t/gather.mlir
// RUN: not tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.1 %t/reduction.mlir -o /dev/null 2>&1 | FileCheck %t/reduction.mlir
// RUN: not tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.1 %t/strided_type.mlir -o /dev/null 2>&1 | FileCheck %t/strided_type.mlir
// RUN: not tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.1 %t/gather_type.mlir -o /dev/null 2>&1 | FileCheck %t/gather_type.mlir

//--- v13_1.mlir
cuda_tile.module @memory {
  // CHECK-LABEL: entry @views(
  entry @views(%base: tile<ptr<f32>>, %n: tile<i32>, %i: tile<i32>, %j: tile<i64>) {
    // CHECK: %[[TV:.+]] = make_tensor_view %{{[^,]+}}, shape = [64, 16], strides = [16, 1] : tensor_view<64x16xf32, strides=[16,1]>
    %tv = make_tensor_view %base, shape = [64, 16], strides = [16, 1] : tensor_view<64x16xf32, strides=[16,1]>
    // CHECK: make_tensor_view %{{[^,]+}}, shape = [%[[N:[^,]+]], 16], strides = [%[[N]], 1] : tile<i32> -> tensor_view<?x16xf32, strides=[?,1]>
    %dv = make_tensor_view %base, shape = [%n, 16], strides = [%n, 1] : tile<i32> -> tensor_view<?x16xf32, strides=[?,1]>
    // CHECK: make_tensor_view %{{[^,]+}}, shape = [], strides = [] : tensor_view<f32>
    %sv = make_tensor_view %base, shape = [], strides = [] : tensor_view<f32>
    // CHECK: %[[PV:.+]] = make_partition_view %[[TV]] : partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>
    %pv = make_partition_view %tv : partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>
    // CHECK: make_partition_view %[[TV]] : partition_view<tile=(2x4), padding_value = neg_inf, tensor_view<64x16xf32, strides=[16,1]>, dim_map=[1, 0]>
    %pv2 = make_partition_view %tv : partition_view<tile=(2x4), padding_value = neg_inf, tensor_view<64x16xf32, strides=[16,1]>, dim_map=[1, 0]>
    // CHECK: get_tensor_shape %{{.+}} : tensor_view<?x16xf32, strides=[?,1]> -> tile<i64>
    %d0, %d1 = get_tensor_shape %dv : tensor_view<?x16xf32, strides=[?,1]> -> tile<i64>
    // CHECK: get_tensor_shape %{{.+}} : tensor_view<f32>{{$}}
    get_tensor_shape %sv : tensor_view<f32>
    // CHECK: get_index_space_shape %{{.+}} : partition_view<tile=(2x4), padding_value = neg_inf, tensor_view<64x16xf32, strides=[16,1]>, dim_map=[1, 0]> -> tile<i32>
    %n0, %n1 = get_index_space_shape %pv2 : partition_view<tile=(2x4), padding_value = neg_inf, tensor_view<64x16xf32, strides=[16,1]>, dim_map=[1, 0]> -> tile<i32>

    // CHECK: %[[T:.+]], %[[K:.+]] = load_view_tko weak %[[PV]][%[[I:[^,]+]], %[[I]]] : partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> tile<4x2xf32>, token
    %t, %k = load_view_tko weak %pv[%i, %i] : partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> tile<4x2xf32>, token
    // CHECK: load_view_tko relaxed tl_blk %[[PV]][%[[J:[^,]+]], %[[J]]] token = %[[K]] : partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i64> -> tile<4x2xf32>, token
    %t1, %k1 = load_view_tko relaxed tl_blk %pv[%j, %j] token = %k : partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i64> -> tile<4x2xf32>, token
    // CHECK: load_view_tko acquire sys %[[PV]][%[[I]], %[[I]]] token = %[[K]] optimization_hints = <default = {allow_tma = false}, sm_90 = {latency = 5}> : partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> tile<4x2xf32>, token
    %t2, %k2 = load_view_tko acquire sys %pv[%i, %i] token = %k optimization_hints = <sm_90 = {latency = 5}, default = {allow_tma = false}> : partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> tile<4x2xf32>, token
    // CHECK: load_view_tko acquire device %[[PV]][%[[I]], %[[I]]] optimization_hints = <sm_100 = {allow_tma = true}> : partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> tile<4x2xf32>, token
    %t3, %k3 = load_view_tko acquire device %pv[%i, %i] optimization_hints = <sm_100 = {allow_tma = true}> : partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> tile<4x2xf32>, token

    // CHECK: %[[S:.+]] = store_view_tko weak %[[T]], %[[PV]][%[[I]], %[[I]]] : tile<4x2xf32>, partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> token
    %s = store_view_tko weak %t, %pv[%i, %i] : tile<4x2xf32>, partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> token
    // CHECK: store_view_tko relaxed device %[[T]], %[[PV]][%[[I]], %[[I]]] token = %[[S]] : tile<4x2xf32>, partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> token
    %s1 = store_view_tko relaxed device %t, %pv[%i, %i] token = %s : tile<4x2xf32>, partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> token
    // CHECK: store_view_tko release sys %[[T]], %[[PV]][%[[I]], %[[I]]] optimization_hints = <sm_120 = {latency = 7}> : tile<4x2xf32>, partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> token
    %s2 = store_view_tko release sys %t, %pv[%i, %i] optimization_hints = <sm_120 = {latency = 7}> : tile<4x2xf32>, partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> token
    // CHECK: store_view_tko release tl_blk %[[T]], %[[PV]][%[[I]], %[[I]]] token = %[[S]] optimization_hints = <default = {latency = 1}> : tile<4x2xf32>, partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> token
    %s3 = store_view_tko release tl_blk %t, %pv[%i, %i] token = %s optimization_hints = <default = {latency = 1}> : tile<4x2xf32>, partition_view<tile=(4x2), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> token
  }

  // CHECK-LABEL: entry @pointers(
  entry @pointers(%p: tile<ptr<f32>>, %m: tile<i1>, %pad: tile<f32>, %pi: tile<ptr<i64>>, %x: tile<i64>) {
    // CHECK: %[[V:.+]], %[[K:.+]] = load_ptr_tko weak %[[P:[^ ]+]] : tile<ptr<f32>> -> tile<f32>, token
    %v, %k = load_ptr_tko weak %p : tile<ptr<f32>> -> tile<f32>, token
    // CHECK: load_ptr_tko weak %[[P]], %[[M:[^,]+]] : tile<ptr<f32>>, tile<i1> -> tile<f32>, token
    %v1, %k1 = load_ptr_tko weak %p, %m : tile<ptr<f32>>, tile<i1> -> tile<f32>, token
    // CHECK: load_ptr_tko relaxed device %[[P]], %[[M]], %[[PAD:[^ ]+]] token=%[[K]] : tile<ptr<f32>>, tile<i1>, tile<f32> -> tile<f32>, token
    %v2, %k2 = load_ptr_tko relaxed device %p, %m, %pad token=%k : tile<ptr<f32>>, tile<i1>, tile<f32> -> tile<f32>, token
    // CHECK: load_ptr_tko acquire tl_blk %[[P]] optimization_hints = <sm_80 = {latency = 3}> : tile<ptr<f32>> -> tile<f32>, token
    %v3, %k3 = load_ptr_tko acquire tl_blk %p optimization_hints = <sm_80 = {latency = 3}> : tile<ptr<f32>> -> tile<f32>, token
    // CHECK: load_ptr_tko acquire sys %[[P]], %[[M]], %[[PAD]] token=%[[K]] optimization_hints = <default = {latency = 2}> : tile<ptr<f32>>, tile<i1>, tile<f32> -> tile<f32>, token
    %v4, %k4 = load_ptr_tko acquire sys %p, %m, %pad token=%k optimization_hints = <default = {latency = 2}> : tile<ptr<f32>>, tile<i1>, tile<f32> -> tile<f32>, token

    // A padding value without a mask.
    // CHECK: load_ptr_tko weak %[[P]], %[[PAD]] token=%[[K]] : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    %v5, %k5 = load_ptr_tko weak %p, %pad token=%k : tile<ptr<f32>>, tile<f32> -> tile<f32>, token

    // CHECK: %[[S:.+]] = store_ptr_tko weak %[[P]], %[[V]] : tile<ptr<f32>>, tile<f32> -> token
    %s = store_ptr_tko weak %p, %v : tile<ptr<f32>>, tile<f32> -> token
    // CHECK: store_ptr_tko relaxed sys %[[P]], %[[V]], %[[M]] token=%[[S]] : tile<ptr<f32>>, tile<f32>, tile<i1> -> token
    %s1 = store_ptr_tko relaxed sys %p, %v, %m token=%s : tile<ptr<f32>>, tile<f32>, tile<i1> -> token
    // CHECK: store_ptr_tko release device %[[P]], %[[V]] optimization_hints = <sm_100 = {latency = 9}> : tile<ptr<f32>>, tile<f32> -> token
    %s2 = store_ptr_tko release device %p, %v optimization_hints = <sm_100 = {latency = 9}> : tile<ptr<f32>>, tile<f32> -> token
    // CHECK: store_ptr_tko weak %[[P]], %[[V]], %[[M]] token=%[[S]] optimization_hints = <default = {latency = 1}> : tile<ptr<f32>>, tile<f32>, tile<i1> -> token
    %s3 = store_ptr_tko weak %p, %v, %m token=%s optimization_hints = <default = {latency = 1}> : tile<ptr<f32>>, tile<f32>, tile<i1> -> token

    // CHECK: %{{.+}}, %[[C:.+]] = atomic_cas_tko relaxed device %[[PI:[^,]+]], %[[X:[^,]+]], %[[X]] : tile<ptr<i64>>, tile<i64> -> tile<i64>, token
    %o, %c = atomic_cas_tko relaxed device %pi, %x, %x : tile<ptr<i64>>, tile<i64> -> tile<i64>, token
    // CHECK: atomic_cas_tko acq_rel sys %[[PI]], %[[X]], %[[X]], %[[M]] token=%[[C]] : tile<ptr<i64>>, tile<i64>, tile<i1> -> tile<i64>, token
    %o1, %c1 = atomic_cas_tko acq_rel sys %pi, %x, %x, %m token=%c : tile<ptr<i64>>, tile<i64>, tile<i1> -> tile<i64>, token
    // CHECK: atomic_cas_tko acquire tl_blk %[[PI]], %[[X]], %[[X]], %[[M]] : tile<ptr<i64>>, tile<i64>, tile<i1> -> tile<i64>, token
    %o2, %c2 = atomic_cas_tko acquire tl_blk %pi, %x, %x, %m : tile<ptr<i64>>, tile<i64>, tile<i1> -> tile<i64>, token
    // CHECK: atomic_cas_tko release device %[[P]], %[[V]], %[[V]] token=%[[C]] : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    %o3, %c3 = atomic_cas_tko release device %p, %v, %v token=%c : tile<ptr<f32>>, tile<f32> -> tile<f32>, token

    // CHECK: atomic_rmw_tko relaxed device %[[PI]], and, %[[X]] : tile<ptr<i64>>, tile<i64> -> tile<i64>, token
    %r0, %u0 = atomic_rmw_tko relaxed device %pi, and, %x : tile<ptr<i64>>, tile<i64> -> tile<i64>, token
    // CHECK: atomic_rmw_tko acquire device %[[PI]], or, %[[X]], %[[M]] : tile<ptr<i64>>, tile<i64>, tile<i1> -> tile<i64>, token
    %r1, %u1 = atomic_rmw_tko acquire device %pi, or, %x, %m : tile<ptr<i64>>, tile<i64>, tile<i1> -> tile<i64>, token
    // CHECK: atomic_rmw_tko release sys %[[PI]], xor, %[[X]] token=%[[C]] : tile<ptr<i64>>, tile<i64> -> tile<i64>, token
    %r2, %u2 = atomic_rmw_tko release sys %pi, xor, %x token=%c : tile<ptr<i64>>, tile<i64> -> tile<i64>, token
    // CHECK: atomic_rmw_tko acq_rel tl_blk %[[PI]], add, %[[X]], %[[M]] token=%[[C]] : tile<ptr<i64>>, tile<i64>, tile<i1> -> tile<i64>, token
    %r3, %u3 = atomic_rmw_tko acq_rel tl_blk %pi, add, %x, %m token=%c : tile<ptr<i64>>, tile<i64>, tile<i1> -> tile<i64>, token
    // CHECK: atomic_rmw_tko relaxed device %[[PI]], max, %[[X]] :
    %r4, %u4 = atomic_rmw_tko relaxed device %pi, max, %x : tile<ptr<i64>>, tile<i64> -> tile<i64>, token
    // CHECK: atomic_rmw_tko relaxed device %[[PI]], min, %[[X]] :
    %r5, %u5 = atomic_rmw_tko relaxed device %pi, min, %x : tile<ptr<i64>>, tile<i64> -> tile<i64>, token
    // CHECK: atomic_rmw_tko relaxed device %[[PI]], umax, %[[X]] :
    %r6, %u6 = atomic_rmw_tko relaxed device %pi, umax, %x : tile<ptr<i64>>, tile<i64> -> tile<i64>, token
    // CHECK: atomic_rmw_tko relaxed device %[[PI]], umin, %[[X]] :
    %r7, %u7 = atomic_rmw_tko relaxed device %pi, umin, %x : tile<ptr<i64>>, tile<i64> -> tile<i64>, token
    // CHECK: atomic_rmw_tko relaxed device %[[PI]], xchg, %[[X]] :
    %r8, %u8 = atomic_rmw_tko relaxed device %pi, xchg, %x : tile<ptr<i64>>, tile<i64> -> tile<i64>, token
    // CHECK: atomic_rmw_tko relaxed device %[[P]], addf, %[[V]] : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    %r9, %u9 = atomic_rmw_tko relaxed device %p, addf, %v : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
  }

  // CHECK-LABEL: entry @tokens_and_grid(
  entry @tokens_and_grid() {
    // CHECK: %[[A:.+]] = make_token : token
    %a = make_token : token
    // CHECK: %[[B:.+]] = make_token : token
    %b = make_token : token
    // CHECK: %[[C:.+]] = join_tokens %[[A]], %[[B]] : token
    %c = join_tokens %a, %b : token
    // CHECK: join_tokens %[[A]], %[[B]], %[[C]] : token
    %d = join_tokens %a, %b, %c : token
    // CHECK: get_tile_block_id : tile<i32>
    %x, %y, %z = get_tile_block_id : tile<i32>
    // CHECK: get_num_tile_blocks : tile<i32>
    %nx, %ny, %nz = get_num_tile_blocks : tile<i32>
  }
}

//--- v13_3.mlir
cuda_tile.module @memory {
  // CHECK-LABEL: entry @new_ops(
  entry @new_ops(%base: tile<ptr<f32>>, %ibase: tile<ptr<i32>>, %i: tile<i32>) {
    // CHECK: alloca num_elem = 64, alignment = 128 : tile<ptr<f32>>
    %a = alloca num_elem = 64, alignment = 128 : tile<ptr<f32>>
    // CHECK: alloca num_elem = 16, alignment = 16 global : tile<ptr<i32>>
    %b = alloca num_elem = 16, alignment = 16 global : tile<ptr<i32>>

    %tv = make_tensor_view %base, shape = [64, 16], strides = [16, 1] : tensor_view<64x16xf32, strides=[16,1]>
    // CHECK: %[[SV:.+]] = make_strided_view %{{.+}} : strided_view<tile=(4x2), traversal_strides=[3,1], tensor_view<64x16xf32, strides=[16,1]>>
    %sv = make_strided_view %tv : strided_view<tile=(4x2), traversal_strides=[3,1], tensor_view<64x16xf32, strides=[16,1]>>
    // CHECK: make_strided_view %{{.+}} : strided_view<tile=(2x4), traversal_strides=[5,7], padding_value = pos_inf, tensor_view<64x16xf32, strides=[16,1]>, dim_map=[1, 0]>
    %sv2 = make_strided_view %tv : strided_view<tile=(2x4), traversal_strides=[5,7], padding_value = pos_inf, tensor_view<64x16xf32, strides=[16,1]>, dim_map=[1, 0]>
    // CHECK: %[[GV:.+]] = make_gather_scatter_view %{{.+}} : gather_scatter_view<tile=(8x16), padding_value = zero, tensor_view<64x16xf32, strides=[16,1]>, sparse_dim=0>
    %gv = make_gather_scatter_view %tv : gather_scatter_view<tile=(8x16), padding_value = zero, tensor_view<64x16xf32, strides=[16,1]>, sparse_dim=0>
    // CHECK: get_index_space_shape %[[SV]] : strided_view<tile=(4x2), traversal_strides=[3,1], tensor_view<64x16xf32, strides=[16,1]>> -> tile<i64>
    %n0, %n1 = get_index_space_shape %sv : strided_view<tile=(4x2), traversal_strides=[3,1], tensor_view<64x16xf32, strides=[16,1]>> -> tile<i64>

    // CHECK: %[[T:.+]], %[[K:.+]] = load_view_tko weak %[[SV]][%[[I:[^,]+]], %[[I]]] : strided_view<tile=(4x2), traversal_strides=[3,1], tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> tile<4x2xf32>, token
    %t, %k = load_view_tko weak %sv[%i, %i] : strided_view<tile=(4x2), traversal_strides=[3,1], tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> tile<4x2xf32>, token
    %itv = make_tensor_view %ibase, shape = [64], strides = [1] : tensor_view<64xi32, strides=[1]>
    %ipv = make_partition_view %itv : partition_view<tile=(8), tensor_view<64xi32, strides=[1]>>
    // CHECK: %[[ROWS:.+]], %{{.+}} = load_view_tko weak
    %rows, %kr = load_view_tko weak %ipv[%i] : partition_view<tile=(8), tensor_view<64xi32, strides=[1]>>, tile<i32> -> tile<8xi32>, token
    // CHECK: %[[G:.+]], %{{.+}} = load_view_tko relaxed device %[[GV]][%[[ROWS]], %[[I]]] token = %[[K]] : gather_scatter_view<tile=(8x16), padding_value = zero, tensor_view<64x16xf32, strides=[16,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> tile<8x16xf32>, token
    %g, %kg = load_view_tko relaxed device %gv[%rows, %i] token = %k : gather_scatter_view<tile=(8x16), padding_value = zero, tensor_view<64x16xf32, strides=[16,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> tile<8x16xf32>, token
    // CHECK: store_view_tko weak %[[G]], %[[GV]][%[[ROWS]], %[[I]]] : tile<8x16xf32>, gather_scatter_view<tile=(8x16), padding_value = zero, tensor_view<64x16xf32, strides=[16,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> token
    %s = store_view_tko weak %g, %gv[%rows, %i] : tile<8x16xf32>, gather_scatter_view<tile=(8x16), padding_value = zero, tensor_view<64x16xf32, strides=[16,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> token

    // CHECK: %[[R:.+]] = atomic_red_view_tko relaxed device %[[SV]][%[[I]], %[[I]]], addf, %[[T]] : tile<4x2xf32>, strided_view<tile=(4x2), traversal_strides=[3,1], tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> token
    %r = atomic_red_view_tko relaxed device %sv[%i, %i], addf, %t : tile<4x2xf32>, strided_view<tile=(4x2), traversal_strides=[3,1], tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> token
    // CHECK: atomic_red_view_tko relaxed tl_blk %{{.+}}[%[[I]]], umax, %[[ROWS]] token = %[[R]] : tile<8xi32>, partition_view<tile=(8), tensor_view<64xi32, strides=[1]>>, tile<i32> -> token
    %r1 = atomic_red_view_tko relaxed tl_blk %ipv[%i], umax, %rows token = %r : tile<8xi32>, partition_view<tile=(8), tensor_view<64xi32, strides=[1]>>, tile<i32> -> token
  }

  // 13.3 view types as kernel arguments.
  // CHECK-LABEL: entry @view_arguments(
  // CHECK-SAME: strided_view<tile=(8), traversal_strides=[8], tensor_view<64xf32, strides=[1]>>
  // CHECK-SAME: gather_scatter_view<tile=(8x4), tensor_view<64x4xi8, strides=[4,1]>, sparse_dim=1>
  entry @view_arguments(%s: strided_view<tile=(8), traversal_strides=[8], tensor_view<64xf32, strides=[1]>>, %g: gather_scatter_view<tile=(8x4), tensor_view<64x4xi8, strides=[4,1]>, sparse_dim=1>) {
  }
}

//--- alloca.mlir
// CHECK: error: operation 'cuda_tile.alloca' is not available in bytecode version 13.1 (it needs 13.3)
// V132: error: operation 'cuda_tile.alloca' is not available in bytecode version 13.2 (it needs 13.3)
cuda_tile.module @m {
  entry @k() {
    %a = alloca num_elem = 64, alignment = 128 : tile<ptr<f32>>
  }
}

//--- strided.mlir
// CHECK: error: operation 'cuda_tile.make_strided_view' is not available in bytecode version 13.1 (it needs 13.3)
cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    %tv = make_tensor_view %base, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %sv = make_strided_view %tv : strided_view<tile=(8), traversal_strides=[8], tensor_view<64xf32, strides=[1]>>
  }
}

//--- gather.mlir
// CHECK: error: operation 'cuda_tile.make_gather_scatter_view' is not available in bytecode version 13.1 (it needs 13.3)
cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    %tv = make_tensor_view %base, shape = [64, 4], strides = [4, 1] : tensor_view<64x4xf32, strides=[4,1]>
    %gv = make_gather_scatter_view %tv : gather_scatter_view<tile=(8x4), tensor_view<64x4xf32, strides=[4,1]>, sparse_dim=0>
  }
}

//--- reduction.mlir
// CHECK: error: operation 'cuda_tile.atomic_red_view_tko' is not available in bytecode version 13.1 (it needs 13.3)
cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>, %i: tile<i32>) {
    %tv = make_tensor_view %base, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(8), tensor_view<64xf32, strides=[1]>>
    %t, %k = load_view_tko weak %pv[%i] : partition_view<tile=(8), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
    %r = atomic_red_view_tko relaxed device %pv[%i], addf, %t : tile<8xf32>, partition_view<tile=(8), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token
  }
}

//--- strided_type.mlir
// CHECK: error: type 'strided_view' requires bytecode version 13.3; the target is 13.1
cuda_tile.module @m {
  entry @k(%s: strided_view<tile=(8), traversal_strides=[8], tensor_view<64xf32, strides=[1]>>) {
  }
}

//--- gather_type.mlir
// CHECK: error: type 'gather_scatter_view' requires bytecode version 13.3; the target is 13.1
cuda_tile.module @m {
  entry @k(%g: gather_scatter_view<tile=(8x4), tensor_view<64x4xi8, strides=[4,1]>, sparse_dim=1>) {
  }
}
