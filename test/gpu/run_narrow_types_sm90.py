#!/usr/bin/env python3
"""Runs the corpus cases that cuTile gates to sm_100 (float4_e2m1fn and
float8_e8m0fnu: test/kernels/blackwell.py) on an sm_90 GPU.

Our tileiras compiles these types for every target (4-bit elements are
addressed two to a byte, block-scaled mma goes through FMA chains), but
cuTile refuses them below sm_100 before it calls the compiler. This script
lowers cuTile's per-dtype architecture gate in the running process only, so
the unmodified wheel exports and launches the cases; everything else (the
launch, the poisoned outputs, the float64 references) is run_corpus's.

Usage:
  run_narrow_types_sm90.py --tileiras build/bin/tileiras
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
KERNELS = os.path.join(ROOT, "test", "kernels")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tileiras", default=os.path.join(ROOT, "build", "bin", "tileiras"))
    args = ap.parse_args()
    os.environ["PATH"] = (os.path.dirname(os.path.abspath(args.tileiras)) + os.pathsep
                          + os.environ.get("PATH", ""))
    os.environ["CUDA_TILE_CACHE_DIR"] = "off"
    sys.path[:0] = [KERNELS, HERE]
    import torch
    import cuda.tile as ct
    from cuda.tile._passes import check_dtype_support as gate
    for dtype in gate._DTYPE_MIN_SM:
        gate._DTYPE_MIN_SM[dtype] = min(gate._DTYPE_MIN_SM[dtype], 90)
    import corpus
    import run_corpus

    failures = 0
    for case in corpus.load_cases():
        if case.family != "blackwell":
            continue
        for shape in case.shapes:
            try:
                r = run_corpus.run_one(case, shape, ct, torch, corpus)
                status = "pass" if not r["errors"] else "FAIL"
                detail = "; ".join(r["errors"][:3])
                err = "%.3g" % r["max_rel_err"]
            except Exception as e:  # noqa: BLE001
                status, err = "error", ""
                detail = ("%s: %s" % (type(e).__name__, e)).replace("\n", " ")[:400]
            failures += status != "pass"
            print(f"{case.name:36} {str(shape):18} {err:>10}  {status}  {detail}", flush=True)
    print("summary:", "all pass" if not failures else f"{failures} not passing")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
