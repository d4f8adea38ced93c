// tileir-insert-barriers on a barrier already in the program (one of the
// pipeline's, or the one that ends an mbarrier_init): when the writes it
// orders are read by wgmma later and no barrier of the pass's own comes
// between, it fences them itself (a barrier's `async_proxy`, or a
// fence_async_proxy before an op whose lowering begins with a barrier), so
// the loop of products needs no barrier. Without the fence the async proxy
// could read the operands stale. A loop that needs a barrier only for what
// was stored before it gets it before the loop.
// RUN: tile-opt %s -split-input-file --tileir-insert-barriers | FileCheck %s

// CHECK-LABEL: entry @resident(
// CHECK: tilegpu.local_store
// CHECK: tilegpu.local_store
// CHECK-NEXT: tilegpu.barrier async_proxy
// CHECK-NEXT: for
// CHECK-NOT: tilegpu.barrier
// CHECK: tilegpu.warpgroup_dot
// CHECK-NOT: tilegpu.barrier
// CHECK: return
module {
  cuda_tile.module @resident {
    entry @resident(%arg0: tile<ptr<bf16>>, %arg1: tile<ptr<bf16>>, %arg2: tile<ptr<f32>>, %arg3: tile<i32>) {
      %0 = constant <i32: 0> : tile<i32>
      %1 = constant <i32: 1> : tile<i32>
      %tview = make_tensor_view %arg0, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xbf16, strides=[64,1]>
      %pview = make_partition_view %tview : partition_view<tile=(128x64), padding_value = zero, tensor_view<128x64xbf16, strides=[64,1]>>
      %tview_0 = make_tensor_view %arg1, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xbf16, strides=[128,1]>
      %pview_1 = make_partition_view %tview_0 : partition_view<tile=(64x128), padding_value = zero, tensor_view<64x128xbf16, strides=[128,1]>>
      %tile, %result_token = load_view_tko weak %pview[%0, %0] : partition_view<tile=(128x64), padding_value = zero, tensor_view<128x64xbf16, strides=[64,1]>>, tile<i32> -> tile<128x64xbf16, #tilegpu.layout<shape=[128,64], reg=[[0,1],[0,2],[16,0],[32,0],[64,0]], lane=[[0,4],[0,8],[0,16],[0,32],[1,0]], warp=[[2,0],[4,0],[8,0]]>>, token
      %tile_2, %result_token_3 = load_view_tko weak %pview_1[%0, %0] : partition_view<tile=(64x128), padding_value = zero, tensor_view<64x128xbf16, strides=[128,1]>>, tile<i32> -> tile<64x128xbf16, #tilegpu.layout<shape=[64,128], reg=[[0,1],[0,2],[8,0],[16,0],[32,0]], lane=[[0,4],[0,8],[0,16],[0,32],[0,64]], warp=[[1,0],[2,0],[4,0]]>>, token
      %2 = constant <f32: 0.000000e+00> : tile<128x128xf32, #tilegpu.layout<shape=[128,128], reg=[[0,1],[0,2],[8,0],[16,0],[32,0],[64,0]], lane=[[0,4],[0,8],[0,16],[0,32],[0,64]], warp=[[1,0],[2,0],[4,0]]>>
      %3 = constant <f32: 0.000000e+00> : tile<128x128xf32, #tilegpu.layout<shape=[128,128], reg=[[0,1],[8,0],[0,8],[0,16],[0,32],[0,64]], lane=[[0,2],[0,4],[1,0],[2,0],[4,0]], warp=[[16,0],[32,0],[64,0]]>>
      %4 = tilegpu.alloc_shared {offset = 0 : i64} : !tilegpu.smem<128x64xbf16, #tilegpu.shared<shape=[128, 64], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [64, 0]]>>
      tilegpu.local_store %tile, %4 : !cuda_tile.tile<128x64xbf16, #tilegpu.layout<shape=[128,64], reg=[[0,1],[0,2],[16,0],[32,0],[64,0]], lane=[[0,4],[0,8],[0,16],[0,32],[1,0]], warp=[[2,0],[4,0],[8,0]]>>, !tilegpu.smem<128x64xbf16, #tilegpu.shared<shape=[128, 64], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [64, 0]]>>
      %5 = tilegpu.alloc_shared {offset = 16384 : i64} : !tilegpu.smem<64x128xbf16, #tilegpu.shared<shape=[64, 128], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [0, 64]]>>
      tilegpu.local_store %tile_2, %5 : !cuda_tile.tile<64x128xbf16, #tilegpu.layout<shape=[64,128], reg=[[0,1],[0,2],[8,0],[16,0],[32,0]], lane=[[0,4],[0,8],[0,16],[0,32],[0,64]], warp=[[1,0],[2,0],[4,0]]>>, !tilegpu.smem<64x128xbf16, #tilegpu.shared<shape=[64, 128], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [0, 64]]>>
      tilegpu.barrier
      %6 = for %arg4 in (%0 to %arg3, step %1) : tile<i32> iter_values(%arg5 = %3) -> (tile<128x128xf32, #tilegpu.layout<shape=[128,128], reg=[[0,1],[8,0],[0,8],[0,16],[0,32],[0,64]], lane=[[0,2],[0,4],[1,0],[2,0],[4,0]], warp=[[16,0],[32,0],[64,0]]>>) {
        %8 = tilegpu.warpgroup_dot %4, %5, %arg5 : !tilegpu.smem<128x64xbf16, #tilegpu.shared<shape=[128, 64], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [64, 0]]>>, !tilegpu.smem<64x128xbf16, #tilegpu.shared<shape=[64, 128], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [0, 64]]>>, !cuda_tile.tile<128x128xf32, #tilegpu.layout<shape=[128,128], reg=[[0,1],[8,0],[0,8],[0,16],[0,32],[0,64]], lane=[[0,2],[0,4],[1,0],[2,0],[4,0]], warp=[[16,0],[32,0],[64,0]]>> -> !cuda_tile.tile<128x128xf32, #tilegpu.layout<shape=[128,128], reg=[[0,1],[8,0],[0,8],[0,16],[0,32],[0,64]], lane=[[0,2],[0,4],[1,0],[2,0],[4,0]], warp=[[16,0],[32,0],[64,0]]>>
        continue %8 : tile<128x128xf32, #tilegpu.layout<shape=[128,128], reg=[[0,1],[8,0],[0,8],[0,16],[0,32],[0,64]], lane=[[0,2],[0,4],[1,0],[2,0],[4,0]], warp=[[16,0],[32,0],[64,0]]>>
      }
      %tview_4 = make_tensor_view %arg2, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
      %pview_5 = make_partition_view %tview_4 : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
      %7 = store_view_tko weak %6, %pview_5[%0, %0] : tile<128x128xf32, #tilegpu.layout<shape=[128,128], reg=[[0,1],[8,0],[0,8],[0,16],[0,32],[0,64]], lane=[[0,2],[0,4],[1,0],[2,0],[4,0]], warp=[[16,0],[32,0],[64,0]]>>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
      return
    } {tilegpu.num_warps = 8 : i32, tilegpu.shared_bytes = 32768 : i64}
  }
}


// -----

// CHECK-LABEL: entry @resident(
// CHECK: tilegpu.local_store
// CHECK: tilegpu.local_store
// CHECK: tilegpu.fence_async_proxy
// CHECK-NEXT: tilegpu.mbarrier_init
// CHECK-NEXT: for
// CHECK-NOT: tilegpu.barrier
// CHECK: tilegpu.warpgroup_dot
// CHECK-NOT: tilegpu.barrier
// CHECK: return
module {
  cuda_tile.module @resident {
    entry @resident(%arg0: tile<ptr<bf16>>, %arg1: tile<ptr<bf16>>, %arg2: tile<ptr<f32>>, %arg3: tile<i32>) {
      %0 = constant <i32: 0> : tile<i32>
      %1 = constant <i32: 1> : tile<i32>
      %tview = make_tensor_view %arg0, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xbf16, strides=[64,1]>
      %pview = make_partition_view %tview : partition_view<tile=(128x64), padding_value = zero, tensor_view<128x64xbf16, strides=[64,1]>>
      %tview_0 = make_tensor_view %arg1, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xbf16, strides=[128,1]>
      %pview_1 = make_partition_view %tview_0 : partition_view<tile=(64x128), padding_value = zero, tensor_view<64x128xbf16, strides=[128,1]>>
      %tile, %result_token = load_view_tko weak %pview[%0, %0] : partition_view<tile=(128x64), padding_value = zero, tensor_view<128x64xbf16, strides=[64,1]>>, tile<i32> -> tile<128x64xbf16, #tilegpu.layout<shape=[128,64], reg=[[0,1],[0,2],[16,0],[32,0],[64,0]], lane=[[0,4],[0,8],[0,16],[0,32],[1,0]], warp=[[2,0],[4,0],[8,0]]>>, token
      %tile_2, %result_token_3 = load_view_tko weak %pview_1[%0, %0] : partition_view<tile=(64x128), padding_value = zero, tensor_view<64x128xbf16, strides=[128,1]>>, tile<i32> -> tile<64x128xbf16, #tilegpu.layout<shape=[64,128], reg=[[0,1],[0,2],[8,0],[16,0],[32,0]], lane=[[0,4],[0,8],[0,16],[0,32],[0,64]], warp=[[1,0],[2,0],[4,0]]>>, token
      %2 = constant <f32: 0.000000e+00> : tile<128x128xf32, #tilegpu.layout<shape=[128,128], reg=[[0,1],[0,2],[8,0],[16,0],[32,0],[64,0]], lane=[[0,4],[0,8],[0,16],[0,32],[0,64]], warp=[[1,0],[2,0],[4,0]]>>
      %3 = constant <f32: 0.000000e+00> : tile<128x128xf32, #tilegpu.layout<shape=[128,128], reg=[[0,1],[8,0],[0,8],[0,16],[0,32],[0,64]], lane=[[0,2],[0,4],[1,0],[2,0],[4,0]], warp=[[16,0],[32,0],[64,0]]>>
      %4 = tilegpu.alloc_shared {offset = 0 : i64} : !tilegpu.smem<128x64xbf16, #tilegpu.shared<shape=[128, 64], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [64, 0]]>>
      tilegpu.local_store %tile, %4 : !cuda_tile.tile<128x64xbf16, #tilegpu.layout<shape=[128,64], reg=[[0,1],[0,2],[16,0],[32,0],[64,0]], lane=[[0,4],[0,8],[0,16],[0,32],[1,0]], warp=[[2,0],[4,0],[8,0]]>>, !tilegpu.smem<128x64xbf16, #tilegpu.shared<shape=[128, 64], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [64, 0]]>>
      %5 = tilegpu.alloc_shared {offset = 16384 : i64} : !tilegpu.smem<64x128xbf16, #tilegpu.shared<shape=[64, 128], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [0, 64]]>>
      tilegpu.local_store %tile_2, %5 : !cuda_tile.tile<64x128xbf16, #tilegpu.layout<shape=[64,128], reg=[[0,1],[0,2],[8,0],[16,0],[32,0]], lane=[[0,4],[0,8],[0,16],[0,32],[0,64]], warp=[[1,0],[2,0],[4,0]]>>, !tilegpu.smem<64x128xbf16, #tilegpu.shared<shape=[64, 128], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [0, 64]]>>
      %mb = tilegpu.alloc_shared {offset = 32768 : i64} : !tilegpu.smem<2xi64, #tilegpu.shared<shape=[2], offset=[[1]]>>
      tilegpu.mbarrier_init %mb, [1, 1] : !tilegpu.smem<2xi64, #tilegpu.shared<shape=[2], offset=[[1]]>>
      %6 = for %arg4 in (%0 to %arg3, step %1) : tile<i32> iter_values(%arg5 = %3) -> (tile<128x128xf32, #tilegpu.layout<shape=[128,128], reg=[[0,1],[8,0],[0,8],[0,16],[0,32],[0,64]], lane=[[0,2],[0,4],[1,0],[2,0],[4,0]], warp=[[16,0],[32,0],[64,0]]>>) {
        %8 = tilegpu.warpgroup_dot %4, %5, %arg5 : !tilegpu.smem<128x64xbf16, #tilegpu.shared<shape=[128, 64], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [64, 0]]>>, !tilegpu.smem<64x128xbf16, #tilegpu.shared<shape=[64, 128], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [0, 64]]>>, !cuda_tile.tile<128x128xf32, #tilegpu.layout<shape=[128,128], reg=[[0,1],[8,0],[0,8],[0,16],[0,32],[0,64]], lane=[[0,2],[0,4],[1,0],[2,0],[4,0]], warp=[[16,0],[32,0],[64,0]]>> -> !cuda_tile.tile<128x128xf32, #tilegpu.layout<shape=[128,128], reg=[[0,1],[8,0],[0,8],[0,16],[0,32],[0,64]], lane=[[0,2],[0,4],[1,0],[2,0],[4,0]], warp=[[16,0],[32,0],[64,0]]>>
        continue %8 : tile<128x128xf32, #tilegpu.layout<shape=[128,128], reg=[[0,1],[8,0],[0,8],[0,16],[0,32],[0,64]], lane=[[0,2],[0,4],[1,0],[2,0],[4,0]], warp=[[16,0],[32,0],[64,0]]>>
      }
      %tview_4 = make_tensor_view %arg2, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
      %pview_5 = make_partition_view %tview_4 : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
      %7 = store_view_tko weak %6, %pview_5[%0, %0] : tile<128x128xf32, #tilegpu.layout<shape=[128,128], reg=[[0,1],[8,0],[0,8],[0,16],[0,32],[0,64]], lane=[[0,2],[0,4],[1,0],[2,0],[4,0]], warp=[[16,0],[32,0],[64,0]]>>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
      return
    } {tilegpu.num_warps = 8 : i32, tilegpu.shared_bytes = 32768 : i64}
  }
}


// -----

// With no barrier between the stores and the loop, the barrier the products
// need goes before the loop (it fences the stores), not into every
// iteration.
// CHECK-LABEL: entry @resident(
// CHECK: tilegpu.local_store
// CHECK: tilegpu.local_store
// CHECK-NEXT: tilegpu.barrier async_proxy
// CHECK-NEXT: for
// CHECK-NOT: tilegpu.barrier
// CHECK: tilegpu.warpgroup_dot
// CHECK-NOT: tilegpu.barrier
// CHECK: return
module {
  cuda_tile.module @resident {
    entry @resident(%arg0: tile<ptr<bf16>>, %arg1: tile<ptr<bf16>>, %arg2: tile<ptr<f32>>, %arg3: tile<i32>) {
      %0 = constant <i32: 0> : tile<i32>
      %1 = constant <i32: 1> : tile<i32>
      %tview = make_tensor_view %arg0, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xbf16, strides=[64,1]>
      %pview = make_partition_view %tview : partition_view<tile=(128x64), padding_value = zero, tensor_view<128x64xbf16, strides=[64,1]>>
      %tview_0 = make_tensor_view %arg1, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xbf16, strides=[128,1]>
      %pview_1 = make_partition_view %tview_0 : partition_view<tile=(64x128), padding_value = zero, tensor_view<64x128xbf16, strides=[128,1]>>
      %tile, %result_token = load_view_tko weak %pview[%0, %0] : partition_view<tile=(128x64), padding_value = zero, tensor_view<128x64xbf16, strides=[64,1]>>, tile<i32> -> tile<128x64xbf16, #tilegpu.layout<shape=[128,64], reg=[[0,1],[0,2],[16,0],[32,0],[64,0]], lane=[[0,4],[0,8],[0,16],[0,32],[1,0]], warp=[[2,0],[4,0],[8,0]]>>, token
      %tile_2, %result_token_3 = load_view_tko weak %pview_1[%0, %0] : partition_view<tile=(64x128), padding_value = zero, tensor_view<64x128xbf16, strides=[128,1]>>, tile<i32> -> tile<64x128xbf16, #tilegpu.layout<shape=[64,128], reg=[[0,1],[0,2],[8,0],[16,0],[32,0]], lane=[[0,4],[0,8],[0,16],[0,32],[0,64]], warp=[[1,0],[2,0],[4,0]]>>, token
      %2 = constant <f32: 0.000000e+00> : tile<128x128xf32, #tilegpu.layout<shape=[128,128], reg=[[0,1],[0,2],[8,0],[16,0],[32,0],[64,0]], lane=[[0,4],[0,8],[0,16],[0,32],[0,64]], warp=[[1,0],[2,0],[4,0]]>>
      %3 = constant <f32: 0.000000e+00> : tile<128x128xf32, #tilegpu.layout<shape=[128,128], reg=[[0,1],[8,0],[0,8],[0,16],[0,32],[0,64]], lane=[[0,2],[0,4],[1,0],[2,0],[4,0]], warp=[[16,0],[32,0],[64,0]]>>
      %4 = tilegpu.alloc_shared {offset = 0 : i64} : !tilegpu.smem<128x64xbf16, #tilegpu.shared<shape=[128, 64], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [64, 0]]>>
      tilegpu.local_store %tile, %4 : !cuda_tile.tile<128x64xbf16, #tilegpu.layout<shape=[128,64], reg=[[0,1],[0,2],[16,0],[32,0],[64,0]], lane=[[0,4],[0,8],[0,16],[0,32],[1,0]], warp=[[2,0],[4,0],[8,0]]>>, !tilegpu.smem<128x64xbf16, #tilegpu.shared<shape=[128, 64], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [64, 0]]>>
      %5 = tilegpu.alloc_shared {offset = 16384 : i64} : !tilegpu.smem<64x128xbf16, #tilegpu.shared<shape=[64, 128], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [0, 64]]>>
      tilegpu.local_store %tile_2, %5 : !cuda_tile.tile<64x128xbf16, #tilegpu.layout<shape=[64,128], reg=[[0,1],[0,2],[8,0],[16,0],[32,0]], lane=[[0,4],[0,8],[0,16],[0,32],[0,64]], warp=[[1,0],[2,0],[4,0]]>>, !tilegpu.smem<64x128xbf16, #tilegpu.shared<shape=[64, 128], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [0, 64]]>>
      %6 = for %arg4 in (%0 to %arg3, step %1) : tile<i32> iter_values(%arg5 = %3) -> (tile<128x128xf32, #tilegpu.layout<shape=[128,128], reg=[[0,1],[8,0],[0,8],[0,16],[0,32],[0,64]], lane=[[0,2],[0,4],[1,0],[2,0],[4,0]], warp=[[16,0],[32,0],[64,0]]>>) {
        %8 = tilegpu.warpgroup_dot %4, %5, %arg5 : !tilegpu.smem<128x64xbf16, #tilegpu.shared<shape=[128, 64], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [64, 0]]>>, !tilegpu.smem<64x128xbf16, #tilegpu.shared<shape=[64, 128], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [0, 64]]>>, !cuda_tile.tile<128x128xf32, #tilegpu.layout<shape=[128,128], reg=[[0,1],[8,0],[0,8],[0,16],[0,32],[0,64]], lane=[[0,2],[0,4],[1,0],[2,0],[4,0]], warp=[[16,0],[32,0],[64,0]]>> -> !cuda_tile.tile<128x128xf32, #tilegpu.layout<shape=[128,128], reg=[[0,1],[8,0],[0,8],[0,16],[0,32],[0,64]], lane=[[0,2],[0,4],[1,0],[2,0],[4,0]], warp=[[16,0],[32,0],[64,0]]>>
        continue %8 : tile<128x128xf32, #tilegpu.layout<shape=[128,128], reg=[[0,1],[8,0],[0,8],[0,16],[0,32],[0,64]], lane=[[0,2],[0,4],[1,0],[2,0],[4,0]], warp=[[16,0],[32,0],[64,0]]>>
      }
      %tview_4 = make_tensor_view %arg2, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
      %pview_5 = make_partition_view %tview_4 : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
      %7 = store_view_tko weak %6, %pview_5[%0, %0] : tile<128x128xf32, #tilegpu.layout<shape=[128,128], reg=[[0,1],[8,0],[0,8],[0,16],[0,32],[0,64]], lane=[[0,2],[0,4],[1,0],[2,0],[4,0]], warp=[[16,0],[32,0],[64,0]]>>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
      return
    } {tilegpu.num_warps = 8 : i32, tilegpu.shared_bytes = 32768 : i64}
  }
}

