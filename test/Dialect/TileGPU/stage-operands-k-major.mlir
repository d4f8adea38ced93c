// wgmma reads 8-bit and 32-bit operands only K-major: an N-major B is
// staged as loaded, read back in v x v blocks and stored K-major (8-bit
// products do so only with swap-products off; by default they compute
// B^T A^T, stage-operands-swapped.mlir). The
// lanes step between blocks in the order that costs the two accesses the
// fewest bank conflicts, and the first buffer (no tensor core reads it)
// has its rows swizzled for that reader: for 8-bit B, lanes run along N
// by 4 and 8 bytes and along K by 4, 8 and 16 rows, and rows 4, 8 and 16
// XOR the 16-byte chunks by 1, 2 and 4, so the reads are conflict-free
// and the writes 2-way (with lanes along N alone they were 16-way). For
// tf32 both are conflict-free. tileir-pipeline-loops then gives the
// K-major buffers (rewritten every iteration) three stages in rotation
// where shared memory holds them beside the loop's copies (ROTATE), or two
// alternating by iteration (PIPE, `staging-stages=2`), so the product stays
// in flight.
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90 swap-products=0' \
// RUN:   --tileir-stage-operands='target=sm_90' | FileCheck %s --check-prefix=STAGE
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90 swap-products=0' \
// RUN:   --tileir-stage-operands='target=sm_90 tma=false' | FileCheck %s --check-prefix=NOTMA
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90 swap-products=0' \
// RUN:   --tileir-stage-operands='target=sm_90' \
// RUN:   --tileir-pipeline-loops='target=sm_90 staging-stages=2' \
// RUN:   | FileCheck %s --check-prefix=PIPE
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90 swap-products=0' \
// RUN:   --tileir-stage-operands='target=sm_90' \
// RUN:   --tileir-pipeline-loops='target=sm_90 staging-stages=2' \
// RUN:   --remarks-filter=memory 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90 swap-products=0' \
// RUN:   --tileir-stage-operands='target=sm_90' --tileir-pipeline-loops='target=sm_90' \
// RUN:   | FileCheck %s --check-prefix=ROTATE
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90 swap-products=0' \
// RUN:   --tileir-stage-operands='target=sm_90' --tileir-pipeline-loops='target=sm_90' \
// RUN:   --remarks-filter=memory 2>&1 >/dev/null | FileCheck %s --check-prefix=ROTATE-REMARK

// STAGE-LABEL: entry @gemm_i8(
// STAGE: %[[SRC:.*]] = tilegpu.alloc_shared : !tilegpu.smem<128x128xi8, #tilegpu.shared<shape=[128, 128], offset={{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [1, 0], [2, 0], [4, 16], [8, 32], [16, 64], [32, 0], [64, 0]]>>
// STAGE: tilegpu.local_load %[[SRC]] {{.*}} -> !cuda_tile.tile<128x128xi8, #tilegpu.layout<shape=[128,128], reg={{\[\[}}0,1],[0,2],[1,0],[2,0],{{.*}}], lane={{\[\[}}0,4],[0,8],[4,0],[8,0],[16,0]]
// STAGE: tilegpu.convert_layout {{.*}} -> !cuda_tile.tile<128x128xi8, #tilegpu.layout<shape=[128,128], reg={{\[\[}}1,0],[2,0],[0,1],[0,2],{{.*}}], lane={{\[\[}}0,4],[0,8],[4,0],[8,0],[16,0]]
// STAGE: %[[KMAJOR:.*]] = tilegpu.alloc_shared : !tilegpu.smem<128x128xi8, #tilegpu.shared<shape=[128, 128], offset={{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [16, 1], [32, 2], [64, 4], [0, 8], [0, 16], [0, 32], [0, 64]]>>
// STAGE: tilegpu.warpgroup_dot {{.*}}, %[[KMAJOR]], %{{.*}}
// PIPE-LABEL: entry @gemm_i8(
// PIPE: %[[DOUBLE:.*]] = tilegpu.alloc_shared : !tilegpu.smem<128x128xi8, {{.*}}, stages = 2>
// PIPE: for {{.*}} iter_values({{.*}}) -> (tile<128x128xi32, {{.*}}>, tile<i32>, tile<i32>, tile<i32>)
// PIPE: %[[NEXT:.*]] = subi %{{.*}}, %[[PARITY:arg[0-9]+]] : tile<i32>
// PIPE: %[[HALF:.*]] = tilegpu.subview %[[DOUBLE]][%[[PARITY]]]
// PIPE: tilegpu.local_store %{{.*}}, %[[HALF]]
// PIPE: %[[D:.*]] = tilegpu.warpgroup_dot %{{.*}}, %[[HALF]], %{{.*}} {is_async}
// PIPE: tilegpu.async_commit
// PIPE-NEXT: %[[W:.*]] = tilegpu.warpgroup_dot_wait %[[D]] {pending = 1 : i32}
// PIPE: continue %[[W]], %{{.*}}, %{{.*}}, %[[NEXT]]
// ROTATE-LABEL: entry @gemm_i8(
// ROTATE: %[[TRIPLE:.*]] = tilegpu.alloc_shared {tilegpu.staging_rotation} : !tilegpu.smem<128x128xi8, {{.*}}, stages = 3>
// ROTATE: for {{.*}} iter_values({{.*}}, %[[INDEX:arg[0-9]+]] = %{{.*}}) -> (tile<128x128xi32, {{.*}}>, tile<i32>, tile<i32>, tile<i32>)
// ROTATE: %[[WRAPS:.*]] = cmpi equal %[[INDEX]], %{{.*}}
// ROTATE: %[[PLUS:.*]] = addi %[[INDEX]], %{{.*}}
// ROTATE: %[[NEXT:.*]] = select %[[WRAPS]], %{{.*}}, %[[PLUS]]
// ROTATE: %[[THIRD:.*]] = tilegpu.subview %[[TRIPLE]][%[[INDEX]]]
// ROTATE: tilegpu.local_store %{{.*}}, %[[THIRD]]
// ROTATE: %[[D:.*]] = tilegpu.warpgroup_dot %{{.*}}, %[[THIRD]], %{{.*}} {is_async}
// ROTATE: %[[W:.*]] = tilegpu.warpgroup_dot_wait %[[D]] {pending = 1 : i32}
// ROTATE: continue %[[W]], %{{.*}}, %{{.*}}, %[[NEXT]]
// REMARK: remark: [Passed] Pipeline | Category:memory | Remark="loop pipelined with 5 stages: 2 tile load(s) become asynchronous copies issued 3 iteration(s) ahead (163840 bytes of shared memory); the accumulating wgmma overlaps the next iteration, its 1 staging buffer(s) alternating between two stages (32768 bytes); no TMA: operands transposed through registers keep cp.async: the first buffer's rows are swizzled for the transposing reads, which TMA cannot write; tile blocks run in groups of 8 along x", Stages=5
// ROTATE-REMARK: remark: [Passed] Pipeline | Category:memory | Remark="loop pipelined with 5 stages: 2 tile load(s) become asynchronous copies issued 3 iteration(s) ahead (163840 bytes of shared memory); the accumulating wgmma overlaps the next iteration, its 1 staging buffer(s) rotating through three stages (49152 bytes); no TMA: operands transposed through registers keep cp.async: the first buffer's rows are swizzled for the transposing reads, which TMA cannot write; tile blocks run in groups of 8 along x", Stages=5
cuda_tile.module @gemm_i8 {
  entry @gemm_i8(%a0: tile<ptr<i8>>, %b0: tile<ptr<i8>>, %c: tile<ptr<i32>>, %n: tile<i32>) {
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
      %p = mmai %x, %y, %s signed signed : tile<128x128xi8>, tile<128x128xi8>, tile<128x128xi32>
      continue %p : tile<128x128xi32>
    }
    %cv = make_tensor_view %c, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xi32, strides=[128,1]>
    %cp = make_partition_view %cv : partition_view<tile=(128x128), tensor_view<128x128xi32, strides=[128,1]>>
    %t = store_view_tko weak %acc, %cp[%c0, %c0] : tile<128x128xi32>, partition_view<tile=(128x128), tensor_view<128x128xi32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

// -----

// tf32: A (K-major) is staged as loaded and read back straight into the
// wgmma A fragments (a0..a3: rows g and g + 8, columns t and t + 4), rounded
// there, and the product takes it from registers; B is rounded and
// transposed through registers into a K-major buffer. Its first buffer
// stays in the 128-byte MMA swizzle (which TMA writes), read with ldmatrix:
// lanes 0 and 1 step along N by 1 and 2 (a matrix row's 4 words), lanes
// 2-4 pick rows N + 4, 8 and 16 (the swizzle's 8 chunks of one row,
// conflict-free), the four matrices of a thread are K + 0..3, which it
// stores with one 16-byte access (8 lanes on 8 rows of the K-major buffer,
// conflict-free). The load and the store share one layout: nothing is
// renamed between them. With TMA off (NOTMA) the same plan is taken: the
// MMA swizzle is already conflict-free for it.
// STAGE-LABEL: entry @gemm_tf32(
// STAGE: %[[ARAW:.*]] = tilegpu.alloc_shared : !tilegpu.smem<128x32xf32, #tilegpu.shared<shape=[128, 32], offset={{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 4], [2, 8], [4, 16], [8, 0], [16, 0], [32, 0], [64, 0]]>>
// STAGE: %[[AREGS:.*]] = tilegpu.local_load %[[ARAW]] {{.*}} -> !cuda_tile.tile<128x32xf32, #tilegpu.layout<shape=[128,32], reg={{\[\[}}8,0],[0,4],[0,8],[0,16]], lane={{\[\[}}0,1],[0,2],[1,0],[2,0],[4,0]], warp={{\[\[}}16,0],[32,0],[64,0]]>>
// STAGE: %[[ATF32:.*]] = ftof %[[AREGS]] {{.*}} -> tile<128x32xtf32, #tilegpu.layout<shape=[128,32], reg={{\[\[}}8,0],[0,4],[0,8],[0,16]]
// STAGE: tilegpu.alloc_shared : !tilegpu.smem<32x128xf32, #tilegpu.shared<shape=[32, 128], offset={{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 4], [2, 8], [4, 16], [8, 0], [16, 0], [0, 32], [0, 64]]>>
// STAGE: tilegpu.local_load {{.*}} -> !cuda_tile.tile<32x128xf32, #tilegpu.layout<shape=[32,128], reg={{\[\[}}1,0],[2,0],[8,0],[16,0]], lane={{\[\[}}0,1],[0,2],[0,4],[0,8],[0,16]], warp={{\[\[}}0,32],[0,64],[4,0]]>>
// STAGE-NOT: tilegpu.convert_layout
// STAGE: %[[BTF32:.*]] = ftof {{.*}} -> tile<32x128xtf32, #tilegpu.layout<shape=[32,128], reg={{\[\[}}1,0],[2,0],[8,0],[16,0]], lane={{\[\[}}0,1],[0,2],[0,4],[0,8],[0,16]], warp={{\[\[}}0,32],[0,64],[4,0]]>>
// STAGE: tilegpu.local_store %[[BTF32]]
// NOTMA-LABEL: entry @gemm_tf32(
// NOTMA: tilegpu.alloc_shared : !tilegpu.smem<32x128xf32, #tilegpu.shared<shape=[32, 128], offset={{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 4], [2, 8], [4, 16], [8, 0], [16, 0], [0, 32], [0, 64]]>>
// NOTMA: lane={{\[\[}}0,1],[0,2],[0,4],[0,8],[0,16]],
// STAGE: tilegpu.warpgroup_dot %[[ATF32]], %{{.*}}, %{{.*}} : !cuda_tile.tile<128x32xtf32
// PIPE-LABEL: entry @gemm_tf32(
// PIPE-COUNT-1: tilegpu.alloc_shared : !tilegpu.smem<{{.*}}xtf32, {{.*}}, stages = 2>
// PIPE-NOT: tilegpu.alloc_shared : !tilegpu.smem<{{.*}}xtf32, {{.*}}, stages = 2>
// PIPE: tilegpu.warpgroup_dot {{.*}} {is_async}
// ROTATE-LABEL: entry @gemm_tf32(
// ROTATE-COUNT-1: tilegpu.alloc_shared {tilegpu.staging_rotation} : !tilegpu.smem<{{.*}}xtf32, {{.*}}, stages = 3>
// ROTATE: tilegpu.warpgroup_dot {{.*}} {is_async}
// REMARK: remark: [Passed] Pipeline | Category:memory | Remark="loop pipelined with 5 stages: {{.*}}; the accumulating wgmma overlaps the next iteration, its 1 staging buffer(s) alternating between two stages (32768 bytes); one thread issues the copies with TMA (tensor maps built on the device), every thread waits on the stage's mbarrier; tile blocks run in groups of 8 along x", Stages=5
// ROTATE-REMARK: remark: [Passed] Pipeline | Category:memory | Remark="loop pipelined with 5 stages: {{.*}}; the accumulating wgmma overlaps the next iteration, its 1 staging buffer(s) rotating through three stages (49152 bytes); one thread issues the copies with TMA (tensor maps built on the device), every thread waits on the stage's mbarrier; tile blocks run in groups of 8 along x", Stages=5
cuda_tile.module @gemm_tf32 {
  entry @gemm_tf32(%a0: tile<ptr<f32>>, %b0: tile<ptr<f32>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %a = assume div_by<16>, %a0 : tile<ptr<f32>>
    %b = assume div_by<16>, %b0 : tile<ptr<f32>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %av = make_tensor_view %a, shape = [128, 4096], strides = [4096, 1] : tensor_view<128x4096xf32, strides=[4096,1]>
    %ap = make_partition_view %av : partition_view<tile=(128x32), padding_value = zero, tensor_view<128x4096xf32, strides=[4096,1]>>
    %bv = make_tensor_view %b, shape = [4096, 128], strides = [128, 1] : tensor_view<4096x128xf32, strides=[128,1]>
    %bp = make_partition_view %bv : partition_view<tile=(32x128), padding_value = zero, tensor_view<4096x128xf32, strides=[128,1]>>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %k in (%c0 to %n, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xf32>) {
      %x, %t0 = load_view_tko weak %ap[%c0, %k] : partition_view<tile=(128x32), padding_value = zero, tensor_view<128x4096xf32, strides=[4096,1]>>, tile<i32> -> tile<128x32xf32>, token
      %y, %t1 = load_view_tko weak %bp[%k, %c0] : partition_view<tile=(32x128), padding_value = zero, tensor_view<4096x128xf32, strides=[128,1]>>, tile<i32> -> tile<32x128xf32>, token
      %xt = ftof %x : tile<128x32xf32> -> tile<128x32xtf32>
      %yt = ftof %y : tile<32x128xf32> -> tile<32x128xtf32>
      %p = mmaf %xt, %yt, %s : tile<128x32xtf32>, tile<32x128xtf32>, tile<128x128xf32>
      continue %p : tile<128x128xf32>
    }
    %cv = make_tensor_view %c, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %cp = make_partition_view %cv : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %t = store_view_tko weak %acc, %cp[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
