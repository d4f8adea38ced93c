// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.1 %s | tile-translate --tileir-bytecode-to-mlir | FileCheck %s
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.2 %s | tile-translate --tileir-bytecode-to-mlir | FileCheck %s
// RUN: tile-translate --mlir-to-tileir-bytecode --bytecode-version=13.3 %s | tile-translate --tileir-bytecode-to-mlir | FileCheck %s

// The shape ops and assume survive a trip through bytecode in every
// version: constants (through the constant table), integer and array
// attributes, reduce and scan bodies, and assume predicates.

cuda_tile.module @m {
  // CHECK-LABEL: entry @shape(
  // CHECK-SAME: %[[P:.*]]: tile<ptr<f32>>, %[[N:.*]]: tile<i32>
  entry @shape(%p: tile<ptr<f32>>, %n: tile<i32>) {
    // CHECK: %[[C0:.*]] = constant <i32: 0> : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    // CHECK: %[[C1:.*]] = constant <i32: 1> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    // CHECK: constant <i16: {{\[}}[1, 2], [3, 4]]> : tile<2x2xi16>
    %i16 = constant <i16: [[1, 2], [3, 4]]> : tile<2x2xi16>
    // CHECK: constant <i1: [true, false, true, true]> : tile<4xi1>
    %bits = constant <i1: [true, false, true, true]> : tile<4xi1>
    // CHECK: %[[X:.*]] = constant <f32: 5.000000e-01> : tile<8x16xf32>
    %x = constant <f32: 0.5> : tile<8x16xf32>
    // CHECK: constant <f64: [1.000000e+00, -2.000000e+00]> : tile<2xf64>
    %f64 = constant <f64: [1.0, -2.0]> : tile<2xf64>
    // CHECK: constant <bf16: 5.500000e+00> : tile<bf16>
    %bf16 = constant <bf16: 5.5> : tile<bf16>
    // CHECK: %[[IOTA:.*]] = iota : tile<16xi32>
    %iota = iota : tile<16xi32>
    // CHECK: %[[R:.*]] = reshape %[[IOTA]] : tile<16xi32> -> tile<1x16xi32>
    %r = reshape %iota : tile<16xi32> -> tile<1x16xi32>
    // CHECK: %[[B:.*]] = broadcast %[[R]] : tile<1x16xi32> -> tile<8x16xi32>
    %b = broadcast %r : tile<1x16xi32> -> tile<8x16xi32>
    // CHECK: permute %[[B]] [1, 0] : tile<8x16xi32> -> tile<16x8xi32>
    %t = permute %b [1, 0] : tile<8x16xi32> -> tile<16x8xi32>
    // CHECK: %[[CAT:.*]] = cat %[[X]], %[[X]] dim = 0 : tile<8x16xf32>, tile<8x16xf32> -> tile<16x16xf32>
    %cat = cat %x, %x dim = 0 : tile<8x16xf32>, tile<8x16xf32> -> tile<16x16xf32>
    // CHECK: extract %[[CAT]][%[[C1]], %[[C0]]] : tile<16x16xf32> -> tile<4x16xf32>
    %e = extract %cat[%c1, %c0] : tile<16x16xf32> -> tile<4x16xf32>
    // CHECK: reduce %[[X]], %[[B]] dim=1 identities=[0.000000e+00 : f32, -1 : i32] : tile<8x16xf32>, tile<8x16xi32> -> tile<8xf32>, tile<8xi32> (%{{.*}}: tile<f32>, %[[A0:.*]]: tile<f32>, %[[E1:.*]]: tile<i32>, %{{.*}}: tile<i32>) {
    // CHECK-NEXT: yield %[[A0]], %[[E1]] : tile<f32>, tile<i32>
    // CHECK-NEXT: }
    %red:2 = reduce %x, %b dim=1 identities=[0.0 : f32, -1 : i32]
        : tile<8x16xf32>, tile<8x16xi32> -> tile<8xf32>, tile<8xi32>
      (%e0: tile<f32>, %a0: tile<f32>, %e1: tile<i32>, %a1: tile<i32>) {
        yield %a0, %e1 : tile<f32>, tile<i32>
      }
    // CHECK: reduce %{{.*}} dim=0 identities=[true] : tile<4xi1> -> tile<i1>
    %all = reduce %bits dim=0 identities=[true] : tile<4xi1> -> tile<i1>
      (%eb: tile<i1>, %ab: tile<i1>) {
        yield %eb : tile<i1>
      }
    // CHECK: scan %[[X]] dim=1 reverse=false identities=[1.000000e+00 : f32] : tile<8x16xf32> -> tile<8x16xf32> (%{{.*}}: tile<f32>, %[[ACC:.*]]: tile<f32>) {
    // CHECK-NEXT: %[[K:.*]] = constant <f32: 2.000000e+00> : tile<f32>
    // CHECK-NEXT: yield %[[K]] : tile<f32>
    %s0 = scan %x dim=1 reverse=false identities=[1.0 : f32] : tile<8x16xf32> -> tile<8x16xf32>
      (%es: tile<f32>, %as: tile<f32>) {
        %k = constant <f32: 2.0> : tile<f32>
        yield %k : tile<f32>
      }
    // CHECK: scan %[[X]] dim=0 reverse=true identities=[0.000000e+00 : f32] : tile<8x16xf32> -> tile<8x16xf32>
    %s1 = scan %x dim=0 reverse=true identities=[0.0 : f32] : tile<8x16xf32> -> tile<8x16xf32>
      (%es: tile<f32>, %as: tile<f32>) {
        yield %as : tile<f32>
      }
    // CHECK: assume div_by<16>, %[[P]] : tile<ptr<f32>>
    %a0 = assume div_by<16>, %p : tile<ptr<f32>>
    // CHECK: assume div_by<4, every 4 along 1>, %[[B]] : tile<8x16xi32>
    %a1 = assume div_by<4, every 4 along 1>, %b : tile<8x16xi32>
    // CHECK: assume same_elements<[1, 16]>, %[[B]] : tile<8x16xi32>
    %a2 = assume same_elements<[1, 16]>, %b : tile<8x16xi32>
    // CHECK: assume bounded<0, ?>, %[[N]] : tile<i32>
    %a3 = assume bounded<0, ?>, %n : tile<i32>
    // CHECK: assume bounded<-4, 42>, %[[N]] : tile<i32>
    %a4 = assume bounded<-4, 42>, %n : tile<i32>
    return
  }
}
