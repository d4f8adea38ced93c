// tileir-widen-mma-operands: on targets without an 8-bit float mma.sync
// (sm_80, sm_86), a product of e4m3 or e5m2 tiles with an f32 accumulator
// multiplies the operands converted to f16 (exact), without fast_acc. An f16
// accumulator, and every product on targets with 8-bit mma.sync, stay.
// RUN: tile-opt %s --tileir-widen-mma-operands='target=sm_80' | FileCheck %s
// RUN: tile-opt %s --tileir-widen-mma-operands='target=sm_86' | FileCheck %s
// RUN: tile-opt %s --tileir-widen-mma-operands='target=sm_89' | FileCheck %s --check-prefix=KEEP
// RUN: tile-opt %s --tileir-widen-mma-operands='target=sm_90' | FileCheck %s --check-prefix=KEEP
// RUN: tile-opt %s --tileir-widen-mma-operands='target=sm_90 force=1' | FileCheck %s
// A kernel named in widen-kernels (the driver's re-plan after ptxas spilled
// in it) is widened on any target; the others keep their 8-bit products and
// are marked as able to give them up.
// RUN: tile-opt %s --tileir-widen-mma-operands='target=sm_89 widen-kernels=e5m2_f32' \
// RUN:   | FileCheck %s --check-prefix=NAMED

// CHECK-LABEL: entry @e4m3_f32()
// CHECK: %[[A:.*]] = ftof %{{.*}} : tile<32x64xf8E4M3FN> -> tile<32x64xf16>
// CHECK: %[[B:.*]] = ftof %{{.*}} : tile<64x16xf8E4M3FN> -> tile<64x16xf16>
// CHECK: %[[D:.*]] = mmaf %[[A]], %[[B]], %{{.*}} : tile<32x64xf16>, tile<64x16xf16>, tile<32x16xf32>
// CHECK-NOT: fast_acc
// CHECK: print_tko "%f", %[[D]]
// CHECK-LABEL: entry @e5m2_f32()
// CHECK: ftof %{{.*}} : tile<16x32xf8E5M2> -> tile<16x32xf16>
// CHECK: ftof %{{.*}} : tile<32x16xf8E5M2> -> tile<32x16xf16>
// CHECK: mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<16x32xf16>, tile<32x16xf16>, tile<16x16xf32>
// CHECK-LABEL: entry @e4m3_f16()
// CHECK-NOT: ftof
// CHECK: mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<16x32xf8E4M3FN>, tile<32x16xf8E4M3FN>, tile<16x16xf16>

// KEEP-LABEL: entry @e4m3_f32()
// KEEP-NOT: ftof
// KEEP: mmaf %{{.*}}, %{{.*}}, %{{.*}} fast_acc : tile<32x64xf8E4M3FN>
// KEEP: } {tilegpu.fp8_products}
// KEEP-LABEL: entry @e5m2_f32()
// KEEP-NOT: ftof
// KEEP: mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<16x32xf8E5M2>
// KEEP: } {tilegpu.fp8_products}
// KEEP-LABEL: entry @e4m3_f16()
// KEEP-NOT: fp8_products
// KEEP: return
// KEEP-NEXT: }{{$}}

// NAMED-LABEL: entry @e4m3_f32()
// NAMED-NOT: ftof
// NAMED: } {tilegpu.fp8_products}
// NAMED-LABEL: entry @e5m2_f32()
// NAMED: ftof
// NAMED: mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<16x32xf16>
// NAMED-NOT: fp8_products
// NAMED-LABEL: entry @e4m3_f16()
cuda_tile.module @m {
  entry @e4m3_f32() {
    %a = constant <f8E4M3FN: 1.0> : tile<32x64xf8E4M3FN>
    %b = constant <f8E4M3FN: 2.0> : tile<64x16xf8E4M3FN>
    %c = constant <f32: 0.0> : tile<32x16xf32>
    %d = mmaf %a, %b, %c fast_acc : tile<32x64xf8E4M3FN>, tile<64x16xf8E4M3FN>, tile<32x16xf32>
    %t = print_tko "%f", %d : tile<32x16xf32> -> token
    return
  }
  entry @e5m2_f32() {
    %a = constant <f8E5M2: 1.0> : tile<16x32xf8E5M2>
    %b = constant <f8E5M2: 2.0> : tile<32x16xf8E5M2>
    %c = constant <f32: 0.0> : tile<16x16xf32>
    %d = mmaf %a, %b, %c : tile<16x32xf8E5M2>, tile<32x16xf8E5M2>, tile<16x16xf32>
    return
  }
  entry @e4m3_f16() {
    %a = constant <f8E4M3FN: 1.0> : tile<16x32xf8E4M3FN>
    %b = constant <f8E4M3FN: 2.0> : tile<32x16xf8E4M3FN>
    %c = constant <f16: 0.0> : tile<16x16xf16>
    %d = mmaf %a, %b, %c : tile<16x32xf8E4M3FN>, tile<32x16xf8E4M3FN>, tile<16x16xf16>
    return
  }
}
