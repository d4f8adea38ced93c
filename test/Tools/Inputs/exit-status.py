#!/usr/bin/env python3
"""Runs a command and prints its stderr, then its exit status, to stdout.

lit's shell cannot test a specific non-zero status (`not` accepts any);
internal compiler errors must exit with exactly 2, user errors with 1, and
neither may die by a signal, which this reports as such.
"""
import subprocess
import sys

proc = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
sys.stdout.write(proc.stderr.decode("utf-8", "replace"))
if proc.returncode < 0:
    print("killed by signal %d" % -proc.returncode)
else:
    print("exit status: %d" % proc.returncode)
