// tileir-unswitch-masks: a select inside a loop whose condition compares
// bounded integer tiles becomes an `if` on a scalar test that holds only when
// every element passes; the `then` branch yields the selected value, the
// `else` branch keeps the select and the condition's computation. Selects
// the bounds cannot cover stay, and nothing built for them is left behind.
// RUN: tile-opt %s -split-input-file --tileir-unswitch-masks | FileCheck %s

// The edge mask of attention: cols = j * 64 + iota < n. The test is
// max(cols) = j * 64 + 63 < n, with j * 64 + [0, 63] inside i32.
// CHECK-LABEL: entry @edge(
// CHECK: for %[[J:[^ ]+]] in
// CHECK:   %[[JB:.*]] = muli %[[J]], %{{.*}} : tile<i32>
// CHECK:   %[[J64:.*]] = exti %[[JB]] signed : tile<i32> -> tile<i64>
// CHECK:   %[[C63:.*]] = constant <i64: 63> : tile<i64>
// CHECK:   %[[LO:.*]] = addi %[[J64]], %{{.*}} : tile<i64>
// CHECK:   %[[HI:.*]] = addi %[[J64]], %[[C63]] : tile<i64>
// CHECK:   %[[MIN:.*]] = constant <i64: -2147483648> : tile<i64>
// CHECK:   %[[FITLO:.*]] = cmpi greater_than_or_equal %[[LO]], %[[MIN]], signed
// CHECK:   %[[MAX:.*]] = constant <i64: 2147483647> : tile<i64>
// CHECK:   %[[FITHI:.*]] = cmpi less_than_or_equal %[[HI]], %[[MAX]], signed
// CHECK:   %[[FIT:.*]] = andi %[[FITLO]], %[[FITHI]] : tile<i1>
// CHECK:   %[[N64:.*]] = exti %{{.*}} signed : tile<i32> -> tile<i64>
// CHECK:   %[[LT:.*]] = cmpi less_than %[[HI]], %[[N64]], signed
// CHECK:   %[[TEST:.*]] = andi %[[LT]], %[[FIT]] : tile<i1>
// CHECK:   %[[R:.*]] = if %[[TEST]] -> (tile<64x64xf32>) {
// CHECK-NEXT: yield %[[S:[^ ]+]] : tile<64x64xf32>
// CHECK-NEXT: } else {
// CHECK:     iota
// CHECK:     addi {{.*}} : tile<64xi32>
// CHECK:     cmpi less_than {{.*}} : tile<1x64xi32> -> tile<1x64xi1>
// CHECK:     %[[SEL:.*]] = select %{{.*}}, %[[S]], %{{.*}} : tile<64x64xi1>, tile<64x64xf32>
// CHECK-NEXT: yield %[[SEL]] : tile<64x64xf32>
// CHECK:   continue %[[R]]
cuda_tile.module @edge {
  entry @edge(%n: tile<i32>, %iters: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c64 = constant <i32: 64> : tile<i32>
    %init = constant <f32: 1.0> : tile<64x64xf32>
    %ninf = constant <f32: 0xFF800000> : tile<64x64xf32>
    %nr = reshape %n : tile<i32> -> tile<1x1xi32>
    %nb = broadcast %nr : tile<1x1xi32> -> tile<1x64xi32>
    %r = for %j in (%c0 to %iters, step %c1) : tile<i32> iter_values(%s = %init) -> (tile<64x64xf32>) {
      %jb = muli %j, %c64 : tile<i32>
      %jr = reshape %jb : tile<i32> -> tile<1xi32>
      %jv = broadcast %jr : tile<1xi32> -> tile<64xi32>
      %io = iota : tile<64xi32>
      %cols = addi %jv, %io : tile<64xi32>
      %cr = reshape %cols : tile<64xi32> -> tile<1x64xi32>
      %lt = cmpi less_than %cr, %nb, signed : tile<1x64xi32> -> tile<1x64xi1>
      %m = broadcast %lt : tile<1x64xi1> -> tile<64x64xi1>
      %sel = select %m, %s, %ninf : tile<64x64xi1>, tile<64x64xf32>
      continue %sel : tile<64x64xf32>
    }
    return
  }
}

// -----

// The causal mask: (cols < n) & (cols <= rows). Both comparisons must pass
// whole: max(cols) < n and max(cols) <= min(rows).
// CHECK-LABEL: entry @causal(
// CHECK: for
// CHECK:   cmpi less_than %[[HI:[^,]+]], %{{.*}}, signed : tile<i64> -> tile<i1>
// CHECK:   cmpi less_than_or_equal %[[HI]], %{{.*}}, signed : tile<i64> -> tile<i1>
// CHECK:   if %{{.*}} -> (tile<64x64xf32>) {
// CHECK:   } else {
// CHECK:     andi {{.*}} : tile<64x64xi1>
// CHECK:     select
cuda_tile.module @causal {
  entry @causal(%n: tile<i32>, %iters: tile<i32>, %bq: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c64 = constant <i32: 64> : tile<i32>
    %init = constant <f32: 1.0> : tile<64x64xf32>
    %ninf = constant <f32: 0xFF800000> : tile<64x64xf32>
    %nr = reshape %n : tile<i32> -> tile<1x1xi32>
    %nb = broadcast %nr : tile<1x1xi32> -> tile<1x64xi32>
    %q0 = muli %bq, %c64 : tile<i32>
    %q0r = reshape %q0 : tile<i32> -> tile<1xi32>
    %q0b = broadcast %q0r : tile<1xi32> -> tile<64xi32>
    %rio = iota : tile<64xi32>
    %rows = addi %q0b, %rio : tile<64xi32>
    %rr = reshape %rows : tile<64xi32> -> tile<64x1xi32>
    %rb = broadcast %rr : tile<64x1xi32> -> tile<64x64xi32>
    %r = for %j in (%c0 to %iters, step %c1) : tile<i32> iter_values(%s = %init) -> (tile<64x64xf32>) {
      %jb = muli %j, %c64 : tile<i32>
      %jr = reshape %jb : tile<i32> -> tile<1xi32>
      %jv = broadcast %jr : tile<1xi32> -> tile<64xi32>
      %io = iota : tile<64xi32>
      %cols = addi %jv, %io : tile<64xi32>
      %cr = reshape %cols : tile<64xi32> -> tile<1x64xi32>
      %inside = cmpi less_than %cr, %nb, signed : tile<1x64xi32> -> tile<1x64xi1>
      %ib = broadcast %inside : tile<1x64xi1> -> tile<64x64xi1>
      %cb = broadcast %cr : tile<1x64xi32> -> tile<64x64xi32>
      %below = cmpi less_than_or_equal %cb, %rb, signed : tile<64x64xi32> -> tile<64x64xi1>
      %m = andi %ib, %below : tile<64x64xi1>
      %sel = select %m, %s, %ninf : tile<64x64xi1>, tile<64x64xf32>
      continue %sel : tile<64x64xf32>
    }
    return
  }
}

// -----

// Unsigned comparisons also need both sides non-negative; a product by a
// non-negative constant keeps the bounds in order.
// CHECK-LABEL: entry @unsigned_scaled(
// CHECK: for
// CHECK:   %[[ZERO:.*]] = constant <i64: 0> : tile<i64>
// CHECK:   %[[C63:.*]] = constant <i64: 63> : tile<i64>
// CHECK:   %[[C2:.*]] = constant <i64: 2> : tile<i64>
// CHECK:   muli %[[ZERO]], %[[C2]] : tile<i64>
// CHECK:   muli %[[C63]], %[[C2]] : tile<i64>
// CHECK:   cmpi less_than
// CHECK:   cmpi greater_than_or_equal %{{.*}}, %[[ZERO]], signed
// CHECK:   cmpi greater_than_or_equal %{{.*}}, %[[ZERO]], signed
// CHECK:   if %{{.*}} -> (tile<32x64xf32>) {
cuda_tile.module @unsigned_scaled {
  entry @unsigned_scaled(%n: tile<i32>, %iters: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %two = constant <i32: 2> : tile<64xi32>
    %init = constant <f32: 1.0> : tile<32x64xf32>
    %zero = constant <f32: 0.0> : tile<32x64xf32>
    %nr = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %nr : tile<1xi32> -> tile<64xi32>
    %r = for %j in (%c0 to %iters, step %c1) : tile<i32> iter_values(%s = %init) -> (tile<32x64xf32>) {
      %jr = reshape %j : tile<i32> -> tile<1xi32>
      %jv = broadcast %jr : tile<1xi32> -> tile<64xi32>
      %io = iota : tile<64xi32>
      %io2 = muli %io, %two : tile<64xi32>
      %x = addi %jv, %io2 : tile<64xi32>
      %lt = cmpi less_than %x, %nb, unsigned : tile<64xi32> -> tile<64xi1>
      %lr = reshape %lt : tile<64xi1> -> tile<1x64xi1>
      %m = broadcast %lr : tile<1x64xi1> -> tile<32x64xi1>
      %sel = select %m, %s, %zero : tile<32x64xi1>, tile<32x64xf32>
      continue %sel : tile<32x64xf32>
    }
    return
  }
}

// -----

// Left alone: a select outside any loop, a tile under 1024 elements, a
// uniform condition, an equality, a condition read from memory, 64-bit
// elements, and an iota whose values do not fit the signed element type.
// Nothing built while trying remains.
// CHECK-LABEL: entry @kept(
// CHECK: for
// CHECK-NOT: = if
// CHECK-NOT: -> tile<i64>
// CHECK-NOT: <i64: 2147483647>
// CHECK: continue
cuda_tile.module @kept {
  entry @kept(%n: tile<i32>, %iters: tile<i32>, %p: tile<ptr<i32>>, %w: tile<i64>, %b: tile<i8>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %init = constant <f32: 1.0> : tile<64x64xf32>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %io = iota : tile<64xi32>
    %nr = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %nr : tile<1xi32> -> tile<64xi32>
    %lt0 = cmpi less_than %io, %nb, signed : tile<64xi32> -> tile<64xi1>
    %lr0 = reshape %lt0 : tile<64xi1> -> tile<1x64xi1>
    %m0 = broadcast %lr0 : tile<1x64xi1> -> tile<64x64xi1>
    %outside = select %m0, %init, %zero : tile<64x64xi1>, tile<64x64xf32>
    %r = for %j in (%c0 to %iters, step %c1) : tile<i32> iter_values(%s = %outside) -> (tile<64x64xf32>) {
      %jr = reshape %j : tile<i32> -> tile<1xi32>
      %jv = broadcast %jr : tile<1xi32> -> tile<64xi32>
      %cols = addi %jv, %io : tile<64xi32>
      // Too small.
      %small = cmpi less_than %cols, %nb, signed : tile<64xi32> -> tile<64xi1>
      %sr = reshape %small : tile<64xi1> -> tile<8x8xi1>
      %si = reshape %s : tile<64x64xf32> -> tile<4096xf32>
      %s8 = constant <f32: 2.0> : tile<8x8xf32>
      %z8 = constant <f32: 0.0> : tile<8x8xf32>
      %x8 = select %sr, %s8, %z8 : tile<8x8xi1>, tile<8x8xf32>
      // Uniform.
      %u = cmpi less_than %j, %n, signed : tile<i32> -> tile<i1>
      %ur = reshape %u : tile<i1> -> tile<1x1xi1>
      %ub = broadcast %ur : tile<1x1xi1> -> tile<64x64xi1>
      %s1 = select %ub, %s, %zero : tile<64x64xi1>, tile<64x64xf32>
      // Equality.
      %eq = cmpi equal %cols, %nb, signed : tile<64xi32> -> tile<64xi1>
      %er = reshape %eq : tile<64xi1> -> tile<1x64xi1>
      %eb = broadcast %er : tile<1x64xi1> -> tile<64x64xi1>
      %s2 = select %eb, %s1, %zero : tile<64x64xi1>, tile<64x64xf32>
      // From memory.
      %pr = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
      %pb = broadcast %pr : tile<1xptr<i32>> -> tile<64xptr<i32>>
      %ptrs = offset %pb, %io : tile<64xptr<i32>>, tile<64xi32> -> tile<64xptr<i32>>
      %ld, %tok = load_ptr_tko weak %ptrs : tile<64xptr<i32>> -> tile<64xi32>, token
      %lm = cmpi less_than %ld, %nb, signed : tile<64xi32> -> tile<64xi1>
      %lr = reshape %lm : tile<64xi1> -> tile<1x64xi1>
      %lb = broadcast %lr : tile<1x64xi1> -> tile<64x64xi1>
      %s3 = select %lb, %s2, %zero : tile<64x64xi1>, tile<64x64xf32>
      // 64-bit elements.
      %wr = reshape %w : tile<i64> -> tile<1xi64>
      %wb = broadcast %wr : tile<1xi64> -> tile<64xi64>
      %io64 = iota : tile<64xi64>
      %wc = addi %wb, %io64 : tile<64xi64>
      %wz = constant <i64: 100> : tile<64xi64>
      %wm = cmpi less_than %wc, %wz, signed : tile<64xi64> -> tile<64xi1>
      %wmr = reshape %wm : tile<64xi1> -> tile<1x64xi1>
      %wmb = broadcast %wmr : tile<1x64xi1> -> tile<64x64xi1>
      %s4 = select %wmb, %s3, %zero : tile<64x64xi1>, tile<64x64xf32>
      // iota of 256 i8 elements reaches 255, negative as a signed i8.
      %br = reshape %b : tile<i8> -> tile<1xi8>
      %bb = broadcast %br : tile<1xi8> -> tile<256xi8>
      %io8 = iota : tile<256xi8>
      %bm = cmpi less_than %io8, %bb, signed : tile<256xi8> -> tile<256xi1>
      %bmr = reshape %bm : tile<256xi1> -> tile<1x256xi1>
      %bmb = broadcast %bmr : tile<1x256xi1> -> tile<16x256xi1>
      %b1 = constant <f32: 1.0> : tile<16x256xf32>
      %b0 = constant <f32: 0.0> : tile<16x256xf32>
      %s5 = select %bmb, %b1, %b0 : tile<16x256xi1>, tile<16x256xf32>
      continue %s4 : tile<64x64xf32>
    }
    return
  }
}

// -----

// `ori` needs one side: the side compared with a loaded value has no bounds,
// and what was built for it (the widened j * 3) is erased.
// CHECK-LABEL: entry @either(
// CHECK: for
// CHECK: %[[X:.*]] = muli %{{.*}}, %{{.*}} : tile<i32>
// CHECK-NOT: exti %[[X]]
// CHECK: if %{{.*}} -> (tile<64x64xf32>) {
// CHECK: } else {
// CHECK:   ori {{.*}} : tile<64xi1>
// CHECK:   select
cuda_tile.module @either {
  entry @either(%n: tile<i32>, %iters: tile<i32>, %p: tile<ptr<i32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c3 = constant <i32: 3> : tile<i32>
    %init = constant <f32: 1.0> : tile<64x64xf32>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %io = iota : tile<64xi32>
    %nr = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %nr : tile<1xi32> -> tile<64xi32>
    %pr = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pb = broadcast %pr : tile<1xptr<i32>> -> tile<64xptr<i32>>
    %ptrs = offset %pb, %io : tile<64xptr<i32>>, tile<64xi32> -> tile<64xptr<i32>>
    %ld, %tok = load_ptr_tko weak %ptrs : tile<64xptr<i32>> -> tile<64xi32>, token
    %r = for %j in (%c0 to %iters, step %c1) : tile<i32> iter_values(%s = %init) -> (tile<64x64xf32>) {
      %jr = reshape %j : tile<i32> -> tile<1xi32>
      %jv = broadcast %jr : tile<1xi32> -> tile<64xi32>
      %cols = addi %jv, %io : tile<64xi32>
      %a = cmpi less_than %cols, %nb, signed : tile<64xi32> -> tile<64xi1>
      %x = muli %j, %c3 : tile<i32>
      %xr = reshape %x : tile<i32> -> tile<1xi32>
      %xv = broadcast %xr : tile<1xi32> -> tile<64xi32>
      %cols2 = addi %xv, %io : tile<64xi32>
      %b = cmpi less_than %cols2, %ld, signed : tile<64xi32> -> tile<64xi1>
      %either = ori %a, %b : tile<64xi1>
      %er = reshape %either : tile<64xi1> -> tile<1x64xi1>
      %eb = broadcast %er : tile<1x64xi1> -> tile<64x64xi1>
      %sel = select %eb, %s, %zero : tile<64x64xi1>, tile<64x64xf32>
      continue %sel : tile<64x64xf32>
    }
    return
  }
}
