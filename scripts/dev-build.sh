#!/usr/bin/env bash
#===- dev-build.sh - Build targets in the shared development tree --------===#
#
# Part of the tileir project, under the Apache License v2.0 with LLVM
# Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
#
# Several people building one checkout on a small machine: one build
# directory, one ninja at a time (a lock serializes them), ccache underneath.
# Usage: scripts/dev-build.sh [ninja targets...]
#
#===----------------------------------------------------------------------===#
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
export PATH="/usr/lib/llvm-22/bin:$PATH"
exec 9>"/tmp/tileir-build.lock"
flock 9
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -S "$ROOT" -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache
fi
ninja -C "$BUILD_DIR" "$@"
