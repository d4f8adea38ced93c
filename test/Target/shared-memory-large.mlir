// A kernel whose shared-memory plan (64 KiB: a 128x128 f32 scan across warps)
// exceeds ptxas's 48 KiB static limit: the arena is declared at 48 KiB and
// the cubin's .nv.shared.<kernel> section is grown after ptxas by the rest.
// ptxas reserves 1 KiB more on sm_90 (0x10400 = 65536 + 1024), nothing on
// sm_80; the writable segment mapping the section grows with it. A plan
// over the target's per-block limit is an error.
// REQUIRES: ptxas
// RUN: tileiras %s --gpu-name sm_90 -o %t.sm90.cubin --emit-ptx %t.sm90.ptx --resource-usage 2>&1 | FileCheck %s --check-prefix=USAGE
// RUN: FileCheck %s --check-prefix=PTX < %t.sm90.ptx
// RUN: llvm-readelf -S %t.sm90.cubin | FileCheck %s --check-prefix=SM90
// RUN: tileiras %s --gpu-name sm_80 -o %t.sm80.cubin
// RUN: llvm-readelf -S %t.sm80.cubin | FileCheck %s --check-prefix=SM80
// RUN: sed -e 's/128/256/g' %s > %t.huge.mlir
// RUN: not tileiras %t.huge.mlir --gpu-name sm_90 -o %t.huge.cubin 2>&1 | FileCheck %s --check-prefix=HUGE

// USAGE: resource-usage: kernel=big_reduce {{.*}} shared=65536 threads=256
// PTX: .shared .align 128 .b8 __tileir_smem_big_reduce[49152];
// SM90: .nv.shared.big_reduce NOBITS {{[0-9a-f]+}} {{[0-9a-f]+}} 010400
// SM80: .nv.shared.big_reduce NOBITS {{[0-9a-f]+}} {{[0-9a-f]+}} 010000
// HUGE: error: {{.*}}big_reduce{{.*}}262144 bytes

cuda_tile.module @big {
  entry @big_reduce(%p: tile<ptr<f32>>) {
    %i = iota : tile<128xi32>
    %f = itof %i signed : tile<128xi32> -> tile<128xf32>
    %r = reshape %f : tile<128xf32> -> tile<1x128xf32>
    %b = broadcast %r : tile<1x128xf32> -> tile<128x128xf32>
    %c = scan %b dim=0 reverse=false identities=[0.000000e+00 : f32] : tile<128x128xf32> -> tile<128x128xf32> (%x: tile<f32>, %y: tile<f32>) {
      %z = addf %x, %y : tile<f32>
      yield %z : tile<f32>
    }
    %s = reduce %c dim=0 identities=[0.000000e+00 : f32] : tile<128x128xf32> -> tile<128xf32> (%x: tile<f32>, %y: tile<f32>) {
      %z = addf %x, %y : tile<f32>
      yield %z : tile<f32>
    }
    %t = print_tko "%f\n", %s : tile<128xf32> -> token
    return
  }
}
