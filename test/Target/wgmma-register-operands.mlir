// Attention's two products on sm_90: S = Q K^T starts from a zero
// accumulator, so the first wgmma of each 64-row block runs with scale-d =
// 0 instead of zeroing 32 registers a thread; O += P V reads P from
// registers and a rescaled O, whose definitions stay before the fence (the
// fence reads them). Otherwise ptxas inserts warpgroup.arrive (its info
// C7519) and, for registers written while a wgmma is in flight, a wait
// (C7517) before the products.
// REQUIRES: ptxas
// RUN: tileiras %s --gpu-name sm_90 -o %t.cubin --emit-ptx %t.ptx
// RUN: FileCheck %s --input-file %t.ptx
// RUN: %ptxas -arch=sm_90a -O3 %t.ptx -o %t.2.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS --allow-empty
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' --tileir-pipeline-loops='target=sm_90' \
// RUN:   --tileir-plan-shared-memory --tileir-insert-barriers --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_90' | FileCheck %s --check-prefix=NVVM
// CHECK-LABEL: .entry attention(
// CHECK: wgmma.fence.sync.aligned;
// CHECK-NOT: mov.b32 {{.*}}, 0;
// CHECK: setp.ne.b32 p, 0, 0;
// CHECK-NEXT: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
// CHECK: wgmma.fence.sync.aligned;
// CHECK-NOT: cvt.rn.bf16x2.f32
// CHECK: setp.ne.b32 p, 1, 0;
// CHECK-NEXT: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16
// PTXAS-NOT: C7519
// PTXAS-NOT: C7517
// NVVM-LABEL: llvm.func @attention(
// NVVM: nvvm.wgmma.fence.aligned
// NVVM-COUNT-2: nvvm.wgmma.mma_async {{.*}} D[<f32>, <zero>]
// NVVM-COUNT-6: nvvm.wgmma.mma_async {{.*}} D[<f32>, <one>]
// NVVM: llvm.inline_asm has_side_effects "wgmma.fence.sync.aligned;"
// NVVM: setp.ne.b32 p, 1, 0;
cuda_tile.module @kernels {
  entry @attention(%q: tile<ptr<bf16>>, %k: tile<ptr<bf16>>, %v: tile<ptr<bf16>>, %o: tile<ptr<f32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %qv = make_tensor_view %q, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xbf16, strides=[64,1]>
    %qp = make_partition_view %qv : partition_view<tile=(128x64), tensor_view<128x64xbf16, strides=[64,1]>>
    %kv = make_tensor_view %k, shape = [4096, 64], strides = [64, 1] : tensor_view<4096x64xbf16, strides=[64,1]>
    %kp = make_partition_view %kv : partition_view<tile=(64x64), padding_value = zero, tensor_view<4096x64xbf16, strides=[64,1]>>
    %vv = make_tensor_view %v, shape = [4096, 128], strides = [128, 1] : tensor_view<4096x128xbf16, strides=[128,1]>
    %vp = make_partition_view %vv : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>
    %qt, %t0 = load_view_tko weak %qp[%c0, %c0] : partition_view<tile=(128x64), tensor_view<128x64xbf16, strides=[64,1]>>, tile<i32> -> tile<128x64xbf16>, token
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %j in (%c0 to %n, step %c1) : tile<i32> iter_values(%a = %zero) -> (tile<128x128xf32>) {
      %kt, %t1 = load_view_tko weak %kp[%j, %c0] : partition_view<tile=(64x64), padding_value = zero, tensor_view<4096x64xbf16, strides=[64,1]>>, tile<i32> -> tile<64x64xbf16>, token
      %vt, %t2 = load_view_tko weak %vp[%j, %c0] : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>, tile<i32> -> tile<64x128xbf16>, token
      %ktt = permute %kt [1, 0] : tile<64x64xbf16> -> tile<64x64xbf16>
      %szero = constant <f32: 0.0> : tile<128x64xf32>
      %s = mmaf %qt, %ktt, %szero : tile<128x64xbf16>, tile<64x64xbf16>, tile<128x64xf32>
      %e = exp %s : tile<128x64xf32>
      %p = ftof %e : tile<128x64xf32> -> tile<128x64xbf16>
      %half = constant <f32: 0.5> : tile<128x128xf32>
      %scaled = mulf %a, %half : tile<128x128xf32>
      %next = mmaf %p, %vt, %scaled : tile<128x64xbf16>, tile<64x128xbf16>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %ov = make_tensor_view %o, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %op = make_partition_view %ov : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %t3 = store_view_tko weak %acc, %op[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
