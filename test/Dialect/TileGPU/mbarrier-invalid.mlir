// The mbarrier_init verifier: a single-stage 1-D buffer of i64, at most one
// arrival count per barrier, counts in PTX's range.
// RUN: tile-opt %s -split-input-file -verify-diagnostics

cuda_tile.module @bad_element {
  entry @k() {
    %b = tilegpu.alloc_shared : !tilegpu.smem<4xi32, #tilegpu.shared<shape=[4], offset=[[1], [2]]>>
    // expected-error @below {{needs a single-stage 1-D buffer of i64}}
    tilegpu.mbarrier_init %b, [1] : !tilegpu.smem<4xi32, #tilegpu.shared<shape=[4], offset=[[1], [2]]>>
    return
  }
}

// -----

cuda_tile.module @too_many {
  entry @k() {
    %b = tilegpu.alloc_shared : !tilegpu.smem<2xi64, #tilegpu.shared<shape=[2], offset=[[1]]>>
    // expected-error @below {{has 3 arrival counts for 2 barriers}}
    tilegpu.mbarrier_init %b, [1, 1, 1] : !tilegpu.smem<2xi64, #tilegpu.shared<shape=[2], offset=[[1]]>>
    return
  }
}

// -----

cuda_tile.module @zero_count {
  entry @k() {
    %b = tilegpu.alloc_shared : !tilegpu.smem<2xi64, #tilegpu.shared<shape=[2], offset=[[1]]>>
    // expected-error @below {{arrival count 0 is outside [1, 2^20 - 1]}}
    tilegpu.mbarrier_init %b, [128, 0] : !tilegpu.smem<2xi64, #tilegpu.shared<shape=[2], offset=[[1]]>>
    return
  }
}

// -----

cuda_tile.module @staged {
  entry @k() {
    %b = tilegpu.alloc_shared : !tilegpu.smem<2xi64, #tilegpu.shared<shape=[2], offset=[[1]]>, stages = 2>
    // expected-error @below {{needs a single-stage 1-D buffer of i64}}
    tilegpu.mbarrier_init %b, [1] : !tilegpu.smem<2xi64, #tilegpu.shared<shape=[2], offset=[[1]]>, stages = 2>
    return
  }
}
