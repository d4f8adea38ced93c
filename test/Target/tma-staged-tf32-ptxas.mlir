// A tf32 GEMM of two warpgroups whose B is rounded and transposed through
// registers: the first buffer of B stays in the 128-byte MMA swizzle (read
// conflict-free with ldmatrix, one element a word), so both copies are TMA
// copies and no cp.async remains. In the loop (unrolled by two): the
// stage's mbarrier, A's fragments and B's transposing reads (ldmatrix),
// their rounding, B's 16-byte writes into its staging buffer (three stages
// in rotation: no barrier before them), the proxy fence, and the product
// with A from registers, issued behind the product in flight, then the
// wait with one product pending. With --tileir-enable-staging-hoist
// (HOIST), the second copy stages B before the wait that ends the first
// copy; only its A fragments come after that wait. ptxas serializes
// nothing either way.
// REQUIRES: ptxas
// RUN: tileiras %s --gpu-name sm_90 -o %t.cubin --emit-ptx %t.ptx
// RUN: FileCheck %s --input-file %t.ptx --check-prefixes=CHECK,DEFAULT
// RUN: %ptxas -arch=sm_90a -O3 %t.ptx -o %t.2.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS --allow-empty
// RUN: tileiras %s --gpu-name sm_90 -o %t.hoist.cubin --emit-ptx %t.hoist.ptx \
// RUN:   --tileir-enable-staging-hoist
// RUN: FileCheck %s --input-file %t.hoist.ptx --check-prefixes=CHECK,HOIST
// RUN: %ptxas -arch=sm_90a -O3 %t.hoist.ptx -o %t.3.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS --allow-empty
// CHECK-LABEL: .entry gemm_tf32(
// CHECK-NOT: cp.async.cg
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK: mbarrier.try_wait.parity
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK: cvt.rn.tf32.f32
// CHECK-NOT: bar.sync
// CHECK: st.shared.v4.b32
// CHECK-NOT: wgmma.wait_group
// CHECK: fence.proxy.async.shared::cta;
// CHECK-NEXT: bar.sync 0;
// CHECK: wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 {{.*}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// DEFAULT: wgmma.wait_group.sync.aligned 1;
// DEFAULT-NOT: bar.sync
// DEFAULT: mbarrier.try_wait.parity
// DEFAULT-NOT: bar.sync
// DEFAULT: st.shared.v4.b32
// HOIST-NOT: wgmma.wait_group
// HOIST: mbarrier.try_wait.parity
// HOIST-NOT: wgmma.wait_group
// HOIST: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// HOIST-NOT: bar.sync
// HOIST: st.shared.v4.b32
// HOIST-NOT: bar.sync
// HOIST: wgmma.wait_group.sync.aligned 1;
// HOIST: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NOT: bar.sync
// CHECK: fence.proxy.async.shared::cta;
// CHECK-NEXT: bar.sync 0;
// CHECK: wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 {{.*}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd
// CHECK-NOT: cp.async.cg
// PTXAS-NOT: C751
cuda_tile.module @gemm_tf32 {
  entry @gemm_tf32(%a0: tile<ptr<f32>>, %b0: tile<ptr<f32>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %a = assume div_by<16>, %a0 : tile<ptr<f32>>
    %b = assume div_by<16>, %b0 : tile<ptr<f32>>
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

