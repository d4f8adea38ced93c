// RUN: tile-opt --tileir-hint-diagnostics=warn -split-input-file -verify-diagnostics %s
// RUN: not tile-opt --tileir-hint-diagnostics=error -split-input-file %s 2>&1 | FileCheck %s --check-prefix=ERROR
// RUN: tile-opt -split-input-file %s | FileCheck %s --check-prefix=SILENT

// Hints that lookups would ignore are reported only on request: as warnings
// (the module stays valid) or as errors. By default they are kept silently.

// Valid hints give no diagnostic, whatever the mode.
// SILENT: entry @valid() optimization_hints=<default = {num_cta_in_cga = 2, num_worker_warps_per_cta = 16, occupancy = 32}, sm_80 = {num_cta_in_cga = 1}>
// ERROR-NOT: error:
cuda_tile.module @m {
  entry @valid() optimization_hints=<sm_80 = {num_cta_in_cga = 1}, default = {num_cta_in_cga = 2, occupancy = 32, num_worker_warps_per_cta = 16}> {
  }
}

// -----

// SILENT: entry @unknown_architecture() optimization_hints=<sm_100a = {num_cta_in_cga = 2}>
// ERROR: error: unknown architecture 'sm_100a' in optimization_hints
cuda_tile.module @m {
  // expected-warning @below {{unknown architecture 'sm_100a' in optimization_hints}}
  entry @unknown_architecture() optimization_hints=<sm_100a = {num_cta_in_cga = 2}> {
  }
}

// -----

// SILENT: entry @unknown_hint() optimization_hints=<sm_100 = {num_qqq = 1}>
// ERROR: error: unknown hint 'num_qqq' for sm_100
cuda_tile.module @m {
  // expected-warning @below {{unknown hint 'num_qqq' for sm_100}}
  entry @unknown_hint() optimization_hints=<sm_100 = {num_qqq = 1}> {
  }
}

// -----

// ERROR: error: hint 'allow_tma' does not apply to this operation
// ERROR: error: hint 'latency' does not apply to this operation
cuda_tile.module @m {
  // expected-warning @below {{hint 'latency' does not apply to this operation}}
  // expected-warning @below {{hint 'allow_tma' does not apply to this operation}}
  entry @load_store_hints() optimization_hints=<default = {latency = 3, allow_tma = false}> {
  }
}

// -----

// ERROR: error: hint default.num_cta_in_cga must be an integer, got "a"
// ERROR: error: hint sm_100.num_cta_in_cga must be a power of two in [1, 16], got 7
// ERROR: error: hint sm_120.num_cta_in_cga must be a power of two in [1, 16], got 32
cuda_tile.module @m {
  // expected-warning @below {{hint sm_100.num_cta_in_cga must be a power of two in [1, 16], got 7}}
  // expected-warning @below {{hint sm_120.num_cta_in_cga must be a power of two in [1, 16], got 32}}
  // expected-warning @below {{hint default.num_cta_in_cga must be an integer, got "a"}}
  entry @num_cta_in_cga() optimization_hints=<sm_100 = {num_cta_in_cga = 7}, sm_120 = {num_cta_in_cga = 32}, default = {num_cta_in_cga = "a"}> {
  }
}

// -----

// Architectures without clusters take a single CTA.
// ERROR: error: hint sm_86.num_cta_in_cga must be 1 on sm_86, got 2
cuda_tile.module @m {
  // expected-warning @below {{hint sm_86.num_cta_in_cga must be 1 on sm_86, got 2}}
  entry @single_cta() optimization_hints=<sm_86 = {num_cta_in_cga = 2}, sm_90 = {num_cta_in_cga = 2}> {
  }
}

// -----

// ERROR: error: hint sm_100.occupancy must be in [1, 32], got 0
// ERROR: error: hint sm_90.occupancy must be in [1, 32], got 64
cuda_tile.module @m {
  // expected-warning @below {{hint sm_90.occupancy must be in [1, 32], got 64}}
  // expected-warning @below {{hint sm_100.occupancy must be in [1, 32], got 0}}
  entry @occupancy() optimization_hints=<sm_90 = {occupancy = 64}, sm_100 = {occupancy = 0}> {
  }
}

// -----

// ERROR: error: hint sm_100.num_worker_warps_per_cta must be a power of two in [1, 32], got 9
// ERROR: error: hint sm_120.num_worker_warps_per_cta must be a power of two in [1, 32], got 64
cuda_tile.module @m {
  // expected-warning @below {{hint sm_100.num_worker_warps_per_cta must be a power of two in [1, 32], got 9}}
  // expected-warning @below {{hint sm_120.num_worker_warps_per_cta must be a power of two in [1, 32], got 64}}
  entry @worker_warps() optimization_hints=<sm_100 = {num_worker_warps_per_cta = 9}, sm_120 = {num_worker_warps_per_cta = 64}> {
  }
}
