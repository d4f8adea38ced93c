// print_tko and assert compiled to cubins: ptxas accepts the vprintf and
// __assertfail calls, the print mutex and the trap, on sm_80 and sm_90.
// REQUIRES: ptxas
// RUN: tileiras %s --gpu-name sm_80 -o %t.sm80.cubin --emit-ptx %t.sm80.ptx
// RUN: FileCheck %s < %t.sm80.ptx
// RUN: tileiras %s --gpu-name sm_90 -o %t.sm90.cubin --emit-ptx %t.sm90.ptx
// RUN: FileCheck %s < %t.sm90.ptx

// CHECK-DAG: .extern .func __assertfail
// CHECK-DAG: .extern .func  (.param .b32 func_retval0) vprintf
// CHECK-DAG: .global .align 4 .u32 __tileir_print_mutex;
// CHECK-LABEL: .entry print_scalars(
// CHECK: call.uni (retval0), vprintf,
// CHECK-LABEL: .entry print_tile(
// CHECK: bar.sync 0;
// CHECK: st.shared
// CHECK: bar.sync 0;
// CHECK: atom.acquire.{{.*}}cas.b32
// CHECK: ld.shared
// CHECK: call.uni (retval0), vprintf,
// CHECK: st.release
// CHECK-LABEL: .entry check(
// CHECK: call.uni (retval0), vprintf,
// CHECK: call.uni __assertfail,
// CHECK: trap;

cuda_tile.module @dbg {
  entry @print_scalars(%a: tile<i32>, %b: tile<f16>, %c: tile<i64>) {
    %t = print_tko "a=%d b=%.3f c=%lld 100%%\n", %a, %b, %c : tile<i32>, tile<f16>, tile<i64> -> token
    return
  }

  entry @print_tile(%a: tile<i32>) {
    %i = iota : tile<8xi32>
    %x = reshape %i : tile<8xi32> -> tile<2x4xi32>
    %t = print_tko "row %d: %5d\n", %a, %x : tile<i32>, tile<2x4xi32> -> token
    return
  }

  entry @check(%a: tile<i32>) {
    %x = iota : tile<8xi32>
    %y = iota : tile<8xi32>
    %c = cmpi less_than %x, %y, signed : tile<8xi32> -> tile<8xi1>
    assert %c, "x below y" : tile<8xi1>
    return
  }
}
