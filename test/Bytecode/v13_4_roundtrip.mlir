// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.4 %s | tile-translate --tileir-bytecode-to-mlir | FileCheck %s
// RUN: not tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.3 %s -o %t.bc 2>&1 | FileCheck %s --check-prefix=OLD

// What bytecode 13.4 added survives a trip through it: insert, the grid
// dependency ops, fpowi, memory_fence_alias_tko, `inbounds` on view
// accesses, saturating ftoi, nearest_away, and the flags of pointer and
// tensor_view types. An all-false `inbounds` is written as flags and read
// back as no attribute.

cuda_tile.module @m {
  // CHECK-LABEL: entry @v13_4(
  entry @v13_4(%p: tile<ptr<f32>>, %n: tile<i32>) {
    %t0 = make_token : token
    // CHECK: %[[W:.*]] = gdc_wait_tko token = %{{.*}} -> token
    %w = gdc_wait_tko token = %t0 -> token
    // CHECK: gdc_wait_tko -> token
    %w2 = gdc_wait_tko -> token
    // CHECK: %[[TV:.*]] = make_tensor_view %{{.*}} -> tensor_view<?x16xf32, strides=[16,1]>
    %tv = make_tensor_view %p, shape = [%n, 16], strides = [16, 1] : tile<i32> -> tensor_view<?x16xf32, strides=[16,1]>
    %pv = make_partition_view %tv : partition_view<tile=(8x16), tensor_view<?x16xf32, strides=[16,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    // CHECK: load_view_tko weak %{{.*}}[%{{.*}}, %{{.*}}] token = %[[W]] inbounds = [false, true] :
    %a, %ta = load_view_tko weak %pv[%c1, %c0] token = %w inbounds = [false, true] : partition_view<tile=(8x16), tensor_view<?x16xf32, strides=[16,1]>>, tile<i32> -> tile<8x16xf32>, token
    // CHECK: load_view_tko weak %{{.*}}[%{{.*}}, %{{.*}}] :
    // CHECK-NOT: inbounds
    // CHECK-SAME: -> tile<8x16xf32>, token
    %b, %tb = load_view_tko weak %pv[%c0, %c0] inbounds = [false, false] : partition_view<tile=(8x16), tensor_view<?x16xf32, strides=[16,1]>>, tile<i32> -> tile<8x16xf32>, token
    // CHECK: %[[S:.*]] = extract
    %s = extract %a[%c0, %c1] : tile<8x16xf32> -> tile<4x8xf32>
    // CHECK: %[[I:.*]] = insert %[[S]], %{{.*}}[%{{.*}}, %{{.*}}] : tile<4x8xf32>, tile<8x16xf32>
    %i = insert %s, %b[%c1, %c0] : tile<4x8xf32>, tile<8x16xf32>
    %e = constant <i32: 3> : tile<8x16xi32>
    // CHECK: %[[P:.*]] = fpowi %[[I]], %{{.*}} : tile<8x16xf32>, tile<8x16xi32>
    %pw = fpowi %i, %e : tile<8x16xf32>, tile<8x16xi32>
    // CHECK: ftof %[[P]] rounding<nearest_away> : tile<8x16xf32> -> tile<8x16xf16>
    %h = ftof %pw rounding<nearest_away> : tile<8x16xf32> -> tile<8x16xf16>
    // CHECK: ftoi %[[P]] signed saturating : tile<8x16xf32> -> tile<8x16xi8>
    %q = ftoi %pw signed saturating : tile<8x16xf32> -> tile<8x16xi8>
    // CHECK: store_view_tko weak %[[P]], %{{.*}}[%{{.*}}, %{{.*}}] token = %{{.*}} inbounds = [true, true] :
    %ts = store_view_tko weak %pw, %pv[%c0, %c0] token = %tb inbounds = [true, true] : tile<8x16xf32>, partition_view<tile=(8x16), tensor_view<?x16xf32, strides=[16,1]>>, tile<i32> -> token
    // CHECK: %[[F:.*]] = memory_fence_alias_tko token = %{{.*}} -> token
    %f = memory_fence_alias_tko token = %ts -> token
    // CHECK: gdc_launch_dependents_tko token = %[[F]] -> token
    %l = gdc_launch_dependents_tko token = %f -> token
    return
  }
}

// OLD: error: operation 'cuda_tile.gdc_wait_tko' is not available in bytecode version 13.3
