#!/usr/bin/env bash
#===- compile_time.sh - Compile time against NVIDIA's tileiras -----------===#
#
# Part of the tileir project, under the Apache License v2.0 with LLVM
# Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
#
# Times our tileiras and NVIDIA's on every benchmark kernel (bench/bytecode,
# -O3, sm_90) with hyperfine and prints each kernel's mean wall time for
# both, their ratio, and the totals. NVIDIA's comes from pip
# (nvidia-cuda-tileiras, nvidia-cuda-nvcc and nvidia-nvvm 13.4) and runs with
# CUDA_HOME unset.
#
#   bench/compile_time.sh OUR_TILEIRAS NVIDIA_TILEIRAS [RUNS]
#
#===----------------------------------------------------------------------===#
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OURS="$1"
THEIRS="$2"
RUNS="${3:-5}"
command -v hyperfine >/dev/null ||
  { echo "compile_time.sh: hyperfine not found (apt-get install hyperfine)" >&2; exit 1; }
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

printf '%-32s %9s %9s %7s\n' kernel ours_s nvidia_s ratio
total_ours=0
total_theirs=0
for input in "$ROOT"/bench/bytecode/*.tileirbc; do
  name="$(basename "$input" .tileirbc)"
  hyperfine --style none --warmup 1 --runs "$RUNS" --export-json "$TMP/$name.json" \
    -n ours "$OURS $input -o $TMP/ours.cubin --gpu-name sm_90 -O3" \
    -n nvidia "env -u CUDA_HOME $THEIRS $input -o $TMP/nv.cubin --gpu-name sm_90 -O3" \
    >/dev/null 2>&1
  read -r ours theirs < <(python3 - "$TMP/$name.json" <<'PY'
import json, sys
r = {x["command"]: x["mean"] for x in json.load(open(sys.argv[1]))["results"]}
print(r["ours"], r["nvidia"])
PY
)
  total_ours=$(python3 -c "print($total_ours + $ours)")
  total_theirs=$(python3 -c "print($total_theirs + $theirs)")
  printf '%-32s %9.3f %9.3f %7.2f\n' "$name" "$ours" "$theirs" \
    "$(python3 -c "print($ours / $theirs)")"
done
printf '%-32s %9.3f %9.3f %7.2f\n' total "$total_ours" "$total_theirs" \
  "$(python3 -c "print($total_ours / $total_theirs)")"
