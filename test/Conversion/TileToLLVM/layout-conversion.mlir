// tilegpu.convert_layout lowers by the cheapest class the layout algebra
// proves: equal layouts take no instructions, a register permutation only
// reorders the struct, data that stays in its warp moves by shfl.sync, and
// anything else makes a round trip through the shared-memory arena.
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-plan-shared-memory --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_90' \
// RUN:   | FileCheck %s --implicit-check-not=tilegpu.convert_layout

#a = #tilegpu.layout<shape=[4, 32], reg=[[1, 0], [2, 0]], lane=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp=[[0, 0], [0, 0]]>
#a1 = #tilegpu.layout<shape=[128], reg=[[32], [64]], lane=[[1], [2], [4], [8], [16]], warp=[[0], [0]]>
#b = #tilegpu.layout<shape=[4, 32], reg=[[2, 0], [1, 0]], lane=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp=[[0, 0], [0, 0]]>
// Swapped register bases: registers 1 and 2 trade places, nothing else.
// CHECK-LABEL: llvm.func @register_permute(
// CHECK: %[[S:.*]] = llvm.insertvalue %{{.*}}[3]
// CHECK: %[[S:.*]] = llvm.insertvalue %{{.*}}[3]
// CHECK-DAG: %[[R0:.*]] = llvm.extractvalue %[[S]][0]
// CHECK-DAG: %[[R1:.*]] = llvm.extractvalue %[[S]][1]
// CHECK-DAG: %[[R2:.*]] = llvm.extractvalue %[[S]][2]
// CHECK-DAG: %[[R3:.*]] = llvm.extractvalue %[[S]][3]
// CHECK-NOT: nvvm.barrier0
// CHECK-NOT: nvvm.shfl.sync
// CHECK: %[[P:.*]] = llvm.mlir.poison
// CHECK: %[[P0:.*]] = llvm.insertvalue %[[R0]], %[[P]][0]
// CHECK: %[[P1:.*]] = llvm.insertvalue %[[R2]], %[[P0]][1]
// CHECK: %[[P2:.*]] = llvm.insertvalue %[[R1]], %[[P1]][2]
// CHECK: llvm.insertvalue %[[R3]], %[[P2]][3]
cuda_tile.module @m {
  entry @register_permute() {
    %i = iota : tile<128xi32, #a1>
    %x = reshape %i : tile<128xi32, #a1> -> tile<4x32xi32, #a>
    %y = tilegpu.convert_layout %x : !cuda_tile.tile<4x32xi32, #a> -> !cuda_tile.tile<4x32xi32, #b>
    return
  }
}

// -----

#a = #tilegpu.layout<shape=[4, 32], reg=[[1, 0], [2, 0]], lane=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp=[[0, 0], [0, 0]]>
#a1 = #tilegpu.layout<shape=[128], reg=[[32], [64]], lane=[[1], [2], [4], [8], [16]], warp=[[0], [0]]>
#c = #tilegpu.layout<shape=[4, 32], reg=[[0, 1], [2, 0]], lane=[[1, 0], [0, 2], [0, 4], [0, 8], [0, 16]], warp=[[0, 0], [0, 0]]>
// A register bit and a lane bit trade places: the data stays in the warp.
// CHECK-LABEL: llvm.func @warp_shuffle(
// CHECK-NOT: nvvm.barrier0
// CHECK: nvvm.shfl.sync  idx
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
cuda_tile.module @m {
  entry @warp_shuffle() {
    %i = iota : tile<128xi32, #a1>
    %x = reshape %i : tile<128xi32, #a1> -> tile<4x32xi32, #a>
    %y = tilegpu.convert_layout %x : !cuda_tile.tile<4x32xi32, #a> -> !cuda_tile.tile<4x32xi32, #c>
    return
  }
}

// -----

#w = #tilegpu.layout<shape=[4, 32], reg=[], lane=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp=[[1, 0], [2, 0]]>
#r = #tilegpu.layout<shape=[4, 32], reg=[[1, 0], [2, 0]], lane=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp=[[0, 0], [0, 0]]>
// Rows spread over warps become registers of every warp: through shared
// memory, one 512-byte copy of the tile. i1 travels as a byte. Each thread
// stores its one register at its row-major offset and loads four.
// CHECK: llvm.mlir.global internal @__tileir_smem_shared_memory(){{.*}}!llvm.array<512 x i8>
// CHECK-LABEL: llvm.func @shared_memory(
// CHECK: nvvm.barrier0
// CHECK: %[[V:.*]] = llvm.zext %{{.*}} : i1 to i8
// CHECK: llvm.store %[[V]], %{{.*}} : i8, !llvm.ptr<3>
// CHECK-NOT: llvm.store
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> i8
// CHECK: llvm.return
cuda_tile.module @m {
  entry @shared_memory(%c: tile<i1>, %v: tile<f32>) {
    %c1 = reshape %c : tile<i1> -> tile<1x1xi1>
    %x = broadcast %c1 : tile<1x1xi1> -> tile<4x32xi1, #w>
    %v1 = reshape %v : tile<f32> -> tile<1x1xf32>
    %f = broadcast %v1 : tile<1x1xf32> -> tile<4x32xf32, #w>
    %y = tilegpu.convert_layout %x : !cuda_tile.tile<4x32xi1, #w> -> !cuda_tile.tile<4x32xi1, #r>
    %g = tilegpu.convert_layout %f : !cuda_tile.tile<4x32xf32, #w> -> !cuda_tile.tile<4x32xf32, #r>
    return
  }
}
