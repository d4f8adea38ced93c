#!/usr/bin/env bash
#===- install-deps.sh - Install everything tileir needs to build ----------===#
#
# Part of the tileir project, under the Apache License v2.0 with LLVM
# Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
#
# Installs the build dependencies on Debian 12 (bookworm, with
# bookworm-security, which carries LLVM/MLIR 22). Safe to run any number of
# times: packages already present are left alone and apt is not even asked.
#
#===----------------------------------------------------------------------===#
set -euo pipefail

PACKAGES=(
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
  clang-22 lld-22 libclang-rt-22-dev
  libfmt-dev googletest libgtest-dev libgmock-dev ninja-build cmake ccache
  python3 zlib1g-dev
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all dependencies present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi

echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
if ! apt-cache show llvm-22-dev >/dev/null 2>&1; then
  $SUDO apt-get update -qq
fi
if ! apt-cache show llvm-22-dev >/dev/null 2>&1; then
  # LLVM/MLIR 22 come from bookworm-security.
  echo "deb http://deb.debian.org/debian-security bookworm-security main" |
    $SUDO tee /etc/apt/sources.list.d/tileir-bookworm-security.list >/dev/null
  $SUDO apt-get update -qq
fi
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "install-deps: done"
