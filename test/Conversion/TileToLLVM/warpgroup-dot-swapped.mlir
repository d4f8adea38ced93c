// The swapped form of an 8-bit product (stage-operands-swapped.mlir)
// lowered: B^T's A fragments come from ldmatrix.trans of 16-bit cells
// (each word two columns of two rows), their bytes regrouped into K-quads
// by register renaming, and the products take A from registers through
// inline PTX (the NVVM op has only descriptors): integer products carry
// no input scales, the swapped signedness names the types, and the
// accumulator is 32-bit integer registers. Without operand prefetch, the
// product of the previous iteration is waited for before the fragments are
// overwritten. With it (PREFETCH, the default), the loop is unrolled by two
// and each copy of the body loads its fragments into registers of its own
// while the product before it runs: no wait for all products inside the
// loop, only the one with one product pending after each product.
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' --tileir-pipeline-loops='target=sm_90 warp-specialize=0 prefetch-operands=0' \
// RUN:   --tileir-plan-shared-memory --tileir-insert-barriers --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_90' | FileCheck %s
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' --tileir-pipeline-loops='target=sm_90 warp-specialize=0' \
// RUN:   --tileir-plan-shared-memory --tileir-insert-barriers --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_90' | FileCheck %s --check-prefix=PREFETCH

// PREFETCH-LABEL: llvm.func @gemm_u8_i8(
// PREFETCH-NOT: "wgmma.wait_group.sync.aligned 0;"
// PREFETCH-COUNT-4: nvvm.ldmatrix
// PREFETCH-NOT: "wgmma.wait_group.sync.aligned 0;"
// PREFETCH-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k32.s32.s8.u8
// PREFETCH: "wgmma.wait_group.sync.aligned 1;"
// PREFETCH-NOT: "wgmma.wait_group.sync.aligned 0;"
// PREFETCH-COUNT-4: nvvm.ldmatrix
// PREFETCH-NOT: "wgmma.wait_group.sync.aligned 0;"
// PREFETCH-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k32.s32.s8.u8
// PREFETCH: "wgmma.wait_group.sync.aligned 1;"
// PREFETCH-NOT: "wgmma.wait_group.sync.aligned 0;"
// PREFETCH-COUNT-4: nvvm.ldmatrix
// PREFETCH-NOT: "wgmma.wait_group.sync.aligned 0;"
// PREFETCH-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k32.s32.s8.u8
// PREFETCH: "wgmma.wait_group.sync.aligned 1;"
// PREFETCH: "wgmma.wait_group.sync.aligned 0;"

// CHECK-LABEL: llvm.func @gemm_u8_i8(
// CHECK: llvm.inline_asm has_side_effects "wgmma.wait_group.sync.aligned 0;"
// CHECK-COUNT-4: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-NOT: llvm.load {{.*}} !llvm.ptr<3> -> i8
// CHECK: llvm.inline_asm has_side_effects "wgmma.fence.sync.aligned;", "r,r,r,r,r,r,r,r,r,r,r,r,r,r,r,r"
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k32.s32.s8.u8 {{.*}}}, {$64, $65, $66, $67}, $68, p;\0A}", "=r,
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: llvm.inline_asm has_side_effects "wgmma.wait_group.sync.aligned 1;"
cuda_tile.module @gemm_u8_i8 {
  entry @gemm_u8_i8(%a0: tile<ptr<i8>>, %b0: tile<ptr<i8>>, %c: tile<ptr<i32>>, %n: tile<i32>) {
    %a = assume div_by<16>, %a0 : tile<ptr<i8>>
    %b = assume div_by<16>, %b0 : tile<ptr<i8>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %av = make_tensor_view %a, shape = [128, 4096], strides = [4096, 1] : tensor_view<128x4096xi8, strides=[4096,1]>
    %ap = make_partition_view %av : partition_view<tile=(128x128), padding_value = zero, tensor_view<128x4096xi8, strides=[4096,1]>>
    %bv = make_tensor_view %b, shape = [4096, 128], strides = [128, 1] : tensor_view<4096x128xi8, strides=[128,1]>
    %bp = make_partition_view %bv : partition_view<tile=(128x128), padding_value = zero, tensor_view<4096x128xi8, strides=[128,1]>>
    %zero = constant <i32: 0> : tile<128x128xi32>
    %acc = for %k in (%c0 to %n, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xi32>) {
      %x, %t0 = load_view_tko weak %ap[%c0, %k] : partition_view<tile=(128x128), padding_value = zero, tensor_view<128x4096xi8, strides=[4096,1]>>, tile<i32> -> tile<128x128xi8>, token
      %y, %t1 = load_view_tko weak %bp[%k, %c0] : partition_view<tile=(128x128), padding_value = zero, tensor_view<4096x128xi8, strides=[128,1]>>, tile<i32> -> tile<128x128xi8>, token
      %p = mmai %x, %y, %s unsigned signed : tile<128x128xi8>, tile<128x128xi8>, tile<128x128xi32>
      continue %p : tile<128x128xi32>
    }
    %cv = make_tensor_view %c, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xi32, strides=[128,1]>
    %cp = make_partition_view %cv : partition_view<tile=(128x128), tensor_view<128x128xi32, strides=[128,1]>>
    %t = store_view_tko weak %acc, %cp[%c0, %c0] : tile<128x128xi32>, partition_view<tile=(128x128), tensor_view<128x128xi32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
