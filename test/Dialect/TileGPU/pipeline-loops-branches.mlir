// The two branches of an `if` never run in the same thread, so a loop's
// shared-memory budget does not hold the buffers of a loop in the other
// branch: here the 128x256 GEMM gets 4 stages (192 KiB) and the 128x128
// one 5 (160 KiB), and tileir-plan-shared-memory gives both branches the
// same bytes (196,608 in all, not the sum). A loop after the
// `if` still counts both branches' buffers.
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' \
// RUN:   --tileir-pipeline-loops='target=sm_90 warp-specialize=0' \
// RUN:   --remarks-filter=memory 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' \
// RUN:   --tileir-pipeline-loops='target=sm_90 warp-specialize=0' \
// RUN:   --tileir-plan-shared-memory | FileCheck %s

// REMARK: remark: [Passed] Pipeline | Category:memory | Remark="loop pipelined with 4 stages: 2 tile load(s) become asynchronous copies issued 2 iteration(s) ahead (196608 bytes of shared memory)
// REMARK: remark: [Passed] Pipeline | Category:memory | Remark="loop pipelined with 5 stages: 2 tile load(s) become asynchronous copies issued 3 iteration(s) ahead (163840 bytes of shared memory)
// REMARK: remark: [Missed] Pipeline | Category:memory | Remark="loop not pipelined: two stages of its copies need 65536 bytes of shared memory, {{[0-9]+}} are left
// CHECK-LABEL: entry @branches(
// CHECK: tilegpu.shared_bytes = 196608 : i64
cuda_tile.module @branches {
  entry @branches(%a: tile<ptr<bf16>>, %b: tile<ptr<bf16>>, %c: tile<ptr<f32>>, %n: tile<i32>, %wide: tile<i1>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %av = make_tensor_view %a, shape = [128, 4096], strides = [4096, 1] : tensor_view<128x4096xbf16, strides=[4096,1]>
    %ap = make_partition_view %av : partition_view<tile=(128x64), padding_value = zero, tensor_view<128x4096xbf16, strides=[4096,1]>>
    %bv = make_tensor_view %b, shape = [4096, 256], strides = [256, 1] : tensor_view<4096x256xbf16, strides=[256,1]>
    %cv = make_tensor_view %c, shape = [128, 256], strides = [256, 1] : tensor_view<128x256xf32, strides=[256,1]>
    if %wide {
      %bp = make_partition_view %bv : partition_view<tile=(64x256), padding_value = zero, tensor_view<4096x256xbf16, strides=[256,1]>>
      %zero = constant <f32: 0.0> : tile<128x256xf32>
      %acc = for %k in (%c0 to %n, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x256xf32>) {
        %x, %t0 = load_view_tko weak %ap[%c0, %k] : partition_view<tile=(128x64), padding_value = zero, tensor_view<128x4096xbf16, strides=[4096,1]>>, tile<i32> -> tile<128x64xbf16>, token
        %y, %t1 = load_view_tko weak %bp[%k, %c0] : partition_view<tile=(64x256), padding_value = zero, tensor_view<4096x256xbf16, strides=[256,1]>>, tile<i32> -> tile<64x256xbf16>, token
        %p = mmaf %x, %y, %s : tile<128x64xbf16>, tile<64x256xbf16>, tile<128x256xf32>
        continue %p : tile<128x256xf32>
      }
      %cp = make_partition_view %cv : partition_view<tile=(128x256), tensor_view<128x256xf32, strides=[256,1]>>
      %t = store_view_tko weak %acc, %cp[%c0, %c0] : tile<128x256xf32>, partition_view<tile=(128x256), tensor_view<128x256xf32, strides=[256,1]>>, tile<i32> -> token
      yield
    } else {
      %bp = make_partition_view %bv : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x256xbf16, strides=[256,1]>>
      %zero = constant <f32: 0.0> : tile<128x128xf32>
      %acc = for %k in (%c0 to %n, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xf32>) {
        %x, %t0 = load_view_tko weak %ap[%c0, %k] : partition_view<tile=(128x64), padding_value = zero, tensor_view<128x4096xbf16, strides=[4096,1]>>, tile<i32> -> tile<128x64xbf16>, token
        %y, %t1 = load_view_tko weak %bp[%k, %c0] : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x256xbf16, strides=[256,1]>>, tile<i32> -> tile<64x128xbf16>, token
        %p = mmaf %x, %y, %s : tile<128x64xbf16>, tile<64x128xbf16>, tile<128x128xf32>
        continue %p : tile<128x128xf32>
      }
      %cp = make_partition_view %cv : partition_view<tile=(128x128), tensor_view<128x256xf32, strides=[256,1]>>
      %t = store_view_tko weak %acc, %cp[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x256xf32, strides=[256,1]>>, tile<i32> -> token
      yield
    }
    // After the `if`: both branches' buffers are counted, so nothing is
    // left for this loop's stages.
    %bp2 = make_partition_view %bv : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x256xbf16, strides=[256,1]>>
    %zero2 = constant <f32: 0.0> : tile<128x128xf32>
    %acc2 = for %k in (%c0 to %n, step %c1) : tile<i32> iter_values(%s = %zero2) -> (tile<128x128xf32>) {
      %x, %t0 = load_view_tko weak %ap[%c0, %k] : partition_view<tile=(128x64), padding_value = zero, tensor_view<128x4096xbf16, strides=[4096,1]>>, tile<i32> -> tile<128x64xbf16>, token
      %y, %t1 = load_view_tko weak %bp2[%k, %c0] : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x256xbf16, strides=[256,1]>>, tile<i32> -> tile<64x128xbf16>, token
      %p = mmaf %x, %y, %s : tile<128x64xbf16>, tile<64x128xbf16>, tile<128x128xf32>
      continue %p : tile<128x128xf32>
    }
    %cp2 = make_partition_view %cv : partition_view<tile=(128x128), tensor_view<128x256xf32, strides=[256,1]>>
    %t2 = store_view_tko weak %acc2, %cp2[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
}
