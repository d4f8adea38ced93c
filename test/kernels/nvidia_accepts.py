#!/usr/bin/env python3
"""Checks that bytecode written by tile-translate is accepted by NVIDIA's tileiras.

For every fixture of test/kernels/fixtures, reads it to MLIR, writes it back
at the same bytecode version, and compiles both the original and our rewrite
with NVIDIA's `tileiras` (from `pip install cuda-tile[tileiras]`). A rewrite
is accepted when NVIDIA's tool compiles it whenever it compiles the original.

Usage: nvidia_accepts.py --nvidia PATH [--tile-translate PATH] [--gpu sm_90]
                         [--filter SUBSTR] [-j N]
Exits non-zero when any rewrite is rejected while its original compiles.
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def nvidia_compiles(nvidia, path, gpu, env):
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run([nvidia, path, "-o", os.path.join(tmp, "o.cubin"),
                               "--gpu-name", gpu], capture_output=True, env=env,
                              timeout=600)
        return proc.returncode == 0, proc.stderr.decode("utf-8", "replace").strip()


def check(args, env, name):
    path = os.path.join(HERE, "fixtures", name)
    # <case>.<major>.<minor>.tileirbc
    version = ".".join(name[:-len(".tileirbc")].rsplit(".", 2)[-2:])
    with tempfile.TemporaryDirectory() as tmp:
        mlir = os.path.join(tmp, "k.mlir")
        ours = os.path.join(tmp, "k.tileirbc")
        for cmd in ([args.tile_translate, "--tileir-bytecode-to-mlir", path, "-o", mlir],
                    [args.tile_translate, "--mlir-to-tileir-bytecode",
                     "--bytecode-version=" + version, mlir, "-o", ours]):
            proc = subprocess.run(cmd, capture_output=True)
            if proc.returncode != 0:
                return name, "translate-failed", proc.stderr.decode()[:300]
        orig_ok, _ = nvidia_compiles(args.nvidia, path, args.gpu, env)
        ours_ok, err = nvidia_compiles(args.nvidia, ours, args.gpu, env)
    if ours_ok:
        return name, "accepted", ""
    if not orig_ok:
        return name, "original-rejected-too", err.splitlines()[0] if err else ""
    return name, "REJECTED", err[:300]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nvidia", required=True)
    ap.add_argument("--tile-translate",
                    default=os.path.join(ROOT, "build", "bin", "tile-translate"))
    ap.add_argument("--gpu", default="sm_90")
    ap.add_argument("--filter", default="")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    args = ap.parse_args()
    env = dict(os.environ)
    # NVIDIA's tool finds its own ptxas; a CUDA_HOME of another release
    # would make it pick that one.
    env.pop("CUDA_HOME", None)
    env.pop("CUDA_PATH", None)
    names = sorted(n for n in os.listdir(os.path.join(HERE, "fixtures"))
                   if n.endswith(".tileirbc") and args.filter in n)
    counts = {}
    with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        for name, status, detail in pool.map(lambda n: check(args, env, n), names):
            counts[status] = counts.get(status, 0) + 1
            if status != "accepted":
                print(f"{status:22} {name}  {detail}")
    print("summary:", ", ".join(f"{k}={v}" for k, v in sorted(counts.items())),
          f"(of {len(names)} fixtures)")
    bad = counts.get("REJECTED", 0) + counts.get("translate-failed", 0)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
