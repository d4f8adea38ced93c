# Part of the tileir project, under the Apache License v2.0 with LLVM
# Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Control flow: for loops with break / continue / return, while loops with
data-dependent exits, nested loops, if / elif / else on run-time scalars and
on reductions of tiles, early return from the kernel, compile-time branches
and unrolled static loops, ranges with start / step, tuple
loop-carried values, helper functions and programmatic-dependent-launch
controls."""

import numpy as np
import cuda.tile as ct

from corpus import A, S, Launch, case, cdiv, devs, poison, randint, rng_for, uniform


@ct.kernel
def double_until_limit(x, out, steps, limit, ITERS: ct.Constant[int], TILE: ct.Constant[int]):
    # Doubles a tile until its maximum reaches `limit` (at most ITERS times);
    # steps[b] = number of doublings.
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE,), padding_mode=ct.PaddingMode.ZERO)
    n = 0
    for i in range(ITERS):
        if ct.max(t) >= limit:
            break
        t = t * 2
        n = n + 1
    ct.store(out, (bid,), t)
    ct.store(steps, (bid,), n)


@ct.kernel
def skip_with_continue(x, out, n, TILE: ct.Constant[int]):
    # out = x * sum(i for i in range(n) if i % 3 != 1)
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE,))
    acc = ct.zeros((TILE,), dtype=ct.float32)
    for i in range(n):
        if i % 3 == 1:
            continue
        acc += t * i
    ct.store(out, (bid,), acc)


@ct.kernel
def newton_sqrt(x, out, TILE: ct.Constant[int]):
    # Data-dependent while loop: Newton iterations until the update is tiny.
    bid = ct.bid(0)
    a = ct.load(x, (bid,), (TILE,), padding_mode=ct.PaddingMode.ZERO) + 1.0
    y = a
    it = 0
    while it < 100:
        y_next = 0.5 * (y + a / y)
        done = ct.max(ct.abs(y_next - y)) < 1e-6
        y = y_next
        it += 1
        if done:
            break
    ct.store(out, (bid,), y)


@ct.kernel
def while_break_continue(x, out, n, TILE: ct.Constant[int]):
    # acc = x * sum(c for c in 1..n if c is odd and c <= 7)
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE,))
    acc = ct.zeros((TILE,), dtype=x.dtype)
    count = 0
    while count < n:
        count += 1
        if count % 2 == 0:
            continue
        if count > 7:
            break
        acc += t * count
    ct.store(out, (bid,), acc)


@ct.kernel
def nested_triangle(x, out, n, TILE: ct.Constant[int]):
    # acc = x * sum((i+1)*(j+1) for i < n for j <= i) using break in the inner loop.
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE,))
    acc = ct.zeros((TILE,), dtype=ct.float32)
    for i in range(n):
        for j in range(n):
            if j > i:
                break
            acc += t * ((i + 1) * (j + 1))
    ct.store(out, (bid,), acc)


@ct.kernel
def nested_three_levels(out, A_: ct.Constant[int], B_: ct.Constant[int], n,
                        TILE: ct.Constant[int]):
    # out[i] = i + sum over a < A_, b < B_, c < n of (a * b + c), per element.
    bid = ct.bid(0)
    acc = ct.arange(TILE, dtype=ct.int32) + bid * TILE
    for a in range(A_):
        for b in range(B_):
            for c in range(n):
                acc = acc + (a * b + c)
    ct.store(out, (bid,), acc)


@ct.kernel
def select_by_mode(x, out, mode, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE,))
    if mode == 0:
        r = t + 1
    elif mode == 1:
        r = t * t
    else:
        r = -t
    ct.store(out, (bid,), r)


@ct.kernel
def branch_on_data(x, out, TILE: ct.Constant[int]):
    # Per block: sum > 0 -> x * 2, else on even blocks x - 1, on odd blocks x + 1.
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE,), padding_mode=ct.PaddingMode.ZERO)
    if ct.sum(t) > 0:
        ct.store(out, (bid,), t * 2)
    else:
        if bid % 2 == 0:
            ct.store(out, (bid,), t - 1)
        else:
            ct.store(out, (bid,), t + 1)


@ct.kernel
def early_exit(x, out, live_blocks, TILE: ct.Constant[int]):
    # Blocks at or past `live_blocks` return before storing anything.
    bid = ct.bid(0)
    if bid >= live_blocks:
        return
    ct.store(out, (bid,), ct.load(x, (bid,), (TILE,)) + 100)


@ct.kernel
def return_from_loop(x, out, n, TILE: ct.Constant[int]):
    # Stores the first i < n with i * i >= bid (as a tile) and returns from
    # inside the loop; blocks that never match store -1.
    bid = ct.bid(0)
    for i in range(n):
        if i * i >= bid:
            ct.store(out, (bid,), ct.full((TILE,), i, ct.int32))
            return
    ct.store(out, (bid,), ct.full((TILE,), -1, ct.int32))


@ct.kernel
def unrolled_chunks(x, out, TILE: ct.Constant[int], PARTS: ct.Constant[int]):
    # Statically unrolled loop over PARTS (= 4) sub-tiles: out chunk p = x chunk p * (p + 1).
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE,), padding_mode=ct.PaddingMode.ZERO)
    parts = ()
    for p in ct.static_iter(range(PARTS)):
        parts += (ct.extract(t, (p,), (TILE // PARTS,)) * (p + 1),)
    lo = ct.cat((parts[0], parts[1]), 0)
    hi = ct.cat((parts[2], parts[3]), 0)
    ct.store(out, (bid,), ct.cat((lo, hi), 0))


@ct.kernel
def strided_ranges(x, out, n, TILE: ct.Constant[int]):
    # Ranges with a start and a step (cuTile rejects negative steps):
    # acc = x * (sum(range(2, n)) - sum(range(1, n, 3)))
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE,))
    acc = ct.zeros((TILE,), dtype=ct.float32)
    for i in range(2, n):
        acc += t * i
    for i in range(1, n, 3):
        acc -= t * i
    ct.store(out, (bid,), acc)


@ct.kernel
def static_branch(x, out, NEGATE: ct.Constant[bool], TILE: ct.Constant[int]):
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE,))
    if NEGATE:
        t = -t
    else:
        t = t * 3
    ct.store(out, (bid,), t)


@ct.kernel
def fibonacci_tuple(x, out, n, TILE: ct.Constant[int]):
    # Loop-carried tuple of tiles: (a, b) -> (b, a + b), starting at (x, x).
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE,))
    pair = (t, t)
    for i in range(n):
        pair = (pair[1], pair[0] + pair[1])
    ct.store(out, (bid,), pair[0])


@ct.kernel
def dependent_launch_steps(x, out, TILE: ct.Constant[int]):
    # Programmatic dependent launch controls around an ordinary copy.
    bid = ct.bid(0)
    ct.grid_dependency_control_wait()
    t = ct.load(x, (bid,), (TILE,))
    ct.grid_dependency_control_launch_dependents()
    ct.store(out, (bid,), t + 1)


def clamp_tile(t, lo, hi=None):
    t = ct.maximum(t, lo)
    if hi is None:
        return t
    return ct.minimum(t, hi)


def smooth_step(t, lo, hi):
    u = (clamp_tile(t, lo, hi) - lo) / (hi - lo)
    return u * u * (3.0 - 2.0 * u)


@ct.function
def relu_sq(t):
    r = clamp_tile(t, 0.0)
    return r * r


@ct.kernel
def helper_calls(x, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE,))
    ct.store(out, (bid,), smooth_step(t, -1.0, hi=1.0) + relu_sq(t))


# ---------------------------------------------------------------------------

CASES = []
TILE = 128


def _simple(name, kernel, d, ref, extra=(), extra_params=(), shapes=((1000,), (128,), (5,)),
            gen=None, out_d=None, tol=None):
    out_d = out_d or d
    gen = gen or (lambda rng, shape: uniform(rng, d, shape, -2, 2))

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, gen(rng, shape), poison(out_d, shape))
        return Launch((cdiv(shape[0], TILE),), (x, out) + tuple(extra) + (TILE,),
                      {"out": out})

    def reference(args, shape):
        return {"out": ref(args[0], shape)}

    return case(name, kernel, [A(d, 1), A(out_d, 1)] + list(extra_params) + [TILE], make_args,
                reference, shapes, dtype=d, tol=tol)


def _double_case(d="i32", limit=1000, iters=12):
    name = f"double_until_limit_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x = randint(rng, d, shape, 1, 600)
        # Make some blocks start large, so they stop early.
        x[::3 * TILE] = 900
        x, out, steps = devs(device, x, poison(d, shape), poison("i32", (cdiv(shape[0], TILE),)))
        return Launch((cdiv(shape[0], TILE),), (x, out, steps, limit, iters, TILE),
                      {"out": out, "steps": steps})

    def reference(args, shape):
        x = np.asarray(args[0]).astype(np.int64)
        (n,) = shape
        out, steps = np.empty(n, np.int64), []
        for b in range(cdiv(n, TILE)):
            t = x[b * TILE:(b + 1) * TILE].copy()
            k = 0
            for _ in range(iters):
                if t.max() >= limit:
                    break
                t *= 2
                k += 1
            out[b * TILE:(b + 1) * TILE] = t
            steps.append(k)
        return {"out": out, "steps": np.array(steps)}

    return case(name, double_until_limit, [A(d, 1), A(d, 1), A("i32", 1), S("i32"), iters, TILE],
                make_args, reference, [(1000,), (128,), (5,)], dtype=d)


CASES.append(_double_case())

CASES.append(_simple("skip_with_continue_f32", skip_with_continue, "f32",
                     lambda x, s: x * sum(i for i in range(10) if i % 3 != 1),
                     extra=(10,), extra_params=[S("i32")], tol=(1e-5, 1e-6)))
CASES.append(_simple("newton_sqrt_f32", newton_sqrt, "f32", lambda x, s: np.sqrt(x + 1.0),
                     gen=lambda rng, shape: uniform(rng, "f32", shape, 0, 100),
                     tol=(1e-5, 1e-6)))
for _d in ("f32", "i32"):
    CASES.append(_simple(f"while_break_continue_{_d}", while_break_continue, _d,
                         lambda x, s: x * (1 + 3 + 5 + 7), extra=(20,),
                         extra_params=[S("i32")],
                         gen=None if _d == "f32" else
                         (lambda rng, shape: randint(rng, "i32", shape, -1000, 1000))))
CASES.append(_simple("nested_triangle_f32", nested_triangle, "f32",
                     lambda x, s: x * sum((i + 1) * (j + 1) for i in range(6)
                                          for j in range(i + 1)),
                     extra=(6,), extra_params=[S("i32")], tol=(1e-4, 1e-6)))


def _three_levels_case(a=3, b=4, n=5):
    name = "nested_three_levels_i32"

    def make_args(device, shape, dtype=None):
        (out,) = devs(device, poison("i32", shape))
        return Launch((cdiv(shape[0], TILE),), (out, a, b, n, TILE), {"out": out})

    def reference(args, shape):
        inc = sum(ia * ib + c for ia in range(a) for ib in range(b) for c in range(n))
        return {"out": np.arange(shape[0]) + inc}

    return case(name, nested_three_levels, [A("i32", 1), a, b, S("i32"), TILE], make_args,
                reference, [(1000,), (3,)], dtype="i32")


CASES.append(_three_levels_case())


def _mode_case(d="f32"):
    name = f"select_by_mode_{d}"

    def make_args(device, shape, dtype=None):
        n, mode = shape
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, d, (n,), -2, 2), poison(d, (n,)))
        return Launch((cdiv(n, TILE),), (x, out, mode, TILE), {"out": out})

    def reference(args, shape):
        x, mode = args[0], args[2]
        return {"out": x + 1 if mode == 0 else (x * x if mode == 1 else -x)}

    return case(name, select_by_mode, [A(d, 1), A(d, 1), S("i32"), TILE], make_args, reference,
                [(1000, 0), (1000, 1), (77, 2)], dtype=d,
                note="shape is (n, mode): the run-time mode picks the branch")


CASES.append(_mode_case())


def _branch_data_ref(x, shape):
    (n,) = shape
    res = np.empty(n)
    for b in range(cdiv(n, TILE)):
        blk = x[b * TILE:(b + 1) * TILE]
        if blk.sum() > 0:
            res[b * TILE:(b + 1) * TILE] = blk * 2
        elif b % 2 == 0:
            res[b * TILE:(b + 1) * TILE] = blk - 1
        else:
            res[b * TILE:(b + 1) * TILE] = blk + 1
    return res


CASES.append(_simple("branch_on_data_f32", branch_on_data, "f32", _branch_data_ref,
                     gen=lambda rng, shape: uniform(rng, "f32", shape, -1, 1)))


def _early_exit_case(d="f32"):
    name = f"early_exit_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        nb = cdiv(shape[0], TILE)
        x, out = devs(device, uniform(rng, d, shape, -2, 2), poison(d, shape))
        return Launch((nb,), (x, out, nb // 2, TILE), {"out": out})

    def reference(args, shape):
        x, out, live = args[0], np.asarray(args[1]).copy(), args[2]
        out[:live * TILE] = x[:live * TILE] + 100
        return {"out": out}

    return case(name, early_exit, [A(d, 1), A(d, 1), S("i32"), TILE], make_args, reference,
                [(1000,), (128,), (300,)], dtype=d,
                note="the upper half of the blocks returns early: their output stays poison")


CASES.append(_early_exit_case())


def _return_loop_case():
    name = "return_from_loop_i32"
    n = 6

    def make_args(device, shape, dtype=None):
        (blocks,) = shape
        x, out = devs(device, poison("i32", (blocks * TILE,)), poison("i32", (blocks * TILE,)))
        return Launch((blocks,), (x, out, n, TILE), {"out": out})

    def reference(args, shape):
        (blocks,) = shape
        vals = []
        for b in range(blocks):
            hit = next((i for i in range(n) if i * i >= b), -1)
            vals.append(np.full(TILE, hit))
        return {"out": np.concatenate(vals)}

    return case(name, return_from_loop, [A("i32", 1), A("i32", 1), S("i32"), TILE], make_args,
                reference, [(40,), (1,)], dtype="i32", note="shape is the number of blocks")


CASES.append(_return_loop_case())


def _unrolled_ref(x, shape):
    (n,) = shape
    q = TILE // 4
    nb = cdiv(n, TILE)
    xp = np.zeros(nb * TILE)
    xp[:n] = x
    blocks = xp.reshape(nb, 4, q) * np.arange(1, 5)[None, :, None]
    return blocks.reshape(-1)[:n]


def _unrolled_case():
    name = "unrolled_chunks_f32"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, "f32", shape, -2, 2), poison("f32", shape))
        return Launch((cdiv(shape[0], TILE),), (x, out, TILE, 4), {"out": out})

    def reference(args, shape):
        return {"out": _unrolled_ref(args[0], shape)}

    return case(name, unrolled_chunks, [A("f32", 1), A("f32", 1), TILE, 4], make_args,
                reference, [(1000,), (128,)], dtype="f32")


CASES.append(_unrolled_case())
CASES.append(_simple("strided_ranges_f32", strided_ranges, "f32",
                     lambda x, s: x * (sum(range(2, 10)) - sum(range(1, 10, 3))),
                     extra=(10,), extra_params=[S("i32")], tol=(1e-5, 1e-6)))


def _static_branch_case(negate):
    name = f"static_branch_{'neg' if negate else 'triple'}_f32"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, "f32", shape, -2, 2), poison("f32", shape))
        return Launch((cdiv(shape[0], TILE),), (x, out, negate, TILE), {"out": out})

    def reference(args, shape):
        return {"out": -args[0] if negate else args[0] * 3}

    return case(name, static_branch, [A("f32", 1), A("f32", 1), negate, TILE], make_args,
                reference, [(1000,), (5,)], dtype="f32")


CASES += [_static_branch_case(True), _static_branch_case(False)]


def _fib(n):
    a, b = 1, 1
    for _ in range(n):
        a, b = b, a + b
    return a


CASES.append(_simple("fibonacci_tuple_i64", fibonacci_tuple, "i64",
                     lambda x, s: x * _fib(30), extra=(30,), extra_params=[S("i32")],
                     gen=lambda rng, shape: randint(rng, "i64", shape, -1000, 1000)))


def _helper_ref(x, shape):
    u = (np.clip(x, -1.0, 1.0) + 1.0) / 2.0
    return u * u * (3.0 - 2.0 * u) + np.maximum(x, 0.0) ** 2


CASES.append(_simple("helper_calls_f32", helper_calls, "f32", _helper_ref, tol=(1e-5, 1e-5)))
CASES.append(_simple("dependent_launch_steps_f32", dependent_launch_steps, "f32",
                     lambda x, s: x + 1))
