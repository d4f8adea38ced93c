// Constants of element types whose registers differ from the element: 8-bit
// floats are held as i8 (their bit pattern), tf32 as f32 (its exact value).
// e5m2 1.5 = 0x3E; e4m3fn 1.0 = 0x38, -2.0 = 0xC0.
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-plan-shared-memory --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_90' | FileCheck %s \
// RUN:   --implicit-check-not=cuda_tile.
// tf32 is stored as an f32 (4 bytes), fp8 as a byte.
// RUN: %if ptxas %{ tileiras %s --gpu-name sm_90 -o %t.cubin --emit-ptx %t.ptx && FileCheck %s --check-prefix=PTX < %t.ptx %}

// CHECK-LABEL: llvm.func @narrow(
// CHECK: llvm.mlir.constant(62 : i8) : i8
// CHECK: llvm.mlir.constant(56 : i8) : i8
// CHECK: llvm.mlir.constant(-64 : i8) : i8
// CHECK: llvm.mlir.constant(5.000000e-01 : f32) : f32
// PTX-COUNT-3: st.global.b8
// PTX: st.global.b32
cuda_tile.module @consts {
  entry @narrow(%p: tile<ptr<f8E5M2>>, %q: tile<ptr<f8E4M3FN>>, %r: tile<ptr<tf32>>) {
    %a = constant <f8E5M2: 1.5> : tile<f8E5M2>
    %t0 = store_ptr_tko weak %p, %a : tile<ptr<f8E5M2>>, tile<f8E5M2> -> token
    %b = constant <f8E4M3FN: [1.0, -2.0]> : tile<2xf8E4M3FN>
    %qs = reshape %q : tile<ptr<f8E4M3FN>> -> tile<1xptr<f8E4M3FN>>
    %qb = broadcast %qs : tile<1xptr<f8E4M3FN>> -> tile<2xptr<f8E4M3FN>>
    %o = iota : tile<2xi32>
    %qo = offset %qb, %o : tile<2xptr<f8E4M3FN>>, tile<2xi32> -> tile<2xptr<f8E4M3FN>>
    %t1 = store_ptr_tko weak %qo, %b : tile<2xptr<f8E4M3FN>>, tile<2xf8E4M3FN> -> token
    %c = constant <tf32: 0.5> : tile<tf32>
    %t2 = store_ptr_tko weak %r, %c : tile<ptr<tf32>>, tile<tf32> -> token
    return
  }
}
