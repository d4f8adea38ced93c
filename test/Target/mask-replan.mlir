// The causal attention of bench/ with 64-column blocks (bench/kernels.py,
// exported at 13.4): tileir-unswitch-masks branches around its two masks,
// which on one warpgroup costs ptxas a spill of 16 bytes (every register is
// taken). The driver first emits the PTX again with the values the loop
// keeps without reading them computed after it (the output rows), which
// spills nothing: that cubin is kept, masks branched around (REMAT). Without
// that step (REPLAN), the driver compiles the kernel again with the masks
// kept, on the same 4 warps, keeps that cubin and says so in a remark;
// without the pass there is nothing to re-plan (OFF). With the loop's 128
// rows computed as two halves (--tileir-enable-row-split,
// test/Target/split-rows-attention.test) the kernel spills nothing (SPLIT;
// its causal mask stays a select there: the halves' row bounds are
// extracted before the loop, which tileir-unswitch-masks cannot bound).
// REQUIRES: ptxas
// RUN: tileiras %s --gpu-name sm_90 -o %t.remat.cubin --resource-usage --remarks=all 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMAT
// RUN: tileiras %s --gpu-name sm_90 -o %t.cubin --resource-usage --remarks=all \
// RUN:   --tileir-disable-remat-after-loops 2>&1 | FileCheck %s --check-prefix=REPLAN
// RUN: tileiras %s --gpu-name sm_90 -o %t.off.cubin --resource-usage --remarks=all \
// RUN:   --tileir-disable-mask-unswitching 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: tileiras %s --gpu-name sm_90 -o %t.split.cubin --resource-usage --remarks=all --tileir-enable-row-split 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SPLIT
// Forced (--tileir-force-remat-after-loops), the first emission already
// recomputes the values and nothing is emitted again.
// RUN: tileiras %s --gpu-name sm_90 -o %t.force.cubin --resource-usage --remarks=all \
// RUN:   --tileir-force-remat-after-loops 2>&1 | FileCheck %s --check-prefix=FORCE

// REMAT: remark: [Analysis] kernel 'attention_causal_bf16_bn64': ptxas spilled {{[1-9][0-9]*}} bytes; with the values its loops keep without reading them computed again after the loops, 0 bytes (kept)
// REMAT-NOT: masks branched around
// REMAT-NOT: re-planned
// REMAT: resource-usage: kernel=attention_causal_bf16_bn64 {{.*}}spill-stores=0 spill-loads=0 {{.*}}threads=128
// REPLAN-NOT: computed again after the loops
// REPLAN: remark: [Missed] kernel 'attention_causal_bf16_bn64': {{[1-9][0-9]*}} bytes spilled with its masks branched around (tileir-unswitch-masks); compiled again with its masks kept on 4 warps: ptxas used {{[0-9]+}} registers and spilled 0 bytes
// REPLAN-NOT: re-planned
// REPLAN: resource-usage: kernel=attention_causal_bf16_bn64 {{.*}}spill-stores=0 spill-loads=0 {{.*}}threads=128
// SPLIT: remark: [Passed] the loop's 128 rows computed as two halves of 64
// SPLIT-NOT: spilled
// SPLIT: resource-usage: kernel=attention_causal_bf16_bn64 {{.*}}spill-stores=0 spill-loads=0 {{.*}}threads=128
// FORCE-NOT: spilled
// FORCE: resource-usage: kernel=attention_causal_bf16_bn64 {{.*}}spill-stores=0 spill-loads=0 {{.*}}threads=128
// OFF-NOT: spilled
// OFF: resource-usage: kernel=attention_causal_bf16_bn64 {{.*}}spill-stores=0 spill-loads=0 {{.*}}threads=128

cuda_tile.module @kernels {
  entry @attention_causal_bf16_bn64(%arg0: tile<ptr<bf16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<i32>, %arg7: tile<ptr<bf16>>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<ptr<bf16>>, %arg15: tile<i32>, %arg16: tile<i32>, %arg17: tile<i32>, %arg18: tile<i32>, %arg19: tile<i32>, %arg20: tile<i32>, %arg21: tile<ptr<bf16>>, %arg22: tile<i32>, %arg23: tile<i32>, %arg24: tile<i32>, %arg25: tile<i32>, %arg26: tile<i32>, %arg27: tile<i32>, %arg28: tile<f32>) optimization_hints=<default = {}> {
    %0 = make_token : token
    %1 = assume div_by<16>, %arg0 : tile<ptr<bf16>>
    %2 = assume div_by<16>, %arg1 : tile<i32>
    %3 = assume div_by<16>, %arg2 : tile<i32>
    %4 = assume div_by<16>, %arg3 : tile<i32>
    %5 = assume div_by<16>, %arg4 : tile<i32>
    %6 = assume div_by<16>, %arg5 : tile<i32>
    %7 = assume div_by<16>, %arg7 : tile<ptr<bf16>>
    %8 = assume div_by<16>, %arg8 : tile<i32>
    %9 = assume div_by<16>, %arg9 : tile<i32>
    %10 = assume div_by<16>, %arg10 : tile<i32>
    %11 = assume div_by<16>, %arg11 : tile<i32>
    %12 = assume div_by<16>, %arg12 : tile<i32>
    %13 = assume div_by<16>, %arg14 : tile<ptr<bf16>>
    %14 = assume div_by<16>, %arg15 : tile<i32>
    %15 = assume div_by<16>, %arg16 : tile<i32>
    %16 = assume div_by<16>, %arg17 : tile<i32>
    %17 = assume div_by<16>, %arg18 : tile<i32>
    %18 = assume div_by<16>, %arg19 : tile<i32>
    %19 = assume div_by<16>, %arg21 : tile<ptr<bf16>>
    %20 = assume div_by<16>, %arg22 : tile<i32>
    %21 = assume div_by<16>, %arg23 : tile<i32>
    %22 = assume div_by<16>, %arg24 : tile<i32>
    %23 = assume div_by<16>, %arg25 : tile<i32>
    %24 = assume div_by<16>, %arg26 : tile<i32>
    %25 = constant <i32: 1> : tile<i32>
    %26 = constant <i32: 1> : tile<i32>
    %27 = constant <i32: 1> : tile<i32>
    %28 = constant <i32: 1> : tile<i32>
    %29 = assume bounded<0, ?>, %2 : tile<i32>
    %30 = assume div_by<16>, %29 : tile<i32>
    %31 = assume bounded<0, ?>, %3 : tile<i32>
    %32 = assume div_by<16>, %31 : tile<i32>
    %33 = assume bounded<0, ?>, %4 : tile<i32>
    %34 = assume div_by<16>, %33 : tile<i32>
    %35 = assume bounded<0, ?>, %5 : tile<i32>
    %36 = assume div_by<16>, %35 : tile<i32>
    %37 = assume bounded<0, ?>, %6 : tile<i32>
    %38 = assume div_by<16>, %37 : tile<i32>
    %tview = make_tensor_view %1, shape = [%30, %32, %34], strides = [%36, %38, 1] : tile<i32> -> tensor_view<?x?x?xbf16, strides=[?,?,1]>
    %39 = assume bounded<0, ?>, %8 : tile<i32>
    %40 = assume div_by<16>, %39 : tile<i32>
    %41 = assume bounded<0, ?>, %9 : tile<i32>
    %42 = assume div_by<16>, %41 : tile<i32>
    %43 = assume bounded<0, ?>, %10 : tile<i32>
    %44 = assume div_by<16>, %43 : tile<i32>
    %45 = assume bounded<0, ?>, %11 : tile<i32>
    %46 = assume div_by<16>, %45 : tile<i32>
    %47 = assume bounded<0, ?>, %12 : tile<i32>
    %48 = assume div_by<16>, %47 : tile<i32>
    %tview_0 = make_tensor_view %7, shape = [%40, %42, %44], strides = [%46, %48, 1] : tile<i32> -> tensor_view<?x?x?xbf16, strides=[?,?,1]>
    %49 = assume bounded<0, ?>, %14 : tile<i32>
    %50 = assume div_by<16>, %49 : tile<i32>
    %51 = assume bounded<0, ?>, %15 : tile<i32>
    %52 = assume div_by<16>, %51 : tile<i32>
    %53 = assume bounded<0, ?>, %16 : tile<i32>
    %54 = assume div_by<16>, %53 : tile<i32>
    %55 = assume bounded<0, ?>, %17 : tile<i32>
    %56 = assume div_by<16>, %55 : tile<i32>
    %57 = assume bounded<0, ?>, %18 : tile<i32>
    %58 = assume div_by<16>, %57 : tile<i32>
    %tview_1 = make_tensor_view %13, shape = [%50, %52, %54], strides = [%56, %58, 1] : tile<i32> -> tensor_view<?x?x?xbf16, strides=[?,?,1]>
    %59 = assume bounded<0, ?>, %20 : tile<i32>
    %60 = assume div_by<16>, %59 : tile<i32>
    %61 = assume bounded<0, ?>, %21 : tile<i32>
    %62 = assume div_by<16>, %61 : tile<i32>
    %63 = assume bounded<0, ?>, %22 : tile<i32>
    %64 = assume div_by<16>, %63 : tile<i32>
    %65 = assume bounded<0, ?>, %23 : tile<i32>
    %66 = assume div_by<16>, %65 : tile<i32>
    %67 = assume bounded<0, ?>, %24 : tile<i32>
    %68 = assume div_by<16>, %67 : tile<i32>
    %tview_2 = make_tensor_view %19, shape = [%60, %62, %64], strides = [%66, %68, 1] : tile<i32> -> tensor_view<?x?x?xbf16, strides=[?,?,1]>
    %69 = constant <i32: 128> : tile<i32>
    %70 = constant <i32: 64> : tile<i32>
    %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
    %blockId_x_3, %blockId_y_4, %blockId_z_5 = get_tile_block_id : tile<i32>
    %71 = constant <i32: 0> : tile<i32>
    %pview = make_partition_view %tview : partition_view<tile=(1x128x128), padding_value = zero, tensor_view<?x?x?xbf16, strides=[?,?,1]>>
    %tile, %result_token = load_view_tko weak %pview[%blockId_y_4, %blockId_x, %71] token = %0 : partition_view<tile=(1x128x128), padding_value = zero, tensor_view<?x?x?xbf16, strides=[?,?,1]>>, tile<i32> -> tile<1x128x128xbf16>, token
    %72 = reshape %tile : tile<1x128x128xbf16> -> tile<128x128xbf16>
    %73 = constant <f32: 0xFF800000> : tile<128x1xf32>
    %74 = constant <f32: 0.000000e+00> : tile<128x1xf32>
    %75 = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %pview_6 = make_partition_view %tview_0 : partition_view<tile=(1x64x128), tensor_view<?x?x?xbf16, strides=[?,?,1]>>
    %76:3 = get_index_space_shape %pview_6 : partition_view<tile=(1x64x128), tensor_view<?x?x?xbf16, strides=[?,?,1]>> -> tile<i32>
    %77 = muli %blockId_x, %69 : tile<i32>
    %78 = iota : tile<128xi32>
    %79 = reshape %77 : tile<i32> -> tile<1xi32>
    %80 = broadcast %79 : tile<1xi32> -> tile<128xi32>
    %81 = addi %80, %78 : tile<128xi32>
    %82 = constant <i32: 1> : tile<i32>
    %83 = addi %blockId_x, %82 : tile<i32>
    %84 = muli %83, %69 : tile<i32>
    %85 = divi %84, %70 signed rounding<positive_inf> : tile<i32>
    %86 = mini %76#1, %85 signed : tile<i32>
    %87 = constant <i32: 0> : tile<i32>
    %88 = constant <i32: 1> : tile<i32>
    %89 = constant <i32: 0> : tile<i32>
    %pview_7 = make_partition_view %tview_0 : partition_view<tile=(1x64x128), padding_value = zero, tensor_view<?x?x?xbf16, strides=[?,?,1]>>
    %90 = constant <i32: 0> : tile<i32>
    %pview_8 = make_partition_view %tview_1 : partition_view<tile=(1x64x128), padding_value = zero, tensor_view<?x?x?xbf16, strides=[?,?,1]>>
    %91 = constant <f32: 0.000000e+00> : tile<128x64xf32>
    %92 = reshape %arg28 : tile<f32> -> tile<1x1xf32>
    %93 = broadcast %92 : tile<1x1xf32> -> tile<128x64xf32>
    %94 = iota : tile<64xi32>
    %95 = reshape %42 : tile<i32> -> tile<1x1xi32>
    %96 = broadcast %95 : tile<1x1xi32> -> tile<1x64xi32>
    %97 = reshape %81 : tile<128xi32> -> tile<128x1xi32>
    %98 = broadcast %97 : tile<128x1xi32> -> tile<128x64xi32>
    %99 = constant <f32: 0xFF800000> : tile<f32>
    %100 = reshape %99 : tile<f32> -> tile<1x1xf32>
    %101 = broadcast %100 : tile<1x1xf32> -> tile<128x64xf32>
    %102:3 = for %arg29 in (%87 to %86, step %88) : tile<i32> iter_values(%arg30 = %75, %arg31 = %74, %arg32 = %73) -> (tile<128x128xf32>, tile<128x1xf32>, tile<128x1xf32>) {
      %tile_10, %result_token_11 = load_view_tko weak %pview_7[%blockId_y_4, %arg29, %89] token = %0 : partition_view<tile=(1x64x128), padding_value = zero, tensor_view<?x?x?xbf16, strides=[?,?,1]>>, tile<i32> -> tile<1x64x128xbf16>, token
      %109 = reshape %tile_10 : tile<1x64x128xbf16> -> tile<64x128xbf16>
      %tile_12, %result_token_13 = load_view_tko weak %pview_8[%blockId_y_4, %arg29, %90] token = %0 : partition_view<tile=(1x64x128), padding_value = zero, tensor_view<?x?x?xbf16, strides=[?,?,1]>>, tile<i32> -> tile<1x64x128xbf16>, token
      %110 = reshape %tile_12 : tile<1x64x128xbf16> -> tile<64x128xbf16>
      %111 = permute %109 [1, 0] : tile<64x128xbf16> -> tile<128x64xbf16>
      %112 = mmaf %72, %111, %91 : tile<128x128xbf16>, tile<128x64xbf16>, tile<128x64xf32>
      %113 = mulf %112, %93 : tile<128x64xf32>
      %114 = muli %arg29, %70 : tile<i32>
      %115 = reshape %114 : tile<i32> -> tile<1xi32>
      %116 = broadcast %115 : tile<1xi32> -> tile<64xi32>
      %117 = addi %116, %94 : tile<64xi32>
      %118 = reshape %117 : tile<64xi32> -> tile<1x64xi32>
      %119 = cmpi less_than %118, %96, signed : tile<1x64xi32> -> tile<1x64xi1>
      %120 = reshape %117 : tile<64xi32> -> tile<1x64xi32>
      %121 = broadcast %120 : tile<1x64xi32> -> tile<128x64xi32>
      %122 = cmpi less_than_or_equal %121, %98, signed : tile<128x64xi32> -> tile<128x64xi1>
      %123 = broadcast %119 : tile<1x64xi1> -> tile<128x64xi1>
      %124 = andi %123, %122 : tile<128x64xi1>
      %125 = select %124, %113, %101 : tile<128x64xi1>, tile<128x64xf32>
      %126 = reduce %125 dim=1 identities=[0xFF800000 : f32] : tile<128x64xf32> -> tile<128xf32> (%arg33: tile<f32>, %arg34: tile<f32>) {
        %141 = maxf %arg33, %arg34 : tile<f32>
        yield %141 : tile<f32>
      }
      %127 = reshape %126 : tile<128xf32> -> tile<128x1xf32>
      %128 = maxf %arg32, %127 : tile<128x1xf32>
      %129 = broadcast %128 : tile<128x1xf32> -> tile<128x64xf32>
      %130 = subf %125, %129 : tile<128x64xf32>
      %131 = exp %130 : tile<128x64xf32>
      %132 = subf %arg32, %128 : tile<128x1xf32>
      %133 = exp %132 : tile<128x1xf32>
      %134 = reduce %131 dim=1 identities=[0.000000e+00 : f32] : tile<128x64xf32> -> tile<128xf32> (%arg33: tile<f32>, %arg34: tile<f32>) {
        %141 = addf %arg33, %arg34 : tile<f32>
        yield %141 : tile<f32>
      }
      %135 = reshape %134 : tile<128xf32> -> tile<128x1xf32>
      %136 = fma %arg31, %133, %135 : tile<128x1xf32>
      %137 = ftof %131 : tile<128x64xf32> -> tile<128x64xbf16>
      %138 = broadcast %133 : tile<128x1xf32> -> tile<128x128xf32>
      %139 = mulf %arg30, %138 : tile<128x128xf32>
      %140 = mmaf %137, %110, %139 : tile<128x64xbf16>, tile<64x128xbf16>, tile<128x128xf32>
      continue %140, %136, %128 : tile<128x128xf32>, tile<128x1xf32>, tile<128x1xf32>
    }
    %103 = constant <i32: 0> : tile<i32>
    %104 = broadcast %102#1 : tile<128x1xf32> -> tile<128x128xf32>
    %105 = divf %102#0, %104 : tile<128x128xf32>
    %106 = reshape %105 : tile<128x128xf32> -> tile<1x128x128xf32>
    %107 = ftof %106 : tile<1x128x128xf32> -> tile<1x128x128xbf16>
    %pview_9 = make_partition_view %tview_2 : partition_view<tile=(1x128x128), tensor_view<?x?x?xbf16, strides=[?,?,1]>>
    %108 = store_view_tko weak %107, %pview_9[%blockId_y_4, %blockId_x, %103] token = %0 : tile<1x128x128xbf16>, partition_view<tile=(1x128x128), tensor_view<?x?x?xbf16, strides=[?,?,1]>>, tile<i32> -> token
    return
  }
}
