// What bytecode 13.4 added, lowered: insert through the shared-memory
// arena, grid dependency control (griddepcontrol from sm_90, nothing
// before), memory_fence_alias_tko as a CTA-scope fence, fpowi, `inbounds`
// view accesses without bounds checks on the promised dims, and ftof with
// ties away from zero.
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-plan-shared-memory --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_90' \
// RUN:   | FileCheck %s --implicit-check-not=cuda_tile.
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_80' \
// RUN:   --tileir-plan-shared-memory --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_80' \
// RUN:   | FileCheck %s --check-prefix=SM80 --implicit-check-not=cuda_tile.

// insert: the 32x8 destination and then the 16x8 slice go to the arena
// (1024 + 512 bytes); each result element reads the slice where its slice
// number along dim 0 (its coordinate >> 4) is the index modulo 2.
// CHECK: llvm.mlir.global internal @__tileir_smem_insert(){{.*}}!llvm.array<1536 x i8>
// CHECK-LABEL: llvm.func @insert(
// CHECK-SAME: %{{.*}}: f32, %[[I:.*]]: i32, %[[J:.*]]: i32)
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i32)
// CHECK: %[[SLICE:.*]] = llvm.and %[[I]], %[[ONE]]
// CHECK: nvvm.barrier0
// CHECK-COUNT-8: llvm.store %{{.*}} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: %[[IN:.*]] = llvm.icmp "eq" %{{.*}}, %[[SLICE]]
// CHECK: llvm.mlir.constant(256 : i32)
// CHECK: llvm.select %[[IN]]
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: llvm.return
// SM80-LABEL: llvm.func @insert(
cuda_tile.module @m {
  entry @insert(%s: tile<f32>, %i: tile<i32>, %j: tile<i32>) {
    %a = reshape %s : tile<f32> -> tile<1x1xf32>
    %b = broadcast %a : tile<1x1xf32> -> tile<32x8xf32>
    %c = constant <f32: 1.0> : tile<16x8xf32>
    %d = insert %c, %b[%i, %j] : tile<16x8xf32>, tile<32x8xf32>
    return
  }
}

// -----

// CHECK-LABEL: llvm.func @gdc(
// CHECK: nvvm.griddepcontrol wait
// CHECK: nvvm.griddepcontrol launch_dependents
// CHECK: llvm.fence syncscope("block") acq_rel
// SM80-LABEL: llvm.func @gdc(
// SM80-NOT: griddepcontrol
// SM80: llvm.fence syncscope("block") acq_rel
// SM80-NOT: griddepcontrol
cuda_tile.module @m {
  entry @gdc() {
    %t0 = make_token : token
    %w = gdc_wait_tko token = %t0 -> token
    %l = gdc_launch_dependents_tko token = %w -> token
    %f = memory_fence_alias_tko token = %l -> token
    return
  }
}

// -----

// fpowi: a constant exponent of 2 is one multiply; any other goes through
// pow with the exponent sign-extended and converted, and takes the sign of
// the base when odd.
// CHECK-LABEL: llvm.func @fpowi(
// CHECK-SAME: %{{.*}}: !llvm.ptr<1>, %[[X:.*]]: f32, %[[N:.*]]: i16)
// CHECK: llvm.fmul %[[X]], %[[X]] : f32
// CHECK: %[[N32:.*]] = llvm.sext %[[N]] : i16 to i32
// CHECK: %[[NF:.*]] = llvm.sitofp %[[N32]] : i32 to f32
// CHECK: %[[P:.*]] = llvm.call @__nv_powf(%[[X]], %[[NF]])
// CHECK: %[[ODD:.*]] = llvm.trunc %[[N32]] : i32 to i1
// CHECK: %[[SIGNED:.*]] = llvm.intr.copysign(%[[P]], %[[X]])
// CHECK: llvm.select %[[ODD]], %[[SIGNED]], %[[P]]
// SM80-LABEL: llvm.func @fpowi(
// SM80: llvm.call @__nv_powf
cuda_tile.module @m {
  entry @fpowi(%p: tile<ptr<f32>>, %x: tile<f32>, %n: tile<i16>) {
    %two = constant <i32: 2> : tile<i32>
    %sq = fpowi %x, %two : tile<f32>, tile<i32>
    %any = fpowi %x, %n : tile<f32>, tile<i16>
    %s = addf %sq, %any : tile<f32>
    %t0 = make_token : token
    %t1 = store_ptr_tko weak %p, %s token = %t0 : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}

// -----

// inbounds: a load that promised both dims compares no coordinate with a
// bound; without the promise it does; a store that promised only dim 1
// checks dim 0.
// CHECK-LABEL: llvm.func @inbounds_load(
// CHECK-NOT: llvm.icmp "ult"
// CHECK: llvm.return
// CHECK-LABEL: llvm.func @checked_load(
// CHECK: llvm.icmp "ult"
// CHECK: llvm.return
// CHECK-LABEL: llvm.func @inbounds_store(
// CHECK: llvm.icmp "ult"
// CHECK: st.global
// SM80-LABEL: llvm.func @inbounds_load(
// SM80-NOT: llvm.icmp "ult"
// SM80: llvm.return
cuda_tile.module @m {
  entry @inbounds_load(%p: tile<ptr<f32>>, %n: tile<i32>, %i: tile<i32>) {
    %tv = make_tensor_view %p, shape = [%n, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %pv = make_partition_view %tv : partition_view<tile=(16x16), tensor_view<?x?xf32, strides=[?,1]>>
    %a, %t = load_view_tko weak %pv[%i, %i] inbounds = [true, true] : partition_view<tile=(16x16), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<16x16xf32>, token
    return
  }
  entry @checked_load(%p: tile<ptr<f32>>, %n: tile<i32>, %i: tile<i32>) {
    %tv = make_tensor_view %p, shape = [%n, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %pv = make_partition_view %tv : partition_view<tile=(16x16), tensor_view<?x?xf32, strides=[?,1]>>
    %a, %t = load_view_tko weak %pv[%i, %i] : partition_view<tile=(16x16), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<16x16xf32>, token
    return
  }
  entry @inbounds_store(%p: tile<ptr<f32>>, %n: tile<i32>, %i: tile<i32>) {
    %tv = make_tensor_view %p, shape = [%n, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %pv = make_partition_view %tv : partition_view<tile=(16x16), tensor_view<?x?xf32, strides=[?,1]>>
    %a = constant <f32: 1.0> : tile<16x16xf32>
    %t2 = store_view_tko weak %a, %pv[%i, %i] inbounds = [false, true] : tile<16x16xf32>, partition_view<tile=(16x16), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// -----

// nearest_away to f16: toward zero, then the next value away from zero
// where the input is exactly their midpoint, nearest-even otherwise.
// CHECK-LABEL: llvm.func @away(
// CHECK-SAME: %{{.*}}: !llvm.ptr<1>, %[[X:.*]]: f32)
// CHECK: %[[RZ:.*]] = llvm.call_intrinsic "llvm.nvvm.f2f16.rz"(%[[X]])
// CHECK: %[[MID:.*]] = llvm.fmul
// CHECK: %[[TIE:.*]] = llvm.fcmp "oeq" %[[X]], %[[MID]]
// CHECK: %[[RN:.*]] = llvm.fptrunc %[[X]] : f32 to f16
// CHECK: llvm.select %[[TIE]], %{{.*}}, %[[RN]] : i1, f16
// SM80-LABEL: llvm.func @away(
cuda_tile.module @m {
  entry @away(%p: tile<ptr<f16>>, %x: tile<f32>) {
    %h = ftof %x rounding<nearest_away> : tile<f32> -> tile<f16>
    %t0 = make_token : token
    %t1 = store_ptr_tko weak %p, %h token = %t0 : tile<ptr<f16>>, tile<f16> -> token
    return
  }
}
