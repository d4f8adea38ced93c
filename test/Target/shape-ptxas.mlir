// Shape ops and layout conversions compiled to a cubin: free relabelings,
// warp shuffles and shared-memory round trips (stores, bar.sync, loads in
// the arena) are all accepted by ptxas.
// REQUIRES: ptxas
// RUN: tileiras %s --gpu-name sm_90 -o %t.cubin --emit-ptx %t.ptx
// RUN: od -An -tx1 -N4 %t.cubin | FileCheck %s --check-prefix=ELF
// RUN: FileCheck %s < %t.ptx

// ELF: 7f 45 4c 46

// CHECK-LABEL: .entry shapes(
// CHECK-DAG: .shared .align {{[0-9]+}} .b8 __tileir_smem_shapes
// CHECK-DAG: shfl.sync.idx.b32
// CHECK-DAG: bar.sync 0
// CHECK-DAG: st.shared
// CHECK-DAG: ld.shared
// CHECK: ret;
cuda_tile.module @m {
  entry @shapes(%p: tile<ptr<f32>>, %i: tile<i32>, %s: tile<f32>) {
    %a = iota : tile<32xi32>
    %b = reshape %a : tile<32xi32> -> tile<32x1xi32>
    %c = broadcast %b : tile<32x1xi32> -> tile<32x64xi32>
    %d = permute %c [1, 0] : tile<32x64xi32> -> tile<64x32xi32>
    %e = extract %d[%i, %i] : tile<64x32xi32> -> tile<16x32xi32>
    %f = cat %e, %e dim = 0 : tile<16x32xi32>, tile<16x32xi32> -> tile<32x32xi32>
    %g = itof %f signed rounding<nearest_even> : tile<32x32xi32> -> tile<32x32xf32>
    %pp = reshape %p : tile<ptr<f32>> -> tile<1x1xptr<f32>>
    %pb = broadcast %pp : tile<1x1xptr<f32>> -> tile<32x32xptr<f32>>
    %o = iota : tile<32xi32>
    %o2 = reshape %o : tile<32xi32> -> tile<1x32xi32>
    %o3 = broadcast %o2 : tile<1x32xi32> -> tile<32x32xi32>
    %k = constant <i32: 32> : tile<32x32xi32>
    %r = reshape %a : tile<32xi32> -> tile<32x1xi32>
    %c2 = broadcast %r : tile<32x1xi32> -> tile<32x32xi32>
    %r3 = muli %c2, %k : tile<32x32xi32>
    %idx = addi %r3, %o3 : tile<32x32xi32>
    %ptrs = offset %pb, %idx : tile<32x32xptr<f32>>, tile<32x32xi32> -> tile<32x32xptr<f32>>
    %t = store_ptr_tko weak %ptrs, %g : tile<32x32xptr<f32>>, tile<32x32xf32> -> token
    return
  }
}
