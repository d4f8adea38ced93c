// tileir-pair-row-tiles (sm_90): a GEMM of 64-row tiles whose block x id
// only indexes the rows of its views is rewritten to compute 128 rows (the
// odd neighbour's too): 128-row views, doubled row values, the carried
// zero and the bias broadcast rebuilt at 128 rows, and a stored tensor cut
// at the rows of block 2p when block 2p + 1 was not launched. Kernels the
// rewrite would change the meaning of are left alone with a remark.
// RUN: tile-opt %s -split-input-file --tileir-pair-row-tiles='target=sm_90' \
// RUN:   | FileCheck %s
// RUN: tile-opt %s -split-input-file --tileir-pair-row-tiles='target=sm_90' \
// RUN:   --remarks-filter=tensorcore 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=REMARK
// RUN: tile-opt %s -split-input-file --tileir-pair-row-tiles='target=sm_80' \
// RUN:   | FileCheck %s --check-prefix=SM80

// CHECK-LABEL: entry @gemm(
// CHECK: %[[X:.*]], %{{.*}}, %{{.*}} = get_tile_block_id
// CHECK: %[[A:.*]] = make_partition_view %{{.*}} : partition_view<tile=(128x64), padding_value = zero
// CHECK: %[[ZERO:.*]] = constant <f32: 0.000000e+00> : tile<128x128xf32>
// CHECK: %[[ACC:.*]] = for {{.*}} iter_values(%{{.*}} = %[[ZERO]]) -> (tile<128x128xf32>)
// CHECK: load_view_tko weak %[[A]][%[[X]], %{{.*}}] {{.*}} -> tile<128x64xbf16>
// CHECK: load_view_tko weak {{.*}} -> tile<64x128xbf16>
// CHECK: mmaf {{.*}} : tile<128x64xbf16>, tile<64x128xbf16>, tile<128x128xf32>
// CHECK: %[[BIAS:.*]] = broadcast %{{.*}} : tile<1x128xf32> -> tile<128x128xf32>
// CHECK: addf %[[ACC]], %[[BIAS]] {{.*}}: tile<128x128xf32>
// CHECK: ftof {{.*}} -> tile<128x128xbf16>
// The stored tensor's rows: M where block 2p + 1 was launched, else
// min(M, 64 (2p + 1)).
// CHECK: %[[P:.*]], %{{.*}}, %{{.*}} = get_tile_block_id
// CHECK: %[[NX:.*]], %{{.*}}, %{{.*}} = get_num_tile_blocks
// CHECK: %[[TWOP:.*]] = muli %[[P]]
// CHECK: %[[ODD:.*]] = addi %[[TWOP]]
// CHECK: %[[LAUNCHED:.*]] = cmpi less_than %[[ODD]], %[[NX]], signed
// CHECK: %[[FITS:.*]] = cmpi less_than_or_equal %[[ODD]], %{{.*}}, signed
// CHECK: %[[END:.*]] = muli %[[ODD]]
// CHECK: %[[CUT:.*]] = mini %[[M:.*]], %[[END]] signed
// CHECK: %[[SAFE:.*]] = select %[[FITS]], %[[CUT]], %[[M]]
// CHECK: %[[ROWS:.*]] = select %[[LAUNCHED]], %[[M]], %[[SAFE]]
// CHECK: %[[CT:.*]] = make_tensor_view %{{.*}}, shape = [%[[ROWS]], 128]
// CHECK: %[[C:.*]] = make_partition_view %[[CT]] : partition_view<tile=(128x128)
// CHECK: store_view_tko weak %{{.*}}, %[[C]][%[[X]], %{{.*}}] : tile<128x128xbf16>
// CHECK: } {tilegpu.paired_rows}
// REMARK: remark: [Passed] PairRowTiles {{.*}}Remark="the CTA of an even x id computes its own 64-row tiles and its odd neighbour's as 128-row tiles
// SM80-NOT: tilegpu.paired_rows
cuda_tile.module @gemm {
  entry @gemm(%a: tile<ptr<bf16>>, %b: tile<ptr<bf16>>, %bias: tile<ptr<f32>>, %c: tile<ptr<bf16>>, %m: tile<i32>, %k: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %av = make_tensor_view %a, shape = [%m, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xbf16, strides=[?,1]>
    %bv = make_tensor_view %b, shape = [%k, 128], strides = [128, 1] : tile<i32> -> tensor_view<?x128xbf16, strides=[128,1]>
    %cv = make_tensor_view %c, shape = [%m, 128], strides = [128, 1] : tile<i32> -> tensor_view<?x128xbf16, strides=[128,1]>
    %x, %y, %z = get_tile_block_id : tile<i32>
    %ap = make_partition_view %av : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>>
    %bp = make_partition_view %bv : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x128xbf16, strides=[128,1]>>
    %zero = constant <f32: 0.0> : tile<64x128xf32>
    %n:2 = get_index_space_shape %ap : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>> -> tile<i32>
    %acc = for %i in (%c0 to %n#1, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<64x128xf32>) {
      %t, %t0 = load_view_tko weak %ap[%x, %i] : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>>, tile<i32> -> tile<64x64xbf16>, token
      %u, %t1 = load_view_tko weak %bp[%i, %y] : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x128xbf16, strides=[128,1]>>, tile<i32> -> tile<64x128xbf16>, token
      %p = mmaf %t, %u, %s : tile<64x64xbf16>, tile<64x128xbf16>, tile<64x128xf32>
      continue %p : tile<64x128xf32>
    }
    %biasv = make_tensor_view %bias, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %biasp = make_partition_view %biasv : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %bt, %t2 = load_view_tko weak %biasp[%y] : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %row = reshape %bt : tile<128xf32> -> tile<1x128xf32>
    %brow = broadcast %row : tile<1x128xf32> -> tile<64x128xf32>
    %sum = addf %acc, %brow : tile<64x128xf32>
    %h = ftof %sum : tile<64x128xf32> -> tile<64x128xbf16>
    %cp = make_partition_view %cv : partition_view<tile=(64x128), tensor_view<?x128xbf16, strides=[128,1]>>
    %t3 = store_view_tko weak %h, %cp[%x, %y] : tile<64x128xbf16>, partition_view<tile=(64x128), tensor_view<?x128xbf16, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

// -----

// The x id also scales an index: left alone.
// CHECK-LABEL: entry @x_in_arithmetic(
// CHECK-NOT: tilegpu.paired_rows
// CHECK: return
// REMARK: remark: [Missed] PairRowTiles {{.*}}Remark="tile blocks not paired along their rows: the block's x id is used by 'cuda_tile.muli'
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

// -----

// A row value reduced along its rows: left alone.
// CHECK-LABEL: entry @rows_reduced(
// CHECK-NOT: tilegpu.paired_rows
// CHECK: return
// REMARK: remark: [Missed] PairRowTiles {{.*}}Remark="tile blocks not paired along their rows: a row value is used by 'cuda_tile.reduce'
cuda_tile.module @rows_reduced {
  entry @rows_reduced(%a: tile<ptr<bf16>>, %b: tile<ptr<bf16>>, %c: tile<ptr<f32>>, %d: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %av = make_tensor_view %a, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xbf16, strides=[1024,1]>
    %bv = make_tensor_view %b, shape = [1024, 128], strides = [128, 1] : tensor_view<1024x128xbf16, strides=[128,1]>
    %cv = make_tensor_view %c, shape = [1024, 128], strides = [128, 1] : tensor_view<1024x128xf32, strides=[128,1]>
    %x, %y, %z = get_tile_block_id : tile<i32>
    %ap = make_partition_view %av : partition_view<tile=(64x64), padding_value = zero, tensor_view<1024x1024xbf16, strides=[1024,1]>>
    %bp = make_partition_view %bv : partition_view<tile=(64x128), padding_value = zero, tensor_view<1024x128xbf16, strides=[128,1]>>
    %zero = constant <f32: 0.0> : tile<64x128xf32>
    %t, %t0 = load_view_tko weak %ap[%x, %c0] : partition_view<tile=(64x64), padding_value = zero, tensor_view<1024x1024xbf16, strides=[1024,1]>>, tile<i32> -> tile<64x64xbf16>, token
    %u, %t1 = load_view_tko weak %bp[%c0, %y] : partition_view<tile=(64x128), padding_value = zero, tensor_view<1024x128xbf16, strides=[128,1]>>, tile<i32> -> tile<64x128xbf16>, token
    %p = mmaf %t, %u, %zero : tile<64x64xbf16>, tile<64x128xbf16>, tile<64x128xf32>
    %r = reduce %p dim=0 identities=[0.000000e+0 : f32] : tile<64x128xf32> -> tile<128xf32>
    (%e: tile<f32>, %f: tile<f32>) {
      %s = addf %e, %f : tile<f32>
      yield %s : tile<f32>
    }
    %cp = make_partition_view %cv : partition_view<tile=(64x128), tensor_view<1024x128xf32, strides=[128,1]>>
    %t3 = store_view_tko weak %p, %cp[%x, %y] : tile<64x128xf32>, partition_view<tile=(64x128), tensor_view<1024x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

// -----

// Every tile block must run an atomic: left alone.
// CHECK-LABEL: entry @with_atomic(
// CHECK-NOT: tilegpu.paired_rows
// CHECK: return
// REMARK: remark: [Missed] PairRowTiles {{.*}}Remark="tile blocks not paired along their rows: the kernel has 'cuda_tile.atomic_rmw_tko', which every tile block must run
cuda_tile.module @with_atomic {
  entry @with_atomic(%a: tile<ptr<bf16>>, %b: tile<ptr<bf16>>, %c: tile<ptr<f32>>, %cnt: tile<ptr<i32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %av = make_tensor_view %a, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xbf16, strides=[1024,1]>
    %bv = make_tensor_view %b, shape = [1024, 128], strides = [128, 1] : tensor_view<1024x128xbf16, strides=[128,1]>
    %cv = make_tensor_view %c, shape = [1024, 128], strides = [128, 1] : tensor_view<1024x128xf32, strides=[128,1]>
    %x, %y, %z = get_tile_block_id : tile<i32>
    %ap = make_partition_view %av : partition_view<tile=(64x64), padding_value = zero, tensor_view<1024x1024xbf16, strides=[1024,1]>>
    %bp = make_partition_view %bv : partition_view<tile=(64x128), padding_value = zero, tensor_view<1024x128xbf16, strides=[128,1]>>
    %zero = constant <f32: 0.0> : tile<64x128xf32>
    %t, %t0 = load_view_tko weak %ap[%x, %c0] : partition_view<tile=(64x64), padding_value = zero, tensor_view<1024x1024xbf16, strides=[1024,1]>>, tile<i32> -> tile<64x64xbf16>, token
    %u, %t1 = load_view_tko weak %bp[%c0, %y] : partition_view<tile=(64x128), padding_value = zero, tensor_view<1024x128xbf16, strides=[128,1]>>, tile<i32> -> tile<64x128xbf16>, token
    %p = mmaf %t, %u, %zero : tile<64x64xbf16>, tile<64x128xbf16>, tile<64x128xf32>
    %cp = make_partition_view %cv : partition_view<tile=(64x128), tensor_view<1024x128xf32, strides=[128,1]>>
    %t3 = store_view_tko weak %p, %cp[%x, %y] : tile<64x128xf32>, partition_view<tile=(64x128), tensor_view<1024x128xf32, strides=[128,1]>>, tile<i32> -> token
    %old, %t4 = atomic_rmw_tko relaxed device %cnt, add, %c1 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }
}

// -----

// A warp hint decides the CTA's shape: left alone, without a remark.
// CHECK-LABEL: entry @hinted(
// CHECK-NOT: tilegpu.paired_rows
// CHECK: return
// REMARK-NOT: hinted
cuda_tile.module @hinted {
  entry @hinted(%a: tile<ptr<bf16>>, %b: tile<ptr<bf16>>, %c: tile<ptr<f32>>) optimization_hints=<sm_90 = {num_worker_warps_per_cta = 4}> {
    %c0 = constant <i32: 0> : tile<i32>
    %av = make_tensor_view %a, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xbf16, strides=[1024,1]>
    %bv = make_tensor_view %b, shape = [1024, 128], strides = [128, 1] : tensor_view<1024x128xbf16, strides=[128,1]>
    %cv = make_tensor_view %c, shape = [1024, 128], strides = [128, 1] : tensor_view<1024x128xf32, strides=[128,1]>
    %x, %y, %z = get_tile_block_id : tile<i32>
    %ap = make_partition_view %av : partition_view<tile=(64x64), padding_value = zero, tensor_view<1024x1024xbf16, strides=[1024,1]>>
    %bp = make_partition_view %bv : partition_view<tile=(64x128), padding_value = zero, tensor_view<1024x128xbf16, strides=[128,1]>>
    %zero = constant <f32: 0.0> : tile<64x128xf32>
    %t, %t0 = load_view_tko weak %ap[%x, %c0] : partition_view<tile=(64x64), padding_value = zero, tensor_view<1024x1024xbf16, strides=[1024,1]>>, tile<i32> -> tile<64x64xbf16>, token
    %u, %t1 = load_view_tko weak %bp[%c0, %y] : partition_view<tile=(64x128), padding_value = zero, tensor_view<1024x128xbf16, strides=[128,1]>>, tile<i32> -> tile<64x128xbf16>, token
    %p = mmaf %t, %u, %zero : tile<64x64xbf16>, tile<64x128xbf16>, tile<64x128xf32>
    %cp = make_partition_view %cv : partition_view<tile=(64x128), tensor_view<1024x128xf32, strides=[128,1]>>
    %t3 = store_view_tko weak %p, %cp[%x, %y] : tile<64x128xf32>, partition_view<tile=(64x128), tensor_view<1024x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

// -----

// C read and written through one view (c += a b): the paired C tile would
// stage 128 rows in shared memory beside the stages. Left alone.
// CHECK-LABEL: entry @in_place(
// CHECK-NOT: tilegpu.paired_rows
// CHECK: return
// REMARK: remark: [Missed] PairRowTiles {{.*}}Remark="tile blocks not paired along their rows: the block's x id loads other than the product's A
cuda_tile.module @in_place {
  entry @in_place(%a: tile<ptr<bf16>>, %b: tile<ptr<bf16>>, %c: tile<ptr<f32>>, %m: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %av = make_tensor_view %a, shape = [%m, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xbf16, strides=[64,1]>
    %bv = make_tensor_view %b, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xbf16, strides=[128,1]>
    %cv = make_tensor_view %c, shape = [%m, 128], strides = [128, 1] : tile<i32> -> tensor_view<?x128xf32, strides=[128,1]>
    %x, %y, %z = get_tile_block_id : tile<i32>
    %ap = make_partition_view %av : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x64xbf16, strides=[64,1]>>
    %bp = make_partition_view %bv : partition_view<tile=(64x128), padding_value = zero, tensor_view<64x128xbf16, strides=[128,1]>>
    %cp = make_partition_view %cv : partition_view<tile=(64x128), tensor_view<?x128xf32, strides=[128,1]>>
    %old, %t2 = load_view_tko weak %cp[%x, %y] : partition_view<tile=(64x128), tensor_view<?x128xf32, strides=[128,1]>>, tile<i32> -> tile<64x128xf32>, token
    %t, %t0 = load_view_tko weak %ap[%x, %c0] : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x64xbf16, strides=[64,1]>>, tile<i32> -> tile<64x64xbf16>, token
    %u, %t1 = load_view_tko weak %bp[%c0, %y] : partition_view<tile=(64x128), padding_value = zero, tensor_view<64x128xbf16, strides=[128,1]>>, tile<i32> -> tile<64x128xbf16>, token
    %p = mmaf %t, %u, %old : tile<64x64xbf16>, tile<64x128xbf16>, tile<64x128xf32>
    %t3 = store_view_tko weak %p, %cp[%x, %y] : tile<64x128xf32>, partition_view<tile=(64x128), tensor_view<?x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

// -----

// One partition view both loaded (A) and stored (C, written over A's
// rows): the load gets a 128-row view of the whole tensor, the store one
// of the cut tensor.
// CHECK-LABEL: entry @shared_view(
// CHECK: %[[AV:.*]] = make_tensor_view %{{.*}}, shape = [%{{.*}}, 128]
// CHECK: make_partition_view %[[AV]] : partition_view<tile=(64x128)
// CHECK-DAG: %[[LOADV:.*]] = make_partition_view %[[AV]] : partition_view<tile=(128x128)
// CHECK-DAG: %[[CUT:.*]] = make_tensor_view %{{.*}}, shape = [%{{.*}}, 128]
// CHECK-DAG: %[[STOREV:.*]] = make_partition_view %[[CUT]] : partition_view<tile=(128x128)
// CHECK: load_view_tko weak %[[LOADV]]
// CHECK: store_view_tko weak %{{.*}}, %[[STOREV]]
// CHECK: } {tilegpu.paired_rows}
cuda_tile.module @shared_view {
  entry @shared_view(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %m: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %av = make_tensor_view %a, shape = [%m, 128], strides = [128, 1] : tile<i32> -> tensor_view<?x128xf16, strides=[128,1]>
    %bv = make_tensor_view %b, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %x, %y, %z = get_tile_block_id : tile<i32>
    %ap = make_partition_view %av : partition_view<tile=(64x128), tensor_view<?x128xf16, strides=[128,1]>>
    %bp = make_partition_view %bv : partition_view<tile=(128x128), tensor_view<128x128xf16, strides=[128,1]>>
    %zero = constant <f32: 0.0> : tile<64x128xf32>
    %t, %t0 = load_view_tko weak %ap[%x, %c0] : partition_view<tile=(64x128), tensor_view<?x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
    %u, %t1 = load_view_tko weak %bp[%c0, %c0] : partition_view<tile=(128x128), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<128x128xf16>, token
    %p = mmaf %t, %u, %zero : tile<64x128xf16>, tile<128x128xf16>, tile<64x128xf32>
    %h = ftof %p : tile<64x128xf32> -> tile<64x128xf16>
    %t3 = store_view_tko weak %h, %ap[%x, %c0] : tile<64x128xf16>, partition_view<tile=(64x128), tensor_view<?x128xf16, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
