// The shared-memory level lowered to NVVM ops: cp.async copies whose
// ignore-src predicate zero-fills out-of-bounds chunks (inline PTX: the NVVM
// op has only the source-size form, which costs selects per copy), copy groups and their
// waits, the barrier with the generic-to-async proxy fence, wgmma with
// matrix descriptors (B transposed: it is stored N-major) and the waits of
// the product left in flight (inline PTX tied to the accumulator); on
// sm_80, ldmatrix for A and its transposed form for B, then mma.sync.
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' --tileir-pipeline-loops='target=sm_90 warp-specialize=0' \
// RUN:   --tileir-plan-shared-memory --tileir-insert-barriers --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_90' | FileCheck %s --check-prefix=SM90
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_80' \
// RUN:   --tileir-stage-operands='target=sm_80' --tileir-pipeline-loops='target=sm_80' \
// RUN:   --tileir-plan-shared-memory --tileir-insert-barriers --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_80' | FileCheck %s --check-prefix=SM80

// SM90-LABEL: llvm.func @gemm(
// SM90: %[[IGNORE:.*]] = llvm.xor %{{.*}}, %{{.*}} : i1
// SM90: llvm.inline_asm has_side_effects "cp.async.cg.shared.global [$0], [$1], 16, $2;", "r,l,b" %{{.*}}, %{{.*}}, %[[IGNORE]] : (i32, !llvm.ptr<1>, i1) -> ()
// SM90: nvvm.cp.async.commit.group
// SM90: nvvm.cp.async.wait.group 2
// SM90: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// SM90-NEXT: nvvm.barrier0
// SM90-NOT: cp.async.cg.shared.global
// SM90: nvvm.wgmma.fence.aligned
// SM90-COUNT-4: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 128, k = 16>, D[<f32>, <one>], A[<bf16>, <one>, <row>], B[<bf16>, <one>, <row>]
// SM90: nvvm.wgmma.commit.group.sync.aligned
// SM90-NOT: nvvm.wgmma.wait.group.sync
// SM90: cp.async.cg.shared.global
// SM90: nvvm.cp.async.commit.group
// SM90-NOT: nvvm.wgmma.wait.group.sync
// SM90: llvm.inline_asm has_side_effects "wgmma.wait_group.sync.aligned 1;"
// SM90: llvm.inline_asm has_side_effects "wgmma.wait_group.sync.aligned 0;"
// SM90: nvvm.cp.async.wait.group 0
// SM80-LABEL: llvm.func @gemm(
// SM80: nvvm.cp.async.wait.group 0
// SM80: nvvm.barrier0
// SM80: nvvm.ldmatrix {{.*}}layout = #nvvm.mma_layout<row>, num = 4 : i32
// SM80: nvvm.ldmatrix {{.*}}layout = #nvvm.mma_layout<col>, num = 4 : i32
// SM80: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// SM80-NOT: nvvm.fence.proxy
cuda_tile.module @gemm {
  entry @gemm(%a: tile<ptr<bf16>>, %b: tile<ptr<bf16>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %av = make_tensor_view %a, shape = [128, 4096], strides = [4096, 1] : tensor_view<128x4096xbf16, strides=[4096,1]>
    %ap = make_partition_view %av : partition_view<tile=(128x64), padding_value = zero, tensor_view<128x4096xbf16, strides=[4096,1]>>
    %bv = make_tensor_view %b, shape = [4096, 128], strides = [128, 1] : tensor_view<4096x128xbf16, strides=[128,1]>
    %bp = make_partition_view %bv : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %k in (%c0 to %n, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xf32>) {
      %x, %t0 = load_view_tko weak %ap[%c0, %k] : partition_view<tile=(128x64), padding_value = zero, tensor_view<128x4096xbf16, strides=[4096,1]>>, tile<i32> -> tile<128x64xbf16>, token
      %y, %t1 = load_view_tko weak %bp[%k, %c0] : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>, tile<i32> -> tile<64x128xbf16>, token
      %p = mmaf %x, %y, %s : tile<128x64xbf16>, tile<64x128xbf16>, tile<128x128xf32>
      continue %p : tile<128x128xf32>
    }
    %cv = make_tensor_view %c, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %cp = make_partition_view %cv : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %t = store_view_tko weak %acc, %cp[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

