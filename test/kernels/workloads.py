# Part of the tileir project, under the Apache License v2.0 with LLVM
# Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Realistic kernels: row softmax (single tile and online over many tiles),
layer norm and RMS norm, a transpose with a swizzled 1-D grid, GEMMs with
an epilogue (grouped tile order, bias, ReLU, alpha) and a persistent GEMM,
and a fused attention forward pass (plain and causal)."""

import math

import numpy as np
import cuda.tile as ct

from corpus import A, S, Launch, case, cdiv, devs, poison, rng_for, uniform

ZERO = ct.PaddingMode.ZERO
NEG_INF = ct.PaddingMode.NEG_INF


@ct.kernel
def softmax_rows(x, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    # Rows no longer than TN; padding with -inf keeps them out of max and sum.
    bm = ct.bid(0)
    t = ct.load(x, (bm, 0), (TM, TN), padding_mode=NEG_INF).astype(ct.float32)
    m = ct.max(t, axis=1, keepdims=True)
    e = ct.exp(t - m)
    s = ct.sum(e, axis=1, keepdims=True)
    ct.store(out, (bm, 0), (e / s).astype(out.dtype))


@ct.kernel
def softmax_online(x, out, TN: ct.Constant[int]):
    # One row per block, any length: running max / rescaled sum, then a second pass.
    r = ct.bid(0)
    m = ct.full((1, 1), float("-inf"), ct.float32)
    s = ct.zeros((1, 1), ct.float32)
    for j in range(ct.num_tiles(x, 1, (1, TN))):
        t = ct.load(x, (r, j), (1, TN), padding_mode=NEG_INF).astype(ct.float32)
        m_new = ct.maximum(m, ct.max(t, axis=1, keepdims=True))
        s = s * ct.exp(m - m_new) + ct.sum(ct.exp(t - m_new), axis=1, keepdims=True)
        m = m_new
    for j in range(ct.num_tiles(x, 1, (1, TN))):
        t = ct.load(x, (r, j), (1, TN), padding_mode=NEG_INF).astype(ct.float32)
        ct.store(out, (r, j), (ct.exp(t - m) / s).astype(out.dtype))


@ct.kernel
def layer_norm(x, w, b, y, mean_out, rstd_out, eps, TN: ct.Constant[int]):
    r = ct.bid(0)
    n = x.shape[1]
    acc = ct.zeros((1, TN), ct.float32)
    for j in range(ct.num_tiles(x, 1, (1, TN))):
        acc += ct.load(x, (r, j), (1, TN), padding_mode=ZERO).astype(ct.float32)
    mean = ct.sum(acc, axis=1) / n
    sq = ct.zeros((1, TN), ct.float32)
    for j in range(ct.num_tiles(x, 1, (1, TN))):
        t = ct.load(x, (r, j), (1, TN), padding_mode=ZERO).astype(ct.float32)
        cols = j * TN + ct.arange(TN, dtype=ct.int32)
        d = ct.where(cols[None, :] < n, t - mean, 0.0)
        sq += d * d
    rstd = ct.rsqrt(ct.sum(sq, axis=1) / n + eps)
    for j in range(ct.num_tiles(x, 1, (1, TN))):
        t = ct.load(x, (r, j), (1, TN), padding_mode=ZERO).astype(ct.float32)
        wj = ct.load(w, (j,), (TN,), padding_mode=ZERO).astype(ct.float32)
        bj = ct.load(b, (j,), (TN,), padding_mode=ZERO).astype(ct.float32)
        ct.store(y, (r, j), ((t - mean) * rstd * wj + bj).astype(y.dtype))
    ct.store(mean_out, (r,), mean)
    ct.store(rstd_out, (r,), rstd)


@ct.kernel
def rms_norm(x, w, y, eps, TM: ct.Constant[int], TN: ct.Constant[int]):
    # Rows no longer than TN, TM rows per block.
    bm = ct.bid(0)
    t = ct.load(x, (bm, 0), (TM, TN), padding_mode=ZERO).astype(ct.float32)
    ms = ct.sum(t * t, axis=1, keepdims=True) / x.shape[1]
    wt = ct.load(w, (0,), (TN,), padding_mode=ZERO).astype(ct.float32)
    ct.store(y, (bm, 0), (t * ct.rsqrt(ms + eps) * wt[None, :]).astype(y.dtype))


@ct.kernel
def transpose_swizzled(x, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    # 1-D grid walking tiles column-major: block p -> (p % num_m, p // num_m).
    p = ct.bid(0)
    num_m = ct.cdiv(x.shape[0], TM)
    bm = p % num_m
    bn = p // num_m
    t = ct.load(x, (bm, bn), (TM, TN))
    ct.store(out, (bn, bm), ct.transpose(t))


@ct.kernel
def gemm_bias_relu(a, b, bias, c, alpha, TM: ct.Constant[int], TN: ct.Constant[int],
                   TK: ct.Constant[int], GROUP: ct.Constant[int]):
    # c = relu(alpha * a @ b + bias) over a 1-D grid in grouped ("super-row") order.
    pid = ct.bid(0)
    num_m = ct.cdiv(a.shape[0], TM)
    num_n = ct.cdiv(b.shape[1], TN)
    per_group = GROUP * num_n
    first_m = (pid // per_group) * GROUP
    rows_in_group = ct.minimum(num_m - first_m, GROUP)
    bm = first_m + (pid % per_group) % rows_in_group
    bn = (pid % per_group) // rows_in_group
    acc = ct.zeros((TM, TN), dtype=ct.float32)
    for k in range(ct.num_tiles(a, 1, (TM, TK))):
        x = ct.load(a, (bm, k), (TM, TK), padding_mode=ZERO)
        y = ct.load(b, (k, bn), (TK, TN), padding_mode=ZERO)
        acc = ct.mma(x, y, acc)
    bt = ct.load(bias, (bn,), (TN,), padding_mode=ZERO).astype(ct.float32)
    res = ct.maximum(acc * alpha + bt[None, :], 0.0)
    ct.store(c, (bm, bn), res.astype(c.dtype))


@ct.kernel
def gemm_persistent(a, b, c, TM: ct.Constant[int], TN: ct.Constant[int],
                    TK: ct.Constant[int]):
    # A fixed number of blocks loop over all output tiles.
    num_m = ct.cdiv(a.shape[0], TM)
    num_n = ct.cdiv(b.shape[1], TN)
    for tile in range(ct.bid(0), num_m * num_n, ct.num_blocks(0)):
        bm = tile // num_n
        bn = tile % num_n
        acc = ct.zeros((TM, TN), dtype=ct.float32)
        for k in range(ct.num_tiles(a, 1, (TM, TK))):
            x = ct.load(a, (bm, k), (TM, TK), padding_mode=ZERO)
            y = ct.load(b, (k, bn), (TK, TN), padding_mode=ZERO)
            acc = ct.mma(x, y, acc)
        ct.store(c, (bm, bn), acc.astype(c.dtype))


@ct.kernel
def attention_fwd(q, k, v, o, scale, TQ: ct.Constant[int], TKV: ct.Constant[int],
                  D: ct.Constant[int], CAUSAL: ct.Constant[bool]):
    # o = softmax(scale * q k^T [+ causal mask]) v for (batch*heads, seq, D) tensors.
    bq = ct.bid(0)
    bh = ct.bid(1)
    seq = k.shape[1]
    qt = ct.load(q, (bh, bq, 0), (1, TQ, D), padding_mode=ZERO).reshape((TQ, D))
    m = ct.full((TQ, 1), float("-inf"), ct.float32)
    l_sum = ct.zeros((TQ, 1), ct.float32)
    acc = ct.zeros((TQ, D), ct.float32)
    hi = ct.num_tiles(k, 1, (1, TKV, D))
    rows = bq * TQ + ct.arange(TQ, dtype=ct.int32)
    if CAUSAL:
        hi = ct.minimum(hi, ct.cdiv((bq + 1) * TQ, TKV))
    for j in range(hi):
        kt = ct.load(k, (bh, j, 0), (1, TKV, D), padding_mode=ZERO).reshape((TKV, D))
        vt = ct.load(v, (bh, j, 0), (1, TKV, D), padding_mode=ZERO).reshape((TKV, D))
        s = ct.mma(qt, kt.transpose(), ct.zeros((TQ, TKV), ct.float32)) * scale
        cols = j * TKV + ct.arange(TKV, dtype=ct.int32)
        valid = cols[None, :] < seq
        if CAUSAL:
            valid = valid & (cols[None, :] <= rows[:, None])
        s = ct.where(valid, s, float("-inf"))
        m_new = ct.maximum(m, ct.max(s, axis=1, keepdims=True))
        p = ct.exp(s - m_new)
        corr = ct.exp(m - m_new)
        l_sum = l_sum * corr + ct.sum(p, axis=1, keepdims=True)
        acc = ct.mma(p.astype(q.dtype), vt, acc * corr)
        m = m_new
    ct.store(o, (bh, bq, 0), (acc / l_sum).reshape((1, TQ, D)).astype(o.dtype))


# ---------------------------------------------------------------------------


def _softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


CASES = []


def _softmax_rows_case(d, tm=16, tn=256):
    name = f"softmax_rows_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, d, shape, -5, 5), poison(d, shape))
        return Launch((cdiv(shape[0], tm),), (x, out, tm, tn), {"out": out})

    def reference(args, shape):
        return {"out": _softmax(args[0])}

    return case(name, softmax_rows, [A(d, 2), A(d, 2), tm, tn], make_args, reference,
                [(100, 200), (64, 256), (5, 3)], dtype=d,
                tol=(1e-6, 1e-5) if d == "f32" else None)


CASES += [_softmax_rows_case(d) for d in ("f32", "f16", "bf16")]


def _softmax_online_case(d, tn=128):
    name = f"softmax_online_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, d, shape, -8, 8), poison(d, shape))
        return Launch((shape[0],), (x, out, tn), {"out": out})

    def reference(args, shape):
        return {"out": _softmax(args[0])}

    return case(name, softmax_online, [A(d, 2), A(d, 2), tn], make_args, reference,
                [(32, 1000), (8, 128), (3, 5000)], dtype=d,
                tol=(1e-7, 1e-5) if d == "f32" else None)


CASES += [_softmax_online_case("f32"), _softmax_online_case("f16")]


def _layer_norm_case(d, tn=256, eps=1e-5):
    name = f"layer_norm_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        m, n = shape
        x, w, b, y, mean, rstd = devs(device, uniform(rng, d, shape, -3, 5),
                                      uniform(rng, d, (n,), 0.5, 1.5),
                                      uniform(rng, d, (n,), -1, 1), poison(d, shape),
                                      poison("f32", (m,)), poison("f32", (m,)))
        return Launch((m,), (x, w, b, y, mean, rstd, eps, tn),
                      {"y": y, "mean": mean, "rstd": rstd})

    def reference(args, shape):
        x, w, b = args[0], args[1], args[2]
        mu = x.mean(axis=1, keepdims=True)
        var = ((x - mu) ** 2).mean(axis=1, keepdims=True)
        rstd = 1.0 / np.sqrt(var + eps)
        return {"y": (x - mu) * rstd * w + b, "mean": mu[:, 0], "rstd": rstd[:, 0]}

    return case(name, layer_norm, [A(d, 2), A(d, 1), A(d, 1), A(d, 2), A("f32", 1),
                                   A("f32", 1), S("f32"), tn], make_args, reference,
                [(64, 1000), (16, 256), (3, 7)], dtype=d,
                tol={"mean": (1e-5, 1e-5), "rstd": (1e-5, 1e-4),
                     "y": (1e-4, 1e-4) if d == "f32" else (2e-2, 1e-2)})


CASES += [_layer_norm_case(d) for d in ("f32", "f16", "bf16")]


def _rms_norm_case(d, tm=8, tn=512, eps=1e-6):
    name = f"rms_norm_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        m, n = shape
        x, w, y = devs(device, uniform(rng, d, shape, -2, 2), uniform(rng, d, (n,), 0.5, 1.5),
                       poison(d, shape))
        return Launch((cdiv(m, tm),), (x, w, y, eps, tm, tn), {"y": y})

    def reference(args, shape):
        x, w = args[0], args[1]
        return {"y": x / np.sqrt((x * x).mean(axis=1, keepdims=True) + eps) * w}

    return case(name, rms_norm, [A(d, 2), A(d, 1), A(d, 2), S("f32"), tm, tn], make_args,
                reference, [(64, 512), (30, 300)], dtype=d,
                tol=(1e-5, 1e-5) if d == "f32" else (1e-2, 1e-2))


CASES += [_rms_norm_case("f16"), _rms_norm_case("f32")]


def _transpose_sw_case(d, tm=64, tn=64):
    name = f"transpose_swizzled_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        m, n = shape
        x, out = devs(device, uniform(rng, d, shape, -100, 100), poison(d, (n, m)))
        return Launch((cdiv(m, tm) * cdiv(n, tn),), (x, out, tm, tn), {"out": out})

    def reference(args, shape):
        return {"out": args[0].T}

    return case(name, transpose_swizzled, [A(d, 2), A(d, 2), tm, tn], make_args, reference,
                [(512, 256), (300, 100), (1, 65)], dtype=d, tol=(0.0, 0.0))


CASES += [_transpose_sw_case("f32"), _transpose_sw_case("f16")]


def _gemm_bias_case(d, tm=128, tn=128, tk=32, group=8, alpha=0.5):
    name = f"gemm_bias_relu_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        m, n, k = shape
        a, b, bias, c = devs(device, uniform(rng, d, (m, k), -1, 1), uniform(rng, d, (k, n), -1, 1),
                             uniform(rng, d, (n,), -1, 1), poison(d, (m, n)))
        grid = (cdiv(m, tm) * cdiv(n, tn),)
        return Launch(grid, (a, b, bias, c, alpha, tm, tn, tk, group), {"c": c})

    def reference(args, shape):
        a, b, bias = args[0], args[1], args[2]
        return {"c": np.maximum(alpha * (a @ b) + bias[None, :], 0.0)}

    return case(name, gemm_bias_relu, [A(d, 2), A(d, 2), A(d, 1), A(d, 2), S("f32"), tm, tn,
                                       tk, group], make_args, reference,
                [(1024, 512, 256), (1000, 300, 100), (128, 128, 32)], dtype=d,
                tol=(1e-2, 1e-2) if d == "f16" else (3e-2, 2e-2))


CASES += [_gemm_bias_case("f16"), _gemm_bias_case("bf16")]


def _gemm_persistent_case(d, tm=128, tn=64, tk=64, blocks=16):
    name = f"gemm_persistent_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        m, n, k = shape
        a, b, c = devs(device, uniform(rng, d, (m, k), -1, 1), uniform(rng, d, (k, n), -1, 1),
                       poison(d, (m, n)))
        return Launch((blocks,), (a, b, c, tm, tn, tk), {"c": c})

    def reference(args, shape):
        return {"c": args[0] @ args[1]}

    return case(name, gemm_persistent, [A(d, 2), A(d, 2), A(d, 2), tm, tn, tk], make_args,
                reference, [(1024, 1024, 512), (300, 200, 100), (64, 64, 64)], dtype=d,
                tol=(3e-2, 2e-2))


CASES += [_gemm_persistent_case("bf16"), _gemm_persistent_case("f16")]


def _attention_case(d, causal, tq=64, tkv=64, dim=64):
    name = f"attention_fwd_{'causal_' if causal else ''}{d}"
    scale = 1.0 / math.sqrt(dim)

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        bh, seq = shape
        q, k, v, o = devs(device, uniform(rng, d, (bh, seq, dim), -1, 1),
                          uniform(rng, d, (bh, seq, dim), -1, 1),
                          uniform(rng, d, (bh, seq, dim), -1, 1), poison(d, (bh, seq, dim)))
        return Launch((cdiv(seq, tq), bh), (q, k, v, o, scale, tq, tkv, dim, causal), {"o": o})

    def reference(args, shape):
        q, k, v = args[0], args[1], args[2]
        s = q @ np.swapaxes(k, 1, 2) * scale
        if causal:
            seq = shape[1]
            s = np.where(np.tril(np.ones((seq, seq), dtype=bool))[None], s, -np.inf)
        return {"o": _softmax(s) @ v}

    return case(name, attention_fwd, [A(d, 3), A(d, 3), A(d, 3), A(d, 3), S("f32"), tq, tkv,
                                      dim, causal], make_args, reference,
                [(4, 256), (2, 100), (1, 1)], dtype=d, tol=(1e-2, 1e-2))


CASES += [_attention_case("f16", False), _attention_case("f16", True),
          _attention_case("bf16", False)]
