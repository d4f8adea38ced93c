#===- TileIRVersion.cmake - The version line `tileiras --version` prints --===#
#
# Part of the tileir project, under the Apache License v2.0 with LLVM
# Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
#
# cuTile keys its cubin cache on the exact stdout of `tileiras --version`, so
# that text must change whenever the compiler changes. We fold a hash of every
# source file that can affect code generation into the version line, computed
# at build time so an edit without a re-configure still changes it.
#
#===----------------------------------------------------------------------===#

set(TILEIR_VERSION_MAJOR 0)
set(TILEIR_VERSION_MINOR 1)
set(TILEIR_VERSION_PATCH 0)
set(TILEIR_VERSION
  "${TILEIR_VERSION_MAJOR}.${TILEIR_VERSION_MINOR}.${TILEIR_VERSION_PATCH}")

set(TILEIR_VERSION_HEADER "${CMAKE_BINARY_DIR}/include/tileir/Support/VersionHash.h")
add_custom_target(TileIRVersionHash
  COMMAND ${CMAKE_COMMAND}
    -DSOURCE_DIR=${CMAKE_SOURCE_DIR}
    -DOUTPUT=${TILEIR_VERSION_HEADER}
    -DVERSION=${TILEIR_VERSION}
    -P ${CMAKE_SOURCE_DIR}/cmake/ComputeSourceHash.cmake
  BYPRODUCTS ${TILEIR_VERSION_HEADER}
  COMMENT "Hashing compiler sources for the version line"
  VERBATIM)
