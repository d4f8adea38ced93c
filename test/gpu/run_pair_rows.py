#!/usr/bin/env python3
"""Paired tile blocks (--tileir-pair-row-tiles, --tileir-pair-column-tiles)
on the GPU.

bench/kernels.py's `gemm` and `gemm_epilogue` compiled with both hidden
flags (through TILEIRAS_OPTIONS): with 64x128x64 tiles the CTA of an even
x id computes its odd neighbour's rows too, then the CTA of an even y id
its odd neighbour's columns (four tile blocks in one CTA); with 128x128x64
tiles only the columns pair. CTAs of odd ids leave at once. Launches the
corpus cannot express:

  - full grids, an odd number of block rows (the last pair has no odd
    block), M not a multiple of 64;
  - a grid with fewer block rows than the matrix: the rows no launched
    block owns must stay poisoned (the paired store is cut at the last
    launched block's rows);
  - a grid with more block rows than the matrix (nothing stored past M);
  - the bias + ReLU epilogue (a broadcast row rebuilt at 128 rows);
  - the same along y for 128x128 tiles: an odd number of block columns,
    grids with fewer and more block columns than N; also for the tf32
    GEMM (`gemm_tf32`, 128x128x32 tiles, f32 loads converted to tf32
    before the product), whose columns pair with the hidden
    --tileir-pair-tf32-columns.

Every result is checked against torch in float64 on a NaN-poisoned
output: rows a launched block owns must match, all other rows must still
be NaN. The script first checks that the flag pairs the bench kernel at
all (a remark of our tileiras), so a silent fallback cannot pass.

A paired kernel also carries its unpaired version, run on grids of at
most as many CTAs as the GPU has SMs. Every launch runs three times, each
in its own process and cuTile cache: with that rule (`auto`), with every
grid on the paired version (`paired`, --tileir-unpaired-max-ctas=0) and
with every grid on the unpaired one (`unpaired`), whose CTAs keep the
paired version's threads.

Usage (on the GPU machine): run_pair_rows.py --tileiras PATH [--mode M]
"""
import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
sys.path.insert(0, os.path.join(ROOT, "bench"))

FLAGS = ["--tileir-pair-row-tiles", "--tileir-pair-column-tiles",
         "--tileir-pair-tf32-columns"]
MODES = {
    "auto": [],
    "paired": ["--tileir-unpaired-max-ctas=0"],
    "unpaired": ["--tileir-unpaired-max-ctas=1000000000"],
}


def pairs_bench_kernel(tileiras, name, remark):
    bytecode = os.path.join(ROOT, "bench", "bytecode", name + ".tileirbc")
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(
            [tileiras, bytecode, "--gpu-name", "sm_90", "-o",
             os.path.join(tmp, "k.cubin"), "--remarks=all"] + FLAGS,
            capture_output=True, text=True)
    return out.returncode == 0 and remark in out.stderr


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tileiras", required=True)
    parser.add_argument("--mode", choices=sorted(MODES))
    args = parser.parse_args()
    tileiras = os.path.abspath(args.tileiras)
    if args.mode is None:
        failed = 0
        for mode in MODES:
            print(f"== {mode}", flush=True)
            failed += subprocess.run(
                [sys.executable, __file__, "--tileiras", tileiras,
                 "--mode", mode]).returncode != 0
        print(f"modes failed: {failed}")
        return 1 if failed else 0
    if not (pairs_bench_kernel(tileiras, "gemm_bf16_64x128x64",
                               "odd neighbour's as 128-row tiles") and
            pairs_bench_kernel(tileiras, "gemm_bf16_64x128x64",
                               "odd neighbour's as 256-column tiles") and
            pairs_bench_kernel(tileiras, "gemm_bf16_128x128x64",
                               "odd neighbour's as 256-column tiles")):
        print("FAIL: the flags do not pair the bench GEMMs")
        return 1
    if not pairs_bench_kernel(tileiras, "gemm_tf32_128x128x32",
                              "odd neighbour's as 256-column tiles"):
        print("FAIL: the flags do not pair the tf32 bench GEMM")
        return 1
    if not pairs_bench_kernel(tileiras, "gemm_bf16_128x128x64",
                              "also carries its unpaired tile blocks"):
        print("FAIL: the paired bench GEMM carries no unpaired version")
        return 1
    os.environ["PATH"] = os.path.dirname(tileiras) + os.pathsep + os.environ["PATH"]
    os.environ["CUDA_TILE_CACHE_DIR"] = tempfile.mkdtemp(prefix="pair-rows-")
    os.environ["TILEIRAS_OPTIONS"] = " ".join(FLAGS + MODES[args.mode])

    import torch
    import cuda.tile as ct
    import kernels

    tm, tn, tk = 64, 128, 64
    failures = 0

    def operands(m, n, k, seed, dtype):
        g = torch.Generator(device="cuda").manual_seed(seed)
        a = torch.rand((m, k), device="cuda", generator=g).to(dtype) - 0.5
        b = torch.rand((k, n), device="cuda", generator=g).to(dtype) - 0.5
        bias = torch.rand((n,), device="cuda", generator=g).to(dtype) - 0.5
        return a, b, bias

    def run(name, m, n, k, grid_x, epilogue=False, seed=0, rows=tm,
            grid_y=None, tf32=False):
        nonlocal failures
        dtype = torch.float32 if tf32 else torch.bfloat16
        a, b, bias = operands(m, n, k, seed, dtype)
        c = torch.full((m, n), float("nan"), device="cuda", dtype=dtype)
        grid_y = ct.cdiv(n, tn) if grid_y is None else grid_y
        grid = (grid_x, grid_y, 1)
        stream = torch.cuda.current_stream()
        if tf32:
            ct.launch(stream, grid, kernels.gemm_tf32, (a, b, c, rows, tn, 32))
        elif epilogue:
            ct.launch(stream, grid, kernels.gemm_epilogue, (a, b, bias, c, rows, tn, tk))
        else:
            ct.launch(stream, grid, kernels.gemm, (a, b, c, rows, tn, tk))
        torch.cuda.synchronize()
        ref = a.double() @ b.double()
        if epilogue:
            ref = torch.relu(ref + bias.double()[None, :])
        ref = ref.to(dtype).double()
        owned = min(m, grid_x * rows)
        cols = min(n, grid_y * tn)
        got = c.double()
        ok = torch.allclose(got[:owned, :cols], ref[:owned, :cols],
                            rtol=2e-2, atol=2e-2)
        untouched = bool(torch.isnan(got[owned:]).all() and
                         torch.isnan(got[:, cols:]).all())
        bad = not (ok and untouched)
        print(f"{name:48s} M={m} N={n} K={k} grid={grid_x}x{grid_y}  "
              f"{'FAIL' if bad else 'ok'}"
              f"{'' if ok else ' (wrong values)'}"
              f"{'' if untouched else ' (tiles past the grid written)'}")
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
    # 128x128 tiles: only the columns pair.
    run("128x128: full grid", 2048, 2048, 512, 16, rows=128, seed=11)
    run("128x128: odd block columns", 1024, 128 * 7, 256, 8, rows=128, seed=12)
    run("128x128: ragged N", 512, 1000, 256, 4, rows=128, seed=13)
    run("128x128: fewer block columns than N (odd grid)", 512, 1024, 256, 4,
        rows=128, grid_y=5, seed=14)
    run("128x128: more block columns than N", 256, 512, 256, 2, rows=128,
        grid_y=7, seed=15)
    run("64x128: fewer block rows and columns (odd grids)", 512, 1024, 256, 5,
        grid_y=3, seed=16)
    # tf32, 128x128x32 tiles: the columns pair.
    run("tf32: full grid", 2048, 2048, 512, 16, rows=128, seed=21, tf32=True)
    run("tf32: odd block columns", 1024, 128 * 7, 256, 8, rows=128, seed=22,
        tf32=True)
    run("tf32: ragged N and K", 512, 1000, 200, 4, rows=128, seed=23,
        tf32=True)
    run("tf32: fewer block columns than N (odd grid)", 512, 1024, 256, 4,
        rows=128, grid_y=5, seed=24, tf32=True)
    run("tf32: more block columns than N", 256, 512, 256, 2, rows=128,
        grid_y=7, seed=25, tf32=True)
    print(f"summary: {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
