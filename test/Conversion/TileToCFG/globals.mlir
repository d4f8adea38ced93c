// Module globals leave the cuda_tile.module with the kernels: they become
// device globals and get_global takes their address (regression: the
// globals used to be moved out as cuda_tile.global ops, which the verifier
// rejects outside a cuda_tile.module, so no kernel with a global compiled).
// RUN: tile-opt %s --tileir-lower-to-cfg | FileCheck %s
// RUN: tileiras %s --gpu-name sm_90 -o %t.cubin --emit-ptx %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx

// CHECK-NOT: cuda_tile.global
// CHECK-DAG: llvm.mlir.global external @table(dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>) {addr_space = 1 : i32, alignment = 16 : i64} : !llvm.array<4 x f32>
// CHECK-DAG: llvm.mlir.global external constant @bytes(dense<[56, 64]> : tensor<2xi8>) {addr_space = 1 : i32} : !llvm.array<2 x i8>
// CHECK-LABEL: func.func @read_table(
// CHECK: %[[A:.*]] = llvm.mlir.addressof @table : !llvm.ptr<1>
// CHECK: builtin.unrealized_conversion_cast %[[A]] : !llvm.ptr<1> to !cuda_tile.tile<ptr<f32>>
// PTX: .global .align 16 .b8 table[16]
// PTX: .global .align 1 .b8 bytes[2] = {56, 64};
cuda_tile.module @m {
  global @table alignment = 16 <f32: [1.0, 2.0, 3.0, 4.0]> : tile<4xf32>
  global constant @bytes <f8E4M3FN: [1.0, 2.0]> : tile<2xf8E4M3FN>
  entry @read_table(%out: tile<ptr<f32>>) {
    %p = get_global @table : tile<ptr<f32>>
    %v, %t = load_ptr_tko weak %p : tile<ptr<f32>> -> tile<f32>, token
    %t2 = store_ptr_tko weak %out, %v : tile<ptr<f32>>, tile<f32> -> token
    %q = get_global @bytes : tile<ptr<f8E4M3FN>>
    return
  }
}
