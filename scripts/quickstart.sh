#!/usr/bin/env bash
#===- quickstart.sh - Set up, build, and compile the bundled example -----===#
#
# Part of the tileir project, under the Apache License v2.0 with LLVM
# Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
#
# On a fresh Debian 12 machine: installs the dependencies, builds tileiras,
# and compiles examples/*.tileirbc for every supported GPU, printing what was
# produced. Compiling needs ptxas (a CUDA toolkit); without one the script
# still builds and reports that ptxas is missing.
#
#===----------------------------------------------------------------------===#
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
OUT_DIR="${OUT_DIR:-$BUILD_DIR/examples}"

"$ROOT/scripts/install-deps.sh"
BUILD_DIR="$BUILD_DIR" "$ROOT/scripts/build.sh"

TILEIRAS="$BUILD_DIR/bin/tileiras"
"$TILEIRAS" --version
mkdir -p "$OUT_DIR"
status=0
for input in "$ROOT"/examples/*.tileirbc; do
  name="$(basename "$input" .tileirbc)"
  for gpu in sm_80 sm_86 sm_89 sm_90 sm_100 sm_120; do
    out="$OUT_DIR/$name.$gpu.cubin"
    if "$TILEIRAS" "$input" -o "$out" --gpu-name "$gpu" -O3 --resource-usage \
        2> "$OUT_DIR/$name.$gpu.log"; then
      usage="$(grep -m1 '^resource-usage:' "$OUT_DIR/$name.$gpu.log" || true)"
      printf '%-14s %-7s %8d bytes  %s\n' "$name" "$gpu" \
        "$(stat -c %s "$out")" "${usage#resource-usage: }"
    else
      printf '%-14s %-7s FAILED: %s\n' "$name" "$gpu" \
        "$(head -n1 "$OUT_DIR/$name.$gpu.log")"
      status=1
    fi
  done
done
echo "cubins in $OUT_DIR"
exit $status
