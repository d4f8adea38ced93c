// The e4m3 GEMM of bench/ (128x128x128 tiles, bench/kernels.py, exported at
// 13.4) on sm_100, whose 8-bit mma.sync fragments of a 128-deep K step take
// every register: the warp rule's re-plan to 8 warps still spills, so the
// driver compiles it once more with its products as f16 products of
// converted operands (tileir-widen-mma-operands), which fit. On sm_89 the 8
// warps fit and the 8-bit products stay. On sm_80 the products are f16
// products from the start.
// REQUIRES: ptxas
// RUN: tileiras %s --gpu-name sm_100 -o %t.cubin --resource-usage --remarks=all 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SM100
// RUN: tileiras %s --gpu-name sm_89 -o %t.89.cubin --resource-usage --remarks=all 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SM89
// RUN: tileiras %s --gpu-name sm_80 -o %t.80.cubin --resource-usage --remarks=all 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SM80

// SM100: remark: [Missed] kernel 'gemm_e4m3_128x128x128': {{[0-9]+}} bytes spilled with 8-bit float products; compiled again with them as f16 products (tileir-widen-mma-operands) on 8 warps: ptxas used {{[0-9]+}} registers and spilled 0 bytes
// SM100: resource-usage: kernel=gemm_e4m3_128x128x128 {{.*}}spill-stores=0 spill-loads=0 {{.*}}threads=256
// SM89-NOT: 8-bit float products
// SM89: resource-usage: kernel=gemm_e4m3_128x128x128 {{.*}}spill-stores=0 spill-loads=0 {{.*}}threads=256
// SM80-NOT: 8-bit float products
// SM80: resource-usage: kernel=gemm_e4m3_128x128x128 {{.*}}spill-stores=0 spill-loads=0 {{.*}}threads=256

cuda_tile.module @kernels {
  entry @gemm_e4m3_128x128x128(%arg0: tile<ptr<f8E4M3FN>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f8E4M3FN>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f16>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>) optimization_hints=<default = {}> {
    %0 = make_token : token
    %1 = assume div_by<16>, %arg0 : tile<ptr<f8E4M3FN>>
    %2 = assume div_by<16>, %arg1 : tile<i32>
    %3 = assume div_by<16>, %arg2 : tile<i32>
    %4 = assume div_by<16>, %arg3 : tile<i32>
    %5 = assume div_by<16>, %arg5 : tile<ptr<f8E4M3FN>>
    %6 = assume div_by<16>, %arg6 : tile<i32>
    %7 = assume div_by<16>, %arg7 : tile<i32>
    %8 = assume div_by<16>, %arg8 : tile<i32>
    %9 = assume div_by<16>, %arg10 : tile<ptr<f16>>
    %10 = assume div_by<16>, %arg11 : tile<i32>
    %11 = assume div_by<16>, %arg12 : tile<i32>
    %12 = assume div_by<16>, %arg13 : tile<i32>
    %13 = constant <i32: 1> : tile<i32>
    %14 = constant <i32: 1> : tile<i32>
    %15 = constant <i32: 1> : tile<i32>
    %16 = assume bounded<0, ?>, %2 : tile<i32>
    %17 = assume div_by<16>, %16 : tile<i32>
    %18 = assume bounded<0, ?>, %3 : tile<i32>
    %19 = assume div_by<16>, %18 : tile<i32>
    %20 = assume bounded<0, ?>, %4 : tile<i32>
    %21 = assume div_by<16>, %20 : tile<i32>
    %tview = make_tensor_view %1, shape = [%17, %19], strides = [%21, 1] : tile<i32> -> tensor_view<?x?xf8E4M3FN, strides=[?,1]>
    %22 = assume bounded<0, ?>, %6 : tile<i32>
    %23 = assume div_by<16>, %22 : tile<i32>
    %24 = assume bounded<0, ?>, %7 : tile<i32>
    %25 = assume div_by<16>, %24 : tile<i32>
    %26 = assume bounded<0, ?>, %8 : tile<i32>
    %27 = assume div_by<16>, %26 : tile<i32>
    %tview_0 = make_tensor_view %5, shape = [%23, %25], strides = [%27, 1] : tile<i32> -> tensor_view<?x?xf8E4M3FN, strides=[?,1]>
    %28 = assume bounded<0, ?>, %10 : tile<i32>
    %29 = assume div_by<16>, %28 : tile<i32>
    %30 = assume bounded<0, ?>, %11 : tile<i32>
    %31 = assume div_by<16>, %30 : tile<i32>
    %32 = assume bounded<0, ?>, %12 : tile<i32>
    %33 = assume div_by<16>, %32 : tile<i32>
    %tview_1 = make_tensor_view %9, shape = [%29, %31], strides = [%33, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
    %blockId_x_2, %blockId_y_3, %blockId_z_4 = get_tile_block_id : tile<i32>
    %34 = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %pview = make_partition_view %tview : partition_view<tile=(128x128), tensor_view<?x?xf8E4M3FN, strides=[?,1]>>
    %35:2 = get_index_space_shape %pview : partition_view<tile=(128x128), tensor_view<?x?xf8E4M3FN, strides=[?,1]>> -> tile<i32>
    %36 = constant <i32: 0> : tile<i32>
    %37 = constant <i32: 1> : tile<i32>
    %pview_5 = make_partition_view %tview : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>
    %pview_6 = make_partition_view %tview_0 : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>
    %38 = for %arg15 in (%36 to %35#1, step %37) : tile<i32> iter_values(%arg16 = %34) -> (tile<128x128xf32>) {
      %tile, %result_token = load_view_tko weak %pview_5[%blockId_x, %arg15] token = %0 : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>, tile<i32> -> tile<128x128xf8E4M3FN>, token
      %tile_8, %result_token_9 = load_view_tko weak %pview_6[%arg15, %blockId_y_3] token = %0 : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>, tile<i32> -> tile<128x128xf8E4M3FN>, token
      %41 = mmaf %tile, %tile_8, %arg16 fast_acc : tile<128x128xf8E4M3FN>, tile<128x128xf8E4M3FN>, tile<128x128xf32>
      continue %41 : tile<128x128xf32>
    }
    %39 = ftof %38 : tile<128x128xf32> -> tile<128x128xf16>
    %pview_7 = make_partition_view %tview_1 : partition_view<tile=(128x128), tensor_view<?x?xf16, strides=[?,1]>>
    %40 = store_view_tko weak %39, %pview_7[%blockId_x, %blockId_y_3] token = %0 : tile<128x128xf16>, partition_view<tile=(128x128), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
