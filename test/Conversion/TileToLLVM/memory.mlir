// Views, loads and stores through views and pointer tiles, lowered to
// predicated ld/st.global (inline PTX).
// RUN: tile-opt %s --tileir-assign-layouts='target=sm_90' \
// RUN:   --tileir-plan-shared-memory --tileir-lower-to-cfg \
// RUN:   --convert-tile-to-llvm='target=sm_90' | FileCheck %s \
// RUN:   --implicit-check-not=cuda_tile.

cuda_tile.module @mem {
  // A tensor view is the struct {base, sizes, strides}; sizes widen to i64
  // without sign (a shape is never negative).
  // CHECK-LABEL: llvm.func @views(
  // CHECK-SAME: %[[P:[a-z0-9]+]]: !llvm.ptr<1>, %[[Q:[a-z0-9]+]]: !llvm.ptr<1>, %[[N:[a-z0-9]+]]: i32, %[[I:[a-z0-9]+]]: i32)
  // CHECK: %[[V0:.*]] = llvm.mlir.poison : !llvm.struct<(ptr<1>, i64, i64)>
  // CHECK: %[[V1:.*]] = llvm.insertvalue %[[P]], %[[V0]][0]
  // CHECK: %[[SIZE:.*]] = llvm.zext %[[N]] : i32 to i64
  // CHECK: llvm.insertvalue %[[SIZE]], %[[V1]][1]
  // The tile origin is index x 128; the valid count along the dim is
  // clamp(size - origin, 0, 128). An index read without sign cannot make
  // the count exceed the tile.
  // CHECK: %[[IDX:.*]] = llvm.zext %[[I]] : i32 to i64
  // CHECK: %[[ORIGIN:.*]] = llvm.mul %[[IDX]], %{{.*}} : i64
  // CHECK: %[[LEFT:.*]] = llvm.sub %{{.*}}, %[[ORIGIN]] : i64
  // CHECK: %[[LO:.*]] = llvm.intr.smax(%[[LEFT]], %{{.*}}) : (i64, i64) -> i64
  // CHECK: %[[HI:.*]] = llvm.intr.smin(%[[LO]], %{{.*}}) : (i64, i64) -> i64
  // CHECK: %[[VALID:.*]] = llvm.trunc %[[HI]] : i64 to i32
  // The 16-byte vector version runs when the base is 16-byte aligned and
  // the size a multiple of 4 (not proven here: checked at run time).
  // CHECK: %[[BASEINT:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<1> to i64
  // CHECK: llvm.and %[[BASEINT]], %{{.*}} : i64
  // CHECK: %[[ALIGNED:.*]] = llvm.icmp "eq"
  // CHECK: %[[MULT4:.*]] = llvm.icmp "eq"
  // CHECK: %[[VEC:.*]] = llvm.and %[[ALIGNED]], %[[MULT4]] : i1
  // Padding neg_inf is the -Inf bit pattern, moved into the destination
  // before the predicated load.
  // CHECK: %[[PAD:.*]] = llvm.mlir.constant(0xFF800000 : f32) : f32
  // CHECK: llvm.cond_br %[[VEC]], ^[[VBB:bb[0-9]+]], ^[[SBB:bb[0-9]+]]
  // CHECK: ^[[VBB]]:
  // CHECK: %[[INB:.*]] = llvm.icmp "ult" %{{.*}}, %[[VALID]] : i32
  // CHECK: llvm.inline_asm has_side_effects "{\0A\09mov.b32 $0, $6;\0A\09mov.b32 $1, $7;\0A\09mov.b32 $2, $8;\0A\09mov.b32 $3, $9;\0A\09@$5 ld.global.v4.b32 {$0, $1, $2, $3}, [$4];\0A}", "=r,=r,=r,=r,l,b,r,r,r,r" %{{.*}}, %[[INB]],
  // CHECK: ^[[SBB]]:
  // CHECK-COUNT-4: "{\0A\09mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [$1];\0A}", "=r,l,b,r"
  // CHECK: ^bb3(%{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32):
  // The store: the same plan, vector or element-wise, each predicated on
  // its bounds and on owning the element.
  // CHECK: llvm.cond_br
  // CHECK: "@$1 st.global.v4.b32 [$0], {$2, $3, $4, $5};", "l,b,r,r,r,r"
  // CHECK-COUNT-4: "@$1 st.global.b32 [$0], $2;", "l,b,r"
  // CHECK: llvm.return
  entry @views(%p: tile<ptr<f32>>, %q: tile<ptr<f32>>, %n: tile<i32>, %i: tile<i32>) {
    %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(128), padding_value = neg_inf, tensor_view<?xf32, strides=[1]>>
    %t, %k = load_view_tko weak %pv[%i] : partition_view<tile=(128), padding_value = neg_inf, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %uv = make_tensor_view %q, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %qv = make_partition_view %uv : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
    %k2 = store_view_tko weak %t, %qv[%i] token = %k : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }

  // Pointer tiles: each register loads from its own address under its
  // mask, the padding value preloaded; the store is predicated on the mask
  // and on owning the element.
  // CHECK-LABEL: llvm.func @pointers(
  // CHECK-COUNT-4: llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<1>
  // CHECK-COUNT-4: "{\0A\09mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [$1];\0A}", "=r,l,b,r"
  // CHECK-COUNT-4: "@$1 st.global.b32 [$0], $2;", "l,b,r"
  // CHECK: llvm.return
  entry @pointers(%a: tile<i64>, %c: tile<i1>) {
    %addrs = constant <i64: 0> : tile<128xi64>
    %ps = int_to_ptr %addrs : tile<128xi64> -> tile<128xptr<f32>>
    %m = constant <i1: true> : tile<128xi1>
    %pad = constant <f32: 7.0> : tile<128xf32>
    %v, %k = load_ptr_tko weak %ps, %m, %pad : tile<128xptr<f32>>, tile<128xi1>, tile<128xf32> -> tile<128xf32>, token
    %k2 = store_ptr_tko weak %ps, %v, %m token = %k : tile<128xptr<f32>>, tile<128xf32>, tile<128xi1> -> token
    return
  }
}
