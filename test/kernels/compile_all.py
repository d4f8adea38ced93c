#!/usr/bin/env python3
"""Compiles every corpus fixture with tileiras and summarizes the outcome.

Usage: compile_all.py [--tileiras PATH] [--targets sm_80,sm_90,...]
                      [--filter SUBSTRING] [--versions 13.3] [-j N] [--show N]

Prints a table of the most common first error lines and the totals;
fixtures named in --expected-failures count as "xfail" when they fail with
a diagnostic and as failures when they compile. Exits non-zero when any compile
failed or was killed by a signal (a crash is never acceptable).
"""
import argparse
import collections
import concurrent.futures
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TARGETS = ["sm_80", "sm_86", "sm_89", "sm_90", "sm_100", "sm_120"]


def compile_one(tileiras, path, target, opt, timeout):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.cubin")
        cmd = [tileiras, path, "-o", out, "--gpu-name", target, opt]
        try:
            proc = subprocess.run(cmd, capture_output=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return ("timeout", "timed out after %ds" % timeout)
        err = proc.stderr.decode("utf-8", "replace").strip()
        first = err.splitlines()[0] if err else ""
        if proc.returncode < 0:
            return ("signal", "killed by signal %d: %s" % (-proc.returncode, first))
        if proc.returncode != 0:
            if not first:
                return ("nodiag", "exit %d without a diagnostic" % proc.returncode)
            return ("error", first)
        if not os.path.exists(out) or os.path.getsize(out) == 0:
            return ("nooutput", "exit 0 but no cubin")
        return ("ok", "")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tileiras", default=os.path.join(ROOT, "build", "bin", "tileiras"))
    ap.add_argument("--targets", default=",".join(TARGETS))
    ap.add_argument("--filter", default="")
    ap.add_argument("--versions", default="13.1,13.2,13.3")
    ap.add_argument("--opt", default="-O3")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--show", type=int, default=25)
    ap.add_argument("--expected-failures", default="",
                    help="file listing fixtures (one name per line, '#' comments) "
                         "that must fail with a diagnostic on every target")
    args = ap.parse_args()
    expected = set()
    if args.expected_failures:
        for line in open(args.expected_failures):
            line = line.split("#", 1)[0].strip()
            if line:
                expected.add(line)

    fixtures_dir = os.path.join(HERE, "fixtures")
    versions = args.versions.split(",")
    files = sorted(
        f for f in os.listdir(fixtures_dir)
        if f.endswith(".tileirbc") and args.filter in f
        and any(f.endswith(".%s.tileirbc" % v) for v in versions))
    targets = args.targets.split(",")
    jobs = [(f, t) for f in files for t in targets]
    results = {}
    with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        futs = {pool.submit(compile_one, args.tileiras, os.path.join(fixtures_dir, f),
                            t, args.opt, args.timeout): (f, t) for f, t in jobs}
        for fut in concurrent.futures.as_completed(futs):
            results[futs[fut]] = fut.result()

    # A listed fixture failing with a diagnostic is expected; one that now
    # compiles must leave the list, so that the list stays true.
    for (f, t), (kind, msg) in list(results.items()):
        if f in expected:
            if kind == "error":
                results[(f, t)] = ("xfail", msg)
            elif kind == "ok":
                results[(f, t)] = ("xpass", "listed as an expected failure but compiles")
    counts = collections.Counter(kind for kind, _ in results.values())
    messages = collections.Counter()
    for (f, t), (kind, msg) in sorted(results.items()):
        if kind not in ("ok", "xfail"):
            # Drop the location so equal messages group together.
            key = msg.split("): ", 1)[-1] if msg.startswith("loc(") else msg
            messages[(kind, key)] += 1
    for (kind, msg), n in messages.most_common(args.show):
        print("%6d  %-8s %s" % (n, kind, msg))
    print("total %d: %s" % (len(jobs), ", ".join("%s=%d" % kv for kv in sorted(counts.items()))))
    bad = sum(n for k, n in counts.items() if k not in ("ok", "xfail"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
