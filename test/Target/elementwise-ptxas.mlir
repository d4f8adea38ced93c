// Element-wise arithmetic and math compiled to a cubin for every target; the
// PTX shows the instruction each rounding mode, flush-to-zero flag and
// approximation selects, and that libdevice calls are linked and inlined.
// REQUIRES: ptxas
// RUN: tileiras %s --gpu-name sm_80 -o %t.sm80.cubin --emit-ptx %t.sm80.ptx
// RUN: od -An -tx1 -N4 %t.sm80.cubin | FileCheck %s --check-prefix=ELF
// RUN: FileCheck %s --check-prefixes=PTX < %t.sm80.ptx
// RUN: tileiras %s --gpu-name sm_86 -o %t.sm86.cubin --emit-ptx %t.sm86.ptx
// RUN: od -An -tx1 -N4 %t.sm86.cubin | FileCheck %s --check-prefix=ELF
// RUN: FileCheck %s --check-prefixes=PTX < %t.sm86.ptx
// RUN: tileiras %s --gpu-name sm_89 -o %t.sm89.cubin --emit-ptx %t.sm89.ptx
// RUN: od -An -tx1 -N4 %t.sm89.cubin | FileCheck %s --check-prefix=ELF
// RUN: FileCheck %s --check-prefixes=PTX < %t.sm89.ptx
// RUN: tileiras %s --gpu-name sm_90 -o %t.sm90.cubin --emit-ptx %t.sm90.ptx
// RUN: od -An -tx1 -N4 %t.sm90.cubin | FileCheck %s --check-prefix=ELF
// RUN: FileCheck %s --check-prefixes=PTX < %t.sm90.ptx
// RUN: tileiras %s --gpu-name sm_100 -o %t.sm100.cubin --emit-ptx %t.sm100.ptx
// RUN: od -An -tx1 -N4 %t.sm100.cubin | FileCheck %s --check-prefix=ELF
// RUN: FileCheck %s --check-prefixes=PTX < %t.sm100.ptx
// RUN: tileiras %s --gpu-name sm_120 -o %t.sm120.cubin --emit-ptx %t.sm120.ptx
// RUN: od -An -tx1 -N4 %t.sm120.cubin | FileCheck %s --check-prefix=ELF
// RUN: FileCheck %s --check-prefixes=PTX < %t.sm120.ptx
// -O0 keeps the libdevice functions as calls; NVVMReflect still resolves
// their target queries, so ptxas accepts the result.
// RUN: tileiras %s --gpu-name sm_90 -O0 -o %t.O0.cubin --emit-ptx %t.O0.ptx
// RUN: od -An -tx1 -N4 %t.O0.cubin | FileCheck %s --check-prefix=ELF
// RUN: FileCheck %s --check-prefix=O0 < %t.O0.ptx

// ELF: 7f 45 4c 46

// PTX-NOT: .extern
// PTX-NOT: __nvvm_reflect
// PTX-LABEL: .entry f32_modes(
// PTX-DAG: add.rz.f32
// PTX-DAG: sub.rp.f32
// PTX-DAG: mul.rm.ftz.f32
// PTX-DAG: div.approx.f32
// PTX-DAG: div.full.f32
// PTX-DAG: div.rn.f32
// PTX-DAG: fma.rz.f32
// PTX-DAG: max.NaN.f32
// PTX-DAG: min.f32
// PTX-DAG: sqrt.approx.f32
// PTX-DAG: sqrt.rn.f32
// PTX-DAG: rsqrt.approx.ftz.f32
// PTX-DAG: ex2.approx.f32
// PTX-DAG: ex2.approx.ftz.f32
// PTX-DAG: tanh.approx.f32
// PTX-NOT: call
// PTX-LABEL: .entry f64_modes(
// PTX-DAG: add.rz.f64
// PTX-DAG: mul.rp.f64
// PTX-DAG: div.rm.f64
// PTX-DAG: fma.rn.f64
// PTX-DAG: sqrt.rz.f64
// PTX-NOT: call
// PTX-LABEL: .entry half_modes(
// PTX-DAG: cvt.rz.f16.f32
// PTX-DAG: cvt.rz.bf16.f32
// PTX-DAG: cvt.rn.f16.f32
// PTX-NOT: call
// PTX-LABEL: .entry ints(
// PTX-DAG: mul.hi.u32
// PTX-DAG: div.s32
// PTX-DAG: rem.s32
// PTX-DAG: div.u64
// PTX-DAG: shl.b32
// PTX-DAG: shr.s32
// PTX-DAG: shr.u32

// O0-LABEL: .entry f32_modes(
// O0: call{{.*}}__nv_sinf
// O0: .func {{.*}}__nv_sinf(
// O0-NOT: __nvvm_reflect

cuda_tile.module @elementwise {
  entry @f32_modes(%xp: tile<ptr<f32>>, %yp: tile<ptr<f32>>, %op: tile<ptr<f32>>) {
    %xv = make_tensor_view %xp, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %yv = make_tensor_view %yp, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %ov = make_tensor_view %op, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %xpv = make_partition_view %xv : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %ypv = make_partition_view %yv : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %opv = make_partition_view %ov : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t0 = load_view_tko weak %xpv[%c0] : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %y, %t1 = load_view_tko weak %ypv[%c0] : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %a = addf %x, %y rounding<zero> : tile<128xf32>
    %b = subf %a, %y rounding<positive_inf> : tile<128xf32>
    %c = mulf %b, %x rounding<negative_inf> flush_to_zero : tile<128xf32>
    %d = divf %c, %y rounding<approx> : tile<128xf32>
    %e = divf %d, %x rounding<full> : tile<128xf32>
    %f = fma %e, %x, %y rounding<zero> : tile<128xf32>
    %g = maxf %f, %x propagate_nan : tile<128xf32>
    %h = minf %g, %y : tile<128xf32>
    %i = sqrt %h rounding<approx> : tile<128xf32>
    %j = rsqrt %i flush_to_zero : tile<128xf32>
    %k = exp %j rounding<approx> : tile<128xf32>
    %l = tanh %k rounding<approx> : tile<128xf32>
    %m = exp2 %l flush_to_zero : tile<128xf32>
    %n = sin %m : tile<128xf32>
    %o = pow %n, %x : tile<128xf32>
    %p = remf %o, %y : tile<128xf32>
    %q = divf %p, %x : tile<128xf32>
    %r = sqrt %q : tile<128xf32>
    %s = atan2 %r, %y : tile<128xf32>
    %t2 = store_view_tko weak %s, %opv[%c0] : tile<128xf32>, partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
    return
  }

  entry @f64_modes(%xp: tile<ptr<f64>>, %op: tile<ptr<f64>>) {
    %xv = make_tensor_view %xp, shape = [128], strides = [1] : tensor_view<128xf64, strides=[1]>
    %ov = make_tensor_view %op, shape = [128], strides = [1] : tensor_view<128xf64, strides=[1]>
    %xpv = make_partition_view %xv : partition_view<tile=(128), tensor_view<128xf64, strides=[1]>>
    %opv = make_partition_view %ov : partition_view<tile=(128), tensor_view<128xf64, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t0 = load_view_tko weak %xpv[%c0] : partition_view<tile=(128), tensor_view<128xf64, strides=[1]>>, tile<i32> -> tile<128xf64>, token
    %a = addf %x, %x rounding<zero> : tile<128xf64>
    %b = mulf %a, %x rounding<positive_inf> : tile<128xf64>
    %c = divf %b, %x rounding<negative_inf> : tile<128xf64>
    %d = fma %c, %x, %a : tile<128xf64>
    %e = sqrt %d rounding<zero> : tile<128xf64>
    %f = exp %e : tile<128xf64>
    %g = rsqrt %f : tile<128xf64>
    %h = maxf %g, %x propagate_nan : tile<128xf64>
    %t1 = store_view_tko weak %h, %opv[%c0] : tile<128xf64>, partition_view<tile=(128), tensor_view<128xf64, strides=[1]>>, tile<i32> -> token
    return
  }

  entry @half_modes(%xp: tile<ptr<f16>>, %yp: tile<ptr<bf16>>, %op: tile<ptr<f16>>, %qp: tile<ptr<bf16>>) {
    %xv = make_tensor_view %xp, shape = [128], strides = [1] : tensor_view<128xf16, strides=[1]>
    %yv = make_tensor_view %yp, shape = [128], strides = [1] : tensor_view<128xbf16, strides=[1]>
    %ov = make_tensor_view %op, shape = [128], strides = [1] : tensor_view<128xf16, strides=[1]>
    %qv = make_tensor_view %qp, shape = [128], strides = [1] : tensor_view<128xbf16, strides=[1]>
    %xpv = make_partition_view %xv : partition_view<tile=(128), tensor_view<128xf16, strides=[1]>>
    %ypv = make_partition_view %yv : partition_view<tile=(128), tensor_view<128xbf16, strides=[1]>>
    %opv = make_partition_view %ov : partition_view<tile=(128), tensor_view<128xf16, strides=[1]>>
    %qpv = make_partition_view %qv : partition_view<tile=(128), tensor_view<128xbf16, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t0 = load_view_tko weak %xpv[%c0] : partition_view<tile=(128), tensor_view<128xf16, strides=[1]>>, tile<i32> -> tile<128xf16>, token
    %y, %t1 = load_view_tko weak %ypv[%c0] : partition_view<tile=(128), tensor_view<128xbf16, strides=[1]>>, tile<i32> -> tile<128xbf16>, token
    %a = addf %x, %x rounding<zero> : tile<128xf16>
    %b = mulf %a, %x rounding<positive_inf> : tile<128xf16>
    %c = divf %b, %x : tile<128xf16>
    %d = fma %c, %x, %a rounding<negative_inf> : tile<128xf16>
    %e = tanh %d : tile<128xf16>
    %f = maxf %e, %x propagate_nan : tile<128xf16>
    %g = subf %y, %y rounding<zero> : tile<128xbf16>
    %h = sqrt %g rounding<positive_inf> : tile<128xbf16>
    %i = minf %h, %y : tile<128xbf16>
    %j = exp %i : tile<128xbf16>
    %t2 = store_view_tko weak %f, %opv[%c0] : tile<128xf16>, partition_view<tile=(128), tensor_view<128xf16, strides=[1]>>, tile<i32> -> token
    %t3 = store_view_tko weak %j, %qpv[%c0] : tile<128xbf16>, partition_view<tile=(128), tensor_view<128xbf16, strides=[1]>>, tile<i32> -> token
    return
  }

  entry @ints(%xp: tile<ptr<i32>>, %yp: tile<ptr<i64>>, %op: tile<ptr<i32>>, %qp: tile<ptr<i64>>) {
    %xv = make_tensor_view %xp, shape = [128], strides = [1] : tensor_view<128xi32, strides=[1]>
    %yv = make_tensor_view %yp, shape = [128], strides = [1] : tensor_view<128xi64, strides=[1]>
    %ov = make_tensor_view %op, shape = [128], strides = [1] : tensor_view<128xi32, strides=[1]>
    %qv = make_tensor_view %qp, shape = [128], strides = [1] : tensor_view<128xi64, strides=[1]>
    %xpv = make_partition_view %xv : partition_view<tile=(128), tensor_view<128xi32, strides=[1]>>
    %ypv = make_partition_view %yv : partition_view<tile=(128), tensor_view<128xi64, strides=[1]>>
    %opv = make_partition_view %ov : partition_view<tile=(128), tensor_view<128xi32, strides=[1]>>
    %qpv = make_partition_view %qv : partition_view<tile=(128), tensor_view<128xi64, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t0 = load_view_tko weak %xpv[%c0] : partition_view<tile=(128), tensor_view<128xi32, strides=[1]>>, tile<i32> -> tile<128xi32>, token
    %y, %t1 = load_view_tko weak %ypv[%c0] : partition_view<tile=(128), tensor_view<128xi64, strides=[1]>>, tile<i32> -> tile<128xi64>, token
    %a = mulhii %x, %x : tile<128xi32>
    %b = divi %a, %x signed rounding<negative_inf> : tile<128xi32>
    %c = remi %b, %x signed : tile<128xi32>
    %d = shli %c, %x : tile<128xi32>
    %e = shri %d, %x signed : tile<128xi32>
    %f = shri %e, %a unsigned : tile<128xi32>
    %yd = exti %x unsigned : tile<128xi32> -> tile<128xi64>
    %g = divi %y, %yd unsigned rounding<positive_inf> : tile<128xi64>
    %h = maxi %g, %y signed : tile<128xi64>
    %t2 = store_view_tko weak %f, %opv[%c0] : tile<128xi32>, partition_view<tile=(128), tensor_view<128xi32, strides=[1]>>, tile<i32> -> token
    %t3 = store_view_tko weak %h, %qpv[%c0] : tile<128xi64>, partition_view<tile=(128), tensor_view<128xi64, strides=[1]>>, tile<i32> -> token
    return
  }
}
