#!/usr/bin/env python3
"""Exports bench/kernels.py's vector_add through cuTile Python with
CUDA_TILE_DUMP_TILEIR set and our tools first on PATH, then prints what
cuTile dumped: cuTile finds tileirdisasm beside the tileiras it uses.

Usage: cutile-dump-tileir.py BIN_DIR WORK_DIR
"""
import glob
import io
import os
import sys

bin_dir, work = sys.argv[1], sys.argv[2]
os.environ["PATH"] = os.path.abspath(bin_dir) + os.pathsep + os.environ["PATH"]
dump = os.path.join(work, "dump")
os.environ["CUDA_TILE_DUMP_TILEIR"] = dump
os.environ["CUDA_TILE_TEMP_DIR"] = os.path.join(work, "tmp")

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..",
                                "bench"))
import cuda.tile as ct  # noqa: E402
from cuda.tile import compilation as C  # noqa: E402
import kernels  # noqa: E402

array = C.ArrayConstraint(
    ct.float32, 1, index_dtype=ct.int32, stride_lower_bound_incl=0,
    alias_groups=(), may_alias_internally=False, stride_constant=(1,),
    shape_constant=None, stride_divisible_by=(1,), shape_divisible_by=16,
    base_addr_divisible_by=16)
signature = C.KernelSignature([array] * 3 + [1024],
                              C.CallingConvention.cutile_python_v1(),
                              symbol="vector_add_f32")
C.export_kernel(kernels.vector_add, [signature], io.BytesIO(),
                output_format="tileir_bytecode", gpu_code="sm_90",
                bytecode_version="13.3")
files = glob.glob(os.path.join(dump, "*.tileir"))
print(f"dumped {len(files)} file(s)")
for path in files:
    with open(path) as f:
        sys.stdout.write(f.read())
