// The #tilegpu.layout attribute and the tilegpu.convert_layout op print in
// canonical form and parse back to the same thing.
// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s | tile-opt | FileCheck %s

// Spacing is free on input and canonical on output; register, lane and
// warp bases are kept in order, zero bases included.
// CHECK: module attributes {
// CHECK-SAME: test.a = #tilegpu.layout<shape=[8], reg={{\[\[}}1],[2]], lane={{\[\[}}4],[0],[0],[0],[0]], warp=[]>
// A rank-0 layout has empty bases.
// CHECK-SAME: test.b = #tilegpu.layout<shape=[], reg=[], lane={{\[\[}}],[],[],[],[]], warp={{\[\[}}],[]]>
module attributes {
  test.a = #tilegpu.layout<shape = [ 8 ] , reg = [[1], [2]], lane=[[4],[0],[0],[0],[0]], warp=[]>,
  test.b = #tilegpu.layout<shape=[], reg=[], lane=[[],[],[],[],[]], warp=[[],[]]>
} {
cuda_tile.module @m {
  // CHECK-LABEL: entry @convert()
  // CHECK: %[[A:.*]] = constant <f32: 1.000000e+00> : tile<4x32xf32, #tilegpu.layout<shape=[4,32], reg=[], lane={{\[\[}}0,1],[0,2],[0,4],[0,8],[0,16]], warp={{\[\[}}1,0],[2,0]]>>
  // CHECK: tilegpu.convert_layout %[[A]] : !cuda_tile.tile<4x32xf32, #tilegpu.layout<shape=[4,32], reg=[], lane={{\[\[}}0,1],[0,2],[0,4],[0,8],[0,16]], warp={{\[\[}}1,0],[2,0]]>> -> !cuda_tile.tile<4x32xf32, #tilegpu.layout<shape=[4,32], reg={{\[\[}}1,0],[2,0]], lane={{\[\[}}0,1],[0,2],[0,4],[0,8],[0,16]], warp={{\[\[}}0,0],[0,0]]>>
  entry @convert() {
    %a = constant <f32: 1.0> : tile<4x32xf32, #tilegpu.layout<shape=[4, 32], reg=[], lane=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp=[[1, 0], [2, 0]]>>
    %b = tilegpu.convert_layout %a : !cuda_tile.tile<4x32xf32, #tilegpu.layout<shape=[4, 32], reg=[], lane=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp=[[1, 0], [2, 0]]>> -> !cuda_tile.tile<4x32xf32, #tilegpu.layout<shape=[4, 32], reg=[[1, 0], [2, 0]], lane=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp=[[0, 0], [0, 0]]>>
    return
  }
}
}
