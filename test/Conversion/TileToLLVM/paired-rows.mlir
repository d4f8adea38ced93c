// A kernel marked tilegpu.paired_rows (tileir-pair-row-tiles): CTAs of odd
// x ids return before anything else, and get_tile_block_id gives the
// others x id / 2, the grouped raster walking a grid of ceil(x ids / 2).
// get_num_tile_blocks still gives the launched grid. tilegpu.paired_columns
// does the same along y.
// RUN: tile-opt %s --tileir-lower-to-cfg --convert-tile-to-llvm='target=sm_90' \
// RUN:   | FileCheck %s

// CHECK-LABEL: llvm.func @paired(
// CHECK-NEXT: %[[CX:.*]] = nvvm.read.ptx.sreg.ctaid.x : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[BIT:.*]] = llvm.and %[[CX]], %[[ONE]] : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[ODD:.*]] = llvm.icmp "ne" %[[BIT]], %[[ZERO]] : i32
// CHECK-NEXT: llvm.cond_br %[[ODD]], ^[[LEAVE:.*]], ^[[REST:bb[0-9]+]]
// CHECK-NEXT: ^[[LEAVE]]:
// CHECK-NEXT: llvm.return
// CHECK-NEXT: ^[[REST]]:
// CHECK: %[[X:.*]] = nvvm.read.ptx.sreg.ctaid.x : i32
// CHECK: %[[NX:.*]] = nvvm.read.ptx.sreg.nctaid.x : i32
// CHECK: %[[HALF:.*]] = llvm.lshr %[[X]], %{{.*}} : i32
// CHECK: %[[NX1:.*]] = llvm.add %[[NX]], %{{.*}} : i32
// CHECK: %[[NXH:.*]] = llvm.lshr %[[NX1]], %{{.*}} : i32
// CHECK: llvm.zext %[[NXH]] : i32 to i64
// CHECK: llvm.zext %[[HALF]] : i32 to i64
// CHECK: llvm.udiv
// The launched grid's x size, added to the pair's x id.
// CHECK: %[[GX:.*]] = nvvm.read.ptx.sreg.nctaid.x
// CHECK: llvm.add %{{.*}}, %[[GX]] : i32
// CHECK: llvm.return

// Paired columns: odd y ids return, y id / 2.
// CHECK-LABEL: llvm.func @paired_columns(
// CHECK-NEXT: %[[CY:.*]] = nvvm.read.ptx.sreg.ctaid.y : i32
// CHECK-NEXT: %[[ONE2:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[BIT2:.*]] = llvm.and %[[CY]], %[[ONE2]] : i32
// CHECK: llvm.cond_br
// CHECK: %[[Y:.*]] = nvvm.read.ptx.sreg.ctaid.y : i32
// CHECK: %[[HALFY:.*]] = llvm.lshr %[[Y]], %{{.*}} : i32
// CHECK: "@$1 st.global.b32 [$0], $2;", "l,b,r" %{{.*}}, %{{.*}}, %[[HALFY]]

// Unmarked: no test, the CTA's own x id.
// CHECK-LABEL: llvm.func @plain(
// CHECK-NEXT: %[[PX:.*]] = nvvm.read.ptx.sreg.ctaid.x
// CHECK-NOT: llvm.cond_br
// CHECK: "@$1 st.global.b32 [$0], $2;", "l,b,r" %{{.*}}, %{{.*}}, %[[PX]]
// CHECK: llvm.return
cuda_tile.module @m {
  entry @paired(%p: tile<ptr<i32>>) {
    %x, %y, %z = get_tile_block_id : tile<i32>
    %nx, %ny, %nz = get_num_tile_blocks : tile<i32>
    %s = addi %x, %nx : tile<i32>
    %t = store_ptr_tko weak %p, %s : tile<ptr<i32>>, tile<i32> -> token
    return
  } {tilegpu.grouped_raster = 8 : i32, tilegpu.paired_rows}

  entry @paired_columns(%p: tile<ptr<i32>>) {
    %x, %y, %z = get_tile_block_id : tile<i32>
    %t = store_ptr_tko weak %p, %y : tile<ptr<i32>>, tile<i32> -> token
    return
  } {tilegpu.paired_columns}

  entry @plain(%p: tile<ptr<i32>>) {
    %x, %y, %z = get_tile_block_id : tile<i32>
    %t = store_ptr_tko weak %p, %x : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
