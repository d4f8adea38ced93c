// scan lowered to LLVM/NVVM: a sequential scan over the low coordinate bits
// a thread holds in registers, then one butterfly step per higher bit
// (registers, shfl.sync.bfly across lanes, shared memory across warps). The
// combiner's element argument is always the later value in scan order.
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-plan-shared-memory --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_90' \
// RUN:   | FileCheck %s --implicit-check-not=cuda_tile.

cuda_tile.module @scan {
// 1x128 along dim 1: four consecutive registers per thread (three
// combines), then five lane steps; the warps hold copies, so no shared
// memory is needed.
// CHECK-LABEL: llvm.func @row_max(
// CHECK: %[[R0:.*]] = llvm.extractvalue %{{.*}}[0]
// CHECK: %[[R1:.*]] = llvm.extractvalue %{{.*}}[1]
// CHECK: %[[R2:.*]] = llvm.extractvalue %{{.*}}[2]
// CHECK: %[[R3:.*]] = llvm.extractvalue %{{.*}}[3]
// CHECK: %[[P1:.*]] = llvm.call_intrinsic "llvm.maximumnum"(%[[R1]], %[[R0]])
// CHECK: %[[P2:.*]] = llvm.call_intrinsic "llvm.maximumnum"(%[[R2]], %[[P1]])
// CHECK: %[[P3:.*]] = llvm.call_intrinsic "llvm.maximumnum"(%[[R3]], %[[P2]])
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %[[P3]]
// CHECK-COUNT-4: nvvm.shfl.sync bfly
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
  entry @row_max() {
    %t = constant <f32: 1.0> : tile<1x128xf32>
    %r = scan %t dim=1 reverse=false identities=[0xFF800000 : f32]
        : tile<1x128xf32> -> tile<1x128xf32>
      (%e: tile<f32>, %a: tile<f32>) {
        %s = maxf %e, %a : tile<f32>
        yield %s : tile<f32>
      }
    return
  }
}

// -----

cuda_tile.module @scan {
// Reverse scan of 64x32 along dim 0: coordinate bits 0-1 come from lanes
// 8 and 16, bits 2-3 from the warps (each a shared-memory exchange between
// barriers), bits 4-5 from registers 4 and 8.
// CHECK-LABEL: llvm.func @cols_reverse(
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %[[C8:.*]], %{{.*}} : i32 -> i32
// CHECK: nvvm.barrier0
// CHECK: llvm.store {{.*}} : i32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> i32
// CHECK: nvvm.barrier0
// CHECK: llvm.store {{.*}} : i32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> i32
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
  entry @cols_reverse() {
    %t = constant <i32: 1> : tile<64x32xi32>
    %r = scan %t dim=0 reverse=true identities=[0 : i32]
        : tile<64x32xi32> -> tile<64x32xi32>
      (%e: tile<i32>, %a: tile<i32>) {
        %s = addi %e, %a : tile<i32>
        yield %s : tile<i32>
      }
    return
  }
}

// -----

cuda_tile.module @scan {
// Two operands scanned together (running argmax as value and index); the
// non-commutative combiner gets (later, earlier) in a reverse scan too: the
// register run is walked from the last register down.
// CHECK-LABEL: llvm.func @pair_reverse(
// CHECK: %[[V2:.*]] = llvm.extractvalue %[[VS:.*]][2] : !llvm.struct<(f32,
// CHECK: %[[V3:.*]] = llvm.extractvalue %[[VS]][3]
// CHECK: %[[I2:.*]] = llvm.extractvalue %[[IS:.*]][2] : !llvm.struct<(i32,
// CHECK: %[[I3:.*]] = llvm.extractvalue %[[IS]][3]
// CHECK: %[[GT:.*]] = llvm.fcmp "ogt" %[[V2]], %[[V3]]
// CHECK: llvm.select %[[GT]], %[[V2]], %[[V3]]
// CHECK: llvm.select %[[GT]], %[[I2]], %[[I3]]
// CHECK: nvvm.shfl.sync bfly {{.*}} : f32 -> f32
// CHECK: nvvm.shfl.sync bfly {{.*}} : i32 -> i32
  entry @pair_reverse() {
    %v = constant <f32: 1.0> : tile<128xf32>
    %i = constant <i32: 1> : tile<128xi32>
    %r:2 = scan %v, %i dim=0 reverse=true identities=[0xFF800000 : f32, 0 : i32]
        : tile<128xf32>, tile<128xi32> -> tile<128xf32>, tile<128xi32>
      (%e: tile<f32>, %a: tile<f32>, %ei: tile<i32>, %ai: tile<i32>) {
        %gt = cmpf greater_than ordered %e, %a : tile<f32> -> tile<i1>
        %nv = select %gt, %e, %a : tile<i1>, tile<f32>
        %ni = select %gt, %ei, %ai : tile<i1>, tile<i32>
        yield %nv, %ni : tile<f32>, tile<i32>
      }
    return
  }
}
