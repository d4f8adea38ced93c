// Matrix products lowered to LLVM/NVVM: mma.sync (inline PTX) for f16,
// bf16, tf32, f64, i8 and (sm_89+) fp8; f16 mma.sync for fp8 on sm_80; an
// FMA chain for f32 x f32, for tiles smaller than an instruction tile and
// for mmaf_scaled. Operands arrive in the blocked default layout and move
// into fragment layouts through the shared-memory arena.
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-plan-shared-memory --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_90' \
// RUN:   | FileCheck %s --check-prefixes=CHECK,SM90
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_80' \
// RUN:   --tileir-plan-shared-memory --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_80' \
// RUN:   | FileCheck %s --check-prefixes=CHECK,SM80

cuda_tile.module @mma {
// 32x32x32 over 4 warps (2x2): each warp has one m16 tile and two n8 tiles,
// two K steps of m16n8k16: 4 instructions.
// CHECK-LABEL: llvm.func @f16_f32(
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, {$8, $9}, {$10, $11, $12, $13};", "=f,=f,=f,=f,r,r,r,r,r,r,f,f,f,f"
// CHECK-NOT: mma.sync
// CHECK: llvm.return
  entry @f16_f32() {
    %a = constant <f16: 1.0> : tile<32x32xf16>
    %b = constant <f16: 1.0> : tile<32x32xf16>
    %c = constant <f32: 0.0> : tile<32x32xf32>
    %d = mmaf %a, %b, %c : tile<32x32xf16>, tile<32x32xf16>, tile<32x32xf32>
    return
  }

// An f16 accumulator travels as f16x2 pairs.
// CHECK-LABEL: llvm.func @f16_f16(
// CHECK: mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {$0, $1}, {$2, $3, $4, $5}, {$6, $7}, {$8, $9};", "=r,=r,r,r,r,r,r,r,r,r"
  entry @f16_f16() {
    %a = constant <f16: 1.0> : tile<16x16xf16>
    %b = constant <f16: 1.0> : tile<16x8xf16>
    %c = constant <f16: 0.0> : tile<16x8xf16>
    %d = mmaf %a, %b, %c : tile<16x16xf16>, tile<16x8xf16>, tile<16x8xf16>
    return
  }

// K = 8 picks m16n8k8.
// CHECK-LABEL: llvm.func @bf16_k8(
// CHECK: mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 {$0, $1, $2, $3}, {$4, $5}, {$6}, {$7, $8, $9, $10};"
  entry @bf16_k8() {
    %a = constant <bf16: 1.0> : tile<16x8xbf16>
    %b = constant <bf16: 1.0> : tile<8x8xbf16>
    %c = constant <f32: 0.0> : tile<16x8xf32>
    %d = mmaf %a, %b, %c : tile<16x8xbf16>, tile<8x8xbf16>, tile<16x8xf32>
    return
  }

// CHECK-LABEL: llvm.func @tf32(
// CHECK: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, {$8, $9}, {$10, $11, $12, $13};"
  entry @tf32() {
    %a32 = constant <f32: 1.0> : tile<16x8xf32>
    %b32 = constant <f32: 1.0> : tile<8x8xf32>
    %a = ftof %a32 : tile<16x8xf32> -> tile<16x8xtf32>
    %b = ftof %b32 : tile<8x8xf32> -> tile<8x8xtf32>
    %c = constant <f32: 0.0> : tile<16x8xf32>
    %d = mmaf %a, %b, %c : tile<16x8xtf32>, tile<8x8xtf32>, tile<16x8xf32>
    return
  }

// CHECK-LABEL: llvm.func @f64(
// CHECK: mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {$0, $1}, {$2}, {$3}, {$4, $5};", "=d,=d,d,d,d,d"
  entry @f64() {
    %a = constant <f64: 1.0> : tile<8x4xf64>
    %b = constant <f64: 1.0> : tile<4x8xf64>
    %c = constant <f64: 0.0> : tile<8x8xf64>
    %d = mmaf %a, %b, %c : tile<8x4xf64>, tile<4x8xf64>, tile<8x8xf64>
    return
  }

// Signedness per operand; four bytes per b32 register.
// CHECK-LABEL: llvm.func @i8(
// CHECK: mma.sync.aligned.m16n8k32.row.col.s32.s8.u8.s32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, {$8, $9}, {$10, $11, $12, $13};", "=r,=r,=r,=r,r,r,r,r,r,r,r,r,r,r"
  entry @i8() {
    %a = constant <i8: 1> : tile<16x32xi8>
    %b = constant <i8: 1> : tile<32x8xi8>
    %c = constant <i32: 0> : tile<16x8xi32>
    %d = mmai %a, %b, %c signed unsigned : tile<16x32xi8>, tile<32x8xi8>, tile<16x8xi32>
    return
  }

// fp8: e4m3 mma.sync on sm_89+, exact widening to f16 and the f16
// instruction before; an f16 accumulator is carried in f32.
// CHECK-LABEL: llvm.func @e4m3(
// CHECK: llvm.fpext {{.*}} : f16 to f32
// SM90: mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32
// SM80-COUNT-2: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK: llvm.fptrunc {{.*}} : f32 to f16
  entry @e4m3() {
    %ai = constant <i8: 56> : tile<16x32xi8>
    %a = bitcast %ai : tile<16x32xi8> -> tile<16x32xf8E4M3FN>
    %bi = constant <i8: 56> : tile<32x8xi8>
    %b = bitcast %bi : tile<32x8xi8> -> tile<32x8xf8E4M3FN>
    %c = constant <f16: 0.0> : tile<16x8xf16>
    %d = mmaf %a, %b, %c : tile<16x32xf8E4M3FN>, tile<32x8xf8E4M3FN>, tile<16x8xf16>
    return
  }

// A batch of products: one instruction per batch.
// CHECK-LABEL: llvm.func @batched(
// CHECK-COUNT-2: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-NOT: mma.sync
// CHECK: llvm.return
  entry @batched() {
    %a = constant <f16: 1.0> : tile<2x16x16xf16>
    %b = constant <f16: 1.0> : tile<2x16x8xf16>
    %c = constant <f32: 0.0> : tile<2x16x8xf32>
    %d = mmaf %a, %b, %c : tile<2x16x16xf16>, tile<2x16x8xf16>, tile<2x16x8xf32>
    return
  }

// f32 inputs are not rounded to tf32: an exact FMA chain over the staged
// operands, K = 4 steps.
// CHECK-LABEL: llvm.func @f32_fma(
// CHECK-NOT: mma.sync
// CHECK: nvvm.barrier0
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.intr.fma
// CHECK: llvm.return
  entry @f32_fma() {
    %a = constant <f32: 1.0> : tile<2x4xf32>
    %b = constant <f32: 1.0> : tile<4x2xf32>
    %c = constant <f32: 0.0> : tile<2x2xf32>
    %d = mmaf %a, %b, %c : tile<2x4xf32>, tile<4x2xf32>, tile<2x2xf32>
    return
  }

// Many multiply-adds per thread: a loop over K carries the sums.
// CHECK-LABEL: llvm.func @f32_loop(
// CHECK: llvm.br ^[[BODY:bb[0-9]+]]
// CHECK: ^[[BODY]](%{{.*}}: i32, %{{.*}}: f32
// CHECK: llvm.intr.fma
// CHECK: llvm.cond_br %{{.*}}, ^[[BODY]]
// CHECK: llvm.return
  entry @f32_loop() {
    %a = constant <f32: 1.0> : tile<64x32xf32>
    %b = constant <f32: 1.0> : tile<32x64xf32>
    %c = constant <f32: 0.0> : tile<64x64xf32>
    %d = mmaf %a, %b, %c : tile<64x32xf32>, tile<32x64xf32>, tile<64x64xf32>
    return
  }

// Smaller than one instruction tile: FMA in f32, one rounding to f16.
// CHECK-LABEL: llvm.func @f16_small(
// CHECK-NOT: mma.sync
// CHECK-COUNT-2: llvm.intr.fma
// CHECK: llvm.fptrunc {{.*}} : f32 to f16
// CHECK: llvm.return
  entry @f16_small() {
    %a = constant <f16: 1.0> : tile<2x2xf16>
    %b = constant <f16: 1.0> : tile<2x2xf16>
    %c = constant <f16: 0.0> : tile<2x2xf16>
    %d = mmaf %a, %b, %c : tile<2x2xf16>, tile<2x2xf16>, tile<2x2xf16>
    return
  }

// Small integer products wrap in i32.
// CHECK-LABEL: llvm.func @i8_small(
// CHECK-NOT: mma.sync
// CHECK: llvm.zext {{.*}} : i8 to i32
// CHECK: llvm.sext {{.*}} : i8 to i32
// CHECK: llvm.mul
// CHECK: llvm.add
  entry @i8_small() {
    %a = constant <i8: 1> : tile<2x2xi8>
    %b = constant <i8: 1> : tile<2x2xi8>
    %c = constant <i32: 0> : tile<2x2xi32>
    %d = mmai %a, %b, %c unsigned signed : tile<2x2xi8>, tile<2x2xi8>, tile<2x2xi32>
    return
  }

// Block-scaled: both operands and both scales are staged; every product
// multiplies the decoded elements by their scales.
// CHECK-LABEL: llvm.func @scaled(
// CHECK-NOT: mma.sync
// CHECK: nvvm.barrier0
// CHECK: nvvm.barrier0
// CHECK: llvm.fmul
// CHECK: llvm.fmul
// CHECK: llvm.intr.fma
// CHECK: llvm.return
  entry @scaled() {
    %ai = constant <i8: 56> : tile<16x64xi8>
    %a = bitcast %ai : tile<16x64xi8> -> tile<16x64xf8E4M3FN>
    %bi = constant <i8: 56> : tile<64x8xi8>
    %b = bitcast %bi : tile<64x8xi8> -> tile<64x8xf8E4M3FN>
    %c = constant <f32: 0.0> : tile<16x8xf32>
    %sai = constant <i8: 56> : tile<16x2xi8>
    %sa = bitcast %sai : tile<16x2xi8> -> tile<16x2xf8E8M0FNU>
    %sbi = constant <i8: 56> : tile<2x8xi8>
    %sb = bitcast %sbi : tile<2x8xi8> -> tile<2x8xf8E8M0FNU>
    %d = mmaf_scaled %a, %b, %c, %sa, %sb : tile<16x64xf8E4M3FN>, tile<64x8xf8E4M3FN>, tile<16x8xf32>, tile<16x2xf8E8M0FNU>, tile<2x8xf8E8M0FNU>
    return
  }
}
