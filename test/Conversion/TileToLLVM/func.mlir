// Kernels: func.func -> llvm.func with nvvm.kernel and nvvm.reqntid =
// 32 x warps; parameters one to one in order (pointers in the global
// address space); block ids and grid dims; assume is dropped (its value is
// its operand); tokens become empty values.
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-plan-shared-memory --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_90' | FileCheck %s \
// RUN:   --implicit-check-not=cuda_tile. --implicit-check-not=func.

cuda_tile.module @funcs {
  // No scratch: no arena is declared.
  // CHECK-NOT: llvm.mlir.global
  // CHECK-LABEL: llvm.func @params(
  // CHECK-SAME: %[[P:[a-z0-9]+]]: !llvm.ptr<1>, %[[N:[a-z0-9]+]]: i32, %[[X:[a-z0-9]+]]: f64, %[[Q:[a-z0-9]+]]: !llvm.ptr<1>)
  // CHECK-SAME: attributes {nvvm.kernel, nvvm.reqntid = array<i32: 128, 1, 1>, tilegpu.num_warps = 4 : i32}
  // CHECK: llvm.mlir.poison : !llvm.struct<()>
  // CHECK: %[[BX:.*]] = nvvm.read.ptx.sreg.ctaid.x : i32
  // CHECK-NEXT: %[[BY:.*]] = nvvm.read.ptx.sreg.ctaid.y : i32
  // CHECK-NEXT: %[[BZ:.*]] = nvvm.read.ptx.sreg.ctaid.z : i32
  // CHECK-NEXT: %[[NX:.*]] = nvvm.read.ptx.sreg.nctaid.x : i32
  // CHECK-NEXT: %[[NY:.*]] = nvvm.read.ptx.sreg.nctaid.y : i32
  // CHECK-NEXT: %[[NZ:.*]] = nvvm.read.ptx.sreg.nctaid.z : i32
  // CHECK-NEXT: llvm.add %[[BX]], %[[NZ]] : i32
  // CHECK-NEXT: llvm.add %[[BY]], %[[NX]] : i32
  // CHECK-NEXT: llvm.add %[[BZ]], %[[NY]] : i32
  // The assumed pointer is the parameter itself.
  // CHECK: "{\0A\09ld.global.b32 $0, [$1];\0A}", "=r,l" %[[P]]
  // CHECK: llvm.return
  entry @params(%p: tile<ptr<f32>>, %n: tile<i32>, %x: tile<f64>, %q: tile<ptr<i8>>) {
    %a = assume div_by<16>, %p : tile<ptr<f32>>
    %t = make_token : token
    %u = join_tokens %t, %t : token
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %nx, %ny, %nz = get_num_tile_blocks : tile<i32>
    %s = addi %bx, %nz : tile<i32>
    %s2 = addi %by, %nx : tile<i32>
    %s3 = addi %bz, %ny : tile<i32>
    %v, %t2 = load_ptr_tko weak %a token = %u : tile<ptr<f32>> -> tile<f32>, token
    return
  }

  // 8 warps (from the hint) give 256 threads.
  // CHECK-LABEL: llvm.func @eight_warps()
  // CHECK-SAME: attributes {nvvm.kernel, nvvm.reqntid = array<i32: 256, 1, 1>, tilegpu.num_warps = 8 : i32}
  // CHECK-NEXT: llvm.return
  entry @eight_warps() optimization_hints=<sm_90 = {num_worker_warps_per_cta = 8}> {
    return
  }

  // A kernel with scratch declares its arena next to it: .shared, 128-byte
  // aligned, named after the kernel.
  // CHECK: llvm.mlir.global internal @__tileir_smem_with_arena() {addr_space = 3 : i32, alignment = 128 : i64} : !llvm.array<16 x i8>
  // CHECK-LABEL: llvm.func @with_arena(
  // CHECK-SAME: tilegpu.shared_bytes = 16 : i64
  entry @with_arena(%p: tile<ptr<i32>>, %i: tile<i32>) {
    %a, %t = atomic_rmw_tko relaxed device %p, add, %i : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }
}
