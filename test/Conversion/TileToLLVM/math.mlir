// Math functions lowered to LLVM/NVVM one register at a time: libdevice
// calls for full precision (f16/bf16 through f32), PTX approximations for
// rounding<approx> and flush_to_zero, NVVM sqrt intrinsics for the rounding
// modes of sqrt.
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-plan-shared-memory --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_90' | FileCheck %s

// Each libdevice function is declared once, with its C signature.
// CHECK-DAG: llvm.func @__nv_expf(f32) -> f32
// CHECK-DAG: llvm.func @__nv_exp2f(f32) -> f32
// CHECK-DAG: llvm.func @__nv_powf(f32, f32) -> f32
// CHECK-DAG: llvm.func @__nv_atan2(f64, f64) -> f64
// CHECK-DAG: llvm.func @__nv_rsqrt(f64) -> f64
// CHECK-NOT: llvm.func @__nv_expf(

cuda_tile.module @math {
// CHECK-LABEL: llvm.func @transcendental_f32(
// CHECK-SAME: %[[X:[a-z0-9]+]]: f32, %[[Y:[a-z0-9]+]]: f32
// CHECK: llvm.call @__nv_expf(%[[X]]) : (f32) -> f32
// CHECK: llvm.call @__nv_exp2f(%[[X]])
// CHECK: llvm.call @__nv_logf(%[[X]])
// CHECK: llvm.call @__nv_log2f(%[[X]])
// CHECK: llvm.call @__nv_sinf(%[[X]])
// CHECK: llvm.call @__nv_cosf(%[[X]])
// CHECK: llvm.call @__nv_tanf(%[[X]])
// CHECK: llvm.call @__nv_sinhf(%[[X]])
// CHECK: llvm.call @__nv_coshf(%[[X]])
// CHECK: llvm.call @__nv_tanhf(%[[X]])
// CHECK: llvm.call @__nv_powf(%[[X]], %[[Y]]) : (f32, f32) -> f32
// atan2(x, y) is C's atan2 with x as the ordinate.
// CHECK: llvm.call @__nv_atan2f(%[[X]], %[[Y]]) : (f32, f32) -> f32

  entry @transcendental_f32(%x: tile<f32>, %y: tile<f32>) {
    %0 = exp %x : tile<f32>
    %1 = exp2 %x : tile<f32>
    %2 = log %x : tile<f32>
    %3 = log2 %x : tile<f32>
    %4 = sin %x : tile<f32>
    %5 = cos %x : tile<f32>
    %6 = tan %x : tile<f32>
    %7 = sinh %x : tile<f32>
    %8 = cosh %x : tile<f32>
    %9 = tanh %x : tile<f32>
    %10 = pow %x, %y : tile<f32>
    %11 = atan2 %x, %y : tile<f32>
    return
  }
// CHECK-LABEL: llvm.func @transcendental_f64(
// CHECK-SAME: %[[X:[a-z0-9]+]]: f64, %[[Y:[a-z0-9]+]]: f64
// CHECK: llvm.call @__nv_exp(%[[X]]) : (f64) -> f64
// CHECK: llvm.call @__nv_log2(%[[X]])
// CHECK: llvm.call @__nv_tanh(%[[X]])
// CHECK: llvm.call @__nv_pow(%[[X]], %[[Y]])
// CHECK: llvm.call @__nv_atan2(%[[Y]], %[[X]])
// rsqrt.approx.f64 would lose precision: libdevice instead.
// CHECK: llvm.call @__nv_rsqrt(%[[X]])

  entry @transcendental_f64(%x: tile<f64>, %y: tile<f64>) {
    %0 = exp %x : tile<f64>
    %1 = log2 %x : tile<f64>
    %2 = tanh %x : tile<f64>
    %3 = pow %x, %y : tile<f64>
    %4 = atan2 %y, %x : tile<f64>
    %5 = rsqrt %x : tile<f64>
    return
  }
// CHECK-LABEL: llvm.func @transcendental_half(
// CHECK-SAME: %[[H:[a-z0-9]+]]: f16, %[[B:[a-z0-9]+]]: bf16
// CHECK: %[[HW:.*]] = llvm.fpext %[[H]] : f16 to f32
// CHECK: %[[S:.*]] = llvm.call @__nv_sinf(%[[HW]])
// CHECK: llvm.fptrunc %[[S]] : f32 to f16
// CHECK: %[[BW:.*]] = llvm.fpext %[[B]] : bf16 to f32
// CHECK: %[[E:.*]] = llvm.call @__nv_expf(%[[BW]])
// CHECK: llvm.fptrunc %[[E]] : f32 to bf16

  entry @transcendental_half(%h: tile<f16>, %b: tile<bf16>) {
    %0 = sin %h : tile<f16>
    %1 = exp %b : tile<bf16>
    return
  }
// exp approx is ex2.approx of x * log2(e); tanh approx is tanh.approx.f32.
// CHECK-LABEL: llvm.func @approx(
// CHECK-SAME: %[[X:[a-z0-9]+]]: f32
// CHECK: %[[LOG2E:.*]] = llvm.mlir.constant(1.44269502 : f32)
// CHECK: %[[SCALED:.*]] = llvm.fmul %[[X]], %[[LOG2E]] : f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx"(%[[SCALED]]) : (f32) -> f32
// CHECK: llvm.inline_asm "tanh.approx.f32 $0, $1;", "=f,f" %[[X]] : (f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz"(%[[X]]) : (f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.rsqrt.approx.f"(%[[X]])
// CHECK: llvm.call_intrinsic "llvm.nvvm.rsqrt.approx.ftz.f"(%[[X]])
// CHECK-NOT: llvm.call @

  entry @approx(%x: tile<f32>) {
    %0 = exp %x rounding<approx> : tile<f32>
    %1 = tanh %x rounding<approx> : tile<f32>
    %2 = exp2 %x flush_to_zero : tile<f32>
    %3 = rsqrt %x : tile<f32>
    %4 = rsqrt %x flush_to_zero : tile<f32>
    return
  }
// CHECK-LABEL: llvm.func @sqrt(
// CHECK-SAME: %[[X:[a-z0-9]+]]: f32, %[[D:[a-z0-9]+]]: f64, %[[H:[a-z0-9]+]]: f16
// CHECK: llvm.intr.sqrt(%[[X]]) : (f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.rz.f"(%[[X]])
// CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.approx.ftz.f"(%[[X]])
// CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.rn.ftz.f"(%[[X]])
// CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.rp.d"(%[[D]]) : (f64) -> f64
// f16 in f32, rounded back once with the same mode.
// CHECK: %[[HW:.*]] = llvm.fpext %[[H]] : f16 to f32
// CHECK: %[[R:.*]] = llvm.call_intrinsic "llvm.nvvm.sqrt.rn.f"(%[[HW]])
// CHECK: llvm.fptrunc %[[R]] : f32 to f16
// CHECK: %[[M:.*]] = llvm.call_intrinsic "llvm.nvvm.sqrt.rm.f"
// CHECK: %[[T:.*]] = llvm.call_intrinsic "llvm.nvvm.f2f16.rz"(%[[M]])
// CHECK: llvm.fcmp "one"
// CHECK: llvm.fcmp "olt" %[[M]]

  entry @sqrt(%x: tile<f32>, %d: tile<f64>, %h: tile<f16>) {
    %0 = sqrt %x : tile<f32>
    %1 = sqrt %x rounding<zero> : tile<f32>
    %2 = sqrt %x rounding<approx> flush_to_zero : tile<f32>
    %3 = sqrt %x flush_to_zero : tile<f32>
    %4 = sqrt %d rounding<positive_inf> : tile<f64>
    %5 = sqrt %h : tile<f16>
    %6 = sqrt %h rounding<negative_inf> : tile<f16>
    return
  }
// CHECK-LABEL: llvm.func @rounding(
// CHECK: llvm.intr.floor(%{{.*}}) : (f32) -> f32
// CHECK: llvm.intr.ceil(%{{.*}}) : (bf16) -> bf16

  entry @rounding(%x: tile<f32>, %h: tile<bf16>) {
    %0 = floor %x : tile<f32>
    %1 = ceil %h : tile<bf16>
    return
  }
}
