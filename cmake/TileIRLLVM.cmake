#===- TileIRLLVM.cmake - Find and statically link LLVM/MLIR 22 -----------===#
#
# Part of the tileir project, under the Apache License v2.0 with LLVM
# Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
#
# Debian's LLVM/MLIR 22 packages need two adjustments before they can be used
# by an out-of-tree project that ships one self-contained binary:
#
#  * LLVMExports.cmake names an imported target `zstd::libzstd_shared` that no
#    installed CMake package defines. We define it here, before
#    find_package(MLIR), pointing at the system libzstd.
#  * LLVM is configured with LLVM_LINK_LLVM_DYLIB, so every MLIR static library
#    lists the monolithic `LLVM` shared library in its link interface. We
#    repoint that imported target at an empty archive whose link interface is
#    the static component libraries, so nothing links against libLLVM.so.
#
#===----------------------------------------------------------------------===#

set(TILEIR_LLVM_ROOT "/usr/lib/llvm-22" CACHE PATH
    "Installation prefix of LLVM/MLIR 22")

if(NOT TARGET zstd::libzstd_shared)
  find_library(TILEIR_ZSTD_LIBRARY
    NAMES zstd libzstd.so.1
    PATHS /usr/lib/x86_64-linux-gnu /usr/lib/aarch64-linux-gnu /usr/lib)
  if(NOT TILEIR_ZSTD_LIBRARY)
    # The runtime library is always present (libLLVM needs it); the -dev
    # symlink may not be.
    file(GLOB _tileir_zstd_candidates
      /usr/lib/*/libzstd.so.1 /usr/lib/libzstd.so.1)
    list(GET _tileir_zstd_candidates 0 TILEIR_ZSTD_LIBRARY)
  endif()
  add_library(zstd::libzstd_shared SHARED IMPORTED)
  set_target_properties(zstd::libzstd_shared PROPERTIES
    IMPORTED_LOCATION "${TILEIR_ZSTD_LIBRARY}")
endif()

find_package(MLIR REQUIRED CONFIG
  HINTS "${TILEIR_LLVM_ROOT}/lib/cmake/mlir")

message(STATUS "Using MLIRConfig.cmake in: ${MLIR_DIR}")
message(STATUS "Using LLVMConfig.cmake in: ${LLVM_DIR}")

list(APPEND CMAKE_MODULE_PATH "${MLIR_CMAKE_DIR}" "${LLVM_CMAKE_DIR}")

set(LLVM_RUNTIME_OUTPUT_INTDIR ${CMAKE_BINARY_DIR}/bin)
set(LLVM_LIBRARY_OUTPUT_INTDIR ${CMAKE_BINARY_DIR}/lib)
set(MLIR_BINARY_DIR ${CMAKE_BINARY_DIR})

include(TableGen)
include(AddLLVM)
include(AddMLIR)
include(HandleLLVMOptions)

# Our tools are the product: build them with `all` (LLVM's macros exclude
# tools from `all` unless LLVM_BUILD_TOOLS is set).
set(LLVM_BUILD_TOOLS ON)

# Static LLVM: the components the compiler itself needs. MLIR libraries pull
# in the rest of what they need through this interface.
option(TILEIR_STATIC_LLVM "Link LLVM component libraries statically" ON)
if(TILEIR_STATIC_LLVM AND TARGET LLVM)
  llvm_map_components_to_libnames(TILEIR_LLVM_STATIC_LIBS
    Core Support TargetParser BinaryFormat Object IRReader AsmParser
    BitReader BitWriter Passes Analysis TransformUtils ScalarOpts InstCombine
    IPO Vectorize Linker MC Target CodeGen FrontendOpenMP FrontendOffloading
    NVPTXCodeGen NVPTXDesc NVPTXInfo)
  # An empty ar archive is just its 8-byte magic.
  set(_tileir_empty_ar "${CMAKE_BINARY_DIR}/lib/libTileIREmptyLLVM.a")
  file(WRITE "${_tileir_empty_ar}" "!<arch>\n")
  set_target_properties(LLVM PROPERTIES
    IMPORTED_LOCATION "${_tileir_empty_ar}"
    IMPORTED_LOCATION_RELWITHDEBINFO "${_tileir_empty_ar}"
    IMPORTED_NO_SONAME TRUE
    IMPORTED_SONAME ""
    IMPORTED_SONAME_RELWITHDEBINFO ""
    INTERFACE_LINK_LIBRARIES "${TILEIR_LLVM_STATIC_LIBS}")
endif()

include_directories(SYSTEM ${LLVM_INCLUDE_DIRS} ${MLIR_INCLUDE_DIRS})
link_directories(${LLVM_BUILD_LIBRARY_DIR})
separate_arguments(_tileir_llvm_defs NATIVE_COMMAND "${LLVM_DEFINITIONS}")
add_definitions(${_tileir_llvm_defs})

# LLVMSupport advertises Z3 and other optional system libraries in its link
# interface; nothing we link uses them, and the GPU machines do not have them.
if(TILEIR_STATIC_LLVM AND TARGET LLVMSupport)
  get_target_property(_tileir_support_libs LLVMSupport INTERFACE_LINK_LIBRARIES)
  if(_tileir_support_libs)
    list(FILTER _tileir_support_libs EXCLUDE REGEX "z3|Z3")
    set_target_properties(LLVMSupport PROPERTIES
      INTERFACE_LINK_LIBRARIES "${_tileir_support_libs}")
  endif()
endif()
