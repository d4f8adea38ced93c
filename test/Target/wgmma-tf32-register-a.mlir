// A tf32 GEMM on sm_90: A (K-major f32) is copied into its stages as
// loaded, read back by each thread straight into its wgmma A fragments
// (rows g and g + 8, columns t and t + 4 of each k8 block: ldmatrix of
// 16-bit cells, a lane's word one element, four fragments an instruction),
// rounded to nearest with cvt.rn.tf32.f32, and the product takes A from
// registers (m64nNk8, no transpose operand for tf32). Only B still goes
// through a K-major staging buffer. ptxas must neither serialize the wgmma
// (C7515) nor wait for registers written while one is in flight (C7517).
// REQUIRES: ptxas
// RUN: tileiras %s --gpu-name sm_90 -o %t.cubin --emit-ptx %t.ptx
// RUN: FileCheck %s --input-file %t.ptx
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=WAIT
// RUN: %ptxas -arch=sm_90a -O3 %t.ptx -o %t.2.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS --allow-empty
// CHECK-LABEL: .entry gemm_tf32(
// CHECK-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-COUNT-16: cvt.rn.tf32.f32
// CHECK: wgmma.fence.sync.aligned;
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 {{{.*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1;
// CHECK: wgmma.wait_group.sync.aligned 0;
// WAIT: wgmma.wait_group.sync.aligned 1;
// PTXAS-NOT: C7515
// PTXAS-NOT: C7517
cuda_tile.module @kernels {
  entry @gemm_tf32(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
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
