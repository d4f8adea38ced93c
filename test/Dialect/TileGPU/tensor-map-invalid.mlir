// The verifiers of the TMA ops: the slot word is an element of a 1-D i64
// barrier buffer, the map index is below the maps of a slot, and the view
// and buffer are what tileir::planTensorMap accepts (a partition view whose
// tile, less its unit dims, is the buffer in an MMA swizzle whose contiguous
// dim is the tensor's innermost).
// RUN: tile-opt %s -split-input-file -verify-diagnostics

cuda_tile.module @slot_out_of_range {
  entry @k() {
    %b = tilegpu.alloc_shared : !tilegpu.smem<4xi64, #tilegpu.shared<shape=[4], offset=[[1], [2]]>>
    // expected-error @below {{slot word 4 is outside the 4-element barrier buffer}}
    tilegpu.tensormap_acquire %b[4] : !tilegpu.smem<4xi64, #tilegpu.shared<shape=[4], offset=[[1], [2]]>>
    return
  }
}

// -----

cuda_tile.module @release_not_i64 {
  entry @k() {
    %b = tilegpu.alloc_shared : !tilegpu.smem<4xi32, #tilegpu.shared<shape=[4], offset=[[1], [2]]>>
    // expected-error @below {{needs a single-stage 1-D buffer of i64}}
    tilegpu.tensormap_release %b[0] : !tilegpu.smem<4xi32, #tilegpu.shared<shape=[4], offset=[[1], [2]]>>
    return
  }
}

// -----

cuda_tile.module @map_out_of_range {
  entry @k(%p: tile<ptr<bf16>>) {
    %v = make_tensor_view %p, shape = [4096, 128], strides = [128, 1] : tensor_view<4096x128xbf16, strides=[128,1]>
    %pv = make_partition_view %v : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>
    %b = tilegpu.alloc_shared : !tilegpu.smem<4xi64, #tilegpu.shared<shape=[4], offset=[[1], [2]]>>
    %buf = tilegpu.alloc_shared : !tilegpu.smem<64x128xbf16, #tilegpu.shared<shape=[64, 128], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [0, 64]]>>
    // expected-error @below {{map 4 is outside [0, 4)}}
    tilegpu.tensormap_init %pv, %buf, %b[3] map 4 : !cuda_tile.partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>, !tilegpu.smem<64x128xbf16, #tilegpu.shared<shape=[64, 128], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [0, 64]]>>, !tilegpu.smem<4xi64, #tilegpu.shared<shape=[4], offset=[[1], [2]]>>
    return
  }
}

// -----

cuda_tile.module @row_major_buffer {
  entry @k(%p: tile<ptr<bf16>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %v = make_tensor_view %p, shape = [4096, 128], strides = [128, 1] : tensor_view<4096x128xbf16, strides=[128,1]>
    %pv = make_partition_view %v : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>
    %b = tilegpu.alloc_shared : !tilegpu.smem<4xi64, #tilegpu.shared<shape=[4], offset=[[1], [2]]>>
    %buf = tilegpu.alloc_shared : !tilegpu.smem<64x128xbf16, #tilegpu.shared<shape=[64, 128], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]]>>
    // expected-error @below {{cannot copy the view with TMA: the buffer is not in an MMA swizzle}}
    tilegpu.tma_copy %pv[%c0, %c0], %buf, %b[%c0] slot 3 map 0 : !cuda_tile.partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>[!cuda_tile.tile<i32>, !cuda_tile.tile<i32>], !tilegpu.smem<64x128xbf16, #tilegpu.shared<shape=[64, 128], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]]>>, !tilegpu.smem<4xi64, #tilegpu.shared<shape=[4], offset=[[1], [2]]>>, !cuda_tile.tile<i32>
    return
  }
}

// -----

cuda_tile.module @column_major_tensor {
  entry @k(%p: tile<ptr<bf16>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %v = make_tensor_view %p, shape = [4096, 128], strides = [1, 4096] : tensor_view<4096x128xbf16, strides=[1,4096]>
    %pv = make_partition_view %v : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[1,4096]>>
    %b = tilegpu.alloc_shared : !tilegpu.smem<4xi64, #tilegpu.shared<shape=[4], offset=[[1], [2]]>>
    %buf = tilegpu.alloc_shared : !tilegpu.smem<64x128xbf16, #tilegpu.shared<shape=[64, 128], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [0, 64]]>>
    // expected-error @below {{cannot copy the view with TMA: the innermost stride is not 1}}
    tilegpu.tma_copy %pv[%c0, %c0], %buf, %b[%c0] slot 3 map 0 : !cuda_tile.partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[1,4096]>>[!cuda_tile.tile<i32>, !cuda_tile.tile<i32>], !tilegpu.smem<64x128xbf16, #tilegpu.shared<shape=[64, 128], offset=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [0, 64]]>>, !tilegpu.smem<4xi64, #tilegpu.shared<shape=[4], offset=[[1], [2]]>>, !cuda_tile.tile<i32>
    return
  }
}
