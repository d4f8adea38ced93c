#!/usr/bin/env bash
#===- compare-host-compilers.sh - Same PTX whatever compiler builds us ---===#
#
# Part of the tileir project, under the Apache License v2.0 with LLVM
# Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
#
# Builds tileiras with GCC and with clang-22 and checks that the two write
# byte-identical PTX for every fixture of test/kernels (bytecode 13.3) at
# -O3 for sm_80 and sm_90 (test/kernels/compare_ptx.py). Distributions and
# users build with whatever compiler they have; the cubins they get must be
# the ones we test.
#
#   GCC_BUILD_DIR    GCC build   (default build-gcc; only tileiras is built)
#   CLANG_BUILD_DIR  clang build (default: BUILD_DIR, usually build, when it
#                    was configured with clang, else build-clang)
#   COMPARE_NO_BUILD=1  compare the tileiras already in both directories
#   COMPARE_FILTER   only fixtures whose name contains this
#
#===----------------------------------------------------------------------===#
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="/usr/lib/llvm-22/bin:$PATH"
GCC_BUILD_DIR="${GCC_BUILD_DIR:-$ROOT/build-gcc}"

# The compiler's identity is recorded by CMake's compiler detection, not in
# CMakeCache.txt.
compiler_of() {
  sed -n 's/^set(CMAKE_CXX_COMPILER_ID "\(.*\)")$/\1/p' \
    "$1"/CMakeFiles/*/CMakeCXXCompiler.cmake 2>/dev/null | head -n 1
}

if [ -z "${CLANG_BUILD_DIR:-}" ]; then
  CLANG_BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
  if [ -f "$CLANG_BUILD_DIR/CMakeCache.txt" ] &&
     ! grep -q '^CMAKE_CXX_COMPILER:.*clang' "$CLANG_BUILD_DIR/CMakeCache.txt"; then
    CLANG_BUILD_DIR="$ROOT/build-clang"
  fi
fi


build() { # dir cc cxx
  if [ ! -f "$1/build.ninja" ]; then
    local args=(-S "$ROOT" -B "$1" -G Ninja -DCMAKE_BUILD_TYPE=Release
                -DCMAKE_C_COMPILER="$2" -DCMAKE_CXX_COMPILER="$3")
    if command -v ccache >/dev/null 2>&1; then
      args+=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
    fi
    cmake "${args[@]}" >/dev/null
  fi
  cmake --build "$1" --target tileiras
}

if [ "${COMPARE_NO_BUILD:-0}" != 1 ]; then
  for tool in gcc g++ clang-22 clang++-22; do
    command -v "$tool" >/dev/null ||
      { echo "compare-host-compilers: $tool not found" >&2; exit 1; }
  done
  build "$GCC_BUILD_DIR" gcc g++
  build "$CLANG_BUILD_DIR" clang-22 clang++-22
fi
echo "compare-host-compilers: $(compiler_of "$GCC_BUILD_DIR") build in" \
     "$GCC_BUILD_DIR, $(compiler_of "$CLANG_BUILD_DIR") build in $CLANG_BUILD_DIR"
[ "$(compiler_of "$GCC_BUILD_DIR")" = GNU ] ||
  { echo "compare-host-compilers: $GCC_BUILD_DIR is not a GCC build" >&2; exit 1; }
[ "$(compiler_of "$CLANG_BUILD_DIR")" = Clang ] ||
  { echo "compare-host-compilers: $CLANG_BUILD_DIR is not a clang build" >&2; exit 1; }

exec python3 "$ROOT/test/kernels/compare_ptx.py" \
  --a "$GCC_BUILD_DIR/bin/tileiras" --b "$CLANG_BUILD_DIR/bin/tileiras" \
  --targets sm_80,sm_90 --versions 13.3 --opt=-O3 -j "$(nproc)" \
  ${COMPARE_FILTER:+--filter "$COMPARE_FILTER"}
