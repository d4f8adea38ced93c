#!/usr/bin/env python3
"""Factorises SPD matrices on a GPU with the Cholesky kernel of
test/kernels/cholesky.py (factor_step) in every hint variant, through
cuTile Python and our tileiras.

Each variant runs the whole left-looking factorisation of a
float32[1, n, n] matrix (n = 4096 by default), one launch per 2B-wide
column super-panel (B = 32, or 16 for the block-16 variant), and compares
the lower triangle with NumPy's float64 Cholesky factor elementwise
(|L - L64| <= atol + rtol |L64|; the products run in tf32). The
3x3-allocation variant factorises a view with an odd row stride, so that
cuTile derives a signature without stride divisibility, as it does for
that allocation. Every lower-triangle element is overwritten: one left
unwritten keeps its value from A, which differs from L far beyond the
tolerance.

Prints a table (variant, n, block, launches, max abs err, residual,
seconds, result); exits 1 when any variant fails.

Usage:
  run_cholesky.py --tileiras build/bin/tileiras [--n 4096] [--filter REGEX]
"""
import argparse
import os
import re
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
KERNELS = os.path.join(ROOT, "test", "kernels")

ATOL, RTOL = 1e-4, 1e-3


def factorize(ct, torch, cholesky, kernel, m, block):
    """Runs factor_step over every super-panel of the (batch, n, n) tensor
    `m`, in place; returns the number of launches."""
    batch, n, _ = m.shape
    steps = -(-n // (2 * block))
    stream = torch.cuda.current_stream()
    for step in range(steps):
        ct.launch(stream, cholesky.step_grid(batch, n, step, block), kernel,
                  (m, step, block))
    torch.cuda.synchronize()
    return steps


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tileiras", default=os.path.join(ROOT, "build", "bin", "tileiras"))
    ap.add_argument("--n", type=int, default=4096)
    ap.add_argument("--filter", default="")
    ap.add_argument("--seed", type=int, default=4096)
    args = ap.parse_args()

    os.environ["PATH"] = (os.path.dirname(os.path.abspath(args.tileiras)) + os.pathsep
                          + os.environ.get("PATH", ""))
    os.environ["CUDA_TILE_CACHE_DIR"] = "off"
    import numpy as np
    import torch
    import cuda.tile as ct
    sys.path.insert(0, KERNELS)
    import corpus
    cholesky = corpus.load_module("cholesky")

    n = args.n
    rng = np.random.default_rng(args.seed)
    a = cholesky.spd_matrix(rng, n)
    low = np.linalg.cholesky(a)
    tril = np.tril(np.ones((n, n), dtype=bool))
    bound = ATOL + RTOL * np.abs(low)

    print(f"{'variant':24} {'n':>6} {'B':>3} {'launches':>8} {'max abs err':>12} "
          f"{'residual':>10} {'seconds':>8}  result")
    failures = 0
    for label, block, hints in cholesky.VARIANTS:
        if args.filter and not re.search(args.filter, label):
            continue
        kernel = ct.kernel(cholesky.factor_step, **hints)
        host = torch.from_numpy(a.astype(np.float32))[None]
        if label.endswith("align3"):
            storage = torch.zeros((1, n, n + 3), dtype=torch.float32, device="cuda")
            m = storage[:, :, :n]
            m.copy_(host)
        else:
            m = host.to("cuda")
        t0 = time.time()
        try:
            launches = factorize(ct, torch, cholesky, kernel, m, block)
            out = m[0].double().cpu().numpy()
            err = np.abs(np.where(tril, out, low) - low)
            ok = bool(np.all(np.isfinite(out[tril])) and np.all(err <= bound))
            lo = np.where(tril, out, 0.0)
            residual = float(np.linalg.norm(lo @ lo.T - a) / np.linalg.norm(a))
            line = f"{err.max():12.3g} {residual:10.3g}"
        except Exception as e:  # noqa: BLE001
            launches, ok = 0, False
            line = f"{'':12} {'':10}"
            print(f"  {label}: {type(e).__name__}: {str(e)[:400]}")
        failures += not ok
        print(f"cholesky_factor_{label:8} {n:>6} {block:>3} {launches:>8} {line} "
              f"{time.time() - t0:8.2f}  {'pass' if ok else 'FAIL'}", flush=True)
    print("summary:", "all variants pass" if not failures else f"{failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
