# Part of the tileir project, under the Apache License v2.0 with LLVM
# Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Element-wise math: unary and binary arithmetic on every storage dtype,
bitwise ops and shifts, comparisons, ct.where, isnan, fused multiply-add,
rounding / flush-to-zero / NaN-propagation modifiers and dtype promotion."""

import operator

import numpy as np  # only used by references
import cuda.tile as ct

from corpus import (A, S, Launch, case, cdiv, choice, devs, dt, map1d_case, nonzero, round_to,
                    poison, randint, rng_for, uniform, compute_input, expected_output)

FLOATS = ("f16", "bf16", "f32", "f64")
INTS = ("i8", "i16", "i32", "i64")
UINTS = ("u8", "u32")
NUMERIC = INTS + FLOATS

RN = ct.RoundingMode


# ---------------------------------------------------------------------------
# Kernel templates: one @ct.kernel per operation, specialised per dtype by the
# export signature.


def unary_kernel(op):
    @ct.kernel
    def unary_map(x, out, TILE: ct.Constant[int]):
        bid = ct.bid(0)
        t = ct.load(x, (bid,), (TILE,))
        ct.store(out, (bid,), op(t))
    return unary_map


def binary_kernel(op):
    @ct.kernel
    def binary_map(x, y, out, TILE: ct.Constant[int]):
        bid = ct.bid(0)
        a = ct.load(x, (bid,), (TILE,))
        b = ct.load(y, (bid,), (TILE,))
        ct.store(out, (bid,), op(a, b))
    return binary_map


@ct.kernel
def fused_mul_add(x, y, z, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    a = ct.load(x, (bid,), (TILE,))
    b = ct.load(y, (bid,), (TILE,))
    c = ct.load(z, (bid,), (TILE,))
    ct.store(out, (bid,), a * b + c)


@ct.kernel
def compare_all(x, y, lt, le, gt, ge, eq, ne, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    a = ct.load(x, (bid,), (TILE,))
    b = ct.load(y, (bid,), (TILE,))
    ct.store(lt, (bid,), a < b)
    ct.store(le, (bid,), ct.less_equal(a, b))
    ct.store(gt, (bid,), a > b)
    ct.store(ge, (bid,), ct.greater_equal(a, b))
    ct.store(eq, (bid,), a == b)
    ct.store(ne, (bid,), ct.not_equal(a, b))


@ct.kernel
def select_smaller(x, y, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    a = ct.load(x, (bid,), (TILE,))
    b = ct.load(y, (bid,), (TILE,))
    ct.store(out, (bid,), ct.where(a < b, a, b))


@ct.kernel
def select_relu_scalar(x, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    a = ct.load(x, (bid,), (TILE,))
    ct.store(out, (bid,), ct.where(a > 0, a, 0.0))


@ct.kernel
def divmod_pair(x, y, quot, rem, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    a = ct.load(x, (bid,), (TILE,))
    b = ct.load(y, (bid,), (TILE,))
    q, r = divmod(a, b)
    ct.store(quot, (bid,), q)
    ct.store(rem, (bid,), r)


@ct.kernel
def scale_shift_runtime(x, out, scale, shift, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    a = ct.load(x, (bid,), (TILE,))
    ct.store(out, (bid,), a * scale + shift)


@ct.kernel
def poly_constants(x, out, TILE: ct.Constant[int], C0: ct.Constant[float],
                   C1: ct.Constant[float], C2: ct.Constant[float]):
    bid = ct.bid(0)
    a = ct.load(x, (bid,), (TILE,))
    ct.store(out, (bid,), (C2 * a + C1) * a + C0)


@ct.kernel
def mixed_promote(x, y, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    a = ct.load(x, (bid,), (TILE,))
    b = ct.load(y, (bid,), (TILE,))
    ct.store(out, (bid,), a + b * 3 - 1)


@ct.kernel
def elementwise_2d(x, y, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    a = ct.load(x, (bm, bn), (TM, TN))
    b = ct.load(y, (bm, bn), (TM, TN))
    ct.store(out, (bm, bn), ct.maximum(a * b, a - b) + ct.abs(b))


# ---------------------------------------------------------------------------
# Input generators


def gen_uniform(d, lo, hi):
    return lambda rng, shape: uniform(rng, d, shape, lo, hi)


def gen_nonzero(d, lo, hi):
    return lambda rng, shape: nonzero(rng, d, shape, lo, hi)


def gen_full(d):
    """Whole integer range except the minimum (abs/neg/div of it overflow)."""
    info = dt(d)
    lo = None if info.kind == "u" else -(1 << (info.bits - 1)) + 1
    return lambda rng, shape: randint(rng, d, shape, lo, None)


def gen_small(d, lo=-3, hi=3):
    return lambda rng, shape: choice(rng, d, shape, list(range(lo, hi + 1)))


def gen_arith(d, scale=8.0):
    info = dt(d)
    if info.is_float:
        return gen_uniform(d, -scale, scale)
    return gen_full(d)


# ---------------------------------------------------------------------------
# Unary float math

UNARY_FLOAT = {
    # name: (op, numpy reference, input range)
    "exp": (ct.exp, np.exp, (-4.0, 4.0)),
    "exp2": (ct.exp2, np.exp2, (-6.0, 6.0)),
    "log": (ct.log, np.log, (0.05, 20.0)),
    "log2": (ct.log2, np.log2, (0.05, 20.0)),
    "sqrt": (ct.sqrt, np.sqrt, (0.0, 50.0)),
    "rsqrt": (ct.rsqrt, lambda v: 1.0 / np.sqrt(v), (0.05, 50.0)),
    "sin": (ct.sin, np.sin, (-4.0, 4.0)),
    "cos": (ct.cos, np.cos, (-4.0, 4.0)),
    "tan": (ct.tan, np.tan, (-1.2, 1.2)),
    "tanh": (ct.tanh, np.tanh, (-4.0, 4.0)),
    "sinh": (ct.sinh, np.sinh, (-3.0, 3.0)),
    "cosh": (ct.cosh, np.cosh, (-3.0, 3.0)),
    "floor": (ct.floor, np.floor, (-10.0, 10.0)),
    "ceil": (ct.ceil, np.ceil, (-10.0, 10.0)),
}

CASES = []

for _name, (_op, _ref, (_lo, _hi)) in UNARY_FLOAT.items():
    _k = unary_kernel(_op)
    for _d in FLOATS:
        CASES.append(map1d_case(f"{_name}_{_d}", _k, [(_d, gen_uniform(_d, _lo, _hi))], _d,
                                _ref))

# abs / neg on every numeric dtype
for _name, _op, _ref in (("abs", ct.abs, np.abs), ("neg", operator.neg, np.negative)):
    _k = unary_kernel(_op)
    for _d in NUMERIC:
        CASES.append(map1d_case(f"{_name}_{_d}", _k, [(_d, gen_arith(_d))], _d, _ref))

# isnan on floats: inputs sprinkled with NaN and infinities.


def _gen_with_nan(d):
    def g(rng, shape):
        v = rng.uniform(-4, 4, size=shape)
        pick = rng.integers(0, 8, size=shape)
        v = np.where(pick == 0, np.nan, np.where(pick == 1, np.inf, np.where(
            pick == 2, -np.inf, v)))
        return v.astype(dt(d).np)
    return g


_k = unary_kernel(ct.isnan)
for _d in FLOATS:
    CASES.append(map1d_case(f"isnan_{_d}", _k, [(_d, _gen_with_nan(_d))], "b", np.isnan))

# ---------------------------------------------------------------------------
# Binary arithmetic


def _int_binary_inputs(d, name):
    info = dt(d)
    if name in ("floordiv", "mod"):
        return [(d, gen_full(d)), (d, gen_nonzero(d, 1, 20) if info.kind != "u"
                                   else gen_uniform(d, 1, 20))]
    return [(d, gen_full(d)), (d, gen_full(d))]


def _float_binary_inputs(d, name):
    if name in ("floordiv", "mod"):
        # Power-of-two divisors keep x / y exact in every format, so floor()
        # of the quotient is well defined.
        return [(d, gen_uniform(d, -20, 20)),
                (d, lambda rng, shape: choice(rng, d, shape, [-4, -2, -1, -0.5, 0.5, 1, 2, 4]))]
    if name == "div":
        return [(d, gen_uniform(d, -8, 8)), (d, gen_nonzero(d, 0.25, 4))]
    return [(d, gen_uniform(d, -8, 8)), (d, gen_uniform(d, -8, 8))]


BINARY_ARITH = {
    "add": (operator.add, np.add),
    "sub": (operator.sub, np.subtract),
    "mul": (operator.mul, np.multiply),
    "floordiv": (operator.floordiv, np.floor_divide),
    "mod": (operator.mod, np.mod),
    "minimum": (ct.minimum, np.minimum),
    "maximum": (ct.maximum, np.maximum),
}

for _name, (_op, _ref) in BINARY_ARITH.items():
    _k = binary_kernel(_op)
    for _d in NUMERIC:
        _ins = (_float_binary_inputs if dt(_d).is_float else _int_binary_inputs)(_d, _name)
        CASES.append(map1d_case(f"{_name}_{_d}", _k, _ins, _d, _ref))

_k = binary_kernel(operator.truediv)
for _d in FLOATS:
    CASES.append(map1d_case(f"div_{_d}", _k, _float_binary_inputs(_d, "div"), _d, np.divide))
# int / int is true division with a float result.
CASES.append(map1d_case("div_i32_to_f32", _k, [("i32", gen_uniform("i32", -1000, 1000)),
                                               ("i32", gen_nonzero("i32", 1, 50))],
                        "f32", np.divide))

_k = binary_kernel(operator.pow)
for _d in FLOATS:
    CASES.append(map1d_case(f"pow_{_d}", _k, [(_d, gen_uniform(_d, 0.5, 2.0)),
                                              (_d, gen_uniform(_d, -2.0, 2.0))], _d, np.power))

# Float base, integer exponent (lowered to an integer-exponent power from 13.4 on).
for _d in ("f32", "f64", "f16"):
    CASES.append(map1d_case(f"pow_int_exponent_{_d}", _k, [(_d, gen_uniform(_d, 0.5, 2.0)),
                                                           ("i32", gen_uniform("i32", -4, 4))],
                            _d, np.power))


def cube(t):
    return t ** 3


CASES.append(map1d_case("cube_f32", unary_kernel(cube), [("f32", gen_uniform("f32", -3, 3))],
                        "f32", lambda a: a ** 3))

_k = binary_kernel(ct.atan2)
for _d in FLOATS:
    CASES.append(map1d_case(f"atan2_{_d}", _k, [(_d, gen_nonzero(_d, 0.1, 4.0)),
                                                (_d, gen_nonzero(_d, 0.1, 4.0))], _d, np.arctan2))

_k = binary_kernel(ct.cdiv)
for _d in ("i32", "i64"):
    CASES.append(map1d_case(f"cdiv_{_d}", _k, [(_d, gen_uniform(_d, -100000, 100000)),
                                               (_d, gen_nonzero(_d, 1, 50))], _d,
                            lambda a, b: -((-a) // b)))


def _divmod_case(d):
    tile = 256
    name = f"divmod_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x = gen_full(d)(rng, shape)
        y = gen_nonzero(d, 1, 20)(rng, shape)
        x, y, q, r = devs(device, x, y, poison(d, shape), poison(d, shape))
        return Launch((cdiv(shape[0], tile),), (x, y, q, r, tile), {"quot": q, "rem": r})

    def reference(args, shape):
        a, b = compute_input(args[0], dt(d)), compute_input(args[1], dt(d))
        return {"quot": expected_output(np.floor_divide(a, b), dt(d), shape),
                "rem": expected_output(np.mod(a, b), dt(d), shape)}

    return case(name, divmod_pair, [A(d, 1)] * 4 + [tile], make_args, reference,
                [(1000,), (256,), (5,)], dtype=d)


CASES += [_divmod_case("i32"), _divmod_case("i64")]

# ---------------------------------------------------------------------------
# Bitwise ops and shifts

BITWISE = {
    "and": (operator.and_, np.bitwise_and),
    "or": (operator.or_, np.bitwise_or),
    "xor": (operator.xor, np.bitwise_xor),
}
for _name, (_op, _ref) in BITWISE.items():
    _k = binary_kernel(_op)
    for _d in INTS + UINTS + ("b",):
        CASES.append(map1d_case(f"bit{_name}_{_d}", _k, [(_d, gen_full(_d) if _d != "b" else
                                                          lambda r, s: randint(r, "b", s)),
                                                         (_d, gen_full(_d) if _d != "b" else
                                                          lambda r, s: randint(r, "b", s))],
                                _d, _ref))

_k = unary_kernel(ct.bitwise_not)
for _d in INTS + UINTS + ("b",):
    CASES.append(map1d_case(f"bitnot_{_d}", _k, [(_d, gen_full(_d) if _d != "b" else
                                                  lambda r, s: randint(r, "b", s))],
                            _d, np.invert))


def _shift_amount(d):
    return lambda rng, shape: randint(rng, d, shape, 0, dt(d).bits - 1)


for _name, _op, _ref in (("shl", operator.lshift, np.left_shift),
                         ("shr", operator.rshift, np.right_shift)):
    _k = binary_kernel(_op)
    for _d in INTS + UINTS:
        CASES.append(map1d_case(f"{_name}_{_d}", _k, [(_d, gen_full(_d)), (_d, _shift_amount(_d))],
                                _d, _ref))

# ---------------------------------------------------------------------------
# Comparisons and selection


def _compare_case(d):
    tile = 128
    name = f"compare_{d}"
    outs = ("lt", "le", "gt", "ge", "eq", "ne")

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x = gen_small(d)(rng, shape)
        y = gen_small(d)(rng, shape)
        arrs = devs(device, x, y, *[poison("b", shape) for _ in outs])
        return Launch((cdiv(shape[0], tile),), arrs + (tile,), dict(zip(outs, arrs[2:])))

    def reference(args, shape):
        a, b = args[0], args[1]
        return {"lt": a < b, "le": a <= b, "gt": a > b, "ge": a >= b,
                "eq": a == b, "ne": a != b}

    return case(name, compare_all, [A(d, 1), A(d, 1)] + [A("b", 1)] * 6 + [tile],
                make_args, reference, [(1000,), (128,), (77,)], dtype=d,
                note="bool outputs cannot carry a poison value distinct from results")


CASES += [_compare_case(d) for d in NUMERIC + UINTS]

for _d in NUMERIC:
    CASES.append(map1d_case(f"where_{_d}", select_smaller,
                            [(_d, gen_arith(_d)), (_d, gen_arith(_d))], _d, np.minimum))
for _d in FLOATS:
    CASES.append(map1d_case(f"where_scalar_{_d}", select_relu_scalar,
                            [(_d, gen_uniform(_d, -4, 4))], _d, lambda a: np.maximum(a, 0.0)))

# ---------------------------------------------------------------------------
# Fused multiply-add (a * b + c is contracted to one fma by cuTile)

for _d in FLOATS:
    CASES.append(map1d_case(f"fma_{_d}", fused_mul_add,
                            [(_d, gen_uniform(_d, -4, 4))] * 3, _d,
                            lambda a, b, c: a * b + c))

# ---------------------------------------------------------------------------
# Rounding modes, flush-to-zero and NaN propagation (float32)

def add_rz(a, b):
    return ct.add(a, b, rounding_mode=RN.RZ)


def sub_rp(a, b):
    return ct.sub(a, b, rounding_mode=RN.RP)


def mul_rm(a, b):
    return ct.mul(a, b, rounding_mode=RN.RM)


def mul_ftz(a, b):
    return ct.mul(a, b, flush_to_zero=True)


def div_approx(a, b):
    return ct.truediv(a, b, rounding_mode=RN.APPROX)


def div_full(a, b):
    return ct.truediv(a, b, rounding_mode=RN.FULL)


def div_rz_ftz(a, b):
    return ct.truediv(a, b, rounding_mode=RN.RZ, flush_to_zero=True)


def max_nan(a, b):
    return ct.maximum(a, b, propagate_nan=True)


def min_nonan(a, b):
    return ct.minimum(a, b)


def sqrt_approx(a):
    return ct.sqrt(a, rounding_mode=RN.APPROX)


def sqrt_rz_ftz(a):
    return ct.sqrt(a, rounding_mode=RN.RZ, flush_to_zero=True)


def rsqrt_ftz(a):
    return ct.rsqrt(a, flush_to_zero=True)


def exp2_ftz(a):
    return ct.exp2(a, flush_to_zero=True)


def exp_approx(a):
    return ct.exp(a, rounding_mode=RN.APPROX)


def tanh_approx(a):
    return ct.tanh(a, rounding_mode=RN.APPROX)


MODIFIED = {
    # name: (tile function, reference, input kind, tolerance)
    "add_rz": (add_rz, np.add, 2, None),
    "sub_rp": (sub_rp, np.subtract, 2, None),
    "mul_rm": (mul_rm, np.multiply, 2, None),
    "mul_ftz": (mul_ftz, np.multiply, 2, None),
    "div_approx": (div_approx, np.divide, 2, (1e-5, 1e-5)),
    "div_full": (div_full, np.divide, 2, (1e-5, 1e-5)),
    "div_rz_ftz": (div_rz_ftz, np.divide, 2, None),
    "max_nan": (max_nan, np.maximum, 3, None),
    "min_nonan": (min_nonan, np.fmin, 3, None),
    "sqrt_approx": (sqrt_approx, np.sqrt, 1, (1e-5, 1e-5)),
    "sqrt_rz_ftz": (sqrt_rz_ftz, np.sqrt, 1, None),
    "rsqrt_ftz": (rsqrt_ftz, lambda v: 1 / np.sqrt(v), 1, None),
    "exp2_ftz": (exp2_ftz, np.exp2, 1, None),
    "exp_approx": (exp_approx, np.exp, 1, (1e-4, 1e-4)),
    "tanh_approx": (tanh_approx, np.tanh, 1, (2e-3, 2e-3)),
}


def _gen_nan_mix(rng, shape):
    v = rng.uniform(-4, 4, size=shape)
    return np.where(rng.integers(0, 6, size=shape) == 0, np.nan, v).astype(np.float32)


for _name, (_op, _ref, _kind, _tol) in MODIFIED.items():
    if _kind == 1:
        CASES.append(map1d_case(f"{_name}_f32", unary_kernel(_op),
                                [("f32", gen_uniform("f32", 0.05, 4.0))], "f32", _ref, tol=_tol))
    else:
        _gen = _gen_nan_mix if _kind == 3 else gen_nonzero("f32", 0.25, 8.0)
        CASES.append(map1d_case(f"{_name}_f32", binary_kernel(_op),
                                [("f32", _gen), ("f32", _gen)], "f32", _ref,
                                tol=_tol or (1e-5, 2e-6)))

# ---------------------------------------------------------------------------
# Scalars, constants and dtype promotion

CASES.append(map1d_case("scale_shift_scalars_f32", scale_shift_runtime,
                        [("f32", gen_uniform("f32", -4, 4))], "f32",
                        lambda a: a * 1.5 - 0.25, extra_params=[S("f32"), S("f32")],
                        extra_args=(1.5, -0.25)))
CASES.append(map1d_case("scale_shift_scalars_i32", scale_shift_runtime,
                        [("i32", gen_uniform("i32", -1000, 1000))], "i32",
                        lambda a: a * 7 - 3, extra_params=[S("i32"), S("i32")],
                        extra_args=(7, -3)))


def _poly_case(d):
    tile = 256
    name = f"poly_constants_{d}"
    c0, c1, c2 = 0.5, -1.25, 0.75

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, d, shape, -2, 2), poison(d, shape))
        return Launch((cdiv(shape[0], tile),), (x, out, tile, c0, c1, c2), {"out": out})

    def reference(args, shape):
        a = args[0]
        return {"out": (c2 * a + c1) * a + c0}

    return case(name, poly_constants, [A(d, 1), A(d, 1), tile, c0, c1, c2], make_args,
                reference, [(1000,), (256,)], dtype=d)


CASES += [_poly_case("f32"), _poly_case("f16"), _poly_case("f64")]

for _a, _b, _o in (("f16", "f32", "f32"), ("bf16", "f32", "f32"), ("i8", "i32", "i32"),
                   ("i32", "f32", "f32"), ("i16", "i64", "i64"), ("f32", "f64", "f64"),
                   ("u8", "u32", "u32")):
    CASES.append(map1d_case(f"promote_{_a}_{_b}", mixed_promote,
                            [(_a, gen_uniform(_a, *((-100, 100) if dt(_a).kind != "u"
                                                    else (0, 200)))),
                             (_b, gen_uniform(_b, *((-100, 100) if dt(_b).kind != "u"
                                                    else (0, 200))))], _o,
                            lambda a, b: a + b * 3 - 1,
                            tol=(1e-3, 1e-5) if dt(_a).is_float else None))


def _ew2d_case(d):
    tm, tn = 32, 64
    name = f"elementwise_2d_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, y, out = devs(device, uniform(rng, d, shape, -4, 4), uniform(rng, d, shape, -4, 4),
                         poison(d, shape))
        return Launch((cdiv(shape[0], tm), cdiv(shape[1], tn)), (x, y, out, tm, tn),
                      {"out": out})

    def reference(args, shape):
        # Each operation rounds to the element type, as on the GPU: near
        # cancellation a float64 reference differs by an ulp of the inputs.
        a, b = args[0], args[1]
        r = lambda v: round_to(v, d)
        return {"out": r(np.maximum(r(a * b), r(a - b)) + np.abs(b))}

    return case(name, elementwise_2d, [A(d, 2)] * 3 + [tm, tn], make_args, reference,
                [(100, 200), (64, 64), (7, 130)], dtype=d)


CASES += [_ew2d_case(d) for d in FLOATS]
