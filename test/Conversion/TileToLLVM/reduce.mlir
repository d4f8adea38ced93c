// reduce lowered to LLVM/NVVM: registers of a thread first, then butterfly
// shuffles over the lanes that move along the reduced dim, then partials
// through the shared-memory arena when warps split that dim or the result
// layout differs from the sliced operand layout. The combiner region is
// emitted inline at every step.
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-plan-shared-memory --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_90' \
// RUN:   | FileCheck %s --implicit-check-not=cuda_tile.

cuda_tile.module @red {
// Rows of a 32x64 blocked tile: each thread holds 4 rows of 4 consecutive
// elements (3 adds each), 16 lanes share a row (4 butterfly steps for each of
// the 4 rows); no warp splits a row, but the result's blocked layout is not
// the sliced operand layout, so the row sums go through shared memory once
// and are read back in the result layout.
// CHECK-LABEL: llvm.func @sum_rows(
// CHECK-COUNT-12: llvm.fadd
// CHECK: nvvm.shfl.sync bfly {{.*}} : f32 -> f32
// CHECK-COUNT-15: nvvm.shfl.sync bfly
// CHECK-NOT: nvvm.shfl.sync
// CHECK: nvvm.barrier0
// CHECK: llvm.store {{.*}} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> f32
// CHECK: llvm.return
  entry @sum_rows(%p: tile<ptr<f32>>) {
    %t = constant <f32: 1.0> : tile<32x64xf32>
    %r = reduce %t dim=1 identities=[0.000000e+00 : f32]
        : tile<32x64xf32> -> tile<32xf32>
      (%e: tile<f32>, %a: tile<f32>) {
        %s = addf %e, %a : tile<f32>
        yield %s : tile<f32>
      }
    return
  }
}

// -----

cuda_tile.module @red {
// Argmax: two operands reduced in lockstep; every step shuffles both and
// emits the whole combiner once.
// CHECK-LABEL: llvm.func @argmax(
// CHECK: nvvm.shfl.sync bfly {{.*}} : f32 -> f32
// CHECK-NEXT: llvm.mlir.constant(-1 : i32)
// CHECK: nvvm.shfl.sync bfly {{.*}} : i32 -> i32
// CHECK: llvm.fcmp "ogt"
// CHECK: llvm.icmp "slt"
// CHECK: nvvm.barrier0
// CHECK: llvm.store {{.*}} : f32, !llvm.ptr<3>
// CHECK: llvm.store {{.*}} : i32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
  entry @argmax() {
    %v = constant <f32: 1.0> : tile<16x64xf32>
    %i = constant <i32: 3> : tile<16x64xi32>
    %r:2 = reduce %v, %i dim=1 identities=[0xFF800000 : f32, 0 : i32]
        : tile<16x64xf32>, tile<16x64xi32> -> tile<16xf32>, tile<16xi32>
      (%e: tile<f32>, %a: tile<f32>, %ei: tile<i32>, %ai: tile<i32>) {
        %gt = cmpf greater_than ordered %e, %a : tile<f32> -> tile<i1>
        %eq = cmpf equal ordered %e, %a : tile<f32> -> tile<i1>
        %lt = cmpi less_than %ei, %ai, signed : tile<i32> -> tile<i1>
        %tie = andi %eq, %lt : tile<i1>
        %take = ori %gt, %tie : tile<i1>
        %nv = select %take, %e, %a : tile<i1>, tile<f32>
        %ni = select %take, %ei, %ai : tile<i1>, tile<i32>
        yield %nv, %ni : tile<f32>, tile<i32>
      }
    return
  }
}

// -----

cuda_tile.module @red {
// A whole 1-D f16 tile to a rank-0 result: shuffles widen f16 to 32 bits;
// the four warps each leave a partial in shared memory and every thread
// combines all four.
// CHECK-LABEL: llvm.func @sum_all_f16(
// CHECK: llvm.fadd {{.*}} : f16
// CHECK: llvm.bitcast {{.*}} : f16 to i16
// CHECK: llvm.zext {{.*}} : i16 to i32
// CHECK: nvvm.shfl.sync bfly {{.*}} : i32 -> i32
// CHECK: llvm.trunc {{.*}} : i32 to i16
// CHECK: llvm.bitcast {{.*}} : i16 to f16
// CHECK: nvvm.barrier0
// CHECK: llvm.store {{.*}} : f16, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.load {{.*}} : !llvm.ptr<3> -> f16
// CHECK-NOT: llvm.load
// CHECK: llvm.return
  entry @sum_all_f16() {
    %t = constant <f16: 1.0> : tile<1024xf16>
    %r = reduce %t dim=0 identities=[0.000000e+00 : f16]
        : tile<1024xf16> -> tile<f16>
      (%e: tile<f16>, %a: tile<f16>) {
        %s = addf %e, %a : tile<f16>
        yield %s : tile<f16>
      }
    return
  }
}

// -----

cuda_tile.module @red {
// 64-bit values shuffle as two 32-bit halves; i1 widens to 32 bits and
// travels through shared memory as a byte.
// CHECK-LABEL: llvm.func @wide_and_bool(
// CHECK: llvm.bitcast {{.*}} : f64 to i64
// CHECK: llvm.trunc {{.*}} : i64 to i32
// CHECK: nvvm.shfl.sync bfly {{.*}} : i32 -> i32
// CHECK: nvvm.shfl.sync bfly {{.*}} : i32 -> i32
// CHECK: llvm.bitcast {{.*}} : i64 to f64
// CHECK: llvm.call_intrinsic "llvm.maximumnum"({{.*}}) : (f64, f64) -> f64
// CHECK: llvm.zext {{.*}} : i1 to i32
// CHECK: nvvm.shfl.sync bfly {{.*}} : i32 -> i32
// CHECK: llvm.trunc {{.*}} : i32 to i1
// CHECK: llvm.or {{.*}} : i1
// CHECK: llvm.zext {{.*}} : i1 to i8
// CHECK: llvm.store {{.*}} : i8, !llvm.ptr<3>
// CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> i8
// CHECK: llvm.trunc {{.*}} : i8 to i1
  entry @wide_and_bool() {
    %t = constant <f64: 1.0> : tile<8x32xf64>
    %r = reduce %t dim=1 identities=[0xFFF0000000000000 : f64]
        : tile<8x32xf64> -> tile<8xf64>
      (%e: tile<f64>, %a: tile<f64>) {
        %s = maxf %e, %a : tile<f64>
        yield %s : tile<f64>
      }
    %b = constant <i1: true> : tile<8x32xi1>
    %rb = reduce %b dim=1 identities=[false]
        : tile<8x32xi1> -> tile<8xi1>
      (%e: tile<i1>, %a: tile<i1>) {
        %s = ori %e, %a : tile<i1>
        yield %s : tile<i1>
      }
    return
  }
}

// -----

cuda_tile.module @red {
// A layout whose lane basis moves along both dims is not separable: the
// operand first moves to the blocked layout through shared memory (each
// thread reading its 4 consecutive elements at once), then reduces there.
// CHECK-LABEL: llvm.func @not_separable(
// CHECK: nvvm.barrier0
// CHECK: llvm.store {{.*}} : i32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load {{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
// CHECK: nvvm.shfl.sync bfly
// CHECK: llvm.add
  entry @not_separable() {
    %t = constant <i32: 1> : tile<32x32xi32, #tilegpu.layout<shape=[32,32], reg=[[0,1],[0,2],[0,4],[0,8],[0,16],[16,0]], lane=[[1,1],[2,0],[4,0],[8,0],[0,0]], warp=[[0,0],[0,0]]>>
    %r = reduce %t dim=0 identities=[0 : i32]
        : tile<32x32xi32, #tilegpu.layout<shape=[32,32], reg=[[0,1],[0,2],[0,4],[0,8],[0,16],[16,0]], lane=[[1,1],[2,0],[4,0],[8,0],[0,0]], warp=[[0,0],[0,0]]>> -> tile<32xi32>
      (%e: tile<i32>, %a: tile<i32>) {
        %s = addi %e, %a : tile<i32>
        yield %s : tile<i32>
      }
    return
  }
}
