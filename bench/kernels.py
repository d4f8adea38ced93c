"""cuTile kernels as users write them, for the benchmark suite (bench/run.py).

Plain code: loads, ct.mma and element-wise math, no hints, the way the cuTile
samples write them. The runner compiles them with whichever tileiras is first
on PATH.
"""
import cuda.tile as ct

ZERO = ct.PaddingMode.ZERO


@ct.kernel
def gemm(a, b, c, TM: ct.Constant[int], TN: ct.Constant[int],
         TK: ct.Constant[int]):
    # c = a @ b, one output tile per block on a 2-D grid.
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.zeros((TM, TN), dtype=ct.float32)
    for k in range(ct.num_tiles(a, 1, (TM, TK))):
        x = ct.load(a, (bm, k), (TM, TK), padding_mode=ZERO)
        y = ct.load(b, (k, bn), (TK, TN), padding_mode=ZERO)
        acc = ct.mma(x, y, acc)
    ct.store(c, (bm, bn), acc.astype(c.dtype))


@ct.kernel
def gemm_tf32(a, b, c, TM: ct.Constant[int], TN: ct.Constant[int],
              TK: ct.Constant[int]):
    # c = a @ b for float32 arrays, multiplied in tf32.
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.zeros((TM, TN), dtype=ct.float32)
    for k in range(ct.num_tiles(a, 1, (TM, TK))):
        x = ct.load(a, (bm, k), (TM, TK), padding_mode=ZERO)
        y = ct.load(b, (k, bn), (TK, TN), padding_mode=ZERO)
        acc = ct.mma(x.astype(ct.tfloat32), y.astype(ct.tfloat32), acc)
    ct.store(c, (bm, bn), acc)


@ct.kernel
def gemm_fp8(a, b, c, TM: ct.Constant[int], TN: ct.Constant[int],
             TK: ct.Constant[int]):
    # c = a @ b for 8-bit floats, accumulated with fast accumulation.
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.zeros((TM, TN), dtype=ct.float32)
    for k in range(ct.num_tiles(a, 1, (TM, TK))):
        x = ct.load(a, (bm, k), (TM, TK), padding_mode=ZERO)
        y = ct.load(b, (k, bn), (TK, TN), padding_mode=ZERO)
        acc = ct.mma(x, y, acc, use_fast_acc=True)
    ct.store(c, (bm, bn), acc.astype(c.dtype))


@ct.kernel
def gemm_int(a, b, c, TM: ct.Constant[int], TN: ct.Constant[int],
             TK: ct.Constant[int]):
    # c = a @ b in int32.
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.zeros((TM, TN), dtype=ct.int32)
    for k in range(ct.num_tiles(a, 1, (TM, TK))):
        x = ct.load(a, (bm, k), (TM, TK), padding_mode=ZERO)
        y = ct.load(b, (k, bn), (TK, TN), padding_mode=ZERO)
        acc = ct.mma(x, y, acc)
    ct.store(c, (bm, bn), acc)


@ct.kernel
def gemm_unchecked(a, b, c, TM: ct.Constant[int], TN: ct.Constant[int],
                   TK: ct.Constant[int]):
    # gemm for sizes the tiles divide, with the bounds checks waived
    # (check_bounds=False, bytecode 13.4's `inbounds`).
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.zeros((TM, TN), dtype=ct.float32)
    for k in range(ct.num_tiles(a, 1, (TM, TK))):
        x = ct.load(a, (bm, k), (TM, TK), check_bounds=False)
        y = ct.load(b, (k, bn), (TK, TN), check_bounds=False)
        acc = ct.mma(x, y, acc)
    ct.store(c, (bm, bn), acc.astype(c.dtype), check_bounds=False)


@ct.kernel
def gemm_int_unchecked(a, b, c, TM: ct.Constant[int], TN: ct.Constant[int],
                       TK: ct.Constant[int]):
    # gemm_int with the bounds checks waived, as gemm_unchecked.
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.zeros((TM, TN), dtype=ct.int32)
    for k in range(ct.num_tiles(a, 1, (TM, TK))):
        x = ct.load(a, (bm, k), (TM, TK), check_bounds=False)
        y = ct.load(b, (k, bn), (TK, TN), check_bounds=False)
        acc = ct.mma(x, y, acc)
    ct.store(c, (bm, bn), acc, check_bounds=False)


@ct.kernel
def gemm_grouped(a, b, c, TM: ct.Constant[int], TN: ct.Constant[int],
                 TK: ct.Constant[int], GROUP: ct.Constant[int]):
    # c = a @ b over a 1-D grid in L2-friendly grouped order.
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
    ct.store(c, (bm, bn), acc.astype(c.dtype))


@ct.kernel
def gemm_batched(a, b, c, TM: ct.Constant[int], TN: ct.Constant[int],
                 TK: ct.Constant[int]):
    # c[i] = a[i] @ b[i] for a batch of matrices.
    bm = ct.bid(0)
    bn = ct.bid(1)
    bb = ct.bid(2)
    acc = ct.zeros((TM, TN), dtype=ct.float32)
    for k in range(ct.num_tiles(a, 2, (1, TM, TK))):
        x = ct.load(a, (bb, bm, k), (1, TM, TK), padding_mode=ZERO).reshape((TM, TK))
        y = ct.load(b, (bb, k, bn), (1, TK, TN), padding_mode=ZERO).reshape((TK, TN))
        acc = ct.mma(x, y, acc)
    ct.store(c, (bb, bm, bn), acc.reshape((1, TM, TN)).astype(c.dtype))


@ct.kernel
def gemm_epilogue(a, b, bias, c, TM: ct.Constant[int], TN: ct.Constant[int],
                  TK: ct.Constant[int]):
    # c = relu(a @ b + bias).
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.zeros((TM, TN), dtype=ct.float32)
    for k in range(ct.num_tiles(a, 1, (TM, TK))):
        x = ct.load(a, (bm, k), (TM, TK), padding_mode=ZERO)
        y = ct.load(b, (k, bn), (TK, TN), padding_mode=ZERO)
        acc = ct.mma(x, y, acc)
    bt = ct.load(bias, (bn,), (TN,), padding_mode=ZERO).astype(ct.float32)
    ct.store(c, (bm, bn), ct.maximum(acc + bt[None, :], 0.0).astype(c.dtype))


@ct.kernel
def attention_fwd(q, k, v, o, scale, TQ: ct.Constant[int], TKV: ct.Constant[int],
                  D: ct.Constant[int], CAUSAL: ct.Constant[bool]):
    # o = softmax(scale * q k^T [+ causal mask]) v over (batch*heads, seq, D).
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


@ct.kernel
def softmax(x, out, TN: ct.Constant[int]):
    # One row per block.
    row = ct.bid(0)
    t = ct.load(x, (row, 0), (1, TN), padding_mode=ZERO).astype(ct.float32)
    e = ct.exp(t - ct.max(t, axis=1, keepdims=True))
    ct.store(out, (row, 0), (e / ct.sum(e, axis=1, keepdims=True)).astype(out.dtype))


@ct.kernel
def layer_norm(x, w, b, y, eps, TN: ct.Constant[int]):
    # One row per block: y = (x - mean) / sqrt(var + eps) * w + b.
    row = ct.bid(0)
    t = ct.load(x, (row, 0), (1, TN), padding_mode=ZERO).astype(ct.float32)
    mean = ct.sum(t, axis=1, keepdims=True) / TN
    d = t - mean
    var = ct.sum(d * d, axis=1, keepdims=True) / TN
    wt = ct.load(w, (0,), (TN,), padding_mode=ZERO).astype(ct.float32)
    bt = ct.load(b, (0,), (TN,), padding_mode=ZERO).astype(ct.float32)
    res = d * ct.rsqrt(var + eps) * wt[None, :] + bt[None, :]
    ct.store(y, (row, 0), res.astype(y.dtype))


@ct.kernel
def transpose(x, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    t = ct.load(x, (bm, bn), (TM, TN))
    ct.store(out, (bn, bm), ct.transpose(t))


@ct.kernel
def vector_add(x, y, out, T: ct.Constant[int]):
    i = ct.bid(0)
    a = ct.load(x, (i,), (T,))
    b = ct.load(y, (i,), (T,))
    ct.store(out, (i,), a + b)
