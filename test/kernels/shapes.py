# Part of the tileir project, under the Apache License v2.0 with LLVM
# Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Shape manipulation: broadcasting, expand_dims / None indexing, reshape,
permute, transpose, extract, cat, insert and tile factories (arange, full,
zeros, ones, astile)."""

import numpy as np
import cuda.tile as ct

from corpus import A, Launch, case, cdiv, devs, poison, rng_for, uniform

ZERO = ct.PaddingMode.ZERO


@ct.kernel
def broadcast_outer(x, row, col, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    t = ct.load(x, (bm, bn), (TM, TN))
    r = ct.load(row, (bn,), (TN,))
    c = ct.load(col, (bm,), (TM,))
    outer = ct.broadcast_to(r[None, :], (TM, TN)) * ct.expand_dims(c, 1)
    ct.store(out, (bm, bn), t + outer)


@ct.kernel
def broadcast_scalar_tile(x, s, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    # A (1, 1) tile and a 0-d tile broadcast against a 2-D tile.
    bm = ct.bid(0)
    bn = ct.bid(1)
    t = ct.load(x, (bm, bn), (TM, TN))
    one = ct.load(s, (0, 0), (1, 1))
    zero_d = ct.load(s, (0, 0), ())
    ct.store(out, (bm, bn), t * one - zero_d)


@ct.kernel
def reshape_rows(x, out, TM: ct.Constant[int], W: ct.Constant[int]):
    # (TM, W) rows of a width-W matrix flattened into a 1-D output.
    bm = ct.bid(0)
    t = ct.load(x, (bm, 0), (TM, W))
    ct.store(out, (bm,), ct.reshape(t, (TM * W,)))


@ct.kernel
def reshape_roundtrip(x, out, TILE: ct.Constant[int]):
    # 1-D -> 3-D -> permute -> 2-D -> transpose -> 1-D.
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE,))
    t3 = t.reshape((4, -1, 8))
    p = ct.permute(t3, (2, 0, 1))
    m = p.reshape((8 * 4, TILE // 32))
    ct.store(out, (bid,), ct.transpose(m).reshape((TILE,)))


@ct.kernel
def permute_3d(x, out, TA: ct.Constant[int], TB: ct.Constant[int], TC: ct.Constant[int]):
    # out[c, a, b] = x[a, b, c]
    ba = ct.bid(0)
    bb = ct.bid(1)
    bc = ct.bid(2)
    t = ct.load(x, (ba, bb, bc), (TA, TB, TC))
    ct.store(out, (bc, ba, bb), ct.permute(t, (2, 0, 1)))


@ct.kernel
def transpose_2d(x, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    t = ct.load(x, (bm, bn), (TM, TN))
    ct.store(out, (bn, bm), t.transpose())


@ct.kernel
def transpose_3d_axes(x, out, TA: ct.Constant[int], TB: ct.Constant[int],
                      TC: ct.Constant[int]):
    # out[a, c, b] = x[a, b, c]
    ba = ct.bid(0)
    bb = ct.bid(1)
    bc = ct.bid(2)
    t = ct.load(x, (ba, bb, bc), (TA, TB, TC))
    ct.store(out, (ba, bc, bb), ct.transpose(t, 1, 2))


@ct.kernel
def swap_quadrants(x, out, T: ct.Constant[int]):
    # [[A, B], [C, D]] -> [[D, C], [B, A]] inside each (2T, 2T) tile.
    bm = ct.bid(0)
    bn = ct.bid(1)
    t = ct.load(x, (bm, bn), (2 * T, 2 * T), padding_mode=ZERO)
    a = ct.extract(t, (0, 0), (T, T))
    b = ct.extract(t, (0, 1), (T, T))
    c = t.extract((1, 0), (T, T))
    d = t.extract((1, 1), (T, T))
    top = ct.cat((d, c), 1)
    bottom = ct.cat((b, a), axis=1)
    ct.store(out, (bm, bn), ct.cat((top, bottom), 0))


@ct.kernel
def interleave_halves(x, out, TILE: ct.Constant[int]):
    # 1-D extract of strided sub-tiles and concatenation in reverse order.
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE,), padding_mode=ZERO)
    lo = ct.extract(t, (0,), (TILE // 2,))
    hi = ct.extract(t, (1,), (TILE // 2,))
    ct.store(out, (bid,), ct.cat((hi, lo), 0))


@ct.kernel
def insert_block(x, out, T: ct.Constant[int]):
    # Overwrites the (1, 0) sub-tile of each (2T, 2T) tile with its (0, 1) sub-tile.
    bm = ct.bid(0)
    bn = ct.bid(1)
    t = ct.load(x, (bm, bn), (2 * T, 2 * T), padding_mode=ZERO)
    ct.store(out, (bm, bn), ct.insert(t, (1, 0), ct.extract(t, (0, 1), (T, T))))


@ct.kernel
def factories(out, TILE: ct.Constant[int]):
    # out[i] = i + 2 * (TILE - 1 - i) + 1 + 0 + 7 - (1, 2, 3, 4)[i % 4] in every tile
    bid = ct.bid(0)
    up = ct.arange(TILE, dtype=ct.int32)
    down = ct.arange(TILE, dtype=ct.int32, start=TILE - 1, step=-1)
    quad = ct.astile((1, 2, 3, 4), dtype=ct.int32)
    rep = ct.broadcast_to(quad[None, :], (TILE // 4, 4)).reshape((TILE,))
    v = up + 2 * down + ct.ones((TILE,), ct.int32) + ct.zeros((TILE,), dtype=ct.int32)
    v = v + ct.full((TILE,), 7, ct.int32) - rep
    ct.store(out, (bid,), v)


@ct.kernel
def iota_2d(out, TM: ct.Constant[int], TN: ct.Constant[int]):
    # out[i, j] = i * 1000 + j using block ids, arange and broadcasting.
    bm = ct.bid(0)
    bn = ct.bid(1)
    rows = ct.arange(TM, dtype=ct.int32) + bm * TM
    cols = ct.arange(TN, dtype=ct.int32) + bn * TN
    ct.store(out, (bm, bn), rows[:, None] * 1000 + cols[None, :])


# ---------------------------------------------------------------------------

CASES = []


def _outer_case(d, tm=32, tn=64):
    name = f"broadcast_outer_{d}"

    def make_args(device, shape, dtype=None):
        m, n = shape
        rng = rng_for(name, shape)
        x, row, col, out = devs(device, uniform(rng, d, (m, n), -4, 4),
                                uniform(rng, d, (n,), -4, 4), uniform(rng, d, (m,), -4, 4),
                                poison(d, (m, n)))
        return Launch((cdiv(m, tm), cdiv(n, tn)), (x, row, col, out, tm, tn), {"out": out})

    def reference(args, shape):
        x, row, col = args[0], args[1], args[2]
        return {"out": x + col[:, None] * row[None, :]}

    return case(name, broadcast_outer, [A(d, 2), A(d, 1), A(d, 1), A(d, 2), tm, tn],
                make_args, reference, [(100, 200), (64, 128), (5, 300)], dtype=d)


CASES += [_outer_case(d) for d in ("f32", "f16", "i32", "f64")]


def _bscalar_case(d, tm=64, tn=32):
    name = f"broadcast_scalar_tile_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, s, out = devs(device, uniform(rng, d, shape, -4, 4), uniform(rng, d, (1, 1), 1, 3),
                         poison(d, shape))
        return Launch((cdiv(shape[0], tm), cdiv(shape[1], tn)), (x, s, out, tm, tn),
                      {"out": out})

    def reference(args, shape):
        s = args[1][0, 0]
        return {"out": args[0] * s - s}

    return case(name, broadcast_scalar_tile, [A(d, 2), A(d, 2), A(d, 2), tm, tn], make_args,
                reference, [(100, 70), (64, 32)], dtype=d)


CASES += [_bscalar_case("f32"), _bscalar_case("i16")]


def _reshape_rows_case(d, tm=16, w=64):
    name = f"reshape_rows_{d}"

    def make_args(device, shape, dtype=None):
        (rows,) = shape
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, d, (rows, w), -100, 100), poison(d, (rows * w,)))
        return Launch((cdiv(rows, tm),), (x, out, tm, w), {"out": out})

    def reference(args, shape):
        return {"out": args[0].reshape(-1)}

    return case(name, reshape_rows, [A(d, 2), A(d, 1), tm, w], make_args, reference,
                [(100,), (64,), (3,)], dtype=d)


CASES += [_reshape_rows_case("f32"), _reshape_rows_case("i8")]


def _roundtrip_case(d, tile=256):
    name = f"reshape_roundtrip_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, d, shape, -100, 100), poison(d, shape))
        return Launch((cdiv(shape[0], tile),), (x, out, tile), {"out": out})

    def reference(args, shape):
        (n,) = shape
        x = args[0]
        nb = cdiv(n, tile)
        # Padding is undetermined, so only whole tiles have a defined result.
        xp = np.concatenate([x, np.full(nb * tile - n, np.nan)])
        blocks = xp.reshape(nb, 4, tile // 32, 8).transpose(0, 3, 1, 2)
        res = blocks.reshape(nb, 32, tile // 32).transpose(0, 2, 1).reshape(-1)[:n]
        return {"out": res}

    return case(name, reshape_roundtrip, [A(d, 1), A(d, 1), tile], make_args, reference,
                [(1024,), (256,)], dtype=d,
                note="shapes are whole tiles: the shuffle moves padding into the result")


CASES += [_roundtrip_case("f32"), _roundtrip_case("bf16")]


def _permute_case(d, ta=4, tb=8, tc=16):
    name = f"permute_3d_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        a, b, c = shape
        x, out = devs(device, uniform(rng, d, shape, -100, 100), poison(d, (c, a, b)))
        return Launch((cdiv(a, ta), cdiv(b, tb), cdiv(c, tc)), (x, out, ta, tb, tc),
                      {"out": out})

    def reference(args, shape):
        return {"out": np.transpose(args[0], (2, 0, 1))}

    return case(name, permute_3d, [A(d, 3), A(d, 3), ta, tb, tc], make_args, reference,
                [(8, 16, 32), (5, 9, 40), (3, 8, 16)], dtype=d)


CASES += [_permute_case(d) for d in ("f32", "f16", "i8")]


def _transpose_case(d, tm, tn):
    name = f"transpose_2d_{d}_{tm}x{tn}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        m, n = shape
        x, out = devs(device, uniform(rng, d, shape, -100, 100), poison(d, (n, m)))
        return Launch((cdiv(m, tm), cdiv(n, tn)), (x, out, tm, tn), {"out": out})

    def reference(args, shape):
        return {"out": args[0].T}

    return case(name, transpose_2d, [A(d, 2), A(d, 2), tm, tn], make_args, reference,
                [(256, 128), (100, 300), (1, 64)], dtype=d)


CASES += [_transpose_case(d, 32, 32) for d in ("f32", "f16", "i8", "f64")]
CASES += [_transpose_case("f32", 64, 16), _transpose_case("bf16", 128, 64)]


def _transpose3_case(d, ta=2, tb=16, tc=32):
    name = f"transpose_3d_axes_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        a, b, c = shape
        x, out = devs(device, uniform(rng, d, shape, -100, 100), poison(d, (a, c, b)))
        return Launch((cdiv(a, ta), cdiv(b, tb), cdiv(c, tc)), (x, out, ta, tb, tc),
                      {"out": out})

    def reference(args, shape):
        return {"out": np.transpose(args[0], (0, 2, 1))}

    return case(name, transpose_3d_axes, [A(d, 3), A(d, 3), ta, tb, tc], make_args,
                reference, [(4, 32, 64), (3, 20, 50)], dtype=d)


CASES += [_transpose3_case("f32")]


def _blockwise(x, bm, bn, fn):
    """Applies fn to each zero-padded (bm, bn) block and crops the result."""
    m, n = x.shape
    pm, pn = cdiv(m, bm) * bm, cdiv(n, bn) * bn
    xp = np.zeros((pm, pn))
    xp[:m, :n] = x
    res = np.empty_like(xp)
    for i in range(0, pm, bm):
        for j in range(0, pn, bn):
            res[i:i + bm, j:j + bn] = fn(xp[i:i + bm, j:j + bn])
    return res[:m, :n]


def _swap_ref_block(b):
    t = b.shape[0] // 2
    a_, b_, c_, d_ = b[:t, :t], b[:t, t:], b[t:, :t], b[t:, t:]
    return np.block([[d_, c_], [b_, a_]])


def _insert_ref_block(b):
    t = b.shape[0] // 2
    r = b.copy()
    r[t:, :t] = b[:t, t:]
    return r


def _quad_case(kernel, prefix, block_fn, d, t):
    name = f"{prefix}_{d}_t{t}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, d, shape, -100, 100), poison(d, shape))
        return Launch((cdiv(shape[0], 2 * t), cdiv(shape[1], 2 * t)), (x, out, t), {"out": out})

    def reference(args, shape):
        return {"out": _blockwise(args[0], 2 * t, 2 * t, block_fn)}

    return case(name, kernel, [A(d, 2), A(d, 2), t], make_args, reference,
                [(128, 128), (100, 70), (16, 300)], dtype=d)


CASES += [_quad_case(swap_quadrants, "swap_quadrants", _swap_ref_block, d, t)
          for d, t in (("f32", 16), ("f16", 32), ("i32", 8))]
CASES += [_quad_case(insert_block, "insert_block", _insert_ref_block, "f32", 16)]


def _interleave_case(d, tile=128):
    name = f"interleave_halves_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, d, shape, -100, 100), poison(d, shape))
        return Launch((cdiv(shape[0], tile),), (x, out, tile), {"out": out})

    def reference(args, shape):
        (n,) = shape
        nb = cdiv(n, tile)
        xp = np.zeros(nb * tile)
        xp[:n] = args[0]
        h = tile // 2
        blocks = xp.reshape(nb, 2, h)[:, ::-1, :].reshape(-1)
        return {"out": blocks[:n]}

    return case(name, interleave_halves, [A(d, 1), A(d, 1), tile], make_args, reference,
                [(1000,), (128,), (70,)], dtype=d)


CASES += [_interleave_case("f32"), _interleave_case("i64")]


def _factories_case(tile=128):
    name = "factories_i32"

    def make_args(device, shape, dtype=None):
        (out,) = devs(device, poison("i32", shape))
        return Launch((cdiv(shape[0], tile),), (out, tile), {"out": out})

    def reference(args, shape):
        (n,) = shape
        i = np.arange(n) % tile
        v = i + 2 * (tile - 1 - i) + 1 + 0 + 7 - (i % 4 + 1)
        return {"out": v}

    return case(name, factories, [A("i32", 1), tile], make_args, reference,
                [(1000,), (128,), (7,)], dtype="i32")


CASES.append(_factories_case())


def _iota_case(tm=16, tn=64):
    name = "iota_2d_i32"

    def make_args(device, shape, dtype=None):
        (out,) = devs(device, poison("i32", shape))
        return Launch((cdiv(shape[0], tm), cdiv(shape[1], tn)), (out, tm, tn), {"out": out})

    def reference(args, shape):
        m, n = shape
        return {"out": np.arange(m)[:, None] * 1000 + np.arange(n)[None, :]}

    return case(name, iota_2d, [A("i32", 2), tm, tn], make_args, reference,
                [(100, 200), (16, 64), (1, 999)], dtype="i32")


CASES.append(_iota_case())
