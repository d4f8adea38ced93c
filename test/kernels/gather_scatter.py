# Part of the tileir project, under the Apache License v2.0 with LLVM
# Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Pointer-based memory access: gather and scatter with computed, broadcast
and out-of-range indices, masks and padding values, unchecked gathers,
advanced indexing (index tile + slices), raw element-offset access and
arrays rebuilt from foreign pointers."""

import numpy as np
import cuda.tile as ct

from corpus import (A, Launch, S, as64, case, cdiv, devs, dt, poison, randint, rng_for,
                    round_to, uniform)


@ct.kernel
def gather_reversed(x, out, TILE: ct.Constant[int]):
    # out[i] = x[n - 1 - i]; indices of the last partial tile go negative and
    # come back as padding (never stored).
    bid = ct.bid(0)
    i = bid * TILE + ct.arange(TILE, dtype=ct.int32)
    v = ct.gather(x, x.shape[0] - 1 - i)
    ct.store(out, (bid,), v)


@ct.kernel
def gather_masked(x, out, TILE: ct.Constant[int]):
    # out[i] = x[2 i] where 2 i is in range and not a multiple of 3, else -1.
    bid = ct.bid(0)
    idx = (bid * TILE + ct.arange(TILE, dtype=ct.int32)) * 2
    v = ct.gather(x, idx, mask=(idx % 3) != 0, padding_value=-1)
    ct.store(out, (bid,), v)


@ct.kernel
def gather_rows(table, ids, out, TM: ct.Constant[int], D: ct.Constant[int]):
    # Embedding lookup with broadcast 2-D indices: out[i, :] = table[ids[i], :]
    bm = ct.bid(0)
    rows = ct.load(ids, (bm,), (TM,), padding_mode=ct.PaddingMode.ZERO)
    cols = ct.arange(D, dtype=ct.int32)
    ct.store(out, (bm, 0), ct.gather(table, (rows[:, None], cols[None, :])))


@ct.kernel
def gather_clamped_unchecked(x, out, TILE: ct.Constant[int]):
    # Indices clamped into range, so bounds checks can be dropped.
    bid = ct.bid(0)
    i = bid * TILE + ct.arange(TILE, dtype=ct.int32)
    idx = ct.minimum(i * 3, x.shape[0] - 1)
    ct.store(out, (bid,), ct.gather(x, idx, check_bounds=False))


@ct.kernel
def scatter_permuted(x, perm, out, TILE: ct.Constant[int]):
    # out[perm[i]] = x[i]
    bid = ct.bid(0)
    i = bid * TILE + ct.arange(TILE, dtype=ct.int32)
    v = ct.load(x, (bid,), (TILE,))
    p = ct.load(perm, (bid,), (TILE,))
    ct.scatter(out, p, v, mask=i < x.shape[0])


@ct.kernel
def scatter_transpose(x, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    # out[c, r] = x[r, c]; indices past the edge are dropped by the bounds check.
    bm = ct.bid(0)
    bn = ct.bid(1)
    t = ct.load(x, (bm, bn), (TM, TN))
    r = bm * TM + ct.arange(TM, dtype=ct.int32)
    c = bn * TN + ct.arange(TN, dtype=ct.int32)
    ct.scatter(out, (c[None, :], r[:, None]), t)


@ct.kernel
def scatter_positive(x, out, TILE: ct.Constant[int]):
    # Only positive values are written; everything else keeps its old contents.
    bid = ct.bid(0)
    i = bid * TILE + ct.arange(TILE, dtype=ct.int32)
    v = ct.load(x, (bid,), (TILE,), padding_mode=ct.PaddingMode.ZERO)
    ct.scatter(out, i, v, mask=v > 0)


@ct.kernel
def scatter_scalar_fill(out, TILE: ct.Constant[int]):
    # Scalar value broadcast over every even index.
    bid = ct.bid(0)
    i = (bid * TILE + ct.arange(TILE, dtype=ct.int32)) * 2
    ct.scatter(out, i, 5)


@ct.kernel
def rows_column_window(table, out, col, TM: ct.Constant[int], D: ct.Constant[int]):
    # out[r, col:col+D] = table[r, col:col+D] + 1 for the block's rows; the
    # dense index is an element offset, columns past the end read as 0 and
    # are not written.
    bm = ct.bid(0)
    rows = bm * TM + ct.arange(TM, dtype=ct.int32)
    t = ct.load_advanced_indexing(table, (rows, ct.Slice(col, D)),
                                  padding_mode=ct.PaddingMode.ZERO)
    ct.store_advanced_indexing(out, (rows, ct.Slice(col, D)), t + 1)


@ct.kernel
def rows_advanced_indexing(table, ids, out, TM: ct.Constant[int], D: ct.Constant[int]):
    # out[dst[i], :] = 2 * table[ids[i], :] with dst = reversed block of rows.
    bm = ct.bid(0)
    rows = ct.load(ids, (bm,), (TM,), padding_mode=ct.PaddingMode.ZERO)
    t = ct.load_advanced_indexing(table, (rows, ct.Slice(0, D)),
                                  padding_mode=ct.PaddingMode.ZERO)
    dst = bm * TM + ct.arange(TM, dtype=ct.int32, start=TM - 1, step=-1)
    ct.store_advanced_indexing(out, (dst, ct.Slice(0, D)), t * 2)


@ct.kernel
def raw_offsets(x, out, TILE: ct.Constant[int]):
    # Element offsets into flat memory: out[i] = x[i ^ 1] + 1 for i < n.
    bid = ct.bid(0)
    i = bid * TILE + ct.arange(TILE, dtype=ct.int32)
    n = x.shape[0]
    src = x.get_raw_memory()
    dst = out.get_raw_memory()
    v = src.load_offset(i ^ 1, mask=(i ^ 1) < n, padding_value=0)
    dst.store_offset(i, v + 1, mask=i < n)


@ct.kernel
def raw_scalar_offsets(x, out, STRIDE: ct.Constant[int]):
    # Scalar offsets: out[b] = x[b * STRIDE]
    b = ct.bid(0)
    v = x.get_raw_memory().load_offset(b * STRIDE)
    out.get_raw_memory().store_offset(b, v)


@ct.kernel
def foreign_view_copy(x, out, TILE: ct.Constant[int]):
    # Rebuilds an array view of x from its base pointer, shape and strides.
    bid = ct.bid(0)
    view = ct.Array.from_foreign(x.foreign_pointer, x.shape, x.strides)
    ct.store(out, (bid,), ct.load(view, (bid,), (TILE,)) - 3)


# ---------------------------------------------------------------------------

CASES = []


def _case_1d(name, kernel, d, ref, gen=None, tile=128, shapes=((1000,), (128,), (5,)),
             out_len=None, **kw):
    gen = gen or (lambda rng, shape: uniform(rng, d, shape, -100, 100))

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        n = out_len(shape[0]) if out_len else shape[0]
        x, out = devs(device, gen(rng, shape), poison(d, (n,)))
        return Launch((cdiv(shape[0], tile),), (x, out, tile), {"out": out})

    def reference(args, shape):
        # The kernel computes in the element type: round the float64 result.
        return {"out": round_to(ref(args[0], args[1]), d)}

    return case(name, kernel, [A(d, 1), A(d, 1), tile], make_args, reference, shapes,
                dtype=d, tol=(0.0, 0.0), **kw)


def _ref_masked(x, out):
    n = x.shape[0]
    idx = np.arange(n) * 2
    ok = (idx < n) & (idx % 3 != 0)
    return np.where(ok, x[np.minimum(idx, n - 1)], -1)


for _d in ("f32", "i32", "f16", "i8"):
    CASES.append(_case_1d(f"gather_reversed_{_d}", gather_reversed, _d, lambda x, out: x[::-1],
                          gen=None if dt(_d).is_float else
                          (lambda rng, shape, d=_d: randint(rng, d, shape))))
for _d in ("f32", "i64"):
    CASES.append(_case_1d(f"gather_masked_{_d}", gather_masked, _d, _ref_masked))
CASES.append(_case_1d("gather_clamped_unchecked_f32", gather_clamped_unchecked, "f32",
                      lambda x, out: x[np.minimum(np.arange(x.shape[0]) * 3, x.shape[0] - 1)]))


def _ref_positive(x, out):
    return np.where(x > 0, x, out)


CASES.append(_case_1d("scatter_positive_f32", scatter_positive, "f32", _ref_positive))
CASES.append(_case_1d("scatter_positive_i16", scatter_positive, "i16", _ref_positive,
                      gen=lambda rng, shape: randint(rng, "i16", shape, -1000, 1000)))


def _gather_rows_case(d, tm=16, dim=64):
    name = f"gather_rows_{d}"

    def make_args(device, shape, dtype=None):
        (n, vocab) = shape
        rng = rng_for(name, shape)
        table = uniform(rng, d, (vocab, dim), -10, 10)
        ids = randint(rng, "i32", (n,), 0, vocab - 1)
        table, ids, out = devs(device, table, ids, poison(d, (n, dim)))
        return Launch((cdiv(n, tm),), (table, ids, out, tm, dim), {"out": out})

    def reference(args, shape):
        table, ids = args[0], np.asarray(args[1]).astype(np.int64)
        return {"out": table[ids]}

    return case(name, gather_rows, [A(d, 2), A("i32", 1), A(d, 2), tm, dim], make_args,
                reference, [(100, 50), (16, 1000), (3, 2)], dtype=d, tol=(0.0, 0.0))


CASES += [_gather_rows_case("f32"), _gather_rows_case("bf16")]


def _scatter_perm_case(d, tile=128):
    name = f"scatter_permuted_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x = uniform(rng, d, shape, -100, 100)
        perm = rng.permutation(shape[0]).astype(np.int32)
        x, perm, out = devs(device, x, perm, poison(d, shape))
        return Launch((cdiv(shape[0], tile),), (x, perm, out, tile), {"out": out})

    def reference(args, shape):
        x, perm = args[0], np.asarray(args[1]).astype(np.int64)
        res = np.empty(shape)
        res[perm] = x
        return {"out": res}

    return case(name, scatter_permuted, [A(d, 1), A("i32", 1), A(d, 1), tile], make_args,
                reference, [(1000,), (128,), (3,)], dtype=d, tol=(0.0, 0.0))


CASES += [_scatter_perm_case("f32"), _scatter_perm_case("f64")]


def _scatter_t_case(d, tm=32, tn=16):
    name = f"scatter_transpose_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        m, n = shape
        x, out = devs(device, uniform(rng, d, shape, -100, 100), poison(d, (n, m)))
        return Launch((cdiv(m, tm), cdiv(n, tn)), (x, out, tm, tn), {"out": out})

    def reference(args, shape):
        return {"out": args[0].T}

    return case(name, scatter_transpose, [A(d, 2), A(d, 2), tm, tn], make_args, reference,
                [(64, 64), (100, 30), (1, 2)], dtype=d, tol=(0.0, 0.0))


CASES += [_scatter_t_case("f32"), _scatter_t_case("f16")]


def _scatter_fill_case(d="i32", tile=128):
    name = f"scatter_scalar_fill_{d}"

    def make_args(device, shape, dtype=None):
        (out,) = devs(device, poison(d, shape))
        return Launch((cdiv(cdiv(shape[0], 2), tile),), (out, tile), {"out": out})

    def reference(args, shape):
        res = np.asarray(args[0]).copy()
        res[::2] = 5
        return {"out": res}

    return case(name, scatter_scalar_fill, [A(d, 1), tile], make_args, reference,
                [(1000,), (256,), (3,)], dtype=d)


CASES.append(_scatter_fill_case())


def _adv_case(d, tm=16, dim=64):
    name = f"rows_advanced_indexing_{d}"

    def make_args(device, shape, dtype=None):
        (n, vocab) = shape
        rng = rng_for(name, shape)
        table = uniform(rng, d, (vocab, dim), -10, 10)
        ids = randint(rng, "i32", (n,), 0, vocab - 1)
        table, ids, out = devs(device, table, ids, poison(d, (n, dim)))
        return Launch((cdiv(n, tm),), (table, ids, out, tm, dim), {"out": out})

    def reference(args, shape):
        (n, vocab) = shape
        table, ids = args[0], np.asarray(args[1]).astype(np.int64)
        res = np.asarray(args[2]).copy()
        for b in range(cdiv(n, tm)):
            for k in range(tm):
                src = b * tm + k
                dst = b * tm + tm - 1 - k
                if dst < n:
                    row = table[ids[src]] if src < n else table[0]
                    res[dst] = 2 * row
        return {"out": res}

    return case(name, rows_advanced_indexing, [A(d, 2), A("i32", 1), A(d, 2), tm, dim],
                make_args, reference, [(64, 100), (20, 7)], dtype=d, tol=(0.0, 0.0),
                note="ids past the end load as 0 (zero padding) and pick row 0")


CASES += [_adv_case("f32"), _adv_case("f16")]


def _window_case(d, tm=8, width=16):
    name = f"rows_column_window_{d}"

    def make_args(device, shape, dtype=None):
        (n, m, col) = shape
        rng = rng_for(name, shape)
        table = (randint(rng, d, (n, m), -1000, 1000) if dt(d).is_int
                 else uniform(rng, d, (n, m), -10, 10))
        table, out = devs(device, table, poison(d, (n, m)))
        return Launch((cdiv(n, tm),), (table, out, col, tm, width), {"out": out})

    def reference(args, shape):
        (n, m, col) = shape
        table = args[0]
        res = np.asarray(args[1]).copy()
        hi = min(m, col + width)
        # The kernel adds in the element type: f32 rounds like NumPy's f32.
        window = np.asarray(table[:, col:hi]).astype(dt(d).np)
        res[:, col:hi] = as64(window + np.asarray(1, dtype=dt(d).np))
        return {"out": res}

    return case(name, rows_column_window, [A(d, 2), A(d, 2), S("i32"), tm, width],
                make_args, reference, [(16, 64, 0), (16, 64, 5), (8, 40, 30), (8, 20, 17)],
                dtype=d, tol=(0.0, 0.0),
                note="shape is (rows, cols, column start); the start is an element offset, "
                     "not a multiple of the window, and the window may end past the array")


CASES += [_window_case("f32"), _window_case("i32")]


def _raw_case(d, tile=128):
    name = f"raw_offsets_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, randint(rng, d, shape, -1000, 1000) if dt(d).is_int
                      else uniform(rng, d, shape, -100, 100), poison(d, shape))
        return Launch((cdiv(shape[0], tile),), (x, out, tile), {"out": out})

    def reference(args, shape):
        (n,) = shape
        x = args[0]
        j = np.arange(n) ^ 1
        return {"out": round_to(np.where(j < n, x[np.minimum(j, n - 1)], 0) + 1, d)}

    return case(name, raw_offsets, [A(d, 1), A(d, 1), tile], make_args, reference,
                [(1000,), (128,), (5,)], dtype=d, tol=(0.0, 0.0))


CASES += [_raw_case("f32"), _raw_case("i32")]


def _raw_scalar_case(d="f32", stride=5):
    name = f"raw_scalar_offsets_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        (n,) = shape
        x, out = devs(device, uniform(rng, d, (n * stride,), -100, 100), poison(d, shape))
        return Launch((n,), (x, out, stride), {"out": out})

    def reference(args, shape):
        return {"out": args[0][::stride]}

    return case(name, raw_scalar_offsets, [A(d, 1), A(d, 1), stride], make_args, reference,
                [(100,), (1,)], dtype=d, tol=(0.0, 0.0))


CASES.append(_raw_scalar_case())
CASES.append(_case_1d("foreign_view_copy_f32", foreign_view_copy, "f32", lambda x, out: x - 3))
