// tileir-pair-row-tiles with `columns` and `tf32` (sm_90): a tf32 GEMM
// converts its f32 tiles before the product, and the conversion of B pairs
// with it (B views of 32x256 f32 tiles, converted at 256 columns); A and
// its conversion are shared. Without `tf32` the conversion is a use of the
// load other than the product, and the kernel is left alone (OFF).
// RUN: tile-opt %s --tileir-pair-row-tiles='target=sm_90 rows=0 columns=1 tf32=1' \
// RUN:   | FileCheck %s
// RUN: tile-opt %s --tileir-pair-row-tiles='target=sm_90 rows=0 columns=1 tf32=1' \
// RUN:   --remarks-filter=tensorcore 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=REMARK
// RUN: tile-opt %s --tileir-pair-row-tiles='target=sm_90 rows=0 columns=1' \
// RUN:   --remarks-filter=tensorcore 2>&1 | FileCheck %s --check-prefix=OFF

// CHECK-LABEL: entry @gemm_tf32(
// CHECK: %[[B32:.*]] = make_partition_view %{{.*}} : partition_view<tile=(32x256), padding_value = zero
// CHECK: for {{.*}} -> (tile<128x256xf32>)
// CHECK: %[[X:.*]], %{{.*}} = load_view_tko weak {{.*}} -> tile<128x32xf32>
// CHECK: %[[Y:.*]], %{{.*}} = load_view_tko weak %[[B32]]{{.*}} -> tile<32x256xf32>
// CHECK-DAG: ftof %[[X]] : tile<128x32xf32> -> tile<128x32xtf32>
// CHECK-DAG: ftof %[[Y]] : tile<32x256xf32> -> tile<32x256xtf32>
// CHECK: mmaf {{.*}} : tile<128x32xtf32>, tile<32x256xtf32>, tile<128x256xf32>
// CHECK: } {tilegpu.paired_columns}
// REMARK: remark: [Passed] PairRowTiles {{.*}}Remark="the CTA of an even y id computes its own 128-column tiles and its odd neighbour's as 256-column tiles
// OFF: remark: [Missed] PairRowTiles {{.*}}Remark="tile blocks not paired along their columns: the block's y id loads other than the product's B
// OFF-NOT: tilegpu.paired
cuda_tile.module @gemm_tf32 {
  entry @gemm_tf32(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n0: tile<i32>, %k: tile<i32>) {
    %n = assume div_by<16>, %n0 : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %av = make_tensor_view %a, shape = [%m, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %bv = make_tensor_view %b, shape = [%k, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %cv = make_tensor_view %c, shape = [%m, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %x, %y, %z = get_tile_block_id : tile<i32>
    %ap = make_partition_view %av : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %bp = make_partition_view %bv : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %nk:2 = get_index_space_shape %ap : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
    %acc = for %i in (%c0 to %nk#1, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xf32>) {
      %t, %t0 = load_view_tko weak %ap[%x, %i] : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<128x32xf32>, token
      %u, %t1 = load_view_tko weak %bp[%i, %y] : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<32x128xf32>, token
      %tt = ftof %t : tile<128x32xf32> -> tile<128x32xtf32>
      %ut = ftof %u : tile<32x128xf32> -> tile<32x128xtf32>
      %p = mmaf %tt, %ut, %s : tile<128x32xtf32>, tile<32x128xtf32>, tile<128x128xf32>
      continue %p : tile<128x128xf32>
    }
    %cp = make_partition_view %cv : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %t3 = store_view_tko weak %acc, %cp[%x, %y] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

