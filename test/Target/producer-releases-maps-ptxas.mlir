// The producer thread of a warp-specialized TMA GEMM frees the tensor-map
// slot (--tileir-producer-releases-maps): the PTX reaches ptxas with the
// slot's one GPU-scope release on the producer's way out, after its waits
// for the last fills, and none on the compute warps' way to the epilogue.
// By default the compute warps' first thread frees it before the epilogue.
// REQUIRES: ptxas
// RUN: tileiras %s --gpu-name sm_90 -o %t.cubin --emit-ptx=%t.ptx \
// RUN:   --tileir-producer-releases-maps --resource-usage 2>&1 \
// RUN:   | FileCheck %s --check-prefix=USAGE
// RUN: FileCheck %s --input-file %t.ptx
// RUN: grep -c red.release %t.ptx | FileCheck %s --check-prefix=ONE
// RUN: tileiras %s --gpu-name sm_90 -o %t.default.cubin \
// RUN:   --emit-ptx=%t.default.ptx
// RUN: FileCheck %s --input-file %t.default.ptx --check-prefix=DEFAULT
// USAGE: resource-usage: kernel=gemm {{.*}}spill-stores=0 spill-loads=0 {{.*}}threads=288
// CHECK-LABEL: .entry gemm(
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK: red.release.gpu.global.and.b32
// CHECK-NEXT: // end inline asm
// CHECK-NEXT: $L__BB{{[0-9_]+}}:
// CHECK-NEXT: exit;
// ONE: {{^1$}}
// DEFAULT-LABEL: .entry gemm(
// DEFAULT: red.release.gpu.global.and.b32
// DEFAULT-NEXT: // end inline asm
// DEFAULT-NEXT: $L__BB{{[0-9_]+}}:
// DEFAULT-NOT: exit;
// DEFAULT: st.global
cuda_tile.module @gemm {
  entry @gemm(%a0: tile<ptr<bf16>>, %b0: tile<ptr<bf16>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %a = assume div_by<16>, %a0 : tile<ptr<bf16>>
    %b = assume div_by<16>, %b0 : tile<ptr<bf16>>
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
