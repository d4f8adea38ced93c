// The shared-memory level through ptxas on every target: pipelined cp.async
// (issued by producer warps, handed over by mbarriers) and wgmma (operands by descriptor, or A in registers for chained
// products) on sm_90; cp.async, ldmatrix (transposed for N-major B and the
// transposed K of attention) and mma.sync elsewhere.
// REQUIRES: ptxas
// RUN: tileiras %s --gpu-name sm_90 -o %t.90.cubin --emit-ptx %t.90.ptx
// RUN: FileCheck %s --check-prefix=SM90 < %t.90.ptx
// RUN: tileiras %s --gpu-name sm_80 -o %t.80.cubin --emit-ptx %t.80.ptx
// RUN: FileCheck %s --check-prefix=SYNC < %t.80.ptx
// RUN: tileiras %s --gpu-name sm_86 -o %t.86.cubin
// RUN: tileiras %s --gpu-name sm_89 -o %t.89.cubin
// RUN: tileiras %s --gpu-name sm_100 -o %t.100.cubin --emit-ptx %t.100.ptx
// RUN: FileCheck %s --check-prefix=SYNC < %t.100.ptx
// RUN: tileiras %s --gpu-name sm_120 -o %t.120.cubin

// SM90-LABEL: .entry gemm(
// SM90: .reqntid 384, 1, 1
// SM90-DAG: cp.async.cg.shared.global
// SM90-DAG: cp.async.mbarrier.arrive.noinc.shared.b64
// SM90-DAG: mbarrier.try_wait.parity.shared.b64
// SM90-DAG: mbarrier.arrive.shared.b64
// SM90-DAG: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16
// SM90-DAG: wgmma.wait_group.sync.aligned 1;
// SM90-LABEL: .entry chain(
// SM90: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {{{.*}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1, 0, 0;
// SM90: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {{{.*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1, 1;
// SYNC-LABEL: .entry gemm(
// SYNC: cp.async.cg.shared.global
// SYNC: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// SYNC: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// SYNC: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// SYNC-LABEL: .entry chain(
// SYNC: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// SYNC: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
cuda_tile.module @kernels {
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
