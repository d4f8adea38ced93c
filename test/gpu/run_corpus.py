#!/usr/bin/env python3
"""Runs the kernel corpus on a GPU through cuTile Python and our tileiras.

Every runnable case of test/kernels is launched for each of its shapes with
poisoned outputs, and compared with its float64 reference. cuTile finds the
compiler on PATH, so the directory of the tileiras under test is put first
(no pip `nvidia-cuda-tileiras` may be installed, since cuTile prefers it).

Cases run in worker processes (--jobs of them); a worker that dies (a GPU
fault poisons its CUDA context) is replaced, and the case it was running is
reported as crashed. Prints a table (case, shape, dtype, max rel err, result)
and a summary; writes JSON lines with --json.

Usage:
  run_corpus.py --tileiras build/bin/tileiras [--filter REGEX]
                [--families mma,shapes] [--jobs 8] [--json out.jsonl]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
KERNELS = os.path.join(ROOT, "test", "kernels")


def max_rel_err(actual, expected):
    import numpy as np
    sys.path.insert(0, KERNELS)
    import corpus
    a = corpus.as64(corpus.to_host(actual)).astype(np.float64)
    e = np.asarray(expected).astype(np.float64)
    if a.shape != e.shape or a.size == 0:
        return float("nan")
    finite = np.isfinite(e) & np.isfinite(a)
    if not finite.any():
        return 0.0
    denom = np.maximum(np.abs(e[finite]), 1e-30)
    return float(np.max(np.abs(a[finite] - e[finite]) / np.maximum(denom, 1.0)))


def run_one(case, shape, ct, torch, corpus):
    """Launches one case/shape; returns a result dict."""
    launch = case.launch_args("cuda", shape)
    before = corpus.snapshot(launch.args)
    ct.launch(torch.cuda.current_stream(), launch.grid, case.kernel, launch.args)
    torch.cuda.synchronize()
    expected = case.reference(before, tuple(shape))
    errors, worst, dtypes = [], 0.0, []
    for name, out in launch.outputs.items():
        host = corpus.to_host(out)
        dtypes.append(str(host.dtype))
        if name not in expected:
            errors.append(f"no reference for output '{name}'")
            continue
        atol, rtol = case.tolerance(name, host.dtype)
        errors += [f"{name}: {m}" for m in corpus.compare(
            out, expected[name], atol, rtol, signed_zeros=case.signed_zeros)]
        err = max_rel_err(out, expected[name])
        if err == err:
            worst = max(worst, err)
    return {"errors": errors, "max_rel_err": worst, "dtype": ",".join(dtypes)}


def worker(args):
    """Runs the cases listed in args.cases_file; one JSON line per result."""
    sys.path.insert(0, KERNELS)
    import torch
    import cuda.tile as ct
    import corpus
    if os.environ.get("TILEIR_CUTILE_DEV_VERSIONS") == "1":
        corpus.enable_cutile_dev_versions()
    names = [l.strip() for l in open(args.cases_file) if l.strip()]
    cases = {c.name: c for c in corpus.load_cases()}
    out = open(args.result_file, "a", buffering=1)
    for name in names:
        case = cases[name]
        for shape in case.shapes:
            rec = {"case": name, "family": case.family, "shape": list(shape)}
            out.write(json.dumps(dict(rec, status="started")) + "\n")
            t0 = time.time()
            try:
                r = run_one(case, shape, ct, torch, corpus)
                rec.update(r)
                rec["status"] = "pass" if not r["errors"] else "FAIL"
            except Exception as e:  # noqa: BLE001
                # cuTile's TileError.__str__ fails for locations parsed from
                # the compiler's stderr (they carry no function), so read
                # the message directly.
                try:
                    msg = "".join(traceback.format_exception_only(type(e), e)).strip()
                except Exception:  # noqa: BLE001
                    msg = ""
                if "str() failed" in msg or not msg:
                    loc = getattr(e, "loc", None)
                    msg = "%s: %s%s" % (type(e).__name__, getattr(e, "message", ""),
                                        " at %s" % loc if loc is not None else "")
                name = type(e).__name__
                if re.search(r"requires? tileiras 13\.5", msg):
                    # cuTile only emits these features for newer compilers:
                    # out of scope for bytecode 13.1-13.4.
                    rec["status"] = "skip"
                elif "Compiler" in name:
                    rec["status"] = "compile-error"
                else:
                    rec["status"] = "error"
                rec["errors"] = [msg[:2000]]
            rec["seconds"] = round(time.time() - t0, 2)
            out.write(json.dumps(rec) + "\n")
            if rec["status"] == "error" and "CUDA" in rec["errors"][0]:
                # The context may be unusable: let the parent restart us.
                sys.exit(3)
    return 0


def collect(result_file, results, unfinished, why):
    """Adds the results a worker wrote to `results`; a run it started and
    did not finish gets status `unfinished` with error `why`. Returns the
    cases the worker is done with."""
    done, started = set(), None
    if os.path.exists(result_file):
        for line in open(result_file):
            r = json.loads(line)
            key = (r["case"], tuple(r["shape"]))
            if r["status"] == "started":
                started = key
            else:
                results[key] = r
                done.add(r["case"])
                started = None
    if started and started not in results:
        results[started] = {"case": started[0], "shape": list(started[1]),
                            "status": unfinished, "errors": [why]}
        done.add(started[0])
    return done


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tileiras", default=os.path.join(ROOT, "build", "bin", "tileiras"))
    ap.add_argument("--filter", default="")
    ap.add_argument("--families", default="")
    ap.add_argument("--jobs", type=int, default=4)
    ap.add_argument("--json", default="")
    ap.add_argument("--timeout", type=int, default=1500)
    ap.add_argument("--dev-versions", action="store_true",
                    help="let cuTile probe and write the bytecode versions it "
                         "keeps behind its development features (13.5)")
    ap.add_argument("--worker", action="store_true")
    ap.add_argument("--cases-file")
    ap.add_argument("--result-file")
    args = ap.parse_args()
    if args.worker:
        return worker(args)

    tileiras = os.path.abspath(args.tileiras)
    env = dict(os.environ)
    env["PATH"] = os.path.dirname(tileiras) + os.pathsep + env.get("PATH", "")
    env["CUDA_TILE_CACHE_DIR"] = "off"
    env.setdefault("CUDA_TILE_COMPILER_TIMEOUT_SEC", "300")
    env["PYTHONUNBUFFERED"] = "1"
    if args.dev_versions:
        env["TILEIR_CUTILE_DEV_VERSIONS"] = "1"

    sys.path.insert(0, KERNELS)
    import corpus
    cases = [c for c in corpus.load_cases() if c.runnable]
    if args.families:
        fams = set(args.families.split(","))
        cases = [c for c in cases if c.family in fams]
    if args.filter:
        cases = [c for c in cases if re.search(args.filter, c.name)]
    names = [c.name for c in cases]
    tmp = tempfile.mkdtemp(prefix="corpus-")
    chunks = [names[i::args.jobs] for i in range(args.jobs)]
    results = {}
    deadline = time.time() + args.timeout
    procs = []

    def spawn(idx, todo):
        cf = os.path.join(tmp, f"cases{idx}.txt")
        rf = os.path.join(tmp, f"results{idx}.jsonl")
        with open(cf, "w") as f:
            f.write("\n".join(todo))
        p = subprocess.Popen([sys.executable, __file__, "--worker", "--cases-file", cf,
                              "--result-file", rf], env=env,
                             stdout=open(os.path.join(tmp, f"out{idx}.txt"), "a"),
                             stderr=subprocess.STDOUT)
        return [idx, p, todo, rf]

    for i, chunk in enumerate(chunks):
        if chunk:
            procs.append(spawn(i, chunk))
    while procs and time.time() < deadline:
        time.sleep(1)
        for entry in list(procs):
            idx, p, todo, rf = entry
            if p.poll() is None:
                continue
            procs.remove(entry)
            done = collect(rf, results, "crashed", f"worker exit {p.returncode}")
            rest = [n for n in todo if n not in done]
            if rest:
                procs.append(spawn(idx + 1000 * (len(results) + 1), rest))
    # Out of time: keep what the unfinished workers wrote; a case they had
    # started and not finished is reported as a timeout.
    for _, p, _, rf in procs:
        p.kill()
        p.wait()
        collect(rf, results, "timeout", "run out of time")

    counts = {}
    rows = sorted(results.values(), key=lambda r: (r.get("family", ""), r["case"], r["shape"]))
    print(f"{'case':48} {'shape':18} {'dtype':14} {'max rel err':>12}  result")
    for r in rows:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
        err = r.get("max_rel_err")
        print(f"{r['case']:48} {str(tuple(r['shape'])):18} {r.get('dtype', ''):14} "
              f"{'' if err is None else '%.3g' % err:>12}  {r['status']}")
        if r["status"] != "pass":
            for e in r.get("errors", [])[:3]:
                print("      " + e.replace("\n", " ")[:300])
    print("summary:", ", ".join(f"{k}={v}" for k, v in sorted(counts.items())),
          f"(of {len(rows)} case/shape runs)")
    if args.json:
        with open(args.json, "w") as f:
            for r in rows:
                f.write(json.dumps(r) + "\n")
    ok = counts.get("pass", 0) + counts.get("skip", 0)
    return 0 if rows and ok == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main())
