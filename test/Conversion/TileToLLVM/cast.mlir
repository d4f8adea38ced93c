// Conversions lowered per register: integer widening/narrowing, bitcasts,
// pointer casts, float<->float and float<->int; tf32 and f8E4M3FN use the
// cvt instructions on sm_90 and integer rounding on sm_80.
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-plan-shared-memory --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_90' | FileCheck %s \
// RUN:   --check-prefixes=CHECK,SM90 --implicit-check-not=cuda_tile.
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_80' \
// RUN:   --tileir-plan-shared-memory --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_80' | FileCheck %s \
// RUN:   --check-prefixes=CHECK,SM80 --implicit-check-not=cuda_tile.

cuda_tile.module @casts {
  // ptr_to_ptr only changes the pointee: no instruction.
  // CHECK-LABEL: llvm.func @ints(
  // CHECK-SAME: %[[A:[a-z0-9]+]]: i16, %[[B:[a-z0-9]+]]: i64, %[[P:[a-z0-9]+]]: !llvm.ptr<1>)
  // CHECK-NEXT: %[[S:.*]] = llvm.sext %[[A]] : i16 to i32
  // CHECK-NEXT: llvm.zext %[[A]] : i16 to i64
  // CHECK-NEXT: llvm.trunc %[[B]] : i64 to i8
  // CHECK-NEXT: llvm.bitcast %[[S]] : i32 to f32
  // CHECK-NEXT: llvm.inttoptr %[[B]] : i64 to !llvm.ptr<1>
  // CHECK-NEXT: llvm.ptrtoint %[[P]] : !llvm.ptr<1> to i64
  // CHECK-NEXT: llvm.return
  entry @ints(%a: tile<i16>, %b: tile<i64>, %p: tile<ptr<f16>>) {
    %0 = exti %a signed : tile<i16> -> tile<i32>
    %1 = exti %a unsigned : tile<i16> -> tile<i64>
    %2 = trunci %b : tile<i64> -> tile<i8>
    %3 = bitcast %0 : tile<i32> -> tile<f32>
    %4 = int_to_ptr %b : tile<i64> -> tile<ptr<f32>>
    %5 = ptr_to_int %p : tile<ptr<f16>> -> tile<i64>
    %6 = ptr_to_ptr %p : tile<ptr<f16>> -> tile<ptr<f64>>
    return
  }

  // A conversion to i1 is a truth test (cuTile's astype(bool)): x != 0,
  // NaN true, for either signedness (regression: 0.5 used to give false).
  // CHECK-LABEL: llvm.func @to_bool(
  // CHECK-SAME: %[[BF:[a-z0-9]+]]: f32, %[[BH:[a-z0-9]+]]: f16)
  // CHECK: %[[Z:.*]] = llvm.mlir.constant(0.000000e+00 : f32) : f32
  // CHECK: llvm.fcmp "une" %[[BF]], %[[Z]] : f32
  // CHECK: %[[W:.*]] = llvm.fpext %[[BH]] : f16 to f32
  // CHECK: llvm.fcmp "une" %[[W]], %{{.*}} : f32
  entry @to_bool(%f: tile<f32>, %h: tile<f16>) {
    %0 = ftoi %f signed : tile<f32> -> tile<i1>
    %1 = ftoi %h unsigned : tile<f16> -> tile<i1>
    return
  }

  // ftoi truncates and saturates (NaN gives 0): llvm.fpto[su]i.sat.
  // CHECK-LABEL: llvm.func @floats(
  // CHECK-SAME: %[[F:[a-z0-9]+]]: f32, %[[H:[a-z0-9]+]]: f16, %[[D:[a-z0-9]+]]: f64, %[[I:[a-z0-9]+]]: i32)
  // CHECK-NEXT: llvm.fpext %[[H]] : f16 to f32
  // CHECK-NEXT: llvm.fptrunc %[[F]] : f32 to f16
  // CHECK-NEXT: llvm.fptrunc %[[D]] : f64 to bf16
  // CHECK-NEXT: llvm.call_intrinsic "llvm.fptosi.sat"(%[[F]]) : (f32) -> i32
  // CHECK-NEXT: llvm.call_intrinsic "llvm.fptoui.sat"(%[[D]]) : (f64) -> i8
  // CHECK-NEXT: llvm.sitofp %[[I]] : i32 to f32
  // CHECK-NEXT: llvm.uitofp %[[I]] : i32 to f16
  // tf32: cvt.rn.tf32.f32 on sm_90; on sm_80 the f32 bits rounded to
  // nearest even at bit 13, NaN kept.
  // SM90-NEXT: %[[T:.*]] = llvm.call_intrinsic "llvm.nvvm.f2tf32.rn"(%[[F]]) : (f32) -> i32
  // SM90-NEXT: llvm.bitcast %[[T]] : i32 to f32
  // SM80-NOT: llvm.nvvm.f2tf32
  // SM80: %[[BITS:.*]] = llvm.bitcast %[[F]] : f32 to i32
  // SM80: llvm.add %[[BITS]], %{{.*}} : i32
  // SM80: %[[NAN:.*]] = llvm.fcmp "uno" %[[F]], %[[F]] : f32
  // SM80: llvm.select %[[NAN]], %[[F]], %{{.*}} : i1, f32
  // f8E4M3FN: cvt.rn.satfinite.e4m3x2.f32 and back through f16x2 on sm_90;
  // integer rounding and decoding on sm_80.
  // SM90-NEXT: %[[E:.*]] = llvm.call_intrinsic "llvm.nvvm.ff.to.e4m3x2.rn"(%[[F]], %[[F]]) : (f32, f32) -> i16
  // SM90-NEXT: %[[E8:.*]] = llvm.trunc %[[E]] : i16 to i8
  // SM90-NEXT: %[[E16:.*]] = llvm.zext %[[E8]] : i8 to i16
  // SM90-NEXT: %[[X2:.*]] = llvm.call_intrinsic "llvm.nvvm.e4m3x2.to.f16x2.rn"(%[[E16]]) : (i16) -> vector<2xf16>
  // SM90: %[[HALF:.*]] = llvm.extractelement %[[X2]]
  // SM90-NEXT: llvm.fpext %[[HALF]] : f16 to f32
  // SM80-NOT: llvm.nvvm.ff.to.e4m3x2
  // SM80-NOT: llvm.nvvm.e4m3x2.to.f16x2
  // SM80: llvm.intr.roundeven
  // SM80: llvm.trunc %{{.*}} : i32 to i8
  // SM80: llvm.zext %{{.*}} : i8 to i32
  // CHECK: llvm.return
  entry @floats(%f: tile<f32>, %h: tile<f16>, %d: tile<f64>, %i: tile<i32>) {
    %0 = ftof %h : tile<f16> -> tile<f32>
    %1 = ftof %f : tile<f32> -> tile<f16>
    %2 = ftof %d : tile<f64> -> tile<bf16>
    %3 = ftoi %f signed : tile<f32> -> tile<i32>
    %4 = ftoi %d unsigned : tile<f64> -> tile<i8>
    %5 = itof %i signed : tile<i32> -> tile<f32>
    %6 = itof %i unsigned : tile<i32> -> tile<f16>
    %7 = ftof %f : tile<f32> -> tile<tf32>
    %8 = ftof %f : tile<f32> -> tile<f8E4M3FN>
    %9 = ftof %8 : tile<f8E4M3FN> -> tile<f32>
    return
  }

  // A rank-1 tile converts each of its registers.
  // CHECK-LABEL: llvm.func @registers(
  // CHECK-COUNT-4: llvm.sext %{{.*}} : i8 to i32
  // CHECK: llvm.return
  entry @registers() {
    %a = constant <i8: 3> : tile<128xi8>
    %b = exti %a signed : tile<128xi8> -> tile<128xi32>
    return
  }
}
