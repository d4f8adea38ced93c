#!/usr/bin/env python3
"""Stress sweep: every corpus fixture under targets, levels, debug flags and
optimization-hint overrides; tileiras must never die by a signal, hang, or
fail without a diagnostic.

Usage: stress_hints.py [--versions 13.3[,13.1,13.2]] [--samples N] [--seed S]
                       [--full] [--time-budget SECONDS] [-j N] [--filter SUB]
                       [--timeout SECONDS] [--keep DIR] [--fail-on-ice]

Hints live in the bytecode (the `optimization_hints` of each entry), so a
run with overridden hints translates the fixture to MLIR, rewrites the
`optimization_hints=<...>` text of every entry and translates it back.

The cross product (fixtures x sm_80..sm_120 x -O0..-O3 x {-, --lineinfo,
--device-debug} x hints) is sampled with a seeded generator (--samples,
default 400) and stops starting new runs after --time-budget seconds
(default 1200: about 20 minutes with -j 2); --full walks all of it.

Each run is classified:
  ok         exit 0 and a non-empty cubin
  error      non-zero exit with an `error:` diagnostic (a user error)
  ice        exit 2 with `internal compiler error` (contained, but a bug)
  nodiag     non-zero exit without an `error:` line
  nooutput   exit 0 without a cubin
  signal     killed by a signal
  timeout    ran past --timeout
Exits non-zero on any signal, timeout, nodiag or nooutput run (and on ice
runs with --fail-on-ice), after printing each bad run, the most common
first error lines and the counts.
"""
import argparse
import collections
import concurrent.futures
import itertools
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TARGETS = ["sm_80", "sm_86", "sm_89", "sm_90", "sm_100", "sm_120"]
OPTS = ["-O0", "-O1", "-O2", "-O3"]
DEBUG = [[], ["--lineinfo"], ["--device-debug"]]
OCCUPANCY = [None, 1, 2, 4, 8, 16, 32]
WORKER_WARPS = [None, 1, 2, 4, 8, 16, 32]
CTAS_IN_CGA = [None, 1, 2, 4, 8]
# Clusters (num_cta_in_cga > 1) exist from sm_90 on.
CLUSTER_TARGETS = {"sm_90", "sm_100", "sm_120"}
BAD = ("signal", "timeout", "nodiag", "nooutput")
HINTS_RE = re.compile(r"optimization_hints=<[^>]*>")


def hint_variants(target):
    """Every hint override valid for `target`: None keeps the fixture's own
    hints; otherwise (key, dict) puts the dict under `default` or under the
    target's own key."""
    yield None
    for occ, warps, cga in itertools.product(OCCUPANCY, WORKER_WARPS, CTAS_IN_CGA):
        if cga is not None and cga > 1 and target not in CLUSTER_TARGETS:
            continue
        hints = {}
        if occ is not None:
            hints["occupancy"] = occ
        if warps is not None:
            hints["num_worker_warps_per_cta"] = warps
        if cga is not None:
            hints["num_cta_in_cga"] = cga
        for key in ("default", target):
            if key == target and not hints:
                continue
            yield (key, tuple(sorted(hints.items())))


def format_hints(variant):
    key, items = variant
    body = "{" + ", ".join("%s = %d" % kv for kv in items) + "}"
    if key == "default":
        return "optimization_hints=<default = %s>" % body
    return "optimization_hints=<default = {}, %s = %s>" % (key, body)


def describe_hints(variant):
    if variant is None:
        return "hints=fixture"
    key, items = variant
    return "hints=%s{%s}" % (key, ",".join("%s=%d" % kv for kv in items))


class Translator:
    """Translates fixtures to MLIR once and writes rewritten bytecode."""

    def __init__(self, tool, tmpdir):
        self.tool = tool
        self.tmpdir = tmpdir
        self.cache = {}
        self.lock = threading.Lock()
        self.counter = itertools.count()

    def mlir_of(self, path):
        with self.lock:
            if path in self.cache:
                return self.cache[path]
        proc = subprocess.run([self.tool, "--tileir-bytecode-to-mlir", path],
                              capture_output=True, timeout=120)
        text = proc.stdout.decode() if proc.returncode == 0 else None
        with self.lock:
            self.cache[path] = text
        return text

    def rewrite(self, path, variant):
        """Returns (bytecode path, None) or (None, reason)."""
        text = self.mlir_of(path)
        if text is None:
            return None, "tile-translate cannot read the fixture"
        if not HINTS_RE.search(text):
            return None, "no optimization_hints in the fixture"
        new = HINTS_RE.sub(lambda m: format_hints(variant), text)
        n = next(self.counter)
        mlir = os.path.join(self.tmpdir, "rw%d.mlir" % n)
        out = os.path.join(self.tmpdir, "rw%d.tileirbc" % n)
        with open(mlir, "w") as f:
            f.write(new)
        version = re.search(r"\.(13\.\d)\.tileirbc$", path)
        cmd = [self.tool, "--mlir-to-tileir-bytecode", mlir, "-o", out]
        if version:
            cmd += ["--bytecode-version=" + version.group(1)]
        proc = subprocess.run(cmd, capture_output=True, timeout=120)
        if proc.returncode != 0 and version:
            # Older tile-translate without a version option: default version.
            cmd = cmd[:-1]
            proc = subprocess.run(cmd, capture_output=True, timeout=120)
        os.unlink(mlir)
        if proc.returncode != 0:
            err = proc.stderr.decode("utf-8", "replace").strip().splitlines()
            return None, "translating back failed: " + (err[0] if err else "")
        return out, None


def classify(proc_rc, stderr, cubin):
    err_lines = stderr.splitlines()
    first_error = next((l for l in err_lines if "error:" in l), "")
    if proc_rc < 0:
        return "signal", "killed by signal %d" % -proc_rc
    if proc_rc != 0:
        if "internal compiler error" in stderr:
            return "ice", first_error
        if not first_error:
            return "nodiag", "exit %d; stderr: %s" % (
                proc_rc, err_lines[0] if err_lines else "(empty)")
        return "error", first_error
    if not os.path.exists(cubin) or os.path.getsize(cubin) == 0:
        return "nooutput", "exit 0 but no cubin"
    return "ok", ""


def run_one(args, translator, case):
    fixture, target, opt, debug, variant = case
    path = os.path.join(args.fixtures, fixture)
    with tempfile.TemporaryDirectory(dir=translator.tmpdir) as tmp:
        src = path
        if variant is not None:
            src, why = translator.rewrite(path, variant)
            if src is None:
                return case, "skipped", why, None
        out = os.path.join(tmp, "out.cubin")
        cmd = [args.tileiras, src, "-o", out, "--gpu-name", target, opt] + debug
        try:
            proc = subprocess.run(cmd, capture_output=True, timeout=args.timeout)
            rc, stderr = proc.returncode, proc.stderr.decode("utf-8", "replace")
        except subprocess.TimeoutExpired:
            rc, stderr = None, ""
        if rc is None:
            kind, msg = "timeout", "timed out after %ds" % args.timeout
        else:
            kind, msg = classify(rc, stderr, out)
        kept = None
        if kind not in ("ok", "error") and args.keep:
            os.makedirs(args.keep, exist_ok=True)
            name = "%s.%s%s.%s.tileirbc" % (fixture.rsplit(".tileirbc", 1)[0],
                                            target, opt, kind)
            kept = os.path.join(args.keep, name)
            shutil.copy(src, kept)
        if variant is not None:
            os.unlink(src)
        return case, kind, msg, kept


def all_cases(fixtures):
    for fixture in fixtures:
        for target in TARGETS:
            for opt, debug, variant in itertools.product(
                    OPTS, DEBUG, list(hint_variants(target))):
                yield (fixture, target, opt, debug, variant)


def sampled_cases(fixtures, n, seed):
    rng = random.Random(seed)
    variants = {t: list(hint_variants(t)) for t in TARGETS}
    seen = set()
    attempts = 0
    while len(seen) < n and attempts < n * 20:
        attempts += 1
        target = rng.choice(TARGETS)
        # Half the runs keep the fixture's hints, so the flag sweep is
        # exercised on cuTile's own output too.
        variant = None if rng.random() < 0.25 else rng.choice(variants[target][1:])
        case = (rng.choice(fixtures), target, rng.choice(OPTS),
                rng.choice(DEBUG), variant)
        key = (case[0], case[1], case[2], tuple(case[3]), case[4])
        if key in seen:
            continue
        seen.add(key)
        yield case


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tileiras", default=os.path.join(ROOT, "build", "bin", "tileiras"))
    ap.add_argument("--tile-translate",
                    default=os.path.join(ROOT, "build", "bin", "tile-translate"))
    ap.add_argument("--fixtures", default=os.path.join(HERE, "fixtures"))
    ap.add_argument("--versions", default="13.3")
    ap.add_argument("--filter", default="")
    ap.add_argument("--samples", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--full", action="store_true",
                    help="the whole cross product instead of a sample")
    ap.add_argument("--time-budget", type=int, default=1200,
                    help="seconds after which no new run starts (0: none)")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--keep", default="",
                    help="copy the input of every bad or ice run here")
    ap.add_argument("--fail-on-ice", action="store_true")
    ap.add_argument("--show", type=int, default=15)
    args = ap.parse_args()

    versions = args.versions.split(",")
    fixtures = sorted(
        f for f in os.listdir(args.fixtures)
        if f.endswith(".tileirbc") and args.filter in f
        and any(f.endswith("." + v + ".tileirbc") for v in versions))
    if not fixtures:
        print("no fixtures match", file=sys.stderr)
        return 2
    cases = all_cases(fixtures) if args.full else sampled_cases(
        fixtures, args.samples, args.seed)

    tmpdir = tempfile.mkdtemp(prefix="stress_hints.")
    translator = Translator(args.tile_translate, tmpdir)
    counts = collections.Counter()
    first_lines = collections.Counter()
    reported = []
    start = time.monotonic()
    stopped_early = False
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.j) as pool:
            pending = set()
            for case in cases:
                if args.time_budget and time.monotonic() - start > args.time_budget:
                    stopped_early = True
                    break
                pending.add(pool.submit(run_one, args, translator, case))
                # Keep the queue short so the time budget is honored.
                if len(pending) >= 2 * args.j:
                    done, pending = concurrent.futures.wait(
                        pending, return_when=concurrent.futures.FIRST_COMPLETED)
                    for fut in done:
                        handle(fut.result(), counts, first_lines, reported)
            for fut in concurrent.futures.as_completed(pending):
                handle(fut.result(), counts, first_lines, reported)
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)

    elapsed = time.monotonic() - start
    if first_lines:
        print("\nmost common first error lines:")
        for line, n in first_lines.most_common(args.show):
            print("  %5d  %s" % (n, line[:160]))
    total = sum(counts.values())
    print("\n%d runs in %.0fs%s: %s" % (
        total, elapsed, " (time budget reached)" if stopped_early else "",
        ", ".join("%s %d" % (k, counts[k]) for k in
                  ("ok", "error", "ice", "nodiag", "nooutput", "signal",
                   "timeout", "skipped") if counts[k])))
    bad = sum(counts[k] for k in BAD)
    if args.fail_on_ice:
        bad += counts["ice"]
    return 1 if bad else 0


def handle(result, counts, first_lines, reported):
    case, kind, msg, kept = result
    counts[kind] += 1
    fixture, target, opt, debug, variant = case
    if kind in ("error", "ice"):
        # Numbers and names vary per kernel; group by the message's shape.
        first_lines[re.sub(r"\d+", "N", re.sub(r"^loc\([^)]*\):\s*", "", msg))] += 1
    if kind in ("ok", "error", "skipped"):
        return
    line = "%-8s %s %s %s %s %s: %s" % (
        kind.upper(), fixture, target, opt, " ".join(debug) or "-",
        describe_hints(variant), msg)
    if kept:
        line += "  [input kept: %s]" % kept
    print(line, flush=True)
    reported.append(line)


if __name__ == "__main__":
    sys.exit(main())
