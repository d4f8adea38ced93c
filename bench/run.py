#!/usr/bin/env python3
"""Runs the benchmark suite on a GPU: our tileiras through cuTile Python,
side by side with cuBLAS (torch.mm), SDPA, Triton and device copies.

Every kernel is first checked against a reference on fresh random inputs
with a poisoned output, then timed; the reference is timed in the same run.
Times are medians of repeated launches (triton.testing.do_bench). Prints a
table (the figure, the reference's, their ratio) and writes JSON lines with
--json.

Usage (on the GPU machine):
  bench/run.py --tileiras build/bin/tileiras [--filter REGEX] [--json out.jsonl]
               [--quick]
"""
import argparse
import json
import math
import os
import re
import sys
import tempfile
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))


def setup_environment(tileiras):
    """Puts our tileiras first on PATH and keeps cuTile's cache private."""
    tileiras = os.path.abspath(tileiras)
    os.environ["PATH"] = os.path.dirname(tileiras) + os.pathsep + os.environ["PATH"]
    tmp = tempfile.mkdtemp(prefix="tileir-bench-")
    os.environ["CUDA_TILE_TEMP_DIR"] = os.path.join(tmp, "work")
    os.environ["CUDA_TILE_CACHE_DIR"] = os.path.join(tmp, "cache")


def median_ms(fn, quick):
    import triton.testing
    return triton.testing.do_bench(fn, warmup=10 if quick else 25,
                                   rep=40 if quick else 120,
                                   return_mode="median")


def rel_error(out, ref):
    """Relative Frobenius error; inf when anything is not finite."""
    import torch
    out = out.double()
    ref = ref.double()
    if not torch.isfinite(out).all():
        return math.inf
    denom = ref.norm().item() or 1.0
    return (out - ref).norm().item() / denom


class Bench:
    """One benchmark: `setup()` returns (run_ours, run_reference, check) and
    the work per launch (FLOPs or bytes)."""

    def __init__(self, name, unit, work, setup, tol, reference_name):
        self.name, self.unit, self.work = name, unit, work
        self.setup, self.tol, self.reference_name = setup, tol, reference_name


def gemm_bench(name, dtype, m, n, k, tm, tn, tk, kernel="gemm", group=8):
    import torch
    import cuda.tile as ct
    sys.path.insert(0, HERE)
    import kernels

    def setup():
        torch.manual_seed(hash(name) & 0xffff)
        if dtype in ("e4m3",):
            a = (torch.randn(m, k, device="cuda") * 0.5).to(torch.float8_e4m3fn)
            b = (torch.randn(k, n, device="cuda") * 0.5).to(torch.float8_e4m3fn)
            c = torch.full((m, n), float("nan"), device="cuda", dtype=torch.float16)
            ref = lambda: a.float() @ b.float()
            bt = b.t().contiguous().t()
            scale = torch.tensor(1.0, device="cuda")
            reference = lambda: torch._scaled_mm(a, bt, scale_a=scale, scale_b=scale,
                                                 out_dtype=torch.float16,
                                                 use_fast_accum=True)
        elif dtype == "i8":
            a = torch.randint(-8, 8, (m, k), device="cuda", dtype=torch.int8)
            b = torch.randint(-8, 8, (k, n), device="cuda", dtype=torch.int8)
            c = torch.full((m, n), -12345, device="cuda", dtype=torch.int32)
            ref = lambda: (a.double() @ b.double())
            bt = b.t().contiguous().t()
            reference = lambda: torch._int_mm(a, bt)
        else:
            tdt = {"bf16": torch.bfloat16, "f16": torch.float16,
                   "tf32": torch.float32}[dtype]
            a = torch.randn(m, k, device="cuda", dtype=tdt)
            b = torch.randn(k, n, device="cuda", dtype=tdt)
            c = torch.full((m, n), float("nan"), device="cuda", dtype=tdt)
            ref = lambda: a.double() @ b.double()
            reference = lambda: torch.mm(a, b)
        if kernel == "gemm_grouped":
            grid = (ct.cdiv(m, tm) * ct.cdiv(n, tn), 1, 1)
            args = (a, b, c, tm, tn, tk, group)
            kern = kernels.gemm_grouped
        else:
            grid = (ct.cdiv(m, tm), ct.cdiv(n, tn), 1)
            args = (a, b, c, tm, tn, tk)
            if kernel == "gemm_unchecked":
                kern = {"i8": kernels.gemm_int_unchecked}.get(
                    dtype, kernels.gemm_unchecked)
            else:
                kern = {"i8": kernels.gemm_int, "tf32": kernels.gemm_tf32,
                        "e4m3": kernels.gemm_fp8}.get(dtype, kernels.gemm)
        stream = torch.cuda.current_stream()
        ours = lambda: ct.launch(stream, grid, kern, args)
        check = lambda: rel_error(c, ref())
        return ours, reference, check

    tol = {"bf16": 2e-2, "f16": 5e-3, "tf32": 5e-3, "e4m3": 5e-2, "i8": 0.0}[dtype]
    return Bench(name, "TFLOP/s", 2.0 * m * n * k, setup, tol,
                 "cuBLAS" if dtype != "e4m3" else "cuBLAS fp8")


def batched_bench(name, batch, m, n, k, tm, tn, tk):
    import torch
    import cuda.tile as ct
    sys.path.insert(0, HERE)
    import kernels

    def setup():
        torch.manual_seed(7)
        a = torch.randn(batch, m, k, device="cuda", dtype=torch.bfloat16)
        b = torch.randn(batch, k, n, device="cuda", dtype=torch.bfloat16)
        c = torch.full((batch, m, n), float("nan"), device="cuda", dtype=torch.bfloat16)
        grid = (ct.cdiv(m, tm), ct.cdiv(n, tn), batch)
        stream = torch.cuda.current_stream()
        ours = lambda: ct.launch(stream, grid, kernels.gemm_batched,
                                 (a, b, c, tm, tn, tk))
        return ours, lambda: torch.bmm(a, b), \
            lambda: rel_error(c, a.double() @ b.double())

    return Bench(name, "TFLOP/s", 2.0 * batch * m * n * k, setup, 2e-2, "cuBLAS")


def epilogue_bench(name, m, n, k, tm, tn, tk):
    import torch
    import cuda.tile as ct
    sys.path.insert(0, HERE)
    import kernels

    def setup():
        torch.manual_seed(11)
        a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
        b = torch.randn(k, n, device="cuda", dtype=torch.bfloat16)
        bias = torch.randn(n, device="cuda", dtype=torch.bfloat16)
        c = torch.full((m, n), float("nan"), device="cuda", dtype=torch.bfloat16)
        grid = (ct.cdiv(m, tm), ct.cdiv(n, tn), 1)
        stream = torch.cuda.current_stream()
        ours = lambda: ct.launch(stream, grid, kernels.gemm_epilogue,
                                 (a, b, bias, c, tm, tn, tk))
        reference = lambda: torch.relu(torch.addmm(bias, a, b))
        ref = lambda: torch.relu(a.double() @ b.double() + bias.double())
        return ours, reference, lambda: rel_error(c, ref())

    return Bench(name, "TFLOP/s", 2.0 * m * n * k, setup, 2e-2, "cuBLAS addmm+relu")


def attention_bench(name, bh, seq, d, tq, tkv, causal):
    import torch
    import cuda.tile as ct
    sys.path.insert(0, HERE)
    import kernels

    def setup():
        torch.manual_seed(13)
        q, k, v = (torch.randn(bh, seq, d, device="cuda", dtype=torch.bfloat16)
                   for _ in range(3))
        o = torch.full_like(q, float("nan"))
        scale = 1.0 / math.sqrt(d)
        grid = (ct.cdiv(seq, tq), bh, 1)
        stream = torch.cuda.current_stream()
        ours = lambda: ct.launch(stream, grid, kernels.attention_fwd,
                                 (q, k, v, o, scale, tq, tkv, d, causal))
        sdpa = torch.nn.functional.scaled_dot_product_attention
        # (batch, heads, seq, D) takes SDPA's flash kernel.
        q4, k4, v4 = (t.view(1, bh, seq, d) for t in (q, k, v))
        reference = lambda: sdpa(q4, k4, v4, is_causal=causal)

        def check():
            # A slice of the heads in float64 keeps the reference cheap.
            h = min(bh, 4)
            qq, kk, vv = (t[:h].double() for t in (q, k, v))
            s = qq @ kk.transpose(-1, -2) * scale
            if causal:
                mask = torch.ones(seq, seq, device="cuda", dtype=torch.bool).tril()
                s = s.masked_fill(~mask, float("-inf"))
            return rel_error(o[:h], torch.softmax(s, -1) @ vv)
        return ours, reference, check

    flops = 4.0 * bh * seq * seq * d * (0.5 if causal else 1.0)
    return Bench(name, "TFLOP/s", flops, setup, 2e-2, "SDPA")


def triton_softmax():
    import triton
    import triton.language as tl

    @triton.jit
    def kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
        row = tl.program_id(0)
        offs = tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * n + offs, mask=offs < n, other=-float("inf"))
        x = x - tl.max(x, axis=0)
        e = tl.exp(x)
        tl.store(y_ptr + row * n + offs, e / tl.sum(e, axis=0), mask=offs < n)
    return kernel


def triton_layer_norm():
    import triton
    import triton.language as tl

    @triton.jit
    def kernel(x_ptr, w_ptr, b_ptr, y_ptr, n, eps, BLOCK: tl.constexpr):
        row = tl.program_id(0)
        offs = tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * n + offs).to(tl.float32)
        mean = tl.sum(x, axis=0) / n
        d = x - mean
        var = tl.sum(d * d, axis=0) / n
        w = tl.load(w_ptr + offs).to(tl.float32)
        b = tl.load(b_ptr + offs).to(tl.float32)
        y = d * tl.rsqrt(var + eps) * w + b
        tl.store(y_ptr + row * n + offs, y.to(y_ptr.dtype.element_ty))
    return kernel


def softmax_bench(name, rows, cols):
    import torch
    import cuda.tile as ct
    sys.path.insert(0, HERE)
    import kernels

    def setup():
        torch.manual_seed(17)
        x = torch.randn(rows, cols, device="cuda", dtype=torch.float32)
        y = torch.full_like(x, float("nan"))
        yt = torch.empty_like(x)
        stream = torch.cuda.current_stream()
        ours = lambda: ct.launch(stream, (rows, 1, 1), kernels.softmax, (x, y, cols))
        tk = triton_softmax()
        reference = lambda: tk[(rows,)](x, yt, cols, BLOCK=cols, num_warps=8)
        return ours, reference, lambda: rel_error(y, torch.softmax(x.double(), -1))

    return Bench(name, "TB/s", 2.0 * rows * cols * 4, setup, 1e-5, "Triton")


def layer_norm_bench(name, rows, cols):
    import torch
    import cuda.tile as ct
    sys.path.insert(0, HERE)
    import kernels

    def setup():
        torch.manual_seed(19)
        x = torch.randn(rows, cols, device="cuda", dtype=torch.bfloat16)
        w = torch.randn(cols, device="cuda", dtype=torch.bfloat16)
        b = torch.randn(cols, device="cuda", dtype=torch.bfloat16)
        y = torch.full_like(x, float("nan"))
        yt = torch.empty_like(x)
        eps = 1e-5
        stream = torch.cuda.current_stream()
        ours = lambda: ct.launch(stream, (rows, 1, 1), kernels.layer_norm,
                                 (x, w, b, y, eps, cols))
        tk = triton_layer_norm()
        reference = lambda: tk[(rows,)](x, w, b, yt, cols, eps, BLOCK=cols,
                                        num_warps=8)
        ref = lambda: torch.nn.functional.layer_norm(
            x.double(), (cols,), w.double(), b.double(), eps)
        return ours, reference, lambda: rel_error(y, ref())

    return Bench(name, "TB/s", 2.0 * rows * cols * 2, setup, 1e-2, "Triton")


def transpose_bench(name, n, tm=64, tn=64):
    import torch
    import cuda.tile as ct
    sys.path.insert(0, HERE)
    import kernels

    def setup():
        torch.manual_seed(23)
        x = torch.randn(n, n, device="cuda", dtype=torch.float32)
        y = torch.full_like(x, float("nan"))
        stream = torch.cuda.current_stream()
        ours = lambda: ct.launch(stream, (n // tm, n // tn, 1), kernels.transpose,
                                 (x, y, tm, tn))
        reference = lambda: x.t().contiguous()
        return ours, reference, lambda: rel_error(y, x.t().double())

    return Bench(name, "TB/s", 2.0 * n * n * 4, setup, 0.0, "torch .t().contiguous()")


def vector_add_bench(name, n, t=4096):
    import torch
    import cuda.tile as ct
    sys.path.insert(0, HERE)
    import kernels

    def setup():
        torch.manual_seed(29)
        x = torch.randn(n, device="cuda", dtype=torch.float32)
        y = torch.randn(n, device="cuda", dtype=torch.float32)
        out = torch.full_like(x, float("nan"))
        dst = torch.empty_like(x)
        stream = torch.cuda.current_stream()
        ours = lambda: ct.launch(stream, (n // t, 1, 1), kernels.vector_add,
                                 (x, y, out, t))
        # The copy moves two arrays' worth of bytes, the add three: the
        # reference time is scaled to the add's bytes (bandwidth ratio).
        reference = lambda: dst.copy_(x)
        return ours, reference, lambda: rel_error(out, x.double() + y.double())

    # f32 addition rounds once; the reference does not.
    b = Bench(name, "TB/s", 3.0 * n * 4, setup, 1e-7, "device copy (bandwidth)")
    b.reference_work = 2.0 * n * 4
    return b


def per_cta_benches():
    """GEMMs of 4 K iterations a tile: what each CTA does before its first
    product and after its last (tensor maps, pipeline fill, epilogue)
    dominates their time. And GEMMs of 1024^3 to 2048^3, whose grids (64
    to 512 CTAs) fill the GPU a few times at most: what a change that
    gives a CTA more tiles (paired tile blocks) costs in parallelism, on
    either side of one CTA per SM (100 and 144 CTAs of 128x128 at 1280^3
    and 1536^3)."""
    benches = [
        gemm_bench("gemm_bf16_128x128x64_k256", "bf16", 8192, 8192, 256,
                   128, 128, 64),
        gemm_bench("gemm_bf16_64x128x64_k256", "bf16", 8192, 8192, 256,
                   64, 128, 64),
    ]
    for s in (1024, 1280, 1536, 2048):
        for tm in (128, 64):
            benches.append(gemm_bench(f"gemm_bf16_{tm}x128x64_n{s}", "bf16",
                                      s, s, s, tm, 128, 64))
    return benches


def all_benches(quick):
    s = 4096 if quick else 8192
    benches = [
        gemm_bench("gemm_bf16_128x128x64", "bf16", s, s, s, 128, 128, 64),
        gemm_bench("gemm_bf16_128x256x64", "bf16", s, s, s, 128, 256, 64),
        gemm_bench("gemm_bf16_64x128x64", "bf16", s, s, s, 64, 128, 64),
        gemm_bench("gemm_f16_128x128x64", "f16", s, s, s, 128, 128, 64),
        gemm_bench("gemm_f16_128x256x64", "f16", s, s, s, 128, 256, 64),
        gemm_bench("gemm_f16_64x128x64", "f16", s, s, s, 64, 128, 64),
        gemm_bench("gemm_tf32_128x128x32", "tf32", s, s, s, 128, 128, 32),
        gemm_bench("gemm_e4m3_128x128x128", "e4m3", s, s, s, 128, 128, 128),
        gemm_bench("gemm_i8_128x128x128", "i8", s, s, s, 128, 128, 128),
        gemm_bench("gemm_bf16_128x128x64_unchecked", "bf16", s, s, s, 128, 128,
                   64, kernel="gemm_unchecked"),
        gemm_bench("gemm_i8_128x128x128_unchecked", "i8", s, s, s, 128, 128, 128,
                   kernel="gemm_unchecked"),
        gemm_bench("gemm_grouped_bf16_128x128x64", "bf16", s, s, s, 128, 128, 64,
                   kernel="gemm_grouped"),
        batched_bench("gemm_batched_bf16_128x128x64", 16, 2048, 2048, 2048,
                      128, 128, 64),
        epilogue_bench("gemm_epilogue_bf16_128x128x64", s, s, s, 128, 128, 64),
        attention_bench("attention_bf16_bn64", 128, 4096 if not quick else 2048,
                        128, 128, 64, False),
        attention_bench("attention_bf16_bn128", 128, 4096 if not quick else 2048,
                        128, 128, 128, False),
        attention_bench("attention_causal_bf16_bn64", 128,
                        4096 if not quick else 2048, 128, 128, 64, True),
        attention_bench("attention_causal_bf16_bn128", 128,
                        4096 if not quick else 2048, 128, 128, 128, True),
        softmax_bench("softmax_f32", 32768, 8192),
        layer_norm_bench("layernorm_bf16", 32768, 8192),
        transpose_bench("transpose_f32", 16384),
        vector_add_bench("vector_add_f32", 1 << 28),
    ]
    return benches


def run_bench(bench, quick):
    import torch
    result = {"name": bench.name, "unit": bench.unit,
              "reference": bench.reference_name}
    try:
        t0 = time.time()
        ours, reference, check = bench.setup()
        ours()  # compiles
        torch.cuda.synchronize()
        result["compile_s"] = round(time.time() - t0, 2)
        err = check()
        result["rel_err"] = err
        result["correct"] = err <= bench.tol or (bench.tol == 0.0 and err == 0.0)
        ms = median_ms(ours, quick)
        ref_ms = median_ms(reference, quick)
        scale = 1e12 if bench.unit in ("TFLOP/s", "TB/s") else 1.0
        result["ours"] = bench.work / (ms * 1e-3) / scale
        ref_work = getattr(bench, "reference_work", bench.work)
        result["ref"] = ref_work / (ref_ms * 1e-3) / scale
        result["ratio"] = result["ours"] / result["ref"]
        result["ms"], result["ref_ms"] = ms, ref_ms
        # The same launch again, after timing: a race shows as a moving error.
        ours()
        torch.cuda.synchronize()
        result["rel_err_after"] = check()
    except Exception as e:  # noqa: BLE001 - every failure is reported
        result["error"] = f"{type(e).__name__}: {e}"
        result["trace"] = traceback.format_exc()[-2000:]
    return result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tileiras", required=True)
    ap.add_argument("--filter", default="")
    ap.add_argument("--json", default="")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--per-cta", action="store_true",
                    help="also run GEMMs with K = 256, whose time is mostly "
                         "each CTA's fixed costs")
    ap.add_argument("--profile", type=int, default=0, metavar="N",
                    help="only launch our kernels N times each (for a "
                         "profiler such as ncu), with no timing or reference")
    args = ap.parse_args()
    setup_environment(args.tileiras)
    import torch
    # cuBLAS's fp32 GEMM is the tf32 one, as for our tf32 kernel.
    torch.backends.cuda.matmul.allow_tf32 = True
    if args.profile:
        for bench in all_benches(args.quick):
            if args.filter and not re.search(args.filter, bench.name):
                continue
            ours, reference, _ = bench.setup()
            for _ in range(args.profile):
                ours()
            reference()
            torch.cuda.synchronize()
        return 0
    print(f"device: {torch.cuda.get_device_name()}, torch {torch.__version__}")
    out = open(args.json, "a") if args.json else None
    rows = []
    benches = all_benches(args.quick)
    if args.per_cta:
        benches += per_cta_benches()
    for bench in benches:
        if args.filter and not re.search(args.filter, bench.name):
            continue
        r = run_bench(bench, args.quick)
        rows.append(r)
        if out:
            out.write(json.dumps(r) + "\n")
            out.flush()
        if "error" in r:
            print(f"{r['name']:34s} ERROR {r['error'][:200]}", flush=True)
        else:
            print(f"{r['name']:34s} {r['ours']:8.1f} {r['unit']:8s} "
                  f"ref {r['ref']:8.1f} ({r['reference']}) ratio {r['ratio']:.2f} "
                  f"err {r['rel_err']:.1e}/{r['rel_err_after']:.1e} "
                  f"{'ok' if r['correct'] else 'WRONG'} compile {r['compile_s']}s",
                  flush=True)
    bad = [r for r in rows if "error" in r or not r.get("correct")]
    print(f"{len(rows)} benchmarks, {len(bad)} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
