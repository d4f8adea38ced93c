// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt -mlir-print-op-generic %s | tile-opt | FileCheck %s

// module, entry, global, get_global and return in the specification's
// syntax: round trip through the custom and the generic form.

// An empty module still has its body block.
// CHECK-LABEL: cuda_tile.module @empty {
// CHECK-NEXT: }
cuda_tile.module @empty {}

// CHECK-LABEL: cuda_tile.module @producer attributes {producer = "cutile 1.5 -O3"} {
cuda_tile.module @producer attributes {producer = "cutile 1.5 -O3"} {
}

// CHECK-LABEL: cuda_tile.module @kernels {
cuda_tile.module @kernels {
  // Globals: visibility (public is the default and not printed), constant,
  // alignment, and the `<element: literal> : type` value.
  // CHECK: global constant @g1 <f32: [1.000000e+00, 2.000000e+00]> : tile<2xf32>
  global constant @g1 <f32 : [1.0, 2.0]> : !cuda_tile.tile<2xf32>
  // CHECK: global @g2 alignment = 256 <f32: [1.000000e+00, 2.000000e+00]> : tile<2xf32>
  global @g2 alignment = 256 <f32: [1.0, 2.0]> : !cuda_tile.tile<2xf32>
  // A one-element literal prints as a splat.
  // CHECK: global @g3 <i32: 42> : tile<1xi32>
  global @g3 <i32: [42]> : !cuda_tile.tile<1xi32>
  // CHECK: global @g4 <i32: 42> : tile<1xi32>
  global public @g4 <i32: [42]> : tile<1xi32>
  // CHECK: global private @g5 <i32: 10> : tile<1xi32>
  global private @g5 <i32: [10]> : !cuda_tile.tile<1xi32>
  // CHECK: global private @g6 alignment = 128 <i64: 100> : tile<1xi64>
  global private @g6 alignment = 128 <i64: [100]> : !cuda_tile.tile<1xi64>
  // CHECK: global private constant @g7 <i32: 255> : tile<1xi32>
  global private constant @g7 <i32: [255]> : !cuda_tile.tile<1xi32>
  // CHECK: global constant @g8 alignment = 16 <f64: 2.718000e+00> : tile<1xf64>
  global constant @g8 alignment = 16 <f64: [2.718]> : !cuda_tile.tile<1xf64>
  // A scalar literal fills the whole buffer.
  // CHECK: global @g9 <f16: 0.000000e+00> : tile<8xf16>
  global @g9 <f16: 0.0> : tile<8xf16>
  // Integers accept the unsigned range too; they print signed.
  // CHECK: global @g10 <i8: [-1, 127, -128, 0]> : tile<4xi8>
  global @g10 <i8: [255, 127, -128, 0]> : tile<4xi8>
  // CHECK: global @g11 <i1: [true, false, true, true]> : tile<4xi1>
  global @g11 <i1: [true, false, 1, -1]> : tile<4xi1>
  // Hexadecimal literals give the bit pattern of a float.
  // CHECK: global @g12 <f32: [0x7F800000, 0xFF800000, 1.000000e+00, 0.000000e+00]> : tile<4xf32>
  global @g12 <f32: [0x7F800000, 0xFF800000, 1.0, 0.0]> : tile<4xf32>
  // CHECK: global @g13 <bf16: [1.500000e+00, -2.000000e+00]> : tile<2xbf16>
  global @g13 <bf16: [1.5, -2.0]> : tile<2xbf16>
  // CHECK: global @g14 <f8E4M3FN: [1.000000e+00, 4.480000e+02]> : tile<2xf8E4M3FN>
  global @g14 <f8E4M3FN: [1.0, 448.0]> : tile<2xf8E4M3FN>
  // CHECK: global @g15 <f4E2M1FN: [1.000000e+00, 6.000000e+00]> : tile<2xf4E2M1FN>
  global @g15 <f4E2M1FN: [1.0, 6.0]> : tile<2xf4E2M1FN>
  // Other attributes come before the value.
  // CHECK: global @g16 {note = "x"} <i16: 7> : tile<2xi16>
  global @g16 {note = "x"} <i16: 7> : tile<2xi16>

  // get_global, and the implicit return of an entry without a terminator.
  // CHECK: entry @kernel() {
  // CHECK-NEXT: get_global @g1 : tile<ptr<f32>>
  // CHECK-NEXT: get_global @g10 : tile<ptr<i8>>
  // CHECK-NEXT: return
  // CHECK-NEXT: }
  entry @kernel() {
    %0 = get_global @g1 : tile<ptr<f32>>
    %1 = cuda_tile.get_global @g10 : !cuda_tile.tile<!cuda_tile.ptr<i8>>
  }

  // Arguments, argument attributes and an explicit return.
  // CHECK: entry @args(%{{.*}}: tile<ptr<f32>>, %{{.*}}: tile<i32> {cuda_tile.note = 1 : i64}, %{{.*}}: tensor_view<?xf32, strides=[1]>)
  // CHECK-NEXT: return
  entry @args(%p: !cuda_tile.tile<ptr<f32>>, %n: tile<i32> {cuda_tile.note = 1},
              %v: tensor_view<?xf32, strides=[1]>) {
    cuda_tile.return
  }

  // Optimization hints; an empty hints attribute is not printed.
  // CHECK: entry @hinted(%{{.*}}: tile<ptr<f32>>) optimization_hints=<sm_100 = {num_cta_in_cga = 2}, sm_120 = {num_cta_in_cga = 2, occupancy = 2}> {
  entry @hinted(%arg0: !cuda_tile.tile<ptr<f32>>) optimization_hints=<sm_100 = {num_cta_in_cga = 2}, sm_120 = {num_cta_in_cga = 2, occupancy = 2}> {
    return
  }
  // CHECK: entry @unhinted(%{{.*}}: tile<ptr<f32>>) {
  entry @unhinted(%arg0: !cuda_tile.tile<ptr<f32>>) optimization_hints=<> {
    return
  }

  // Other attributes follow the body.
  // CHECK: entry @attributed() {
  // CHECK: } {cuda_tile.note = "x"}
  entry @attributed() {
  } {cuda_tile.note = "x"}

  // The fully qualified op names parse too.
  // CHECK: entry @qualified() {
  cuda_tile.entry @qualified() {
    cuda_tile.return
  }
}

// CHECK-LABEL: cuda_tile.module @second
// CHECK: entry @kernel()
cuda_tile.module @second {
  entry @kernel() {
  }
}
