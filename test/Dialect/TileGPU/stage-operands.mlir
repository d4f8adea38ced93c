// tileir-stage-operands moves the operands of tensor-core products into
// swizzled shared buffers: on sm_90 the product becomes a warpgroup_dot of
// the buffers (a transposed operand is stored as loaded and viewed
// permuted; an A operand already in the wgmma fragment layout stays in
// registers); with mma.sync each operand is read back in its fragment
// layout and the product needs no scratch. A loop-invariant operand is
// stored once, before the loop.
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' | FileCheck %s --check-prefix=SM90
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_80' \
// RUN:   --tileir-stage-operands='target=sm_80' | FileCheck %s --check-prefix=SM80

// SM90-LABEL: entry @gemm(
// SM90: for
// SM90: %[[A:.*]] = tilegpu.alloc_shared : !tilegpu.smem<128x64xbf16, #tilegpu.shared<
// SM90-NEXT: tilegpu.local_store %{{.*}}, %[[A]]
// SM90: %[[B:.*]] = tilegpu.alloc_shared : !tilegpu.smem<64x128xbf16, #tilegpu.shared<
// SM90-NEXT: tilegpu.local_store %{{.*}}, %[[B]]
// SM90: tilegpu.warpgroup_dot %[[A]], %[[B]], %{{.*}} :
// SM90-NOT: mmaf
// SM80-LABEL: entry @gemm(
// SM80: tilegpu.local_store
// SM80: %[[FA:.*]] = tilegpu.local_load %{{.*}} -> !cuda_tile.tile<128x64xbf16
// SM80: tilegpu.local_store
// SM80: %[[FB:.*]] = tilegpu.local_load %{{.*}} -> !cuda_tile.tile<64x128xbf16
// SM80: mmaf %[[FA]], %[[FB]], %{{.*}} {tilegpu.mma_warps = array<i64: 2, 2>, tilegpu.operands_in_fragments}
cuda_tile.module @gemm {
  entry @gemm(%a: tile<ptr<bf16>>, %b: tile<ptr<bf16>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %av = make_tensor_view %a, shape = [128, 4096], strides = [4096, 1] : tensor_view<128x4096xbf16, strides=[4096,1]>
    %ap = make_partition_view %av : partition_view<tile=(128x64), padding_value = zero, tensor_view<128x4096xbf16, strides=[4096,1]>>
    %bv = make_tensor_view %b, shape = [4096, 128], strides = [128, 1] : tensor_view<4096x128xbf16, strides=[128,1]>
    %bp = make_partition_view %bv : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %k in (%c0 to %n, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xf32>) {
      %x, %t0 = load_view_tko weak %ap[%c0, %k] : partition_view<tile=(128x64), padding_value = zero, tensor_view<128x4096xbf16, strides=[4096,1]>>, tile<i32> -> tile<128x64xbf16>, token
      %y, %t1 = load_view_tko weak %bp[%k, %c0] : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>, tile<i32> -> tile<64x128xbf16>, token
      %p = mmaf %x, %y, %s : tile<128x64xbf16>, tile<64x128xbf16>, tile<128x128xf32>
      continue %p : tile<128x128xf32>
    }
    %cv = make_tensor_view %c, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %cp = make_partition_view %cv : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %t = store_view_tko weak %acc, %cp[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

// -----

// Chained products (attention): q is loop-invariant and stored before the
// loop; k is used transposed and stored as loaded; p, the first product's
// accumulator rounded to bf16, is already the second product's wgmma A
// fragment.
// SM90-LABEL: entry @chain(
// SM90: %[[Q:.*]] = tilegpu.alloc_shared : !tilegpu.smem<64x64xbf16
// SM90-NEXT: tilegpu.local_store %{{.*}}, %[[Q]]
// SM90-NEXT: for
// SM90: %[[K:.*]] = tilegpu.alloc_shared : !tilegpu.smem<64x64xbf16
// SM90-NEXT: tilegpu.local_store %[[KT:.*]], %[[K]]
// SM90-NEXT: %[[KV:.*]] = tilegpu.permute_shared %[[K]] [1, 0]
// SM90: %[[S:.*]] = tilegpu.warpgroup_dot %[[Q]], %[[KV]],
// SM90: %[[P:.*]] = ftof %[[S]]
// SM90: tilegpu.warpgroup_dot %[[P]], %{{.*}}, %{{.*}} : !cuda_tile.tile<64x64xbf16
// SM90-NOT: permute %
cuda_tile.module @chain {
  entry @chain(%q: tile<ptr<bf16>>, %kv: tile<ptr<bf16>>, %o: tile<ptr<f32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %qv = make_tensor_view %q, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xbf16, strides=[64,1]>
    %qp = make_partition_view %qv : partition_view<tile=(64x64), tensor_view<64x64xbf16, strides=[64,1]>>
    %qt, %t0 = load_view_tko weak %qp[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xbf16, strides=[64,1]>>, tile<i32> -> tile<64x64xbf16>, token
    %kvv = make_tensor_view %kv, shape = [4096, 64], strides = [64, 1] : tensor_view<4096x64xbf16, strides=[64,1]>
    %kvp = make_partition_view %kvv : partition_view<tile=(64x64), padding_value = zero, tensor_view<4096x64xbf16, strides=[64,1]>>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %acc = for %j in (%c0 to %n, step %c1) : tile<i32> iter_values(%a = %zero) -> (tile<64x64xf32>) {
      %kt, %t1 = load_view_tko weak %kvp[%j, %c0] : partition_view<tile=(64x64), padding_value = zero, tensor_view<4096x64xbf16, strides=[64,1]>>, tile<i32> -> tile<64x64xbf16>, token
      %ktt = permute %kt [1, 0] : tile<64x64xbf16> -> tile<64x64xbf16>
      %s = mmaf %qt, %ktt, %zero : tile<64x64xbf16>, tile<64x64xbf16>, tile<64x64xf32>
      %p = ftof %s : tile<64x64xf32> -> tile<64x64xbf16>
      %r = mmaf %p, %kt, %a : tile<64x64xbf16>, tile<64x64xbf16>, tile<64x64xf32>
      continue %r : tile<64x64xf32>
    }
    %ov = make_tensor_view %o, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %op = make_partition_view %ov : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %t = store_view_tko weak %acc, %op[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
