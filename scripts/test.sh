#!/usr/bin/env bash
#===- test.sh - Build and run every test ----------------------------------===#
#
# Part of the tileir project, under the Apache License v2.0 with LLVM
# Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
#
# Installs missing dependencies, builds, and runs ctest (which runs the lit
# suite, and through it the GoogleTest unit tests), then checks that a GCC
# build and a clang build of tileiras write the same PTX for the corpus
# (scripts/compare-host-compilers.sh; TILEIR_SKIP_HOST_COMPILER_CHECK=1
# skips it). Exits non-zero when any test fails.
#
#===----------------------------------------------------------------------===#
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"

"$ROOT/scripts/install-deps.sh"
BUILD_DIR="$BUILD_DIR" "$ROOT/scripts/build.sh"
(cd "$BUILD_DIR" && ctest --output-on-failure)
if [ "${TILEIR_SKIP_HOST_COMPILER_CHECK:-0}" != 1 ]; then
  BUILD_DIR="$BUILD_DIR" "$ROOT/scripts/compare-host-compilers.sh"
fi
