#!/usr/bin/env python3
"""Paired 64-row tile blocks (--tileir-pair-row-tiles) on the GPU.

bench/kernels.py's `gemm` and `gemm_epilogue` with 64x128x64 tiles,
compiled with the hidden flag (through TILEIRAS_OPTIONS): the CTA of an
even x id computes its odd neighbour's rows too, and CTAs of odd x ids
leave at once. Launches the corpus cannot express:

  - full grids, an odd number of block rows (the last pair has no odd
    block), M not a multiple of 64;
  - a grid with fewer block rows than the matrix: the rows no launched
    block owns must stay poisoned (the paired store is cut at the last
    launched block's rows);
  - a grid with more block rows than the matrix (nothing stored past M);
  - the bias + ReLU epilogue (a broadcast row rebuilt at 128 rows);
  - c += a b, C loaded and stored through one view (rows no launched
    block owns must keep their values).

Every result is checked against torch in float64 on a NaN-poisoned
output: rows a launched block owns must match, all other rows must still
be NaN. The script first checks that the flag pairs the bench kernel at
all (a remark of our tileiras), so a silent fallback cannot pass.

Usage (on the GPU machine): run_pair_rows.py --tileiras PATH
"""
import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
sys.path.insert(0, os.path.join(ROOT, "bench"))

FLAG = "--tileir-pair-row-tiles"


def pairs_bench_kernel(tileiras):
    bytecode = os.path.join(ROOT, "bench", "bytecode",
                            "gemm_bf16_64x128x64.tileirbc")
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(
            [tileiras, bytecode, "--gpu-name", "sm_90", "-o",
             os.path.join(tmp, "k.cubin"), "--remarks=all", FLAG],
            capture_output=True, text=True)
    return out.returncode == 0 and "odd neighbour's as 128-row tiles" in out.stderr


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tileiras", required=True)
    args = parser.parse_args()
    tileiras = os.path.abspath(args.tileiras)
    if not pairs_bench_kernel(tileiras):
        print("FAIL: the flag does not pair the 64x128 bench GEMM")
        return 1
    os.environ["PATH"] = os.path.dirname(tileiras) + os.pathsep + os.environ["PATH"]
    os.environ["CUDA_TILE_CACHE_DIR"] = tempfile.mkdtemp(prefix="pair-rows-")
    os.environ["TILEIRAS_OPTIONS"] = FLAG

    import torch
    import cuda.tile as ct
    import kernels

    tm, tn, tk = 64, 128, 64
    failures = 0

    @ct.kernel
    def gemm_acc(a, b, c, TM: ct.Constant[int], TN: ct.Constant[int],
                 TK: ct.Constant[int]):
        # c += a @ b: c read and written through one view.
        bm = ct.bid(0)
        bn = ct.bid(1)
        acc = ct.load(c, (bm, bn), (TM, TN), padding_mode=ct.PaddingMode.ZERO)
        for k in range(ct.num_tiles(a, 1, (TM, TK))):
            x = ct.load(a, (bm, k), (TM, TK), padding_mode=ct.PaddingMode.ZERO)
            y = ct.load(b, (k, bn), (TK, TN), padding_mode=ct.PaddingMode.ZERO)
            acc = ct.mma(x, y, acc)
        ct.store(c, (bm, bn), acc)

    def run_acc(name, m, n, k, grid_x, seed):
        nonlocal failures
        a, b, _ = operands(m, n, k, seed)
        g = torch.Generator(device="cuda").manual_seed(seed + 100)
        c0 = torch.rand((m, n), device="cuda", generator=g)
        c = c0.clone()
        ct.launch(torch.cuda.current_stream(), (grid_x, ct.cdiv(n, tn), 1),
                  gemm_acc, (a, b, c, tm, tn, tk))
        torch.cuda.synchronize()
        owned = min(m, grid_x * tm)
        ref = c0.double() + a.double() @ b.double()
        ok = torch.allclose(c[:owned].double(), ref[:owned], rtol=1e-3, atol=1e-3)
        untouched = bool(torch.equal(c[owned:], c0[owned:]))
        bad = not (ok and untouched)
        print(f"{name:48s} M={m} N={n} K={k} grid x={grid_x}  "
              f"{'FAIL' if bad else 'ok'}"
              f"{'' if ok else ' (wrong values)'}"
              f"{'' if untouched else ' (rows past the grid written)'}")
        failures += bad

    def operands(m, n, k, seed):
        g = torch.Generator(device="cuda").manual_seed(seed)
        a = torch.rand((m, k), device="cuda", generator=g).to(torch.bfloat16) - 0.5
        b = torch.rand((k, n), device="cuda", generator=g).to(torch.bfloat16) - 0.5
        bias = torch.rand((n,), device="cuda", generator=g).to(torch.bfloat16) - 0.5
        return a, b, bias

    def run(name, m, n, k, grid_x, epilogue=False, seed=0):
        nonlocal failures
        a, b, bias = operands(m, n, k, seed)
        c = torch.full((m, n), float("nan"), device="cuda", dtype=torch.bfloat16)
        grid = (grid_x, ct.cdiv(n, tn), 1)
        stream = torch.cuda.current_stream()
        if epilogue:
            ct.launch(stream, grid, kernels.gemm_epilogue, (a, b, bias, c, tm, tn, tk))
        else:
            ct.launch(stream, grid, kernels.gemm, (a, b, c, tm, tn, tk))
        torch.cuda.synchronize()
        ref = a.double() @ b.double()
        if epilogue:
            ref = torch.relu(ref + bias.double()[None, :])
        ref = ref.to(torch.bfloat16).double()
        owned = min(m, grid_x * tm)
        got = c.double()
        ok = torch.allclose(got[:owned], ref[:owned], rtol=2e-2, atol=2e-2)
        untouched = bool(torch.isnan(got[owned:]).all())
        bad = not (ok and untouched)
        print(f"{name:48s} M={m} N={n} K={k} grid x={grid_x}  "
              f"{'FAIL' if bad else 'ok'}"
              f"{'' if ok else ' (wrong values)'}"
              f"{'' if untouched else ' (rows past the grid written)'}")
        failures += bad

    run("full grid", 4096, 512, 1024, 64)
    run("odd block rows (last pair alone)", 64 * 7, 256, 512, 7, seed=1)
    run("ragged M", 1000, 384, 320, ct.cdiv(1000, tm), seed=2)
    run("one block row", 64, 128, 256, 1, seed=3)
    run("fewer block rows than M (odd grid)", 512, 256, 256, 5, seed=4)
    run("fewer block rows than M (even grid)", 512, 256, 256, 4, seed=5)
    run("more block rows than M", 256, 256, 256, 9, seed=6)
    run("bias + ReLU epilogue", 2048, 512, 512, 32, epilogue=True, seed=7)
    run("bias + ReLU epilogue, odd block rows", 64 * 9, 256, 256, 9,
        epilogue=True, seed=8)
    run_acc("c += a b (one view loaded and stored)", 1024, 256, 512, 16, 9)
    run_acc("c += a b, fewer block rows than M (odd grid)", 640, 256, 256, 7, 10)
    print(f"summary: {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
