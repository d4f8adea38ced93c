// An unspecialized wgmma GEMM (two warpgroups, warp specialization off)
// whose copies are TMA copies issued by the CTA's first thread, every thread waiting on the stage's
// mbarrier: no cp.async remains, the barrier that orders the reads of the
// stage before its refill sits under the (CTA-uniform) range test, and the
// copy is the same instruction stream whatever the view's sizes (an empty
// dim starts every box past it), so the first thread's branch writes no
// shared memory with generic stores. Such a store, ordered against the
// wgmma in flight in a divergent branch, made ptxas serialize every wgmma
// (its note C7518).
// REQUIRES: ptxas
// RUN: tileiras %s --gpu-name sm_90 -o %t.cubin --emit-ptx %t.ptx \
// RUN:   --tileir-disable-warp-specialization
// RUN: FileCheck %s --input-file %t.ptx
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=WAIT
// RUN: %ptxas -arch=sm_90a -O3 %t.ptx -o %t.2.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS --allow-empty
// RUN: tileiras %s --gpu-name sm_90 -o %t.3.cubin --remarks=all \
// RUN:   --tileir-disable-warp-specialization \
// RUN:   --remark-format=command-line 2>&1 | FileCheck %s --check-prefix=REMARK
// CHECK-LABEL: .entry gemm(
// CHECK-NOT: cp.async.cg
// CHECK-NOT: st.shared.v4.b32 {{.*}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK: mbarrier.try_wait.parity
// CHECK: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16
// WAIT: wgmma.wait_group.sync.aligned 1;
// CHECK-NOT: cp.async.cg
// PTXAS-NOT: C7518
// PTXAS-NOT: C7515
// REMARK-NOT: serialized
// REMARK: one thread issues the copies with TMA
// REMARK-NOT: serialized
cuda_tile.module @kernels {
  entry @gemm(%a0: tile<ptr<bf16>>, %b0: tile<ptr<bf16>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %a = assume div_by<16>, %a0 : tile<ptr<bf16>>
    %b = assume div_by<16>, %b0 : tile<ptr<bf16>>
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
