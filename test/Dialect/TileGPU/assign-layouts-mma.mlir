// tileir-assign-layouts anchors tensor-core products in their accumulator
// layouts and propagates them: through the loop-carried accumulator (its
// splat initial value re-created in the layout), element-wise ops,
// reductions (the sliced layout), reshapes and broadcasts, and to loads
// and broadcasts whose users all compute in it. No layout conversion is
// left in a GEMM or attention loop. The anchor runs keep stores in the
// product's layout (coalesce-stores=false); the COALESCE run checks the
// default, which converts a wgmma GEMM's stored tile to the blocked layout
// but not a kernel's that reduces (COALESCE) or that multiplies with
// mma.sync (MMASYNC).
// RUN: tile-opt %s -split-input-file \
// RUN:   --tileir-assign-layouts='target=sm_90 coalesce-stores=false' \
// RUN:   | FileCheck %s --check-prefix=SM90
// RUN: tile-opt %s -split-input-file \
// RUN:   --tileir-assign-layouts='target=sm_80 coalesce-stores=false' \
// RUN:   | FileCheck %s --check-prefix=SM80
// RUN: tile-opt %s -split-input-file \
// RUN:   --tileir-assign-layouts='target=sm_90 disable-wgmma=true coalesce-stores=false' \
// RUN:   | FileCheck %s --check-prefix=SM80
// RUN: tile-opt %s -split-input-file \
// RUN:   --tileir-assign-layouts='target=sm_90 tensor-core-layouts=false' \
// RUN:   | FileCheck %s --check-prefix=BLOCKED
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_90' \
// RUN:   | FileCheck %s --check-prefix=COALESCE
// RUN: tile-opt %s -split-input-file --tileir-assign-layouts='target=sm_80' \
// RUN:   | FileCheck %s --check-prefix=MMASYNC

// A K loop: wgmma's accumulator layout on sm_90 (warps 16 rows apart, the
// two warpgroups 64 rows apart), mma.sync's elsewhere with the warp
// arrangement recorded on the product.
// SM90-LABEL: entry @gemm(
// SM90: constant <f32: 0.000000e+00> : tile<128x128xf32, [[ACC:#tilegpu.layout<shape=\[128,128\], reg=\[\[0,1\],\[8,0\],\[0,8\],\[0,16\],\[0,32\],\[0,64\]\], lane=\[\[0,2\],\[0,4\],\[1,0\],\[2,0\],\[4,0\]\], warp=\[\[16,0\],\[32,0\],\[64,0\]\]>]]>
// SM90: for {{.*}} iter_values({{.*}}) -> (tile<128x128xf32, [[ACC]]>)
// SM90: mmaf {{.*}} tile<128x128xf32, [[ACC]]>
// SM90: ftof {{.*}} : tile<128x128xf32, [[ACC]]> -> tile<128x128xbf16, [[ACC]]>
// SM90-NOT: tilegpu.convert_layout
// SM90: return
// SM80-LABEL: entry @gemm(
// SM80: mmaf {{.*}} {tilegpu.mma_warps = array<i64: 2, 2>}
// SM80-NOT: tilegpu.convert_layout
// SM80: return
// BLOCKED-LABEL: entry @gemm(
// BLOCKED-NOT: tilegpu.mma_warps
// BLOCKED-NOT: warp={{\[\[}}16,0]
// BLOCKED: return
// With coalesce-stores the converted accumulator moves to the blocked
// layout before its store (each warp then writes whole rows).
// COALESCE-LABEL: entry @gemm(
// COALESCE: ftof {{.*}} -> tile<128x128xbf16, [[ACC:#tilegpu.layout<[^>]*>]]>
// COALESCE-NEXT: make_tensor_view
// COALESCE-NEXT: make_partition_view
// COALESCE-NEXT: %[[B:.*]] = tilegpu.convert_layout %{{.*}} : !cuda_tile.tile<128x128xbf16, [[ACC]]> -> !cuda_tile.tile<128x128xbf16, #tilegpu.layout<shape=[128,128], reg={{\[\[}}0,1],[0,2],[8,0]
// COALESCE-NEXT: store_view_tko weak %[[B]]
// mma.sync accumulators take most registers already: stored as they are.
// MMASYNC-LABEL: entry @gemm(
// MMASYNC-NOT: tilegpu.convert_layout
// MMASYNC: store_view_tko
cuda_tile.module @gemm {
  entry @gemm(%a: tile<ptr<bf16>>, %b: tile<ptr<bf16>>, %c: tile<ptr<bf16>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %av = make_tensor_view %a, shape = [128, 4096], strides = [4096, 1] : tensor_view<128x4096xbf16, strides=[4096,1]>
    %ap = make_partition_view %av : partition_view<tile=(128x64), padding_value = zero, tensor_view<128x4096xbf16, strides=[4096,1]>>
    %bv = make_tensor_view %b, shape = [4096, 128], strides = [128, 1] : tensor_view<4096x128xbf16, strides=[128,1]>
    %bp = make_partition_view %bv : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %k in (%c0 to %n, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xf32>) {
      %x, %t0 = load_view_tko weak %ap[%c0, %k] : partition_view<tile=(128x64), padding_value = zero, tensor_view<128x4096xbf16, strides=[4096,1]>>, tile<i32> -> tile<128x64xbf16>, token
      %y, %t1 = load_view_tko weak %bp[%k, %c0] : partition_view<tile=(64x128), padding_value = zero, tensor_view<4096x128xbf16, strides=[128,1]>>, tile<i32> -> tile<64x128xbf16>, token
      %p = mmaf %x, %y, %s : tile<128x64xbf16>, tile<64x128xbf16>, tile<128x128xf32>
      continue %p : tile<128x128xf32>
    }
    %h = ftof %acc : tile<128x128xf32> -> tile<128x128xbf16>
    %cv = make_tensor_view %c, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xbf16, strides=[128,1]>
    %cp = make_partition_view %cv : partition_view<tile=(128x128), tensor_view<128x128xbf16, strides=[128,1]>>
    %t = store_view_tko weak %h, %cp[%c0, %c0] : tile<128x128xbf16>, partition_view<tile=(128x128), tensor_view<128x128xbf16, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A product reduced along its rows (softmax): each warp owns whole rows,
// and the row maximum is the sliced layout, broadcast back for free.
// SM80-LABEL: entry @rows(
// SM80: mmaf {{.*}} {tilegpu.mma_warps = array<i64: 4, 1>}
// SM80-NOT: tilegpu.convert_layout
// SM80: return
// SM90-LABEL: entry @rows(
// SM90: %[[S:.*]] = mmaf
// SM90: reduce %[[S]] dim=1
// SM90-NOT: tilegpu.convert_layout
// SM90: return
// Row-reduced products keep the store in their layout by default too.
// COALESCE-LABEL: entry @rows(
// COALESCE-NOT: tilegpu.convert_layout
// COALESCE: store_view_tko
cuda_tile.module @rows {
  entry @rows(%a: tile<ptr<bf16>>, %o: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %av = make_tensor_view %a, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xbf16, strides=[64,1]>
    %ap = make_partition_view %av : partition_view<tile=(64x64), tensor_view<64x64xbf16, strides=[64,1]>>
    %x, %t0 = load_view_tko weak %ap[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xbf16, strides=[64,1]>>, tile<i32> -> tile<64x64xbf16>, token
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %s = mmaf %x, %x, %zero : tile<64x64xbf16>, tile<64x64xbf16>, tile<64x64xf32>
    %m = reduce %s dim=1 identities=[0xFF800000 : f32] : tile<64x64xf32> -> tile<64xf32>
      (%e: tile<f32>, %acc: tile<f32>) {
        %r = maxf %e, %acc : tile<f32>
        yield %r : tile<f32>
      }
    %m2 = reshape %m : tile<64xf32> -> tile<64x1xf32>
    %mb = broadcast %m2 : tile<64x1xf32> -> tile<64x64xf32>
    %d = subf %s, %mb : tile<64x64xf32>
    %ov = make_tensor_view %o, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %op = make_partition_view %ov : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %t = store_view_tko weak %d, %op[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A column mask built from an iota (attention's `cols < seq`) and
// broadcast over the product's rows: the iota, the index arithmetic and
// the comparison take the accumulator's layout with the rows projected
// out, so the broadcast is free and no lane exchanges the mask.
// SM90-LABEL: entry @mask(
// SM90: iota : tile<64xi32, [[COLS:#tilegpu.layout<shape=\[64\], reg=\[\[1\],\[0\],\[8\],\[16\],\[32\]\], lane=\[\[2\],\[4\],\[0\],\[0\],\[0\]\], warp=\[\[0\],\[0\]\]>]]>
// SM90: addi {{.*}} : tile<64xi32, [[COLS]]>
// SM90: cmpi less_than {{.*}} : tile<1x64xi32, [[ROW:#tilegpu.layout<shape=\[1,64\][^>]*>]]> -> tile<1x64xi1, [[ROW]]>
// SM90: broadcast {{.*}} : tile<1x64xi1, [[ROW]]> -> tile<64x64xi1, [[S:#tilegpu.layout<[^>]*>]]>
// SM90: select {{.*}} : tile<64x64xi1, [[S]]>, tile<64x64xf32, [[S]]>
// SM90-NOT: tilegpu.convert_layout
// SM90: return
// SM80-LABEL: entry @mask(
// SM80: iota : tile<64xi32, #tilegpu.layout<shape=[64], reg={{\[\[}}1],[0],[16],[32],[0]], lane={{\[\[}}2],[4],[0],[0],[0]], warp={{\[\[}}8],[0]]>>
// SM80: broadcast {{.*}} : tile<1x64xi1, [[ROW:#tilegpu.layout<[^>]*>]]> -> tile<64x64xi1, [[S:#tilegpu.layout<[^>]*>]]>
// SM80: select {{.*}} : tile<64x64xi1, [[S]]>
// SM80-NOT: tilegpu.convert_layout
// SM80: return
cuda_tile.module @mask {
  entry @mask(%a: tile<ptr<bf16>>, %o: tile<ptr<f32>>, %n: tile<i32>, %j: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %av = make_tensor_view %a, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xbf16, strides=[64,1]>
    %ap = make_partition_view %av : partition_view<tile=(64x64), tensor_view<64x64xbf16, strides=[64,1]>>
    %x, %t0 = load_view_tko weak %ap[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xbf16, strides=[64,1]>>, tile<i32> -> tile<64x64xbf16>, token
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %s = mmaf %x, %x, %zero : tile<64x64xbf16>, tile<64x64xbf16>, tile<64x64xf32>
    %i = iota : tile<64xi32>
    %j1 = reshape %j : tile<i32> -> tile<1xi32>
    %jb = broadcast %j1 : tile<1xi32> -> tile<64xi32>
    %cols = addi %jb, %i : tile<64xi32>
    %cols2 = reshape %cols : tile<64xi32> -> tile<1x64xi32>
    %n2 = reshape %n : tile<i32> -> tile<1x1xi32>
    %nb = broadcast %n2 : tile<1x1xi32> -> tile<1x64xi32>
    %valid = cmpi less_than %cols2, %nb, signed : tile<1x64xi32> -> tile<1x64xi1>
    %vb = broadcast %valid : tile<1x64xi1> -> tile<64x64xi1>
    %ninf = constant <f32: 0xFF800000> : tile<64x64xf32>
    %m = select %vb, %s, %ninf : tile<64x64xi1>, tile<64x64xf32>
    %ov = make_tensor_view %o, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %op = make_partition_view %ov : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %t1 = store_view_tko weak %m, %op[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
