#!/usr/bin/env python3
"""Runs cuTile Python's own tests and samples against our tileiras.

Takes a checkout of the NVIDIA/cutile-python repository (its `test/` and
`samples/` folders; never part of this repository) and runs the files of the
acceptance ladder (docs/testing.md), level by level, each in its own pytest
process with our tileiras first on PATH. Prints passed / failed / skipped /
errors per file and the totals; writes one JSON line per file with --json.

Usage:
  run_cutile_suite.py --suite DIR --tileiras PATH [--levels 0-5]
                      [--timeout 300] [--json out.jsonl] [-k EXPR]
                      [--only FILES] [--jobs N]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

LADDER = {
    0: ["test/test_bytecode.py", "test/test_export_compat.py", "test/test_launch.py",
        "test/test_stream.py", "test/test_int64_kernel_args.py", "test/test_cudagraph.py",
        "test/test_concurrent_launch.py"],
    1: ["samples/quickstart/VectorAdd_quickstart.py", "samples/VectorAddition.py",
        "test/test_load_store.py", "test/test_constant.py", "test/test_full.py"],
    2: ["test/test_binary_elementwise.py", "test/test_unary_elementwise.py",
        "test/test_cast.py", "test/test_fma.py", "test/test_select.py",
        "test/test_bytecode_version_compat.py"],
    3: ["test/test_array.py", "test/test_array_slice.py", "test/test_tiled_view.py",
        "test/test_reshape.py", "test/test_transpose.py", "samples/Transpose.py",
        "test/test_cat.py", "test/test_extract.py", "test/test_copy.py",
        "test/test_gather_scatter.py", "test/test_load_store_advanced_indexing.py",
        "test/test_pack_unpack.py", "test/test_raw_array_memory.py", "test/test_list.py"],
    4: ["test/test_control_flow.py", "test/test_range.py", "test/test_reduction.py",
        "test/test_scan.py", "test/test_softmax.py", "test/test_atomic.py",
        "samples/LayerNorm.py", "test/test_print.py", "test/test_assert.py"],
    5: ["test/test_mma.py", "samples/MatMul.py", "samples/BatchMatMul.py",
        "test/test_group_gemm.py", "samples/FFT.py"],
    6: ["test/test_attention.py", "samples/AttentionFMHA.py", "samples/MoE.py"],
}


def parse_levels(text):
    lo, _, hi = text.partition("-")
    return list(range(int(lo), int(hi or lo) + 1))


def run_pytest(suite, rel, env, timeout, extra, xml_path):
    """Runs one file; samples (not pytest files) run as scripts."""
    path = os.path.join(suite, rel)
    if not os.path.exists(path):
        return {"file": rel, "status": "missing"}
    t0 = time.time()
    is_test = os.path.basename(rel).startswith("test_")
    if is_test:
        cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
               "--junitxml", xml_path, rel] + extra
    else:
        cmd = [sys.executable, rel]
    try:
        proc = subprocess.run(cmd, cwd=suite, env=env, capture_output=True, timeout=timeout)
        out = (proc.stdout + proc.stderr).decode("utf-8", "replace")
        rc = proc.returncode
    except subprocess.TimeoutExpired as e:
        out = ((e.stdout or b"") + (e.stderr or b"")).decode("utf-8", "replace")
        rc = "timeout"
    rec = {"file": rel, "rc": rc, "seconds": round(time.time() - t0, 1)}
    if is_test and os.path.exists(xml_path):
        try:
            root = ET.parse(xml_path).getroot()
            suites = [root] if root.tag == "testsuite" else list(root)
            for key in ("tests", "failures", "errors", "skipped"):
                rec[key] = sum(int(s.get(key, 0)) for s in suites)
            rec["passed"] = rec["tests"] - rec["failures"] - rec["errors"] - rec["skipped"]
            fails = []
            for s in suites:
                for tc in s.iter("testcase"):
                    for child in tc:
                        if child.tag in ("failure", "error"):
                            msg = (child.get("message") or child.text or "").strip()
                            fails.append(f"{tc.get('name')}: {msg.splitlines()[0][:200] if msg else ''}")
            rec["failing"] = fails[:40]
        except ET.ParseError:
            pass
        os.remove(xml_path)
    else:
        rec.update(tests=1, passed=1 if rc == 0 else 0, failures=0 if rc == 0 else 1,
                   errors=0, skipped=0)
        if rc != 0:
            rec["failing"] = [l for l in out.splitlines() if l.strip()][-5:]
    rec["status"] = "ok" if rc == 0 else ("timeout" if rc == "timeout" else "fail")
    rec["tail"] = out[-1500:]
    return rec


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--suite", required=True)
    ap.add_argument("--tileiras", required=True)
    ap.add_argument("--levels", default="0-5")
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--json", default="")
    ap.add_argument("-k", default="")
    ap.add_argument("--only", default="", help="comma-separated files to run instead")
    ap.add_argument("--jobs", type=int, default=0,
                    help="pytest-xdist workers per test file (0: none)")
    ap.add_argument("--dev-versions", action="store_true",
                    help="let cuTile probe and write the bytecode versions it "
                         "keeps behind its development features (13.5)")
    args = ap.parse_args()

    tileiras = os.path.abspath(args.tileiras)
    env = dict(os.environ)
    env["PATH"] = os.path.dirname(tileiras) + os.pathsep + env.get("PATH", "")
    if args.dev_versions:
        # Every pytest process starts with cuTile's development versions
        # unlocked (release wheels hard-wire them off), so its probe tries
        # 13.5 first.
        site = tempfile.mkdtemp(prefix="cutile-dev-")
        with open(os.path.join(site, "sitecustomize.py"), "w") as f:
            f.write("try:\n"
                    "    import cuda.tile._compile as _compile\n"
                    "    _compile.dev_features_enabled = lambda: True\n"
                    "except ImportError:\n"
                    "    pass\n")
        env["PYTHONPATH"] = site + os.pathsep + env.get("PYTHONPATH", "")
    env["PYTHONUNBUFFERED"] = "1"
    env.setdefault("CUDA_TILE_COMPILER_TIMEOUT_SEC", "120")
    extra = ["-k", args.k] if args.k else []
    if args.jobs > 0:
        extra += ["-n", str(args.jobs)]

    files = []
    if args.only:
        files = [(None, f) for f in args.only.split(",")]
    else:
        for level in parse_levels(args.levels):
            files += [(level, f) for f in LADDER.get(level, [])]
    totals = {"passed": 0, "failures": 0, "errors": 0, "skipped": 0}
    out = open(args.json, "w") if args.json else None
    print(f"{'level':5} {'file':48} {'pass':>5} {'fail':>5} {'err':>5} {'skip':>5}  status")
    for i, (level, rel) in enumerate(files):
        rec = run_pytest(os.path.abspath(args.suite), rel, env, args.timeout, extra,
                         os.path.join("/tmp", f"junit{i}.xml"))
        rec["level"] = level
        for k in totals:
            totals[k] += rec.get(k, 0)
        print(f"{str(level):5} {rel:48} {rec.get('passed', 0):5} {rec.get('failures', 0):5} "
              f"{rec.get('errors', 0):5} {rec.get('skipped', 0):5}  {rec['status']}", flush=True)
        for f in rec.get("failing", [])[:8]:
            print("        " + f.replace("\n", " ")[:220])
        if out:
            out.write(json.dumps(rec) + "\n")
            out.flush()
    print("totals:", ", ".join(f"{k}={v}" for k, v in totals.items()))
    return 0 if totals["failures"] == 0 and totals["errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
