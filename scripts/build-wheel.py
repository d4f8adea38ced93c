#!/usr/bin/env python3
"""Builds a Python wheel that installs `tileiras` and `tileirdisasm` on the
environment's PATH, the way cuTile users install compilers (pip).

    scripts/build-wheel.py [--bin-dir build/bin] [--out dist] [--no-strip]

The executables go into the wheel's `.data/scripts/`, which pip copies into
the environment's `bin/`. Installed there, `tileiras` finds the `ptxas` of
pip's `nvidia-cuda-nvcc` in the same environment
(`lib/python3.X/site-packages/nvidia/cu13/bin`). The platform tag is
manylinux for the newest glibc symbol version the executables need
(they link LLVM and MLIR statically), x86-64 only. Only the standard
library is used: a wheel is a zip with a RECORD of sha256 digests.
"""
import argparse
import base64
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = ("tileiras", "tileirdisasm")
NAME = "tileir"


def project_version():
    """TILEIR_VERSION_{MAJOR,MINOR,PATCH} of cmake/TileIRVersion.cmake."""
    with open(os.path.join(ROOT, "cmake", "TileIRVersion.cmake")) as f:
        text = f.read()
    parts = []
    for part in ("MAJOR", "MINOR", "PATCH"):
        m = re.search(rf"set\(TILEIR_VERSION_{part}\s+(\d+)\)", text)
        if not m:
            sys.exit(f"error: no TILEIR_VERSION_{part} in cmake/TileIRVersion.cmake")
        parts.append(m.group(1))
    return ".".join(parts)


def glibc_tag(paths):
    """manylinux_X_Y_x86_64 for the newest GLIBC_X.Y any executable names."""
    newest = (2, 17)
    for path in paths:
        with open(path, "rb") as f:
            for major, minor in re.findall(rb"GLIBC_(\d+)\.(\d+)", f.read()):
                newest = max(newest, (int(major), int(minor)))
    return f"manylinux_{newest[0]}_{newest[1]}_x86_64"


def is_x86_64_elf(path):
    with open(path, "rb") as f:
        header = f.read(20)
    # ELF magic, 64-bit class, e_machine 62 (x86-64).
    return (len(header) == 20 and header[:4] == b"\x7fELF" and header[4] == 2
            and int.from_bytes(header[18:20], "little") == 62)


def record_line(arcname, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest())
    return f"{arcname},sha256={digest.rstrip(b'=').decode()},{len(data)}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin-dir", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("--out", default=os.path.join(ROOT, "dist"))
    ap.add_argument("--version", default=None,
                    help="wheel version (default: the project's, "
                         "cmake/TileIRVersion.cmake)")
    ap.add_argument("--no-strip", action="store_true",
                    help="package the executables as they are")
    args = ap.parse_args()

    version = args.version or project_version()
    sources = []
    for tool in TOOLS:
        path = os.path.join(args.bin_dir, tool)
        if not os.path.isfile(path) or not os.access(path, os.X_OK):
            sys.exit(f"error: {path} is not an executable; build first")
        if not is_x86_64_elf(path):
            sys.exit(f"error: {path} is not an x86-64 ELF executable")
        sources.append(path)

    work = tempfile.mkdtemp(prefix="tileir-wheel-")
    try:
        staged = []
        for path in sources:
            dest = os.path.join(work, os.path.basename(path))
            shutil.copy2(path, dest)
            if not args.no_strip and shutil.which("strip"):
                subprocess.run(["strip", dest], check=True)
            staged.append(dest)
        platform = glibc_tag(staged)
        tag = f"py3-none-{platform}"
        wheel_name = f"{NAME}-{version}-{tag}.whl"
        data = f"{NAME}-{version}.data"
        info = f"{NAME}-{version}.dist-info"
        with open(os.path.join(ROOT, "LICENSE"), "rb") as f:
            license_text = f.read()
        files = [(f"{data}/scripts/{os.path.basename(p)}", p) for p in staged]
        metadata = (
            "Metadata-Version: 2.1\n"
            f"Name: {NAME}\n"
            f"Version: {version}\n"
            "Summary: An MLIR-based Tile IR compiler: tileiras and "
            "tileirdisasm for cuTile Python\n"
            "License: Apache-2.0 WITH LLVM-exception\n"
            "Requires-Python: >=3.8\n").encode()
        wheel = ("Wheel-Version: 1.0\n"
                 f"Generator: {NAME} scripts/build-wheel.py\n"
                 "Root-Is-Purelib: false\n"
                 f"Tag: {tag}\n").encode()
        os.makedirs(args.out, exist_ok=True)
        out = os.path.join(args.out, wheel_name)
        records = []
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
            for arcname, path in files:
                with open(path, "rb") as f:
                    blob = f.read()
                entry = zipfile.ZipInfo(arcname, date_time=(2026, 1, 1, 0, 0, 0))
                entry.external_attr = 0o100755 << 16
                entry.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(entry, blob)
                records.append(record_line(arcname, blob))
            for arcname, blob in ((f"{info}/METADATA", metadata),
                                  (f"{info}/WHEEL", wheel),
                                  (f"{info}/LICENSE", license_text)):
                entry = zipfile.ZipInfo(arcname, date_time=(2026, 1, 1, 0, 0, 0))
                entry.external_attr = 0o100644 << 16
                entry.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(entry, blob)
                records.append(record_line(arcname, blob))
            records.append(f"{info}/RECORD,,")
            entry = zipfile.ZipInfo(f"{info}/RECORD", date_time=(2026, 1, 1, 0, 0, 0))
            entry.external_attr = 0o100644 << 16
            z.writestr(entry, "\n".join(records) + "\n")
        print(out)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
