// Matrix products compiled to a cubin on sm_80, sm_89, sm_90 and sm_120:
// ptxas accepts the mma.sync forms of every element type; e4m3/e5m2 use
// the fp8 instruction from sm_89 on and the f16 one (after exact widening)
// before; f32 x f32 is an FMA chain. On sm_90, 16-bit products of at least 64
// rows run on wgmma instead, with operands in swizzled shared memory.
// REQUIRES: ptxas
// RUN: tileiras %s --gpu-name sm_80 -o %t.sm80.cubin --emit-ptx %t.sm80.ptx
// RUN: od -An -tx1 -N4 %t.sm80.cubin | FileCheck %s --check-prefix=ELF
// RUN: FileCheck %s --check-prefixes=PTX,NOFP8,SYNC < %t.sm80.ptx
// RUN: tileiras %s --gpu-name sm_89 -o %t.sm89.cubin --emit-ptx %t.sm89.ptx
// RUN: od -An -tx1 -N4 %t.sm89.cubin | FileCheck %s --check-prefix=ELF
// RUN: FileCheck %s --check-prefixes=PTX,FP8,SYNC < %t.sm89.ptx
// RUN: tileiras %s --gpu-name sm_90 -o %t.sm90.cubin --emit-ptx %t.sm90.ptx
// RUN: od -An -tx1 -N4 %t.sm90.cubin | FileCheck %s --check-prefix=ELF
// RUN: FileCheck %s --check-prefixes=PTX,FP8,WGMMA < %t.sm90.ptx
// RUN: tileiras %s --gpu-name sm_120 -o %t.sm120.cubin --emit-ptx %t.sm120.ptx
// RUN: od -An -tx1 -N4 %t.sm120.cubin | FileCheck %s --check-prefix=ELF
// RUN: FileCheck %s --check-prefixes=PTX,FP8,SYNC < %t.sm120.ptx

// ELF: 7f 45 4c 46

// PTX-LABEL: .entry f16_f32(
// SYNC-COUNT-16: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// WGMMA: fence.proxy.async.shared::cta
// WGMMA: wgmma.fence.sync.aligned
// WGMMA-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// WGMMA: wgmma.commit_group.sync.aligned
// WGMMA: wgmma.wait_group.sync.aligned 0
// PTX-LABEL: .entry f16_f16(
// PTX: mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16
// PTX-LABEL: .entry bf16_f32(
// SYNC: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// WGMMA: wgmma.mma_async.sync.aligned.m64n32k16.f32.bf16.bf16
// PTX-LABEL: .entry tf32_f32(
// PTX: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// PTX-LABEL: .entry f64_f64(
// PTX: mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64
// PTX-LABEL: .entry i8_i32(
// PTX: mma.sync.aligned.m16n8k32.row.col.s32.s8.u8.s32
// PTX-LABEL: .entry e4m3_f32(
// FP8: mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32
// NOFP8: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX-LABEL: .entry e5m2_f16(
// FP8: mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32
// NOFP8: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX-LABEL: .entry f32_fma(
// PTX-NOT: mma.sync
// PTX: fma.rn.f32
// PTX-LABEL: .entry scaled_e2m1(
// PTX-NOT: mma.sync
// PTX: fma.rn.f32

cuda_tile.module @mma {
  entry @f16_f32(%ap: tile<ptr<f16>>, %bp: tile<ptr<f16>>, %cp: tile<ptr<f32>>, %dp: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %av = make_tensor_view %ap, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf16, strides=[32,1]>
    %apv = make_partition_view %av : partition_view<tile=(64x32), tensor_view<64x32xf16, strides=[32,1]>>
    %a, %at = load_view_tko weak %apv[%c0, %c0] : partition_view<tile=(64x32), tensor_view<64x32xf16, strides=[32,1]>>, tile<i32> -> tile<64x32xf16>, token
    %bv = make_tensor_view %bp, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xf16, strides=[64,1]>
    %bpv = make_partition_view %bv : partition_view<tile=(32x64), tensor_view<32x64xf16, strides=[64,1]>>
    %b, %bt = load_view_tko weak %bpv[%c0, %c0] : partition_view<tile=(32x64), tensor_view<32x64xf16, strides=[64,1]>>, tile<i32> -> tile<32x64xf16>, token
    %cv = make_tensor_view %cp, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %cpv = make_partition_view %cv : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %c, %ct = load_view_tko weak %cpv[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<64x64xf32>, token
    %d = mmaf %a, %b, %c : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
    %dv = make_tensor_view %dp, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %dpv = make_partition_view %dv : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %t = store_view_tko weak %d, %dpv[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }

  entry @f16_f16(%ap: tile<ptr<f16>>, %bp: tile<ptr<f16>>, %cp: tile<ptr<f16>>, %dp: tile<ptr<f16>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %av = make_tensor_view %ap, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf16, strides=[32,1]>
    %apv = make_partition_view %av : partition_view<tile=(32x32), tensor_view<32x32xf16, strides=[32,1]>>
    %a, %at = load_view_tko weak %apv[%c0, %c0] : partition_view<tile=(32x32), tensor_view<32x32xf16, strides=[32,1]>>, tile<i32> -> tile<32x32xf16>, token
    %bv = make_tensor_view %bp, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf16, strides=[32,1]>
    %bpv = make_partition_view %bv : partition_view<tile=(32x32), tensor_view<32x32xf16, strides=[32,1]>>
    %b, %bt = load_view_tko weak %bpv[%c0, %c0] : partition_view<tile=(32x32), tensor_view<32x32xf16, strides=[32,1]>>, tile<i32> -> tile<32x32xf16>, token
    %cv = make_tensor_view %cp, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf16, strides=[32,1]>
    %cpv = make_partition_view %cv : partition_view<tile=(32x32), tensor_view<32x32xf16, strides=[32,1]>>
    %c, %ct = load_view_tko weak %cpv[%c0, %c0] : partition_view<tile=(32x32), tensor_view<32x32xf16, strides=[32,1]>>, tile<i32> -> tile<32x32xf16>, token
    %d = mmaf %a, %b, %c : tile<32x32xf16>, tile<32x32xf16>, tile<32x32xf16>
    %dv = make_tensor_view %dp, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf16, strides=[32,1]>
    %dpv = make_partition_view %dv : partition_view<tile=(32x32), tensor_view<32x32xf16, strides=[32,1]>>
    %t = store_view_tko weak %d, %dpv[%c0, %c0] : tile<32x32xf16>, partition_view<tile=(32x32), tensor_view<32x32xf16, strides=[32,1]>>, tile<i32> -> token
    return
  }

  entry @bf16_f32(%ap: tile<ptr<bf16>>, %bp: tile<ptr<bf16>>, %cp: tile<ptr<f32>>, %dp: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %av = make_tensor_view %ap, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xbf16, strides=[32,1]>
    %apv = make_partition_view %av : partition_view<tile=(64x32), tensor_view<64x32xbf16, strides=[32,1]>>
    %a, %at = load_view_tko weak %apv[%c0, %c0] : partition_view<tile=(64x32), tensor_view<64x32xbf16, strides=[32,1]>>, tile<i32> -> tile<64x32xbf16>, token
    %bv = make_tensor_view %bp, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xbf16, strides=[32,1]>
    %bpv = make_partition_view %bv : partition_view<tile=(32x32), tensor_view<32x32xbf16, strides=[32,1]>>
    %b, %bt = load_view_tko weak %bpv[%c0, %c0] : partition_view<tile=(32x32), tensor_view<32x32xbf16, strides=[32,1]>>, tile<i32> -> tile<32x32xbf16>, token
    %cv = make_tensor_view %cp, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
    %cpv = make_partition_view %cv : partition_view<tile=(64x32), tensor_view<64x32xf32, strides=[32,1]>>
    %c, %ct = load_view_tko weak %cpv[%c0, %c0] : partition_view<tile=(64x32), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<64x32xf32>, token
    %d = mmaf %a, %b, %c : tile<64x32xbf16>, tile<32x32xbf16>, tile<64x32xf32>
    %dv = make_tensor_view %dp, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
    %dpv = make_partition_view %dv : partition_view<tile=(64x32), tensor_view<64x32xf32, strides=[32,1]>>
    %t = store_view_tko weak %d, %dpv[%c0, %c0] : tile<64x32xf32>, partition_view<tile=(64x32), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> token
    return
  }

  entry @tf32_f32(%ap: tile<ptr<f32>>, %bp: tile<ptr<f32>>, %cp: tile<ptr<f32>>, %dp: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %av = make_tensor_view %ap, shape = [32, 16], strides = [16, 1] : tensor_view<32x16xf32, strides=[16,1]>
    %apv = make_partition_view %av : partition_view<tile=(32x16), tensor_view<32x16xf32, strides=[16,1]>>
    %al, %at = load_view_tko weak %apv[%c0, %c0] : partition_view<tile=(32x16), tensor_view<32x16xf32, strides=[16,1]>>, tile<i32> -> tile<32x16xf32>, token
    %a = ftof %al : tile<32x16xf32> -> tile<32x16xtf32>
    %bv = make_tensor_view %bp, shape = [16, 32], strides = [32, 1] : tensor_view<16x32xf32, strides=[32,1]>
    %bpv = make_partition_view %bv : partition_view<tile=(16x32), tensor_view<16x32xf32, strides=[32,1]>>
    %bl, %bt = load_view_tko weak %bpv[%c0, %c0] : partition_view<tile=(16x32), tensor_view<16x32xf32, strides=[32,1]>>, tile<i32> -> tile<16x32xf32>, token
    %b = ftof %bl : tile<16x32xf32> -> tile<16x32xtf32>
    %cv = make_tensor_view %cp, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    %cpv = make_partition_view %cv : partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>
    %c, %ct = load_view_tko weak %cpv[%c0, %c0] : partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>, tile<i32> -> tile<32x32xf32>, token
    %d = mmaf %a, %b, %c : tile<32x16xtf32>, tile<16x32xtf32>, tile<32x32xf32>
    %dv = make_tensor_view %dp, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    %dpv = make_partition_view %dv : partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>
    %t = store_view_tko weak %d, %dpv[%c0, %c0] : tile<32x32xf32>, partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>, tile<i32> -> token
    return
  }

  entry @f64_f64(%ap: tile<ptr<f64>>, %bp: tile<ptr<f64>>, %cp: tile<ptr<f64>>, %dp: tile<ptr<f64>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %av = make_tensor_view %ap, shape = [16, 8], strides = [8, 1] : tensor_view<16x8xf64, strides=[8,1]>
    %apv = make_partition_view %av : partition_view<tile=(16x8), tensor_view<16x8xf64, strides=[8,1]>>
    %a, %at = load_view_tko weak %apv[%c0, %c0] : partition_view<tile=(16x8), tensor_view<16x8xf64, strides=[8,1]>>, tile<i32> -> tile<16x8xf64>, token
    %bv = make_tensor_view %bp, shape = [8, 16], strides = [16, 1] : tensor_view<8x16xf64, strides=[16,1]>
    %bpv = make_partition_view %bv : partition_view<tile=(8x16), tensor_view<8x16xf64, strides=[16,1]>>
    %b, %bt = load_view_tko weak %bpv[%c0, %c0] : partition_view<tile=(8x16), tensor_view<8x16xf64, strides=[16,1]>>, tile<i32> -> tile<8x16xf64>, token
    %cv = make_tensor_view %cp, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf64, strides=[16,1]>
    %cpv = make_partition_view %cv : partition_view<tile=(16x16), tensor_view<16x16xf64, strides=[16,1]>>
    %c, %ct = load_view_tko weak %cpv[%c0, %c0] : partition_view<tile=(16x16), tensor_view<16x16xf64, strides=[16,1]>>, tile<i32> -> tile<16x16xf64>, token
    %d = mmaf %a, %b, %c : tile<16x8xf64>, tile<8x16xf64>, tile<16x16xf64>
    %dv = make_tensor_view %dp, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf64, strides=[16,1]>
    %dpv = make_partition_view %dv : partition_view<tile=(16x16), tensor_view<16x16xf64, strides=[16,1]>>
    %t = store_view_tko weak %d, %dpv[%c0, %c0] : tile<16x16xf64>, partition_view<tile=(16x16), tensor_view<16x16xf64, strides=[16,1]>>, tile<i32> -> token
    return
  }

  entry @i8_i32(%ap: tile<ptr<i8>>, %bp: tile<ptr<i8>>, %cp: tile<ptr<i32>>, %dp: tile<ptr<i32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %av = make_tensor_view %ap, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xi8, strides=[64,1]>
    %apv = make_partition_view %av : partition_view<tile=(32x64), tensor_view<32x64xi8, strides=[64,1]>>
    %a, %at = load_view_tko weak %apv[%c0, %c0] : partition_view<tile=(32x64), tensor_view<32x64xi8, strides=[64,1]>>, tile<i32> -> tile<32x64xi8>, token
    %bv = make_tensor_view %bp, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xi8, strides=[32,1]>
    %bpv = make_partition_view %bv : partition_view<tile=(64x32), tensor_view<64x32xi8, strides=[32,1]>>
    %b, %bt = load_view_tko weak %bpv[%c0, %c0] : partition_view<tile=(64x32), tensor_view<64x32xi8, strides=[32,1]>>, tile<i32> -> tile<64x32xi8>, token
    %cv = make_tensor_view %cp, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xi32, strides=[32,1]>
    %cpv = make_partition_view %cv : partition_view<tile=(32x32), tensor_view<32x32xi32, strides=[32,1]>>
    %c, %ct = load_view_tko weak %cpv[%c0, %c0] : partition_view<tile=(32x32), tensor_view<32x32xi32, strides=[32,1]>>, tile<i32> -> tile<32x32xi32>, token
    %d = mmai %a, %b, %c signed unsigned : tile<32x64xi8>, tile<64x32xi8>, tile<32x32xi32>
    %dv = make_tensor_view %dp, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xi32, strides=[32,1]>
    %dpv = make_partition_view %dv : partition_view<tile=(32x32), tensor_view<32x32xi32, strides=[32,1]>>
    %t = store_view_tko weak %d, %dpv[%c0, %c0] : tile<32x32xi32>, partition_view<tile=(32x32), tensor_view<32x32xi32, strides=[32,1]>>, tile<i32> -> token
    return
  }

  entry @e4m3_f32(%ap: tile<ptr<f8E4M3FN>>, %bp: tile<ptr<f8E4M3FN>>, %cp: tile<ptr<f32>>, %dp: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %av = make_tensor_view %ap, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xf8E4M3FN, strides=[64,1]>
    %apv = make_partition_view %av : partition_view<tile=(32x64), tensor_view<32x64xf8E4M3FN, strides=[64,1]>>
    %a, %at = load_view_tko weak %apv[%c0, %c0] : partition_view<tile=(32x64), tensor_view<32x64xf8E4M3FN, strides=[64,1]>>, tile<i32> -> tile<32x64xf8E4M3FN>, token
    %bv = make_tensor_view %bp, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf8E4M3FN, strides=[32,1]>
    %bpv = make_partition_view %bv : partition_view<tile=(64x32), tensor_view<64x32xf8E4M3FN, strides=[32,1]>>
    %b, %bt = load_view_tko weak %bpv[%c0, %c0] : partition_view<tile=(64x32), tensor_view<64x32xf8E4M3FN, strides=[32,1]>>, tile<i32> -> tile<64x32xf8E4M3FN>, token
    %cv = make_tensor_view %cp, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    %cpv = make_partition_view %cv : partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>
    %c, %ct = load_view_tko weak %cpv[%c0, %c0] : partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>, tile<i32> -> tile<32x32xf32>, token
    %d = mmaf %a, %b, %c : tile<32x64xf8E4M3FN>, tile<64x32xf8E4M3FN>, tile<32x32xf32>
    %dv = make_tensor_view %dp, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    %dpv = make_partition_view %dv : partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>
    %t = store_view_tko weak %d, %dpv[%c0, %c0] : tile<32x32xf32>, partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>, tile<i32> -> token
    return
  }

  entry @e5m2_f16(%ap: tile<ptr<f8E5M2>>, %bp: tile<ptr<f8E5M2>>, %cp: tile<ptr<f16>>, %dp: tile<ptr<f16>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %av = make_tensor_view %ap, shape = [16, 32], strides = [32, 1] : tensor_view<16x32xf8E5M2, strides=[32,1]>
    %apv = make_partition_view %av : partition_view<tile=(16x32), tensor_view<16x32xf8E5M2, strides=[32,1]>>
    %a, %at = load_view_tko weak %apv[%c0, %c0] : partition_view<tile=(16x32), tensor_view<16x32xf8E5M2, strides=[32,1]>>, tile<i32> -> tile<16x32xf8E5M2>, token
    %bv = make_tensor_view %bp, shape = [32, 16], strides = [16, 1] : tensor_view<32x16xf8E5M2, strides=[16,1]>
    %bpv = make_partition_view %bv : partition_view<tile=(32x16), tensor_view<32x16xf8E5M2, strides=[16,1]>>
    %b, %bt = load_view_tko weak %bpv[%c0, %c0] : partition_view<tile=(32x16), tensor_view<32x16xf8E5M2, strides=[16,1]>>, tile<i32> -> tile<32x16xf8E5M2>, token
    %cv = make_tensor_view %cp, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf16, strides=[16,1]>
    %cpv = make_partition_view %cv : partition_view<tile=(16x16), tensor_view<16x16xf16, strides=[16,1]>>
    %c, %ct = load_view_tko weak %cpv[%c0, %c0] : partition_view<tile=(16x16), tensor_view<16x16xf16, strides=[16,1]>>, tile<i32> -> tile<16x16xf16>, token
    %d = mmaf %a, %b, %c : tile<16x32xf8E5M2>, tile<32x16xf8E5M2>, tile<16x16xf16>
    %dv = make_tensor_view %dp, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf16, strides=[16,1]>
    %dpv = make_partition_view %dv : partition_view<tile=(16x16), tensor_view<16x16xf16, strides=[16,1]>>
    %t = store_view_tko weak %d, %dpv[%c0, %c0] : tile<16x16xf16>, partition_view<tile=(16x16), tensor_view<16x16xf16, strides=[16,1]>>, tile<i32> -> token
    return
  }

  entry @f32_fma(%ap: tile<ptr<f32>>, %bp: tile<ptr<f32>>, %cp: tile<ptr<f32>>, %dp: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %av = make_tensor_view %ap, shape = [16, 8], strides = [8, 1] : tensor_view<16x8xf32, strides=[8,1]>
    %apv = make_partition_view %av : partition_view<tile=(16x8), tensor_view<16x8xf32, strides=[8,1]>>
    %a, %at = load_view_tko weak %apv[%c0, %c0] : partition_view<tile=(16x8), tensor_view<16x8xf32, strides=[8,1]>>, tile<i32> -> tile<16x8xf32>, token
    %bv = make_tensor_view %bp, shape = [8, 16], strides = [16, 1] : tensor_view<8x16xf32, strides=[16,1]>
    %bpv = make_partition_view %bv : partition_view<tile=(8x16), tensor_view<8x16xf32, strides=[16,1]>>
    %b, %bt = load_view_tko weak %bpv[%c0, %c0] : partition_view<tile=(8x16), tensor_view<8x16xf32, strides=[16,1]>>, tile<i32> -> tile<8x16xf32>, token
    %cv = make_tensor_view %cp, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf32, strides=[16,1]>
    %cpv = make_partition_view %cv : partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>
    %c, %ct = load_view_tko weak %cpv[%c0, %c0] : partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> tile<16x16xf32>, token
    %d = mmaf %a, %b, %c : tile<16x8xf32>, tile<8x16xf32>, tile<16x16xf32>
    %dv = make_tensor_view %dp, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf32, strides=[16,1]>
    %dpv = make_partition_view %dv : partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>
    %t = store_view_tko weak %d, %dpv[%c0, %c0] : tile<16x16xf32>, partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }

  entry @scaled_e2m1(%ap: tile<ptr<f32>>, %bp: tile<ptr<f32>>, %sp: tile<ptr<i8>>, %dp: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %av = make_tensor_view %ap, shape = [16, 32], strides = [32, 1] : tensor_view<16x32xf32, strides=[32,1]>
    %apv = make_partition_view %av : partition_view<tile=(16x32), tensor_view<16x32xf32, strides=[32,1]>>
    %ai, %at = load_view_tko weak %apv[%c0, %c0] : partition_view<tile=(16x32), tensor_view<16x32xf32, strides=[32,1]>>, tile<i32> -> tile<16x32xf32>, token
    %bv = make_tensor_view %bp, shape = [32, 16], strides = [16, 1] : tensor_view<32x16xf32, strides=[16,1]>
    %bpv = make_partition_view %bv : partition_view<tile=(32x16), tensor_view<32x16xf32, strides=[16,1]>>
    %bi, %bt = load_view_tko weak %bpv[%c0, %c0] : partition_view<tile=(32x16), tensor_view<32x16xf32, strides=[16,1]>>, tile<i32> -> tile<32x16xf32>, token
    %sv = make_tensor_view %sp, shape = [16, 2], strides = [2, 1] : tensor_view<16x2xi8, strides=[2,1]>
    %spv = make_partition_view %sv : partition_view<tile=(16x2), tensor_view<16x2xi8, strides=[2,1]>>
    %si, %st = load_view_tko weak %spv[%c0, %c0] : partition_view<tile=(16x2), tensor_view<16x2xi8, strides=[2,1]>>, tile<i32> -> tile<16x2xi8>, token
    %ti = permute %si [1, 0] : tile<16x2xi8> -> tile<2x16xi8>
    %a = ftof %ai : tile<16x32xf32> -> tile<16x32xf4E2M1FN>
    %b = ftof %bi : tile<32x16xf32> -> tile<32x16xf4E2M1FN>
    %sa = bitcast %si : tile<16x2xi8> -> tile<16x2xf8E8M0FNU>
    %sb = bitcast %ti : tile<2x16xi8> -> tile<2x16xf8E8M0FNU>
    %c = constant <f32: 0.0> : tile<16x16xf32>
    %d = mmaf_scaled %a, %b, %c, %sa, %sb : tile<16x32xf4E2M1FN>, tile<32x16xf4E2M1FN>, tile<16x16xf32>, tile<16x2xf8E8M0FNU>, tile<2x16xf8E8M0FNU>
    %dv = make_tensor_view %dp, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf32, strides=[16,1]>
    %dpv = make_partition_view %dv : partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>
    %t = store_view_tko weak %d, %dpv[%c0, %c0] : tile<16x16xf32>, partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }
}
