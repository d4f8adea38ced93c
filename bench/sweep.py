#!/usr/bin/env python3
"""Times benchmarks under several sets of hidden compiler flags in one
session, to tune the planner's choices (warps, stages, the sm_80 path)
against measurements rather than guesses.

Each configuration is `LABEL=FILTER=FLAGS`: the benchmarks whose names match
the regex FILTER run through bench/run.py --quick with TILEIRAS_OPTIONS set
to FLAGS (which also changes `tileiras --version`, so cuTile never reuses a
cubin across configurations). `--full` runs them at full size instead, with
the K = 256 GEMMs (`run.py --per-cta`); `--rounds N` runs all the
configurations N times in turn, so that drift over the session shows. Prints
one line per (configuration, kernel) and writes them as JSON lines with
--json.

Usage (on the GPU machine):
  bench/sweep.py --tileiras PATH \\
      'default=gemm_bf16_128x128=' 'w4=gemm_bf16_128x128=--tileir-num-warps=4'
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def run_config(tileiras, full, label, pattern, flags):
    """Runs one configuration; returns bench/run.py's result rows."""
    env = dict(os.environ, TILEIRAS_OPTIONS=flags)
    # --full times the benchmarks at their documented sizes, with the
    # per-CTA (K = 256) GEMMs, for A/B tables next to docs/performance.md's.
    size = ["--per-cta"] if full else ["--quick"]
    with tempfile.NamedTemporaryFile(suffix=".jsonl") as out:
        proc = subprocess.run(
            [sys.executable, os.path.join(HERE, "run.py"), "--tileiras",
             tileiras, "--filter", pattern, "--json", out.name] + size,
            env=env, capture_output=True, text=True)
        with open(out.name) as f:
            rows = [json.loads(line) for line in f if line.strip()]
    if not rows:
        rows = [{"name": pattern, "error": (proc.stdout + proc.stderr)[-500:]}]
    for row in rows:
        row["config"], row["flags"] = label, flags
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tileiras", required=True)
    ap.add_argument("--json", default="")
    ap.add_argument("--full", action="store_true",
                    help="full sizes and the K = 256 GEMMs instead of --quick")
    ap.add_argument("--rounds", type=int, default=1,
                    help="run the configurations this many times, in turn")
    ap.add_argument("configs", nargs="+", help="LABEL=FILTER=FLAGS")
    args = ap.parse_args()
    out = open(args.json, "a") if args.json else None
    failed = 0
    configs = [c.split("=", 2) for c in args.configs]
    for config, parts in zip(args.configs, configs):
        if len(parts) != 3:
            print(f"bad configuration '{config}' (want LABEL=FILTER=FLAGS)")
            return 2
    for _ in range(args.rounds):
        for parts in configs:
            for row in run_config(args.tileiras, args.full, *parts):
                if out:
                    out.write(json.dumps(row) + "\n")
                    out.flush()
                if "error" in row or not row.get("correct"):
                    failed += 1
                    print(f"{row['config']:16s} {row['name']:34s} FAILED "
                          f"{row.get('error', 'wrong result')[:300]}", flush=True)
                else:
                    print(f"{row['config']:16s} {row['name']:34s} "
                          f"{row['ours']:8.1f} {row['unit']:8s} ratio "
                          f"{row['ratio']:.2f} compile {row['compile_s']}s",
                          flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
