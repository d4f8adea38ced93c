// RUN: tile-opt -allow-unregistered-dialect -split-input-file -verify-diagnostics %s

// Parser and verifier errors of the dialect's attributes. The checks of an
// assume predicate against the type it constrains belong to the assume op.

// expected-error @below {{div_by divisor must be a power of two in [1, 2^63], got 6}}
"test.a"() {a = #cuda_tile.div_by<6>} : () -> ()

// -----

// expected-error @below {{div_by divisor must be a power of two in [1, 2^63], got 0}}
"test.a"() {a = #cuda_tile.div_by<0>} : () -> ()

// -----

// expected-error @below {{div_by divisor must be a power of two in [1, 2^63], got -4}}
"test.a"() {a = #cuda_tile.div_by<-4>} : () -> ()

// -----

// expected-error @below {{expected 'along'}}
"test.a"() {a = #cuda_tile.div_by<4, every 4>} : () -> ()

// -----

// expected-error @below {{div_by 'every' and 'along' must not be negative}}
"test.a"() {a = #cuda_tile.div_by<4, every -1 along 0>} : () -> ()

// -----

// expected-error @below {{same_elements values must not be negative}}
"test.a"() {a = #cuda_tile.same_elements<[2, -1]>} : () -> ()

// -----

// expected-error @below {{expected '['}}
// expected-error @below {{failed to parse CudaTile_SameElementsAttr parameter 'values'}}
"test.a"() {a = #cuda_tile.same_elements<2>} : () -> ()

// -----

// expected-error @below {{bounded lower bound (5) exceeds the upper bound (3)}}
"test.a"() {a = #cuda_tile.bounded<5, 3>} : () -> ()

// -----

// expected-error @below {{expected '?'}}
"test.a"() {a = #cuda_tile.bounded<x, 3>} : () -> ()

// -----

// expected-error @below {{expected ::mlir::cuda_tile::IntegerOverflow to be one of: none, no_signed_wrap, no_unsigned_wrap, no_wrap}}
// expected-error @below {{failed to parse CudaTile_IntegerOverflowAttr parameter 'value'}}
"test.a"() {a = #cuda_tile.overflow<bogus>} : () -> ()

// -----

// The architecture entries of optimization hints are dictionaries.
// expected-error @below {{optimization_hints entry 'sm_100' must be a dictionary, got 2 : i64}}
"test.a"() {a = #cuda_tile.optimization_hints<sm_100 = 2>} : () -> ()

// -----

// expected-error @below {{duplicate optimization_hints entry 'sm_100'}}
"test.a"() {a = #cuda_tile.optimization_hints<sm_100 = {}, sm_100 = {}>} : () -> ()

// -----

// expected-error @below {{expected valid keyword or string}}
"test.a"() {a = #cuda_tile.optimization_hints<{}>} : () -> ()

// -----

// A di_loc's scope is a subprogram or a lexical block.
#file = #cuda_tile.di_file<"foo.py" in "/tmp/">
// expected-error @below {{invalid kind of attribute specified}}
// expected-error @below {{failed to parse CudaTile_DILocAttr parameter 'scope'}}
"test.a"() {a = #cuda_tile.di_loc<loc("/tmp/foo.py":1:1) in #file>} : () -> ()

// -----

// A di_loc wraps a file:line:column location.
#file = #cuda_tile.di_file<"foo.py" in "/tmp/">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "k", linkageName = "k", compileUnit = #cu>
// expected-error @below {{invalid kind of attribute specified}}
// expected-error @below {{failed to parse CudaTile_DILocAttr parameter 'sourceLoc'}}
"test.a"() {a = #cuda_tile.di_loc<loc("name") in #sp>} : () -> ()

// -----

#file = #cuda_tile.di_file<"foo.py" in "/tmp/">
#cu = #cuda_tile.di_compile_unit<file = #file>
// expected-error @below {{struct is missing required parameter: linkageName}}
"test.a"() {a = #cuda_tile.di_subprogram<file = #file, line = 1, name = "k", compileUnit = #cu>} : () -> ()

// -----

#file = #cuda_tile.di_file<"foo.py" in "/tmp/">
// expected-error @below {{invalid kind of attribute specified}}
// expected-error @below {{failed to parse CudaTile_DILexicalBlockAttr parameter 'scope'}}
"test.a"() {a = #cuda_tile.di_lexical_block<scope = #file, file = #file, line = 1>} : () -> ()

// -----

#file = #cuda_tile.di_file<"foo.py" in "/tmp/">
// expected-error @below {{expected '>'}}
"test.a"() {a = #cuda_tile.di_compile_unit<file = #file, line = 2>} : () -> ()
