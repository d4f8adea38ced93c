// The ops of ArithOps.td survive a round trip through Tile IR bytecode, for
// every version that has them; fields newer than the target version are
// refused by the writer.
//
// RUN: split-file %s %t
//
// Ops and fields of 13.1, written as 13.1, 13.2 and 13.3.
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.1 %t/v13_1.mlir \
// RUN:   | tile-translate --tileir-bytecode-to-mlir | FileCheck %t/v13_1.mlir
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.2 %t/v13_1.mlir \
// RUN:   | tile-translate --tileir-bytecode-to-mlir | FileCheck %t/v13_1.mlir
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.3 %t/v13_1.mlir \
// RUN:   | tile-translate --tileir-bytecode-to-mlir | FileCheck %t/v13_1.mlir
//
// mmaf and mmai on 2-D and 3-D tiles (built from constants), 13.1 to 13.3.
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.1 %t/mma.mlir \
// RUN:   | tile-translate --tileir-bytecode-to-mlir | FileCheck %t/mma.mlir
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.3 %t/mma.mlir \
// RUN:   | tile-translate --tileir-bytecode-to-mlir | FileCheck %t/mma.mlir
//
// negi's overflow is stored from 13.2 on; 13.1 can only hold `none`.
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.2 %t/negi.mlir \
// RUN:   | tile-translate --tileir-bytecode-to-mlir | FileCheck %t/negi.mlir
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.3 %t/negi.mlir \
// RUN:   | tile-translate --tileir-bytecode-to-mlir | FileCheck %t/negi.mlir
// RUN: not tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.1 \
// RUN:   %t/negi.mlir -o /dev/null 2>&1 | FileCheck %t/negi.mlir --check-prefix=ERR
//
// mmaf's fast_acc is stored from 13.3 on.
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.3 %t/fast_acc.mlir \
// RUN:   | tile-translate --tileir-bytecode-to-mlir | FileCheck %t/fast_acc.mlir
// RUN: not tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.2 \
// RUN:   %t/fast_acc.mlir -o /dev/null 2>&1 | FileCheck %t/fast_acc.mlir --check-prefix=ERR
//
// mmaf_scaled exists from 13.3 on.
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.3 %t/mmaf_scaled.mlir \
// RUN:   | tile-translate --tileir-bytecode-to-mlir | FileCheck %t/mmaf_scaled.mlir
// RUN: not tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.2 \
// RUN:   %t/mmaf_scaled.mlir -o /dev/null 2>&1 | FileCheck %t/mmaf_scaled.mlir --check-prefix=ERR

//--- v13_1.mlir
// CHECK-LABEL: entry @arith
// CHECK-SAME: (%[[A:[a-z0-9]+]]: tile<i32>, %[[B:[a-z0-9]+]]: tile<i32>, %[[C:[a-z0-9]+]]: tile<i1>, %[[X:[a-z0-9]+]]: tile<f32>, %[[H:[a-z0-9]+]]: tile<f16>, %[[P:[a-z0-9]+]]: tile<ptr<f32>>, %[[L:[a-z0-9]+]]: tile<i64>)
cuda_tile.module @m {
  entry @arith(%a: tile<i32>, %b: tile<i32>, %c: tile<i1>, %x: tile<f32>,
               %h: tile<f16>, %p: tile<ptr<f32>>, %l: tile<i64>) {
    // CHECK: absi %[[A]] : tile<i32>
    %absi = absi %a : tile<i32>
    // CHECK: addi %[[A]], %[[B]] : tile<i32>
    %addi = addi %a, %b : tile<i32>
    // CHECK: addi %[[A]], %[[B]] overflow<no_signed_wrap> : tile<i32>
    %addi_nsw = addi %a, %b overflow<no_signed_wrap> : tile<i32>
    // CHECK: subi %[[A]], %[[B]] overflow<no_unsigned_wrap> : tile<i32>
    %subi = subi %a, %b overflow<no_unsigned_wrap> : tile<i32>
    // CHECK: muli %[[A]], %[[B]] overflow<no_wrap> : tile<i32>
    %muli = muli %a, %b overflow<no_wrap> : tile<i32>
    // CHECK: mulhii %[[A]], %[[B]] : tile<i32>
    %mulhii = mulhii %a, %b : tile<i32>
    // CHECK: divi %[[A]], %[[B]] unsigned : tile<i32>
    %divi = divi %a, %b unsigned : tile<i32>
    // CHECK: divi %[[A]], %[[B]] signed rounding<negative_inf> : tile<i32>
    %divi_floor = divi %a, %b signed rounding<negative_inf> : tile<i32>
    // CHECK: divi %[[A]], %[[B]] unsigned rounding<positive_inf> : tile<i32>
    %divi_ceil = divi %a, %b unsigned rounding<positive_inf> : tile<i32>
    // CHECK: remi %[[A]], %[[B]] signed : tile<i32>
    %remi = remi %a, %b signed : tile<i32>
    // CHECK: negi %[[A]] : tile<i32>
    %negi = negi %a : tile<i32>
    // CHECK: maxi %[[A]], %[[B]] unsigned : tile<i32>
    %maxi = maxi %a, %b unsigned : tile<i32>
    // CHECK: mini %[[A]], %[[B]] signed : tile<i32>
    %mini = mini %a, %b signed : tile<i32>
    // CHECK: andi %[[A]], %[[B]] : tile<i32>
    %andi = andi %a, %b : tile<i32>
    // CHECK: ori %[[C]], %[[C]] : tile<i1>
    %ori = ori %c, %c : tile<i1>
    // CHECK: xori %[[A]], %[[B]] : tile<i32>
    %xori = xori %a, %b : tile<i32>
    // CHECK: shli %[[A]], %[[B]] overflow<no_signed_wrap> : tile<i32>
    %shli = shli %a, %b overflow<no_signed_wrap> : tile<i32>
    // CHECK: shri %[[A]], %[[B]] unsigned : tile<i32>
    %shri = shri %a, %b unsigned : tile<i32>
    // CHECK: cmpi greater_than_or_equal %[[A]], %[[B]], unsigned : tile<i32> -> tile<i1>
    %cmpi = cmpi greater_than_or_equal %a, %b, unsigned : tile<i32> -> tile<i1>

    // CHECK: absf %[[H]] : tile<f16>
    %absf = absf %h : tile<f16>
    // CHECK: negf %[[X]] : tile<f32>
    %negf = negf %x : tile<f32>
    // CHECK: addf %[[X]], %[[X]] : tile<f32>
    %addf = addf %x, %x : tile<f32>
    // CHECK: addf %[[X]], %[[X]] rounding<zero> flush_to_zero : tile<f32>
    %addf_rz = addf %x, %x rounding<zero> flush_to_zero : tile<f32>
    // CHECK: subf %[[H]], %[[H]] rounding<negative_inf> : tile<f16>
    %subf = subf %h, %h rounding<negative_inf> : tile<f16>
    // CHECK: mulf %[[X]], %[[X]] rounding<positive_inf> : tile<f32>
    %mulf = mulf %x, %x rounding<positive_inf> : tile<f32>
    // CHECK: divf %[[X]], %[[X]] rounding<approx> flush_to_zero : tile<f32>
    %divf = divf %x, %x rounding<approx> flush_to_zero : tile<f32>
    // CHECK: divf %[[X]], %[[X]] rounding<full> : tile<f32>
    %divf_full = divf %x, %x rounding<full> : tile<f32>
    // CHECK: remf %[[X]], %[[X]] : tile<f32>
    %remf = remf %x, %x : tile<f32>
    // CHECK: maxf %[[X]], %[[X]] propagate_nan : tile<f32>
    %maxf = maxf %x, %x propagate_nan : tile<f32>
    // CHECK: maxf %[[X]], %[[X]] flush_to_zero : tile<f32>
    %maxf_ftz = maxf %x, %x flush_to_zero : tile<f32>
    // CHECK: minf %[[X]], %[[X]] flush_to_zero propagate_nan : tile<f32>
    %minf = minf %x, %x propagate_nan flush_to_zero : tile<f32>
    // CHECK: minf %[[H]], %[[H]] : tile<f16>
    %minf_h = minf %h, %h : tile<f16>
    // CHECK: fma %[[X]], %[[X]], %[[X]] rounding<zero> flush_to_zero : tile<f32>
    %fma = fma %x, %x, %x rounding<zero> flush_to_zero : tile<f32>
    // CHECK: cmpf less_than unordered %[[H]], %[[H]] : tile<f16> -> tile<i1>
    %cmpf = cmpf less_than unordered %h, %h : tile<f16> -> tile<i1>
    // CHECK: cmpf not_equal ordered %[[X]], %[[X]] : tile<f32> -> tile<i1>
    %cmpf_o = cmpf not_equal ordered %x, %x : tile<f32> -> tile<i1>

    // CHECK: select %[[C]], %[[X]], %[[X]] : tile<i1>, tile<f32>
    %select = select %c, %x, %x : tile<i1>, tile<f32>
    // CHECK: select %[[C]], %[[P]], %[[P]] : tile<i1>, tile<ptr<f32>>
    %select_p = select %c, %p, %p : tile<i1>, tile<ptr<f32>>
    // CHECK: offset %[[P]], %[[L]] : tile<ptr<f32>>, tile<i64> -> tile<ptr<f32>>
    %offset = offset %p, %l : tile<ptr<f32>>, tile<i64> -> tile<ptr<f32>>
  }
}

//--- mma.mlir
// CHECK-LABEL: entry @mma
cuda_tile.module @m {
  entry @mma() {
    %a16 = constant <f16: 1.0> : tile<4x8xf16>
    %b16 = constant <f16: 1.0> : tile<8x2xf16>
    %c32 = constant <f32: 0.0> : tile<4x2xf32>
    // CHECK: mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<4x8xf16>, tile<8x2xf16>, tile<4x2xf32>
    %0 = mmaf %a16, %b16, %c32 : tile<4x8xf16>, tile<8x2xf16>, tile<4x2xf32>
    %a64 = constant <f64: 1.0> : tile<2x4x8xf64>
    %b64 = constant <f64: 1.0> : tile<2x8x2xf64>
    %c64 = constant <f64: 0.0> : tile<2x4x2xf64>
    // CHECK: mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<2x4x8xf64>, tile<2x8x2xf64>, tile<2x4x2xf64>
    %1 = mmaf %a64, %b64, %c64 : tile<2x4x8xf64>, tile<2x8x2xf64>, tile<2x4x2xf64>
    %a8 = constant <i8: 1> : tile<4x8xi8>
    %b8 = constant <i8: 1> : tile<8x2xi8>
    %ci = constant <i32: 0> : tile<4x2xi32>
    // CHECK: mmai %{{.*}}, %{{.*}}, %{{.*}} signed unsigned : tile<4x8xi8>, tile<8x2xi8>, tile<4x2xi32>
    %2 = mmai %a8, %b8, %ci signed unsigned : tile<4x8xi8>, tile<8x2xi8>, tile<4x2xi32>
    // CHECK: mmai %{{.*}}, %{{.*}}, %{{.*}} unsigned signed : tile<4x8xi8>, tile<8x2xi8>, tile<4x2xi32>
    %3 = mmai %a8, %b8, %ci unsigned signed : tile<4x8xi8>, tile<8x2xi8>, tile<4x2xi32>
  }
}

//--- negi.mlir
// CHECK-LABEL: entry @negi
// CHECK: negi %{{.*}} overflow<no_signed_wrap> : tile<i16>
// CHECK: negi %{{.*}} overflow<no_wrap> : tile<i16>
// CHECK: negi %{{.*}} : tile<i16>
// ERR: attribute 'overflow' of 'cuda_tile.negi' needs bytecode version 13.2; the target is 13.1
cuda_tile.module @m {
  entry @negi(%a: tile<i16>) {
    %0 = negi %a overflow<no_signed_wrap> : tile<i16>
    %1 = negi %a overflow<no_wrap> : tile<i16>
    %2 = negi %a overflow<none> : tile<i16>
  }
}

//--- fast_acc.mlir
// CHECK-LABEL: entry @fast_acc
// CHECK: mmaf %{{.*}}, %{{.*}}, %{{.*}} fast_acc : tile<16x32xf8E4M3FN>, tile<32x8xf8E4M3FN>, tile<16x8xf32>
// CHECK: mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<16x32xf8E4M3FN>, tile<32x8xf8E4M3FN>, tile<16x8xf32>
// ERR: attribute 'fast_acc' of 'cuda_tile.mmaf' needs bytecode version 13.3; the target is 13.2
cuda_tile.module @m {
  entry @fast_acc() {
    %a = constant <f8E4M3FN: 1.0> : tile<16x32xf8E4M3FN>
    %b = constant <f8E4M3FN: 1.0> : tile<32x8xf8E4M3FN>
    %c = constant <f32: 0.0> : tile<16x8xf32>
    %0 = mmaf %a, %b, %c fast_acc : tile<16x32xf8E4M3FN>, tile<32x8xf8E4M3FN>, tile<16x8xf32>
    %1 = mmaf %a, %b, %c : tile<16x32xf8E4M3FN>, tile<32x8xf8E4M3FN>, tile<16x8xf32>
  }
}

//--- mmaf_scaled.mlir
// CHECK-LABEL: entry @mmaf_scaled
// CHECK: mmaf_scaled %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tile<64x64xf4E2M1FN>, tile<64x32xf4E2M1FN>, tile<64x32xf32>, tile<64x4xf8E4M3FN>, tile<4x32xf8E4M3FN>
// CHECK: mmaf_scaled %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tile<64x64xf8E5M2>, tile<64x32xf8E5M2>, tile<64x32xf32>, tile<64x2xf8E8M0FNU>, tile<2x32xf8E8M0FNU>
// The writer meets the 13.3-only operand types before the op itself.
// ERR: error: type 'f4E2M1FN' requires bytecode version 13.3; the target is 13.2
cuda_tile.module @m {
  entry @mmaf_scaled() {
    %a = constant <f4E2M1FN: 1.0> : tile<64x64xf4E2M1FN>
    %b = constant <f4E2M1FN: 1.0> : tile<64x32xf4E2M1FN>
    %c = constant <f32: 0.0> : tile<64x32xf32>
    %sa = constant <f8E4M3FN: 1.0> : tile<64x4xf8E4M3FN>
    %sb = constant <f8E4M3FN: 1.0> : tile<4x32xf8E4M3FN>
    %0 = mmaf_scaled %a, %b, %c, %sa, %sb : tile<64x64xf4E2M1FN>, tile<64x32xf4E2M1FN>, tile<64x32xf32>, tile<64x4xf8E4M3FN>, tile<4x32xf8E4M3FN>
    %e = constant <f8E5M2: 1.0> : tile<64x64xf8E5M2>
    %f = constant <f8E5M2: 1.0> : tile<64x32xf8E5M2>
    %se = constant <f8E8M0FNU: 1.0> : tile<64x2xf8E8M0FNU>
    %sf = constant <f8E8M0FNU: 1.0> : tile<2x32xf8E8M0FNU>
    %1 = mmaf_scaled %e, %f, %c, %se, %sf : tile<64x64xf8E5M2>, tile<64x32xf8E5M2>, tile<64x32xf32>, tile<64x2xf8E8M0FNU>, tile<2x32xf8E8M0FNU>
  }
}
