// A kernel whose 128x128 f32 scans spill on the 4 warps that the warp rule
// gives it (no reduction, which would give it 8 warps at once): the driver compiles it again on 8 warps, keeps that cubin and
// says so in a remark. A kernel whose warps were asked for (the
// num_worker_warps_per_cta hint, or --tileir-num-warps) keeps them.
// REQUIRES: ptxas
// RUN: tileiras %s --gpu-name sm_90 -o %t.cubin --resource-usage --remarks=all 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REPLAN
// RUN: tileiras %s --gpu-name sm_90 -o %t.forced.cubin --tileir-num-warps=4 --resource-usage --remarks=all 2>&1 \
// RUN:   | FileCheck %s --check-prefix=KEEP
// RUN: not tileiras %s --gpu-name sm_90 -o %t.bad.cubin --tileir-num-warps=3 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD

// REPLAN: remark: [Missed] kernel 'spills': 4 warps spilled {{[0-9]+}} bytes at {{[0-9]+}} registers; re-planned with 8 warps: ptxas used {{[0-9]+}} registers and spilled 0 bytes
// REPLAN-NOT: re-planned
// REPLAN-DAG: resource-usage: kernel=spills {{.*}}spill-stores=0 spill-loads=0 {{.*}}threads=256
// REPLAN-DAG: resource-usage: kernel=hinted {{.*}}threads=128
// KEEP-NOT: re-planned
// KEEP-DAG: resource-usage: kernel=spills {{.*}}threads=128
// KEEP-DAG: resource-usage: kernel=hinted {{.*}}threads=128
// BAD: error: --tileir-num-warps must be 0, 1, 2, 4, 8, 16 or 32

cuda_tile.module @m {
  entry @spills(%p: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %i = iota : tile<128xi32>
    %f = itof %i signed : tile<128xi32> -> tile<128xf32>
    %r = reshape %f : tile<128xf32> -> tile<1x128xf32>
    %b = broadcast %r : tile<1x128xf32> -> tile<128x128xf32>
    %c = scan %b dim=0 reverse=false identities=[0.000000e+00 : f32] : tile<128x128xf32> -> tile<128x128xf32> (%x: tile<f32>, %y: tile<f32>) {
      %z = addf %x, %y : tile<f32>
      yield %z : tile<f32>
    }
    %d = scan %c dim=1 reverse=false identities=[0.000000e+00 : f32] : tile<128x128xf32> -> tile<128x128xf32> (%x: tile<f32>, %y: tile<f32>) {
      %z = addf %x, %y : tile<f32>
      yield %z : tile<f32>
    }
    %v = make_tensor_view %p, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %pv = make_partition_view %v : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %t = store_view_tko weak %d, %pv[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
  entry @hinted(%p: tile<ptr<f32>>) optimization_hints=<sm_90 = {num_worker_warps_per_cta = 4}> {
    %i = iota : tile<128xi32>
    %f = itof %i signed : tile<128xi32> -> tile<128xf32>
    %r = reshape %f : tile<128xf32> -> tile<1x128xf32>
    %b = broadcast %r : tile<1x128xf32> -> tile<128x128xf32>
    %c = scan %b dim=0 reverse=false identities=[0.000000e+00 : f32] : tile<128x128xf32> -> tile<128x128xf32> (%x: tile<f32>, %y: tile<f32>) {
      %z = addf %x, %y : tile<f32>
      yield %z : tile<f32>
    }
    %s = reduce %c dim=0 identities=[0.000000e+00 : f32] : tile<128x128xf32> -> tile<128xf32> (%x: tile<f32>, %y: tile<f32>) {
      %z = addf %x, %y : tile<f32>
      yield %z : tile<f32>
    }
    %t = print_tko "%f\n", %s : tile<128xf32> -> token
    return
  }
}
