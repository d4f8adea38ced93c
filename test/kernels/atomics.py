# Part of the tileir project, under the Apache License v2.0 with LLVM
# Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Atomics: read-modify-write (add, max, min, and, or, xor, xchg) and
compare-and-swap on every dtype cuTile accepts, returned old values,
contended histograms, a CAS retry loop, every memory order and scope,
raw element-offset atomics and tile-wise atomic stores through tiled views."""

import numpy as np
import cuda.tile as ct

from corpus import A, Launch, case, cdiv, devs, dt, poison, randint, rng_for, round_to, uniform, zeros

MO = ct.MemoryOrder
MS = ct.MemoryScope


def rmw_kernel(op, order, scope):
    # Each element is touched once, so the returned old values are exact.
    @ct.kernel
    def rmw_once(a, upd, old, TILE: ct.Constant[int]):
        bid = ct.bid(0)
        i = bid * TILE + ct.arange(TILE, dtype=ct.int32)
        v = ct.load(upd, (bid,), (TILE,))
        ct.store(old, (bid,), op(a, i, v, memory_order=order, memory_scope=scope))
    return rmw_once


@ct.kernel
def cas_even(a, desired, old, TILE: ct.Constant[int]):
    # Expected value matches on even indices only.
    bid = ct.bid(0)
    i = bid * TILE + ct.arange(TILE, dtype=ct.int32)
    cur = ct.load(a, (bid,), (TILE,))
    expected = ct.where(i % 2 == 0, cur, cur + 1)
    d = ct.load(desired, (bid,), (TILE,))
    ct.store(old, (bid,), ct.atomic_cas(a, i, expected, d))


@ct.kernel
def histogram(bins, hist, TILE: ct.Constant[int]):
    # Contended integer atomics: hist[b] += 1 for every input bin b.
    bid = ct.bid(0)
    b = ct.load(bins, (bid,), (TILE,), padding_mode=ct.PaddingMode.ZERO)
    i = bid * TILE + ct.arange(TILE, dtype=ct.int32)
    # Lanes past the end get an out-of-range bin and are dropped by the bounds check.
    b = ct.where(i < bins.shape[0], b, hist.shape[0])
    ct.atomic_add(hist, b, ct.ones((TILE,), hist.dtype))


def ordered_sum_kernel(order, scope):
    @ct.kernel
    def ordered_sum(x, bins, acc, TILE: ct.Constant[int]):
        # Contended float atomics: acc[bins[i]] += x[i]
        bid = ct.bid(0)
        v = ct.load(x, (bid,), (TILE,), padding_mode=ct.PaddingMode.ZERO)
        b = ct.load(bins, (bid,), (TILE,), padding_mode=ct.PaddingMode.ZERO)
        ct.atomic_add(acc, b, v, memory_order=order, memory_scope=scope)
    return ordered_sum


@ct.kernel
def fold_rows_atomic(x, acc, TM: ct.Constant[int], TN: ct.Constant[int]):
    # acc[r % R, c] += x[r, c] with 2-D index tiles; R = acc.shape[0]
    bm = ct.bid(0)
    bn = ct.bid(1)
    t = ct.load(x, (bm, bn), (TM, TN), padding_mode=ct.PaddingMode.ZERO)
    r = bm * TM + ct.arange(TM, dtype=ct.int32)
    c = bn * TN + ct.arange(TN, dtype=ct.int32)
    r = ct.where(r < x.shape[0], r % acc.shape[0], acc.shape[0])
    ct.atomic_add(acc, (r[:, None], c[None, :]), t)


@ct.kernel
def global_max_min(x, mx, mn, TILE: ct.Constant[int]):
    # Scalar-index atomics: mx[0] = max(x), mn[0] = min(x).
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE,), padding_mode=ct.PaddingMode.ZERO)
    i = bid * TILE + ct.arange(TILE, dtype=ct.int32)
    inside = i < x.shape[0]
    ct.atomic_max(mx, 0, ct.max(ct.where(inside, t, -2147483647)))
    ct.atomic_min(mn, 0, ct.min(ct.where(inside, t, 2147483647)))


@ct.kernel
def cas_counter(counter, slots, ROUNDS: ct.Constant[int]):
    # Every block increments counter[0] ROUNDS times with a CAS retry loop and
    # records the ticket it obtained: slots[ticket] = 1.
    for r in range(ROUNDS):
        expected = ct.atomic_add(counter, 0, 0)
        while True:
            prev = ct.atomic_cas(counter, 0, expected, expected + 1,
                                 memory_order=MO.ACQ_REL, memory_scope=MS.DEVICE)
            if prev == expected:
                break
            expected = prev
        ct.scatter(slots, expected, 1)


@ct.kernel
def raw_atomic_ops(a, upd, old_add, old_max, old_xor, TILE: ct.Constant[int]):
    # Element-offset atomics on three disjoint thirds of `a`.
    bid = ct.bid(0)
    i = bid * TILE + ct.arange(TILE, dtype=ct.int32)
    n = upd.shape[0]
    v = ct.load(upd, (bid,), (TILE,))
    mem = a.get_raw_memory()
    inside = i < n
    ct.store(old_add, (bid,), mem.atomic_add_offset(i, v, mask=inside))
    ct.store(old_max, (bid,), mem.atomic_max_offset(i + n, v, mask=inside,
                                                    memory_order=MO.RELAXED))
    ct.store(old_xor, (bid,), mem.atomic_xor_offset(i + 2 * n, v, mask=inside,
                                                    memory_scope=MS.SYS))


@ct.kernel
def raw_atomic_cas_xchg(a, b, old_cas, old_xchg, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    i = bid * TILE + ct.arange(TILE, dtype=ct.int32)
    inside = i < a.shape[0]
    ma = a.get_raw_memory()
    mb = b.get_raw_memory()
    ct.store(old_cas, (bid,), ma.atomic_cas_offset(i, i, -i, mask=inside))
    ct.store(old_xchg, (bid,), mb.atomic_xchg_offset(i, i * 10, mask=inside))


@ct.kernel
def split_k_accumulate(x, acc, TM: ct.Constant[int], TN: ct.Constant[int],
                       SPLIT: ct.Constant[int]):
    # acc += sum of SPLIT row-bands of x (x has SPLIT * M rows) via tile atomics.
    bm = ct.bid(0)
    bn = ct.bid(1)
    s = ct.bid(2)
    src = x.tiled_view((TM, TN), padding_mode=ct.PaddingMode.ZERO)
    band = acc.shape[0] // TM
    t = src.load((s * band + bm, bn))
    acc.tiled_view((TM, TN)).atomic_store_add((bm, bn), t)


@ct.kernel
def tiled_view_bit_atomics(x, acc_or, acc_and, acc_xor, acc_max, acc_min,
                           TM: ct.Constant[int], TN: ct.Constant[int]):
    # Every row band of x is folded into one (TM, N) accumulator per operation.
    bm = ct.bid(0)
    bn = ct.bid(1)
    t = ct.load(x, (bm, bn), (TM, TN))
    acc_or.tiled_view((TM, TN)).atomic_store_or((0, bn), t)
    acc_and.tiled_view((TM, TN)).atomic_store_and((0, bn), t)
    acc_xor.tiled_view((TM, TN)).atomic_store_xor((0, bn), t)
    acc_max.tiled_view((TM, TN)).atomic_store_max((0, bn), t)
    acc_min.tiled_view((TM, TN)).atomic_store_min((0, bn), t)


# ---------------------------------------------------------------------------

CASES = []

_RMW = {
    "add": (ct.atomic_add, lambda a, v: a + v),
    "max": (ct.atomic_max, np.maximum),
    "min": (ct.atomic_min, np.minimum),
    "and": (ct.atomic_and, np.bitwise_and),
    "or": (ct.atomic_or, np.bitwise_or),
    "xor": (ct.atomic_xor, np.bitwise_xor),
    "xchg": (ct.atomic_xchg, lambda a, v: v),
}


def _rmw_case(opname, d, order=MO.ACQ_REL, scope=MS.DEVICE, tile=128, suffix=""):
    name = f"atomic_{opname}_{d}{suffix}"
    op, fn = _RMW[opname]
    info = dt(d)
    kernel = rmw_kernel(op, order, scope)

    def gen(rng, shape):
        if info.is_float:
            return uniform(rng, d, shape, -100, 100)
        if opname == "add":
            return randint(rng, d, shape, 0 if info.kind == "u" else -100000, 100000)
        return randint(rng, d, shape)

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        a, upd, old = devs(device, gen(rng, shape), gen(rng, shape), poison(d, shape))
        return Launch((cdiv(shape[0], tile),), (a, upd, old, tile), {"a": a, "old": old})

    def reference(args, shape):
        a, v = args[0], args[1]
        if not info.is_float:
            a, v = np.asarray(a).astype(info.np), np.asarray(v).astype(info.np)
        # One add per element, rounded once to the element type.
        res = np.asarray(fn(a, v))
        return {"a": round_to(res, d) if info.is_float else res, "old": a}

    return case(name, kernel, [A(d, 1), A(d, 1), A(d, 1), tile], make_args, reference,
                [(1000,), (128,), (3,)], dtype=d, tol=(1e-6, 1e-6) if info.is_float else None,
                inplace=("a",))


for _d in ("i32", "i64", "u32", "f32", "f64", "f16", "bf16"):
    CASES.append(_rmw_case("add", _d))
for _op in ("max", "min", "and", "or", "xor"):
    for _d in ("i32", "i64", "u32"):
        CASES.append(_rmw_case(_op, _d))
for _d in ("i32", "i64", "f32", "f64"):
    CASES.append(_rmw_case("xchg", _d))

# Memory orders and scopes (uncontended, so every scope is well defined).
for _order in (MO.RELAXED, MO.ACQUIRE, MO.RELEASE, MO.ACQ_REL):
    for _scope in (MS.BLOCK, MS.DEVICE, MS.SYS):
        CASES.append(_rmw_case("add", "i32", _order, _scope,
                               suffix=f"_{_order.value}_{_scope.value}"))
CASES.append(_rmw_case("xchg", "f32", MO.RELAXED, MS.BLOCK, suffix="_relaxed_block"))
CASES.append(_rmw_case("max", "i64", MO.ACQUIRE, MS.SYS, suffix="_acquire_sys"))


def _cas_case(d, tile=128):
    name = f"atomic_cas_{d}"
    info = dt(d)

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        if info.is_float:
            a, des = uniform(rng, d, shape, -100, 100), uniform(rng, d, shape, -100, 100)
        else:
            a, des = randint(rng, d, shape, -1000, 1000), randint(rng, d, shape, -1000, 1000)
        a, des, old = devs(device, a, des, poison(d, shape))
        return Launch((cdiv(shape[0], tile),), (a, des, old, tile), {"a": a, "old": old})

    def reference(args, shape):
        a, des = args[0], args[1]
        even = np.arange(shape[0]) % 2 == 0
        return {"a": np.where(even, des, a), "old": a}

    return case(name, cas_even, [A(d, 1), A(d, 1), A(d, 1), tile], make_args, reference,
                [(1000,), (128,), (3,)], dtype=d, tol=(0.0, 0.0), inplace=("a",))


CASES += [_cas_case(d) for d in ("i32", "i64", "u32", "f32", "f64")]


def _hist_case(d="i32", tile=256, nbins=37):
    name = f"histogram_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        bins, hist = devs(device, randint(rng, "i32", shape, 0, nbins - 1), zeros(d, (nbins,)))
        return Launch((cdiv(shape[0], tile),), (bins, hist, tile), {"hist": hist})

    def reference(args, shape):
        b = np.asarray(args[0]).astype(np.int64)
        return {"hist": np.bincount(b, minlength=nbins)}

    return case(name, histogram, [A("i32", 1), A(d, 1), tile], make_args, reference,
                [(10000,), (256,), (1,)], dtype=d, inplace=("hist",))


CASES += [_hist_case("i32"), _hist_case("i64"), _hist_case("u32")]

_ORDERED = ((MO.RELAXED, MS.DEVICE), (MO.ACQ_REL, MS.DEVICE), (MO.RELEASE, MS.SYS),
            (MO.ACQUIRE, MS.DEVICE), (MO.ACQ_REL, MS.SYS))


def _sum_case(d, order, scope, tile=128, nbins=16):
    name = f"atomic_sum_{order.value}_{scope.value}_{d}"
    kernel = ordered_sum_kernel(order, scope)

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, bins, acc = devs(device, uniform(rng, d, shape, -1, 1),
                            randint(rng, "i32", shape, 0, nbins - 1), zeros(d, (nbins,)))
        return Launch((cdiv(shape[0], tile),), (x, bins, acc, tile), {"acc": acc})

    def reference(args, shape):
        x, b = args[0], np.asarray(args[1]).astype(np.int64)
        return {"acc": np.bincount(b, weights=x, minlength=nbins)}

    tol = {"f32": (1e-3, 1e-4), "f64": (1e-10, 1e-10), "f16": (0.5, 2e-2),
           "bf16": (2.0, 5e-2)}[d]
    return case(name, kernel, [A(d, 1), A("i32", 1), A(d, 1), tile], make_args, reference,
                [(5000,), (128,), (7,)], dtype=d, tol=tol, inplace=("acc",),
                note="order of float additions is unspecified")


CASES += [_sum_case("f32", o, s) for o, s in _ORDERED]
CASES += [_sum_case(d, MO.ACQ_REL, MS.DEVICE) for d in ("f64", "f16", "bf16")]


def _fold_case(d="f32", tm=32, tn=64, r=8):
    name = f"fold_rows_atomic_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, acc = devs(device, uniform(rng, d, shape, -1, 1), zeros(d, (r, shape[1])))
        return Launch((cdiv(shape[0], tm), cdiv(shape[1], tn)), (x, acc, tm, tn), {"acc": acc})

    def reference(args, shape):
        x = args[0]
        res = np.zeros((r, shape[1]))
        for i in range(shape[0]):
            res[i % r] += x[i]
        return {"acc": res}

    return case(name, fold_rows_atomic, [A(d, 2), A(d, 2), tm, tn], make_args, reference,
                [(256, 128), (100, 70), (3, 5)], dtype=d, tol=(1e-4, 1e-5), inplace=("acc",))


CASES.append(_fold_case())


def _maxmin_case(d="i32", tile=256):
    name = f"global_max_min_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x = randint(rng, d, shape, -1000000, 1000000)
        lo = np.full((1,), np.iinfo(dt(d).np).min + 1, dtype=dt(d).np)
        hi = np.full((1,), np.iinfo(dt(d).np).max, dtype=dt(d).np)
        x, mx, mn = devs(device, x, lo, hi)
        return Launch((cdiv(shape[0], tile),), (x, mx, mn, tile), {"mx": mx, "mn": mn})

    def reference(args, shape):
        x = np.asarray(args[0]).astype(np.int64)
        return {"mx": np.array([x.max()]), "mn": np.array([x.min()])}

    return case(name, global_max_min, [A(d, 1), A(d, 1), A(d, 1), tile], make_args, reference,
                [(10000,), (256,), (1,)], dtype=d, inplace=("mx", "mn"))


CASES.append(_maxmin_case())


def _cas_counter_case(rounds=4):
    name = "cas_counter_i32"

    def make_args(device, shape, dtype=None):
        (blocks,) = shape
        counter, slots = devs(device, zeros("i32", (1,)), zeros("i32", (blocks * rounds,)))
        return Launch((blocks,), (counter, slots, rounds), {"counter": counter, "slots": slots})

    def reference(args, shape):
        (blocks,) = shape
        return {"counter": np.array([blocks * rounds]),
                "slots": np.ones(blocks * rounds, dtype=np.int64)}

    return case(name, cas_counter, [A("i32", 1), A("i32", 1), rounds], make_args, reference,
                [(64,), (1,), (300,)], dtype="i32", inplace=("counter", "slots"),
                note="shape is the number of blocks; every ticket must be handed out once")


CASES.append(_cas_counter_case())


def _raw_atomic_case(d="i32", tile=128):
    name = f"raw_atomic_ops_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        (n,) = shape
        a = randint(rng, d, (3 * n,), -100000, 100000)
        upd = randint(rng, d, shape, -100000, 100000)
        a, upd, o1, o2, o3 = devs(device, a, upd, poison(d, shape), poison(d, shape),
                                  poison(d, shape))
        return Launch((cdiv(n, tile),), (a, upd, o1, o2, o3, tile),
                      {"a": a, "old_add": o1, "old_max": o2, "old_xor": o3})

    def reference(args, shape):
        (n,) = shape
        a, v = np.asarray(args[0]).astype(np.int64), np.asarray(args[1]).astype(np.int64)
        p, q, r = a[:n], a[n:2 * n], a[2 * n:]
        return {"a": np.concatenate([p + v, np.maximum(q, v), np.bitwise_xor(r, v)]),
                "old_add": p, "old_max": q, "old_xor": r}

    return case(name, raw_atomic_ops, [A(d, 1)] * 5 + [tile], make_args, reference,
                [(1000,), (128,), (3,)], dtype=d, inplace=("a",))


CASES.append(_raw_atomic_case())


def _raw_cas_case(d="i32", tile=128):
    name = f"raw_atomic_cas_xchg_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        (n,) = shape
        a = np.where(rng.integers(0, 2, size=n) == 0, np.arange(n), -7).astype(dt(d).np)
        b = randint(rng, d, shape, -1000, 1000)
        a, b, o1, o2 = devs(device, a, b, poison(d, shape), poison(d, shape))
        return Launch((cdiv(n, tile),), (a, b, o1, o2, tile),
                      {"a": a, "b": b, "old_cas": o1, "old_xchg": o2})

    def reference(args, shape):
        (n,) = shape
        a, b = np.asarray(args[0]).astype(np.int64), np.asarray(args[1]).astype(np.int64)
        i = np.arange(n)
        return {"a": np.where(a == i, -i, a), "b": i * 10, "old_cas": a, "old_xchg": b}

    return case(name, raw_atomic_cas_xchg, [A(d, 1)] * 4 + [tile], make_args, reference,
                [(1000,), (128,), (3,)], dtype=d, inplace=("a", "b"))


CASES.append(_raw_cas_case())


def _split_k_case(d, tm=32, tn=64, split=4):
    name = f"split_k_accumulate_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        m, n = shape
        mp = cdiv(m, tm) * tm
        x, acc = devs(device, uniform(rng, d, (split * mp, n), -1, 1), zeros(d, (mp, n)))
        return Launch((mp // tm, cdiv(n, tn), split), (x, acc, tm, tn, split), {"acc": acc})

    def reference(args, shape):
        x = args[0]
        mp = x.shape[0] // split
        return {"acc": x.reshape(split, mp, -1).sum(axis=0)}

    return case(name, split_k_accumulate, [A(d, 2), A(d, 2), tm, tn, split], make_args,
                reference, [(64, 128), (100, 70)], dtype=d, tol=(1e-5, 1e-5), inplace=("acc",),
                note="shape (M, N) is rounded up to whole row tiles")


CASES += [_split_k_case("f32"), _split_k_case("i32")]


def _tv_bits_case(d="i32", tm=16, tn=32):
    name = f"tiled_view_bit_atomics_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        m, n = shape
        mp = cdiv(m, tm) * tm
        x = randint(rng, d, (mp, n))
        ii = np.iinfo(dt(d).np)
        x, o, a, xo, mx, mn = devs(device, x, zeros(d, (tm, n)),
                                   np.full((tm, n), -1, dt(d).np), zeros(d, (tm, n)),
                                   np.full((tm, n), ii.min, dt(d).np),
                                   np.full((tm, n), ii.max, dt(d).np))
        return Launch((mp // tm, cdiv(n, tn)), (x, o, a, xo, mx, mn, tm, tn),
                      {"acc_or": o, "acc_and": a, "acc_xor": xo, "acc_max": mx, "acc_min": mn})

    def reference(args, shape):
        x = np.asarray(args[0]).astype(np.int64)
        bands = x.reshape(-1, tm, x.shape[1])
        return {"acc_or": np.bitwise_or.reduce(bands, axis=0),
                "acc_and": np.bitwise_and.reduce(bands, axis=0),
                "acc_xor": np.bitwise_xor.reduce(bands, axis=0),
                "acc_max": bands.max(axis=0), "acc_min": bands.min(axis=0)}

    return case(name, tiled_view_bit_atomics, [A(d, 2)] * 6 + [tm, tn], make_args, reference,
                [(64, 64), (100, 40)], dtype=d,
                inplace=("acc_or", "acc_and", "acc_xor", "acc_max", "acc_min"),
                note="shape (M, N) is rounded up to whole row tiles")


CASES.append(_tv_bits_case())
