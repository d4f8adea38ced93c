// tileir-plan-shared-memory places buffers by liveness: a buffer lives from
// its allocation to its last use (a loop using it counts whole), buffers
// whose lives do not overlap share bytes, and an op's scratch is placed
// beside the buffers live around it (tilegpu.scratch_offset).
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts \
// RUN:   --tileir-plan-shared-memory | FileCheck %s

// CHECK-LABEL: entry @disjoint(
// CHECK: tilegpu.alloc_shared {offset = 0 : i64}
// CHECK: tilegpu.alloc_shared {offset = 0 : i64}
// CHECK: } {tilegpu.num_warps = 4 : i32, tilegpu.shared_bytes = 1024 : i64}
cuda_tile.module @disjoint {
  entry @disjoint() {
    %x = constant <f32: 1.0> : tile<16x16xf32>
    %a = tilegpu.alloc_shared : !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
    tilegpu.local_store %x, %a : !cuda_tile.tile<16x16xf32>, !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
    %b = tilegpu.alloc_shared : !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
    tilegpu.local_store %x, %b : !cuda_tile.tile<16x16xf32>, !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
    return
  }
}

// -----

// Both live at the second store: 1024-byte aligned apart.
// CHECK-LABEL: entry @overlapping(
// CHECK: tilegpu.alloc_shared {offset = 0 : i64}
// CHECK: tilegpu.alloc_shared {offset = 1024 : i64}
// CHECK: } {tilegpu.num_warps = 4 : i32, tilegpu.shared_bytes = 2048 : i64}
cuda_tile.module @overlapping {
  entry @overlapping() {
    %x = constant <f32: 1.0> : tile<16x16xf32>
    %a = tilegpu.alloc_shared : !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
    tilegpu.local_store %x, %a : !cuda_tile.tile<16x16xf32>, !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
    %b = tilegpu.alloc_shared : !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
    tilegpu.local_store %x, %b : !cuda_tile.tile<16x16xf32>, !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
    %y = tilegpu.local_load %a : !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>> -> !cuda_tile.tile<16x16xf32, #tilegpu.layout<shape=[16,16], reg=[[0,1],[0,2]], lane=[[0,4],[0,8],[1,0],[2,0],[4,0]], warp=[[8,0],[0,0]]>>
    return
  }
}

// -----

// A buffer read in a loop is live through the whole loop: the buffer
// allocated in the loop's body cannot take its bytes, the one after the
// loop can. Scratch (a layout conversion through shared memory) goes
// beside what is live.
// CHECK-LABEL: entry @loop(
// CHECK: %[[A:.*]] = tilegpu.alloc_shared {offset = 0 : i64}
// CHECK: for
// CHECK: tilegpu.alloc_shared {offset = 1024 : i64}
// CHECK: tilegpu.convert_layout {{.*}} {tilegpu.scratch_offset = 2048 : i64}
// CHECK: tilegpu.alloc_shared {offset = 0 : i64}
cuda_tile.module @loop {
  entry @loop(%n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %x = constant <f32: 1.0> : tile<16x16xf32>
    %a = tilegpu.alloc_shared : !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
    tilegpu.local_store %x, %a : !cuda_tile.tile<16x16xf32>, !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
    for %k in (%c0 to %n, step %c1) : tile<i32> {
      %b = tilegpu.alloc_shared : !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
      %y = tilegpu.local_load %a : !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>> -> !cuda_tile.tile<16x16xf32, #tilegpu.layout<shape=[16,16], reg=[[0,1],[0,2]], lane=[[0,4],[0,8],[1,0],[2,0],[4,0]], warp=[[8,0],[0,0]]>>
      %z = tilegpu.convert_layout %y : !cuda_tile.tile<16x16xf32, #tilegpu.layout<shape=[16,16], reg=[[0,1],[0,2]], lane=[[0,4],[0,8],[1,0],[2,0],[4,0]], warp=[[8,0],[0,0]]>> -> !cuda_tile.tile<16x16xf32, #tilegpu.layout<shape=[16,16], reg=[[1,0],[2,0]], lane=[[4,0],[8,0],[0,1],[0,2],[0,4]], warp=[[0,8],[0,0]]>>
      tilegpu.local_store %z, %b : !cuda_tile.tile<16x16xf32, #tilegpu.layout<shape=[16,16], reg=[[1,0],[2,0]], lane=[[4,0],[8,0],[0,1],[0,2],[0,4]], warp=[[0,8],[0,0]]>>, !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
    }
    %c = tilegpu.alloc_shared : !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
    tilegpu.local_store %x, %c : !cuda_tile.tile<16x16xf32>, !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
    return
  }
}

// -----

// A buffer marked tilegpu.live_to_end (barriers the producer warps wait on
// after their loop) lives to the kernel's end: the one allocated after its
// last use does not take its bytes, unlike @disjoint.
// CHECK-LABEL: entry @live_to_end(
// CHECK: tilegpu.alloc_shared {offset = 0 : i64, tilegpu.live_to_end}
// CHECK: tilegpu.alloc_shared {offset = 1024 : i64}
// CHECK: } {tilegpu.num_warps = 4 : i32, tilegpu.shared_bytes = 2048 : i64}
cuda_tile.module @live_to_end {
  entry @live_to_end() {
    %x = constant <f32: 1.0> : tile<16x16xf32>
    %a = tilegpu.alloc_shared {tilegpu.live_to_end} : !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
    tilegpu.local_store %x, %a : !cuda_tile.tile<16x16xf32>, !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
    %b = tilegpu.alloc_shared : !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
    tilegpu.local_store %x, %b : !cuda_tile.tile<16x16xf32>, !tilegpu.smem<16x16xf32, #tilegpu.shared<shape=[16, 16], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]>>
    return
  }
}
