// The resource plan reaches the PTX: .maxnreg (register cap for the
// requested occupancy), .minnctapersm and .reqntid (32 x warps); a cluster
// request is honoured as one CTA per tile block, so no cluster directive
// appears (cuTile launches one grid block per tile block, and a cluster
// shape would reject grids that are not a multiple of it).
// REQUIRES: ptxas
// RUN: tileiras %s --gpu-name sm_90 -o %t.sm90.cubin --emit-ptx %t.sm90.ptx
// RUN: FileCheck %s --check-prefix=SM90 < %t.sm90.ptx
// RUN: tileiras %s --gpu-name sm_80 -o %t.sm80.cubin --emit-ptx %t.sm80.ptx \
// RUN:   2>%t.sm80.err
// RUN: FileCheck %s --check-prefix=SM80 < %t.sm80.ptx
// RUN: FileCheck %s --check-prefix=SM80ERR < %t.sm80.err
// RUN: tileiras %s --gpu-name sm_100 -o %t.sm100.cubin --emit-ptx %t.sm100.ptx
// RUN: FileCheck %s --check-prefix=SM90 < %t.sm100.ptx

// SM90-LABEL: .entry occupancy_four(
// SM90: .reqntid 128, 1, 1
// SM90-NEXT: .minnctapersm 4
// SM90-NEXT: .maxnreg 128
// SM90-NEXT: {
// SM90-LABEL: .entry occupancy_sixteen_clustered(
// SM90: .reqntid 128, 1, 1
// SM90-NEXT: .minnctapersm 16
// SM90-NEXT: .maxnreg 32
// SM90-NEXT: {
// SM90-LABEL: .entry no_hints(
// SM90-NOT: .maxnreg
// SM90-NOT: .minnctapersm
// SM90-NOT: .reqnctapercluster
// SM90: .reqntid 128, 1, 1

// sm_80 has no clusters: the hint is ignored with a warning.
// SM80-LABEL: .entry occupancy_four(
// SM80: .minnctapersm 4
// SM80-NEXT: .maxnreg 128
// SM80-LABEL: .entry occupancy_sixteen_clustered(
// SM80: .minnctapersm 16
// SM80-NEXT: .maxnreg 32
// SM80-NEXT: {
// SM80ERR: warning: ignoring the num_cta_in_cga hint 2 for sm_80 (expected 1: sm_80 has no thread-block clusters)

cuda_tile.module @resources {
  entry @occupancy_four(%xp: tile<ptr<f32>>) optimization_hints=<default = {occupancy = 4}> {
    %xv = make_tensor_view %xp, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %xpv = make_partition_view %xv : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t0 = load_view_tko weak %xpv[%c0] : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %y = addf %x, %x rounding<nearest_even> : tile<128xf32>
    %t1 = store_view_tko weak %y, %xpv[%c0] : tile<128xf32>, partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @occupancy_sixteen_clustered(%xp: tile<ptr<f32>>) optimization_hints=<default = {occupancy = 16, num_cta_in_cga = 2}> {
    %xv = make_tensor_view %xp, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %xpv = make_partition_view %xv : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t0 = load_view_tko weak %xpv[%c0] : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %y = mulf %x, %x rounding<nearest_even> : tile<128xf32>
    %t1 = store_view_tko weak %y, %xpv[%c0] : tile<128xf32>, partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @no_hints(%xp: tile<ptr<f32>>) {
    %xv = make_tensor_view %xp, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %xpv = make_partition_view %xv : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t0 = load_view_tko weak %xpv[%c0] : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %y = subf %x, %x rounding<nearest_even> : tile<128xf32>
    %t1 = store_view_tko weak %y, %xpv[%c0] : tile<128xf32>, partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
