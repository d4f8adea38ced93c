// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt -mlir-print-op-generic %s | tile-opt | FileCheck %s

// Shape ops and assume in the specification's syntax: round trip through
// the custom and the generic form.

cuda_tile.module @shape {
  // CHECK-LABEL: entry @constants
  entry @constants() {
    // CHECK: constant <i32: 0> : tile<i32>
    %0 = constant <i32: 0> : tile<i32>
    // CHECK: constant <i64: 1> : tile<i64>
    %1 = constant <i64: 1> : !cuda_tile.tile<i64>
    // CHECK: constant <i32: [0, 1, 2, 3]> : tile<4xi32>
    %2 = constant <i32: [0, 1, 2, 3]> : tile<4xi32>
    // A single literal fills the tile.
    // CHECK: constant <f32: 0.000000e+00> : tile<2x4xf32>
    %3 = constant <f32: 0.0> : tile<2x4xf32>
    // CHECK: constant <f64: [0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00]> : tile<4xf64>
    %4 = constant <f64: [0.0, 1.0, 2.0, 3.0]> : tile<4xf64>
    // CHECK: constant <i1: [true, false]> : tile<2xi1>
    %5 = constant <i1: [true, false]> : tile<2xi1>
    // CHECK: constant <i16: {{\[}}[1, 2], [3, 4]]> : tile<2x2xi16>
    %6 = constant <i16: [[1, 2], [3, 4]]> : tile<2x2xi16>
    // CHECK: constant <bf16: 5.500000e+00> : tile<bf16>
    %7 = constant <bf16: 5.5> : tile<bf16>
  }

  // CHECK-LABEL: entry @iota
  entry @iota() {
    // CHECK: iota : tile<128xi32>
    %0 = iota : tile<128xi32>
    // An n-element iN tile needs n <= 2^N: 256 values fit in i8.
    // CHECK: iota : tile<256xi8>
    %1 = iota : !cuda_tile.tile<256xi8>
    // CHECK: iota : tile<2xi1>
    %2 = iota : tile<2xi1>
    // CHECK: iota : tile<4xi64>
    %3 = iota : tile<4xi64>
  }

  // CHECK-LABEL: entry @reshape_broadcast_permute
  entry @reshape_broadcast_permute(%p: tile<ptr<f32>>) {
    %s = constant <i8: 42> : tile<i8>
    %t = constant <f32: 0.0> : tile<8x2xf32>
    // CHECK: %[[R0:.*]] = reshape %{{.*}} : tile<i8> -> tile<1x1x1xi8>
    %0 = reshape %s : tile<i8> -> tile<1x1x1xi8>
    // CHECK: reshape %[[R0]] : tile<1x1x1xi8> -> tile<i8>
    %1 = reshape %0 : tile<1x1x1xi8> -> tile<i8>
    // CHECK: reshape %{{.*}} : tile<8x2xf32> -> tile<2x2x4x1xf32>
    %2 = reshape %t : tile<8x2xf32> -> tile<2x2x4x1xf32>
    // Pointer tiles are tiles like any other.
    // CHECK: %[[P3:.*]] = reshape %{{.*}} : tile<ptr<f32>> -> tile<1x1x1xptr<f32>>
    %3 = reshape %p : tile<ptr<f32>> -> tile<1x1x1xptr<f32>>
    // CHECK: broadcast %[[P3]] : tile<1x1x1xptr<f32>> -> tile<1x8x8xptr<f32>>
    %4 = broadcast %3 : tile<1x1x1xptr<f32>> -> tile<1x8x8xptr<f32>>
    %row = constant <f32: 1.0> : tile<1x64xf32>
    // CHECK: broadcast %{{.*}} : tile<1x64xf32> -> tile<32x64xf32>
    %5 = broadcast %row : tile<1x64xf32> -> tile<32x64xf32>
    %cube = constant <f16: 0.0> : tile<2x4x8xf16>
    // CHECK: permute %{{.*}} [2, 0, 1] : tile<2x4x8xf16> -> tile<8x2x4xf16>
    %6 = permute %cube [2, 0, 1] : tile<2x4x8xf16> -> tile<8x2x4xf16>
    // CHECK: permute %{{.*}} [0, 1] : tile<8x2xf32> -> tile<8x2xf32>
    %7 = permute %t [0, 1] : tile<8x2xf32> -> tile<8x2xf32>
  }

  // CHECK-LABEL: entry @cat_extract
  entry @cat_extract() {
    %a = constant <f32: 0.0> : tile<2x4xf32>
    %b = constant <f32: 1.0> : tile<2x4xf32>
    // CHECK: cat %{{.*}}, %{{.*}} dim = 1 : tile<2x4xf32>, tile<2x4xf32> -> tile<2x8xf32>
    %0 = cat %a, %b dim = 1 : tile<2x4xf32>, tile<2x4xf32> -> tile<2x8xf32>
    // CHECK: cat %{{.*}}, %{{.*}} dim = 0 : tile<2x4xf32>, tile<2x4xf32> -> tile<4x4xf32>
    %1 = cat %a, %b dim = 0
        : tile<2x4xf32>, tile<2x4xf32> -> tile<4x4xf32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %t = constant <f32: 0.0> : tile<32x8xf32>
    // CHECK: extract %{{.*}}[%{{.*}}, %{{.*}}] : tile<32x8xf32> -> tile<4x2xf32>
    %2 = extract %t[%c1, %c2] : tile<32x8xf32> -> tile<4x2xf32>
    %s = constant <f32: 0.0> : tile<f32>
    // A rank-0 source takes no index.
    // CHECK: extract %{{.*}}[] : tile<f32> -> tile<f32>
    %3 = extract %s[] : tile<f32> -> tile<f32>
  }

  // CHECK-LABEL: entry @reduce
  entry @reduce() {
    %x = constant <f32: 0.0> : tile<8x64xf32>
    %i = constant <i32: 0> : tile<8x64xi32>
    // CHECK: reduce %{{.*}} dim=0 identities=[0.000000e+00 : f32] : tile<8x64xf32> -> tile<64xf32> (%[[E:.*]]: tile<f32>, %[[A:.*]]: tile<f32>) {
    // CHECK-NEXT: yield %[[E]] : tile<f32>
    // CHECK-NEXT: }
    %0 = reduce %x dim=0 identities=[0.000000e+0 : f32] : tile<8x64xf32> -> tile<64xf32>
      (%elem: tile<f32>, %acc: tile<f32>) {
        yield %elem : tile<f32>
      }
    // Two operands reduced in lockstep, rank-1 to rank-0.
    // CHECK: reduce %{{.*}}, %{{.*}} dim=1 identities=[1.000000e+00 : f32, -1 : i32] : tile<8x64xf32>, tile<8x64xi32> -> tile<8xf32>, tile<8xi32> (%{{.*}}: tile<f32>, %{{.*}}: tile<f32>, %{{.*}}: tile<i32>, %{{.*}}: tile<i32>) {
    %1:2 = reduce %x, %i dim=1 identities=[1.0 : f32, -1 : i32]
        : tile<8x64xf32>, tile<8x64xi32> -> tile<8xf32>, tile<8xi32>
      (%e0: tile<f32>, %a0: tile<f32>, %e1: tile<i32>, %a1: !cuda_tile.tile<i32>) {
        // Pure ops may appear in the body.
        %c = constant <i32: 3> : tile<i32>
        yield %a0, %c : tile<f32>, tile<i32>
      }
    %v = constant <i1: true> : tile<4xi1>
    // CHECK: reduce %{{.*}} dim=0 identities=[false] : tile<4xi1> -> tile<i1>
    %2 = reduce %v dim=0 identities=[false] : tile<4xi1> -> tile<i1>
      (%e: tile<i1>, %a: tile<i1>) {
        yield %a : tile<i1>
      }
  }

  // CHECK-LABEL: entry @scan
  entry @scan() {
    %x = constant <f32: 0.0> : tile<8x16xf32>
    // CHECK: scan %{{.*}} dim=1 reverse=false identities=[1.000000e+00 : f32] : tile<8x16xf32> -> tile<8x16xf32> (%{{.*}}: tile<f32>, %[[ACC:.*]]: tile<f32>) {
    // CHECK-NEXT: yield %[[ACC]] : tile<f32>
    %0 = scan %x dim=1 reverse=false identities=[1.0 : f32] : tile<8x16xf32> -> tile<8x16xf32>
      (%elem: tile<f32>, %acc: tile<f32>) {
        yield %acc : tile<f32>
      }
    // CHECK: scan %{{.*}} dim=0 reverse=true identities=[0.000000e+00 : f32] : tile<8x16xf32> -> tile<8x16xf32>
    %1 = scan %x dim=0 reverse=true identities=[0.0 : f32] : tile<8x16xf32> -> tile<8x16xf32>
      (%elem: !cuda_tile.tile<f32>, %acc: !cuda_tile.tile<f32>) {
        yield %elem : tile<f32>
      }
  }

  // CHECK-LABEL: entry @assume
  entry @assume(%p: tile<ptr<f32>>, %n: tile<i32>) {
    %i = constant <i16: [32, 64, 0, 0, 32, -32, 1024, 0]> : tile<8xi16>
    // The predicate prints without its #cuda_tile. prefix, and parses with
    // or without it.
    // CHECK: assume div_by<32>, %{{.*}} : tile<8xi16>
    %0 = assume div_by<32>, %i : tile<8xi16>
    // CHECK: assume div_by<32, every 4 along 0>, %{{.*}} : tile<8xi16>
    %1 = assume #cuda_tile.div_by<32, every 4 along 0>, %i : tile<8xi16>
    // CHECK: assume div_by<16>, %{{.*}} : tile<ptr<f32>>
    %2 = assume div_by<16>, %p : tile<ptr<f32>>
    %r = reshape %p : tile<ptr<f32>> -> tile<1x1x1xptr<f32>>
    %b = broadcast %r : tile<1x1x1xptr<f32>> -> tile<1x8x8xptr<f32>>
    // CHECK: assume same_elements<[1, 4, 2]>, %{{.*}} : tile<1x8x8xptr<f32>>
    %3 = assume same_elements<[1, 4, 2]>, %b : tile<1x8x8xptr<f32>>
    // CHECK: assume bounded<5, ?>, %{{.*}} : tile<8xi16>
    %4 = assume bounded<5, ?>, %i : tile<8xi16>
    // CHECK: assume bounded<?, 42>, %{{.*}} : tile<i32>
    %5 = assume #cuda_tile.bounded<?, 42>, %n : tile<i32>
  }
}
