// tileir-assign-layouts chooses the warps of each kernel
// (docs/architecture.md, section 3.1): 4 by default; 8 for a tile of at
// least 128x256 elements, for a single wgmma product of at least 128x128,
// for several wgmma products holding more than 192 accumulators a thread on
// 4 warps, and for a kernel without products that reduces a tile of at
// least 8192 elements.
// The num_worker_warps_per_cta hint, then the driver's per-kernel override
// (its re-plan after ptxas spilled), win over the rule.
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   | FileCheck %s --check-prefix=SM90
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_80' \
// RUN:   | FileCheck %s --check-prefix=SM80
// RUN: tile-opt %s -split-input-file \
// RUN:   --tileir-assign-layouts='target=sm_90 num-warps-override=gemm128=4,attn64=8' \
// RUN:   | FileCheck %s --check-prefix=OVERRIDE
// RUN: not tile-opt %s -split-input-file \
// RUN:   --tileir-assign-layouts='target=sm_90 num-warps-override=gemm128=3' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD
// BAD: error: invalid warp override 'gemm128=3' (expected kernel=N, N a power of two up to 32)

// One 128x128 product: two warpgroups on wgmma; on mma.sync 4 warps hold
// its accumulators in 128 registers a thread.
// SM90-LABEL: entry @gemm128(
// SM90: tilegpu.num_warps = 8
// SM80-LABEL: entry @gemm128(
// SM80: tilegpu.num_warps = 4
// OVERRIDE-LABEL: entry @gemm128(
// OVERRIDE: tilegpu.num_warps = 4
cuda_tile.module @gemm128 {
  entry @gemm128(%a: tile<ptr<bf16>>, %b: tile<ptr<bf16>>, %c: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %xv = make_tensor_view %a, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xbf16, strides=[64,1]>
    %xp = make_partition_view %xv : partition_view<tile=(128x64), tensor_view<128x64xbf16, strides=[64,1]>>
    %x, %tx = load_view_tko weak %xp[%c0, %c0] : partition_view<tile=(128x64), tensor_view<128x64xbf16, strides=[64,1]>>, tile<i32> -> tile<128x64xbf16>, token
    %yv = make_tensor_view %b, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xbf16, strides=[128,1]>
    %yp = make_partition_view %yv : partition_view<tile=(64x128), tensor_view<64x128xbf16, strides=[128,1]>>
    %y, %ty = load_view_tko weak %yp[%c0, %c0] : partition_view<tile=(64x128), tensor_view<64x128xbf16, strides=[128,1]>>, tile<i32> -> tile<64x128xbf16>, token
    %z = constant <f32: 0.0> : tile<128x128xf32>
    %p = mmaf %x, %y, %z : tile<128x64xbf16>, tile<64x128xbf16>, tile<128x128xf32>
    %cv = make_tensor_view %c, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %cp = make_partition_view %cv : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %tc = store_view_tko weak %p, %cp[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A 128x256 tile takes 8 warps on every target.
// SM90-LABEL: entry @gemm128x256(
// SM90: tilegpu.num_warps = 8
// SM80-LABEL: entry @gemm128x256(
// SM80: tilegpu.num_warps = 8
cuda_tile.module @gemm128x256 {
  entry @gemm128x256(%a: tile<ptr<bf16>>, %b: tile<ptr<bf16>>, %c: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %xv = make_tensor_view %a, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xbf16, strides=[64,1]>
    %xp = make_partition_view %xv : partition_view<tile=(128x64), tensor_view<128x64xbf16, strides=[64,1]>>
    %x, %tx = load_view_tko weak %xp[%c0, %c0] : partition_view<tile=(128x64), tensor_view<128x64xbf16, strides=[64,1]>>, tile<i32> -> tile<128x64xbf16>, token
    %yv = make_tensor_view %b, shape = [64, 256], strides = [256, 1] : tensor_view<64x256xbf16, strides=[256,1]>
    %yp = make_partition_view %yv : partition_view<tile=(64x256), tensor_view<64x256xbf16, strides=[256,1]>>
    %y, %ty = load_view_tko weak %yp[%c0, %c0] : partition_view<tile=(64x256), tensor_view<64x256xbf16, strides=[256,1]>>, tile<i32> -> tile<64x256xbf16>, token
    %z = constant <f32: 0.0> : tile<128x256xf32>
    %p = mmaf %x, %y, %z : tile<128x64xbf16>, tile<64x256xbf16>, tile<128x256xf32>
    %cv = make_tensor_view %c, shape = [128, 256], strides = [256, 1] : tensor_view<128x256xf32, strides=[256,1]>
    %cp = make_partition_view %cv : partition_view<tile=(128x256), tensor_view<128x256xf32, strides=[256,1]>>
    %tc = store_view_tko weak %p, %cp[%c0, %c0] : tile<128x256xf32>, partition_view<tile=(128x256), tensor_view<128x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A 64x128 product stays on one warpgroup.
// SM90-LABEL: entry @gemm64(
// SM90: tilegpu.num_warps = 4
// SM80-LABEL: entry @gemm64(
// SM80: tilegpu.num_warps = 4
cuda_tile.module @gemm64 {
  entry @gemm64(%a: tile<ptr<bf16>>, %b: tile<ptr<bf16>>, %c: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %xv = make_tensor_view %a, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xbf16, strides=[64,1]>
    %xp = make_partition_view %xv : partition_view<tile=(64x64), tensor_view<64x64xbf16, strides=[64,1]>>
    %x, %tx = load_view_tko weak %xp[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xbf16, strides=[64,1]>>, tile<i32> -> tile<64x64xbf16>, token
    %yv = make_tensor_view %b, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xbf16, strides=[128,1]>
    %yp = make_partition_view %yv : partition_view<tile=(64x128), tensor_view<64x128xbf16, strides=[128,1]>>
    %y, %ty = load_view_tko weak %yp[%c0, %c0] : partition_view<tile=(64x128), tensor_view<64x128xbf16, strides=[128,1]>>, tile<i32> -> tile<64x128xbf16>, token
    %z = constant <f32: 0.0> : tile<64x128xf32>
    %p = mmaf %x, %y, %z : tile<64x64xbf16>, tile<64x128xbf16>, tile<64x128xf32>
    %cv = make_tensor_view %c, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf32, strides=[128,1]>
    %cp = make_partition_view %cv : partition_view<tile=(64x128), tensor_view<64x128xf32, strides=[128,1]>>
    %tc = store_view_tko weak %p, %cp[%c0, %c0] : tile<64x128xf32>, partition_view<tile=(64x128), tensor_view<64x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

// -----

// The hint wins over the rule, for the target it names.
// SM90-LABEL: entry @hinted(
// SM90: tilegpu.num_warps = 4
// SM80-LABEL: entry @hinted(
// SM80: tilegpu.num_warps = 4
cuda_tile.module @hinted {
  entry @hinted(%a: tile<ptr<bf16>>, %b: tile<ptr<bf16>>, %c: tile<ptr<f32>>) optimization_hints=<sm_90 = {num_worker_warps_per_cta = 4}> {
    %c0 = constant <i32: 0> : tile<i32>
    %xv = make_tensor_view %a, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xbf16, strides=[64,1]>
    %xp = make_partition_view %xv : partition_view<tile=(128x64), tensor_view<128x64xbf16, strides=[64,1]>>
    %x, %tx = load_view_tko weak %xp[%c0, %c0] : partition_view<tile=(128x64), tensor_view<128x64xbf16, strides=[64,1]>>, tile<i32> -> tile<128x64xbf16>, token
    %yv = make_tensor_view %b, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xbf16, strides=[128,1]>
    %yp = make_partition_view %yv : partition_view<tile=(64x128), tensor_view<64x128xbf16, strides=[128,1]>>
    %y, %ty = load_view_tko weak %yp[%c0, %c0] : partition_view<tile=(64x128), tensor_view<64x128xbf16, strides=[128,1]>>, tile<i32> -> tile<64x128xbf16>, token
    %z = constant <f32: 0.0> : tile<128x128xf32>
    %p = mmaf %x, %y, %z : tile<128x64xbf16>, tile<64x128xbf16>, tile<128x128xf32>
    %cv = make_tensor_view %c, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %cp = make_partition_view %cv : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %tc = store_view_tko weak %p, %cp[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

// -----

// Attention over 64 query rows: 64x64 scores and output, 64 accumulators
// a thread on 4 warps, so one warpgroup (two CTAs share an SM).
// SM90-LABEL: entry @attn64(
// SM90: tilegpu.num_warps = 4
// SM80-LABEL: entry @attn64(
// SM80: tilegpu.num_warps = 4
// OVERRIDE-LABEL: entry @attn64(
// OVERRIDE: tilegpu.num_warps = 8
cuda_tile.module @attn64 {
  entry @attn64(%q: tile<ptr<bf16>>, %k: tile<ptr<bf16>>, %v: tile<ptr<bf16>>, %o: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %xv = make_tensor_view %q, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xbf16, strides=[64,1]>
    %xp = make_partition_view %xv : partition_view<tile=(64x64), tensor_view<64x64xbf16, strides=[64,1]>>
    %x, %tx = load_view_tko weak %xp[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xbf16, strides=[64,1]>>, tile<i32> -> tile<64x64xbf16>, token
    %yv = make_tensor_view %k, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xbf16, strides=[64,1]>
    %yp = make_partition_view %yv : partition_view<tile=(64x64), tensor_view<64x64xbf16, strides=[64,1]>>
    %y, %ty = load_view_tko weak %yp[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xbf16, strides=[64,1]>>, tile<i32> -> tile<64x64xbf16>, token
    %wv = make_tensor_view %v, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xbf16, strides=[64,1]>
    %wp = make_partition_view %wv : partition_view<tile=(64x64), tensor_view<64x64xbf16, strides=[64,1]>>
    %w, %tw = load_view_tko weak %wp[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xbf16, strides=[64,1]>>, tile<i32> -> tile<64x64xbf16>, token
    %zs = constant <f32: 0.0> : tile<64x64xf32>
    %s = mmaf %x, %y, %zs : tile<64x64xbf16>, tile<64x64xbf16>, tile<64x64xf32>
    %pb = ftof %s : tile<64x64xf32> -> tile<64x64xbf16>
    %zo = constant <f32: 0.0> : tile<64x64xf32>
    %r = mmaf %pb, %w, %zo : tile<64x64xbf16>, tile<64x64xbf16>, tile<64x64xf32>
    %ov = make_tensor_view %o, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %op = make_partition_view %ov : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %to = store_view_tko weak %r, %op[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

// -----

// Attention over 128 query rows and 128 keys: 128x128 scores and 128x128
// output are 256 accumulators a thread on 4 warps, so 8 on wgmma; each
// mma.sync product alone fits 4 warps.
// SM90-LABEL: entry @attn128(
// SM90: tilegpu.num_warps = 8
// SM80-LABEL: entry @attn128(
// SM80: tilegpu.num_warps = 4
cuda_tile.module @attn128 {
  entry @attn128(%q: tile<ptr<bf16>>, %k: tile<ptr<bf16>>, %v: tile<ptr<bf16>>, %o: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %xv = make_tensor_view %q, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xbf16, strides=[128,1]>
    %xp = make_partition_view %xv : partition_view<tile=(128x128), tensor_view<128x128xbf16, strides=[128,1]>>
    %x, %tx = load_view_tko weak %xp[%c0, %c0] : partition_view<tile=(128x128), tensor_view<128x128xbf16, strides=[128,1]>>, tile<i32> -> tile<128x128xbf16>, token
    %yv = make_tensor_view %k, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xbf16, strides=[128,1]>
    %yp = make_partition_view %yv : partition_view<tile=(128x128), tensor_view<128x128xbf16, strides=[128,1]>>
    %y, %ty = load_view_tko weak %yp[%c0, %c0] : partition_view<tile=(128x128), tensor_view<128x128xbf16, strides=[128,1]>>, tile<i32> -> tile<128x128xbf16>, token
    %wv = make_tensor_view %v, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xbf16, strides=[128,1]>
    %wp = make_partition_view %wv : partition_view<tile=(128x128), tensor_view<128x128xbf16, strides=[128,1]>>
    %w, %tw = load_view_tko weak %wp[%c0, %c0] : partition_view<tile=(128x128), tensor_view<128x128xbf16, strides=[128,1]>>, tile<i32> -> tile<128x128xbf16>, token
    %zs = constant <f32: 0.0> : tile<128x128xf32>
    %s = mmaf %x, %y, %zs : tile<128x128xbf16>, tile<128x128xbf16>, tile<128x128xf32>
    %pb = ftof %s : tile<128x128xf32> -> tile<128x128xbf16>
    %zo = constant <f32: 0.0> : tile<128x128xf32>
    %r = mmaf %pb, %w, %zo : tile<128x128xbf16>, tile<128x128xbf16>, tile<128x128xf32>
    %ov = make_tensor_view %o, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %op = make_partition_view %ov : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %to = store_view_tko weak %r, %op[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A layer norm's row of 8192 elements: 8 warps (32 elements a thread); a
// row of 4096 stays on 4.
// SM90-LABEL: entry @row8192(
// SM90: tilegpu.num_warps = 8
// SM90-LABEL: entry @row4096(
// SM90: tilegpu.num_warps = 4
cuda_tile.module @rows {
  entry @row8192(%p: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %v = make_tensor_view %p, shape = [1, 8192], strides = [8192, 1] : tensor_view<1x8192xf32, strides=[8192,1]>
    %pv = make_partition_view %v : partition_view<tile=(1x8192), tensor_view<1x8192xf32, strides=[8192,1]>>
    %x, %t0 = load_view_tko weak %pv[%c0, %c0] : partition_view<tile=(1x8192), tensor_view<1x8192xf32, strides=[8192,1]>>, tile<i32> -> tile<1x8192xf32>, token
    %s = reduce %x dim=1 identities=[0.000000e+00 : f32] : tile<1x8192xf32> -> tile<1xf32>
      (%e: tile<f32>, %a: tile<f32>) {
        %r = addf %e, %a : tile<f32>
        yield %r : tile<f32>
      }
    return
  }
  entry @row4096(%p: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %v = make_tensor_view %p, shape = [1, 4096], strides = [4096, 1] : tensor_view<1x4096xf32, strides=[4096,1]>
    %pv = make_partition_view %v : partition_view<tile=(1x4096), tensor_view<1x4096xf32, strides=[4096,1]>>
    %x, %t0 = load_view_tko weak %pv[%c0, %c0] : partition_view<tile=(1x4096), tensor_view<1x4096xf32, strides=[4096,1]>>, tile<i32> -> tile<1x4096xf32>, token
    %s = reduce %x dim=1 identities=[0.000000e+00 : f32] : tile<1x4096xf32> -> tile<1xf32>
      (%e: tile<f32>, %a: tile<f32>) {
        %r = addf %e, %a : tile<f32>
        yield %r : tile<f32>
      }
    return
  }
}
