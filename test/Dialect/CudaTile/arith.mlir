// RUN: tile-opt --allow-unregistered-dialect %s \
// RUN:   | tile-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tile-opt --allow-unregistered-dialect -mlir-print-op-generic %s \
// RUN:   | tile-opt --allow-unregistered-dialect | FileCheck %s

// The ops of ArithOps.td in the syntax of the specification, with every
// attribute variant. Kernel arguments are rank-0 tiles; larger tiles come
// from unregistered "test.src" ops so that this file depends on no other op
// group. Default attribute values (overflow<none>, rounding<nearest_even>,
// divi's rounding<zero>) parse but are not printed.

// CHECK-LABEL: entry @integer_ops
cuda_tile.module @integer_ops {
  entry @integer_ops(%a: tile<i32>, %b: tile<i32>, %c1: tile<i1>,
                     %c8: tile<i8>, %c16: tile<i16>, %c64: tile<i64>) {
    // CHECK: absi %{{[a-z0-9]+}} : tile<i32>
    %absi = absi %a : tile<i32>

    // CHECK: addi %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<i32>
    %addi = addi %a, %b : tile<i32>
    // CHECK: addi %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<i32>
    %addi_none = addi %a, %b overflow<none> : tile<i32>
    // CHECK: addi %{{[a-z0-9]+}}, %{{[a-z0-9]+}} overflow<no_signed_wrap> : tile<i32>
    %addi_nsw = addi %a, %b overflow<no_signed_wrap> : tile<i32>
    // CHECK: addi %{{[a-z0-9]+}}, %{{[a-z0-9]+}} overflow<no_unsigned_wrap> : tile<i32>
    %addi_nuw = addi %a, %b overflow<no_unsigned_wrap> : tile<i32>
    // CHECK: addi %{{[a-z0-9]+}}, %{{[a-z0-9]+}} overflow<no_wrap> : tile<i32>
    %addi_nw = addi %a, %b overflow<no_wrap> : tile<i32>
    // CHECK: addi %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<i1>
    %addi_i1 = cuda_tile.addi %c1, %c1 : !cuda_tile.tile<i1>
    // CHECK: addi %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<i8>
    %addi_i8 = addi %c8, %c8 : tile<i8>
    // CHECK: addi %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<i16>
    %addi_i16 = addi %c16, %c16 : tile<i16>
    // CHECK: addi %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<i64>
    %addi_i64 = addi %c64, %c64 : tile<i64>

    // CHECK: subi %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<i32>
    %subi = subi %a, %b : tile<i32>
    // CHECK: subi %{{[a-z0-9]+}}, %{{[a-z0-9]+}} overflow<no_wrap> : tile<i32>
    %subi_nw = subi %a, %b overflow<no_wrap> : tile<i32>
    // CHECK: muli %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<i32>
    %muli = muli %a, %b : tile<i32>
    // CHECK: muli %{{[a-z0-9]+}}, %{{[a-z0-9]+}} overflow<no_unsigned_wrap> : tile<i32>
    %muli_nuw = muli %a, %b overflow<no_unsigned_wrap> : tile<i32>
    // CHECK: mulhii %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<i64>
    %mulhii = mulhii %c64, %c64 : tile<i64>

    // CHECK: divi %{{[a-z0-9]+}}, %{{[a-z0-9]+}} signed : tile<i32>
    %divi_s = divi %a, %b signed : tile<i32>
    // CHECK: divi %{{[a-z0-9]+}}, %{{[a-z0-9]+}} unsigned : tile<i32>
    %divi_u = divi %a, %b unsigned : tile<i32>
    // CHECK: divi %{{[a-z0-9]+}}, %{{[a-z0-9]+}} signed : tile<i32>
    %divi_zero = divi %a, %b signed rounding<zero> : tile<i32>
    // CHECK: divi %{{[a-z0-9]+}}, %{{[a-z0-9]+}} signed rounding<negative_inf> : tile<i32>
    %divi_floor = divi %a, %b signed rounding<negative_inf> : tile<i32>
    // CHECK: divi %{{[a-z0-9]+}}, %{{[a-z0-9]+}} unsigned rounding<positive_inf> : tile<i32>
    %divi_ceil = divi %a, %b unsigned rounding<positive_inf> : tile<i32>
    // CHECK: divi %{{[a-z0-9]+}}, %{{[a-z0-9]+}} signed rounding<positive_inf> : tile<i1>
    %divi_i1 = divi %c1, %c1 signed rounding<positive_inf> : tile<i1>

    // CHECK: remi %{{[a-z0-9]+}}, %{{[a-z0-9]+}} signed : tile<i32>
    %remi_s = remi %a, %b signed : tile<i32>
    // CHECK: remi %{{[a-z0-9]+}}, %{{[a-z0-9]+}} unsigned : tile<i8>
    %remi_u = remi %c8, %c8 unsigned : tile<i8>

    // CHECK: negi %{{[a-z0-9]+}} : tile<i16>
    %negi = negi %c16 : tile<i16>
    // CHECK: negi %{{[a-z0-9]+}} overflow<no_signed_wrap> : tile<i16>
    %negi_nsw = negi %c16 overflow<no_signed_wrap> : tile<i16>
    // CHECK: negi %{{[a-z0-9]+}} overflow<no_wrap> : tile<i16>
    %negi_nw = negi %c16 overflow<no_wrap> : tile<i16>

    // CHECK: maxi %{{[a-z0-9]+}}, %{{[a-z0-9]+}} signed : tile<i32>
    %maxi_s = maxi %a, %b signed : tile<i32>
    // CHECK: maxi %{{[a-z0-9]+}}, %{{[a-z0-9]+}} unsigned : tile<i32>
    %maxi_u = maxi %a, %b unsigned : tile<i32>
    // CHECK: mini %{{[a-z0-9]+}}, %{{[a-z0-9]+}} signed : tile<i64>
    %mini_s = mini %c64, %c64 signed : tile<i64>
    // CHECK: mini %{{[a-z0-9]+}}, %{{[a-z0-9]+}} unsigned : tile<i64>
    %mini_u = mini %c64, %c64 unsigned : tile<i64>
  }
}

// CHECK-LABEL: entry @bitwise_ops
cuda_tile.module @bitwise_ops {
  entry @bitwise_ops(%a: tile<i32>, %b: tile<i32>, %p: tile<i1>) {
    // CHECK: andi %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<i32>
    %andi = andi %a, %b : tile<i32>
    // CHECK: andi %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<i1>
    %andi_i1 = andi %p, %p : tile<i1>
    // CHECK: ori %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<i32>
    %ori = ori %a, %b : tile<i32>
    // CHECK: xori %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<i32>
    %xori = xori %a, %b : tile<i32>
    // CHECK: shli %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<i32>
    %shli = shli %a, %b : tile<i32>
    // CHECK: shli %{{[a-z0-9]+}}, %{{[a-z0-9]+}} overflow<no_signed_wrap> : tile<i32>
    %shli_nsw = shli %a, %b overflow<no_signed_wrap> : tile<i32>
    // CHECK: shri %{{[a-z0-9]+}}, %{{[a-z0-9]+}} signed : tile<i32>
    %shri_s = shri %a, %b signed : tile<i32>
    // CHECK: shri %{{[a-z0-9]+}}, %{{[a-z0-9]+}} unsigned : tile<i32>
    %shri_u = shri %a, %b unsigned : tile<i32>
  }
}

// CHECK-LABEL: entry @integer_compare
cuda_tile.module @integer_compare {
  entry @integer_compare(%a: tile<i16>, %b: tile<i16>) {
    // CHECK: cmpi equal %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, signed : tile<i16> -> tile<i1>
    %eq = cmpi equal %a, %b, signed : tile<i16> -> tile<i1>
    // CHECK: cmpi not_equal %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, unsigned : tile<i16> -> tile<i1>
    %ne = cmpi not_equal %a, %b, unsigned : tile<i16> -> tile<i1>
    // CHECK: cmpi less_than %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, signed : tile<i16> -> tile<i1>
    %lt = cmpi less_than %a, %b, signed : tile<i16> -> tile<i1>
    // CHECK: cmpi less_than_or_equal %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, unsigned : tile<i16> -> tile<i1>
    %le = cmpi less_than_or_equal %a, %b, unsigned : tile<i16> -> tile<i1>
    // CHECK: cmpi greater_than %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, signed : tile<i16> -> tile<i1>
    %gt = cmpi greater_than %a, %b, signed : tile<i16> -> tile<i1>
    // CHECK: cmpi greater_than_or_equal %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, unsigned : tile<i16> -> tile<i1>
    %ge = cmpi greater_than_or_equal %a, %b, unsigned : tile<i16> -> tile<i1>
    %t = "test.src"() : () -> !cuda_tile.tile<2x2xi64>
    // CHECK: cmpi equal %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, signed : tile<2x2xi64> -> tile<2x2xi1>
    %eq_2d = cmpi equal %t, %t, signed : tile<2x2xi64> -> tile<2x2xi1>
  }
}

// CHECK-LABEL: entry @float_ops
cuda_tile.module @float_ops {
  entry @float_ops(%x: tile<f32>, %y: tile<f32>, %h: tile<f16>,
                   %bh: tile<bf16>, %d: tile<f64>) {
    // CHECK: absf %{{[a-z0-9]+}} : tile<f16>
    %absf = absf %h : tile<f16>
    // CHECK: negf %{{[a-z0-9]+}} : tile<bf16>
    %negf = negf %bh : tile<bf16>

    // CHECK: addf %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<f32>
    %addf = addf %x, %y : tile<f32>
    // CHECK: addf %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<f32>
    %addf_rn = addf %x, %y rounding<nearest_even> : tile<f32>
    // CHECK: addf %{{[a-z0-9]+}}, %{{[a-z0-9]+}} rounding<zero> : tile<f32>
    %addf_rz = addf %x, %y rounding<zero> : tile<f32>
    // CHECK: addf %{{[a-z0-9]+}}, %{{[a-z0-9]+}} rounding<negative_inf> : tile<f16>
    %addf_rm = addf %h, %h rounding<negative_inf> : tile<f16>
    // CHECK: addf %{{[a-z0-9]+}}, %{{[a-z0-9]+}} rounding<positive_inf> : tile<bf16>
    %addf_rp = addf %bh, %bh rounding<positive_inf> : tile<bf16>
    // CHECK: addf %{{[a-z0-9]+}}, %{{[a-z0-9]+}} flush_to_zero : tile<f32>
    %addf_ftz = addf %x, %y flush_to_zero : tile<f32>
    // CHECK: addf %{{[a-z0-9]+}}, %{{[a-z0-9]+}} rounding<zero> flush_to_zero : tile<f32>
    %addf_rz_ftz = addf %x, %y rounding<zero> flush_to_zero : tile<f32>
    // CHECK: addf %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<f64>
    %addf_f64 = addf %d, %d : tile<f64>

    // CHECK: subf %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<f64>
    %subf = subf %d, %d : tile<f64>
    // CHECK: subf %{{[a-z0-9]+}}, %{{[a-z0-9]+}} rounding<positive_inf> flush_to_zero : tile<f32>
    %subf_rp = subf %x, %y rounding<positive_inf> flush_to_zero : tile<f32>
    // CHECK: mulf %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<bf16>
    %mulf = mulf %bh, %bh : tile<bf16>
    // CHECK: mulf %{{[a-z0-9]+}}, %{{[a-z0-9]+}} rounding<negative_inf> : tile<f64>
    %mulf_rm = mulf %d, %d rounding<negative_inf> : tile<f64>

    // CHECK: divf %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<f32>
    %divf = divf %x, %y : tile<f32>
    // CHECK: divf %{{[a-z0-9]+}}, %{{[a-z0-9]+}} rounding<zero> : tile<f16>
    %divf_rz = divf %h, %h rounding<zero> : tile<f16>
    // CHECK: divf %{{[a-z0-9]+}}, %{{[a-z0-9]+}} rounding<approx> : tile<f32>
    %divf_approx = divf %x, %y rounding<approx> : tile<f32>
    // CHECK: divf %{{[a-z0-9]+}}, %{{[a-z0-9]+}} rounding<full> flush_to_zero : tile<f32>
    %divf_full = divf %x, %y rounding<full> flush_to_zero : tile<f32>

    // CHECK: remf %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<f32>
    %remf = remf %x, %y : tile<f32>

    // CHECK: maxf %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<f32>
    %maxf = maxf %x, %y : tile<f32>
    // CHECK: maxf %{{[a-z0-9]+}}, %{{[a-z0-9]+}} propagate_nan : tile<f32>
    %maxf_nan = maxf %x, %y propagate_nan : tile<f32>
    // CHECK: maxf %{{[a-z0-9]+}}, %{{[a-z0-9]+}} flush_to_zero : tile<f32>
    %maxf_ftz = maxf %x, %y flush_to_zero : tile<f32>
    // CHECK: maxf %{{[a-z0-9]+}}, %{{[a-z0-9]+}} flush_to_zero propagate_nan : tile<f32>
    %maxf_both = maxf %x, %y propagate_nan flush_to_zero : tile<f32>
    // CHECK: minf %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<f16>
    %minf = minf %h, %h : tile<f16>
    // CHECK: minf %{{[a-z0-9]+}}, %{{[a-z0-9]+}} propagate_nan : tile<f64>
    %minf_nan = minf %d, %d propagate_nan : tile<f64>
    // CHECK: minf %{{[a-z0-9]+}}, %{{[a-z0-9]+}} flush_to_zero propagate_nan : tile<f32>
    %minf_both = minf %x, %y flush_to_zero propagate_nan : tile<f32>

    // CHECK: fma %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<f32>
    %fma = fma %x, %y, %x : tile<f32>
    // CHECK: fma %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}} rounding<negative_inf> flush_to_zero : tile<f32>
    %fma_rm = fma %x, %y, %x rounding<negative_inf> flush_to_zero : tile<f32>
    // CHECK: fma %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}} rounding<zero> : tile<bf16>
    %fma_bf16 = fma %bh, %bh, %bh rounding<zero> : tile<bf16>
  }
}

// CHECK-LABEL: entry @float_compare
cuda_tile.module @float_compare {
  entry @float_compare(%x: tile<f16>, %y: tile<f16>) {
    // CHECK: cmpf equal ordered %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<f16> -> tile<i1>
    %eq = cmpf equal ordered %x, %y : tile<f16> -> tile<i1>
    // CHECK: cmpf not_equal unordered %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<f16> -> tile<i1>
    %ne = cmpf not_equal unordered %x, %y : tile<f16> -> tile<i1>
    // CHECK: cmpf less_than ordered %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<f16> -> tile<i1>
    %lt = cmpf less_than ordered %x, %y : tile<f16> -> tile<i1>
    // CHECK: cmpf less_than_or_equal unordered %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<f16> -> tile<i1>
    %le = cmpf less_than_or_equal unordered %x, %y : tile<f16> -> tile<i1>
    // CHECK: cmpf greater_than ordered %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<f16> -> tile<i1>
    %gt = cmpf greater_than ordered %x, %y : tile<f16> -> tile<i1>
    // CHECK: cmpf greater_than_or_equal unordered %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<f16> -> tile<i1>
    %ge = cmpf greater_than_or_equal unordered %x, %y : tile<f16> -> tile<i1>
    %t = "test.src"() : () -> !cuda_tile.tile<2x2xf64>
    // CHECK: cmpf less_than unordered %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<2x2xf64> -> tile<2x2xi1>
    %lt_2d = cmpf less_than unordered %t, %t : tile<2x2xf64> -> tile<2x2xi1>
  }
}

// CHECK-LABEL: entry @tiles
cuda_tile.module @tiles {
  entry @tiles() {
    %x = "test.src"() : () -> !cuda_tile.tile<2x4xf32>
    %i = "test.src"() : () -> !cuda_tile.tile<2x4xi32>
    %c = "test.src"() : () -> !cuda_tile.tile<2x4xi1>
    // CHECK: addf %{{[a-z0-9]+}}, %{{[a-z0-9]+}} rounding<zero> : tile<2x4xf32>
    %addf = addf %x, %x rounding<zero> : tile<2x4xf32>
    // CHECK: muli %{{[a-z0-9]+}}, %{{[a-z0-9]+}} overflow<no_wrap> : tile<2x4xi32>
    %muli = muli %i, %i overflow<no_wrap> : tile<2x4xi32>
    // CHECK: select %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<2x4xi1>, tile<2x4xf32>
    %sel = select %c, %x, %addf : tile<2x4xi1>, tile<2x4xf32>
  }
}

// CHECK-LABEL: entry @select
cuda_tile.module @select {
  entry @select(%c: tile<i1>, %a: tile<i32>, %b: tile<i32>, %p: tile<ptr<f16>>,
                %q: tile<ptr<f16>>, %x: tile<f32>) {
    // CHECK: select %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<i1>, tile<i32>
    %si = select %c, %a, %b : tile<i1>, tile<i32>
    // CHECK: select %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<i1>, tile<f32>
    %sf = select %c, %x, %x : tile<i1>, tile<f32>
    // CHECK: select %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<i1>, tile<ptr<f16>>
    %sp = select %c, %p, %q : tile<i1>, tile<ptr<f16>>
    // CHECK: select %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<i1>, tile<i1>
    %sc = select %c, %c, %c : tile<i1>, tile<i1>
    %f8 = "test.src"() : () -> !cuda_tile.tile<4xf8E5M2>
    %c4 = "test.src"() : () -> !cuda_tile.tile<4xi1>
    // CHECK: select %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<4xi1>, tile<4xf8E5M2>
    %s8 = select %c4, %f8, %f8 : tile<4xi1>, tile<4xf8E5M2>
  }
}

// CHECK-LABEL: entry @offset
cuda_tile.module @offset {
  entry @offset(%p: tile<ptr<f32>>, %i: tile<i64>) {
    // CHECK: offset %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<ptr<f32>>, tile<i64> -> tile<ptr<f32>>
    %q = offset %p, %i : tile<ptr<f32>>, tile<i64> -> tile<ptr<f32>>
    %ps = "test.src"() : () -> !cuda_tile.tile<16xptr<i8>>
    %is = "test.src"() : () -> !cuda_tile.tile<16xi16>
    // CHECK: offset %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<16xptr<i8>>, tile<16xi16> -> tile<16xptr<i8>>
    %qs = offset %ps, %is : tile<16xptr<i8>>, tile<16xi16> -> tile<16xptr<i8>>
  }
}

// CHECK-LABEL: entry @mmaf
cuda_tile.module @mmaf {
  entry @mmaf() {
    %a16 = "test.src"() : () -> !cuda_tile.tile<4x8xf16>
    %b16 = "test.src"() : () -> !cuda_tile.tile<8x2xf16>
    %c16 = "test.src"() : () -> !cuda_tile.tile<4x2xf16>
    %c32 = "test.src"() : () -> !cuda_tile.tile<4x2xf32>
    // CHECK: mmaf %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<4x8xf16>, tile<8x2xf16>, tile<4x2xf32>
    %0 = mmaf %a16, %b16, %c32 : tile<4x8xf16>, tile<8x2xf16>, tile<4x2xf32>
    // CHECK: mmaf %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<4x8xf16>, tile<8x2xf16>, tile<4x2xf16>
    %1 = mmaf %a16, %b16, %c16 : tile<4x8xf16>, tile<8x2xf16>, tile<4x2xf16>

    %abf = "test.src"() : () -> !cuda_tile.tile<4x8xbf16>
    %bbf = "test.src"() : () -> !cuda_tile.tile<8x2xbf16>
    // CHECK: mmaf %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<4x8xbf16>, tile<8x2xbf16>, tile<4x2xf32>
    %2 = mmaf %abf, %bbf, %c32 : tile<4x8xbf16>, tile<8x2xbf16>, tile<4x2xf32>
    %atf = "test.src"() : () -> !cuda_tile.tile<4x8xtf32>
    %btf = "test.src"() : () -> !cuda_tile.tile<8x2xtf32>
    // CHECK: mmaf %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<4x8xtf32>, tile<8x2xtf32>, tile<4x2xf32>
    %3 = mmaf %atf, %btf, %c32 : tile<4x8xtf32>, tile<8x2xtf32>, tile<4x2xf32>
    %a32 = "test.src"() : () -> !cuda_tile.tile<4x8xf32>
    %b32 = "test.src"() : () -> !cuda_tile.tile<8x2xf32>
    // CHECK: mmaf %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<4x8xf32>, tile<8x2xf32>, tile<4x2xf32>
    %4 = mmaf %a32, %b32, %c32 : tile<4x8xf32>, tile<8x2xf32>, tile<4x2xf32>
    %a64 = "test.src"() : () -> !cuda_tile.tile<4x8xf64>
    %b64 = "test.src"() : () -> !cuda_tile.tile<8x2xf64>
    %c64 = "test.src"() : () -> !cuda_tile.tile<4x2xf64>
    // CHECK: mmaf %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<4x8xf64>, tile<8x2xf64>, tile<4x2xf64>
    %5 = mmaf %a64, %b64, %c64 : tile<4x8xf64>, tile<8x2xf64>, tile<4x2xf64>

    %ae4 = "test.src"() : () -> !cuda_tile.tile<16x32xf8E4M3FN>
    %be4 = "test.src"() : () -> !cuda_tile.tile<32x8xf8E4M3FN>
    %ce32 = "test.src"() : () -> !cuda_tile.tile<16x8xf32>
    %ce16 = "test.src"() : () -> !cuda_tile.tile<16x8xf16>
    // CHECK: mmaf %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}} fast_acc : tile<16x32xf8E4M3FN>, tile<32x8xf8E4M3FN>, tile<16x8xf32>
    %6 = mmaf %ae4, %be4, %ce32 fast_acc : tile<16x32xf8E4M3FN>, tile<32x8xf8E4M3FN>, tile<16x8xf32>
    %ae5 = "test.src"() : () -> !cuda_tile.tile<16x32xf8E5M2>
    %be5 = "test.src"() : () -> !cuda_tile.tile<32x8xf8E5M2>
    // CHECK: mmaf %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<16x32xf8E5M2>, tile<32x8xf8E5M2>, tile<16x8xf16>
    %7 = mmaf %ae5, %be5, %ce16 : tile<16x32xf8E5M2>, tile<32x8xf8E5M2>, tile<16x8xf16>

    // Batched.
    %ba = "test.src"() : () -> !cuda_tile.tile<2x4x8xf16>
    %bb = "test.src"() : () -> !cuda_tile.tile<2x8x2xf16>
    %bc = "test.src"() : () -> !cuda_tile.tile<2x4x2xf32>
    // CHECK: mmaf %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<2x4x8xf16>, tile<2x8x2xf16>, tile<2x4x2xf32>
    %8 = mmaf %ba, %bb, %bc : tile<2x4x8xf16>, tile<2x8x2xf16>, tile<2x4x2xf32>
  }
}

// CHECK-LABEL: entry @mmai
cuda_tile.module @mmai {
  entry @mmai() {
    %a = "test.src"() : () -> !cuda_tile.tile<4x8xi8>
    %b = "test.src"() : () -> !cuda_tile.tile<8x2xi8>
    %c = "test.src"() : () -> !cuda_tile.tile<4x2xi32>
    // CHECK: mmai %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}} signed signed : tile<4x8xi8>, tile<8x2xi8>, tile<4x2xi32>
    %0 = mmai %a, %b, %c signed signed : tile<4x8xi8>, tile<8x2xi8>, tile<4x2xi32>
    // CHECK: mmai %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}} signed unsigned : tile<4x8xi8>, tile<8x2xi8>, tile<4x2xi32>
    %1 = mmai %a, %b, %c signed unsigned : tile<4x8xi8>, tile<8x2xi8>, tile<4x2xi32>
    // CHECK: mmai %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}} unsigned signed : tile<4x8xi8>, tile<8x2xi8>, tile<4x2xi32>
    %2 = mmai %a, %b, %c unsigned signed : tile<4x8xi8>, tile<8x2xi8>, tile<4x2xi32>
    %ba = "test.src"() : () -> !cuda_tile.tile<2x4x8xi8>
    %bb = "test.src"() : () -> !cuda_tile.tile<2x8x2xi8>
    %bc = "test.src"() : () -> !cuda_tile.tile<2x4x2xi32>
    // CHECK: mmai %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}} unsigned unsigned : tile<2x4x8xi8>, tile<2x8x2xi8>, tile<2x4x2xi32>
    %3 = mmai %ba, %bb, %bc unsigned unsigned : tile<2x4x8xi8>, tile<2x8x2xi8>, tile<2x4x2xi32>
  }
}

// CHECK-LABEL: entry @mmaf_scaled
cuda_tile.module @mmaf_scaled {
  entry @mmaf_scaled() {
    %acc = "test.src"() : () -> !cuda_tile.tile<128x128xf32>
    %s4a = "test.src"() : () -> !cuda_tile.tile<128x4xf8E8M0FNU>
    %s4b = "test.src"() : () -> !cuda_tile.tile<4x128xf8E8M0FNU>
    %s8a = "test.src"() : () -> !cuda_tile.tile<128x8xf8E8M0FNU>
    %s8b = "test.src"() : () -> !cuda_tile.tile<8x128xf8E8M0FNU>
    %n8a = "test.src"() : () -> !cuda_tile.tile<128x8xf8E4M3FN>
    %n8b = "test.src"() : () -> !cuda_tile.tile<8x128xf8E4M3FN>

    // f8 operands with one f8E8M0FNU scale per 32 elements.
    %e4a = "test.src"() : () -> !cuda_tile.tile<128x128xf8E4M3FN>
    %e4b = "test.src"() : () -> !cuda_tile.tile<128x128xf8E4M3FN>
    // CHECK: mmaf_scaled %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : tile<128x128xf8E4M3FN>, tile<128x128xf8E4M3FN>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
    %0 = mmaf_scaled %e4a, %e4b, %acc, %s4a, %s4b : tile<128x128xf8E4M3FN>, tile<128x128xf8E4M3FN>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
    %e5a = "test.src"() : () -> !cuda_tile.tile<128x128xf8E5M2>
    %e5b = "test.src"() : () -> !cuda_tile.tile<128x128xf8E5M2>
    // CHECK: mmaf_scaled %{{.*}} : tile<128x128xf8E5M2>, tile<128x128xf8E5M2>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
    %1 = mmaf_scaled %e5a, %e5b, %acc, %s4a, %s4b : tile<128x128xf8E5M2>, tile<128x128xf8E5M2>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>

    // f4 operands: f8E8M0FNU scales per 32 or 16 elements (MXFP4), f8E4M3FN
    // scales per 16 (NVFP4).
    %f4a = "test.src"() : () -> !cuda_tile.tile<128x128xf4E2M1FN>
    %f4b = "test.src"() : () -> !cuda_tile.tile<128x128xf4E2M1FN>
    // CHECK: mmaf_scaled %{{.*}} : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
    %2 = mmaf_scaled %f4a, %f4b, %acc, %s4a, %s4b : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
    // CHECK: mmaf_scaled %{{.*}} : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x8xf8E8M0FNU>, tile<8x128xf8E8M0FNU>
    %3 = mmaf_scaled %f4a, %f4b, %acc, %s8a, %s8b : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x8xf8E8M0FNU>, tile<8x128xf8E8M0FNU>
    // CHECK: mmaf_scaled %{{.*}} : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x8xf8E4M3FN>, tile<8x128xf8E4M3FN>
    %4 = mmaf_scaled %f4a, %f4b, %acc, %n8a, %n8b : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x8xf8E4M3FN>, tile<8x128xf8E4M3FN>

    // Batched, with M != N.
    %ba = "test.src"() : () -> !cuda_tile.tile<2x64x64xf4E2M1FN>
    %bb = "test.src"() : () -> !cuda_tile.tile<2x64x32xf4E2M1FN>
    %bc = "test.src"() : () -> !cuda_tile.tile<2x64x32xf32>
    %bsa = "test.src"() : () -> !cuda_tile.tile<2x64x2xf8E8M0FNU>
    %bsb = "test.src"() : () -> !cuda_tile.tile<2x2x32xf8E8M0FNU>
    // CHECK: mmaf_scaled %{{.*}} : tile<2x64x64xf4E2M1FN>, tile<2x64x32xf4E2M1FN>, tile<2x64x32xf32>, tile<2x64x2xf8E8M0FNU>, tile<2x2x32xf8E8M0FNU>
    %5 = mmaf_scaled %ba, %bb, %bc, %bsa, %bsb : tile<2x64x64xf4E2M1FN>, tile<2x64x32xf4E2M1FN>, tile<2x64x32xf32>, tile<2x64x2xf8E8M0FNU>, tile<2x2x32xf8E8M0FNU>
  }
}


// Folders: x & x = x, x | x = x, select %c, %x, %x = %x and select on a
// splat constant condition.
// RUN: tile-opt --allow-unregistered-dialect -canonicalize %s \
// RUN:   | FileCheck %s --check-prefix=FOLD

// FOLD-LABEL: entry @folds
// FOLD-SAME: (%[[A:[a-z0-9]+]]: tile<i32>, %[[C:[a-z0-9]+]]: tile<i1>, %[[B:[a-z0-9]+]]: tile<i32>)
// FOLD-NOT: select
// FOLD: "test.sink"(%[[A]], %[[A]], %[[B]], %[[A]], %[[B]])
// FOLD-NEXT: %[[AND:.*]] = andi %[[A]], %[[B]] : tile<i32>
// FOLD-NEXT: %[[SEL:.*]] = select %[[C]], %[[A]], %[[B]] : tile<i1>, tile<i32>
// FOLD-NEXT: "test.sink"(%[[AND]], %[[SEL]])
cuda_tile.module @folds {
  entry @folds(%a: tile<i32>, %c: tile<i1>, %b: tile<i32>) {
    %and = andi %a, %a : tile<i32>
    %or = ori %a, %a : tile<i32>
    %sel = select %c, %b, %b : tile<i1>, tile<i32>
    %true = constant <i1: true> : tile<i1>
    %false = constant <i1: false> : tile<i1>
    %sel_true = select %true, %a, %b : tile<i1>, tile<i32>
    %sel_false = select %false, %a, %b : tile<i1>, tile<i32>
    "test.sink"(%and, %or, %sel, %sel_true, %sel_false) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> ()
    // Not foldable.
    %and2 = andi %a, %b : tile<i32>
    %sel2 = select %c, %a, %b : tile<i1>, tile<i32>
    "test.sink"(%and2, %sel2) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> ()
  }
}
