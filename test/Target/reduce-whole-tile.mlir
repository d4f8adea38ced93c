// A reduction over every axis of a 512x128 f32 tile (cuTile's axis=None on
// a large tile) stages one partial per output element and warp along the
// reduced dimension, 8 x 128 x 4 bytes, not a copy of the 256 KiB operand,
// which no GPU's shared memory holds.
// RUN: tile-opt %s --tileir-assign-layouts --tileir-plan-shared-memory | FileCheck %s --check-prefix=PLAN
// RUN: %if ptxas %{ tileiras %s --gpu-name sm_90 -o %t.cubin --resource-usage 2>&1 | FileCheck %s --check-prefix=USAGE %}

// PLAN: tilegpu.num_warps = 8 : i32, tilegpu.shared_bytes = 4096 : i64
// USAGE: resource-usage: kernel=whole_tile_max {{.*}} shared=4096 threads=256

cuda_tile.module @m {
  entry @whole_tile_max(%p: tile<ptr<f32>>) {
    %i = iota : tile<128xi32>
    %f = itof %i signed : tile<128xi32> -> tile<128xf32>
    %r = reshape %f : tile<128xf32> -> tile<1x128xf32>
    %b = broadcast %r : tile<1x128xf32> -> tile<512x128xf32>
    %s = reduce %b dim=0 identities=[0xFF800000 : f32] : tile<512x128xf32> -> tile<128xf32> (%x: tile<f32>, %y: tile<f32>) {
      %z = maxf %x, %y : tile<f32>
      yield %z : tile<f32>
    }
    %t = reduce %s dim=0 identities=[0xFF800000 : f32] : tile<128xf32> -> tile<f32> (%x: tile<f32>, %y: tile<f32>) {
      %z = maxf %x, %y : tile<f32>
      yield %z : tile<f32>
    }
    %u = print_tko "%f\n", %t : tile<f32> -> token
    return
  }
}
