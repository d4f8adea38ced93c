#!/usr/bin/env python3
"""Runs the tileiras given first and appends a comment to the PTX it writes:
a stand-in for a build whose output differs (test/Tools/compare-ptx.test)."""
import subprocess
import sys

args = sys.argv[2:]
proc = subprocess.run([sys.argv[1]] + args)
if proc.returncode == 0 and "-o" in args:
    with open(args[args.index("-o") + 1], "a") as f:
        f.write("// perturbed\n")
sys.exit(proc.returncode)
