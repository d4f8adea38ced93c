// Reductions and scans compiled to cubins for sm_80 and sm_90: ptxas
// accepts the shuffles, the shared-memory partials and the barriers.
// REQUIRES: ptxas
// RUN: tileiras %s --gpu-name sm_80 -o %t.sm80.cubin --emit-ptx %t.sm80.ptx
// RUN: od -An -tx1 -N4 %t.sm80.cubin | FileCheck %s --check-prefix=ELF
// RUN: FileCheck %s --check-prefix=PTX < %t.sm80.ptx
// RUN: tileiras %s --gpu-name sm_90 -o %t.sm90.cubin --emit-ptx %t.sm90.ptx
// RUN: od -An -tx1 -N4 %t.sm90.cubin | FileCheck %s --check-prefix=ELF
// RUN: FileCheck %s --check-prefix=PTX < %t.sm90.ptx

// ELF: 7f 45 4c 46

// PTX-LABEL: .entry row_sum(
// PTX: shfl.sync.bfly.b32
// PTX: bar.sync 0
// PTX: st.shared
// PTX: ld.shared
// PTX-LABEL: .entry row_argmax_f16(
// PTX: shfl.sync.bfly.b32
// PTX: bar.sync 0
// PTX-LABEL: .entry col_max_f64(
// PTX: st.shared
// PTX: ld.shared
// PTX-LABEL: .entry row_scan(
// PTX: shfl.sync.bfly.b32
// PTX-LABEL: .entry col_scan_reverse(
// PTX: bar.sync 0
// PTX: st.shared
// PTX: bar.sync 0
// PTX: ld.shared

cuda_tile.module @kernels {
  entry @row_sum(%src: tile<ptr<f32>>, %dst: tile<ptr<f32>>) {
    %tok = make_token : token
    %c64 = constant <i32: 64> : tile<i32>
    %c32 = constant <i32: 32> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %in = make_tensor_view %src, shape = [%c32, %c64], strides = [%c64, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %out = make_tensor_view %dst, shape = [%c32], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pin = make_partition_view %in : partition_view<tile=(32x64), tensor_view<?x?xf32, strides=[?,1]>>
    %pout = make_partition_view %out : partition_view<tile=(32), tensor_view<?xf32, strides=[1]>>
    %t, %t1 = load_view_tko weak %pin[%c0, %c0] token = %tok : partition_view<tile=(32x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<32x64xf32>, token
    %r = reduce %t dim=1 identities=[0.000000e+00 : f32] : tile<32x64xf32> -> tile<32xf32>
      (%e: tile<f32>, %a: tile<f32>) {
        %s = addf %e, %a : tile<f32>
        yield %s : tile<f32>
      }
    %t2 = store_view_tko weak %r, %pout[%c0] token = %tok : tile<32xf32>, partition_view<tile=(32), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }

  entry @row_argmax_f16(%src: tile<ptr<f16>>, %dst: tile<ptr<i32>>) {
    %tok = make_token : token
    %c128 = constant <i32: 128> : tile<i32>
    %c16 = constant <i32: 16> : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %in = make_tensor_view %src, shape = [%c16, %c128], strides = [%c128, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %out = make_tensor_view %dst, shape = [%c16], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %pin = make_partition_view %in : partition_view<tile=(16x128), tensor_view<?x?xf16, strides=[?,1]>>
    %pout = make_partition_view %out : partition_view<tile=(16), tensor_view<?xi32, strides=[1]>>
    %t, %t1 = load_view_tko weak %pin[%c0, %c0] token = %tok : partition_view<tile=(16x128), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<16x128xf16>, token
    %idx = constant <i32: 7> : tile<16x128xi32>
    %r:2 = reduce %t, %idx dim=1 identities=[0xFC00 : f16, 0 : i32] : tile<16x128xf16>, tile<16x128xi32> -> tile<16xf16>, tile<16xi32>
      (%e: tile<f16>, %a: tile<f16>, %ei: tile<i32>, %ai: tile<i32>) {
        %gt = cmpf greater_than ordered %e, %a : tile<f16> -> tile<i1>
        %eq = cmpf equal ordered %e, %a : tile<f16> -> tile<i1>
        %lt = cmpi less_than %ei, %ai, signed : tile<i32> -> tile<i1>
        %tie = andi %eq, %lt : tile<i1>
        %take = ori %gt, %tie : tile<i1>
        %nv = select %take, %e, %a : tile<i1>, tile<f16>
        %ni = select %take, %ei, %ai : tile<i1>, tile<i32>
        yield %nv, %ni : tile<f16>, tile<i32>
      }
    %t2 = store_view_tko weak %r#1, %pout[%c0] token = %tok : tile<16xi32>, partition_view<tile=(16), tensor_view<?xi32, strides=[1]>>, tile<i32> -> token
    return
  }

  entry @col_max_f64(%src: tile<ptr<f64>>, %dst: tile<ptr<f64>>) {
    %tok = make_token : token
    %c64 = constant <i32: 64> : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %in = make_tensor_view %src, shape = [%c64, %c64], strides = [%c64, 1] : tile<i32> -> tensor_view<?x?xf64, strides=[?,1]>
    %out = make_tensor_view %dst, shape = [%c64], strides = [1] : tile<i32> -> tensor_view<?xf64, strides=[1]>
    %pin = make_partition_view %in : partition_view<tile=(64x64), tensor_view<?x?xf64, strides=[?,1]>>
    %pout = make_partition_view %out : partition_view<tile=(64), tensor_view<?xf64, strides=[1]>>
    %t, %t1 = load_view_tko weak %pin[%c0, %c0] token = %tok : partition_view<tile=(64x64), tensor_view<?x?xf64, strides=[?,1]>>, tile<i32> -> tile<64x64xf64>, token
    %r = reduce %t dim=0 identities=[0xFFF0000000000000 : f64] : tile<64x64xf64> -> tile<64xf64>
      (%e: tile<f64>, %a: tile<f64>) {
        %s = maxf %e, %a : tile<f64>
        yield %s : tile<f64>
      }
    %t2 = store_view_tko weak %r, %pout[%c0] token = %tok : tile<64xf64>, partition_view<tile=(64), tensor_view<?xf64, strides=[1]>>, tile<i32> -> token
    return
  }

  entry @row_scan(%src: tile<ptr<f32>>, %dst: tile<ptr<f32>>) {
    %tok = make_token : token
    %c128 = constant <i32: 128> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %in = make_tensor_view %src, shape = [%c1, %c128], strides = [%c128, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %out = make_tensor_view %dst, shape = [%c1, %c128], strides = [%c128, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %pin = make_partition_view %in : partition_view<tile=(1x128), tensor_view<?x?xf32, strides=[?,1]>>
    %pout = make_partition_view %out : partition_view<tile=(1x128), tensor_view<?x?xf32, strides=[?,1]>>
    %t, %t1 = load_view_tko weak %pin[%c0, %c0] token = %tok : partition_view<tile=(1x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x128xf32>, token
    %r = scan %t dim=1 reverse=false identities=[0.000000e+00 : f32] : tile<1x128xf32> -> tile<1x128xf32>
      (%e: tile<f32>, %a: tile<f32>) {
        %s = addf %e, %a : tile<f32>
        yield %s : tile<f32>
      }
    %t2 = store_view_tko weak %r, %pout[%c0, %c0] token = %tok : tile<1x128xf32>, partition_view<tile=(1x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @col_scan_reverse(%src: tile<ptr<i32>>, %dst: tile<ptr<i32>>) {
    %tok = make_token : token
    %c64 = constant <i32: 64> : tile<i32>
    %c32 = constant <i32: 32> : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %in = make_tensor_view %src, shape = [%c64, %c32], strides = [%c32, 1] : tile<i32> -> tensor_view<?x?xi32, strides=[?,1]>
    %out = make_tensor_view %dst, shape = [%c64, %c32], strides = [%c32, 1] : tile<i32> -> tensor_view<?x?xi32, strides=[?,1]>
    %pin = make_partition_view %in : partition_view<tile=(64x32), tensor_view<?x?xi32, strides=[?,1]>>
    %pout = make_partition_view %out : partition_view<tile=(64x32), tensor_view<?x?xi32, strides=[?,1]>>
    %t, %t1 = load_view_tko weak %pin[%c0, %c0] token = %tok : partition_view<tile=(64x32), tensor_view<?x?xi32, strides=[?,1]>>, tile<i32> -> tile<64x32xi32>, token
    %r = scan %t dim=0 reverse=true identities=[0 : i32] : tile<64x32xi32> -> tile<64x32xi32>
      (%e: tile<i32>, %a: tile<i32>) {
        %s = addi %e, %a : tile<i32>
        yield %s : tile<i32>
      }
    %t2 = store_view_tko weak %r, %pout[%c0, %c0] token = %tok : tile<64x32xi32>, partition_view<tile=(64x32), tensor_view<?x?xi32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
