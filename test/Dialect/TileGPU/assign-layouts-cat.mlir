// tileir-assign-layouts gives a `cat` of two halves in one layout that
// layout with a register bit for the concatenated dim, so joining the
// halves moves no data: the two 64-row accumulators of a loop split by
// tileir-split-rows (wgmma layouts) become one 128-row tile in registers,
// and no conversion follows before the store. The split loop also runs
// its element-wise ops on the halves (this once read a layout freed while
// the layout map grew, and gave P an empty layout).
// RUN: tile-opt %s --tileir-split-rows='target=sm_90' \
// RUN:   --tileir-assign-layouts='target=sm_90' | FileCheck %s

// CHECK-LABEL: entry @attn(
// CHECK: ftof %{{.*}} : tile<64x64xf32, #tilegpu.layout<shape=[64,64], reg={{.*}}> -> tile<64x64xbf16, #tilegpu.layout<shape=[64,64], reg={{.*}}>>
// CHECK: ftof %{{.*}} : tile<64x64xf32, #tilegpu.layout<shape=[64,64], reg={{.*}}> -> tile<64x64xbf16, #tilegpu.layout<shape=[64,64], reg={{.*}}>>
// CHECK: %[[O:.*]] = cat %{{.*}} -> tile<128x64xf32, #tilegpu.layout<shape=[128,64], reg={{.*}},[64,0]], lane={{.*}}>>
// CHECK-NOT: convert_layout
// CHECK: store_view_tko weak %[[O]]
cuda_tile.module @attn {
  entry @attn(%q: tile<ptr<bf16>>, %kv: tile<ptr<bf16>>, %o: tile<ptr<f32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %qv = make_tensor_view %q, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xbf16, strides=[64,1]>
    %qp = make_partition_view %qv : partition_view<tile=(128x64), tensor_view<128x64xbf16, strides=[64,1]>>
    %qt, %t0 = load_view_tko weak %qp[%c0, %c0] : partition_view<tile=(128x64), tensor_view<128x64xbf16, strides=[64,1]>>, tile<i32> -> tile<128x64xbf16>, token
    %kvv = make_tensor_view %kv, shape = [4096, 64], strides = [64, 1] : tensor_view<4096x64xbf16, strides=[64,1]>
    %kvp = make_partition_view %kvv : partition_view<tile=(64x64), padding_value = zero, tensor_view<4096x64xbf16, strides=[64,1]>>
    %zs = constant <f32: 0.0> : tile<128x64xf32>
    %ninf = constant <f32: 0xFF800000> : tile<128x1xf32>
    %acc0 = constant <f32: 0.0> : tile<128x64xf32>
    %r:2 = for %j in (%c0 to %n, step %c1) : tile<i32> iter_values(%a = %acc0, %m = %ninf) -> (tile<128x64xf32>, tile<128x1xf32>) {
      %kt, %t1 = load_view_tko weak %kvp[%j, %c0] : partition_view<tile=(64x64), padding_value = zero, tensor_view<4096x64xbf16, strides=[64,1]>>, tile<i32> -> tile<64x64xbf16>, token
      %ktt = permute %kt [1, 0] : tile<64x64xbf16> -> tile<64x64xbf16>
      %s = mmaf %qt, %ktt, %zs : tile<128x64xbf16>, tile<64x64xbf16>, tile<128x64xf32>
      %mx = reduce %s dim=1 identities=[0xFF800000 : f32] : tile<128x64xf32> -> tile<128xf32> (%x: tile<f32>, %y: tile<f32>) {
        %z = maxf %x, %y : tile<f32>
        yield %z : tile<f32>
      }
      %mx2 = reshape %mx : tile<128xf32> -> tile<128x1xf32>
      %mn = maxf %m, %mx2 : tile<128x1xf32>
      %mb = broadcast %mn : tile<128x1xf32> -> tile<128x64xf32>
      %d = subf %s, %mb : tile<128x64xf32>
      %e = exp %d : tile<128x64xf32>
      %p = ftof %e : tile<128x64xf32> -> tile<128x64xbf16>
      %c = subf %m, %mn : tile<128x1xf32>
      %ce = exp %c : tile<128x1xf32>
      %cb = broadcast %ce : tile<128x1xf32> -> tile<128x64xf32>
      %as = mulf %a, %cb : tile<128x64xf32>
      %an = mmaf %p, %kt, %as : tile<128x64xbf16>, tile<64x64xbf16>, tile<128x64xf32>
      continue %an, %mn : tile<128x64xf32>, tile<128x1xf32>
    }
    %ov = make_tensor_view %o, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf32, strides=[64,1]>
    %op = make_partition_view %ov : partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>
    %t = store_view_tko weak %r#0, %op[%c0, %c0] : tile<128x64xf32>, partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
