// pack/unpack: elements split into or assembled from bytes (lowest byte
// first). The default layouts of tile<64xf16> and tile<128xi8> do not give
// a thread the bytes of its elements; here the bytes stay within a warp, so
// they move by shuffles, with no barrier and no shared-memory traffic.
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-plan-shared-memory --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_90' | FileCheck %s \
// RUN:   --implicit-check-not=cuda_tile.

cuda_tile.module @packs {
  // CHECK: llvm.mlir.global internal @__tileir_smem_round_trip() {addr_space = 3 : i32, alignment = 128 : i64} : !llvm.array<128 x i8>
  // CHECK-LABEL: llvm.func @round_trip(
  // CHECK-SAME: tilegpu.shared_bytes = 128 : i64
  // pack: each f16 register gives its low and high bytes.
  // CHECK: %[[W:.*]] = llvm.bitcast %{{.*}} : f16 to i16
  // CHECK-NEXT: %[[LO:.*]] = llvm.trunc %[[W]] : i16 to i8
  // CHECK-NEXT: %[[EIGHT:.*]] = llvm.mlir.constant(8 : i16) : i16
  // CHECK-NEXT: %[[SH:.*]] = llvm.lshr %[[W]], %[[EIGHT]] : i16
  // CHECK-NEXT: %[[HI:.*]] = llvm.trunc %[[SH]] : i16 to i8
  // CHECK-COUNT-3: llvm.bitcast %{{.*}} : f16 to i16
  // CHECK-NOT: nvvm.barrier0
  // CHECK-NOT: !llvm.ptr<3>
  // CHECK-COUNT-8: nvvm.shfl.sync idx
  // unpack: the bytes of each element come back to its thread.
  // CHECK-COUNT-8: nvvm.shfl.sync idx
  // CHECK-NOT: nvvm.barrier0
  // CHECK-NOT: !llvm.ptr<3>
  // CHECK: %[[B0:.*]] = llvm.zext %{{.*}} : i8 to i16
  // CHECK-NEXT: %[[O0:.*]] = llvm.or %{{.*}}, %[[B0]] : i16
  // CHECK-NEXT: %[[B1:.*]] = llvm.zext %{{.*}} : i8 to i16
  // CHECK-NEXT: %[[S8:.*]] = llvm.mlir.constant(8 : i16) : i16
  // CHECK-NEXT: %[[B1S:.*]] = llvm.shl %[[B1]], %[[S8]] : i16
  // CHECK-NEXT: %[[O1:.*]] = llvm.or %[[O0]], %[[B1S]] : i16
  // CHECK-NEXT: llvm.bitcast %[[O1]] : i16 to f16
  // CHECK-COUNT-3: llvm.bitcast %{{.*}} : i16 to f16
  // CHECK: llvm.return
  entry @round_trip() {
    %f16 = constant <f16: 1.0> : tile<64xf16>
    %0 = pack %f16 : tile<64xf16> -> tile<128xi8>
    %1 = unpack %0 : tile<128xi8> -> tile<64xf16>
    return
  }
}
