#!/usr/bin/env python3
"""Compares our tileirdisasm with NVIDIA's on the corpus fixtures.

NVIDIA's tool prints the entries without the enclosing module and names
values after their ops (%assume, %cst_1_i32, ...); ours prints the module
with numbered values. Both texts go through our parser and printer
(`tile-opt`, NVIDIA's wrapped in the module ours names), which renumbers
values and normalizes the syntax, and the results must be identical: the
same program, op for op and attribute for attribute. NVIDIA 13.4's name for
`pow` (`fpowf`) is mapped to the 13.3 name first.

Usage: compare_disasm.py --ours BIN_DIR --nvidia PATH/TO/tileirdisasm
                         [--versions 13.3] [--filter REGEX] [-j N]
Exit status 1 when any fixture differs or fails on our side. Run NVIDIA's
tool with CUDA_HOME unset (as pip installs it).
"""
import argparse
import concurrent.futures
import glob
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def run(cmd, stdin=None):
    env = dict(os.environ)
    env.pop("CUDA_HOME", None)
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True,
                          env=env, timeout=120)


def compare(path, ours_dir, nvidia):
    ours = run([os.path.join(ours_dir, "tileirdisasm"), path])
    if ours.returncode != 0:
        return "ours-failed", ours.stderr.strip()[:200]
    theirs = run([nvidia, path])
    if theirs.returncode != 0:
        return "nvidia-failed", theirs.stderr.strip()[:200]
    # NVIDIA 13.4 spells opcode 0x54 `fpowf`; 13.1-13.3 (and we) `pow`.
    theirs_text = re.sub(r"= fpowf ", "= pow ", theirs.stdout)
    header = ours.stdout.splitlines()[0] if ours.stdout else ""
    if not header.startswith("cuda_tile.module"):
        return "ours-failed", "no module header: " + header[:80]
    wrapped = header + "\n" + theirs_text + "\n}\n"
    opt = os.path.join(ours_dir, "tile-opt")
    ours_norm = run([opt, "-"], stdin=ours.stdout)
    theirs_norm = run([opt, "-"], stdin=wrapped)
    if ours_norm.returncode != 0:
        return "ours-failed", ours_norm.stderr.strip()[:200]
    if theirs_norm.returncode != 0:
        return "nvidia-unparsed", theirs_norm.stderr.strip()[:200]
    if ours_norm.stdout != theirs_norm.stdout:
        a = ours_norm.stdout.splitlines()
        b = theirs_norm.stdout.splitlines()
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return "differ", f"line {i + 1}: ours {x.strip()[:90]!r} nvidia {y.strip()[:90]!r}"
        return "differ", f"{len(a)} vs {len(b)} lines"
    return "same", ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ours", required=True, help="directory of our tools")
    ap.add_argument("--nvidia", required=True, help="NVIDIA's tileirdisasm")
    ap.add_argument("--versions", default="13.3")
    ap.add_argument("--filter", default="")
    ap.add_argument("--fixtures", default=os.path.join(HERE, "fixtures"),
                    help="directory of the fixtures (default: %(default)s)")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    args = ap.parse_args()
    paths = []
    for v in args.versions.split(","):
        paths += sorted(glob.glob(os.path.join(args.fixtures, f"*.{v}.tileirbc")))
    paths = [p for p in paths if re.search(args.filter, os.path.basename(p))]
    counts = {}
    bad = []
    with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        futures = {pool.submit(compare, p, args.ours, args.nvidia): p for p in paths}
        for fut in concurrent.futures.as_completed(futures):
            status, detail = fut.result()
            counts[status] = counts.get(status, 0) + 1
            if status != "same":
                bad.append((os.path.basename(futures[fut]), status, detail))
    for name, status, detail in sorted(bad):
        print(f"{name}: {status}: {detail}")
    print("summary: " + ", ".join(f"{k}={v}" for k, v in sorted(counts.items()))
          + f" (of {len(paths)} fixtures)")
    ours_bad = sum(v for k, v in counts.items() if k in ("differ", "ours-failed"))
    return 1 if ours_bad else 0


if __name__ == "__main__":
    sys.exit(main())
