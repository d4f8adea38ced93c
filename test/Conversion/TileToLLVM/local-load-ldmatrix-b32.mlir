// A local_load of 32-bit elements whose lanes 0 and 1 step along a 16-byte
// row chunk and whose lanes 2-4 pick rows (a transposition's reads, tf32 B
// in tileir-stage-operands) lowers to ldmatrix of 16-bit cells: each lane's
// word is one element, the four matrices are the thread's first four
// registers. The store of the same layout into a K-major buffer is one
// 16-byte vector per four registers. A layout whose lanes hold whole
// vectors keeps plain vector loads.
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='num-warps=8' \
// RUN:   --tileir-plan-shared-memory --tileir-lower-to-cfg --convert-tile-to-llvm='target=sm_90' \
// RUN:   | FileCheck %s

// CHECK-LABEL: llvm.func @transpose_b32(
// CHECK-COUNT-4: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-NOT: nvvm.ldmatrix
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} : vector<4xf32>, !llvm.ptr<3>
// CHECK-NOT: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: llvm.return
cuda_tile.module @transpose_b32 {
  entry @transpose_b32() {
    %src = tilegpu.alloc_shared : !tilegpu.smem<32x128xf32, #tilegpu.shared<shape=[32, 128], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 4], [2, 8], [4, 16], [8, 0], [16, 0], [0, 32], [0, 64]]>>
    %dst = tilegpu.alloc_shared : !tilegpu.smem<32x128xf32, #tilegpu.shared<shape=[32, 128], offset=[[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [4, 1], [8, 2], [16, 4], [0, 8], [0, 16], [0, 32], [0, 64]]>>
    %y = tilegpu.local_load %src : !tilegpu.smem<32x128xf32, #tilegpu.shared<shape=[32, 128], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 4], [2, 8], [4, 16], [8, 0], [16, 0], [0, 32], [0, 64]]>> -> !cuda_tile.tile<32x128xf32, #tilegpu.layout<shape=[32,128], reg=[[1,0],[2,0],[8,0],[16,0]], lane=[[0,1],[0,2],[0,4],[0,8],[0,16]], warp=[[0,32],[0,64],[4,0]]>>
    tilegpu.local_store %y, %dst : !cuda_tile.tile<32x128xf32, #tilegpu.layout<shape=[32,128], reg=[[1,0],[2,0],[8,0],[16,0]], lane=[[0,1],[0,2],[0,4],[0,8],[0,16]], warp=[[0,32],[0,64],[4,0]]>>, !tilegpu.smem<32x128xf32, #tilegpu.shared<shape=[32, 128], offset=[[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [4, 1], [8, 2], [16, 4], [0, 8], [0, 16], [0, 32], [0, 64]]>>
    return
  }
}

// -----

// CHECK-LABEL: llvm.func @rows_b32(
// CHECK-NOT: nvvm.ldmatrix
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> vector<4xf32>
// CHECK-NOT: nvvm.ldmatrix
// CHECK: llvm.return
cuda_tile.module @rows_b32 {
  entry @rows_b32() {
    %x = constant <f32: 1.0> : tile<32x128xf32>
    %src = tilegpu.alloc_shared : !tilegpu.smem<32x128xf32, #tilegpu.shared<shape=[32, 128], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 4], [2, 8], [4, 16], [8, 0], [16, 0], [0, 32], [0, 64]]>>
    tilegpu.local_store %x, %src : !cuda_tile.tile<32x128xf32>, !tilegpu.smem<32x128xf32, #tilegpu.shared<shape=[32, 128], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 4], [2, 8], [4, 16], [8, 0], [16, 0], [0, 32], [0, 64]]>>
    %y = tilegpu.local_load %src : !tilegpu.smem<32x128xf32, #tilegpu.shared<shape=[32, 128], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 4], [2, 8], [4, 16], [8, 0], [16, 0], [0, 32], [0, 64]]>> -> !cuda_tile.tile<32x128xf32, #tilegpu.layout<shape=[32,128], reg=[[0,1],[0,2],[8,0],[16,0]], lane=[[0,4],[0,8],[0,16],[0,32],[0,64]], warp=[[1,0],[2,0],[4,0]]>>
    tilegpu.local_store %y, %src : !cuda_tile.tile<32x128xf32, #tilegpu.layout<shape=[32,128], reg=[[0,1],[0,2],[8,0],[16,0]], lane=[[0,4],[0,8],[0,16],[0,32],[0,64]], warp=[[1,0],[2,0],[4,0]]>>, !tilegpu.smem<32x128xf32, #tilegpu.shared<shape=[32, 128], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 4], [2, 8], [4, 16], [8, 0], [16, 0], [0, 32], [0, 64]]>>
    return
  }
}
