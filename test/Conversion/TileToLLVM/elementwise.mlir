// Element-wise arithmetic, comparisons, select, offset and iota, lowered to
// LLVM/NVVM one register at a time. Rank-0 entry arguments stand for one
// register; @registers checks that a rank-1 tile applies the op to each.
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-plan-shared-memory --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_90' | FileCheck %s

// Libdevice's exact fmod serves remf.
// CHECK-DAG: llvm.func @__nv_fmodf(f32, f32) -> f32
// CHECK-DAG: llvm.func @__nv_fmod(f64, f64) -> f64

cuda_tile.module @ew {
// Wrapping arithmetic; overflow flags become nsw/nuw.
// CHECK-LABEL: llvm.func @int_arith(
// CHECK-SAME: %[[A:[a-z0-9]+]]: i32, %[[B:[a-z0-9]+]]: i32
// CHECK: llvm.add %[[A]], %[[B]] : i32
// CHECK: llvm.add %[[A]], %[[B]] overflow<nsw> : i32
// CHECK: llvm.sub %[[A]], %[[B]] overflow<nuw> : i32
// CHECK: llvm.mul %[[A]], %[[B]] overflow<nsw, nuw> : i32
// CHECK: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32)
// CHECK: llvm.sub %[[ZERO]], %[[A]] : i32
// |MIN| is MIN's bit pattern read as unsigned, never poison.
// CHECK: "llvm.intr.abs"(%[[A]]) <{is_int_min_poison = false}>
// CHECK: llvm.intr.smax(%[[A]], %[[B]])
// CHECK: llvm.intr.umax(%[[A]], %[[B]])
// CHECK: llvm.intr.smin(%[[A]], %[[B]])
// CHECK: llvm.intr.umin(%[[A]], %[[B]])
// CHECK: llvm.and %[[A]], %[[B]]
// CHECK: llvm.or %[[A]], %[[B]]
// CHECK: llvm.xor %[[A]], %[[B]]

  entry @int_arith(%a: tile<i32>, %b: tile<i32>) {
    %0 = addi %a, %b : tile<i32>
    %1 = addi %a, %b overflow<no_signed_wrap> : tile<i32>
    %2 = subi %a, %b overflow<no_unsigned_wrap> : tile<i32>
    %3 = muli %a, %b overflow<no_wrap> : tile<i32>
    %4 = negi %a : tile<i32>
    %5 = absi %a : tile<i32>
    %6 = maxi %a, %b signed : tile<i32>
    %7 = maxi %a, %b unsigned : tile<i32>
    %8 = mini %a, %b signed : tile<i32>
    %9 = mini %a, %b unsigned : tile<i32>
    %10 = andi %a, %b : tile<i32>
    %11 = ori %a, %b : tile<i32>
    %12 = xori %a, %b : tile<i32>
    return
  }
// High half of the unsigned product: mul.hi for 16/32/64 bits, a widened
// product for i8.
// CHECK-LABEL: llvm.func @mulhi(
// CHECK-SAME: %[[A8:[a-z0-9]+]]: i8, %[[A16:[a-z0-9]+]]: i16, %[[A32:[a-z0-9]+]]: i32, %[[A64:[a-z0-9]+]]: i64
// CHECK: %[[X:.*]] = llvm.zext %[[A8]] : i8 to i16
// CHECK: %[[Y:.*]] = llvm.zext %[[A8]] : i8 to i16
// CHECK: %[[P:.*]] = llvm.mul %[[X]], %[[Y]] : i16
// CHECK: %[[EIGHT:.*]] = llvm.mlir.constant(8 : i16)
// CHECK: %[[H:.*]] = llvm.lshr %[[P]], %[[EIGHT]] : i16
// CHECK: llvm.trunc %[[H]] : i16 to i8
// CHECK: llvm.call_intrinsic "llvm.nvvm.mulhi.us"(%[[A16]], %[[A16]])
// CHECK: llvm.call_intrinsic "llvm.nvvm.mulhi.ui"(%[[A32]], %[[A32]])
// CHECK: llvm.call_intrinsic "llvm.nvvm.mulhi.ull"(%[[A64]], %[[A64]])

  entry @mulhi(%a8: tile<i8>, %a16: tile<i16>, %a32: tile<i32>, %a64: tile<i64>) {
    %0 = mulhii %a8, %a8 : tile<i8>
    %1 = mulhii %a16, %a16 : tile<i16>
    %2 = mulhii %a32, %a32 : tile<i32>
    %3 = mulhii %a64, %a64 : tile<i64>
    return
  }
// CHECK-LABEL: llvm.func @divi_trunc(
// CHECK-SAME: %[[A:[a-z0-9]+]]: i32, %[[B:[a-z0-9]+]]: i32
// CHECK: llvm.sdiv %[[A]], %[[B]] : i32
// CHECK: llvm.udiv %[[A]], %[[B]] : i32
// CHECK: llvm.srem %[[A]], %[[B]] : i32
// CHECK: llvm.urem %[[A]], %[[B]] : i32
// CHECK-NOT: llvm.icmp

  entry @divi_trunc(%a: tile<i32>, %b: tile<i32>) {
    %0 = divi %a, %b signed : tile<i32>
    %1 = divi %a, %b unsigned : tile<i32>
    %2 = remi %a, %b signed : tile<i32>
    %3 = remi %a, %b unsigned : tile<i32>
    return
  }
// Floor division: the truncated quotient minus one when the remainder is
// nonzero and has the opposite sign of the divisor.
// CHECK-LABEL: llvm.func @divi_floor(
// CHECK-SAME: %[[A:[a-z0-9]+]]: i64, %[[B:[a-z0-9]+]]: i64
// CHECK: %[[Q:.*]] = llvm.sdiv %[[A]], %[[B]] : i64
// CHECK: %[[ZERO:.*]] = llvm.mlir.constant(0 : i64)
// CHECK: %[[R:.*]] = llvm.srem %[[A]], %[[B]] : i64
// CHECK: %[[INEXACT:.*]] = llvm.icmp "ne" %[[R]], %[[ZERO]] : i64
// CHECK: %[[SIGNS:.*]] = llvm.xor %[[R]], %[[B]] : i64
// CHECK: %[[NEG:.*]] = llvm.icmp "slt" %[[SIGNS]], %[[ZERO]] : i64
// CHECK: %[[ADJ:.*]] = llvm.and %[[INEXACT]], %[[NEG]] : i1
// CHECK: %[[ADJW:.*]] = llvm.zext %[[ADJ]] : i1 to i64
// CHECK: llvm.sub %[[Q]], %[[ADJW]] : i64

  entry @divi_floor(%a: tile<i64>, %b: tile<i64>) {
    %0 = divi %a, %b signed rounding<negative_inf> : tile<i64>
    return
  }
// Ceiling division: plus one when the remainder is nonzero and has the
// divisor's sign.
// CHECK-LABEL: llvm.func @divi_ceil_signed(
// CHECK-SAME: %[[A:[a-z0-9]+]]: i32, %[[B:[a-z0-9]+]]: i32
// CHECK: %[[Q:.*]] = llvm.sdiv %[[A]], %[[B]] : i32
// CHECK: %[[R:.*]] = llvm.srem %[[A]], %[[B]] : i32
// CHECK: %[[INEXACT:.*]] = llvm.icmp "ne" %[[R]]
// CHECK: %[[SIGNS:.*]] = llvm.xor %[[R]], %[[B]] : i32
// CHECK: %[[NEG:.*]] = llvm.icmp "slt" %[[SIGNS]]
// CHECK: %[[TRUE:.*]] = llvm.mlir.constant(true) : i1
// CHECK: %[[SAME:.*]] = llvm.xor %[[NEG]], %[[TRUE]] : i1
// CHECK: %[[ADJ:.*]] = llvm.and %[[INEXACT]], %[[SAME]] : i1
// CHECK: %[[ADJW:.*]] = llvm.zext %[[ADJ]] : i1 to i32
// CHECK: llvm.add %[[Q]], %[[ADJW]] : i32

  entry @divi_ceil_signed(%a: tile<i32>, %b: tile<i32>) {
    %0 = divi %a, %b signed rounding<positive_inf> : tile<i32>
    return
  }
// CHECK-LABEL: llvm.func @divi_ceil_unsigned(
// CHECK-SAME: %[[A:[a-z0-9]+]]: i16, %[[B:[a-z0-9]+]]: i16
// CHECK: %[[Q:.*]] = llvm.udiv %[[A]], %[[B]] : i16
// CHECK: %[[R:.*]] = llvm.urem %[[A]], %[[B]] : i16
// CHECK: %[[INEXACT:.*]] = llvm.icmp "ne" %[[R]]
// CHECK: %[[ADJ:.*]] = llvm.zext %[[INEXACT]] : i1 to i16
// CHECK: llvm.add %[[Q]], %[[ADJ]] : i16

  entry @divi_ceil_unsigned(%a: tile<i16>, %b: tile<i16>) {
    %0 = divi %a, %b unsigned rounding<positive_inf> : tile<i16>
    return
  }
// Shift amounts of at least the bit width give 0 or the sign fill.
// CHECK-LABEL: llvm.func @shifts(
// CHECK-SAME: %[[A:[a-z0-9]+]]: i32, %[[B:[a-z0-9]+]]: i32
// CHECK: %[[SHL:.*]] = llvm.shl %[[A]], %[[B]] : i32
// CHECK: %[[W:.*]] = llvm.mlir.constant(32 : i32)
// CHECK: %[[FAR:.*]] = llvm.icmp "uge" %[[B]], %[[W]] : i32
// CHECK: %[[Z:.*]] = llvm.mlir.constant(0 : i32)
// CHECK: llvm.select %[[FAR]], %[[Z]], %[[SHL]] : i1, i32
// CHECK: %[[MAX:.*]] = llvm.mlir.constant(31 : i32)
// CHECK: %[[CLAMPED:.*]] = llvm.intr.umin(%[[B]], %[[MAX]])
// CHECK: llvm.ashr %[[A]], %[[CLAMPED]] : i32
// CHECK: %[[MAX2:.*]] = llvm.mlir.constant(31 : i32)
// CHECK: %[[LSHR:.*]] = llvm.lshr %[[A]], %[[B]] : i32
// CHECK: %[[FAR2:.*]] = llvm.icmp "ugt" %[[B]], %[[MAX2]] : i32
// CHECK: %[[Z2:.*]] = llvm.mlir.constant(0 : i32)
// CHECK: llvm.select %[[FAR2]], %[[Z2]], %[[LSHR]] : i1, i32

  entry @shifts(%a: tile<i32>, %b: tile<i32>) {
    %0 = shli %a, %b : tile<i32>
    %1 = shri %a, %b signed : tile<i32>
    %2 = shri %a, %b unsigned : tile<i32>
    return
  }
// CHECK-LABEL: llvm.func @shift_i8(
// CHECK: llvm.shl %{{.*}}, %{{.*}} overflow<nuw> : i8
// CHECK: llvm.mlir.constant(8 : i8)
// CHECK: llvm.icmp "uge"

  entry @shift_i8(%a: tile<i8>, %b: tile<i8>) {
    %0 = shli %a, %b overflow<no_unsigned_wrap> : tile<i8>
    return
  }
// CHECK-LABEL: llvm.func @cmpi(
// CHECK: llvm.icmp "eq" %{{.*}}, %{{.*}} : i16
// CHECK: llvm.icmp "ne"
// CHECK: llvm.icmp "slt"
// CHECK: llvm.icmp "ult"
// CHECK: llvm.icmp "sle"
// CHECK: llvm.icmp "ugt"
// CHECK: llvm.icmp "sge"

  entry @cmpi(%a: tile<i16>, %b: tile<i16>) {
    %0 = cmpi equal %a, %b, signed : tile<i16> -> tile<i1>
    %1 = cmpi not_equal %a, %b, unsigned : tile<i16> -> tile<i1>
    %2 = cmpi less_than %a, %b, signed : tile<i16> -> tile<i1>
    %3 = cmpi less_than %a, %b, unsigned : tile<i16> -> tile<i1>
    %4 = cmpi less_than_or_equal %a, %b, signed : tile<i16> -> tile<i1>
    %5 = cmpi greater_than %a, %b, unsigned : tile<i16> -> tile<i1>
    %6 = cmpi greater_than_or_equal %a, %b, signed : tile<i16> -> tile<i1>
    return
  }
// f32: the default mode is plain LLVM arithmetic; other modes and ftz use the
// NVVM intrinsic of the PTX modifier. a - b is a + (-b).
// CHECK-LABEL: llvm.func @float_f32(
// CHECK-SAME: %[[A:[a-z0-9]+]]: f32, %[[B:[a-z0-9]+]]: f32, %[[C:[a-z0-9]+]]: f32
// CHECK: llvm.fadd %[[A]], %[[B]] : f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.add.rz.f"(%[[A]], %[[B]])
// CHECK: llvm.call_intrinsic "llvm.nvvm.add.rm.ftz.f"(%[[A]], %[[B]])
// CHECK: llvm.call_intrinsic "llvm.nvvm.add.rn.ftz.f"(%[[A]], %[[B]])
// CHECK: llvm.fsub %[[A]], %[[B]] : f32
// CHECK: %[[NB:.*]] = llvm.fneg %[[B]] : f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.add.rp.f"(%[[A]], %[[NB]])
// CHECK: llvm.call_intrinsic "llvm.nvvm.mul.rm.f"(%[[A]], %[[B]])
// CHECK: llvm.call_intrinsic "llvm.nvvm.mul.rn.ftz.f"(%[[A]], %[[B]])
// CHECK: llvm.fdiv %[[A]], %[[B]] : f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.div.approx.f"(%[[A]], %[[B]])
// CHECK: llvm.call_intrinsic "llvm.nvvm.div.full.ftz"(%[[A]], %[[B]])
// CHECK: llvm.call_intrinsic "llvm.nvvm.div.rz.ftz.f"(%[[A]], %[[B]])
// CHECK: llvm.intr.fma(%[[A]], %[[B]], %[[C]]) : (f32, f32, f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.fma.rp.ftz.f"(%[[A]], %[[B]], %[[C]])
// CHECK: llvm.fneg %[[A]] : f32
// CHECK: llvm.intr.fabs(%[[A]])
// CHECK: llvm.call @__nv_fmodf(%[[A]], %[[B]]) : (f32, f32) -> f32

  entry @float_f32(%a: tile<f32>, %b: tile<f32>, %c: tile<f32>) {
    %0 = addf %a, %b : tile<f32>
    %1 = addf %a, %b rounding<zero> : tile<f32>
    %2 = addf %a, %b rounding<negative_inf> flush_to_zero : tile<f32>
    %3 = addf %a, %b flush_to_zero : tile<f32>
    %4 = subf %a, %b : tile<f32>
    %5 = subf %a, %b rounding<positive_inf> : tile<f32>
    %6 = mulf %a, %b rounding<negative_inf> : tile<f32>
    %7 = mulf %a, %b flush_to_zero : tile<f32>
    %8 = divf %a, %b : tile<f32>
    %9 = divf %a, %b rounding<approx> : tile<f32>
    %10 = divf %a, %b rounding<full> flush_to_zero : tile<f32>
    %11 = divf %a, %b rounding<zero> flush_to_zero : tile<f32>
    %12 = fma %a, %b, %c : tile<f32>
    %13 = fma %a, %b, %c rounding<positive_inf> flush_to_zero : tile<f32>
    %14 = negf %a : tile<f32>
    %15 = absf %a : tile<f32>
    %16 = remf %a, %b : tile<f32>
    return
  }
// CHECK-LABEL: llvm.func @float_f64(
// CHECK-SAME: %[[A:[a-z0-9]+]]: f64, %[[B:[a-z0-9]+]]: f64, %[[C:[a-z0-9]+]]: f64
// CHECK: llvm.call_intrinsic "llvm.nvvm.add.rz.d"(%[[A]], %[[B]])
// CHECK: llvm.call_intrinsic "llvm.nvvm.mul.rp.d"(%[[A]], %[[B]])
// CHECK: llvm.call_intrinsic "llvm.nvvm.div.rm.d"(%[[A]], %[[B]])
// CHECK: llvm.fdiv %[[A]], %[[B]] : f64
// CHECK: llvm.call_intrinsic "llvm.nvvm.fma.rz.d"(%[[A]], %[[B]], %[[C]])
// CHECK: llvm.call @__nv_fmod(%[[A]], %[[B]]) : (f64, f64) -> f64

  entry @float_f64(%a: tile<f64>, %b: tile<f64>, %c: tile<f64>) {
    %0 = addf %a, %b rounding<zero> : tile<f64>
    %1 = mulf %a, %b rounding<positive_inf> : tile<f64>
    %2 = divf %a, %b rounding<negative_inf> : tile<f64>
    %3 = divf %a, %b : tile<f64>
    %4 = fma %a, %b, %c rounding<zero> : tile<f64>
    %5 = remf %a, %b : tile<f64>
    return
  }
// f16: native where PTX has it (add, fma to nearest); division and directed
// rounding in f32, rounded back once with the same mode. Toward +inf/-inf
// is cvt.rz plus a one-ulp step away from zero when inexact.
// CHECK-LABEL: llvm.func @float_f16(
// CHECK-SAME: %[[A:[a-z0-9]+]]: f16, %[[B:[a-z0-9]+]]: f16, %[[C:[a-z0-9]+]]: f16
// CHECK: llvm.fadd %[[A]], %[[B]] : f16
// CHECK: %[[WA:.*]] = llvm.fpext %[[A]] : f16 to f32
// CHECK: %[[WB:.*]] = llvm.fpext %[[B]] : f16 to f32
// CHECK: %[[Q:.*]] = llvm.fdiv %[[WA]], %[[WB]] : f32
// CHECK: llvm.fptrunc %[[Q]] : f32 to f16
// CHECK: %[[S:.*]] = llvm.call_intrinsic "llvm.nvvm.add.rz.f"
// CHECK: llvm.call_intrinsic "llvm.nvvm.f2f16.rz"(%[[S]]) : (f32) -> f16
// CHECK: %[[P:.*]] = llvm.call_intrinsic "llvm.nvvm.mul.rp.f"
// CHECK: %[[T:.*]] = llvm.call_intrinsic "llvm.nvvm.f2f16.rz"(%[[P]])
// CHECK: %[[BACK:.*]] = llvm.fpext %[[T]] : f16 to f32
// CHECK: %[[INEXACT:.*]] = llvm.fcmp "one" %[[BACK]], %[[P]] : f32
// CHECK: %[[ZERO:.*]] = llvm.mlir.constant(0.000000e+00 : f32)
// CHECK: %[[UP:.*]] = llvm.fcmp "ogt" %[[P]], %[[ZERO]] : f32
// CHECK: %[[STEP:.*]] = llvm.and %[[INEXACT]], %[[UP]] : i1
// CHECK: %[[BITS:.*]] = llvm.bitcast %[[T]] : f16 to i16
// CHECK: %[[STEPW:.*]] = llvm.zext %[[STEP]] : i1 to i16
// CHECK: %[[SUM:.*]] = llvm.add %[[BITS]], %[[STEPW]] : i16
// CHECK: llvm.bitcast %[[SUM]] : i16 to f16
// CHECK: llvm.intr.fma(%[[A]], %[[B]], %[[C]]) : (f16, f16, f16) -> f16
// CHECK: %[[F:.*]] = llvm.call_intrinsic "llvm.nvvm.fma.rm.f"
// CHECK: llvm.call_intrinsic "llvm.nvvm.f2f16.rz"(%[[F]])
// CHECK: llvm.fcmp "olt" %[[F]]
// CHECK: %[[M:.*]] = llvm.call @__nv_fmodf
// CHECK: llvm.fptrunc %[[M]] : f32 to f16

  entry @float_f16(%a: tile<f16>, %b: tile<f16>, %c: tile<f16>) {
    %0 = addf %a, %b : tile<f16>
    %1 = divf %a, %b : tile<f16>
    %2 = addf %a, %b rounding<zero> : tile<f16>
    %3 = mulf %a, %b rounding<positive_inf> : tile<f16>
    %4 = fma %a, %b, %c : tile<f16>
    %5 = fma %a, %b, %c rounding<negative_inf> : tile<f16>
    %6 = remf %a, %b : tile<f16>
    return
  }
// CHECK-LABEL: llvm.func @float_bf16(
// CHECK-SAME: %[[A:[a-z0-9]+]]: bf16, %[[B:[a-z0-9]+]]: bf16
// CHECK: llvm.fmul %[[A]], %[[B]] : bf16
// CHECK: %[[WB:.*]] = llvm.fpext %[[B]] : bf16 to f32
// CHECK: %[[NB:.*]] = llvm.fneg %[[WB]] : f32
// CHECK: %[[D:.*]] = llvm.call_intrinsic "llvm.nvvm.add.rz.f"(%{{.*}}, %[[NB]])
// CHECK: llvm.call_intrinsic "llvm.nvvm.f2bf16.rz"(%[[D]]) : (f32) -> bf16

  entry @float_bf16(%a: tile<bf16>, %b: tile<bf16>) {
    %0 = mulf %a, %b : tile<bf16>
    %1 = subf %a, %b rounding<zero> : tile<bf16>
    return
  }
// maximumNumber/minimumNumber by default, maximum/minimum with propagate_nan;
// ftz selects the NVVM max/min with .ftz.
// CHECK-LABEL: llvm.func @minmax(
// CHECK-SAME: %[[A:[a-z0-9]+]]: f32, %[[B:[a-z0-9]+]]: f32, %[[D:[a-z0-9]+]]: f64, %[[H:[a-z0-9]+]]: bf16
// CHECK: llvm.call_intrinsic "llvm.maximumnum"(%[[A]], %[[B]]) : (f32, f32) -> f32
// CHECK: llvm.intr.maximum(%[[A]], %[[B]]) : (f32, f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.minimumnum"(%[[A]], %[[B]]) : (f32, f32) -> f32
// CHECK: llvm.intr.minimum(%[[A]], %[[B]]) : (f32, f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.fmax.ftz.f"(%[[A]], %[[B]])
// CHECK: llvm.call_intrinsic "llvm.nvvm.fmin.ftz.nan.f"(%[[A]], %[[B]])
// CHECK: llvm.intr.maximum(%[[D]], %[[D]]) : (f64, f64) -> f64
// CHECK: llvm.call_intrinsic "llvm.minimumnum"(%[[H]], %[[H]]) : (bf16, bf16) -> bf16

  entry @minmax(%a: tile<f32>, %b: tile<f32>, %d: tile<f64>, %h: tile<bf16>) {
    %0 = maxf %a, %b : tile<f32>
    %1 = maxf %a, %b propagate_nan : tile<f32>
    %2 = minf %a, %b : tile<f32>
    %3 = minf %a, %b propagate_nan : tile<f32>
    %4 = maxf %a, %b flush_to_zero : tile<f32>
    %5 = minf %a, %b propagate_nan flush_to_zero : tile<f32>
    %6 = maxf %d, %d propagate_nan : tile<f64>
    %7 = minf %h, %h : tile<bf16>
    return
  }
// Ordered predicates are false on NaN, unordered ones true.
// CHECK-LABEL: llvm.func @cmpf(
// CHECK: llvm.fcmp "oeq"
// CHECK: llvm.fcmp "ueq"
// CHECK: llvm.fcmp "one"
// CHECK: llvm.fcmp "une"
// CHECK: llvm.fcmp "olt"
// CHECK: llvm.fcmp "ule"
// CHECK: llvm.fcmp "ugt"
// CHECK: llvm.fcmp "oge"

  entry @cmpf(%a: tile<f32>, %b: tile<f32>) {
    %0 = cmpf equal ordered %a, %b : tile<f32> -> tile<i1>
    %1 = cmpf equal unordered %a, %b : tile<f32> -> tile<i1>
    %2 = cmpf not_equal ordered %a, %b : tile<f32> -> tile<i1>
    %3 = cmpf not_equal unordered %a, %b : tile<f32> -> tile<i1>
    %4 = cmpf less_than ordered %a, %b : tile<f32> -> tile<i1>
    %5 = cmpf less_than_or_equal unordered %a, %b : tile<f32> -> tile<i1>
    %6 = cmpf greater_than unordered %a, %b : tile<f32> -> tile<i1>
    %7 = cmpf greater_than_or_equal ordered %a, %b : tile<f32> -> tile<i1>
    return
  }
// select works on any register type (an f8 is an i8); offset scales the
// sign-extended offset by the pointee's storage size (i1: a byte).
// CHECK-LABEL: llvm.func @select_offset(
// CHECK-SAME: %[[C:[a-z0-9]+]]: i1, %[[X:[a-z0-9]+]]: i8, %[[Y:[a-z0-9]+]]: i8, %[[P:[a-z0-9]+]]: !llvm.ptr<1>, %[[Q:[a-z0-9]+]]: !llvm.ptr<1>, %[[I:[a-z0-9]+]]: i32, %[[J:[a-z0-9]+]]: i64
// CHECK: llvm.select %[[C]], %[[X]], %[[Y]] : i1, i8
// CHECK: %[[IW:.*]] = llvm.sext %[[I]] : i32 to i64
// CHECK: llvm.getelementptr %[[P]][%[[IW]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
// CHECK: llvm.getelementptr %[[Q]][%[[J]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i8

  entry @select_offset(%c: tile<i1>, %x: tile<f8E4M3FN>, %y: tile<f8E4M3FN>, %p: tile<ptr<f32>>, %q: tile<ptr<i1>>, %i: tile<i32>, %j: tile<i64>) {
    %0 = select %c, %x, %y : tile<i1>, tile<f8E4M3FN>
    %1 = offset %p, %i : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>
    %2 = offset %q, %j : tile<ptr<i1>>, tile<i64> -> tile<ptr<i1>>
    return
  }
// A 1024-element tile over 128 threads: 8 registers, 8 scalar ops.
// CHECK-LABEL: llvm.func @registers(
// CHECK-COUNT-8: llvm.call_intrinsic "llvm.nvvm.add.rz.f"
// CHECK-NOT: llvm.call_intrinsic "llvm.nvvm.add.rz.f"
// CHECK: llvm.return

  entry @registers() {
    %c = constant <f32: 1.0> : tile<1024xf32>
    %d = addf %c, %c rounding<zero> : tile<1024xf32>
    return
  }
// iota: each register holds its element's coordinate (here the default
// blocked layout: 4 consecutive elements per lane), widened unsigned.
// CHECK-LABEL: llvm.func @iota(
// CHECK: nvvm.read.ptx.sreg.tid.x
// The last lane bit steps 64 elements; registers 1-3 flip the low bits.
// CHECK: llvm.mlir.constant(64 : i32)
// CHECK-NEXT: llvm.and
// CHECK-NEXT: %[[BASE:.*]] = llvm.xor
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32)
// CHECK-NEXT: llvm.xor %[[BASE]], %[[ONE]] : i32
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32)
// CHECK-NEXT: llvm.xor %[[BASE]], %[[TWO]] : i32
// CHECK: llvm.mlir.poison : !llvm.struct<(i32, i32, i32, i32)>
// CHECK: llvm.zext %{{.*}} : i32 to i64

  entry @iota() {
    %0 = iota : tile<128xi32>
    %1 = iota : tile<512xi64>
    return
  }
}
