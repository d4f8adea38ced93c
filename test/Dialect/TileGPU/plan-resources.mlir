// tileir-plan-resources turns the occupancy hint into a register cap and
// CTAs per SM, reduces what the target cannot give (with a warning that
// has the numbers), records the cluster shape, and fails only for a CTA
// that cannot be resident at all. Warps and shared memory are given as the
// earlier passes would record them.
// RUN: tile-opt %s -split-input-file -verify-diagnostics \
// RUN:   --tileir-plan-resources='target=sm_90' | FileCheck %s
// RUN: not tile-opt %s -split-input-file \
// RUN:   --tileir-plan-resources='target=sm_86' 2>%t.sm86.err \
// RUN:   | FileCheck %s --check-prefix=SM86
// RUN: FileCheck %s --check-prefix=SM86ERR < %t.sm86.err
// RUN: not tile-opt %s -split-input-file \
// RUN:   --tileir-plan-resources='target=sm_80' 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=SM80
// RUN: not tile-opt %s -split-input-file \
// RUN:   --tileir-plan-resources='target=sm_90 occupancy-override=four=3' \
// RUN:   2>/dev/null | FileCheck %s --check-prefix=OVERRIDE

// 4 warps: 4 CTAs fit with 128 registers per thread (4 warps of 4096
// registers per sub-partition), 2 with the full 255.
cuda_tile.module @fit {
  // CHECK-LABEL: entry @four()
  // CHECK: } {tilegpu.max_registers = 128 : i32, tilegpu.min_ctas_per_sm = 4 : i32, tilegpu.num_warps = 4 : i32, tilegpu.shared_bytes = 0 : i64}
  // SM86-LABEL: entry @four()
  // SM86: tilegpu.max_registers = 128 : i32, tilegpu.min_ctas_per_sm = 4 : i32
  // OVERRIDE-LABEL: entry @four()
  // OVERRIDE: tilegpu.max_registers = 168 : i32, tilegpu.min_ctas_per_sm = 3 : i32
  entry @four() optimization_hints=<default = {occupancy = 4}> {
    return
  } {tilegpu.num_warps = 4 : i32, tilegpu.shared_bytes = 0 : i64}
  // CHECK-LABEL: entry @two()
  // CHECK: } {tilegpu.max_registers = 255 : i32, tilegpu.min_ctas_per_sm = 2 : i32
  entry @two() optimization_hints=<sm_90 = {occupancy = 2}, default = {occupancy = 1}> {
    return
  } {tilegpu.num_warps = 4 : i32, tilegpu.shared_bytes = 4096 : i64}
  // CHECK-LABEL: entry @eight_warps()
  // CHECK: } {tilegpu.max_registers = 32 : i32, tilegpu.min_ctas_per_sm = 8 : i32
  entry @eight_warps() optimization_hints=<default = {occupancy = 8}> {
    return
  } {tilegpu.num_warps = 8 : i32, tilegpu.shared_bytes = 0 : i64}
  // No hint: nothing is capped.
  // CHECK-LABEL: entry @none()
  // CHECK: } {tilegpu.num_warps = 4 : i32, tilegpu.shared_bytes = 0 : i64}
  entry @none() {
    return
  } {tilegpu.num_warps = 4 : i32, tilegpu.shared_bytes = 0 : i64}
}

// -----

// 32 CTAs of 4 warps would need 128 warps; the SM holds 64 (48 on sm_86).
// SM86ERR: warning: kernel 'k': occupancy 32 requested for sm_86 cannot be met; using 12: each CTA has 4 warps and an SM holds at most 48 warps and 16 CTAs
cuda_tile.module @too_many_warps {
  // CHECK-LABEL: entry @k()
  // CHECK: } {tilegpu.max_registers = 32 : i32, tilegpu.min_ctas_per_sm = 16 : i32
  // SM86: tilegpu.max_registers = 40 : i32, tilegpu.min_ctas_per_sm = 12 : i32
  // expected-warning @below {{kernel 'k': occupancy 32 requested for sm_90 cannot be met; using 16: each CTA has 4 warps and an SM holds at most 64 warps and 32 CTAs}}
  entry @k() optimization_hints=<default = {occupancy = 32}> {
    return
  } {tilegpu.num_warps = 4 : i32, tilegpu.shared_bytes = 0 : i64}
}

// -----

// 100 KiB of shared memory per CTA: 2 CTAs on sm_90 (228 KiB per SM), 1 on
// sm_80 (164 KiB); more than one CTA can have on sm_86 (99 KiB).
cuda_tile.module @shared {
  // CHECK-LABEL: entry @k()
  // CHECK: } {tilegpu.max_registers = 255 : i32, tilegpu.min_ctas_per_sm = 2 : i32
  // SM80: tilegpu.max_registers = 255 : i32, tilegpu.min_ctas_per_sm = 1 : i32
  // SM86ERR: error: kernel 'k' needs 102400 bytes (100 KiB) of shared memory per CTA; sm_86 allows at most 101376 bytes (99 KiB)
  // expected-warning @below {{kernel 'k': occupancy 4 requested for sm_90 cannot be met; using 2: each CTA takes 102400 bytes (100 KiB) of shared memory (103424 bytes (101 KiB) with the system's reserve) and an SM has 233472 bytes (228 KiB)}}
  entry @k() optimization_hints=<default = {occupancy = 4}> {
    return
  } {tilegpu.num_warps = 4 : i32, tilegpu.shared_bytes = 102400 : i64}
}

// -----

// One CTA cannot be resident: an error with needed and available.
cuda_tile.module @too_much_shared {
  // expected-error @below {{kernel 'k' needs 240000 bytes of shared memory per CTA; sm_90 allows at most 232448 bytes (227 KiB)}}
  entry @k() {
    return
  } {tilegpu.num_warps = 4 : i32, tilegpu.shared_bytes = 240000 : i64}
}

// -----

cuda_tile.module @too_many_threads {
  // expected-error @below {{kernel 'k' needs 2048 threads per CTA (64 warps); sm_90 allows at most 1024}}
  entry @k() {
    return
  } {tilegpu.num_warps = 64 : i32, tilegpu.shared_bytes = 0 : i64}
}

// -----

// Invalid hint values are warnings and read as no hint.
cuda_tile.module @invalid_hints {
  // CHECK-LABEL: entry @occupancy()
  // CHECK: } {tilegpu.num_warps = 4 : i32, tilegpu.shared_bytes = 0 : i64}
  // expected-warning @below {{ignoring the occupancy hint 40 for sm_90 (expected an integer from 1 to 32)}}
  entry @occupancy() optimization_hints=<default = {occupancy = 40}> {
    return
  } {tilegpu.num_warps = 4 : i32, tilegpu.shared_bytes = 0 : i64}
  // expected-warning @below {{ignoring the num_worker_warps_per_cta hint 3 for sm_90 (expected a power of two from 1 to 32)}}
  entry @warps() optimization_hints=<default = {num_worker_warps_per_cta = 3}> {
    return
  } {tilegpu.num_warps = 4 : i32, tilegpu.shared_bytes = 0 : i64}
  // Every power of two up to 32 is honoured as given (bytecode 13.5 lets
  // cuTile ask for any of them).
  entry @two() optimization_hints=<default = {num_worker_warps_per_cta = 2}> {
    return
  } {tilegpu.num_warps = 2 : i32, tilegpu.shared_bytes = 0 : i64}
  entry @thirtytwo() optimization_hints=<default = {num_worker_warps_per_cta = 32}> {
    return
  } {tilegpu.num_warps = 32 : i32, tilegpu.shared_bytes = 0 : i64}
}

// -----

// Clusters: a tile block runs on one CTA, so num_cta_in_cga is honoured as
// 1 (with a remark) and no cluster shape is recorded; before sm_90 the hint
// is also invalid (a warning).
cuda_tile.module @clusters {
  // CHECK-LABEL: entry @cluster_two()
  // CHECK-NOT: tilegpu.cluster_dims
  // CHECK: } {tilegpu.num_warps = 4 : i32
  // SM80-LABEL: entry @cluster_two()
  // SM80: } {tilegpu.num_warps = 4 : i32
  // SM86ERR: warning: ignoring the num_cta_in_cga hint 2 for sm_86 (expected 1: sm_86 has no thread-block clusters)
  entry @cluster_two() optimization_hints=<default = {num_cta_in_cga = 2}> {
    return
  } {tilegpu.num_warps = 4 : i32, tilegpu.shared_bytes = 0 : i64}
  // CHECK-LABEL: entry @cluster_sixteen()
  // CHECK-NOT: tilegpu.cluster_dims
  // CHECK: } {tilegpu.num_warps = 4 : i32
  entry @cluster_sixteen() optimization_hints=<default = {num_cta_in_cga = 16}> {
    return
  } {tilegpu.num_warps = 4 : i32, tilegpu.shared_bytes = 0 : i64}
}
