# Part of the tileir project, under the Apache License v2.0 with LLVM
# Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Tiled loads and stores: every storage dtype, every padding mode with tiles
that hang over the array edge, axis orders ("F" and permutations), 0-d and
3-D tiles, scalar stores, tiled views (incl. overlapping traversal steps),
array slices, divisibility assumptions, grid-stride loops with num_blocks / num_tiles, and memory
ordering / scope on loads and stores."""

import numpy as np
import cuda.tile as ct

from corpus import (A, S, Launch, case, cdiv, devs, dt, poison, randint, rng_for, uniform)

PM = ct.PaddingMode
MO = ct.MemoryOrder
MS = ct.MemoryScope


@ct.kernel
def copy_2d(x, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    ct.store(out, (bm, bn), ct.load(x, (bm, bn), (TM, TN)))


def padded_copy_kernel(mode):
    # `out` is the array rounded up to whole tiles, so padding becomes visible.
    @ct.kernel
    def padded_copy(x, out, TM: ct.Constant[int], TN: ct.Constant[int]):
        bm = ct.bid(0)
        bn = ct.bid(1)
        t = ct.load(x, (bm, bn), (TM, TN), padding_mode=mode)
        ct.store(out, (bm, bn), t)
    return padded_copy


@ct.kernel
def load_order_f(x, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    # Transposed load: tile[y, x] = x[bm * TM + x, bn * TN + y]; out = x.T
    bm = ct.bid(0)
    bn = ct.bid(1)
    t = ct.load(x, (bn, bm), shape=(TN, TM), order="F")
    ct.store(out, (bn, bm), t)


@ct.kernel
def store_order_f(x, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    # Plain load, transposed store; out = x.T
    bm = ct.bid(0)
    bn = ct.bid(1)
    t = ct.load(x, (bm, bn), (TM, TN))
    ct.store(out, (bm, bn), t, order=(1, 0))


@ct.kernel
def load_order_3d(x, out, TA: ct.Constant[int], TB: ct.Constant[int], TC: ct.Constant[int]):
    # tile[a, c, b] = x[a, b, c]; out has shape (A, C, B)
    ba = ct.bid(0)
    bb = ct.bid(1)
    bc = ct.bid(2)
    t = ct.load(x, (ba, bc, bb), shape=(TA, TC, TB), order=(0, 2, 1),
                padding_mode=PM.ZERO)
    ct.store(out, (ba, bc, bb), t)


@ct.kernel
def copy_3d(x, out, TA: ct.Constant[int], TB: ct.Constant[int], TC: ct.Constant[int]):
    ba = ct.bid(0)
    bb = ct.bid(1)
    bc = ct.bid(2)
    ct.store(out, (ba, bb, bc), ct.load(x, (ba, bb, bc), (TA, TB, TC)) + 1)


@ct.kernel
def scalar_elements(x, out, STRIDE: ct.Constant[int]):
    # One element per block through 0-d tiles: out[b] = 2 * x[b * STRIDE]; out2 = 7
    b = ct.bid(0)
    v = ct.load(x, (b * STRIDE,), shape=())
    ct.store(out, (b, 0), v * 2)
    ct.store(out, (b, 1), tile=7)


@ct.kernel
def tiled_view_scale(x, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    bm = ct.bid(0)
    src = x.tiled_view((TM, TN), padding_mode=PM.ZERO)
    dst = out.tiled_view((TM, TN))
    for j in range(src.num_tiles(1)):
        dst.store((bm, j), src.load((bm, j)) * 2)


@ct.kernel
def sliding_window_sum(x, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    # Row windows of height TM advancing by TM // 2 rows: out[w, :] = x[w*TM/2 : +TM, :].sum(0)
    w = ct.bid(0)
    bn = ct.bid(1)
    tv = x.tiled_view((TM, TN), padding_mode=PM.ZERO, traversal_steps=(TM // 2, TN))
    win = tv.load((w, bn))
    ct.store(out, (w, bn), ct.sum(win, axis=0, keepdims=True))


@ct.kernel
def slice_rows(x, out, start, length, TM: ct.Constant[int], TN: ct.Constant[int]):
    # Loads through a row slice; rows past the slice are padded, not read.
    bm = ct.bid(0)
    bn = ct.bid(1)
    sub = x.slice(axis=0, start=start, stop=start + length)
    ct.store(out, (bm, bn), ct.load(sub, (bm, bn), (TM, TN), padding_mode=PM.ZERO))


@ct.kernel
def assumed_divisible_offset(x, out, row_offset, TM: ct.Constant[int], TN: ct.Constant[int]):
    # The run-time row offset is promised to be a multiple of TM.
    bm = ct.bid(0)
    bn = ct.bid(1)
    off = ct.assume_divisible_by(row_offset, 16)
    sub = x.slice(axis=0, start=off, stop=x.shape[0])
    ct.store(out, (bm, bn), ct.load(sub, (bm, bn), (TM, TN), padding_mode=PM.ZERO))


@ct.kernel
def grid_stride_copy(x, out, TILE: ct.Constant[int]):
    for i in range(ct.bid(0), ct.num_tiles(x, 0, (TILE,)), ct.num_blocks(0)):
        ct.store(out, (i,), ct.load(x, (i,), (TILE,)) * 3)


def ordered_copy_kernel(load_order, load_scope, store_order, store_scope):
    @ct.kernel
    def ordered_copy(x, out, TILE: ct.Constant[int]):
        bid = ct.bid(0)
        t = ct.load(x, (bid,), (TILE,), memory_order=load_order, memory_scope=load_scope)
        ct.store(out, (bid,), t + 1, memory_order=store_order, memory_scope=store_scope)
    return ordered_copy


@ct.kernel
def unchecked_copy(x, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE,), check_bounds=False)
    ct.store(out, (bid,), t, check_bounds=False)


# ---------------------------------------------------------------------------

CASES = []


def _gen_any(d):
    info = dt(d)
    if info.kind == "b":
        return lambda rng, shape: randint(rng, "b", shape)
    if info.is_float:
        lim = 200.0 if info.short not in ("e4m3",) else 100.0
        return lambda rng, shape: uniform(rng, d, shape, -lim, lim)
    return lambda rng, shape: randint(rng, d, shape)


def _copy_case(d, tm=32, tn=64):
    name = f"copy_2d_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, _gen_any(d)(rng, shape), poison(d, shape))
        return Launch((cdiv(shape[0], tm), cdiv(shape[1], tn)), (x, out, tm, tn), {"out": out})

    def reference(args, shape):
        return {"out": args[0]}

    return case(name, copy_2d, [A(d, 2), A(d, 2), tm, tn], make_args, reference,
                [(100, 200), (64, 64), (1, 3)], dtype=d, tol=(0.0, 0.0))


for _d in ("b", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "f16", "bf16", "f32", "f64",
           "e4m3", "e5m2"):
    CASES.append(_copy_case(_d))

_PAD_VALUE = {PM.ZERO: 0.0, PM.NEG_ZERO: -0.0, PM.NAN: float("nan"),
              PM.POS_INF: float("inf"), PM.NEG_INF: float("-inf")}
_PAD_KERNELS = {m: padded_copy_kernel(m) for m in _PAD_VALUE}


def _pad_case(d, mode, tm=16, tn=32):
    name = f"pad_{mode.value}_{d}"

    def make_args(device, shape, dtype=None):
        m, n = shape
        rng = rng_for(name, shape)
        gm, gn = cdiv(m, tm), cdiv(n, tn)
        x, out = devs(device, _gen_any(d)(rng, shape), poison(d, (gm * tm, gn * tn)))
        return Launch((gm, gn), (x, out, tm, tn), {"out": out})

    def reference(args, shape):
        m, n = shape
        x = args[0]
        # Integers stay integers: float64 cannot hold every i64.
        res = np.full((cdiv(m, tm) * tm, cdiv(n, tn) * tn), _PAD_VALUE[mode],
                      dtype=np.float64 if dt(d).is_float else np.int64)
        res[:m, :n] = x
        return {"out": res}

    return case(name, _PAD_KERNELS[mode], [A(d, 2), A(d, 2), tm, tn], make_args, reference,
                [(100, 70), (16, 32), (1, 1), (33, 200)], dtype=d, tol=(0.0, 0.0),
                signed_zeros=dt(d).is_float)


for _d in ("f16", "bf16", "f32", "f64", "e5m2"):
    for _m in _PAD_VALUE:
        CASES.append(_pad_case(_d, _m))
for _m in (PM.ZERO, PM.NEG_ZERO, PM.NAN):
    CASES.append(_pad_case("e4m3", _m))
for _d in ("i8", "i32", "i64"):
    CASES.append(_pad_case(_d, PM.ZERO))


def _transpose_io_case(kernel, prefix, d, tm=32, tn=16):
    name = f"{prefix}_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        m, n = shape
        x, out = devs(device, _gen_any(d)(rng, shape), poison(d, (n, m)))
        return Launch((cdiv(m, tm), cdiv(n, tn)), (x, out, tm, tn), {"out": out})

    def reference(args, shape):
        return {"out": args[0].T}

    return case(name, kernel, [A(d, 2), A(d, 2), tm, tn], make_args, reference,
                [(128, 64), (100, 70), (1, 17)], dtype=d, tol=(0.0, 0.0))


CASES += [_transpose_io_case(load_order_f, "load_order_f", d) for d in ("f32", "f16", "i8")]
CASES += [_transpose_io_case(store_order_f, "store_order_f", d) for d in ("f32", "bf16")]


def _order3d_case(d, ta=2, tb=16, tc=8):
    name = f"load_order_3d_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        a, b, c = shape
        x, out = devs(device, _gen_any(d)(rng, shape), poison(d, (a, c, b)))
        return Launch((cdiv(a, ta), cdiv(b, tb), cdiv(c, tc)), (x, out, ta, tb, tc),
                      {"out": out})

    def reference(args, shape):
        return {"out": np.transpose(args[0], (0, 2, 1))}

    return case(name, load_order_3d, [A(d, 3), A(d, 3), ta, tb, tc], make_args, reference,
                [(4, 32, 16), (3, 20, 9)], dtype=d, tol=(0.0, 0.0))


CASES.append(_order3d_case("f32"))


def _copy3d_case(d, ta=2, tb=8, tc=32):
    name = f"copy_3d_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, d, shape, -100, 100), poison(d, shape))
        return Launch((cdiv(shape[0], ta), cdiv(shape[1], tb), cdiv(shape[2], tc)),
                      (x, out, ta, tb, tc), {"out": out})

    def reference(args, shape):
        return {"out": args[0] + 1}

    return case(name, copy_3d, [A(d, 3), A(d, 3), ta, tb, tc], make_args, reference,
                [(4, 16, 64), (5, 9, 33), (1, 1, 1)], dtype=d)


CASES += [_copy3d_case("f32"), _copy3d_case("i16")]


def _scalar_case(d, stride=3):
    name = f"scalar_elements_{d}"

    def make_args(device, shape, dtype=None):
        (n,) = shape
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, d, (n * stride,), -100, 100), poison(d, (n, 2)))
        return Launch((n,), (x, out, stride), {"out": out})

    def reference(args, shape):
        x = args[0]
        return {"out": np.stack([2 * x[::stride], np.full(shape[0], 7.0)], axis=1)}

    return case(name, scalar_elements, [A(d, 1), A(d, 2), stride], make_args, reference,
                [(64,), (5,)], dtype=d)


CASES += [_scalar_case("f32"), _scalar_case("i32")]


def _tv_case(d, tm=16, tn=64):
    name = f"tiled_view_scale_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, d, shape, -100, 100), poison(d, shape))
        return Launch((cdiv(shape[0], tm),), (x, out, tm, tn), {"out": out})

    def reference(args, shape):
        return {"out": args[0] * 2}

    return case(name, tiled_view_scale, [A(d, 2), A(d, 2), tm, tn], make_args, reference,
                [(100, 300), (16, 64), (3, 5)], dtype=d)


CASES += [_tv_case("f32"), _tv_case("f16")]


def _window_case(d, tm=8, tn=64):
    name = f"sliding_window_sum_{d}"
    step = tm // 2

    def nwin(m):
        return cdiv(max(m - tm, 0), step) + 1

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        m, n = shape
        x, out = devs(device, uniform(rng, d, shape, -1, 1), poison(d, (nwin(m), n)))
        return Launch((nwin(m), cdiv(n, tn)), (x, out, tm, tn), {"out": out})

    def reference(args, shape):
        x = args[0]
        m, n = shape
        return {"out": np.stack([x[w * step:w * step + tm].sum(axis=0) for w in range(nwin(m))])}

    return case(name, sliding_window_sum, [A(d, 2), A(d, 2), tm, tn], make_args, reference,
                [(64, 128), (30, 100), (8, 64)], dtype=d, tol=(1e-5, 1e-5))


CASES.append(_window_case("f32"))


def _slice_case(d, tm=16, tn=32):
    name = f"slice_rows_{d}"

    def params_for(shape):
        m, n = shape
        start = m // 3
        length = max(1, m // 2)
        return start, length

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        m, n = shape
        start, length = params_for(shape)
        x, out = devs(device, uniform(rng, d, shape, -100, 100),
                      poison(d, (cdiv(length, tm) * tm, n)))
        return Launch((cdiv(length, tm), cdiv(n, tn)), (x, out, start, length, tm, tn),
                      {"out": out})

    def reference(args, shape):
        x, start, length = args[0], args[2], args[3]
        res = np.zeros((cdiv(length, tm) * tm, shape[1]))
        res[:length] = x[start:start + length]
        return {"out": res}

    return case(name, slice_rows, [A(d, 2), A(d, 2), S("i32"), S("i32"), tm, tn], make_args,
                reference, [(100, 64), (48, 40), (3, 7)], dtype=d, tol=(0.0, 0.0))


CASES.append(_slice_case("f32"))


def _assume_case(d="f32", tm=16, tn=32):
    name = f"assumed_divisible_offset_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        m, n = shape
        off = (m // 3) // 16 * 16
        x, out = devs(device, uniform(rng, d, shape, -100, 100), poison(d, (m - off, n)))
        return Launch((cdiv(m - off, tm), cdiv(n, tn)), (x, out, off, tm, tn), {"out": out})

    def reference(args, shape):
        return {"out": args[0][args[2]:]}

    return case(name, assumed_divisible_offset, [A(d, 2), A(d, 2), S("i32"), tm, tn],
                make_args, reference, [(100, 64), (48, 40), (7, 7)], dtype=d, tol=(0.0, 0.0))


CASES.append(_assume_case())


def _grid_stride_case(d, tile=128, blocks=4):
    name = f"grid_stride_copy_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, d, shape, -100, 100), poison(d, shape))
        return Launch((blocks,), (x, out, tile), {"out": out})

    def reference(args, shape):
        return {"out": args[0] * 3}

    return case(name, grid_stride_copy, [A(d, 1), A(d, 1), tile], make_args, reference,
                [(10000,), (128,), (7,)], dtype=d)


CASES += [_grid_stride_case("f32"), _grid_stride_case("i64")]

_ORDERINGS = (
    ("relaxed_device", MO.RELAXED, MS.DEVICE, MO.RELAXED, MS.DEVICE),
    ("acquire_release_device", MO.ACQUIRE, MS.DEVICE, MO.RELEASE, MS.DEVICE),
    ("acquire_release_block", MO.ACQUIRE, MS.BLOCK, MO.RELEASE, MS.BLOCK),
    ("acquire_release_sys", MO.ACQUIRE, MS.SYS, MO.RELEASE, MS.SYS),
    ("relaxed_block_weak", MO.RELAXED, MS.BLOCK, MO.WEAK, MS.NONE),
)


def _ordered_case(label, lo, ls, so, ss, d="i32", tile=128):
    name = f"ordered_copy_{label}_{d}"
    kernel = ordered_copy_kernel(lo, ls, so, ss)

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, randint(rng, d, shape, -1000, 1000), poison(d, shape))
        return Launch((cdiv(shape[0], tile),), (x, out, tile), {"out": out})

    def reference(args, shape):
        return {"out": args[0] + 1}

    return case(name, kernel, [A(d, 1), A(d, 1), tile], make_args, reference,
                [(1000,), (128,)], dtype=d)


CASES += [_ordered_case(*o) for o in _ORDERINGS]
CASES.append(_ordered_case("acquire_release_device", MO.ACQUIRE, MS.DEVICE, MO.RELEASE,
                           MS.DEVICE, d="f32"))


def _unchecked_case(d="f32", tile=256):
    name = f"unchecked_copy_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, d, shape, -100, 100), poison(d, shape))
        return Launch((cdiv(shape[0], tile),), (x, out, tile), {"out": out})

    def reference(args, shape):
        return {"out": args[0]}

    return case(name, unchecked_copy, [A(d, 1, shape_divisible_by=tile), A(d, 1), tile],
                make_args, reference, [(1024,), (256,)], dtype=d,
                note="whole tiles only: bounds checks are disabled")


CASES.append(_unchecked_case())
