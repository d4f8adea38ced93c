// tileir-assign-layouts: the warps-per-CTA rule recorded as
// tilegpu.num_warps, the blocked layout given to tiles of rank >= 1, rank-0
// tiles left without an encoding, and region block arguments.
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts | FileCheck %s
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_80' \
// RUN:   | FileCheck %s --check-prefix=SM80
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='num-warps=2' \
// RUN:   | FileCheck %s --check-prefix=OPT

// 4 warps by default; 8 for an mma accumulator of at least 128x128 elements
// or any tile of at least 128x256 elements. A 128x128 tile that is not an
// accumulator does not count. The hint overrides the rule (looked up for the
// target, then `default`), and the num-warps option overrides everything.
cuda_tile.module @warps {
  // CHECK-LABEL: entry @no_tiles()
  // CHECK: } {tilegpu.num_warps = 4 : i32}
  // OPT-LABEL: entry @no_tiles()
  // OPT: } {tilegpu.num_warps = 2 : i32}
  entry @no_tiles() {
    return
  }
  // CHECK-LABEL: entry @mma_small()
  // CHECK: } {tilegpu.num_warps = 4 : i32}
  entry @mma_small() {
    %a = constant <f16: 1.0> : tile<64x64xf16>
    %b = constant <f16: 1.0> : tile<64x128xf16>
    %c = constant <f32: 0.0> : tile<64x128xf32>
    %d = mmaf %a, %b, %c : tile<64x64xf16>, tile<64x128xf16>, tile<64x128xf32>
    return
  }
  // CHECK-LABEL: entry @mma_big()
  // CHECK: } {tilegpu.num_warps = 8 : i32}
  // OPT-LABEL: entry @mma_big()
  // OPT: } {tilegpu.num_warps = 2 : i32}
  entry @mma_big() {
    %a = constant <f16: 1.0> : tile<128x32xf16>
    %b = constant <f16: 1.0> : tile<32x128xf16>
    %c = constant <f32: 0.0> : tile<128x128xf32>
    %d = mmaf %a, %b, %c : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
    return
  }
  // CHECK-LABEL: entry @big_tile()
  // CHECK: } {tilegpu.num_warps = 8 : i32}
  entry @big_tile() {
    %c = constant <f32: 0.0> : tile<128x256xf32>
    return
  }
  // CHECK-LABEL: entry @big_not_mma()
  // CHECK: } {tilegpu.num_warps = 4 : i32}
  entry @big_not_mma() {
    %c = constant <f32: 0.0> : tile<128x128xf32>
    return
  }
  // CHECK-LABEL: entry @hint_target()
  // CHECK: } {tilegpu.num_warps = 8 : i32}
  // SM80-LABEL: entry @hint_target()
  // SM80: } {tilegpu.num_warps = 4 : i32}
  entry @hint_target() optimization_hints=<sm_90 = {num_worker_warps_per_cta = 8}> {
    return
  }
  // The sm_80 key wins over `default` on sm_80, even against the rule.
  // CHECK-LABEL: entry @hint_default()
  // CHECK: } {tilegpu.num_warps = 8 : i32}
  // SM80-LABEL: entry @hint_default()
  // SM80: } {tilegpu.num_warps = 4 : i32}
  entry @hint_default() optimization_hints=<default = {num_worker_warps_per_cta = 8}, sm_80 = {num_worker_warps_per_cta = 4}> {
    %c = constant <f32: 0.0> : tile<128x256xf32>
    return
  }
}

// -----

// Blocked layouts: four 32-bit registers along the contiguous (last) dim,
// lanes next, warps outermost; bases that would leave the tile are zero
// (replication). Rank-0 tiles keep no encoding.
cuda_tile.module @shapes {
  // CHECK-LABEL: entry @shapes(
  // CHECK-SAME: %{{.*}}: tile<ptr<f32>>, %{{.*}}: tile<i32>)
  entry @shapes(%p: tile<ptr<f32>>, %n: tile<i32>) {
    // CHECK: constant <f32: {{.*}}> : tile<f32>{{$}}
    %s = constant <f32: 1.0> : tile<f32>
    // CHECK: tile<128xf32, #tilegpu.layout<shape=[128], reg={{\[\[}}1],[2]], lane={{\[\[}}4],[8],[16],[32],[64]], warp={{\[\[}}0],[0]]>>
    %a = constant <f32: 1.0> : tile<128xf32>
    // CHECK: tile<1xf32, #tilegpu.layout<shape=[1], reg=[], lane={{\[\[}}0],[0],[0],[0],[0]], warp={{\[\[}}0],[0]]>>
    %b = constant <f32: 1.0> : tile<1xf32>
    // CHECK: tile<1024xf32, #tilegpu.layout<shape=[1024], reg={{\[\[}}1],[2],[512]], lane={{\[\[}}4],[8],[16],[32],[64]], warp={{\[\[}}128],[256]]>>
    %c = constant <f32: 1.0> : tile<1024xf32>
    // Too small for one warp: lanes past the tile replicate.
    // CHECK: tile<4x8xf32, #tilegpu.layout<shape=[4,8], reg={{\[\[}}0,1],[0,2]], lane={{\[\[}}0,4],[1,0],[2,0],[0,0],[0,0]], warp={{\[\[}}0,0],[0,0]]>>
    %d = constant <f32: 1.0> : tile<4x8xf32>
    // CHECK: tile<16x256xf32, #tilegpu.layout<shape=[16,256], reg={{\[\[}}0,1],[0,2],[0,128],[4,0],[8,0]], lane={{\[\[}}0,4],[0,8],[0,16],[0,32],[0,64]], warp={{\[\[}}1,0],[2,0]]>>
    %e = constant <f32: 1.0> : tile<16x256xf32>
    // The element type does not change the layout: tiles of one shape share
    // it whatever their element width.
    // CHECK: tile<8x16xi16, #tilegpu.layout<shape=[8,16], reg={{\[\[}}0,1],[0,2]], lane={{\[\[}}0,4],[0,8],[1,0],[2,0],[4,0]], warp={{\[\[}}0,0],[0,0]]>>
    %f = constant <i16: 1> : tile<8x16xi16>
    // CHECK: tile<8x16xf64, #tilegpu.layout<shape=[8,16], reg={{\[\[}}0,1],[0,2]], lane={{\[\[}}0,4],[0,8],[1,0],[2,0],[4,0]], warp={{\[\[}}0,0],[0,0]]>>
    %g = constant <f64: 1.0> : tile<8x16xf64>
    // CHECK: tile<2x4x64xi8, #tilegpu.layout<shape=[2,4,64], reg={{\[\[}}0,0,1],[0,0,2]], lane={{\[\[}}0,0,4],[0,0,8],[0,0,16],[0,0,32],[0,1,0]], warp={{\[\[}}0,2,0],[1,0,0]]>>
    %h = constant <i8: 1> : tile<2x4x64xi8>
    return
  }
}

// -----

// Block arguments of regions get the layout of their type too; the
// rank-0 induction variable keeps none.
cuda_tile.module @regions {
  // CHECK-LABEL: entry @regions(
  entry @regions(%lb: tile<i32>, %ub: tile<i32>, %c: tile<i1>) {
    %z = constant <f32: 0.0> : tile<64xf32>
    // CHECK: for %[[IV:.*]] in (%{{.*}} to %{{.*}}, step %{{.*}}) : tile<i32> iter_values(%[[ACC:.*]] = %{{.*}}) -> (tile<64xf32, #tilegpu.layout<shape=[64], reg={{\[\[}}1],[2]], lane={{\[\[}}4],[8],[16],[32],[0]], warp={{\[\[}}0],[0]]>>) {
    // CHECK-NEXT: addf %[[ACC]], %[[ACC]] : tile<64xf32, #tilegpu.layout<shape=[64],
    // CHECK-NEXT: continue %{{.*}} : tile<64xf32, #tilegpu.layout<shape=[64],
    %r = for %iv in (%lb to %ub, step %lb) : tile<i32> iter_values(%acc = %z) -> (tile<64xf32>) {
      %s = addf %acc, %acc rounding<nearest_even> : tile<64xf32>
      continue %s : tile<64xf32>
    }
    // CHECK: if %{{.*}} -> (tile<8x16xi16, #tilegpu.layout<shape=[8,16],
    // CHECK: yield %{{.*}} : tile<8x16xi16, #tilegpu.layout<shape=[8,16],
    // CHECK: } else {
    // CHECK: yield %{{.*}} : tile<8x16xi16, #tilegpu.layout<shape=[8,16],
    %x = if %c -> (tile<8x16xi16>) {
      %a = constant <i16: 1> : tile<8x16xi16>
      yield %a : tile<8x16xi16>
    } else {
      %b = constant <i16: 2> : tile<8x16xi16>
      yield %b : tile<8x16xi16>
    }
    return
  }
}

// -----

// A tile that already has a layout keeps it.
cuda_tile.module @kept {
  // CHECK-LABEL: entry @kept()
  // CHECK: tile<4x8xf32, #tilegpu.layout<shape=[4,8], reg=[], lane={{\[\[}}0,1],[0,2],[0,4],[1,0],[2,0]], warp={{\[\[}}0,0],[0,0]]>>
  entry @kept() {
    %d = constant <f32: 1.0> : tile<4x8xf32, #tilegpu.layout<shape=[4,8], reg=[], lane=[[0,1],[0,2],[0,4],[1,0],[2,0]], warp=[[0,0],[0,0]]>>
    return
  }
}
