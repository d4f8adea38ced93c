#!/usr/bin/env python3
"""Edge cases of the TMA-fed warp-specialized GEMM on the GPU.

A 128x128x64 bf16 GEMM (bench/kernels.py's `gemm`; on sm_90 one producer
thread copies with TMA through tensor maps the kernel builds in its module's
pool) launched on operands the corpus cannot express:

  - an empty M (or N) with a non-empty grid: every A (or B) tile is out of
    bounds; torch gives the empty operand address 0 (and B strides (1, 1)),
    on which TMA faults, so its map is based at the map itself, 1 along
    every dim, and each box starts past the empty dim (TMA zero-fills);
  - an empty K: the loop runs no iteration, the maps are never written and
    the slot is still released;
  - many launches in a row, more CTAs than the pool has slots, and two
    streams at once with different operands: slots are reused, a CTA never
    reads another launch's maps.

Each result is checked against torch in float64 with a poisoned output;
every case must also finish (a leaked slot or a missed arrival hangs).

Usage (on the GPU machine): run_tma_edges.py --tileiras PATH
"""
import argparse
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "bench"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tileiras", required=True)
    parser.add_argument("--stream-rounds", type=int, default=1,
                        help="repeat the two-stream case (races show "
                             "intermittently)")
    args = parser.parse_args()
    tileiras = os.path.abspath(args.tileiras)
    os.environ["PATH"] = os.path.dirname(tileiras) + os.pathsep + os.environ["PATH"]
    os.environ["CUDA_TILE_CACHE_DIR"] = tempfile.mkdtemp(prefix="tma-edges-")

    import torch
    import cuda.tile as ct
    import kernels

    tm, tn, tk = 128, 128, 64
    failures = 0

    def check(name, a, b, grid, stream=None):
        nonlocal failures
        m, n = a.shape[0], b.shape[1]
        c = torch.full((m, n), float("nan"), device="cuda", dtype=torch.bfloat16)
        s = stream or torch.cuda.current_stream()
        # The operands and the poisoned output were written on the current
        # stream: another stream must wait for them before the kernel runs.
        s.wait_stream(torch.cuda.current_stream())
        ct.launch(s, grid, kernels.gemm, (a, b, c, tm, tn, tk))
        return name, a, b, c

    def verify(name, a, b, c):
        nonlocal failures
        torch.cuda.synchronize()
        ref = (a.double() @ b.double()).to(torch.bfloat16).double()
        got = c.double()
        bad = not torch.allclose(got, ref, rtol=2e-2, atol=2e-2) if c.numel() else False
        print(f"{name:40s} {tuple(a.shape)} x {tuple(b.shape)}  "
              f"{'FAIL' if bad else 'ok'}")
        failures += bad

    def operands(m, n, k, seed):
        g = torch.Generator(device="cuda").manual_seed(seed)
        a = torch.rand((m, k), device="cuda", generator=g).to(torch.bfloat16) - 0.5
        b = torch.rand((k, n), device="cuda", generator=g).to(torch.bfloat16) - 0.5
        return a, b

    # Empty M, one block row anyway: A zero-filled, nothing stored.
    a, b = operands(0, 256, 512, 1)
    verify(*check("empty M (zero-filled A tiles)", a, b, (1, 2, 1)))
    # Empty N: B is (K, 0) with strides (1, 1), which no map allows; its
    # map is replaced by a well-formed one whose boxes all lie outside it.
    a, b = operands(256, 0, 512, 7)
    verify(*check("empty N (zero-filled B tiles)", a, b, (2, 1, 1)))
    # Empty K: no iteration, C = 0.
    a, b = operands(200, 300, 0, 2)
    verify(*check("empty K (no iteration)", a, b, (2, 3, 1)))
    # More CTAs than pool slots (2048), twice, then a ragged shape.
    a, b = operands(128 * 64, 128 * 40, 256, 3)
    for i in range(2):
        verify(*check(f"2560 CTAs, launch {i}", a, b, (64, 40, 1)))
    a, b = operands(1000, 777, 333, 4)
    verify(*check("ragged", a, b, (8, 7, 1)))
    # Two streams at once, different operands and shapes.
    s1, s2 = torch.cuda.Stream(), torch.cuda.Stream()
    a1, b1 = operands(128 * 24, 128 * 24, 1024, 5)
    a2, b2 = operands(128 * 20, 128 * 28, 768, 6)
    for r in range(args.stream_rounds):
        pending = []
        for i in range(4):
            pending.append(check(f"round {r}, stream 1, launch {i}", a1, b1,
                                 (24, 24, 1), s1))
            pending.append(check(f"round {r}, stream 2, launch {i}", a2, b2,
                                 (20, 28, 1), s2))
        for p in pending:
            verify(*p)
    print(f"summary: {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
