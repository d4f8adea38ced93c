# Part of the tileir project, under the Apache License v2.0 with LLVM
# Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Dtype conversions: the full matrix between the integer, float16/bfloat16/
float32/float64 and float8 (e4m3fn, e5m2) storage types, unsigned and bool
conversions, tf32 round trips, explicit rounding modes, bit casts and
byte packing (pack_to_bytes / unpack_from_bytes)."""

import numpy as np
import cuda.tile as ct

from corpus import (A, Launch, case, cdiv, devs, dt, map1d_case, poison, randint, rng_for,
                    round_tf32, round_to, uniform, wrap)

RN = ct.RoundingMode


@ct.kernel
def convert(x, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE,))
    ct.store(out, (bid,), t.astype(out.dtype))


@ct.kernel
def through_tf32(x, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE,))
    ct.store(out, (bid,), ct.astype(t, ct.tfloat32).astype(ct.float32))


@ct.kernel
def convert_rz(x, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE,))
    ct.store(out, (bid,), t.astype(out.dtype, rounding_mode=ct.RoundingMode.RZ))


@ct.kernel
def convert_rm(x, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE,))
    ct.store(out, (bid,), ct.astype(t, out.dtype, rounding_mode=ct.RoundingMode.RM))


@ct.kernel
def reinterpret(x, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE,))
    ct.store(out, (bid,), ct.bitcast(t, out.dtype))


@ct.kernel
def to_bytes(x, out, TILE: ct.Constant[int]):
    # Raw bytes of each element, little-endian: out has itemsize * len(x) bytes.
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE,))
    ct.store(out, (bid,), ct.pack_to_bytes(t))


@ct.kernel
def from_bytes(x, out, TILE: ct.Constant[int], WIDTH: ct.Constant[int]):
    # Inverse of to_bytes: TILE elements of out's dtype (WIDTH bytes each).
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE * WIDTH,))
    ct.store(out, (bid,), ct.unpack_from_bytes(t, out.dtype))


@ct.kernel
def mixed_chain(x, out, TILE: ct.Constant[int]):
    # f32 -> bf16 -> f16 -> e4m3 -> f32 with arithmetic in between.
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE,))
    b = t.astype(ct.bfloat16) * 2
    h = b.astype(ct.float16) - 1
    q = h.astype(ct.float8_e4m3fn)
    ct.store(out, (bid,), q.astype(ct.float32) + 0.5)


# Finite magnitude limits used to keep conversions in range.
_FMAX = {"f16": 60000.0, "bf16": 1e30, "f32": 1e30, "f64": 1e30,
         "e4m3": 440.0, "e5m2": 57000.0}
_ULP = {"f16": 2.0 ** -10, "bf16": 2.0 ** -7, "f32": 2.0 ** -23, "f64": 2.0 ** -52,
        "e4m3": 2.0 ** -3, "e5m2": 2.0 ** -2}
_TINY = {"f16": 2.0 ** -24, "bf16": 2.0 ** -133, "f32": 2.0 ** -149, "f64": 0.0,
         "e4m3": 2.0 ** -9, "e5m2": 2.0 ** -16}


def _range(src, dst):
    s, d = dt(src), dt(dst)
    lo, hi = -1000.0, 1000.0
    for info in (s, d):
        if info.is_float:
            lo, hi = max(lo, -_FMAX[info.short]), min(hi, _FMAX[info.short])
        elif info.is_int:
            ii = np.iinfo(info.np)
            lo, hi = max(lo, float(ii.min) + 1), min(hi, float(ii.max) - 1)
    return lo, hi


def _gen(src, dst):
    s, d = dt(src), dt(dst)
    if s.kind == "b":
        return lambda rng, shape: randint(rng, "b", shape)
    if d.kind == "b":
        if s.is_float:  # a truth test: zeros, fractions and larger values
            return lambda rng, shape: np.where(randint(rng, "i8", shape, 0, 2) == 0, 0,
                                               uniform(rng, src, shape, -3, 3)).astype(s.np)
        return lambda rng, shape: np.where(randint(rng, "i8", shape, 0, 3) == 0, 0,
                                           randint(rng, src, shape)).astype(s.np)
    if s.is_int and d.is_int:
        return lambda rng, shape: randint(rng, src, shape)   # exercises wrap-around
    lo, hi = _range(src, dst)
    return lambda rng, shape: uniform(rng, src, shape, lo, hi)


def _ref(src, dst):
    s, d = dt(src), dt(dst)

    def fn(x):
        if d.kind == "b":
            return x != 0
        if s.kind == "b":
            return x.astype(np.float64 if d.is_float else d.np)
        if d.is_float:
            return round_to(np.asarray(x, dtype=np.float64), dst)
        if s.is_float:
            # ftoi truncates and saturates (inputs that round up to the
            # next float, e.g. 126 -> e4m3 128, exceed the integer range).
            ii = np.iinfo(d.np)
            return np.clip(np.trunc(x), ii.min, ii.max).astype(np.int64)
        return wrap(x, dst)
    return fn


def _tol(dst):
    d = dt(dst)
    if d.is_float:
        return (_TINY[d.short], _ULP[d.short])
    return None


NARROW = ("i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64", "e4m3", "e5m2")
PAIRS = [(s, d) for s in NARROW for d in NARROW if s != d]
PAIRS += [("u8", d) for d in ("i32", "u32", "f16", "f32")]
PAIRS += [(s, "u8") for s in ("i32", "u32", "f16", "f32")]
PAIRS += [("u32", d) for d in ("i64", "f32", "f64")]
PAIRS += [(s, "u32") for s in ("i64", "f32", "f64")]
PAIRS += [("b", d) for d in ("i8", "i32", "f16", "f32")]
PAIRS += [(s, "b") for s in ("i8", "i32", "f16", "f32")]

CASES = []
for _s, _d in PAIRS:
    CASES.append(map1d_case(f"cast_{_s}_to_{_d}", convert, [(_s, _gen(_s, _d))], _d,
                            _ref(_s, _d), tol=_tol(_d)))

# tf32 exists only inside kernels: round to tf32 and widen back to f32.
for _s in ("f32", "f16", "bf16"):
    CASES.append(map1d_case(f"cast_{_s}_tf32_to_f32", through_tf32,
                            [(_s, lambda rng, shape, s=_s: uniform(rng, s, shape, -100, 100))],
                            "f32", round_tf32, tol=(0.0, 2.0 ** -10)))

# Non-default rounding modes (cuTile 1.7.0 allows them only from bytecode 13.4).
for _s, _d, _k, _mode in (("f32", "f16", convert_rz, "rz"), ("f64", "f32", convert_rz, "rz"),
                          ("f64", "f32", convert_rm, "rm")):
    CASES.append(map1d_case(f"cast_{_s}_to_{_d}_{_mode}", _k, [(_s, _gen(_s, _d))], _d,
                            _ref(_s, _d), tol=(_TINY[_d], 2 * _ULP[_d])))

# Bit casts between equally wide types.


def _bitcast_case(src, dst):
    name = f"bitcast_{src}_to_{dst}"
    s, d = dt(src), dt(dst)
    tile = 256

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        if s.is_float:
            x = uniform(rng, src, shape, -100, 100)
        else:
            # Stay clear of NaN bit patterns when the destination is float.
            x = randint(rng, src, shape, 0, 0x3F000000 if s.bits == 32 else 0x3C00)
        x, out = devs(device, x, poison(dst, shape))
        return Launch((cdiv(shape[0], tile),), (x, out, tile), {"out": out})

    def reference(args, shape):
        x = np.asarray(args[0]).astype(s.np)
        return {"out": x.view(d.np).astype(np.float64 if d.is_float else np.int64)}

    return case(name, reinterpret, [A(src, 1), A(dst, 1), tile], make_args, reference,
                [(1000,), (256,)], dtype=src, tol=(0.0, 0.0))


CASES += [_bitcast_case(s, d) for s, d in (("f32", "i32"), ("i32", "f32"), ("f16", "i16"),
                                           ("bf16", "i16"), ("i16", "f16"), ("f64", "i64"))]


def _chain_ref(x):
    b = round_to(round_to(x, "bf16") * 2, "bf16")
    h = round_to(round_to(b, "f16") - 1, "f16")
    q = round_to(h, "e4m3")
    return q + 0.5


CASES.append(map1d_case("cast_chain_f32", mixed_chain,
                        [("f32", lambda rng, shape: uniform(rng, "f32", shape, -100, 100))],
                        "f32", _chain_ref, tol=(1e-6, 2.0 ** -3)))


def _bytes_case(kernel, src, dst, tile=128):
    s, d = dt(src), dt(dst)
    name = f"{'pack' if d.short == 'u8' else 'unpack'}_bytes_{src}_to_{dst}"
    ratio = s.bits // d.bits if s.bits >= d.bits else d.bits // s.bits

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        (n,) = shape
        x = uniform(rng, src, shape, -100, 100) if s.is_float else randint(rng, src, shape)
        out_len = n * ratio if d.bits < s.bits else n // ratio
        x, out = devs(device, x, poison(dst, (out_len,)))
        if kernel is from_bytes:
            return Launch((cdiv(out_len, tile),), (x, out, tile, ratio), {"out": out})
        return Launch((cdiv(n, tile),), (x, out, tile), {"out": out})

    def reference(args, shape):
        x = np.asarray(args[0]).astype(s.np)
        v = x.view(d.np)
        return {"out": v.astype(np.float64) if d.is_float else v.astype(np.int64)}

    extra = [ratio] if kernel is from_bytes else []
    return case(name, kernel, [A(src, 1), A(dst, 1), tile] + extra, make_args, reference,
                [(1024,), (256,)], dtype=src, tol=(0.0, 0.0),
                note="whole tiles only")


CASES += [_bytes_case(to_bytes, "f32", "u8"), _bytes_case(to_bytes, "f16", "u8"),
          _bytes_case(to_bytes, "i64", "u8"), _bytes_case(from_bytes, "u8", "i32"),
          _bytes_case(from_bytes, "u8", "f16")]
