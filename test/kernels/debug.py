# Part of the tileir project, under the Apache License v2.0 with LLVM
# Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Device-side printing (ct.printf with C formats, ct.print with f-strings,
sep and end) and assertions (ct.assert_ with and without a message).

Each case also copies its input, so results are checked as usual; the
expected device output is given as regular expressions in `Case.stdout`
(each must match somewhere; output of different blocks may interleave)."""

import cuda.tile as ct

from corpus import A, Launch, case, cdiv, devs, poison, randint, rng_for, uniform


@ct.kernel
def printf_block_sums(x, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE,), padding_mode=ct.PaddingMode.ZERO)
    ct.printf("block %d sum %.3f max %e\n", bid, ct.sum(t), ct.max(t))
    ct.store(out, (bid,), t)


@ct.kernel
def printf_int_formats(x, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE,), padding_mode=ct.PaddingMode.ZERO)
    first = ct.extract(t, (0,), (1,)).reshape(())
    ct.printf("i64 %lld hex %x width [%8d]\n", first, bid + 255, bid)
    ct.store(out, (bid,), t)


@ct.kernel
def print_fstring(x, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    t = ct.load(x, (bid, 0), (1, TILE))
    ct.print(f"row {bid}: {t}")
    ct.print("max", ct.max(t), "min", ct.min(t), sep="|", end=";\n")
    ct.store(out, (bid, 0), t)


@ct.kernel
def assert_in_range(x, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE,), padding_mode=ct.PaddingMode.ZERO)
    ct.assert_(t >= 0, "negative input")
    ct.assert_(t < 1000)
    ct.store(out, (bid,), t * 2)


CASES = []
TILE = 64


def _copy_case(name, kernel, d, gen, stdout, ref=lambda x: x, two_d=False, shapes=None):
    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, gen(rng, shape), poison(d, shape))
        grid = (shape[0],) if two_d else (cdiv(shape[0], TILE),)
        return Launch(grid, (x, out, TILE), {"out": out})

    def reference(args, shape):
        return {"out": ref(args[0])}

    return case(name, kernel, [A(d, 2 if two_d else 1), A(d, 2 if two_d else 1), TILE],
                make_args, reference, shapes or [(200,), (64,)], dtype=d, stdout=stdout)


CASES.append(_copy_case("printf_block_sums_f32", printf_block_sums, "f32",
                        lambda rng, shape: uniform(rng, "f32", shape, -1, 1),
                        (r"block 0 sum -?\d+\.\d{3} max -?\d\.\d+e[+-]\d+",)))
CASES.append(_copy_case("printf_block_sums_f16", printf_block_sums, "f16",
                        lambda rng, shape: uniform(rng, "f16", shape, -1, 1),
                        (r"block 0 sum -?\d+\.\d{3}",)))
CASES.append(_copy_case("printf_int_formats_i64", printf_int_formats, "i64",
                        lambda rng, shape: randint(rng, "i64", shape, -1000, 1000),
                        (r"i64 -?\d+ hex ff width \[       0\]",)))
CASES.append(_copy_case("print_fstring_f32", print_fstring, "f32",
                        lambda rng, shape: uniform(rng, "f32", shape, -1, 1),
                        (r"row 0: \[\[-?\d", r"max\|-?\d.*\|min\|-?\d.*;"), two_d=True,
                        shapes=[(4, TILE), (1, TILE)]))
CASES.append(_copy_case("print_fstring_i32", print_fstring, "i32",
                        lambda rng, shape: randint(rng, "i32", shape, -9, 9),
                        (r"row 1: \[\[-?\d", r"max\|-?\d+\|min\|-?\d+;"), two_d=True,
                        shapes=[(3, TILE)]))
CASES.append(_copy_case("assert_in_range_f32", assert_in_range, "f32",
                        lambda rng, shape: uniform(rng, "f32", shape, 0, 999),
                        (), ref=lambda x: x * 2, shapes=[(1000,), (64,), (3,)]))
CASES.append(_copy_case("assert_in_range_i32", assert_in_range, "i32",
                        lambda rng, shape: randint(rng, "i32", shape, 0, 999),
                        (), ref=lambda x: x * 2, shapes=[(1000,), (5,)]))

