// Diagnostics of the #tilegpu.layout parser and the tilegpu.convert_layout
// verifier.
// RUN: tile-opt %s -split-input-file -verify-diagnostics

// expected-error @below {{invalid layout: layout dim 0 has size 6, expected a positive power of two}}
module attributes {test.a = #tilegpu.layout<shape=[6], reg=[], lane=[[1],[2],[4],[0],[0]], warp=[]>} {}

// -----

// expected-error @below {{invalid layout: layout needs exactly 5 lane bases, got 4}}
module attributes {test.a = #tilegpu.layout<shape=[8], reg=[], lane=[[1],[2],[4],[0]], warp=[]>} {}

// -----

// expected-error @below {{invalid layout: lane basis 2 has coordinate 8 outside [0, 8) in dim 0}}
module attributes {test.a = #tilegpu.layout<shape=[8], reg=[], lane=[[1],[2],[8],[0],[0]], warp=[]>} {}

// -----

// expected-error @below {{invalid layout: register basis 0 has 1 coordinates, expected 2}}
module attributes {test.a = #tilegpu.layout<shape=[4,8], reg=[[1]], lane=[[0,1],[0,2],[0,4],[1,0],[2,0]], warp=[]>} {}

// -----

// The keywords come in order: shape, reg, lane, warp.
// expected-error @below {{expected 'reg'}}
module attributes {test.a = #tilegpu.layout<shape=[8], lane=[[1],[2],[4],[0],[0]], reg=[], warp=[]>} {}

// -----

cuda_tile.module @m {
  entry @shape_mismatch() {
    %a = constant <f32: 1.0> : tile<4x32xf32, #tilegpu.layout<shape=[4,32], reg=[], lane=[[0,1],[0,2],[0,4],[0,8],[0,16]], warp=[[1,0],[2,0]]>>
    // expected-error @below {{'tilegpu.convert_layout' op source and result must have the same shape and element type}}
    %b = tilegpu.convert_layout %a : !cuda_tile.tile<4x32xf32, #tilegpu.layout<shape=[4,32], reg=[], lane=[[0,1],[0,2],[0,4],[0,8],[0,16]], warp=[[1,0],[2,0]]>> -> !cuda_tile.tile<128xf32, #tilegpu.layout<shape=[128], reg=[], lane=[[1],[2],[4],[8],[16]], warp=[[32],[64]]>>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @element_mismatch() {
    %a = constant <f32: 1.0> : tile<4x32xf32, #tilegpu.layout<shape=[4,32], reg=[], lane=[[0,1],[0,2],[0,4],[0,8],[0,16]], warp=[[1,0],[2,0]]>>
    // expected-error @below {{'tilegpu.convert_layout' op source and result must have the same shape and element type}}
    %b = tilegpu.convert_layout %a : !cuda_tile.tile<4x32xf32, #tilegpu.layout<shape=[4,32], reg=[], lane=[[0,1],[0,2],[0,4],[0,8],[0,16]], warp=[[1,0],[2,0]]>> -> !cuda_tile.tile<4x32xi32, #tilegpu.layout<shape=[4,32], reg=[], lane=[[0,1],[0,2],[0,4],[0,8],[0,16]], warp=[[1,0],[2,0]]>>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @no_source_layout() {
    %a = constant <f32: 1.0> : tile<4x32xf32>
    // expected-error @below {{'tilegpu.convert_layout' op source must have a layout encoding}}
    %b = tilegpu.convert_layout %a : !cuda_tile.tile<4x32xf32> -> !cuda_tile.tile<4x32xf32, #tilegpu.layout<shape=[4,32], reg=[], lane=[[0,1],[0,2],[0,4],[0,8],[0,16]], warp=[[1,0],[2,0]]>>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @no_result_layout() {
    %a = constant <f32: 1.0> : tile<4x32xf32, #tilegpu.layout<shape=[4,32], reg=[], lane=[[0,1],[0,2],[0,4],[0,8],[0,16]], warp=[[1,0],[2,0]]>>
    // expected-error @below {{'tilegpu.convert_layout' op result must have a layout encoding}}
    %b = tilegpu.convert_layout %a : !cuda_tile.tile<4x32xf32, #tilegpu.layout<shape=[4,32], reg=[], lane=[[0,1],[0,2],[0,4],[0,8],[0,16]], warp=[[1,0],[2,0]]>> -> !cuda_tile.tile<4x32xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @layout_shape() {
    %a = constant <f32: 1.0> : tile<4x32xf32, #tilegpu.layout<shape=[4,32], reg=[], lane=[[0,1],[0,2],[0,4],[0,8],[0,16]], warp=[[1,0],[2,0]]>>
    // expected-error @below {{'tilegpu.convert_layout' op result layout shape does not match the tile}}
    %b = tilegpu.convert_layout %a : !cuda_tile.tile<4x32xf32, #tilegpu.layout<shape=[4,32], reg=[], lane=[[0,1],[0,2],[0,4],[0,8],[0,16]], warp=[[1,0],[2,0]]>> -> !cuda_tile.tile<4x32xf32, #tilegpu.layout<shape=[128], reg=[], lane=[[1],[2],[4],[8],[16]], warp=[[32],[64]]>>
    return
  }
}
