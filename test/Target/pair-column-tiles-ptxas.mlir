// --tileir-pair-column-tiles end to end on sm_90: the 128x128 GEMM becomes
// the 128x256 one (two compute warpgroups and a producer warp, TMA, 4
// stages) behind a first test that sends CTAs of odd y ids away, and ptxas
// takes it without spilling (the paired kernel alone: paired-versions.test
// checks the unpaired version joined to it). With both pairings off it
// keeps its 5 stages.
// REQUIRES: ptxas
// RUN: tileiras %s --gpu-name sm_90 -o %t.cubin --emit-ptx=%t.ptx \
// RUN:   --tileir-pair-column-tiles --tileir-disable-paired-versions \
// RUN:   --resource-usage --remarks=all 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PAIRED
// RUN: FileCheck %s --input-file %t.ptx
// RUN: tileiras %s --gpu-name sm_90 -o %t.plain.cubin --remarks=all \
// RUN:   --tileir-pair-row-tiles=false --tileir-pair-column-tiles=false 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PLAIN
// PAIRED: remark: [Passed] the CTA of an even y id computes its own 128-column tiles
// PAIRED: remark: [Passed] loop pipelined with 4 stages{{.*}}warp-specialized: one producer thread issues TMA copies
// PAIRED: resource-usage: kernel=gemm {{.*}}spill-stores=0 spill-loads=0 {{.*}}threads=288
// PLAIN: remark: [Passed] loop pipelined with 5 stages
// CHECK-LABEL: .entry gemm(
// CHECK: .reqntid 288, 1, 1
// CHECK: mov.u32 %r{{[0-9]+}}, %ctaid.y;
// CHECK-NEXT: and.b32 %r{{[0-9]+}}, %r{{[0-9]+}}, 1;
// CHECK: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
cuda_tile.module @gemm {
  entry @gemm(%a0: tile<ptr<bf16>>, %b0: tile<ptr<bf16>>, %c: tile<ptr<bf16>>, %m: tile<i32>, %n0: tile<i32>, %k0: tile<i32>) {
    %a = assume div_by<16>, %a0 : tile<ptr<bf16>>
    %b = assume div_by<16>, %b0 : tile<ptr<bf16>>
    %n = assume div_by<16>, %n0 : tile<i32>
    %k = assume div_by<16>, %k0 : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %av = make_tensor_view %a, shape = [%m, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xbf16, strides=[?,1]>
    %bv = make_tensor_view %b, shape = [%k, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xbf16, strides=[?,1]>
    %cv = make_tensor_view %c, shape = [%m, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xbf16, strides=[?,1]>
    %x, %y, %z = get_tile_block_id : tile<i32>
    %ap = make_partition_view %av : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>>
    %bp = make_partition_view %bv : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %nk:2 = get_index_space_shape %ap : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>> -> tile<i32>
    %acc = for %i in (%c0 to %nk#1, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xf32>) {
      %t, %t0 = load_view_tko weak %ap[%x, %i] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>>, tile<i32> -> tile<128x64xbf16>, token
      %u, %t1 = load_view_tko weak %bp[%i, %y] : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>>, tile<i32> -> tile<64x128xbf16>, token
      %p = mmaf %t, %u, %s : tile<128x64xbf16>, tile<64x128xbf16>, tile<128x128xf32>
      continue %p : tile<128x128xf32>
    }
    %h = ftof %acc : tile<128x128xf32> -> tile<128x128xbf16>
    %cp = make_partition_view %cv : partition_view<tile=(128x128), tensor_view<?x?xbf16, strides=[?,1]>>
    %t3 = store_view_tko weak %h, %cp[%x, %y] : tile<128x128xbf16>, partition_view<tile=(128x128), tensor_view<?x?xbf16, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
