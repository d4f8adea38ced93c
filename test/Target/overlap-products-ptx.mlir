// The overlapped attention loop on sm_90 (tileir-overlap-products, on with
// --tileir-enable-product-overlap; measured slower, so off by default): both
// products are issued before the wait for the first (pending = 1), the
// softmax runs while the second is in flight, and the wait for the second
// (pending = 0) starts its own block: the trap before it, never taken, keeps
// ptxas from scheduling the wait above the softmax (it did, and the tensor
// cores idled through most of it). ptxas serializes no wgmma and spills
// nothing.
// REQUIRES: ptxas
// RUN: tileiras %s --gpu-name sm_90 -o %t.cubin --emit-ptx %t.ptx \
// RUN:   --tileir-enable-product-overlap
// RUN: FileCheck %s --input-file %t.ptx
// RUN: %ptxas -arch=sm_90a -O3 -v %t.ptx -o %t.2.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS
// RUN: tileiras %s --gpu-name sm_90 -o %t.off.cubin --emit-ptx %t.off.ptx
// RUN: FileCheck %s --input-file %t.off.ptx --check-prefix=OFF
// OFF-NOT: %nwarpid
// OFF: wgmma.wait_group.sync.aligned{{[[:space:]]+}}0;
// OFF-NOT: %nwarpid
// The prologue's product of Q and the first K is synchronous.
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK-NEXT: wgmma.wait_group.sync.aligned{{[[:space:]]+}}0;
// The loop: S and P V issued back to back.
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK-NOT: wgmma.wait_group
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK: wgmma.wait_group.sync.aligned 1;
// CHECK-NOT: wgmma.wait_group
// CHECK: ex2.approx
// CHECK-NOT: wgmma.wait_group
// CHECK: cvt.rn.bf16x2.f32
// CHECK-NOT: wgmma.wait_group
// CHECK: mov.u32 w, %nwarpid;
// CHECK-NEXT: setp.gt.u32 p, w, 1024;
// CHECK-NEXT: @p trap;
// CHECK-NEXT: }
// CHECK-NEXT: wgmma.wait_group.sync.aligned 0;
// ptxas places its own wait where the block ends (info C7517, at the trap):
// the same point, after the softmax. No product is serialized.
// PTXAS-NOT: serialized
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
// PTXAS-NOT: serialized
cuda_tile.module @attention {
  entry @attention(%q: tile<ptr<bf16>>, %k: tile<ptr<bf16>>, %v: tile<ptr<bf16>>, %o: tile<ptr<f32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %qv = make_tensor_view %q, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xbf16, strides=[64,1]>
    %qp = make_partition_view %qv : partition_view<tile=(64x64), padding_value = zero, tensor_view<64x64xbf16, strides=[64,1]>>
    %kv = make_tensor_view %k, shape = [4096, 64], strides = [64, 1] : tensor_view<4096x64xbf16, strides=[64,1]>
    %kp = make_partition_view %kv : partition_view<tile=(64x64), padding_value = zero, tensor_view<4096x64xbf16, strides=[64,1]>>
    %vv = make_tensor_view %v, shape = [4096, 64], strides = [64, 1] : tensor_view<4096x64xbf16, strides=[64,1]>
    %vp = make_partition_view %vv : partition_view<tile=(64x64), padding_value = zero, tensor_view<4096x64xbf16, strides=[64,1]>>
    %qt, %tq = load_view_tko weak %qp[%c0, %c0] : partition_view<tile=(64x64), padding_value = zero, tensor_view<64x64xbf16, strides=[64,1]>>, tile<i32> -> tile<64x64xbf16>, token
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %zero1 = constant <f32: 0.0> : tile<64x1xf32>
    %ninf = constant <f32: 0xFF800000> : tile<64x1xf32>
    %r:3 = for %j in (%c0 to %n, step %c1) : tile<i32> iter_values(%acc = %zero, %l = %zero1, %m = %ninf) -> (tile<64x64xf32>, tile<64x1xf32>, tile<64x1xf32>) {
      %kt, %t1 = load_view_tko weak %kp[%j, %c0] : partition_view<tile=(64x64), padding_value = zero, tensor_view<4096x64xbf16, strides=[64,1]>>, tile<i32> -> tile<64x64xbf16>, token
      %vt, %t2 = load_view_tko weak %vp[%j, %c0] : partition_view<tile=(64x64), padding_value = zero, tensor_view<4096x64xbf16, strides=[64,1]>>, tile<i32> -> tile<64x64xbf16>, token
      %ktt = permute %kt [1, 0] : tile<64x64xbf16> -> tile<64x64xbf16>
      %s = mmaf %qt, %ktt, %zero : tile<64x64xbf16>, tile<64x64xbf16>, tile<64x64xf32>
      %rmax = reduce %s dim=1 identities=[0xFF800000 : f32] : tile<64x64xf32> -> tile<64xf32> (%a: tile<f32>, %b: tile<f32>) {
        %mx = maxf %a, %b : tile<f32>
        yield %mx : tile<f32>
      }
      %rm = reshape %rmax : tile<64xf32> -> tile<64x1xf32>
      %mnew = maxf %m, %rm : tile<64x1xf32>
      %mb = broadcast %mnew : tile<64x1xf32> -> tile<64x64xf32>
      %d = subf %s, %mb : tile<64x64xf32>
      %p = exp %d : tile<64x64xf32>
      %dm = subf %m, %mnew : tile<64x1xf32>
      %c = exp %dm : tile<64x1xf32>
      %rsum = reduce %p dim=1 identities=[0.000000e+00 : f32] : tile<64x64xf32> -> tile<64xf32> (%a: tile<f32>, %b: tile<f32>) {
        %sm = addf %a, %b : tile<f32>
        yield %sm : tile<f32>
      }
      %rs = reshape %rsum : tile<64xf32> -> tile<64x1xf32>
      %lnew = fma %l, %c, %rs : tile<64x1xf32>
      %p16 = ftof %p : tile<64x64xf32> -> tile<64x64xbf16>
      %cb = broadcast %c : tile<64x1xf32> -> tile<64x64xf32>
      %scaled = mulf %acc, %cb : tile<64x64xf32>
      %next = mmaf %p16, %vt, %scaled : tile<64x64xbf16>, tile<64x64xbf16>, tile<64x64xf32>
      continue %next, %lnew, %mnew : tile<64x64xf32>, tile<64x1xf32>, tile<64x1xf32>
    }
    %lb = broadcast %r#1 : tile<64x1xf32> -> tile<64x64xf32>
    %out = divf %r#0, %lb : tile<64x64xf32>
    %ov = make_tensor_view %o, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %op = make_partition_view %ov : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %t = store_view_tko weak %out, %op[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
