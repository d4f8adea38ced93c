# Part of the tileir project, under the Apache License v2.0 with LLVM
# Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Blackwell-only features, exported for sm_100: block-scaled mma
(ct.mma_scaled) with float8 / float4 operands and float8_e8m0fnu /
float8_e4m3fn scales, and conversions to and from float8_e8m0fnu and
float4_e2m1fn.  cuTile refuses these types for sm_90, so these cases are
export-only on the project's sm_90 machines (runnable=False)."""

import numpy as np
import cuda.tile as ct

from corpus import A, Launch, case, cdiv, choice, devs, poison, rng_for, round_to

ZERO = ct.PaddingMode.ZERO
SM100 = "sm_100"
NOTE = "needs sm_100 (float8_e8m0fnu / float4_e2m1fn); export only on sm_90 machines"


@ct.kernel
def scaled_gemm(a, a_scale, b, b_scale, c, TM: ct.Constant[int], TN: ct.Constant[int],
                TK: ct.Constant[int], BLK: ct.Constant[int]):
    # c = sum_k a[i, k] * a_scale[i, k // BLK] * b[k, j] * b_scale[k // BLK, j]
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.zeros((TM, TN), ct.float32)
    for k in range(ct.num_tiles(a, 1, (TM, TK))):
        x = ct.load(a, (bm, k), (TM, TK), padding_mode=ZERO)
        xs = ct.load(a_scale, (bm, k), (TM, TK // BLK), padding_mode=ZERO)
        y = ct.load(b, (k, bn), (TK, TN), padding_mode=ZERO)
        ys = ct.load(b_scale, (k, bn), (TK // BLK, TN), padding_mode=ZERO)
        acc = ct.mma_scaled(x, xs, y, ys, acc)
    ct.store(c, (bm, bn), acc)


@ct.kernel
def through_narrow(x, out, TILE: ct.Constant[int]):
    # f32 -> e8m0 (round up) -> f32 and f32 -> e2m1 -> f32, multiplied.
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE,))
    s = t.astype(ct.float8_e8m0fnu, rounding_mode=ct.RoundingMode.RP).astype(ct.float32)
    q = t.astype(ct.float4_e2m1fn).astype(ct.float32)
    ct.store(out, (bid,), s * q)


_E2M1 = [0, 0.5, 1, 1.5, 2, 3, 4, 6]
_E2M1 = _E2M1 + [-v for v in _E2M1[1:]]


def _scaled_case(op, scale, blk, tm=128, tn=128, tk=128):
    name = f"mma_scaled_{op}_{scale}_b{blk}"

    def make_args(device, shape, dtype=None):
        m, n, k = shape
        rng = rng_for(name, shape)
        vals = _E2M1 if op == "e2m1" else [v / 2 for v in _E2M1]
        scales = [0.25, 0.5, 1, 2, 4]
        a = choice(rng, op, (m, k), vals)
        b = choice(rng, op, (k, n), vals)
        sa = choice(rng, scale, (m, cdiv(k, blk)), scales)
        sb = choice(rng, scale, (cdiv(k, blk), n), scales)
        a, sa, b, sb, c = devs(device, a, sa, b, sb, poison("f32", (m, n)))
        return Launch((cdiv(m, tm), cdiv(n, tn)), (a, sa, b, sb, c, tm, tn, tk, blk), {"c": c})

    def reference(args, shape):
        a, sa, b, sb = args[0], args[1], args[2], args[3]
        k = shape[2]
        ea = a * np.repeat(sa, blk, axis=1)[:, :k]
        eb = b * np.repeat(sb, blk, axis=0)[:k, :]
        return {"c": ea @ eb}

    return case(name, scaled_gemm, [A(op, 2), A(scale, 2), A(op, 2), A(scale, 2), A("f32", 2),
                                    tm, tn, tk, blk], make_args, reference,
                [(256, 256, 512), (128, 128, 128)], dtype=op, gpu_code=SM100, runnable=False,
                tol=(1e-3, 1e-5), note=NOTE)


CASES = [_scaled_case("e4m3", "e8m0", 32), _scaled_case("e5m2", "e8m0", 32),
         _scaled_case("e2m1", "e8m0", 16), _scaled_case("e2m1", "e8m0", 32),
         _scaled_case("e2m1", "e4m3", 16)]


def _narrow_case(tile=128):
    name = "cast_f32_through_e8m0_e2m1"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, choice(rng, "f32", shape, [0.3, 0.75, 1.0, 1.7, 2.5, 5.0, 7.0]),
                      poison("f32", shape))
        return Launch((cdiv(shape[0], tile),), (x, out, tile), {"out": out})

    def reference(args, shape):
        x = args[0]
        up = 2.0 ** np.ceil(np.log2(x))
        return {"out": up * round_to(x, "e2m1")}

    return case(name, through_narrow, [A("f32", 1), A("f32", 1), tile], make_args, reference,
                [(1000,), (128,)], dtype="f32", gpu_code=SM100, runnable=False, tol=(0.0, 0.0),
                note=NOTE)


CASES.append(_narrow_case())
