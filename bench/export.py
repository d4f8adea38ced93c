#!/usr/bin/env python3
"""Exports the benchmark kernels to Tile IR bytecode (bench/bytecode/).

The signatures are what a launch on the benchmark's torch tensors
specializes: contiguous arrays with 16-byte aligned bases, shapes and outer
strides divisible by 16. The bytecode feeds the compile-time benchmark
(bench/compile_time.sh) and the CPU-side checks of the generated code.

Usage: bench/export.py [--version 13.4] [--out bench/bytecode]
"""
import argparse
import io
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cuda.tile as ct  # noqa: E402
from cuda.tile import compilation as C  # noqa: E402

import kernels  # noqa: E402


def array(dtype, ndim):
    return C.ArrayConstraint(
        dtype, ndim, index_dtype=ct.int32, stride_lower_bound_incl=0,
        alias_groups=(), may_alias_internally=False,
        stride_constant=(None,) * (ndim - 1) + (1,), shape_constant=None,
        stride_divisible_by=(16,) * (ndim - 1) + (1,), shape_divisible_by=16,
        base_addr_divisible_by=16)


def scalar(dtype):
    return C.ScalarConstraint(dtype)


def signature(name, params):
    return C.KernelSignature(list(params), C.CallingConvention.cutile_python_v1(),
                             symbol=name)


def cases():
    bf16, f16, f32, tf32 = ct.bfloat16, ct.float16, ct.float32, ct.tfloat32
    out = []
    for dt, name in ((bf16, "bf16"), (f16, "f16")):
        for tm, tn, tk in ((128, 128, 64), (128, 256, 64), (64, 128, 64)):
            out.append((f"gemm_{name}_{tm}x{tn}x{tk}", kernels.gemm,
                        [array(dt, 2)] * 3 + [tm, tn, tk]))
    out.append(("gemm_tf32_128x128x32", kernels.gemm_tf32,
                [array(f32, 2)] * 3 + [128, 128, 32]))
    out.append(("gemm_e4m3_128x128x128", kernels.gemm_fp8,
                [array(ct.float8_e4m3fn, 2)] * 2 + [array(f16, 2), 128, 128, 128]))
    out.append(("gemm_i8_128x128x128", kernels.gemm_int,
                [array(ct.int8, 2)] * 2 + [array(ct.int32, 2), 128, 128, 128]))
    out.append(("gemm_bf16_128x128x64_unchecked", kernels.gemm_unchecked,
                [array(bf16, 2)] * 3 + [128, 128, 64]))
    out.append(("gemm_i8_128x128x128_unchecked", kernels.gemm_int_unchecked,
                [array(ct.int8, 2)] * 2 + [array(ct.int32, 2), 128, 128, 128]))
    out.append(("gemm_grouped_bf16", kernels.gemm_grouped,
                [array(bf16, 2)] * 3 + [128, 128, 64, 8]))
    out.append(("gemm_batched_bf16", kernels.gemm_batched,
                [array(bf16, 3)] * 3 + [128, 128, 64]))
    out.append(("gemm_epilogue_bf16", kernels.gemm_epilogue,
                [array(bf16, 2)] * 2 + [array(bf16, 1), array(bf16, 2), 128, 128, 64]))
    for causal in (False, True):
        for tkv in (64, 128):
            out.append((f"attention{'_causal' if causal else ''}_bf16_bn{tkv}",
                        kernels.attention_fwd,
                        [array(bf16, 3)] * 4 + [scalar(f32), 128, tkv, 128, causal]))
    out.append(("softmax_f32", kernels.softmax, [array(f32, 2)] * 2 + [8192]))
    out.append(("layernorm_bf16", kernels.layer_norm,
                [array(bf16, 2), array(bf16, 1), array(bf16, 1), array(bf16, 2),
                 scalar(f32), 8192]))
    out.append(("transpose_f32", kernels.transpose, [array(f32, 2)] * 2 + [64, 64]))
    out.append(("vector_add_f32", kernels.vector_add, [array(f32, 1)] * 3 + [4096]))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--version", default="13.4")
    ap.add_argument("--out", default=os.path.join(HERE, "bytecode"))
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for name, kernel, params in cases():
        buf = io.BytesIO()
        C.export_kernel(kernel, [signature(name, params)], buf,
                        output_format="tileir_bytecode", gpu_code="sm_90",
                        bytecode_version=args.version)
        path = os.path.join(args.out, f"{name}.tileirbc")
        with open(path, "wb") as f:
            f.write(buf.getvalue())
        print(path)


if __name__ == "__main__":
    main()
