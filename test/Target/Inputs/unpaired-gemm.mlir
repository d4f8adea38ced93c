// A GEMM of 64-row tiles whose block x id is scaled: tileir-pair-row-tiles
// leaves it alone (pairing-unpaired-failure.test).
cuda_tile.module @x_in_arithmetic {
  entry @x_in_arithmetic(%a: tile<ptr<bf16>>, %b: tile<ptr<bf16>>, %c: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %av = make_tensor_view %a, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xbf16, strides=[1024,1]>
    %bv = make_tensor_view %b, shape = [1024, 128], strides = [128, 1] : tensor_view<1024x128xbf16, strides=[128,1]>
    %cv = make_tensor_view %c, shape = [1024, 128], strides = [128, 1] : tensor_view<1024x128xf32, strides=[128,1]>
    %x, %y, %z = get_tile_block_id : tile<i32>
    %x2 = muli %x, %c2 : tile<i32>
    %ap = make_partition_view %av : partition_view<tile=(64x64), padding_value = zero, tensor_view<1024x1024xbf16, strides=[1024,1]>>
    %bp = make_partition_view %bv : partition_view<tile=(64x128), padding_value = zero, tensor_view<1024x128xbf16, strides=[128,1]>>
    %zero = constant <f32: 0.0> : tile<64x128xf32>
    %t, %t0 = load_view_tko weak %ap[%x2, %c0] : partition_view<tile=(64x64), padding_value = zero, tensor_view<1024x1024xbf16, strides=[1024,1]>>, tile<i32> -> tile<64x64xbf16>, token
    %u, %t1 = load_view_tko weak %bp[%c0, %y] : partition_view<tile=(64x128), padding_value = zero, tensor_view<1024x128xbf16, strides=[128,1]>>, tile<i32> -> tile<64x128xbf16>, token
    %p = mmaf %t, %u, %zero : tile<64x64xbf16>, tile<64x128xbf16>, tile<64x128xf32>
    %cp = make_partition_view %cv : partition_view<tile=(64x128), tensor_view<1024x128xf32, strides=[128,1]>>
    %t3 = store_view_tko weak %p, %cp[%x, %y] : tile<64x128xf32>, partition_view<tile=(64x128), tensor_view<1024x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
