# Part of the tileir project, under the Apache License v2.0 with LLVM
# Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Matrix multiply-accumulate: ct.mma for every operand/accumulator pairing
cuTile supports (f16 -> f16/f32, bf16 -> f32, tf32 -> f32, f32 -> f32,
f64 -> f64, int8/uint8 -> int32, float8 e4m3fn/e5m2 -> f16/f32) in K loops of
static trip counts 1, 2, 4 and 16 and of run-time length, a loop-free single
mma, ct.matmul / the @ operator (2-D, batched and 1-D), batched 3-D mma,
transposed operands and fp8 fast accumulation."""

import numpy as np
import cuda.tile as ct

from corpus import A, Launch, case, cdiv, devs, dt, poison, randint, rng_for, round_tf32, \
    uniform

ZERO = ct.PaddingMode.ZERO


@ct.kernel
def gemm_dynamic_k(a, b, c, TM: ct.Constant[int], TN: ct.Constant[int], TK: ct.Constant[int]):
    # c = a @ b with the accumulator in c's dtype; K loop length from a.shape[1].
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.zeros((TM, TN), dtype=c.dtype)
    for k in range(ct.num_tiles(a, 1, (TM, TK))):
        x = ct.load(a, (bm, k), (TM, TK), padding_mode=ZERO)
        y = ct.load(b, (k, bn), (TK, TN), padding_mode=ZERO)
        acc = ct.mma(x, y, acc)
    ct.store(c, (bm, bn), acc)


@ct.kernel
def gemm_static_k(a, b, c, TM: ct.Constant[int], TN: ct.Constant[int], TK: ct.Constant[int],
                  KT: ct.Constant[int]):
    # Same, with a compile-time trip count KT (K must lie in ((KT-1)*TK, KT*TK]).
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.zeros((TM, TN), dtype=c.dtype)
    for k in range(KT):
        x = ct.load(a, (bm, k), (TM, TK), padding_mode=ZERO)
        y = ct.load(b, (k, bn), (TK, TN), padding_mode=ZERO)
        acc = ct.mma(x, y, acc)
    ct.store(c, (bm, bn), acc)


@ct.kernel
def gemm_single_mma(a, b, c, TM: ct.Constant[int], TN: ct.Constant[int],
                    TK: ct.Constant[int]):
    # Loop-free control: one mma over the whole K (K <= TK).
    bm = ct.bid(0)
    bn = ct.bid(1)
    x = ct.load(a, (bm, 0), (TM, TK), padding_mode=ZERO)
    y = ct.load(b, (0, bn), (TK, TN), padding_mode=ZERO)
    ct.store(c, (bm, bn), ct.mma(x, y, ct.zeros((TM, TN), dtype=c.dtype)))


@ct.kernel
def gemm_tf32_dynamic_k(a, b, c, TM: ct.Constant[int], TN: ct.Constant[int],
                        TK: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.zeros((TM, TN), dtype=ct.float32)
    for k in range(ct.num_tiles(a, 1, (TM, TK))):
        x = ct.load(a, (bm, k), (TM, TK), padding_mode=ZERO).astype(ct.tfloat32)
        y = ct.load(b, (k, bn), (TK, TN), padding_mode=ZERO).astype(ct.tfloat32)
        acc = ct.mma(x, y, acc)
    ct.store(c, (bm, bn), acc)


@ct.kernel
def gemm_tf32_static_k(a, b, c, TM: ct.Constant[int], TN: ct.Constant[int],
                       TK: ct.Constant[int], KT: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.zeros((TM, TN), dtype=ct.float32)
    for k in range(KT):
        x = ct.load(a, (bm, k), (TM, TK), padding_mode=ZERO)
        y = ct.load(b, (k, bn), (TK, TN), padding_mode=ZERO)
        acc = ct.mma(x.astype(ct.tfloat32), y.astype(ct.tfloat32), acc)
    ct.store(c, (bm, bn), acc)


@ct.kernel
def gemm_tf32_single_mma(a, b, c, TM: ct.Constant[int], TN: ct.Constant[int],
                         TK: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    x = ct.load(a, (bm, 0), (TM, TK), padding_mode=ZERO).astype(ct.tfloat32)
    y = ct.load(b, (0, bn), (TK, TN), padding_mode=ZERO).astype(ct.tfloat32)
    ct.store(c, (bm, bn), ct.mma(x, y, ct.zeros((TM, TN), dtype=ct.float32)))


@ct.kernel
def gemm_fp8_fast_acc(a, b, c, TM: ct.Constant[int], TN: ct.Constant[int],
                      TK: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.zeros((TM, TN), dtype=ct.float32)
    for k in range(ct.num_tiles(a, 1, (TM, TK))):
        x = ct.load(a, (bm, k), (TM, TK), padding_mode=ZERO)
        y = ct.load(b, (k, bn), (TK, TN), padding_mode=ZERO)
        acc = ct.mma(x, y, acc, use_fast_acc=True)
    ct.store(c, (bm, bn), acc)


@ct.kernel
def gemm_b_transposed(a, bt, c, TM: ct.Constant[int], TN: ct.Constant[int],
                      TK: ct.Constant[int]):
    # c = a @ bt.T with bt stored (N, K); the B tile is loaded transposed.
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.zeros((TM, TN), dtype=ct.float32)
    for k in range(ct.num_tiles(a, 1, (TM, TK))):
        x = ct.load(a, (bm, k), (TM, TK), padding_mode=ZERO)
        y = ct.load(bt, (k, bn), (TK, TN), order="F", padding_mode=ZERO)
        acc = ct.mma(x, y, acc)
    ct.store(c, (bm, bn), acc)


@ct.kernel
def matmul_operator(a, b, c, TM: ct.Constant[int], TN: ct.Constant[int],
                    TK: ct.Constant[int]):
    # ct.matmul / @ returns the promoted input dtype; accumulate in float32.
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.zeros((TM, TN), dtype=ct.float32)
    for k in range(ct.num_tiles(a, 1, (TM, TK))):
        x = ct.load(a, (bm, k), (TM, TK), padding_mode=ZERO)
        y = ct.load(b, (k, bn), (TK, TN), padding_mode=ZERO)
        acc += (x @ y).astype(ct.float32)
    ct.store(c, (bm, bn), acc)


@ct.kernel
def matmul_batched_broadcast(a, b, c, TB: ct.Constant[int], TM: ct.Constant[int],
                             TN: ct.Constant[int], TK: ct.Constant[int]):
    # (B, M, K) @ (K, N) -> (B, M, N); K is one tile.
    bb = ct.bid(0)
    bm = ct.bid(1)
    bn = ct.bid(2)
    x = ct.load(a, (bb, bm, 0), (TB, TM, TK), padding_mode=ZERO)
    y = ct.load(b, (0, bn), (TK, TN), padding_mode=ZERO)
    ct.store(c, (bb, bm, bn), ct.matmul(x, y))


@ct.kernel
def dot_rows(a, b, out, TK: ct.Constant[int]):
    # 1-D @ 1-D: out[r] = dot(a[r, :], b[r, :]) for one K tile.
    r = ct.bid(0)
    x = ct.load(a, (r, 0), (1, TK), padding_mode=ZERO).reshape((TK,))
    y = ct.load(b, (r, 0), (1, TK), padding_mode=ZERO).reshape((TK,))
    ct.store(out, (r,), (x @ y).reshape((1,)))


@ct.kernel
def batched_mma(a, b, c, TM: ct.Constant[int], TN: ct.Constant[int], TK: ct.Constant[int]):
    # (B, M, K) x (B, K, N) + acc with 3-D tiles, one batch per block z.
    bm = ct.bid(0)
    bn = ct.bid(1)
    bb = ct.bid(2)
    acc = ct.zeros((1, TM, TN), dtype=ct.float32)
    for k in range(ct.num_tiles(a, 2, (1, TM, TK))):
        x = ct.load(a, (bb, bm, k), (1, TM, TK), padding_mode=ZERO)
        y = ct.load(b, (bb, k, bn), (1, TK, TN), padding_mode=ZERO)
        acc = ct.mma(x, y, acc)
    ct.store(c, (bb, bm, bn), acc)


# ---------------------------------------------------------------------------
# Cases

# operand dtype -> (TM, TN, TK)
TILES = {
    "f16": (64, 64, 32), "bf16": (64, 64, 32), "tf32": (64, 64, 32), "f32": (64, 64, 16),
    "f64": (32, 32, 16), "i8": (64, 64, 64), "u8": (64, 64, 64), "e4m3": (64, 64, 64),
    "e5m2": (64, 64, 64),
}


def _operand_gen(d):
    info = dt(d)
    if info.kind == "u":
        return lambda rng, shape: randint(rng, d, shape, 0, 255)
    if info.is_int:
        return lambda rng, shape: randint(rng, d, shape, -128, 127)
    storage = "f32" if d == "tf32" else d
    return lambda rng, shape: uniform(rng, storage, shape, -1, 1)


def _tol(op, acc, k):
    if dt(acc).is_int:
        return None
    if acc == "f64":
        return (1e-13 * k, 1e-12)
    if acc == "f16":
        return (1e-3 * k / 8, 1e-2)
    if op == "tf32":
        return (1e-5 * k, 1e-3)
    return (1e-6 * k, 1e-4)


def _gemm_case(name, kernel, op, acc, tiles, extra=(), shapes=None, kmax=None, storage=None,
               b_transposed=False, round_operands=None, tol=None, op_b=None):
    tm, tn, tk = tiles
    storage = storage or ("f32" if op == "tf32" else op)
    op_b = op_b or op
    storage_b = "f32" if op_b == "tf32" else op_b
    gen = _operand_gen(op)
    gen_b = _operand_gen(op_b)
    shapes = shapes or [(256, 192, 512), (100, 70, 130), (64, 64, tk), (1, 1, 1)]
    kmax = kmax or max(s[2] for s in shapes)
    round_operands = round_operands or (round_tf32 if op == "tf32" else (lambda v: v))

    def make_args(device, shape, dtype=None):
        m, n, k = shape
        rng = rng_for(name, shape)
        a = gen(rng, (m, k))
        b = gen_b(rng, (n, k) if b_transposed else (k, n))
        a, b, c = devs(device, a, b, poison(acc, (m, n)))
        return Launch((cdiv(m, tm), cdiv(n, tn)), (a, b, c, tm, tn, tk) + tuple(extra),
                      {"c": c})

    def reference(args, shape):
        x = round_operands(np.asarray(args[0], dtype=np.float64))
        y = round_operands(np.asarray(args[1], dtype=np.float64))
        if b_transposed:
            y = y.T
        res = x @ y
        return {"c": res.astype(np.int64) if dt(acc).is_int else res}

    return case(name, kernel, [A(storage, 2), A(storage_b, 2), A(acc, 2), tm, tn, tk] +
                list(extra), make_args, reference, shapes, dtype=op,
                tol=tol or _tol(op, acc, kmax))


CASES = []

# Run-time K loop for every supported pairing.
PAIRS = (("f16", "f32"), ("f16", "f16"), ("bf16", "f32"), ("f32", "f32"), ("f64", "f64"),
         ("i8", "i32"), ("u8", "i32"), ("e4m3", "f32"), ("e5m2", "f32"), ("e4m3", "f16"),
         ("e5m2", "f16"))
for _op, _acc in PAIRS:
    CASES.append(_gemm_case(f"mma_{_op}_{_acc}_dynk", gemm_dynamic_k, _op, _acc, TILES[_op],
                            shapes=[(256, 192, 256), (100, 70, 130), (64, 64, 64), (1, 1, 1)]))
CASES.append(_gemm_case("mma_i8_u8_i32_dynk", gemm_dynamic_k, "i8", "i32", TILES["i8"], op_b="u8",
                        shapes=[(256, 192, 256), (100, 70, 130)]))
CASES.append(_gemm_case("mma_tf32_f32_dynk", gemm_tf32_dynamic_k, "tf32", "f32", TILES["tf32"],
                        shapes=[(256, 192, 256), (100, 70, 130), (64, 64, 64), (1, 1, 1)]))


# Two warpgroups of accumulator (128x128): on sm_90 the warp-specialized
# path, whose producer copies with TMA through tensor maps the kernel
# builds, with ragged edges (empty operands: test/gpu/run_tma_edges.py).
for _op in ("bf16", "f16"):
    CASES.append(_gemm_case(f"mma_{_op}_f32_wide", gemm_dynamic_k, _op, "f32",
                            (128, 128, 64),
                            shapes=[(256, 384, 512), (130, 200, 300), (1, 1, 1)]))


def _static_shapes(tiles, kt):
    tm, tn, tk = tiles
    return [(2 * tm, 2 * tn, kt * tk), (tm + 3, tn - 5, kt * tk - 7)]


# Compile-time K trip counts: 8-bit operands and f16 at 1, 2, 4 and 16
# iterations; the other operand types at 1 and 4.
for _op, _acc in (("i8", "i32"), ("e4m3", "f32"), ("e5m2", "f32"), ("f16", "f32")):
    for _kt in (1, 2, 4, 16):
        CASES.append(_gemm_case(f"mma_{_op}_{_acc}_k{_kt}", gemm_static_k, _op, _acc,
                                TILES[_op], extra=(_kt,),
                                shapes=_static_shapes(TILES[_op], _kt)))
for _op, _acc in (("bf16", "f32"), ("f64", "f64"), ("f32", "f32"), ("u8", "i32"),
                  ("e4m3", "f16"), ("f16", "f16")):
    for _kt in (1, 4):
        CASES.append(_gemm_case(f"mma_{_op}_{_acc}_k{_kt}", gemm_static_k, _op, _acc,
                                TILES[_op], extra=(_kt,),
                                shapes=_static_shapes(TILES[_op], _kt)))
for _kt in (1, 2, 4, 16):
    CASES.append(_gemm_case(f"mma_tf32_f32_k{_kt}", gemm_tf32_static_k, "tf32", "f32",
                            TILES["tf32"], extra=(_kt,),
                            shapes=_static_shapes(TILES["tf32"], _kt)))

# Loop-free single mma controls.
for _op, _acc in (("i8", "i32"), ("e4m3", "f32"), ("e5m2", "f32"), ("f16", "f32"),
                  ("bf16", "f32"), ("f64", "f64")):
    _t = TILES[_op]
    CASES.append(_gemm_case(f"mma_{_op}_{_acc}_single", gemm_single_mma, _op, _acc, _t,
                            shapes=[(2 * _t[0], _t[1], _t[2]), (_t[0] - 3, 2 * _t[1] + 1,
                                                               _t[2] - 5)]))
_t = TILES["tf32"]
CASES.append(_gemm_case("mma_tf32_f32_single", gemm_tf32_single_mma, "tf32", "f32", _t,
                        shapes=[(2 * _t[0], _t[1], _t[2]), (_t[0] - 3, 2 * _t[1] + 1,
                                                           _t[2] - 5)]))

# float8 fast accumulation (13.3+); cuTile rejects mixing e4m3 with e5m2 operands.
# Fast accumulation keeps partial sums in the tensor cores' reduced
# intermediate precision (about 14 significant bits on sm_90's wgmma), so
# the sum is checked against that, not against exact products.
_FAST_ACC_TOL = lambda k: (3e-5 * k, 2e-3)
CASES.append(_gemm_case("mma_e4m3_f32_fast_acc", gemm_fp8_fast_acc, "e4m3", "f32",
                        TILES["e4m3"], shapes=[(256, 192, 512), (100, 70, 130)],
                        tol=_FAST_ACC_TOL(512)))
CASES.append(_gemm_case("mma_e5m2_f32_fast_acc", gemm_fp8_fast_acc, "e5m2", "f32",
                        TILES["e5m2"], shapes=[(128, 128, 256)], tol=_FAST_ACC_TOL(256)))

# Transposed B operand.
for _op in ("bf16", "f16"):
    CASES.append(_gemm_case(f"mma_{_op}_f32_b_transposed", gemm_b_transposed, _op, "f32",
                            TILES[_op], b_transposed=True,
                            shapes=[(256, 128, 256), (100, 70, 130)]))

# ct.matmul through the @ operator; each f16/bf16 partial product is rounded
# to the operand type before it is accumulated, hence the looser tolerance.
for _op, _tol_op in (("f16", (2e-2, 1e-2)), ("bf16", (1.5e-1, 3e-2)), ("f32", None)):
    CASES.append(_gemm_case(f"matmul_operator_{_op}", matmul_operator, _op, "f32", TILES[_op],
                            shapes=[(128, 128, 128), (100, 70, 90)], tol=_tol_op))


def _batched_matmul_case(d, tb=2, tm=32, tn=32, tk=32):
    name = f"matmul_batched_broadcast_{d}"

    def make_args(device, shape, dtype=None):
        bsz, m, n = shape
        rng = rng_for(name, shape)
        a, b, c = devs(device, uniform(rng, d, (bsz, m, tk), -1, 1),
                       uniform(rng, d, (tk, n), -1, 1), poison(d, (bsz, m, n)))
        return Launch((cdiv(bsz, tb), cdiv(m, tm), cdiv(n, tn)), (a, b, c, tb, tm, tn, tk),
                      {"c": c})

    def reference(args, shape):
        return {"c": args[0] @ args[1]}

    return case(name, matmul_batched_broadcast, [A(d, 3), A(d, 2), A(d, 3), tb, tm, tn, tk],
                make_args, reference, [(4, 64, 64), (3, 40, 50)], dtype=d,
                tol=(1e-4, 1e-4) if d == "f32" else (3e-2, 1e-2))


CASES += [_batched_matmul_case("f32"), _batched_matmul_case("f16")]


def _dot_case(d, tk=128):
    name = f"dot_rows_{d}"

    def make_args(device, shape, dtype=None):
        rows, k = shape
        rng = rng_for(name, shape)
        a, b, out = devs(device, uniform(rng, d, shape, -1, 1), uniform(rng, d, shape, -1, 1),
                         poison(d, (rows,)))
        return Launch((rows,), (a, b, out, tk), {"out": out})

    def reference(args, shape):
        return {"out": (args[0] * args[1]).sum(axis=1)}

    return case(name, dot_rows, [A(d, 2), A(d, 2), A(d, 1), tk], make_args, reference,
                [(16, 128), (5, 100)], dtype=d, tol=(1e-4, 1e-4))


CASES.append(_dot_case("f32"))


def _batched_mma_case(d, tm=64, tn=32, tk=32):
    name = f"batched_mma_{d}"

    def make_args(device, shape, dtype=None):
        bsz, m, n, k = shape
        rng = rng_for(name, shape)
        a, b, c = devs(device, uniform(rng, d, (bsz, m, k), -1, 1),
                       uniform(rng, d, (bsz, k, n), -1, 1), poison("f32", (bsz, m, n)))
        return Launch((cdiv(m, tm), cdiv(n, tn), bsz), (a, b, c, tm, tn, tk), {"c": c})

    def reference(args, shape):
        return {"c": args[0] @ args[1]}

    return case(name, batched_mma, [A(d, 3), A(d, 3), A("f32", 3), tm, tn, tk], make_args,
                reference, [(3, 128, 64, 96), (2, 50, 40, 70)], dtype=d, tol=(1e-4, 1e-4))


CASES += [_batched_mma_case("f16"), _batched_mma_case("bf16")]
