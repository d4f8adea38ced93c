#!/usr/bin/env python3
#===- make_probe.py - cuTile's bytecode-version probe input --------------===#
#
# Part of the tileir project, under the Apache License v2.0 with LLVM
# Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
#
# Writes to stdout the 85-byte module with no functions that cuTile compiles
# at each candidate version to find the newest one tileiras accepts
# (docs: /work/shared/reference/cutile-client-contract.md section 1.4). Only
# the minor version byte differs between versions.
#
#   make_probe.py MINOR > probe.tileirbc
#
#===----------------------------------------------------------------------===#

import sys

minor = int(sys.argv[1])
data = bytes.fromhex(
    "7f54696c654952000d%02x0000" % minor +
    "820108cb00"
    "840808cbcbcbcb00cbcbcbcbcbcbcb"
    "831108cbcbcbcbcb00cbcbcb00cbcbcb01cbcbcb0000000000"
    "850e0402cbcbcb00000000010000000003"
    "810404cbcbcb00cbcbcb00")
assert len(data) == 85
sys.stdout.buffer.write(data)
