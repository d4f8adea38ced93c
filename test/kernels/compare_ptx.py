#!/usr/bin/env python3
"""Checks that two tileiras builds write byte-identical PTX for the corpus.

Usage: compare_ptx.py --a TILEIRAS_A --b TILEIRAS_B [--targets sm_80,sm_90]
                      [--versions 13.3] [--opt -O3] [--filter S] [-j N]

Both compilers run with --tileir-ptx-only on every fixture of
test/kernels/fixtures for each target. A fixture passes when both write the
same bytes, or both fail with the same diagnostics. Anything else (different
PTX, one failing, a signal, a timeout) is reported with the first differing
line, and the script exits 1. Used to prove that the compiler's output does
not depend on the host compiler that built it (scripts/compare-host-compilers.sh).
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def run(tileiras, path, target, opt, timeout, tmp, tag):
    out = os.path.join(tmp, tag + ".ptx")
    cmd = [tileiras, path, "-o", out, "--gpu-name", target, opt,
           "--tileir-ptx-only"]
    try:
        proc = subprocess.run(cmd, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return ("timeout", b"")
    if proc.returncode < 0:
        return ("signal %d" % -proc.returncode, proc.stderr)
    if proc.returncode != 0:
        return ("exit %d" % proc.returncode, proc.stderr)
    with open(out, "rb") as f:
        return ("ok", f.read())


def first_difference(a, b):
    la, lb = a.splitlines(), b.splitlines()
    for i, (x, y) in enumerate(zip(la, lb)):
        if x != y:
            return "line %d: %r vs %r" % (i + 1, x[:100], y[:100])
    return "length: %d vs %d lines" % (len(la), len(lb))


def compare_one(args, path, target):
    with tempfile.TemporaryDirectory() as tmp:
        ka, oa = run(args.a, path, target, args.opt, args.timeout, tmp, "a")
        kb, ob = run(args.b, path, target, args.opt, args.timeout, tmp, "b")
    if ka != kb:
        return "outcomes differ: %s vs %s" % (ka, kb)
    if ka not in ("ok",) and not ka.startswith("exit"):
        return "both %s" % ka
    if oa != ob:
        what = "PTX" if ka == "ok" else "diagnostics"
        return "%s differs at %s" % (what, first_difference(oa, ob))
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--a", required=True, help="first tileiras")
    ap.add_argument("--b", required=True, help="second tileiras")
    ap.add_argument("--targets", default="sm_80,sm_90")
    ap.add_argument("--versions", default="13.3")
    ap.add_argument("--opt", default="-O3")
    ap.add_argument("--filter", default="")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--timeout", type=int, default=600)
    args = ap.parse_args()

    fixtures = os.path.join(HERE, "fixtures")
    versions = args.versions.split(",")
    files = sorted(
        f for f in os.listdir(fixtures)
        if f.endswith(".tileirbc") and args.filter in f
        and any(f.endswith(".%s.tileirbc" % v) for v in versions))
    jobs = [(f, t) for f in files for t in args.targets.split(",")]
    failures = []
    with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        futs = {pool.submit(compare_one, args, os.path.join(fixtures, f), t):
                (f, t) for f, t in jobs}
        for fut in concurrent.futures.as_completed(futs):
            problem = fut.result()
            if problem:
                failures.append((futs[fut], problem))
    for (f, t), problem in sorted(failures):
        print("DIFFERENT %s %s: %s" % (f, t, problem))
    print("compared %d: identical=%d different=%d"
          % (len(jobs), len(jobs) - len(failures), len(failures)))
    return 1 if failures or not jobs else 0


if __name__ == "__main__":
    sys.exit(main())
