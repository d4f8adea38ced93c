// A warp-specialized GEMM through the whole chain to NVVM ops: the
// producers' copies are spread over their own 128 threads (thread id minus
// the compute warps' 256) and end with a cp.async arrival on the stage's
// mbarrier, the producers wait for their copies and exit; the compute
// warps' loop waits on the stage, fences the async proxy and releases the
// previous stage after the wgmma wait that leaves one product in flight.
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-stage-operands='target=sm_90' --tileir-pipeline-loops='target=sm_90' \
// RUN:   --tileir-plan-shared-memory --tileir-insert-barriers --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_90' | FileCheck %s --check-prefix=GEMM

// GEMM-LABEL: llvm.func @gemm(
// GEMM-SAME: nvvm.reqntid = array<i32: 384, 1, 1>
// GEMM: nvvm.barrier0
// GEMM: llvm.icmp "uge"
// GEMM: nvvm.mbarrier.try_wait.parity
// GEMM: %[[C256:.*]] = llvm.mlir.constant(256 : i32)
// GEMM-NEXT: llvm.sub %{{.*}}, %[[C256]]
// GEMM: nvvm.cp.async.shared.global {{.*}}, 16, cache =  cg
// GEMM: nvvm.cp.async.mbarrier.arrive %{{.*}} {noinc = true}
// GEMM: nvvm.cp.async.wait.group 0
// GEMM-NEXT: nvvm.exit
// GEMM: nvvm.mbarrier.try_wait.parity
// GEMM-NEXT: nvvm.fence.proxy
// GEMM-NOT: nvvm.cp.async.shared.global
// GEMM: nvvm.wgmma.mma_async
// GEMM: wgmma.wait_group.sync.aligned 1;
// GEMM: nvvm.mbarrier.arrive
// GEMM: wgmma.wait_group.sync.aligned 0;
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
