# Part of the tileir project, under the Apache License v2.0 with LLVM
# Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Exports every corpus case to TileIR bytecode fixtures.

    /work/venv-cutile/bin/python test/kernels/export.py            # write fixtures
    /work/venv-cutile/bin/python test/kernels/export.py --check    # compare with disk

Writes ``fixtures/<case>.<version>.tileirbc`` for each bytecode version and a
``fixtures/MANIFEST.txt`` listing every fixture and every (case, version)
combination that cuTile refuses, with its reason.  Output is deterministic
and independent of the checkout path.
"""

import argparse
import hashlib
import io
import os
import re
import sys
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import corpus  # noqa: E402

CUTILE_VERSION = "1.7.0"


class Refused(Exception):
    pass


def _first_line(msg: str) -> str:
    line = str(msg).strip().splitlines()[0] if str(msg).strip() else ""
    return re.sub(r"\s+", " ", line)[:200]


def export_one(case, version: str) -> bytes:
    """Bytecode of `case` for `version`; raises Refused when cuTile declines
    the version (an op, dtype or hint that needs a newer bytecode), any other
    exception for a genuine failure."""
    from cuda.tile import TileUnsupportedFeatureError
    from cuda.tile.compilation import export_kernel

    buf = io.BytesIO()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            export_kernel(case.kernel, case.signatures(), buf,
                          output_format="tileir_bytecode",
                          gpu_code=case.gpu_code,
                          bytecode_version=version)
        except TileUnsupportedFeatureError as e:
            raise Refused(_first_line(e)) from e
    for w in caught:
        # cuTile drops some hints below the version that supports them and
        # only warns; such a fixture would not carry what the case is about.
        if "ignored" in str(w.message):
            raise Refused("cuTile warns and drops it: " + _first_line(w.message))
    return buf.getvalue()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=os.path.join(HERE, "fixtures"),
                    help="output directory (default: test/kernels/fixtures)")
    ap.add_argument("--versions", default=",".join(corpus.VERSIONS),
                    help="comma-separated bytecode versions (default: %(default)s); "
                         "any other set leaves the manifest and other fixtures alone")
    ap.add_argument("--only", default=None,
                    help="regex on case names; exports only matching cases and "
                         "leaves the manifest and other fixtures alone")
    ap.add_argument("--check", action="store_true",
                    help="do not write; fail if any fixture or the manifest differs")
    ap.add_argument("--modules", default=None,
                    help="comma-separated family modules (default: all); like --only, "
                         "leaves the manifest and other fixtures alone")
    ap.add_argument("--list", action="store_true", help="list cases and exit")
    ap.add_argument("-v", "--verbose", action="store_true", help="print skipped combinations")
    ap.add_argument("--host-check", action="store_true",
                    help="also run each case's make_args/reference on the host "
                         "(needs numpy and ml_dtypes)")
    args = ap.parse_args(argv)

    import cuda.tile as ct
    if ct.__version__ != CUTILE_VERSION:
        print(f"error: fixtures are pinned to cuda-tile {CUTILE_VERSION}, "
              f"found {ct.__version__}", file=sys.stderr)
        return 2

    corpus.stabilize_cutile_paths()
    # 13.5 is behind cuTile's development features; writing it changes
    # nothing in older versions' output.
    corpus.enable_cutile_dev_versions()
    modules = args.modules.split(",") if args.modules else None
    cases = corpus.load_cases(modules)
    if args.only:
        rx = re.compile(args.only)
        cases = [c for c in cases if rx.search(c.name)]
    if args.list:
        for c in cases:
            print(f"{c.family:16} {c.name}")
        return 0

    versions = [v.strip() for v in args.versions.split(",") if v.strip()]
    produced = {}       # file name -> bytes
    rows = []           # (file, case, family, version, symbols, gpu_code, opt, size, sha)
    skipped = []        # (case, version, reason)
    empty = []          # cases without any fixture
    failures = []

    for c in cases:
        got_any = False
        for v in versions:
            try:
                data = export_one(c, v)
            except Refused as r:
                skipped.append((c.name, v, str(r)))
                continue
            except Exception as e:  # noqa: BLE001
                failures.append(f"{c.name} @ {v}: {type(e).__name__}: {_first_line(e)}")
                continue
            fname = f"{c.name}.{v}.tileirbc"
            produced[fname] = data
            symbols = ",".join(sig.symbol for sig in c.signatures())
            rows.append((fname, c.name, c.family, v, symbols, c.gpu_code, f"O{c.opt_level()}",
                         len(data),
                         hashlib.sha256(data).hexdigest()[:16]))
            got_any = True
        if not got_any and not any(f.startswith(c.name + " @") for f in failures):
            empty.append(c.name)

    if args.host_check:
        for c in cases:
            failures += corpus.check_case_host(c)

    # The manifest (and removal of stale fixtures) needs the complete default set.
    complete = not (args.only or args.modules) and tuple(versions) == corpus.VERSIONS
    manifest = _manifest(rows, skipped, empty, versions, len(cases)) if complete else None

    status = 0
    if args.check:
        for fname, data in produced.items():
            path = os.path.join(args.out, fname)
            if not os.path.exists(path) or open(path, "rb").read() != data:
                print(f"DIFF {fname}")
                status = 1
        if manifest is not None:
            mpath = os.path.join(args.out, "MANIFEST.txt")
            if not os.path.exists(mpath) or open(mpath, encoding="utf-8").read() != manifest:
                print("DIFF MANIFEST.txt")
                status = 1
            stale = _stale(args.out, produced)
            for s in stale:
                print(f"STALE {s}")
                status = 1
    else:
        os.makedirs(args.out, exist_ok=True)
        for fname, data in produced.items():
            path = os.path.join(args.out, fname)
            if not os.path.exists(path) or open(path, "rb").read() != data:
                with open(path, "wb") as f:
                    f.write(data)
        if manifest is not None:
            for s in _stale(args.out, produced):
                os.remove(os.path.join(args.out, s))
            with open(os.path.join(args.out, "MANIFEST.txt"), "w", encoding="utf-8",
                      newline="\n") as f:
                f.write(manifest)

    total = sum(r[7] for r in rows)
    per_version = {v: sum(1 for r in rows if r[3] == v) for v in versions}
    print(f"{len(cases)} cases, {len(rows)} fixtures ({total} bytes); "
          + ", ".join(f"{v}: {n}" for v, n in per_version.items())
          + f"; {len(skipped)} skipped; {len(empty)} cases without fixtures")
    if args.verbose:
        for name, v, reason in skipped:
            print(f"SKIP {name} {v}: {reason}")
        for name in empty:
            print(f"EMPTY {name}")
    for f in failures:
        print(f"FAIL {f}", file=sys.stderr)
    if failures:
        status = 1
    return status


def _stale(out_dir, produced):
    if not os.path.isdir(out_dir):
        return []
    return sorted(f for f in os.listdir(out_dir)
                  if f.endswith(".tileirbc") and f not in produced)


def _manifest(rows, skipped, empty, versions, ncases) -> str:
    import cuda.tile as ct
    lines = [
        "# TileIR bytecode fixtures of the cuTile kernel corpus (test/kernels).",
        "# Generated by test/kernels/export.py; do not edit.",
        f"# cuda-tile {ct.__version__}; bytecode versions {', '.join(versions)}.",
        f"# {ncases} cases, {len(rows)} fixtures, {len(skipped)} skipped combinations.",
        "#",
        "# fixture  case  family  version  symbols  gpu_code  opt  bytes  sha256[:16]",
        "# (opt is the tileiras -O level; it is not recorded in the bytecode)",
    ]
    for r in rows:
        lines.append("  ".join(str(x) for x in r))
    lines += ["", "# skipped: case  version  reason"]
    for name, v, reason in skipped:
        lines.append(f"SKIP  {name}  {v}  {reason}")
    lines += ["", "# cases with no fixture for these versions (their features need a newer one)"]
    for name in empty:
        lines.append(f"EMPTY  {name}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
