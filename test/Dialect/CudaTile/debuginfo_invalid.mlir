// RUN: cd %S && tile-opt -allow-unregistered-dialect -split-input-file -verify-diagnostics debuginfo_invalid.mlir

// The debug-information rules of the module verifier. A diagnostic is
// reported at the location of the offending operation; when that location is
// a di_loc, its file:line:column is what -verify-diagnostics matches. So the
// di_locs below name this file (by the relative path the RUN line uses) and
// the line of the operation that carries them: keep those line numbers in
// step when editing this file.

// A kernel's scope must be a subprogram, not a lexical block.
#file = #cuda_tile.di_file<"debuginfo_invalid.mlir" in ".">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "test", linkageName = "test", compileUnit = #cu, scopeLine = 1>
#block = #cuda_tile.di_lexical_block<scope = #sp, file = #file, line = 2>
cuda_tile.module @kernels {
  // expected-error @below {{'cuda_tile.entry' op debug-info scope must be a di_subprogram, got #cuda_tile.di_lexical_block}}
  entry @test() {
  } loc(#cuda_tile.di_loc<loc("debuginfo_invalid.mlir":17:3) in #block>)
}

// -----

// The same, with the scope wrapped in a name location.
#file = #cuda_tile.di_file<"debuginfo_invalid.mlir" in ".">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "test", linkageName = "test", compileUnit = #cu, scopeLine = 1>
#block = #cuda_tile.di_lexical_block<scope = #sp, file = #file, line = 2>
cuda_tile.module @kernels {
  // expected-error @below {{'cuda_tile.entry' op debug-info scope must be a di_subprogram}}
  entry @test() {
  } loc("entry"(#cuda_tile.di_loc<loc("debuginfo_invalid.mlir":30:3) in #block>))
}

// -----

// The subprogram's linkage name is the kernel's name.
#file = #cuda_tile.di_file<"debuginfo_invalid.mlir" in ".">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "test", linkageName = "test", compileUnit = #cu, scopeLine = 1>
cuda_tile.module @kernels {
  // expected-error @below {{'cuda_tile.entry' op is named 'foo' but its di_subprogram has linkageName "test"}}
  entry @foo() {
  } loc(#cuda_tile.di_loc<loc("debuginfo_invalid.mlir":42:3) in #sp>)
}

// -----

// The same, through a fused location.
#file = #cuda_tile.di_file<"debuginfo_invalid.mlir" in ".">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "test", linkageName = "test", compileUnit = #cu, scopeLine = 1>
cuda_tile.module @kernels {
  // expected-error @below {{'cuda_tile.entry' op is named 'foo' but its di_subprogram has linkageName "test"}}
  entry @foo() {
  } loc(fused[#cuda_tile.di_loc<loc("debuginfo_invalid.mlir":54:3) in #sp>, "x"])
}

// -----

// A kernel's location is not a call site.
cuda_tile.module @kernels {
  // expected-error @below {{'cuda_tile.entry' op location must not be a call-site location}}
  entry @test() {
  } loc(callsite("debuginfo_invalid.mlir":63:3 at "caller.py":1:1))
}

// -----

// Operations of a kernel without a scope have none either.
#file = #cuda_tile.di_file<"debuginfo_invalid.mlir" in ".">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "test", linkageName = "test", compileUnit = #cu, scopeLine = 1>
cuda_tile.module @kernels {
  entry @test() {
    // expected-error @below {{'cuda_tile.return' op has a debug-info scope, but its function @test has none}}
    return loc(#cuda_tile.di_loc<loc("debuginfo_invalid.mlir":76:5) in #sp>)
  }
}

// -----

// The same for a lexical block, and for an operation nested in a region.
#file = #cuda_tile.di_file<"debuginfo_invalid.mlir" in ".">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "test", linkageName = "test", compileUnit = #cu, scopeLine = 1>
#block = #cuda_tile.di_lexical_block<scope = #sp, file = #file, line = 2>
cuda_tile.module @kernels {
  entry @test() {
    "test.region"() ({
      // expected-error @below {{'test.op' op has a debug-info scope, but its function @test has none}}
      "test.op"() : () -> () loc(#cuda_tile.di_loc<loc("debuginfo_invalid.mlir":91:7) in #block>)
      "test.end"() : () -> ()
    }) : () -> ()
  } loc(unknown)
}

// -----

// Operations use the subprogram of their own kernel.
#file = #cuda_tile.di_file<"debuginfo_invalid.mlir" in ".">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "test", linkageName = "test", compileUnit = #cu, scopeLine = 1>
#other = #cuda_tile.di_subprogram<file = #file, line = 9, name = "other", linkageName = "other", compileUnit = #cu>
cuda_tile.module @kernels {
  entry @test() {
    // expected-error @below {{'cuda_tile.return' op has a debug-info scope outside the di_subprogram of its function @test}}
    return loc(#cuda_tile.di_loc<loc("debuginfo_invalid.mlir":107:5) in #other>)
  } loc(#cuda_tile.di_loc<loc("debuginfo_invalid.mlir":1:1) in #sp>)
}

// -----

// The same through a lexical block of another subprogram, nested in a region
// and wrapped in a name location.
#file = #cuda_tile.di_file<"debuginfo_invalid.mlir" in ".">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "test", linkageName = "test", compileUnit = #cu, scopeLine = 1>
#other = #cuda_tile.di_subprogram<file = #file, line = 9, name = "other", linkageName = "other", compileUnit = #cu>
#block = #cuda_tile.di_lexical_block<scope = #other, file = #file, line = 10>
cuda_tile.module @kernels {
  entry @test() {
    "test.region"() ({
      // expected-error @below {{'test.op' op has a debug-info scope outside the di_subprogram of its function @test}}
      "test.op"() : () -> () loc("op"(#cuda_tile.di_loc<loc("debuginfo_invalid.mlir":124:7) in #block>))
      "test.end"() : () -> ()
    }) : () -> ()
  } loc(#cuda_tile.di_loc<loc("debuginfo_invalid.mlir":1:1) in #sp>)
}

// -----

// Globals have no scope.
#file = #cuda_tile.di_file<"debuginfo_invalid.mlir" in ".">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "test", linkageName = "test", compileUnit = #cu, scopeLine = 1>
cuda_tile.module @kernels {
  // expected-error @below {{'cuda_tile.global' op is not a function, so its location must not have a debug-info scope, got #cuda_tile.di_subprogram}}
  global @g <i32: 0> : tile<1xi32> loc(#cuda_tile.di_loc<loc("debuginfo_invalid.mlir":138:3) in #sp>)
}
