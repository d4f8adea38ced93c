// wgmma reads 8-bit shared operands only K-major, but takes A from
// registers. An 8-bit product whose operands are loaded as they are (A
// K-contiguous, B N-contiguous) is computed as C^T = B^T A^T:
// tileir-assign-layouts anchors its accumulator in the transposed layout
// of the swapped wgmma with each 16-row block's rows renamed (row bit 3
// first), and tileir-stage-operands stages both operands as loaded, reads
// B back into the A fragments of the swapped product (words of two
// columns of two rows first, as ldmatrix.trans gives them, then a
// renaming of registers), views A's buffer transposed as the shared
// operand, and lets the loop carry the transposed accumulator. The
// signedness of the operands swaps with them. Nothing but the copies
// writes shared memory, so tileir-pipeline-loops specializes the loop
// with TMA copies like a 16-bit GEMM.
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' | FileCheck %s --check-prefix=STAGE
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' --tileir-pipeline-loops='target=sm_90' \
// RUN:   --remarks-filter=memory 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90 swap-products=0' \
// RUN:   --tileir-stage-operands='target=sm_90' | FileCheck %s --check-prefix=NOSWAP

// STAGE-LABEL: entry @gemm_u8_i8(
// STAGE: %[[INIT:.*]] = permute %{{.*}} [1, 0] : tile<128x128xi32, #tilegpu.layout<shape=[128,128], reg={{\[\[}}1,0],[0,1],[8,0],[16,0],[32,0],[64,0]], lane={{\[\[}}2,0],[4,0],[0,2],[0,4],[0,8]], warp={{\[\[}}0,16],[0,32],[0,64]]>> -> tile<128x128xi32, #tilegpu.layout<shape=[128,128], reg={{\[\[}}0,1],[1,0],[0,8],[0,16],[0,32],[0,64]], lane={{\[\[}}0,2],[0,4],[2,0],[4,0],[8,0]], warp={{\[\[}}16,0],[32,0],[64,0]]>>
// STAGE: for {{.*}} iter_values(%[[ACC:.*]] = %[[INIT]])
// STAGE: %[[ABUF:.*]] = tilegpu.alloc_shared : !tilegpu.smem<128x128xi8, #tilegpu.shared<shape=[128, 128], offset={{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [1, 16], [2, 32], [4, 64], [8, 0], [16, 0], [32, 0], [64, 0]]>>
// STAGE: %[[BBUF:.*]] = tilegpu.alloc_shared : !tilegpu.smem<128x128xi8, #tilegpu.shared<shape=[128, 128], offset={{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [1, 16], [2, 32], [4, 64], [8, 0], [16, 0], [32, 0], [64, 0]]>>
// STAGE: %[[WORDS:.*]] = tilegpu.local_load %[[BBUF]] {{.*}} -> !cuda_tile.tile<128x128xi8, #tilegpu.layout<shape=[128,128], reg={{\[\[}}0,1],[1,0],[2,0],[16,0],[32,0],[64,0]], lane={{\[\[}}4,0],[8,0],[0,2],[0,4],[0,8]], warp={{\[\[}}0,16],[0,32],[0,64]]>>
// STAGE: %[[QUADS:.*]] = tilegpu.convert_layout %[[WORDS]] {{.*}} -> !cuda_tile.tile<128x128xi8, #tilegpu.layout<shape=[128,128], reg={{\[\[}}1,0],[2,0],[0,1],[16,0],[32,0],[64,0]]
// STAGE: %[[BT:.*]] = permute %[[QUADS]] [1, 0] : {{.*}} -> tile<128x128xi8, #tilegpu.layout<shape=[128,128], reg={{\[\[}}0,1],[0,2],[1,0],[0,16],[0,32],[0,64]], lane={{\[\[}}0,4],[0,8],[2,0],[4,0],[8,0]], warp={{\[\[}}16,0],[32,0],[64,0]]>>
// STAGE: %[[AT:.*]] = tilegpu.permute_shared %[[ABUF]] [1, 0]
// STAGE: %[[D:.*]] = tilegpu.warpgroup_dot %[[BT]], %[[AT]], %[[ACC]] {rhs_unsigned}
// STAGE-NEXT: continue %[[D]]
// STAGE: %[[C:.*]] = permute %{{.*}} [1, 0]
// STAGE: %[[OUT:.*]] = tilegpu.convert_layout %[[C]]
// STAGE: store_view_tko weak %[[OUT]]
// REMARK: remark: [Passed] Pipeline | Category:memory | Remark="loop pipelined with 5 stages: 2 tile load(s) become asynchronous copies issued 3 iteration(s) ahead (163840 bytes of shared memory); the accumulating wgmma overlaps the next iteration; warp-specialized: one producer thread issues TMA copies (tensor maps built on the device), mbarriers hand the stages over; tile blocks run in groups of 8 along x", Stages=5
// NOSWAP-LABEL: entry @gemm_u8_i8(
// NOSWAP-NOT: permute
// NOSWAP: tilegpu.warpgroup_dot {{.*}} {lhs_unsigned}
cuda_tile.module @gemm_u8_i8 {
  entry @gemm_u8_i8(%a0: tile<ptr<i8>>, %b0: tile<ptr<i8>>, %c: tile<ptr<i32>>, %n: tile<i32>) {
    %a = assume div_by<16>, %a0 : tile<ptr<i8>>
    %b = assume div_by<16>, %b0 : tile<ptr<i8>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %av = make_tensor_view %a, shape = [128, 4096], strides = [4096, 1] : tensor_view<128x4096xi8, strides=[4096,1]>
    %ap = make_partition_view %av : partition_view<tile=(128x128), padding_value = zero, tensor_view<128x4096xi8, strides=[4096,1]>>
    %bv = make_tensor_view %b, shape = [4096, 128], strides = [128, 1] : tensor_view<4096x128xi8, strides=[128,1]>
    %bp = make_partition_view %bv : partition_view<tile=(128x128), padding_value = zero, tensor_view<4096x128xi8, strides=[128,1]>>
    %zero = constant <i32: 0> : tile<128x128xi32>
    %acc = for %k in (%c0 to %n, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xi32>) {
      %x, %t0 = load_view_tko weak %ap[%c0, %k] : partition_view<tile=(128x128), padding_value = zero, tensor_view<128x4096xi8, strides=[4096,1]>>, tile<i32> -> tile<128x128xi8>, token
      %y, %t1 = load_view_tko weak %bp[%k, %c0] : partition_view<tile=(128x128), padding_value = zero, tensor_view<4096x128xi8, strides=[128,1]>>, tile<i32> -> tile<128x128xi8>, token
      %p = mmai %x, %y, %s unsigned signed : tile<128x128xi8>, tile<128x128xi8>, tile<128x128xi32>
      continue %p : tile<128x128xi32>
    }
    %cv = make_tensor_view %c, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xi32, strides=[128,1]>
    %cp = make_partition_view %cv : partition_view<tile=(128x128), tensor_view<128x128xi32, strides=[128,1]>>
    %t = store_view_tko weak %acc, %cp[%c0, %c0] : tile<128x128xi32>, partition_view<tile=(128x128), tensor_view<128x128xi32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

// -----

// B loaded N x K and transposed is K-major as staged: the product keeps
// its direct form, with the standard accumulator layout.
// STAGE-LABEL: entry @gemm_e4m3_bt(
// STAGE-NOT: permute {{.*}} -> tile<128x128xf32
// STAGE: %[[BT:.*]] = tilegpu.permute_shared
// STAGE: tilegpu.warpgroup_dot %{{.*}}, %[[BT]], %{{.*}} : !tilegpu.smem<128x128xf8E4M3FN
// STAGE-SAME: -> !cuda_tile.tile<128x128xf32, #tilegpu.layout<shape=[128,128], reg={{\[\[}}0,1],[8,0],[0,8],[0,16],[0,32],[0,64]], lane={{\[\[}}0,2],[0,4],[1,0],[2,0],[4,0]], warp={{\[\[}}16,0],[32,0],[64,0]]>>
cuda_tile.module @gemm_e4m3_bt {
  entry @gemm_e4m3_bt(%a: tile<ptr<f8E4M3FN>>, %b: tile<ptr<f8E4M3FN>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %av = make_tensor_view %a, shape = [128, 4096], strides = [4096, 1] : tensor_view<128x4096xf8E4M3FN, strides=[4096,1]>
    %ap = make_partition_view %av : partition_view<tile=(128x128), padding_value = zero, tensor_view<128x4096xf8E4M3FN, strides=[4096,1]>>
    %bv = make_tensor_view %b, shape = [128, 4096], strides = [4096, 1] : tensor_view<128x4096xf8E4M3FN, strides=[4096,1]>
    %bp = make_partition_view %bv : partition_view<tile=(128x128), padding_value = zero, tensor_view<128x4096xf8E4M3FN, strides=[4096,1]>>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %k in (%c0 to %n, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xf32>) {
      %x, %t0 = load_view_tko weak %ap[%c0, %k] : partition_view<tile=(128x128), padding_value = zero, tensor_view<128x4096xf8E4M3FN, strides=[4096,1]>>, tile<i32> -> tile<128x128xf8E4M3FN>, token
      %y, %t1 = load_view_tko weak %bp[%c0, %k] : partition_view<tile=(128x128), padding_value = zero, tensor_view<128x4096xf8E4M3FN, strides=[4096,1]>>, tile<i32> -> tile<128x128xf8E4M3FN>, token
      %yt = permute %y [1, 0] : tile<128x128xf8E4M3FN> -> tile<128x128xf8E4M3FN>
      %p = mmaf %x, %yt, %s fast_acc : tile<128x128xf8E4M3FN>, tile<128x128xf8E4M3FN>, tile<128x128xf32>
      continue %p : tile<128x128xf32>
    }
    %cv = make_tensor_view %c, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %cp = make_partition_view %cv : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %t = store_view_tko weak %acc, %cp[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
