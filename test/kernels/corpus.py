# Part of the tileir project, under the Apache License v2.0 with LLVM
# Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Shared description of the cuTile kernel corpus.

Every family module in this directory (``elementwise.py``, ``mma.py``, ...)
defines ``@ct.kernel`` functions and exposes a module-level list ``CASES`` of
:class:`Case` objects.  A case is one fully specialised kernel:

* ``name``      unique, also the entry symbol of the exported bytecode;
* ``kernel``    the ``@ct.kernel`` object;
* ``params``    one constraint per Python parameter, used to build the
                hand-made :class:`KernelSignature` for export (array /
                scalar constraints from :func:`A` / :func:`S`, plain Python
                values for ``ct.Constant`` parameters);
* ``make_args(device, shape, dtype) -> Launch(grid, args, outputs)``
                builds launch arguments for one problem ``shape``; outputs are
                pre-filled with a poison value (:func:`poison`);
* ``reference(args, shape) -> {output name: expected array}``
                computes the expected final contents of every output from a
                host snapshot of the arguments taken *before* the launch
                (:func:`snapshot`: float64 for floats, int64 for integers),
                so elements a kernel must leave alone keep their poison value
                in the expectation;
* ``shapes``    problem sizes to try, including ones that are not multiples of
                the tile size;
* ``tol``       optional tolerance override; defaults come from the output
                dtype (:data:`DTYPES`); see :meth:`Case.tolerance`.

Optional fields: ``inplace`` (outputs that are read-modify-write and start
from real data instead of poison), ``signed_zeros``, ``stdout`` (regexes for
device printing), ``runnable=False`` (export only, e.g. sm_100 types or
ahead-of-time-only scalar types), ``gpu_code`` (export target, sm_90 unless
the case needs another), ``cconv`` and ``extra_signatures`` (more entry points
in the same module).  :func:`run_case` shows how a GPU runner uses a case.

Load modules only through :func:`load_module` / :func:`load_cases`: they
compile each file under the fixed name ``test/kernels/<module>.py`` so that the
debug information recorded in the bytecode does not depend on where the
checkout lives.

Data helpers work on NumPy arrays (bfloat16 and float8 through ``ml_dtypes``);
``device="numpy"`` keeps everything on the host, any other device string
("cuda", "cuda:1") moves arrays to torch tensors on that device.  Exporting
bytecode needs NumPy but neither torch nor ml_dtypes.
"""

import linecache
import os
import sys
import types
import zlib
from dataclasses import dataclass
from typing import Any, Callable, NamedTuple, Sequence

import cuda.tile as ct
from cuda.tile import compilation as C

KERNELS_DIR = os.path.dirname(os.path.abspath(__file__))
SOURCE_PREFIX = "test/kernels"

# Family modules, in export order.
MODULES = (
    "elementwise",
    "casts",
    "shapes",
    "reductions",
    "loadstore",
    "gather_scatter",
    "atomics",
    "mma",
    "workloads",
    "control_flow",
    "debug",
    "hints",
    "cholesky",
    "abi",
    "blackwell",
)

VERSIONS = ("13.1", "13.2", "13.3", "13.4", "13.5")
DEFAULT_GPU_CODE = "sm_90"


# ---------------------------------------------------------------------------
# Data types


@dataclass(frozen=True)
class DTypeInfo:
    short: str        # spelling used in case names
    ct: Any           # cuda.tile dtype
    np_name: str      # NumPy / ml_dtypes storage dtype name
    torch_name: str   # attribute of the torch module
    kind: str         # 'f' float, 'i' signed int, 'u' unsigned int, 'b' bool
    bits: int
    atol: float
    rtol: float

    @property
    def np(self):
        return np_dtype(self.np_name)

    @property
    def poison(self):
        if self.kind == "f":
            return float("nan")
        if self.kind == "i":
            return -(1 << (self.bits - 1))
        if self.kind == "u":
            return (1 << self.bits) - 1
        return True

    @property
    def is_float(self):
        return self.kind == "f"

    @property
    def is_int(self):
        return self.kind in "iu"


_DTYPE_LIST = (
    DTypeInfo("b", ct.bool_, "bool", "bool", "b", 8, 0, 0),
    DTypeInfo("i8", ct.int8, "int8", "int8", "i", 8, 0, 0),
    DTypeInfo("i16", ct.int16, "int16", "int16", "i", 16, 0, 0),
    DTypeInfo("i32", ct.int32, "int32", "int32", "i", 32, 0, 0),
    DTypeInfo("i64", ct.int64, "int64", "int64", "i", 64, 0, 0),
    DTypeInfo("u8", ct.uint8, "uint8", "uint8", "u", 8, 0, 0),
    DTypeInfo("u16", ct.uint16, "uint16", "uint16", "u", 16, 0, 0),
    DTypeInfo("u32", ct.uint32, "uint32", "uint32", "u", 32, 0, 0),
    DTypeInfo("f16", ct.float16, "float16", "float16", "f", 16, 1e-3, 2e-3),
    DTypeInfo("bf16", ct.bfloat16, "bfloat16", "bfloat16", "f", 16, 1e-2, 1.6e-2),
    DTypeInfo("f32", ct.float32, "float32", "float32", "f", 32, 1e-5, 1e-5),
    DTypeInfo("f64", ct.float64, "float64", "float64", "f", 64, 1e-12, 1e-12),
    # tf32 is a compute type only; its storage is float32.
    DTypeInfo("tf32", ct.tfloat32, "float32", "float32", "f", 32, 1e-3, 2e-3),
    DTypeInfo("e4m3", ct.float8_e4m3fn, "float8_e4m3fn", "float8_e4m3fn", "f", 8, 2e-2, 1.3e-1),
    DTypeInfo("e5m2", ct.float8_e5m2, "float8_e5m2", "float8_e5m2", "f", 8, 4e-2, 2.6e-1),
    # Blackwell-only types (sm_100+): block scales and 4-bit floats, one
    # element per byte on the host.
    DTypeInfo("e8m0", ct.float8_e8m0fnu, "float8_e8m0fnu", "float8_e8m0fnu", "f", 8, 0, 0),
    DTypeInfo("e2m1", ct.float4_e2m1fn, "float4_e2m1fn", "float4_e2m1fn_x2", "f", 4, 0, 0),
)

DTYPES = {d.short: d for d in _DTYPE_LIST}
_BY_CT = {}
for _d in _DTYPE_LIST:
    _BY_CT.setdefault(_d.ct, _d)
_BY_NP_NAME = {}
for _d in _DTYPE_LIST:
    _BY_NP_NAME.setdefault(_d.np_name, _d)


def dt(x) -> DTypeInfo:
    """DTypeInfo from a short name ("f32"), a cuda.tile dtype or a NumPy dtype."""
    if isinstance(x, DTypeInfo):
        return x
    if isinstance(x, str):
        return DTYPES[x]
    if x in _BY_CT:
        return _BY_CT[x]
    import numpy as np
    return _BY_NP_NAME[np.dtype(x).name]


_NP_CACHE = {}
_ML_DTYPES = ("bfloat16", "float8_e4m3fn", "float8_e5m2", "float8_e8m0fnu", "float4_e2m1fn")


def np_dtype(name: str):
    if name not in _NP_CACHE:
        import numpy as np
        if name in _ML_DTYPES:
            import ml_dtypes
            _NP_CACHE[name] = np.dtype(getattr(ml_dtypes, name))
        else:
            _NP_CACHE[name] = np.dtype(name)
    return _NP_CACHE[name]


# ---------------------------------------------------------------------------
# Export signatures


def A(dtype, ndim: int, *, index_dtype=None, contiguous: bool = True,
      shape_constant=None, stride_constant=None, alias_groups=(),
      may_alias_internally: bool = False, base_addr_divisible_by: int = 16,
      stride_divisible_by=1, shape_divisible_by=1) -> C.ArrayConstraint:
    """Array constraint like the one a launch with a fresh, contiguous torch
    tensor produces: non-negative strides, unit innermost stride, 16-byte
    aligned base, no divisibility assumptions on shapes."""
    if stride_constant is None and contiguous and ndim > 0:
        stride_constant = (None,) * (ndim - 1) + (1,)
    return C.ArrayConstraint(
        dt(dtype).ct, ndim,
        index_dtype=index_dtype or ct.int32,
        stride_lower_bound_incl=0,
        alias_groups=tuple(alias_groups),
        may_alias_internally=may_alias_internally,
        stride_constant=stride_constant,
        shape_constant=shape_constant,
        stride_divisible_by=stride_divisible_by,
        shape_divisible_by=shape_divisible_by,
        base_addr_divisible_by=base_addr_divisible_by)


def S(dtype) -> C.ScalarConstraint:
    return C.ScalarConstraint(dt(dtype).ct)


def L(element: C.ArrayConstraint, *, alias_groups=(), elements_may_alias=False):
    return C.ListConstraint(element, alias_groups=tuple(alias_groups),
                            elements_may_alias=elements_may_alias)


def T(*items):
    return C.TupleConstraint(items)


_CCONV = {
    "v1": C.CallingConvention.cutile_python_v1,
    "v2": C.CallingConvention.cutile_python_v2,
}


# ---------------------------------------------------------------------------
# Cases


class Launch(NamedTuple):
    grid: tuple            # 1 to 3 block counts
    args: tuple            # positional arguments for ct.launch, constants included
    outputs: dict          # output name -> the array object inside `args`


Tolerance = tuple  # (atol, rtol)


@dataclass
class Case:
    name: str
    kernel: Any
    params: Sequence
    make_args: Callable[..., Launch]
    reference: Callable[[tuple, tuple], dict]
    shapes: Sequence[tuple]
    dtype: Any = None                  # primary dtype (DTypeInfo short name or ct dtype)
    tol: Any = None                    # None, (atol, rtol) or {output: (atol, rtol)}
    cconv: str = "v1"
    gpu_code: str = DEFAULT_GPU_CODE   # target for export
    runnable: bool = True              # False: export only (see `note`)
    stdout: tuple = ()                 # regexes the device output must contain
    signed_zeros: bool = False         # compare the sign of zero results too
    inplace: tuple = ()                # outputs updated in place (not poison-filled)
    extra_signatures: tuple = ()       # ((symbol suffix, params), ...) exported alongside
    note: str = ""
    family: str = ""                   # set by load_cases()

    def signature(self) -> C.KernelSignature:
        return C.KernelSignature(list(self.params), _CCONV[self.cconv](), symbol=self.name)

    def signatures(self) -> list:
        """Every entry point of the exported module: the case's own signature
        (the one GPU runs use) followed by `extra_signatures`."""
        return [self.signature()] + [
            C.KernelSignature(list(p), _CCONV[self.cconv](), symbol=f"{self.name}_{suffix}")
            for suffix, p in self.extra_signatures]

    def opt_level(self) -> int:
        """The optimisation level for `gpu_code`.  It is not part of the
        bytecode: cuTile passes it to tileiras as -O<level>."""
        return self.kernel._compiler_options.opt_level_for_target(self.gpu_code)

    def tileiras_flags(self) -> list:
        """The flags cuTile passes to tileiras when it compiles this case."""
        return ["--gpu-name", self.gpu_code, f"-O{self.opt_level()}", "--lineinfo"]

    def launch_args(self, device, shape) -> Launch:
        return self.make_args(device, tuple(shape), self.dtype)

    def tolerance(self, output: str, out_dtype) -> Tolerance:
        if isinstance(self.tol, dict) and output in self.tol:
            return tuple(self.tol[output])
        if isinstance(self.tol, tuple):
            return self.tol
        info = dt(out_dtype)
        return (info.atol, info.rtol)


def case(name, kernel, params, make_args, reference, shapes, **kw) -> Case:
    return Case(name=name, kernel=kernel, params=list(params), make_args=make_args,
                reference=reference, shapes=[tuple(s) for s in shapes], **kw)


# ---------------------------------------------------------------------------
# Host data helpers (NumPy)


def cdiv(a: int, b: int) -> int:
    return -(-a // b)


def rng_for(name: str, shape):
    """Deterministic NumPy generator for one (case, shape)."""
    import numpy as np
    seed = zlib.crc32(f"{name}:{tuple(shape)}".encode())
    return np.random.default_rng(seed)


def uniform(rng, dtype, shape, lo=-1.0, hi=1.0):
    """Random values in [lo, hi) rounded to `dtype` storage."""
    info = dt(dtype)
    if info.is_float:
        v = rng.uniform(lo, hi, size=shape)
        if info.short == "tf32":
            v = round_tf32(v)
        return v.astype(info.np)
    return randint(rng, info, shape, int(lo), int(hi))


def randint(rng, dtype, shape, lo=None, hi=None):
    """Random integers in [lo, hi] (defaults: the whole range of `dtype`)."""
    import numpy as np
    info = dt(dtype)
    if info.kind == "b":
        return rng.integers(0, 2, size=shape).astype(np.bool_)
    if info.is_float:
        return rng.integers(int(lo), int(hi) + 1, size=shape).astype(info.np)
    ii = np.iinfo(info.np)
    lo = ii.min if lo is None else max(int(lo), int(ii.min))
    hi = ii.max if hi is None else min(int(hi), int(ii.max))
    return rng.integers(lo, hi, size=shape, endpoint=True, dtype=info.np)


def nonzero(rng, dtype, shape, lo, hi):
    """Random values with |v| in [lo, hi] and a random sign (never 0)."""
    import numpy as np
    info = dt(dtype)
    if info.is_float:
        mag = rng.uniform(lo, hi, size=shape)
    else:
        mag = rng.integers(int(lo), int(hi), size=shape, endpoint=True)
    sign = np.where(rng.integers(0, 2, size=shape) == 0, -1, 1)
    if info.kind == "u":
        sign = 1
    return (mag * sign).astype(info.np)


def choice(rng, dtype, shape, values):
    import numpy as np
    return np.asarray(values, dtype=np.float64)[
        rng.integers(0, len(values), size=shape)].astype(dt(dtype).np)


def poison(dtype, shape):
    """Output buffer filled with the poison value of `dtype`."""
    import numpy as np
    info = dt(dtype)
    return np.full(shape, info.poison, dtype=info.np)


def zeros(dtype, shape):
    import numpy as np
    return np.zeros(shape, dtype=dt(dtype).np)


def round_to(x, dtype):
    """Round float64 values to `dtype` and return them as float64."""
    import numpy as np
    info = dt(dtype)
    x = np.asarray(x, dtype=np.float64)
    if info.short == "tf32":
        return round_tf32(x)
    if info.is_float:
        return x.astype(info.np).astype(np.float64)
    return x


def round_tf32(x):
    """Round to the nearest tf32 value (10 explicit mantissa bits)."""
    import numpy as np
    f = np.asarray(x, dtype=np.float64).astype(np.float32)
    bits = f.view(np.uint32).astype(np.uint64)
    lsb = (bits >> 13) & 1
    bits = ((bits + 0xFFF + lsb) >> 13) << 13
    out = (bits & 0xFFFFFFFF).astype(np.uint32).view(np.float32)
    out = np.where(np.isfinite(f), out, f)
    return out.astype(np.float64)


def wrap(x, dtype):
    """Two's-complement wrap of integer values into `dtype` (returned as storage)."""
    import numpy as np
    info = dt(dtype)
    x = np.asarray(x).astype(np.int64) if info.kind != "u" else np.asarray(x).astype(np.uint64)
    return x.astype(info.np)


def as64(a):
    """Widen a host array: float64 for floats, int64 for integers, bool stays."""
    import numpy as np
    a = np.asarray(a)
    info = dt(a.dtype)
    if info.is_float:
        return a.astype(np.float64)
    if info.kind == "b":
        return a.astype(np.bool_)
    if info.kind == "u" and info.bits == 64:
        return a.astype(np.uint64)
    return a.astype(np.int64)


# ---------------------------------------------------------------------------
# Devices


def is_array(x) -> bool:
    mod = type(x).__module__
    return mod == "numpy" or (mod.startswith("torch") and hasattr(x, "data_ptr"))


def to_device(a, device):
    """NumPy array -> the same bits on `device` ("numpy" keeps it on the host)."""
    import numpy as np
    if device in (None, "numpy"):
        return a
    import torch
    info = dt(a.dtype)
    # ascontiguousarray would turn a 0-d array into a 1-d one.
    a = np.ascontiguousarray(a).reshape(np.shape(a))
    if info.np_name in _ML_DTYPES:
        if info.bits < 8:
            raise NotImplementedError(f"no device layout for {info.short} arrays")
        raw = a.view(np.uint16 if info.bits == 16 else np.uint8).copy()
        t = torch.from_numpy(raw).view(getattr(torch, info.torch_name))
    else:
        t = torch.from_numpy(a.copy())
    return t.to(device)


def to_host(x):
    """Device array -> NumPy array with the same bits and storage dtype."""
    import numpy as np
    if isinstance(x, np.ndarray):
        return x.copy()
    import torch
    t = x.detach().to("cpu").contiguous()
    name = str(t.dtype).replace("torch.", "")
    info = _BY_NP_NAME.get(name)
    if info is not None and info.np_name in _ML_DTYPES:
        raw = t.view(torch.int16 if info.bits == 16 else torch.uint8).numpy()
        return raw.view(info.np).copy()
    return t.numpy().copy()


def devs(device, *arrays):
    return tuple(to_device(a, device) for a in arrays)


def device_view(base, device, index):
    """`base` moved to `device` and indexed with `index` (a tuple of slices):
    a non-contiguous view sharing the device buffer."""
    return to_device(base, device)[index]


def expanded(a, device, shape):
    """A read-only broadcast view of `a` with zero strides (numpy
    broadcast_to / torch expand)."""
    import numpy as np
    if device in (None, "numpy"):
        return np.broadcast_to(a, shape)
    return to_device(a, device).expand(*shape)


def snapshot(args):
    """Host copies of launch arguments: arrays widened with :func:`as64`,
    tuples and lists recursively, everything else unchanged."""
    out = []
    for a in args:
        if isinstance(a, (tuple, list)):
            out.append(type(a)(snapshot(a)))
        elif is_array(a):
            out.append(as64(to_host(a)))
        else:
            out.append(a)
    return tuple(out)


def compare(actual, expected, atol, rtol, max_report=5, signed_zeros=False):
    """Returns a list of human-readable mismatches (empty when equal).

    NaN matches NaN; integers and booleans must match exactly; with
    `signed_zeros`, an expected (-)0.0 also requires the same sign bit."""
    import numpy as np
    a = as64(to_host(actual))
    e = np.asarray(expected)
    if a.shape != e.shape:
        return [f"shape {a.shape} != expected {e.shape}"]
    if a.dtype.kind == "f" or e.dtype.kind == "f":
        a = a.astype(np.float64)
        e = e.astype(np.float64)
        both_nan = np.isnan(a) & np.isnan(e)
        same_inf = np.isinf(e) & (a == e)
        with np.errstate(invalid="ignore"):
            close = np.abs(a - e) <= atol + rtol * np.abs(e)
        bad = ~(both_nan | same_inf | close)
        if signed_zeros:
            bad |= (e == 0) & (np.signbit(a) != np.signbit(e))
    else:
        bad = a.astype(np.int64) != e.astype(np.int64) if a.dtype.kind != "b" else a != e
    idx = np.argwhere(bad)
    msgs = [f"{int(bad.sum())} of {bad.size} elements differ"] if len(idx) else []
    for i in idx[:max_report]:
        i = tuple(int(j) for j in i)
        msgs.append(f"  at {i}: got {a[i].item()!r}, expected {e[i].item()!r}")
    return msgs


def run_case(case: Case, shape, device, launch_fn) -> list:
    """Launches one case for one shape and checks every output.

    `launch_fn(grid, kernel, args)` performs (and synchronises) the launch,
    e.g. ``lambda g, k, a: (ct.launch(torch.cuda.current_stream(), g, k, a),
    torch.cuda.synchronize())``.  Returns a list of error messages."""
    launch = case.launch_args(device, shape)
    before = snapshot(launch.args)
    launch_fn(launch.grid, case.kernel, launch.args)
    expected = case.reference(before, tuple(shape))
    errors = []
    for name, out in launch.outputs.items():
        if name not in expected:
            errors.append(f"{case.name}{tuple(shape)}: no reference for output '{name}'")
            continue
        atol, rtol = case.tolerance(name, to_host(out).dtype)
        for m in compare(out, expected[name], atol, rtol, signed_zeros=case.signed_zeros):
            errors.append(f"{case.name}{tuple(shape)} output '{name}': {m}")
    return errors


def check_stdout(case: Case, text: str) -> list:
    """Errors for every `case.stdout` regex not found in captured device
    output (device printf writes to the process's C-level stdout, so capture
    file descriptor 1, not sys.stdout)."""
    import re
    return [f"{case.name}: device output lacks /{rx}/" for rx in case.stdout
            if not re.search(rx, text, re.MULTILINE)]


def check_case_host(case: Case) -> list:
    """CPU-only consistency check: make_args on the host agrees with the export
    parameters, and the reference yields every output with the right shape."""
    import numpy as np
    errors = []
    for shape in case.shapes:
        where = f"{case.name}{tuple(shape)}"
        try:
            launch = case.launch_args("numpy", shape)
        except Exception as e:  # noqa: BLE001
            return [f"{where}: make_args failed: {type(e).__name__}: {e}"]
        if not (1 <= len(launch.grid) <= 3) or any(
                not isinstance(g, int) or g < 1 for g in launch.grid):
            errors.append(f"{where}: bad grid {launch.grid}")
        if len(launch.args) != len(case.params):
            errors.append(f"{where}: {len(launch.args)} args for {len(case.params)} params")
            continue
        for i, (arg, p) in enumerate(zip(launch.args, case.signature().parameters)):
            errors += [f"{where} arg #{i}: {m}" for m in _check_arg(arg, p)]
        out_ids = {id(o) for o in launch.outputs.values()}
        if not out_ids <= {id(a) for a in _flat_arrays(launch.args)}:
            errors.append(f"{where}: an output is not among the arguments")
        for name, out in launch.outputs.items():
            info = dt(out.dtype)
            if info.kind != "b" and name not in case.inplace and not _all_poison(out):
                errors.append(f"{where}: output '{name}' is not poison-filled")
        before = snapshot(launch.args)
        try:
            expected = case.reference(before, tuple(shape))
        except Exception as e:  # noqa: BLE001
            errors.append(f"{where}: reference failed: {type(e).__name__}: {e}")
            continue
        for name, out in launch.outputs.items():
            if name not in expected:
                errors.append(f"{where}: reference lacks output '{name}'")
            elif np.shape(expected[name]) != out.shape:
                errors.append(f"{where}: reference '{name}' has shape "
                              f"{np.shape(expected[name])}, output {out.shape}")
        for name in expected:
            if name not in launch.outputs:
                errors.append(f"{where}: reference has unknown output '{name}'")
    return errors


def _all_poison(a):
    import numpy as np
    info = dt(a.dtype)
    w = as64(a)
    if info.is_float:
        return bool(np.all(np.isnan(w)))
    return bool(np.all(w == info.poison))


def _flat_arrays(args):
    for a in args:
        if isinstance(a, (tuple, list)):
            yield from _flat_arrays(a)
        elif is_array(a):
            yield a


def _check_arg(arg, p):
    import numpy as np
    if isinstance(p, C.ArrayConstraint):
        if not isinstance(arg, np.ndarray):
            return [f"expected an array, got {type(arg).__name__}"]
        msgs = []
        if dt(arg.dtype).np != dt(p.dtype).np or (
                dt(p.dtype).short != "tf32" and dt(arg.dtype).ct != p.dtype):
            msgs.append(f"dtype {arg.dtype} does not match {p.dtype}")
        if arg.ndim != p.ndim:
            msgs.append(f"ndim {arg.ndim} != {p.ndim}")
        for d, c in enumerate(p.shape_constant):
            if c is not None and arg.shape[d] != c:
                msgs.append(f"shape[{d}]={arg.shape[d]} but constant {c}")
        for d, c in enumerate(p.stride_constant):
            if c is not None and arg.ndim == p.ndim and arg.strides[d] // arg.itemsize != c:
                msgs.append(f"stride[{d}] is not {c}")
        return msgs
    if isinstance(p, C.ScalarConstraint):
        info = dt(p.dtype)
        if info.kind == "b":
            ok = isinstance(arg, bool)
        elif info.is_int:
            ok = isinstance(arg, int) and not isinstance(arg, bool)
        else:
            ok = isinstance(arg, float)
        return [] if ok else [f"scalar {arg!r} does not fit {p.dtype}"]
    if isinstance(p, C.ConstantConstraint):
        return [] if (type(arg) is type(p.value) and arg == p.value) else [
            f"constant {arg!r} != {p.value!r}"]
    if isinstance(p, C.TupleConstraint):
        if not isinstance(arg, tuple) or len(arg) != len(p.items):
            return ["expected a tuple of matching length"]
        return [m for a, q in zip(arg, p.items) for m in _check_arg(a, q)]
    if isinstance(p, C.ListConstraint):
        if not isinstance(arg, list):
            return ["expected a list"]
        return [m for a in arg for m in _check_arg(a, p.element)]
    return [f"unknown constraint {p!r}"]


# ---------------------------------------------------------------------------
# Generic builders


def map1d_case(name, kernel, inputs, out_dtype, fn, *, tile=256, shapes=None,
               extra_params=(), extra_args=(), **kw) -> Case:
    """Case for a kernel `kernel(in_0, ..., in_k, out, *extra, TILE)` mapping
    1-D arrays element by element.

    inputs: list of (dtype, generator(rng, shape) -> storage array).
    fn:     reference on host inputs (float64 for floats, storage ints)."""
    in_infos = [dt(d) for d, _ in inputs]
    out_info = dt(out_dtype)
    params = [A(d, 1) for d in in_infos] + [A(out_info, 1)] + list(extra_params) + [tile]
    shapes = shapes or [(1000,), (4096,), (37,)]

    def make_args(device, shape, dtype=None):
        rng = rng_for(name, shape)
        ins = [gen(rng, shape) for _, gen in inputs]
        out = poison(out_info, shape)
        args = devs(device, *ins, out)
        return Launch((cdiv(shape[0], tile), 1, 1),
                      args + tuple(extra_args) + (tile,), {"out": args[-1]})

    def reference(args, shape):
        ins = [compute_input(a, info) for a, info in zip(args[:len(inputs)], in_infos)]
        with _quiet():
            res = fn(*ins)
        return {"out": expected_output(res, out_info, shape)}

    return case(name, kernel, params, make_args, reference, shapes,
                dtype=in_infos[0].short if in_infos else out_info.short, **kw)


def compute_input(a, info):
    """Host snapshot -> array for reference math: float64 for floats, the
    storage dtype for integers and booleans."""
    import numpy as np
    if info.is_float:
        return np.asarray(a, dtype=np.float64)
    return np.asarray(a).astype(info.np)


def expected_output(res, out_info, shape):
    import numpy as np
    res = np.broadcast_to(np.asarray(res), shape)
    if out_info.is_float:
        return res.astype(np.float64)
    if out_info.kind == "b":
        return res.astype(np.bool_)
    return as64(wrap(res, out_info))


class _quiet:
    def __enter__(self):
        import numpy as np
        self._old = np.seterr(all="ignore")

    def __exit__(self, *exc):
        import numpy as np
        np.seterr(**self._old)


quiet = _quiet


# ---------------------------------------------------------------------------
# Loading


def load_module(name: str, root: str | None = None) -> types.ModuleType:
    """Loads family module `name` compiled under the fixed file name
    ``test/kernels/<name>.py`` (independent of the checkout location)."""
    root = root or KERNELS_DIR
    rel = f"{SOURCE_PREFIX}/{name}.py"
    modname = f"tilecorpus_{name}"
    if modname in sys.modules:
        return sys.modules[modname]
    if root not in sys.path:
        sys.path.insert(0, root)
    sys.modules.setdefault("corpus", sys.modules[__name__])
    with open(os.path.join(root, name + ".py"), encoding="utf-8") as f:
        src = f.read()
    linecache.cache[rel] = (len(src), None, src.splitlines(keepends=True), rel)
    mod = types.ModuleType(modname)
    mod.__file__ = rel
    sys.modules[modname] = mod
    try:
        exec(compile(src, rel, "exec", dont_inherit=True), mod.__dict__)
    except BaseException:
        del sys.modules[modname]
        raise
    return mod


def enable_cutile_dev_versions():
    """Lets cuTile write the bytecode versions it keeps behind its
    development features (13.5 in cuTile 1.7.0). Release wheels hard-wire
    those features off; the writer for 13.5 is complete in them, and
    cuTile's version lookups read the flag through `_compile`'s
    namespace. Only affects this process."""
    from cuda.tile import _compile
    _compile.dev_features_enabled = lambda: True


_STABILIZED = False


def stabilize_cutile_paths():
    """Renames the source files of cuTile's own Python-level tile functions
    (e.g. the Tile methods in ``cuda/tile/_stub.py``, which get inlined with
    debug locations) to paths relative to site-packages, so exported bytecode
    does not depend on where cuTile is installed.  Only affects this process."""
    global _STABILIZED
    if _STABILIZED:
        return
    import cuda.tile
    pkg_dir = os.path.dirname(os.path.abspath(cuda.tile.__file__))
    base = os.path.dirname(os.path.dirname(pkg_dir))  # the directory holding cuda/

    def rel(path):
        p = os.path.abspath(path)
        if not p.startswith(pkg_dir + os.sep):
            return None
        return os.path.relpath(p, base).replace(os.sep, "/")

    def fix_code(code):
        new_name = rel(code.co_filename)
        consts = tuple(fix_code(c) if isinstance(c, types.CodeType) else c
                       for c in code.co_consts)
        if new_name is None and consts == code.co_consts:
            return code
        return code.replace(co_filename=new_name or code.co_filename, co_consts=consts)

    seen = set()

    def visit(obj, depth=0):
        if id(obj) in seen or depth > 4:
            return
        seen.add(id(obj))
        if isinstance(obj, (staticmethod, classmethod)):
            visit(obj.__func__, depth + 1)
        elif isinstance(obj, property):
            for f in (obj.fget, obj.fset, obj.fdel):
                if f is not None:
                    visit(f, depth + 1)
        elif isinstance(obj, types.FunctionType):
            new_code = fix_code(obj.__code__)
            if new_code is not obj.__code__:
                name = rel(obj.__code__.co_filename)
                if name and name not in linecache.cache:
                    with open(obj.__code__.co_filename, encoding="utf-8") as f:
                        src = f.read()
                    linecache.cache[name] = (len(src), None, src.splitlines(keepends=True),
                                             name)
                obj.__code__ = new_code
            if hasattr(obj, "__wrapped__"):
                visit(obj.__wrapped__, depth + 1)
        elif isinstance(obj, type) and obj.__module__.startswith("cuda.tile"):
            for v in vars(obj).values():
                visit(v, depth + 1)

    for modname, mod in list(sys.modules.items()):
        if modname == "cuda.tile" or modname.startswith("cuda.tile."):
            for v in list(vars(mod).values()):
                visit(v)
    _STABILIZED = True


def load_cases(modules: Sequence[str] | None = None) -> list:
    cases, seen = [], {}
    for m in (modules or MODULES):
        mod = load_module(m)
        for c in mod.CASES:
            if c.name in seen:
                raise ValueError(f"duplicate case name {c.name} in {m} and {seen[c.name]}")
            if not c.name.replace("_", "").isalnum():
                raise ValueError(f"case name {c.name!r} must be [A-Za-z0-9_]")
            seen[c.name] = m
            c.family = m
            cases.append(c)
    return cases


__all__ = [n for n in dir() if not n.startswith("_") and n not in (
    "linecache", "os", "sys", "types", "zlib")]
