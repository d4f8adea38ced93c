#!/usr/bin/env python3
"""Prints a wheel's entries with their modes and checks its RECORD: every
other entry listed once with the sha256 and size of its bytes.

Usage: check-wheel.py WHEEL
"""
import base64
import hashlib
import sys
import zipfile

with zipfile.ZipFile(sys.argv[1]) as z:
    names = z.namelist()
    record = [n for n in names if n.endswith(".dist-info/RECORD")]
    assert len(record) == 1, record
    rows = {}
    for line in z.read(record[0]).decode().splitlines():
        path, digest, size = line.rsplit(",", 2)
        rows[path] = (digest, size)
    for name in names:
        info = z.getinfo(name)
        print(f"{name} mode={oct(info.external_attr >> 16 & 0o777)}")
        if name == record[0]:
            continue
        data = z.read(name)
        want = base64.urlsafe_b64encode(
            hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert rows[name] == (f"sha256={want}", str(len(data))), name
    assert set(rows) == set(names), set(rows) ^ set(names)
    for name in names:
        if name.endswith("/WHEEL"):
            sys.stdout.write(z.read(name).decode())
print("record ok")
