// A tile that feeds several products is stored into shared memory once:
// the second product reads the buffer the first one's store wrote, so the
// load stays a single store that tileir-pipeline-loops can turn into a copy
// (two GEMMs sharing A, as in a gated MLP). On sm_80 both products read
// their fragments back from that one buffer.
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' | FileCheck %s --check-prefix=SM90
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_80' \
// RUN:   --tileir-stage-operands='target=sm_80' | FileCheck %s --check-prefix=SM80
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' \
// RUN:   --tileir-pipeline-loops='target=sm_90' | FileCheck %s --check-prefix=PIPE

// SM90-LABEL: entry @gated(
// SM90: for
// SM90: %[[X:.*]] = tilegpu.alloc_shared : !tilegpu.smem<128x64xbf16
// SM90-NEXT: tilegpu.local_store %{{.*}}, %[[X]]
// SM90: tilegpu.warpgroup_dot %[[X]], %{{.*}}, %{{.*}} :
// SM90-NOT: tilegpu.alloc_shared : !tilegpu.smem<128x64xbf16
// SM90: tilegpu.warpgroup_dot %[[X]], %{{.*}}, %{{.*}} :
// SM90: continue
// SM80-LABEL: entry @gated(
// SM80: %[[X:.*]] = tilegpu.alloc_shared : !tilegpu.smem<128x64xbf16
// SM80-NEXT: tilegpu.local_store %{{.*}}, %[[X]]
// SM80: tilegpu.local_load %[[X]]
// SM80-NOT: tilegpu.alloc_shared : !tilegpu.smem<128x64xbf16
// SM80: tilegpu.local_load %[[X]]
// SM80: continue
// The three loads become copies (A once, the two B tiles).
// PIPE-LABEL: entry @gated(
// PIPE-COUNT-3: tilegpu.async_copy
// PIPE: for
// PIPE-COUNT-3: tilegpu.async_copy
// PIPE-NOT: load_view_tko
// PIPE: continue
cuda_tile.module @gated {
  entry @gated(%a: tile<ptr<bf16>>, %b: tile<ptr<bf16>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %av = make_tensor_view %a, shape = [128, 4096], strides = [4096, 1] : tensor_view<128x4096xbf16, strides=[4096,1]>
    %ap = make_partition_view %av : partition_view<tile=(128x64), padding_value = zero, tensor_view<128x4096xbf16, strides=[4096,1]>>
    %bv = make_tensor_view %b, shape = [4096, 256], strides = [256, 1] : tensor_view<4096x256xbf16, strides=[256,1]>
    %bp = make_partition_view %bv : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x256xbf16, strides=[256,1]>>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %r:2 = for %k in (%c0 to %n, step %c1) : tile<i32> iter_values(%s = %zero, %u = %zero) -> (tile<128x128xf32>, tile<128x128xf32>) {
      %x, %t0 = load_view_tko weak %ap[%c0, %k] : partition_view<tile=(128x64), padding_value = zero, tensor_view<128x4096xbf16, strides=[4096,1]>>, tile<i32> -> tile<128x64xbf16>, token
      %y, %t1 = load_view_tko weak %bp[%k, %c0] : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x256xbf16, strides=[256,1]>>, tile<i32> -> tile<64x128xbf16>, token
      %w, %t2 = load_view_tko weak %bp[%k, %c1] : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x256xbf16, strides=[256,1]>>, tile<i32> -> tile<64x128xbf16>, token
      %p = mmaf %x, %y, %s : tile<128x64xbf16>, tile<64x128xbf16>, tile<128x128xf32>
      %q = mmaf %x, %w, %u : tile<128x64xbf16>, tile<64x128xbf16>, tile<128x128xf32>
      continue %p, %q : tile<128x128xf32>, tile<128x128xf32>
    }
    %sum = addf %r#0, %r#1 : tile<128x128xf32>
    %cv = make_tensor_view %c, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %cp = make_partition_view %cv : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %t = store_view_tko weak %sum, %cp[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
