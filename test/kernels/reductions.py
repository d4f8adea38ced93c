# Part of the tileir project, under the Apache License v2.0 with LLVM
# Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Reductions (sum, prod, max, min, argmax, argmin, custom and tuple
reductions) along each axis of a tile and over whole tiles, loops that
reduce full rows / columns, and scans (cumsum, cumprod, custom scans,
forward and reverse) along each axis."""

import numpy as np
import cuda.tile as ct

from corpus import (A, Launch, case, cdiv, choice, devs, dt, poison, randint,
                    rng_for, uniform, wrap)

ZERO = ct.PaddingMode.ZERO
NEG_INF = ct.PaddingMode.NEG_INF


# ---------------------------------------------------------------------------
# Block-wise reductions: every (TM, TN) tile is reduced on its own; elements
# outside the array are replaced by the identity IDENT before reducing.


def reduce_axis1_kernel(op):
    @ct.kernel
    def reduce_axis1(x, out, IDENT: ct.Constant, TM: ct.Constant[int], TN: ct.Constant[int]):
        bm = ct.bid(0)
        bn = ct.bid(1)
        t = ct.load(x, (bm, bn), (TM, TN))
        cols = bn * TN + ct.arange(TN, dtype=ct.int32)
        t = ct.where(cols[None, :] < x.shape[1], t, IDENT)
        ct.store(out, (bm, bn), op(t, axis=1, keepdims=True))
    return reduce_axis1


def reduce_axis0_kernel(op):
    @ct.kernel
    def reduce_axis0(x, out, IDENT: ct.Constant, TM: ct.Constant[int], TN: ct.Constant[int]):
        bm = ct.bid(0)
        bn = ct.bid(1)
        t = ct.load(x, (bm, bn), (TM, TN))
        rows = bm * TM + ct.arange(TM, dtype=ct.int32)
        t = ct.where(rows[:, None] < x.shape[0], t, IDENT)
        ct.store(out, (bm, bn), op(t, axis=0).reshape((1, TN)))
    return reduce_axis0


def reduce_all_kernel(op):
    @ct.kernel
    def reduce_all(x, out, IDENT: ct.Constant, TM: ct.Constant[int], TN: ct.Constant[int]):
        bm = ct.bid(0)
        bn = ct.bid(1)
        t = ct.load(x, (bm, bn), (TM, TN))
        rows = bm * TM + ct.arange(TM, dtype=ct.int32)
        cols = bn * TN + ct.arange(TN, dtype=ct.int32)
        inside = (rows[:, None] < x.shape[0]) & (cols[None, :] < x.shape[1])
        t = ct.where(inside, t, IDENT)
        ct.store(out, (bm, bn), op(t))
    return reduce_all


@ct.kernel
def reduce_3d_tuple_axes(x, out, TA: ct.Constant[int], TB: ct.Constant[int],
                         TC: ct.Constant[int]):
    # out[a] = sum over (b, c) of x[a, b, c]; the array is exactly one tile in b and c.
    ba = ct.bid(0)
    t = ct.load(x, (ba, 0, 0), (TA, TB, TC), padding_mode=ZERO)
    ct.store(out, (ba,), ct.sum(t, axis=(1, 2)))


@ct.kernel
def row_sum_loop(x, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    bm = ct.bid(0)
    acc = ct.zeros((TM, TN), dtype=ct.float32)
    for j in range(ct.num_tiles(x, 1, (TM, TN))):
        acc += ct.load(x, (bm, j), (TM, TN), padding_mode=ZERO).astype(ct.float32)
    ct.store(out, (bm,), ct.sum(acc, axis=1))


@ct.kernel
def col_max_loop(x, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    bn = ct.bid(0)
    acc = ct.full((TM, TN), float("-inf"), x.dtype)
    for i in range(ct.num_tiles(x, 0, (TM, TN))):
        acc = ct.maximum(acc, ct.load(x, (i, bn), (TM, TN), padding_mode=NEG_INF))
    ct.store(out, (bn,), ct.max(acc, axis=0))


@ct.kernel
def row_argmax_loop(x, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    # Global argmax of each row, carried as (value, index) across column tiles.
    bm = ct.bid(0)
    best = ct.full((TM,), float("-inf"), ct.float32)
    best_idx = ct.zeros((TM,), ct.int32)
    for j in range(ct.num_tiles(x, 1, (TM, TN))):
        t = ct.load(x, (bm, j), (TM, TN), padding_mode=NEG_INF).astype(ct.float32)
        local = ct.argmax(t, axis=1)
        val = ct.max(t, axis=1)
        better = val > best
        best_idx = ct.where(better, local + j * TN, best_idx)
        best = ct.where(better, val, best)
    ct.store(out, (bm,), best_idx)


@ct.kernel
def row_moments(x, mean, var, TN: ct.Constant[int]):
    # Tuple reduction: (sum, sum of squares) in one ct.reduce.
    bm = ct.bid(0)
    t = ct.load(x, (bm, 0), (1, TN), padding_mode=ZERO).astype(ct.float32)
    s, sq = ct.reduce((t, t * t), 1, lambda a, b, c, d: (a + c, b + d), (0.0, 0.0))
    n = x.shape[1]
    m = s / n
    ct.store(mean, (bm,), m)
    ct.store(var, (bm,), sq / n - m * m)


@ct.kernel
def row_absmax_custom(x, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    # Single-tile custom reduction with a named combiner function.
    bm = ct.bid(0)
    t = ct.load(x, (bm, 0), (TM, TN), padding_mode=ZERO)
    ct.store(out, (bm,), ct.reduce(ct.abs(t), 1, absmax_combine, 0.0))


def absmax_combine(a, b):
    return ct.maximum(a, b)


# ---------------------------------------------------------------------------
# Scans


def scan_kernel(op):
    @ct.kernel
    def block_scan(x, out, IDENT: ct.Constant, AXIS: ct.Constant[int],
                   REVERSE: ct.Constant[bool], TM: ct.Constant[int], TN: ct.Constant[int]):
        bm = ct.bid(0)
        bn = ct.bid(1)
        t = ct.load(x, (bm, bn), (TM, TN))
        rows = bm * TM + ct.arange(TM, dtype=ct.int32)
        cols = bn * TN + ct.arange(TN, dtype=ct.int32)
        inside = (rows[:, None] < x.shape[0]) & (cols[None, :] < x.shape[1])
        t = ct.where(inside, t, IDENT)
        ct.store(out, (bm, bn), op(t, axis=AXIS, reverse=REVERSE))
    return block_scan


@ct.kernel
def running_max_scan(x, out, TN: ct.Constant[int]):
    bm = ct.bid(0)
    t = ct.load(x, (bm, 0), (1, TN), padding_mode=NEG_INF)
    ct.store(out, (bm, 0), ct.scan(t, 1, lambda a, b: ct.maximum(a, b), float("-inf")))


@ct.kernel
def prefix_sum_loop(x, out, TILE: ct.Constant[int]):
    # Inclusive prefix sum of a whole 1-D array by one block, carrying the
    # running total across tiles.
    carry = ct.zeros((), ct.float32)
    for i in range(ct.num_tiles(x, 0, (TILE,))):
        t = ct.load(x, (i,), (TILE,), padding_mode=ZERO).astype(ct.float32)
        s = ct.cumsum(t) + carry
        ct.store(out, (i,), s)
        carry = ct.extract(s, (TILE - 1,), (1,)).reshape(())


# ---------------------------------------------------------------------------
# Cases

REDUCE_OPS = {
    "sum": (ct.sum, "add"),
    "prod": (ct.prod, "mul"),
    "max": (ct.max, "max"),
    "min": (ct.min, "min"),
    "argmax": (ct.argmax, "argmax"),
    "argmin": (ct.argmin, "argmin"),
}
_KERNELS = {}
for _name, (_op, _) in REDUCE_OPS.items():
    _KERNELS[_name] = {1: reduce_axis1_kernel(_op), 0: reduce_axis0_kernel(_op),
                       None: reduce_all_kernel(_op)}


def _identity(kind, d):
    info = dt(d)
    if kind in ("sum",):
        return 0.0 if info.is_float else 0
    if kind == "prod":
        return 1.0 if info.is_float else 1
    if kind in ("max", "argmax"):
        return float("-inf") if info.is_float else int(np.iinfo(info.np).min)
    return float("inf") if info.is_float else int(np.iinfo(info.np).max)


def _gen(kind, d):
    info = dt(d)
    if kind == "prod":
        if info.is_float:
            return lambda rng, shape: uniform(rng, d, shape, 0.9, 1.1)
        return lambda rng, shape: choice(rng, d, shape, [1, 1, 1, -1, 2])
    if info.is_float:
        return lambda rng, shape: uniform(rng, d, shape, -1, 1)
    if kind == "sum" and info.bits >= 32:
        return lambda rng, shape: randint(rng, d, shape, -1000, 1000)
    return lambda rng, shape: randint(rng, d, shape, int(np.iinfo(info.np).min) + 1, None)


def _np_reduce(kind, block, axis, keepdims=False):
    if kind == "sum":
        return np.sum(block, axis=axis, keepdims=keepdims)
    if kind == "prod":
        return np.prod(block, axis=axis, keepdims=keepdims)
    if kind == "max":
        return np.max(block, axis=axis, keepdims=keepdims)
    if kind == "min":
        return np.min(block, axis=axis, keepdims=keepdims)
    f = np.argmax if kind == "argmax" else np.argmin
    if axis is None:
        return f(block)
    return f(block, axis=axis)


def _reduce_tol(kind, d, count):
    info = dt(d)
    if not info.is_float or kind in ("max", "min", "argmax", "argmin"):
        return None
    if kind == "prod":
        return (1e-6, {"f16": 4e-2, "bf16": 2.5e-1, "f32": 1e-4, "f64": 1e-12}[info.short])
    # Summation order is the compiler's choice: allow about 2 ulp * count^0.75
    # for inputs in [-1, 1] (a random-walk bound with some headroom).
    ulp = {"f16": 2.0 ** -10, "bf16": 2.0 ** -7, "f32": 2.0 ** -23, "f64": 2.0 ** -52}[info.short]
    bound = 2 * ulp * count ** 0.75
    return (bound, bound)


def _block_reduce_case(kind, d, axis, tm=32, tn=64):
    axis_name = {0: "axis0", 1: "axis1", None: "all"}[axis]
    name = f"reduce_{kind}_{axis_name}_{d}"
    info = dt(d)
    out_d = "i32" if kind.startswith("arg") else d
    ident = _identity(kind, d)
    kernel = _KERNELS[kind][axis]

    def out_shape(shape):
        m, n = shape
        if axis == 1:
            return (m, cdiv(n, tn))
        if axis == 0:
            return (cdiv(m, tm), n)
        return (cdiv(m, tm), cdiv(n, tn))

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, _gen(kind, d)(rng, shape), poison(out_d, out_shape(shape)))
        return Launch((cdiv(shape[0], tm), cdiv(shape[1], tn)), (x, out, ident, tm, tn),
                      {"out": out})

    def reference(args, shape):
        x = args[0] if info.is_float else np.asarray(args[0]).astype(np.int64)
        m, n = shape
        res = np.zeros(out_shape(shape), dtype=np.float64 if info.is_float else np.int64)
        for bi in range(cdiv(m, tm)):
            for bj in range(cdiv(n, tn)):
                r0, c0 = bi * tm, bj * tn
                blk = x[r0:r0 + tm, c0:c0 + tn]
                if axis == 1:
                    res[r0:r0 + tm, bj] = _np_reduce(kind, blk, 1)
                elif axis == 0:
                    res[bi, c0:c0 + tn] = _np_reduce(kind, blk, 0)
                elif kind.startswith("arg"):
                    # index into the flattened (tm, tn) tile
                    r, c = np.unravel_index(_np_reduce(kind, blk, None), blk.shape)
                    res[bi, bj] = r * tn + c
                else:
                    res[bi, bj] = _np_reduce(kind, blk, None)
        if info.is_int and not kind.startswith("arg"):
            res = wrap(res, d).astype(np.int64)
        return {"out": res}

    count = {1: tn, 0: tm, None: tm * tn}[axis]
    return case(name, kernel, [A(d, 2), A(out_d, 2), ident, tm, tn], make_args, reference,
                [(100, 200), (64, 128), (7, 33)], dtype=d, tol=_reduce_tol(kind, d, count))


CASES = []
# kind: (dtypes reduced along axis 1, dtypes also reduced along axis 0 and whole tiles)
_MATRIX = {
    "sum": (("f16", "bf16", "f32", "f64", "i8", "i32", "i64"), ("f16", "f32", "i32")),
    "prod": (("f32", "f64", "i32"), ("f32",)),
    "max": (("f16", "bf16", "f32", "f64", "i8", "i16", "i32", "i64"), ("f32", "i8")),
    "min": (("f16", "f32", "f64", "i8", "i32"), ("f32",)),
    "argmax": (("f16", "f32", "i32"), ("f32",)),
    "argmin": (("f32", "i16"), ("f32",)),
}
for _kind, (_dts, _all_axes) in _MATRIX.items():
    for _d in _dts:
        for _axis in ((1, 0, None) if _d in _all_axes else (1,)):
            CASES.append(_block_reduce_case(_kind, _d, _axis))


def _reduce3d_case(d="f32", ta=4, tb=8, tc=32):
    name = f"reduce_3d_tuple_axes_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, d, shape, -1, 1), poison(d, (shape[0],)))
        return Launch((cdiv(shape[0], ta),), (x, out, ta, tb, tc), {"out": out})

    def reference(args, shape):
        return {"out": args[0].sum(axis=(1, 2))}

    return case(name, reduce_3d_tuple_axes, [A(d, 3), A(d, 1), ta, tb, tc], make_args,
                reference, [(16, 8, 32), (10, 5, 20)], dtype=d, tol=(1e-4, 1e-4))


CASES.append(_reduce3d_case())


def _row_sum_case(d, tm=16, tn=128):
    name = f"row_sum_loop_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, d, shape, -1, 1), poison("f32", (shape[0],)))
        return Launch((cdiv(shape[0], tm),), (x, out, tm, tn), {"out": out})

    def reference(args, shape):
        return {"out": args[0].sum(axis=1)}

    return case(name, row_sum_loop, [A(d, 2), A("f32", 1), tm, tn], make_args, reference,
                [(100, 1000), (64, 512), (3, 7)], dtype=d, tol=(1e-3, 1e-4))


CASES += [_row_sum_case(d) for d in ("f32", "f16", "bf16", "i32")]


def _col_max_case(d, tm=64, tn=32):
    name = f"col_max_loop_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, d, shape, -100, 100), poison(d, (shape[1],)))
        return Launch((cdiv(shape[1], tn),), (x, out, tm, tn), {"out": out})

    def reference(args, shape):
        return {"out": args[0].max(axis=0)}

    return case(name, col_max_loop, [A(d, 2), A(d, 1), tm, tn], make_args, reference,
                [(1000, 100), (256, 64), (5, 3)], dtype=d)


CASES += [_col_max_case(d) for d in ("f32", "f16", "f64")]


def _row_argmax_case(d, tm=16, tn=64):
    name = f"row_argmax_loop_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        # Distinct values per row keep the argmax unambiguous.
        m, n = shape
        base = np.stack([rng.permutation(n) for _ in range(m)]).astype(np.float64)
        x, out = devs(device, (base / max(n, 1) * 8 - 4).astype(dt(d).np),
                      poison("i32", (m,)))
        return Launch((cdiv(m, tm),), (x, out, tm, tn), {"out": out})

    def reference(args, shape):
        return {"out": np.argmax(args[0], axis=1)}

    return case(name, row_argmax_loop, [A(d, 2), A("i32", 1), tm, tn], make_args, reference,
                [(100, 300), (16, 64), (3, 5)], dtype=d)


CASES += [_row_argmax_case("f32"), _row_argmax_case("f16")]


def _moments_case(d, tn=256):
    name = f"row_moments_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        m, n = shape
        x, mean, var = devs(device, uniform(rng, d, shape, -2, 3), poison("f32", (m,)),
                            poison("f32", (m,)))
        return Launch((m,), (x, mean, var, tn), {"mean": mean, "var": var})

    def reference(args, shape):
        x = args[0]
        mu = x.mean(axis=1)
        return {"mean": mu, "var": (x * x).mean(axis=1) - mu * mu}

    return case(name, row_moments, [A(d, 2), A("f32", 1), A("f32", 1), tn], make_args,
                reference, [(50, 256), (7, 200)], dtype=d, tol=(1e-4, 1e-4))


CASES += [_moments_case("f32"), _moments_case("f16")]


def _absmax_case(d="f32", tm=8, tn=128):
    name = f"row_absmax_custom_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, d, shape, -5, 5), poison(d, (shape[0],)))
        return Launch((cdiv(shape[0], tm),), (x, out, tm, tn), {"out": out})

    def reference(args, shape):
        return {"out": np.abs(args[0]).max(axis=1)}

    return case(name, row_absmax_custom, [A(d, 2), A(d, 1), tm, tn], make_args, reference,
                [(64, 128), (13, 100)], dtype=d)


CASES.append(_absmax_case())

# Scans
_SCAN_KERNELS = {"cumsum": scan_kernel(ct.cumsum), "cumprod": scan_kernel(ct.cumprod)}


def _scan_case(kind, d, axis, reverse, tm=16, tn=64):
    name = f"{kind}_axis{axis}{'_rev' if reverse else ''}_{d}"
    info = dt(d)
    ident = (0.0 if info.is_float else 0) if kind == "cumsum" else (1.0 if info.is_float else 1)
    gen = _gen("sum" if kind == "cumsum" else "prod", d)
    if kind == "cumsum" and info.is_int and info.bits < 32:
        gen = lambda rng, shape: randint(rng, d, shape, -5, 5)  # noqa: E731

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, gen(rng, shape), poison(d, shape))
        return Launch((cdiv(shape[0], tm), cdiv(shape[1], tn)),
                      (x, out, ident, axis, reverse, tm, tn), {"out": out})

    def reference(args, shape):
        x = args[0] if info.is_float else np.asarray(args[0]).astype(np.int64)
        m, n = shape
        res = np.zeros(shape, dtype=x.dtype)
        f = np.cumsum if kind == "cumsum" else np.cumprod
        for r0 in range(0, m, tm):
            for c0 in range(0, n, tn):
                blk = x[r0:r0 + tm, c0:c0 + tn]
                if reverse:
                    blk = np.flip(f(np.flip(blk, axis), axis=axis), axis)
                else:
                    blk = f(blk, axis=axis)
                res[r0:r0 + tm, c0:c0 + tn] = blk
        if info.is_int:
            res = wrap(res, d).astype(np.int64)
        return {"out": res}

    count = tn if axis == 1 else tm
    tol = _reduce_tol("sum" if kind == "cumsum" else "prod", d, count)
    return case(name, _SCAN_KERNELS[kind], [A(d, 2), A(d, 2), ident, axis, reverse, tm, tn],
                make_args, reference, [(64, 128), (50, 100), (3, 5)], dtype=d, tol=tol)


for _d in ("f32", "f16", "i32", "i64", "f64"):
    for _axis in ((0, 1) if _d in ("f32", "i32") else (1,)):
        for _rev in (False, True):
            CASES.append(_scan_case("cumsum", _d, _axis, _rev))
for _d in ("f32", "i32"):
    for _axis in (0, 1):
        CASES.append(_scan_case("cumprod", _d, _axis, _axis == 0))
CASES.append(_scan_case("cumsum", "bf16", 1, False))
CASES.append(_scan_case("cumsum", "i16", 1, True))


def _running_max_case(d="f32", tn=128):
    name = f"running_max_scan_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, d, shape, -10, 10), poison(d, shape))
        return Launch((shape[0],), (x, out, tn), {"out": out})

    def reference(args, shape):
        return {"out": np.maximum.accumulate(args[0], axis=1)}

    return case(name, running_max_scan, [A(d, 2), A(d, 2), tn], make_args, reference,
                [(20, 128), (5, 100)], dtype=d)


CASES.append(_running_max_case())


def _prefix_loop_case(d, tile=256):
    name = f"prefix_sum_loop_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, d, shape, 0, 1), poison("f32", shape))
        return Launch((1,), (x, out, tile), {"out": out})

    def reference(args, shape):
        return {"out": np.cumsum(args[0])}

    return case(name, prefix_sum_loop, [A(d, 1), A("f32", 1), tile], make_args, reference,
                [(1000,), (256,), (3000,)], dtype=d, tol=(1e-3, 1e-5))


CASES += [_prefix_loop_case("f32"), _prefix_loop_case("f16")]


