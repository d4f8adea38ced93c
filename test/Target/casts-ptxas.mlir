// Conversions compiled to a cubin for every target: the 8-bit float
// conversions use the PTX cvt instructions from sm_89 on and integer
// arithmetic before; tf32 rounding uses cvt.rn.tf32.f32 from sm_90 on.
// REQUIRES: ptxas
// RUN: tileiras %s --gpu-name sm_80 -o %t.sm80.cubin --emit-ptx %t.sm80.ptx
// RUN: od -An -tx1 -N4 %t.sm80.cubin | FileCheck %s --check-prefix=ELF
// RUN: FileCheck %s --check-prefixes=PTX,NOFP8,NOTF32 < %t.sm80.ptx
// RUN: tileiras %s --gpu-name sm_86 -o %t.sm86.cubin --emit-ptx %t.sm86.ptx
// RUN: od -An -tx1 -N4 %t.sm86.cubin | FileCheck %s --check-prefix=ELF
// RUN: FileCheck %s --check-prefixes=PTX,NOFP8,NOTF32 < %t.sm86.ptx
// RUN: tileiras %s --gpu-name sm_89 -o %t.sm89.cubin --emit-ptx %t.sm89.ptx
// RUN: od -An -tx1 -N4 %t.sm89.cubin | FileCheck %s --check-prefix=ELF
// RUN: FileCheck %s --check-prefixes=PTX,FP8,NOTF32 < %t.sm89.ptx
// RUN: tileiras %s --gpu-name sm_90 -o %t.sm90.cubin --emit-ptx %t.sm90.ptx
// RUN: od -An -tx1 -N4 %t.sm90.cubin | FileCheck %s --check-prefix=ELF
// RUN: FileCheck %s --check-prefixes=PTX,FP8,TF32 < %t.sm90.ptx
// RUN: tileiras %s --gpu-name sm_100 -o %t.sm100.cubin --emit-ptx %t.sm100.ptx
// RUN: od -An -tx1 -N4 %t.sm100.cubin | FileCheck %s --check-prefix=ELF
// RUN: FileCheck %s --check-prefixes=PTX,FP8,TF32 < %t.sm100.ptx
// RUN: tileiras %s --gpu-name sm_120 -o %t.sm120.cubin --emit-ptx %t.sm120.ptx
// RUN: od -An -tx1 -N4 %t.sm120.cubin | FileCheck %s --check-prefix=ELF
// RUN: FileCheck %s --check-prefixes=PTX,FP8,TF32 < %t.sm120.ptx

// ELF: 7f 45 4c 46

// PTX-LABEL: .entry float_chain(
// FP8-DAG: cvt.rn.satfinite.e4m3x2.f32
// FP8-DAG: cvt.rn.satfinite.e5m2x2.f32
// FP8-DAG: cvt.rn.f16x2.e4m3x2
// NOFP8-NOT: e4m3x2
// NOFP8-NOT: e5m2x2
// NOFP8: cvt.rni.f32.f32
// TF32: cvt.rn.tf32.f32
// NOTF32-NOT: tf32
// PTX: cvt.rn.bf16.f32
// PTX: cvt.rzi.s32.f32
// PTX: cvt.rn.f32.s32
// PTX-LABEL: .entry from_f64(
// PTX-DAG: cvt.rz.f32.f64
// PTX-DAG: cvt.rn.f16.f64

cuda_tile.module @casts {
  entry @float_chain(%xp: tile<ptr<f32>>, %op: tile<ptr<f32>>) {
    %xv = make_tensor_view %xp, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %ov = make_tensor_view %op, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %xpv = make_partition_view %xv : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %opv = make_partition_view %ov : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t0 = load_view_tko weak %xpv[%c0] : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %e4 = ftof %x : tile<128xf32> -> tile<128xf8E4M3FN>
    %e4f = ftof %e4 : tile<128xf8E4M3FN> -> tile<128xf32>
    %e5 = ftof %e4f : tile<128xf32> -> tile<128xf8E5M2>
    %e5f = ftof %e5 : tile<128xf8E5M2> -> tile<128xf32>
    %tf = ftof %e5f : tile<128xf32> -> tile<128xtf32>
    %tff = ftof %tf : tile<128xtf32> -> tile<128xf32>
    %bf = ftof %tff : tile<128xf32> -> tile<128xbf16>
    %bff = ftof %bf : tile<128xbf16> -> tile<128xf32>
    %i = ftoi %bff signed : tile<128xf32> -> tile<128xi32>
    %i8 = trunci %i : tile<128xi32> -> tile<128xi8>
    %j = exti %i8 signed : tile<128xi8> -> tile<128xi32>
    %k = itof %j signed : tile<128xi32> -> tile<128xf32>
    %e8 = ftof %k rounding<positive_inf> : tile<128xf32> -> tile<128xf8E8M0FNU>
    %e8f = ftof %e8 : tile<128xf8E8M0FNU> -> tile<128xf32>
    %f4 = ftof %e8f : tile<128xf32> -> tile<128xf4E2M1FN>
    %f4f = ftof %f4 : tile<128xf4E2M1FN> -> tile<128xf32>
    %sum = addf %f4f, %k : tile<128xf32>
    %t1 = store_view_tko weak %sum, %opv[%c0] : tile<128xf32>, partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
    return
  }

  entry @from_f64(%xp: tile<ptr<f64>>, %op: tile<ptr<f32>>, %hp: tile<ptr<f16>>) {
    %xv = make_tensor_view %xp, shape = [128], strides = [1] : tensor_view<128xf64, strides=[1]>
    %ov = make_tensor_view %op, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %hv = make_tensor_view %hp, shape = [128], strides = [1] : tensor_view<128xf16, strides=[1]>
    %xpv = make_partition_view %xv : partition_view<tile=(128), tensor_view<128xf64, strides=[1]>>
    %opv = make_partition_view %ov : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %hpv = make_partition_view %hv : partition_view<tile=(128), tensor_view<128xf16, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t0 = load_view_tko weak %xpv[%c0] : partition_view<tile=(128), tensor_view<128xf64, strides=[1]>>, tile<i32> -> tile<128xf64>, token
    %a = ftof %x : tile<128xf64> -> tile<128xf8E4M3FN>
    %af = ftof %a : tile<128xf8E4M3FN> -> tile<128xf32>
    %b = ftof %x : tile<128xf64> -> tile<128xtf32>
    %bf = ftof %b : tile<128xtf32> -> tile<128xf32>
    %s = addf %af, %bf : tile<128xf32>
    %h = ftof %x : tile<128xf64> -> tile<128xf16>
    %t1 = store_view_tko weak %s, %opv[%c0] : tile<128xf32>, partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
    %t2 = store_view_tko weak %h, %hpv[%c0] : tile<128xf16>, partition_view<tile=(128), tensor_view<128xf16, strides=[1]>>, tile<i32> -> token
    return
  }
}
