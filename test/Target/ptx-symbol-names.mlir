// Kernel and global names become PTX symbols unchanged (cuTile finds the
// entry by its name), so a name PTX cannot spell is an error located at the
// op, never an LLVM fatal error in the PTX printer. The bytecode input was
// found by tools/tileir-fuzz-pipeline: an entry name with NUL bytes.
// RUN: not tileiras %s --gpu-name sm_90 -o %t.cubin 2>&1 | FileCheck %s
// RUN: not tileiras %S/Inputs/fuzz/entry-name-nul-bytes.tileirbc --gpu-name sm_90 -o %t2.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FUZZ
// RUN: %python %S/../Tools/Inputs/exit-status.py tileiras %S/Inputs/fuzz/entry-name-nul-bytes.tileirbc \
// RUN:   --gpu-name sm_90 -o %t3.cubin | FileCheck %s --check-prefix=STATUS

// CHECK: error: symbol name "k\C3\A9rnel" is not a PTX identifier
// CHECK: error: symbol name "2nd" is not a PTX identifier
// CHECK: error: symbol name "a.b" is not a PTX identifier
// CHECK-NOT: error:
// FUZZ: error: symbol name "stati\04\00\00\00ws_sum_f32" is not a PTX identifier
// STATUS: exit status: 1

cuda_tile.module @names {
  entry @"k\C3\A9rnel"() {
    return
  }
  entry @"2nd"() {
    return
  }
  global @"a.b" <f32: [0.0]> : tile<1xf32>
  entry @ok_name$1() {
    return
  }
  entry @_also_ok() {
    return
  }
}
