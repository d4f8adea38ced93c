#!/usr/bin/env python3
"""Builds the op x target status table of docs/status.md from real runs.

For every 13.3 fixture, lists the cuda_tile ops it contains (through
tile-translate) and compiles it with tileiras for each target. An op is
marked for a target when at least one fixture containing it compiles there,
and "H200" when a fixture containing it passed on the GPU (from the JSON
lines of test/gpu/run_corpus.py, optional). Ops of the dialect that no
fixture exercises are listed as such.

Usage: status_table.py [--tileiras P] [--tile-translate P] [--gpu-json F]
                       [--targets sm_80,...] [-j N] [--markdown OUT]
"""
import argparse
import collections
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TARGETS = ["sm_80", "sm_86", "sm_89", "sm_90", "sm_100", "sm_120"]
OP_RE = re.compile(r"(?:^|=\s*|\s)(?:cuda_tile\.)?([a-z_0-9]+)\b")


def dialect_ops():
    """Every op mnemonic of the dialect, from the ODS files."""
    ops = set()
    inc = os.path.join(ROOT, "include", "tileir", "Dialect", "CudaTile", "IR")
    for name in os.listdir(inc):
        if name.endswith(".td"):
            for m in re.finditer(r'def CudaTile_\w+Op\s*:\s*\w+<\s*"([a-z_0-9]+)"',
                                 open(os.path.join(inc, name)).read()):
                ops.add(m.group(1))
    return ops


def ops_of(translate, path, known):
    proc = subprocess.run([translate, "--tileir-bytecode-to-mlir", path],
                          capture_output=True, text=True)
    found = set()
    for line in proc.stdout.splitlines():
        body = line.split("//")[0]
        m = re.match(r"\s*(?:[%\w#:, ]+=\s*)?([a-z_0-9]+)\b", body)
        if m and m.group(1) in known:
            found.add(m.group(1))
    return found


def compiles(tileiras, path, target):
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run([tileiras, path, "-o", os.path.join(tmp, "o.cubin"),
                               "--gpu-name", target, "-O3"], capture_output=True,
                              text=True, timeout=600)
        first = proc.stderr.strip().splitlines()[0] if proc.stderr.strip() else ""
        return proc.returncode == 0, first


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tileiras", default=os.path.join(ROOT, "build", "bin", "tileiras"))
    ap.add_argument("--tile-translate",
                    default=os.path.join(ROOT, "build", "bin", "tile-translate"))
    ap.add_argument("--gpu-json", default="")
    ap.add_argument("--targets", default=",".join(TARGETS))
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--markdown", default="")
    args = ap.parse_args()
    targets = args.targets.split(",")
    known = dialect_ops()
    fixtures = sorted(f for f in os.listdir(os.path.join(HERE, "fixtures"))
                      if f.endswith(".13.3.tileirbc"))
    paths = {f[:-len(".13.3.tileirbc")]: os.path.join(HERE, "fixtures", f) for f in fixtures}
    with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        case_ops = dict(zip(paths, pool.map(
            lambda c: ops_of(args.tile_translate, paths[c], known), paths)))
        jobs = [(c, t) for c in paths for t in targets]
        results = dict(zip(jobs, pool.map(lambda ct: compiles(args.tileiras, paths[ct[0]], ct[1]),
                                          jobs)))
    gpu_pass = set()
    if args.gpu_json and os.path.exists(args.gpu_json):
        per_case = collections.defaultdict(list)
        for line in open(args.gpu_json):
            r = json.loads(line)
            per_case[r["case"]].append(r["status"])
        gpu_pass = {c for c, s in per_case.items() if s and all(x == "pass" for x in s)}

    rows = []
    for op in sorted(known):
        cases = [c for c in paths if op in case_ops[c]]
        cells = []
        for t in targets:
            if not cases:
                cells.append("-")
                continue
            ok = sum(1 for c in cases if results[(c, t)][0])
            cells.append(f"{ok}/{len(cases)}")
        gpu = "-" if not cases or not args.gpu_json else \
            f"{sum(1 for c in cases if c in gpu_pass)}/{len(cases)}"
        errors = collections.Counter(results[(c, t)][1] for c in cases for t in targets
                                     if not results[(c, t)][0])
        note = errors.most_common(1)[0][0][:90] if errors else ""
        rows.append((op, cells, gpu, note, len(cases)))
    header = "| op | " + " | ".join(targets) + " | H200 pass | most common failure |"
    lines = [header, "|" + " --- |" * (len(targets) + 3)]
    for op, cells, gpu, note, n in rows:
        if n == 0:
            note = "no fixture in the corpus"
        lines.append(f"| `{op}` | " + " | ".join(cells) + f" | {gpu} | {note} |")
    total = {t: sum(1 for c in paths if results[(c, t)][0]) for t in targets}
    lines.append("")
    lines.append("Fixtures (13.3) compiling per target: " +
                 ", ".join(f"{t} {total[t]}/{len(paths)}" for t in targets))
    text = "\n".join(lines) + "\n"
    if args.markdown:
        open(args.markdown, "w").write(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
