# Part of the tileir project, under the Apache License v2.0 with LLVM
# Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Kernel parameter kinds and array assumptions: scalars of every launchable
type (and AOT-only types), tuples of arrays / scalars / constants (calling
convention v2), lists of arrays, int64 and uint32 index types, static shapes
and strides, 0-d arrays, non-contiguous and zero-stride views, alias groups,
divisibility assumptions, and several entry points in one module."""

from typing import Annotated

import numpy as np
import cuda.tile as ct

from corpus import (A, L, S, Launch, case, cdiv, device_view, devs, expanded, poison,
                    randint, rng_for, uniform)

TILE = 128


@ct.kernel
def scalar_kinds(x, out, s_i32, s_i64: ct.ScalarInt64, s_f32, s_bool, TILE: ct.Constant[int]):
    # out = x * s_f32 + s_i32 + s_i64 (+ 1 when s_bool)
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE,))
    r = t * s_f32 + s_i32 + ct.astype(s_i64, ct.float32)
    if s_bool:
        r = r + 1
    ct.store(out, (bid,), r)


@ct.kernel
def aot_scalar_kinds(x, out, s_f64, s_f16, s_bf16, s_i16, s_u8, TILE: ct.Constant[int]):
    # Scalar types only reachable ahead of time (ct.launch passes i32/i64/f32/bool).
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE,))
    r = t * s_f64 + ct.astype(s_f16, ct.float64) - ct.astype(s_bf16, ct.float64)
    r = r + ct.astype(s_i16, ct.float64) * ct.astype(s_u8, ct.float64)
    ct.store(out, (bid,), r)


@ct.kernel
def tuple_axpy(xy, ab, out, TILE: ct.Constant[int]):
    # Tuples of arrays and of scalars: out = a * x + b * y
    bid = ct.bid(0)
    x, y = xy
    a, b = ab
    ct.store(out, (bid,), a * ct.load(x, (bid,), (TILE,)) + b * ct.load(y, (bid,), (TILE,)))


@ct.kernel
def tuple_nested(cfg, out, SHAPE: ct.Constant[tuple]):
    # cfg = (x, (scale, (offset,))) and a constant tuple tile shape.
    x, (scale, (offset,)) = cfg
    bm = ct.bid(0)
    bn = ct.bid(1)
    t = ct.load(x, (bm, bn), SHAPE)
    ct.store(out, (bm, bn), t * scale + offset)


@ct.kernel
def list_sum(arrays, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    acc = ct.zeros((TILE,), dtype=out.dtype)
    for i in range(len(arrays)):
        acc += ct.load(arrays[i], (bid,), (TILE,), padding_mode=ct.PaddingMode.ZERO)
    ct.store(out, (bid,), acc)


@ct.kernel
def list_weighted(arrays, out, TILE: ct.Constant[int]):
    # Constant and 0-d tile indices into a list: out = a0 + 2 a1 + 3 a2
    bid = ct.bid(0)
    one = ct.full((), 1, dtype=ct.int32)
    t0 = ct.load(arrays[0], (bid,), (TILE,))
    t1 = ct.load(arrays[one], (bid,), (TILE,))
    t2 = ct.load(arrays[one + 1], (bid,), (TILE,))
    ct.store(out, (bid,), t0 + 2 * t1 + 3 * t2)


@ct.kernel
def int64_indexing(x: ct.IndexedWithInt64, out: ct.IndexedWithInt64, offset: ct.ScalarInt64,
                   TILE: ct.Constant[int]):
    # 64-bit shapes, strides and indices: out[i] = x[i] + offset
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE,))
    ct.store(out, (bid,), t + offset)


@ct.kernel
def index_dtype_generic(x, out, TILE: ct.Constant[int]):
    # Exported with int64 and uint32 index types (the latter AOT only).
    bid = ct.bid(0)
    n = x.shape[0]
    t = ct.load(x, (bid,), (TILE,))
    ct.store(out, (bid,), t * 2 + ct.astype(n, ct.float32))


StaticRows = Annotated[ct.Array, ct.ArrayAnnotation(static_shape_dims=(0,))]
StaticStrides = Annotated[ct.Array, ct.ArrayAnnotation(static_stride_dims=(0, -1))]


@ct.kernel
def static_rows_sum(x: StaticRows, out, TN: ct.Constant[int]):
    # x.shape[0] is a compile-time constant: the row loop has a static trip count.
    bn = ct.bid(0)
    acc = ct.zeros((1, TN), ct.float32)
    for i in range(x.shape[0]):
        acc += ct.load(x, (i, bn), (1, TN))
    ct.store(out, (0, bn), acc)


@ct.kernel
def static_strides_copy(x: StaticStrides, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    ct.store(out, (bm, bn), ct.load(x, (bm, bn), (TM, TN)) + 1)


@ct.kernel
def zero_dim(x, out):
    v = ct.load(x, (), ())
    ct.store(out, (), v * 2 + 1)


@ct.kernel
def strided_input(x, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    # x may be any strided view (every stride a run-time value).
    bm = ct.bid(0)
    bn = ct.bid(1)
    ct.store(out, (bm, bn), ct.load(x, (bm, bn), (TM, TN)) * 3)


@ct.kernel
def inplace_scale(x, y, TILE: ct.Constant[int]):
    # y = 2 * x where x and y may be the same buffer.
    bid = ct.bid(0)
    ct.store(y, (bid,), ct.load(x, (bid,), (TILE,)) * 2)


@ct.kernel
def aligned_copy(x, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    ct.store(out, (bm, bn), ct.load(x, (bm, bn), (TM, TN)) - 1)


@ct.kernel
def multi_entry(x, out, scale, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    t = ct.load(x, (bid,), (TILE,))
    ct.store(out, (bid,), (t * scale).astype(out.dtype))


# ---------------------------------------------------------------------------

CASES = []


def _scalar_case():
    name = "scalar_kinds_f32"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, "f32", shape, -4, 4), poison("f32", shape))
        flag = shape[0] % 2 == 0
        return Launch((cdiv(shape[0], TILE),), (x, out, -3, 5_000_000_000, 0.5, flag, TILE),
                      {"out": out})

    def reference(args, shape):
        x = args[0]
        return {"out": x * 0.5 - 3 + np.float32(5_000_000_000) + (1 if args[5] else 0)}

    return case(name, scalar_kinds, [A("f32", 1), A("f32", 1), S("i32"), S("i64"), S("f32"),
                                      S("b"), TILE], make_args, reference,
                [(1000,), (129,)], dtype="f32", tol=(1e3, 1e-6),
                note="the f32 sum with 5e9 is compared at f32 precision")


CASES.append(_scalar_case())


def _aot_scalar_case():
    name = "aot_scalar_kinds_f64"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, "f64", shape, -4, 4), poison("f64", shape))
        return Launch((cdiv(shape[0], TILE),), (x, out, 1.5, 0.25, 2.0, -3, 7, TILE),
                      {"out": out})

    def reference(args, shape):
        return {"out": args[0] * 1.5 + 0.25 - 2.0 + (-3) * 7}

    return case(name, aot_scalar_kinds, [A("f64", 1), A("f64", 1), S("f64"), S("f16"),
                                          S("bf16"), S("i16"), S("u8"), TILE],
                make_args, reference, [(1000,)], dtype="f64", runnable=False,
                note="f64/f16/bf16/i16/u8 scalars cannot be passed by ct.launch")


CASES.append(_aot_scalar_case())


def _tuple_axpy_case(d="f32"):
    name = f"tuple_axpy_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, y, out = devs(device, uniform(rng, d, shape, -4, 4), uniform(rng, d, shape, -4, 4),
                         poison(d, shape))
        return Launch((cdiv(shape[0], TILE),), ((x, y), (2.0, -0.5), out, TILE), {"out": out})

    def reference(args, shape):
        (x, y), (a, b) = args[0], args[1]
        return {"out": a * x + b * y}

    return case(name, tuple_axpy, [(A(d, 1), A(d, 1)), (S("f32"), S("f32")), A(d, 1), TILE],
                make_args, reference, [(1000,), (128,)], dtype=d, cconv="v2")


CASES.append(_tuple_axpy_case())


def _tuple_nested_case(d="f32", tm=16, tn=64):
    name = f"tuple_nested_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, d, shape, -4, 4), poison(d, shape))
        return Launch((cdiv(shape[0], tm), cdiv(shape[1], tn)),
                      ((x, (3.0, (-1.0,))), out, (tm, tn)), {"out": out})

    def reference(args, shape):
        x = args[0][0]
        return {"out": x * 3.0 - 1.0}

    return case(name, tuple_nested, [(A(d, 2), (S("f32"), (S("f32"),))), A(d, 2), (tm, tn)],
                make_args, reference, [(100, 200), (16, 64)], dtype=d, cconv="v2")


CASES.append(_tuple_nested_case())


def _list_case(kernel, prefix, d, count, ref):
    name = f"{prefix}_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        if d == "i32":
            arrays = [randint(rng, d, shape, -1000, 1000) for _ in range(count)]
        else:
            arrays = [uniform(rng, d, shape, -4, 4) for _ in range(count)]
        arrays = list(devs(device, *arrays))
        (out,) = devs(device, poison(d, shape))
        return Launch((cdiv(shape[0], TILE),), (arrays, out, TILE), {"out": out})

    def reference(args, shape):
        return {"out": ref(args[0])}

    return case(name, kernel, [L(A(d, 1)), A(d, 1), TILE], make_args, reference,
                [(1000,), (128,), (3,)], dtype=d)


CASES.append(_list_case(list_sum, "list_sum", "f32", 5, lambda arrs: sum(arrs)))
CASES.append(_list_case(list_sum, "list_sum", "i32", 3, lambda arrs: sum(arrs)))
CASES.append(_list_case(list_weighted, "list_weighted", "f32", 3,
                        lambda a: a[0] + 2 * a[1] + 3 * a[2]))


def _int64_case(d="f32"):
    name = f"int64_indexing_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, d, shape, -4, 4), poison(d, shape))
        return Launch((cdiv(shape[0], TILE),), (x, out, 7, TILE), {"out": out})

    def reference(args, shape):
        return {"out": args[0] + 7}

    return case(name, int64_indexing, [A(d, 1, index_dtype=ct.int64),
                                        A(d, 1, index_dtype=ct.int64), S("i64"), TILE],
                make_args, reference, [(1000,), (128,)], dtype=d)


CASES.append(_int64_case())


def _index_dtype_case(index_dtype, label, runnable):
    name = f"index_dtype_{label}_f32"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, "f32", shape, -4, 4), poison("f32", shape))
        return Launch((cdiv(shape[0], TILE),), (x, out, TILE), {"out": out})

    def reference(args, shape):
        return {"out": args[0] * 2 + shape[0]}

    return case(name, index_dtype_generic, [A("f32", 1, index_dtype=index_dtype),
                                             A("f32", 1, index_dtype=index_dtype), TILE],
                make_args, reference, [(1000,), (128,)], dtype="f32", runnable=runnable,
                note="" if runnable else "uint32 index types are only produced ahead of time")


CASES += [_index_dtype_case(ct.int64, "i64", True), _index_dtype_case(ct.uint32, "u32", False)]


def _static_rows_case(rows=8, tn=64):
    name = "static_rows_sum_f32"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, "f32", (rows, shape[0]), -4, 4),
                      poison("f32", (1, shape[0])))
        return Launch((cdiv(shape[0], tn),), (x, out, tn), {"out": out})

    def reference(args, shape):
        return {"out": args[0].sum(axis=0, keepdims=True)}

    return case(name, static_rows_sum, [A("f32", 2, shape_constant=(rows, None)),
                                         A("f32", 2), tn], make_args, reference,
                [(1000,), (64,)], dtype="f32", cconv="v2", tol=(1e-5, 1e-5),
                note=f"shape is the column count; the row count is fixed at {rows}")


CASES.append(_static_rows_case())


def _static_strides_case(m=64, n=128, tm=32, tn=64):
    name = "static_strides_copy_f32"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, "f32", (m, n), -4, 4), poison("f32", (m, n)))
        return Launch((cdiv(m, tm), cdiv(n, tn)), (x, out, tm, tn), {"out": out})

    def reference(args, shape):
        return {"out": args[0] + 1}

    return case(name, static_strides_copy, [A("f32", 2, stride_constant=(n, 1)), A("f32", 2),
                                             tm, tn], make_args, reference, [(m, n)],
                dtype="f32", cconv="v2", note="strides are constants: only this shape")


CASES.append(_static_strides_case())


def _zero_dim_case(d="f32"):
    name = f"zero_dim_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, d, (), -4, 4).reshape(()), poison(d, ()))
        return Launch((1,), (x, out), {"out": out})

    def reference(args, shape):
        return {"out": args[0] * 2 + 1}

    return case(name, zero_dim, [A(d, 0), A(d, 0)], make_args, reference, [()], dtype=d)


CASES.append(_zero_dim_case())


def _strided_case(label, index, d="f32", tm=32, tn=32):
    name = f"strided_input_{label}_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        base = uniform(rng, d, shape, -4, 4)
        x = device_view(base, device, index)
        (out,) = devs(device, poison(d, x.shape))
        return Launch((cdiv(x.shape[0], tm), cdiv(x.shape[1], tn)), (x, out, tm, tn),
                      {"out": out})

    def reference(args, shape):
        return {"out": args[0] * 3}

    return case(name, strided_input, [A(d, 2, contiguous=False), A(d, 2), tm, tn], make_args,
                reference, [(128, 256), (70, 90)], dtype=d)


CASES.append(_strided_case("every_other_column", (slice(None), slice(None, None, 2))))
CASES.append(_strided_case("sub_block", (slice(3, None), slice(5, -7))))


def _transposed_case(d="f32", tm=32, tn=32):
    name = f"strided_input_transposed_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        base = uniform(rng, d, shape, -4, 4)
        x = devs(device, base)[0].T
        (out,) = devs(device, poison(d, x.shape))
        return Launch((cdiv(x.shape[0], tm), cdiv(x.shape[1], tn)), (x, out, tm, tn),
                      {"out": out})

    def reference(args, shape):
        return {"out": args[0] * 3}

    return case(name, strided_input, [A(d, 2, stride_constant=(1, None)), A(d, 2), tm, tn],
                make_args, reference, [(128, 256), (70, 90)], dtype=d,
                note="a transposed view: unit stride on axis 0")


CASES.append(_transposed_case())


def _expanded_case(d="f32", tm=32, tn=32):
    name = f"strided_input_broadcast_row_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        row = uniform(rng, d, (shape[1],), -4, 4)
        x = expanded(row, device, shape)
        (out,) = devs(device, poison(d, shape))
        return Launch((cdiv(shape[0], tm), cdiv(shape[1], tn)), (x, out, tm, tn),
                      {"out": out})

    def reference(args, shape):
        return {"out": args[0] * 3}

    return case(name, strided_input, [A(d, 2, stride_constant=(0, 1), may_alias_internally=True),
                                      A(d, 2), tm, tn], make_args, reference,
                [(128, 256), (70, 90)], dtype=d, note="zero stride on axis 0")


CASES.append(_expanded_case())


def _inplace_case(d="f32"):
    name = f"inplace_scale_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        (x,) = devs(device, uniform(rng, d, shape, -4, 4))
        return Launch((cdiv(shape[0], TILE),), (x, x, TILE), {"x": x})

    def reference(args, shape):
        return {"x": args[0] * 2}

    return case(name, inplace_scale, [A(d, 1, alias_groups=("io",)),
                                       A(d, 1, alias_groups=("io",)), TILE],
                make_args, reference, [(1000,), (128,)], dtype=d, inplace=("x",),
                note="both parameters are the same buffer (shared alias group)")


CASES.append(_inplace_case())


def _aligned_case(d="f16", tm=64, tn=64):
    name = f"aligned_copy_{d}"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, d, shape, -4, 4), poison(d, shape))
        return Launch((shape[0] // tm, shape[1] // tn), (x, out, tm, tn), {"out": out})

    def reference(args, shape):
        return {"out": args[0] - 1}

    strong = dict(shape_divisible_by=(64, 64), stride_divisible_by=(64, 1),
                  base_addr_divisible_by=256)
    return case(name, aligned_copy, [A(d, 2, **strong), A(d, 2, **strong), tm, tn], make_args,
                reference, [(256, 512), (64, 64)], dtype=d,
                note="shapes must be multiples of 64 (divisibility assumptions)")


CASES.append(_aligned_case())


def _multi_entry_case():
    name = "multi_entry_f32"

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        x, out = devs(device, uniform(rng, "f32", shape, -4, 4), poison("f32", shape))
        return Launch((cdiv(shape[0], TILE),), (x, out, 0.5, TILE), {"out": out})

    def reference(args, shape):
        return {"out": args[0] * 0.5}

    return case(name, multi_entry, [A("f32", 1), A("f32", 1), S("f32"), TILE], make_args,
                reference, [(1000,), (128,)], dtype="f32",
                extra_signatures=(("f16", [A("f16", 1), A("f16", 1), S("f32"), 256]),
                                  ("bf16_i64", [A("bf16", 1, index_dtype=ct.int64),
                                                A("f32", 1), S("f32"), 64])),
                note="one module with three entry points; GPU runs use the first")


CASES.append(_multi_entry_case())
