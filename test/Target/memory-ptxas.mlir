// Memory accesses and atomics compiled to a cubin on sm_80 and sm_90: ptxas
// accepts the inline PTX of predicated, padded and vectorized view
// accesses, masked pointer accesses, every atomic order and scope, and the
// arena through which old values reach replicated copies.
// REQUIRES: ptxas
// RUN: tileiras %s --gpu-name sm_80 -o %t.sm80.cubin --emit-ptx %t.sm80.ptx
// RUN: od -An -tx1 -N4 %t.sm80.cubin | FileCheck %s --check-prefix=ELF
// RUN: FileCheck %s --check-prefix=PTX < %t.sm80.ptx
// RUN: tileiras %s --gpu-name sm_90 -o %t.sm90.cubin --emit-ptx %t.sm90.ptx
// RUN: od -An -tx1 -N4 %t.sm90.cubin | FileCheck %s --check-prefix=ELF
// RUN: FileCheck %s --check-prefix=PTX < %t.sm90.ptx

// ELF: 7f 45 4c 46

// PTX-LABEL: .entry copy_pad(
// PTX-DAG: ld.global.v4.b32
// PTX-DAG: st.global.v4.b32
// PTX-DAG: ld.global.b32
// PTX-DAG: st.global.b32
// PTX-LABEL: .entry pointers(
// PTX-DAG: ld.global.b32
// PTX-DAG: st.global.b32
// PTX-LABEL: .entry atomics(
// PTX-DAG: red.relaxed.gpu.global.add.u32
// PTX-DAG: atom.acquire.sys.global.max.s32
// PTX-DAG: red.release.cta.global.min.u32
// PTX-DAG: atom.acq_rel.gpu.global.add.f32
// PTX-DAG: atom.relaxed.gpu.global.exch.b32
// PTX-DAG: red.relaxed.gpu.global.add.f64
// PTX-DAG: atom.acquire.gpu.global.cas.b32
// PTX-DAG: atom.relaxed.sys.global.cas.b32
// PTX-DAG: st.shared.b32
// PTX-DAG: bar.sync

cuda_tile.module @mem {
  entry @copy_pad(%p: tile<ptr<f32>>, %q: tile<ptr<f32>>, %n: tile<i32>) {
    %blk, %by, %bz = get_tile_block_id : tile<i32>
    %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(256), padding_value = neg_inf, tensor_view<?xf32, strides=[1]>>
    %t, %k = load_view_tko weak %pv[%blk] : partition_view<tile=(256), padding_value = neg_inf, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<256xf32>, token
    %uv = make_tensor_view %q, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %qv = make_partition_view %uv : partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>
    %k2 = store_view_tko weak %t, %qv[%blk] token = %k : tile<256xf32>, partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @pointers(%base: tile<i64>) {
    %io = iota : tile<128xi64>
    %four = constant <i64: 4> : tile<128xi64>
    %off = muli %io, %four : tile<128xi64>
    %ps = int_to_ptr %off : tile<128xi64> -> tile<128xptr<f32>>
    %lim = constant <i64: 100> : tile<128xi64>
    %m = cmpi less_than %io, %lim, signed : tile<128xi64> -> tile<128xi1>
    %padv = constant <f32: 7.0> : tile<128xf32>
    %v, %k = load_ptr_tko weak %ps, %m, %padv : tile<128xptr<f32>>, tile<128xi1>, tile<128xf32> -> tile<128xf32>, token
    %k2 = store_ptr_tko weak %ps, %v, %m token = %k : tile<128xptr<f32>>, tile<128xf32>, tile<128xi1> -> token
    return
  }
  entry @atomics(%pi: tile<ptr<i32>>, %pf: tile<ptr<f32>>, %pd: tile<ptr<f64>>, %out: tile<ptr<i32>>, %i: tile<i32>, %f: tile<f32>, %d: tile<f64>, %c: tile<i1>) {
    %a0, %u0 = atomic_rmw_tko relaxed device %pi, add, %i : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %a1, %u1 = atomic_rmw_tko acquire sys %pi, max, %i, %c : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
    %a2, %u2 = atomic_rmw_tko release tl_blk %pi, umin, %i : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %a3, %u3 = atomic_rmw_tko acq_rel device %pf, addf, %f : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    %a4, %u4 = atomic_rmw_tko relaxed device %pf, xchg, %f : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    %a5, %u5 = atomic_rmw_tko relaxed device %pd, addf, %d : tile<ptr<f64>>, tile<f64> -> tile<f64>, token
    %o0, %t0 = atomic_cas_tko acquire device %pi, %i, %i, %c : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
    %o1, %t1 = atomic_cas_tko relaxed sys %pf, %f, %f : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    %s = addi %a1, %o0 : tile<i32>
    %k = store_ptr_tko weak %out, %s : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
