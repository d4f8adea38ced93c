#!/usr/bin/env bash
#===- build.sh - Configure and build tileir -------------------------------===#
#
# Part of the tileir project, under the Apache License v2.0 with LLVM
# Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
#
# Configures (once) and builds everything into ${BUILD_DIR:-build}. Uses
# clang-22 and ccache when present. Extra arguments go to CMake.
#
#===----------------------------------------------------------------------===#
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
export PATH="/usr/lib/llvm-22/bin:$PATH"

if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  args=(-S "$ROOT" -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release)
  if command -v clang-22 >/dev/null 2>&1; then
    args+=(-DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22)
  fi
  if command -v ccache >/dev/null 2>&1; then
    args+=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  fi
  cmake "${args[@]}" "$@"
fi
cmake --build "$BUILD_DIR"
