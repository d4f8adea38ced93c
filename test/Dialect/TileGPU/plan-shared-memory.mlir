// tileir-plan-shared-memory records on every entry the bytes of its
// shared memory: scratch of ops (and buffers) placed by liveness, so here,
// with one op at a time, the largest scratch any one op needs, rounded up
// to 16 bytes.
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts \
// RUN:   --tileir-plan-shared-memory | FileCheck %s

// Element-wise ops and constants use no scratch.
cuda_tile.module @none {
  // CHECK-LABEL: entry @elementwise(
  // CHECK: } {tilegpu.num_warps = 4 : i32, tilegpu.shared_bytes = 0 : i64}
  entry @elementwise(%c: tile<i1>) {
    %a = constant <f32: 1.0> : tile<64x64xf32>
    %b = addf %a, %a rounding<nearest_even> : tile<64x64xf32>
    %s = constant <f32: 1.0> : tile<f32>
    %t = constant <f32: 2.0> : tile<f32>
    %x = if %c -> (tile<f32>) {
      yield %s : tile<f32>
    } else {
      yield %t : tile<f32>
    }
    return
  }
}

// -----

// A reduction stages one partial per output element and warp along the
// reduced dimension: 64x8 f32 over dim 0 with two warp bits there is 4 x 8 x
// 4 = 128 bytes; over dim 1 (no warp moves along it) 16 x 4 = 64 bytes. The
// arena is the largest need of the kernel, not the sum.
cuda_tile.module @reduce {
  // CHECK-LABEL: entry @reductions(
  // CHECK: } {tilegpu.num_warps = 4 : i32, tilegpu.shared_bytes = 128 : i64}
  entry @reductions() {
    %x = constant <f32: 1.0> : tile<64x8xf32>
    %0 = reduce %x dim=0 identities=[0.000000e+0 : f32] : tile<64x8xf32> -> tile<8xf32>
      (%elem: tile<f32>, %acc: tile<f32>) {
        %s = addf %elem, %acc rounding<nearest_even> : tile<f32>
        yield %s : tile<f32>
      }
    %y = constant <f32: 1.0> : tile<16x8xf32>
    %1 = reduce %y dim=1 identities=[0.000000e+0 : f32] : tile<16x8xf32> -> tile<16xf32>
      (%elem: tile<f32>, %acc: tile<f32>) {
        %s = addf %elem, %acc rounding<nearest_even> : tile<f32>
        yield %s : tile<f32>
      }
    return
  }
}

// -----

// Sizes round up to 16 bytes: an atomic on one pointer returns its old
// value through 8 bytes of scratch.
cuda_tile.module @rounding {
  // CHECK-LABEL: entry @atomic(
  // CHECK: } {tilegpu.num_warps = 4 : i32, tilegpu.shared_bytes = 16 : i64}
  entry @atomic(%p: tile<ptr<i32>>, %v: tile<i32>) {
    %o, %t = atomic_rmw_tko relaxed device %p, add, %v : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }
  // Eight 8-bit elements held by one warp: combined in registers and by
  // shuffles, and every thread then holds the result, so no scratch.
  // CHECK-LABEL: entry @small_reduce(
  // CHECK: } {tilegpu.num_warps = 4 : i32, tilegpu.shared_bytes = 0 : i64}
  entry @small_reduce() {
    %x = constant <i8: 1> : tile<8xi8>
    %0 = reduce %x dim=0 identities=[0 : i8] : tile<8xi8> -> tile<i8>
      (%elem: tile<i8>, %acc: tile<i8>) {
        %s = addi %elem, %acc : tile<i8>
        yield %s : tile<i8>
      }
    return
  }
}
