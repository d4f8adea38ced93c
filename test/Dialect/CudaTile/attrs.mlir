// RUN: tile-opt -allow-unregistered-dialect -mlir-print-debuginfo %s | tile-opt -allow-unregistered-dialect -mlir-print-debuginfo | FileCheck %s
// RUN: tile-opt -allow-unregistered-dialect -mlir-print-debuginfo -mlir-print-op-generic %s | tile-opt -allow-unregistered-dialect -mlir-print-debuginfo | FileCheck %s

// The attributes of the dialect: assume predicates, enums, optimization
// hints and debug information.

//===----------------------------------------------------------------------===//
// Assume predicates
//===----------------------------------------------------------------------===//

// CHECK-LABEL: "test.assume_predicates"
// CHECK-SAME: a = #cuda_tile.div_by<16>
// CHECK-SAME: b = #cuda_tile.div_by<1, every 4 along 0>
// CHECK-SAME: c = #cuda_tile.div_by<4611686018427387904>
// CHECK-SAME: d = #cuda_tile.same_elements<[2, 4]>
// CHECK-SAME: e = #cuda_tile.same_elements<[]>
// CHECK-SAME: f = #cuda_tile.bounded<0, ?>
// CHECK-SAME: g = #cuda_tile.bounded<?, 7>
// CHECK-SAME: h = #cuda_tile.bounded<-8, -8>
// CHECK-SAME: i = #cuda_tile.bounded<?, ?>
"test.assume_predicates"() {
  a = #cuda_tile.div_by<16>,
  b = #cuda_tile.div_by<1, every 4 along 0>,
  c = #cuda_tile.div_by<4611686018427387904>,
  d = #cuda_tile.same_elements<[2, 4]>,
  e = #cuda_tile.same_elements<[]>,
  f = #cuda_tile.bounded<0, ?>,
  g = #cuda_tile.bounded<?, 7>,
  h = #cuda_tile.bounded<-8, -8>,
  i = #cuda_tile.bounded<?, ?>
} : () -> ()

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

// CHECK-LABEL: "test.enums"
// CHECK-SAME: a = #cuda_tile.signedness<unsigned>
// CHECK-SAME: b = #cuda_tile.signedness<signed>
// CHECK-SAME: c = #cuda_tile.overflow<none>
// CHECK-SAME: d = #cuda_tile.overflow<no_signed_wrap>
// CHECK-SAME: e = #cuda_tile.overflow<no_unsigned_wrap>
// CHECK-SAME: f = #cuda_tile.overflow<no_wrap>
// CHECK-SAME: g = #cuda_tile.rounding<nearest_even>
// CHECK-SAME: h = #cuda_tile.rounding<zero>
// CHECK-SAME: i = #cuda_tile.rounding<negative_inf>
// CHECK-SAME: j = #cuda_tile.rounding<positive_inf>
// CHECK-SAME: k = #cuda_tile.rounding<approx>
// CHECK-SAME: l = #cuda_tile.rounding<full>
// CHECK-SAME: m = #cuda_tile.rounding<nearest_int_to_zero>
// CHECK-SAME: n = #cuda_tile.comparison_ordering<unordered>
// CHECK-SAME: o = #cuda_tile.comparison_ordering<ordered>
// CHECK-SAME: p = #cuda_tile.comparison_predicate<equal>
// CHECK-SAME: q = #cuda_tile.comparison_predicate<greater_than_or_equal>
// CHECK-SAME: r = #cuda_tile.padding_value<neg_inf>
// CHECK-SAME: s = #cuda_tile.symbol_visibility<private>
"test.enums"() {
  a = #cuda_tile.signedness<unsigned>, b = #cuda_tile.signedness<signed>,
  c = #cuda_tile.overflow<none>, d = #cuda_tile.overflow<no_signed_wrap>,
  e = #cuda_tile.overflow<no_unsigned_wrap>, f = #cuda_tile.overflow<no_wrap>,
  g = #cuda_tile.rounding<nearest_even>, h = #cuda_tile.rounding<zero>,
  i = #cuda_tile.rounding<negative_inf>, j = #cuda_tile.rounding<positive_inf>,
  k = #cuda_tile.rounding<approx>, l = #cuda_tile.rounding<full>,
  m = #cuda_tile.rounding<nearest_int_to_zero>,
  n = #cuda_tile.comparison_ordering<unordered>,
  o = #cuda_tile.comparison_ordering<ordered>,
  p = #cuda_tile.comparison_predicate<equal>,
  q = #cuda_tile.comparison_predicate<greater_than_or_equal>,
  r = #cuda_tile.padding_value<neg_inf>,
  s = #cuda_tile.symbol_visibility<private>
} : () -> ()

//===----------------------------------------------------------------------===//
// Optimization hints
//===----------------------------------------------------------------------===//

// Entries print sorted by key; values print without their type.
// CHECK-LABEL: "test.hints"
// CHECK-SAME: a = #cuda_tile.optimization_hints<>
// CHECK-SAME: b = #cuda_tile.optimization_hints<default = {allow_tma = false, latency = 3}, sm_90 = {occupancy = 4}>
"test.hints"() {
  a = #cuda_tile.optimization_hints<>,
  b = #cuda_tile.optimization_hints<sm_90 = {occupancy = 4}, "default" = {latency = 3, allow_tma = false}>
} : () -> ()

// CHECK-LABEL: cuda_tile.module @hints
cuda_tile.module @hints {
  // Every architecture key of the specification.
  // CHECK: entry @all_architectures() optimization_hints=<default = {occupancy = 1}, sm_100 = {num_cta_in_cga = 2}, sm_103 = {num_cta_in_cga = 4}, sm_110 = {num_cta_in_cga = 8}, sm_120 = {num_cta_in_cga = 16}, sm_121 = {num_cta_in_cga = 1}, sm_80 = {num_cta_in_cga = 1}, sm_86 = {occupancy = 2}, sm_87 = {occupancy = 3}, sm_88 = {occupancy = 32}, sm_89 = {num_worker_warps_per_cta = 8}, sm_90 = {num_cta_in_cga = 2, num_worker_warps_per_cta = 4}>
  entry @all_architectures() optimization_hints=<
      sm_80 = {num_cta_in_cga = 1}, sm_86 = {occupancy = 2},
      sm_87 = {occupancy = 3}, sm_88 = {occupancy = 32},
      sm_89 = {num_worker_warps_per_cta = 8},
      sm_90 = {num_cta_in_cga = 2, num_worker_warps_per_cta = 4},
      sm_100 = {num_cta_in_cga = 2}, sm_103 = {num_cta_in_cga = 4},
      sm_110 = {num_cta_in_cga = 8}, sm_120 = {num_cta_in_cga = 16},
      sm_121 = {num_cta_in_cga = 1}, default = {occupancy = 1}> {
  }

  // Hints the verifier does not understand are kept silently by default.
  // CHECK: entry @unchecked() optimization_hints=<sm_100 = {num_cta_in_cga = 7, num_qqq = 1}, sm_100a = {occupancy = "a"}>
  entry @unchecked() optimization_hints=<sm_100a = {occupancy = "a"}, sm_100 = {num_qqq = 1, num_cta_in_cga = 7}> {
  }
}

//===----------------------------------------------------------------------===//
// Debug information
//===----------------------------------------------------------------------===//

#file = #cuda_tile.di_file<"foo.py" in "/tmp/">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "kernel",
                               linkageName = "kernel", compileUnit = #cu,
                               scopeLine = 2>
#sp2 = #cuda_tile.di_subprogram<file = #file, line = 20, name = "other",
                                linkageName = "other", compileUnit = #cu>
#block = #cuda_tile.di_lexical_block<scope = #sp, file = #file, line = 3,
                                     column = 4>
#inner = #cuda_tile.di_lexical_block<scope = #block, file = #file, line = 5>
#di_func = #cuda_tile.di_loc<loc("/tmp/foo.py":7:8) in #sp>
#di_block = #cuda_tile.di_loc<loc("/tmp/foo.py":9:10) in #block>
#di_inner = #cuda_tile.di_loc<loc("/tmp/foo.py":11:12) in #inner>

// A kernel's operations may use its subprogram or lexical blocks nested in
// it, through name and fused locations too; unknown locations are allowed
// anywhere.
// CHECK-LABEL: cuda_tile.module @debug
cuda_tile.module @debug {
  // CHECK: global @g <i32: 1> : tile<1xi32> loc(#{{loc[0-9]*}})
  global @g <i32: 1> : tile<1xi32> loc("/tmp/foo.py":1:1)

  // CHECK: entry @kernel() {
  // CHECK-NEXT: get_global @g : tile<ptr<i32>> loc(#[[DI_FUNC:loc[0-9]+]])
  // CHECK-NEXT: get_global @g : tile<ptr<i32>> loc(#[[DI_BLOCK:loc[0-9]+]])
  // CHECK-NEXT: get_global @g : tile<ptr<i32>> loc(#[[DI_INNER:loc[0-9]+]])
  // CHECK-NEXT: get_global @g : tile<ptr<i32>> loc(#[[NAMED:loc[0-9]+]])
  // CHECK-NEXT: get_global @g : tile<ptr<i32>> loc(#[[FUSED:loc[0-9]+]])
  // CHECK-NEXT: return loc(#[[UNKNOWN:loc[0-9]+]])
  // CHECK-NEXT: } loc(#[[DI_FUNC]])
  entry @kernel() {
    %0 = get_global @g : tile<ptr<i32>> loc(#di_func)
    %1 = get_global @g : tile<ptr<i32>> loc(#di_block)
    %2 = get_global @g : tile<ptr<i32>> loc(#di_inner)
    %3 = get_global @g : tile<ptr<i32>> loc("name"(#di_inner))
    %4 = get_global @g : tile<ptr<i32>> loc(fused[#di_block, "x"])
    return loc(unknown)
  } loc(#di_func)

  // A location given inline parses too.
  // CHECK: entry @other() {
  // CHECK: } loc(#[[DI_OTHER:loc[0-9]+]])
  entry @other() {
  } loc(#cuda_tile.di_loc<loc("/tmp/foo.py":21:1) in #sp2>)

  // Without a scope of its own, a kernel may still have plain locations.
  // CHECK: entry @plain() {
  entry @plain() {
    return loc("/tmp/foo.py":30:1)
  } loc("/tmp/foo.py":29:1)
} loc(unknown)

// The debug-information attributes print under their own aliases; di_loc
// prints as a location.
// CHECK-DAG: #[[UNKNOWN]] = loc(unknown)
// CHECK-DAG: #[[FILE:di_file[0-9]*]] = #cuda_tile.di_file<"foo.py" in "/tmp/">
// CHECK-DAG: #[[CU:di_compile_unit[0-9]*]] = #cuda_tile.di_compile_unit<file = #[[FILE]]>
// CHECK-DAG: #[[SP:di_subprogram[0-9]*]] = #cuda_tile.di_subprogram<file = #[[FILE]], line = 1, name = "kernel", linkageName = "kernel", compileUnit = #[[CU]], scopeLine = 2>
// CHECK-DAG: #[[SP2:di_subprogram[0-9]*]] = #cuda_tile.di_subprogram<file = #[[FILE]], line = 20, name = "other", linkageName = "other", compileUnit = #[[CU]]>
// CHECK-DAG: #[[BLOCK:di_lexical_block[0-9]*]] = #cuda_tile.di_lexical_block<scope = #[[SP]], file = #[[FILE]], line = 3, column = 4>
// CHECK-DAG: #[[INNER:di_lexical_block[0-9]*]] = #cuda_tile.di_lexical_block<scope = #[[BLOCK]], file = #[[FILE]], line = 5>
// CHECK-DAG: #[[L1:loc[0-9]+]] = loc("/tmp/foo.py":7:8)
// CHECK-DAG: #[[L2:loc[0-9]+]] = loc("/tmp/foo.py":9:10)
// CHECK-DAG: #[[L3:loc[0-9]+]] = loc("/tmp/foo.py":11:12)
// CHECK-DAG: #[[L4:loc[0-9]+]] = loc("/tmp/foo.py":21:1)
// CHECK-DAG: #[[DI_FUNC]] = #cuda_tile.di_loc<#[[L1]] in #[[SP]]>
// CHECK-DAG: #[[DI_BLOCK]] = #cuda_tile.di_loc<#[[L2]] in #[[BLOCK]]>
// CHECK-DAG: #[[DI_INNER]] = #cuda_tile.di_loc<#[[L3]] in #[[INNER]]>
// CHECK-DAG: #[[DI_OTHER]] = #cuda_tile.di_loc<#[[L4]] in #[[SP2]]>
// CHECK-DAG: #[[NAMED]] = loc("name"(#[[DI_INNER]]))
// CHECK-DAG: #[[FUSED]] = loc(fused[#[[DI_BLOCK]], #{{loc[0-9]+}}])
