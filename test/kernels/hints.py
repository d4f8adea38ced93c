# Part of the tileir project, under the Apache License v2.0 with LLVM
# Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Optimisation hints: kernel-level occupancy, num_ctas, num_worker_warps and
opt_level (plain and per-target through ct.ByTarget), and per-operation
latency / allow_tma on tiled loads and stores, tiled views, gathers,
scatters and advanced-indexing loads."""

import numpy as np
import cuda.tile as ct

from corpus import A, Launch, case, cdiv, devs, poison, randint, rng_for, uniform

ZERO = ct.PaddingMode.ZERO
BT = ct.ByTarget


def hinted_gemm(a, b, c, TM: ct.Constant[int], TN: ct.Constant[int], TK: ct.Constant[int]):
    # f16 GEMM body shared by every kernel-level hint variant below.
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.zeros((TM, TN), dtype=ct.float32)
    for k in range(ct.num_tiles(a, 1, (TM, TK))):
        x = ct.load(a, (bm, k), (TM, TK), padding_mode=ZERO)
        y = ct.load(b, (k, bn), (TK, TN), padding_mode=ZERO)
        acc = ct.mma(x, y, acc)
    ct.store(c, (bm, bn), acc.astype(c.dtype))


def hinted_rownorm(x, out, TN: ct.Constant[int]):
    # Normalisation-style body (large tile, reductions) for worker-warp hints.
    r = ct.bid(0)
    t = ct.load(x, (r, 0), (1, TN), padding_mode=ZERO).astype(ct.float32)
    s = ct.sqrt(ct.sum(t * t, axis=1, keepdims=True) + 1e-6)
    ct.store(out, (r, 0), (t / s).astype(out.dtype))


KERNEL_HINTS = {
    "default": {},
    "occupancy1": dict(occupancy=1),
    "occupancy2": dict(occupancy=2),
    "occupancy4": dict(occupancy=4),
    "occupancy8": dict(occupancy=8),
    "occupancy16": dict(occupancy=16),
    "occupancy32": dict(occupancy=32),
    "num_ctas1": dict(num_ctas=1),
    "num_ctas2": dict(num_ctas=2),
    "num_ctas4": dict(num_ctas=4),
    "num_ctas8": dict(num_ctas=8),
    "num_ctas16": dict(num_ctas=16),
    "warps4": dict(num_worker_warps=4),
    "warps8": dict(num_worker_warps=8),
    "warps2": dict(num_worker_warps=2),
    "opt0": dict(opt_level=0),
    "opt1": dict(opt_level=1),
    "opt2": dict(opt_level=2),
    "occupancy2_warps4": dict(occupancy=2, num_worker_warps=4),
    "all_hints": dict(occupancy=2, num_ctas=2, num_worker_warps=8, opt_level=2),
    "bytarget_occupancy": dict(occupancy=BT(sm_90=2, sm_100=4, default=1)),
    "bytarget_num_ctas": dict(num_ctas=BT(sm_90=2, sm_100=4)),
    "bytarget_opt_level": dict(opt_level=BT(sm_90=1, default=3)),
    "bytarget_warps": dict(num_worker_warps=BT(sm_90=8, default=4)),
    "bytarget_other_arch_only": dict(occupancy=BT(sm_100=4, sm_120=2)),
    "bytarget_default_only": dict(num_ctas=BT(default=2)),
    "bytarget_all": dict(occupancy=BT(sm_90=1, default=2), num_ctas=BT(sm_90=2, default=1),
                         num_worker_warps=BT(sm_90=4, sm_100=8),
                         opt_level=BT(sm_90=3, sm_100=2, default=1)),
}


def _gemm_case(label, hints, d="f16", tm=128, tn=128, tk=64):
    name = f"hint_gemm_{label}"
    kernel = ct.kernel(hinted_gemm, **hints)

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        m, n, k = shape
        a, b, c = devs(device, uniform(rng, d, (m, k), -1, 1), uniform(rng, d, (k, n), -1, 1),
                       poison(d, (m, n)))
        return Launch((cdiv(m, tm), cdiv(n, tn)), (a, b, c, tm, tn, tk), {"c": c})

    def reference(args, shape):
        return {"c": args[0] @ args[1]}

    return case(name, kernel, [A(d, 2), A(d, 2), A(d, 2), tm, tn, tk], make_args, reference,
                [(512, 256, 512), (300, 200, 100)], dtype=d, tol=(1e-2, 1e-2))


CASES = [_gemm_case(label, h) for label, h in KERNEL_HINTS.items()]


def _rownorm_case(label, hints, d="bf16", tn=4096):
    name = f"hint_rownorm_{label}"
    kernel = ct.kernel(hinted_rownorm, **hints)

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, d, shape, -1, 1), poison(d, shape))
        return Launch((shape[0],), (x, out, tn), {"out": out})

    def reference(args, shape):
        x = args[0]
        return {"out": x / np.sqrt((x * x).sum(axis=1, keepdims=True) + 1e-6)}

    return case(name, kernel, [A(d, 2), A(d, 2), tn], make_args, reference,
                [(64, 4096), (10, 3000)], dtype=d)


CASES += [_rownorm_case(label, h) for label, h in (
    ("default", {}), ("warps4", dict(num_worker_warps=4)), ("warps8", dict(num_worker_warps=8)),
    ("occupancy1_warps8", dict(occupancy=1, num_worker_warps=8)))]

# ---------------------------------------------------------------------------
# Per-operation hints


def hinted_copy_kernel(latency, allow_tma):
    @ct.kernel
    def hinted_copy(x, y, out, TM: ct.Constant[int], TN: ct.Constant[int]):
        bm = ct.bid(0)
        bn = ct.bid(1)
        a = ct.load(x, (bm, bn), (TM, TN), latency=latency, allow_tma=allow_tma)
        b = ct.load(y, (bm, bn), (TM, TN), latency=latency)
        ct.store(out, (bm, bn), a + b, latency=latency, allow_tma=allow_tma)
    return hinted_copy


@ct.kernel
def gemm_hinted_loads(a, b, c, LAT_A: ct.Constant[int], LAT_B: ct.Constant[int],
                      TM: ct.Constant[int], TN: ct.Constant[int], TK: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.zeros((TM, TN), dtype=ct.float32)
    for k in range(ct.num_tiles(a, 1, (TM, TK))):
        x = ct.load(a, (bm, k), (TM, TK), padding_mode=ZERO, latency=LAT_A)
        y = ct.load(b, (k, bn), (TK, TN), padding_mode=ZERO, latency=LAT_B, allow_tma=False)
        acc = ct.mma(x, y, acc)
    ct.store(c, (bm, bn), acc.astype(c.dtype), allow_tma=False)


@ct.kernel
def tiled_view_hints(x, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    src = x.tiled_view((TM, TN), padding_mode=ZERO)
    dst = out.tiled_view((TM, TN))
    dst.store((bm, bn), src.load((bm, bn), latency=7, allow_tma=False) * 2,
              latency=2, allow_tma=True)


@ct.kernel
def gather_scatter_hints(x, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    i = bid * TILE + ct.arange(TILE, dtype=ct.int32)
    v = ct.gather(x, i, latency=9)
    ct.scatter(out, i, v + 1, latency=3)


@ct.kernel
def advanced_indexing_hints(table, ids, out, TM: ct.Constant[int], D: ct.Constant[int]):
    bm = ct.bid(0)
    rows = ct.load(ids, (bm,), (TM,), padding_mode=ZERO, latency=1)
    t = ct.load_advanced_indexing(table, (rows, ct.Slice(0, D)), latency=8, allow_tma=False)
    ct.store(out, (bm, 0), t, latency=4)


def _copy_case(label, latency, allow_tma, d="f32", tm=64, tn=64):
    name = f"hint_copy_{label}"
    kernel = hinted_copy_kernel(latency, allow_tma)

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, y, out = devs(device, uniform(rng, d, shape, -9, 9), uniform(rng, d, shape, -9, 9),
                         poison(d, shape))
        return Launch((cdiv(shape[0], tm), cdiv(shape[1], tn)), (x, y, out, tm, tn),
                      {"out": out})

    def reference(args, shape):
        return {"out": args[0] + args[1]}

    return case(name, kernel, [A(d, 2), A(d, 2), A(d, 2), tm, tn], make_args, reference,
                [(256, 512), (100, 70)], dtype=d)


CASES += [_copy_case(label, lat, tma) for label, lat, tma in (
    ("latency1", 1, None), ("latency5", 5, None), ("latency10", 10, None),
    ("no_tma", None, False), ("tma", None, True), ("latency3_no_tma", 3, False))]


def _gemm_loads_case(lat_a, lat_b, d="bf16", tm=128, tn=64, tk=64):
    name = f"hint_gemm_loads_lat{lat_a}_{lat_b}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        m, n, k = shape
        a, b, c = devs(device, uniform(rng, d, (m, k), -1, 1), uniform(rng, d, (k, n), -1, 1),
                       poison(d, (m, n)))
        return Launch((cdiv(m, tm), cdiv(n, tn)), (a, b, c, lat_a, lat_b, tm, tn, tk),
                      {"c": c})

    def reference(args, shape):
        return {"c": args[0] @ args[1]}

    return case(name, gemm_hinted_loads, [A(d, 2), A(d, 2), A(d, 2), lat_a, lat_b, tm, tn, tk],
                make_args, reference, [(512, 256, 512), (300, 100, 70)], dtype=d,
                tol=(3e-2, 2e-2))


CASES += [_gemm_loads_case(2, 8), _gemm_loads_case(10, 1)]


def _tv_hint_case(d="f32", tm=32, tn=64):
    name = "hint_tiled_view"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, d, shape, -9, 9), poison(d, shape))
        return Launch((cdiv(shape[0], tm), cdiv(shape[1], tn)), (x, out, tm, tn), {"out": out})

    def reference(args, shape):
        return {"out": args[0] * 2}

    return case(name, tiled_view_hints, [A(d, 2), A(d, 2), tm, tn], make_args, reference,
                [(256, 128), (50, 70)], dtype=d)


CASES.append(_tv_hint_case())


def _gs_hint_case(d="f32", tile=256):
    name = "hint_gather_scatter"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, d, shape, -9, 9), poison(d, shape))
        return Launch((cdiv(shape[0], tile),), (x, out, tile), {"out": out})

    def reference(args, shape):
        return {"out": args[0] + 1}

    return case(name, gather_scatter_hints, [A(d, 1), A(d, 1), tile], make_args, reference,
                [(1000,), (256,)], dtype=d)


CASES.append(_gs_hint_case())


def _adv_hint_case(d="f16", tm=32, dim=128):
    name = "hint_advanced_indexing"

    def make_args(device, shape, dtype=None):
        (n, vocab) = shape
        rng = rng_for(name, shape)
        table, ids, out = devs(device, uniform(rng, d, (vocab, dim), -9, 9),
                               randint(rng, "i32", (n,), 0, vocab - 1), poison(d, (n, dim)))
        return Launch((cdiv(n, tm),), (table, ids, out, tm, dim), {"out": out})

    def reference(args, shape):
        return {"out": args[0][np.asarray(args[1]).astype(np.int64)]}

    return case(name, advanced_indexing_hints, [A(d, 2), A("i32", 1), A(d, 2), tm, dim],
                make_args, reference, [(64, 1000), (20, 3)], dtype=d, tol=(0.0, 0.0))


CASES.append(_adv_hint_case())

# Bytecode 13.5 lets cuTile ask for any power of two from 1 to 32 worker
# warps (cuTile refuses all but 4 and 8 below it).
CASES += [_gemm_case(label, dict(num_worker_warps=w)) for label, w in (
    ("warps1", 1), ("warps16", 16), ("warps32", 32))]
