// The occupancy hint never crashes tileiras (NVIDIA's tileiras dies with
// SIGSEGV on occupancy=2 for this Cholesky super-panel kernel): every
// request compiles, and one that cannot be met is reduced with a warning
// that gives what was asked, what was achieved and why. With --remarks the
// planner's decisions go to stderr (command-line) or to a YAML remark file.
// The fixtures come from test/kernels/cholesky.py (4 warps; shared-memory
// sizes are matched loosely: they follow the arena's planning).
// REQUIRES: ptxas
// RUN: tileiras %S/../kernels/fixtures/cholesky_superpanel_occ1.13.3.tileirbc --gpu-name sm_80 -o %t.cubin 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: tileiras %S/../kernels/fixtures/cholesky_superpanel_occ1.13.3.tileirbc --gpu-name sm_90 -o %t.cubin 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: tileiras %S/../kernels/fixtures/cholesky_superpanel_occ2.13.3.tileirbc --gpu-name sm_80 -o %t.cubin 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: tileiras %S/../kernels/fixtures/cholesky_superpanel_occ2.13.3.tileirbc --gpu-name sm_90 -o %t.cubin 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: tileiras %S/../kernels/fixtures/cholesky_superpanel_occ4.13.3.tileirbc --gpu-name sm_80 -o %t.cubin 2>&1 | FileCheck %s --check-prefix=OCC4
// RUN: tileiras %S/../kernels/fixtures/cholesky_superpanel_occ4.13.3.tileirbc --gpu-name sm_90 -o %t.cubin 2>&1 | FileCheck %s --check-prefix=OCC4
// RUN: tileiras %S/../kernels/fixtures/cholesky_superpanel_occ8.13.3.tileirbc --gpu-name sm_80 -o %t.cubin 2>&1 | FileCheck %s --check-prefix=OCC8-SM80
// RUN: tileiras %S/../kernels/fixtures/cholesky_superpanel_occ8.13.3.tileirbc --gpu-name sm_90 -o %t.cubin 2>&1 | FileCheck %s --check-prefix=OCC8-SM90
// RUN: tileiras %S/../kernels/fixtures/cholesky_superpanel_occ32.13.3.tileirbc --gpu-name sm_80 -o %t.cubin 2>&1 | FileCheck %s --check-prefix=OCC32-SM80
// RUN: tileiras %S/../kernels/fixtures/cholesky_superpanel_occ32.13.3.tileirbc --gpu-name sm_90 -o %t.cubin 2>&1 | FileCheck %s --check-prefix=OCC32-SM90

// Remarks on stderr, and in LLVM's YAML remark format.
// RUN: tileiras %S/../kernels/fixtures/cholesky_superpanel_occ2.13.3.tileirbc --gpu-name sm_90 -o %t.cubin --remarks=memory 2>&1 | FileCheck %s --check-prefix=REMARKS
// RUN: rm -f %t.yaml
// RUN: tileiras %S/../kernels/fixtures/cholesky_superpanel_occ32.13.3.tileirbc --gpu-name sm_90 -o %t.cubin --remarks=all --remark-format=yaml --remarks-output-file=%t.yaml
// RUN: FileCheck %s --check-prefix=YAML < %t.yaml
// No remarks unless asked for.
// RUN: tileiras %S/../kernels/fixtures/cholesky_superpanel_occ2.13.3.tileirbc --gpu-name sm_90 -o %t.cubin --remarks=tensorcore 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty

// QUIET-NOT: {{.}}

// 4 CTAs fit by threads and shared memory; the 128-register cap spills, so
// the driver re-plans once with a lower occupancy.
// OCC4: loc("test/kernels/cholesky.py":54:0): warning: kernel 'cholesky_superpanel_occ4': occupancy 4 (at most 128 registers per thread) spilled {{[0-9]+}} bytes; re-planned for occupancy {{[1-3]}} (at most {{[0-9]+}} registers): ptxas used {{[0-9]+}} registers and spilled {{[0-9]+}} bytes

// 8 CTAs fit by shared memory (buffers and scratch share bytes by
// liveness); the 64-register cap spills, so the driver re-plans.
// OCC8-SM80: warning: kernel 'cholesky_superpanel_occ8': occupancy 8 (at most 64 registers per thread) spilled {{[0-9]+}} bytes; re-planned for occupancy {{[1-7]}}
// OCC8-SM90: warning: kernel 'cholesky_superpanel_occ8': occupancy 8 (at most 64 registers per thread) spilled {{[0-9]+}} bytes; re-planned for occupancy {{[1-7]}}

// 32 CTAs never fit: reduced to what shared memory allows.
// OCC32-SM80: warning: kernel 'cholesky_superpanel_occ32': occupancy 32 requested for sm_80 cannot be met; using {{[0-9]+}}: each CTA takes {{[0-9]+}} bytes ({{[0-9]+}} KiB) of shared memory ({{.*}} with the system's reserve) and an SM has 167936 bytes (164 KiB)
// OCC32-SM90: warning: kernel 'cholesky_superpanel_occ32': occupancy 32 requested for sm_90 cannot be met; using {{[0-9]+}}: each CTA takes {{[0-9]+}} bytes ({{[0-9]+}} KiB) of shared memory ({{.*}} with the system's reserve) and an SM has 233472 bytes (228 KiB)

// REMARKS: loc("test/kernels/cholesky.py":54:0): remark: [Analysis] kernel 'cholesky_superpanel_occ2' on sm_90: 128 threads and {{.*}} of shared memory per CTA; at most 16 CTAs per SM by threads, {{[0-9]+}} by shared memory
// REMARKS: loc("test/kernels/cholesky.py":54:0): remark: [Passed] kernel 'cholesky_superpanel_occ2': occupancy 2 planned with at most 255 registers per thread
// REMARKS: loc("test/kernels/cholesky.py":54:0): remark: [Analysis] kernel 'cholesky_superpanel_occ2': ptxas used {{[0-9]+}} registers (cap 255), {{[0-9]+}} bytes of spill stores, {{[0-9]+}} of spill loads; {{[0-9]+}} CTAs per SM (planned 2)

// YAML-LABEL: --- !Analysis
// YAML: Pass: memory
// YAML: Name: ResourceLimits
// YAML: DebugLoc: { File: {{'?}}test/kernels/cholesky.py{{'?}}, Line: 54, Column: 0 }
// YAML: Function: cholesky_superpanel_occ32
// YAML: - Threads: '128'
// YAML-LABEL: --- !Missed
// YAML: Name: ResourcePlan
// YAML: Function: cholesky_superpanel_occ32
// YAML: - Remark: 'kernel ''cholesky_superpanel_occ32'': occupancy 32 requested for sm_90 cannot be met; using {{[0-9]+}}: each CTA takes
// YAML: - Requested: '32'
// YAML: - Achieved: '{{[0-9]+}}'
// YAML-LABEL: --- !Passed
// YAML: Name: ResourcePlan
// YAML: - Occupancy: '{{[0-9]+}}'
// YAML: - MaxRegisters: '{{[0-9]+}}'
// YAML-LABEL: --- !Analysis
// YAML: Name: PtxasResources
// YAML: - Registers:
// YAML: - SpillBytes:
