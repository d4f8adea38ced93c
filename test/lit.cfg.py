# -*- Python -*-
# lit configuration for the tileir regression tests.

import os
import shutil
import subprocess

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "TILEIR"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tileir_obj_root, "test")

# Inputs/ folders hold fixtures, kernels/ holds Python sources and bytecode,
# Unit/ has its own GoogleTest configuration.
config.excludes = ["Inputs", "CMakeLists.txt", "README.txt", "lit.cfg.py",
                   "lit.site.cfg.py", "kernels", "gpu", "fuzz"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.environment["FILECHECK_OPTS"] = "--enable-var-scope"

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()
# `not` and `count` at the start of a RUN line are found through PATH.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

tool_dirs = [config.tileir_tools_dir, config.llvm_tools_dir]
tools = [
    "tile-opt",
    ToolSubst("tile-translate", unresolved="ignore"),
    ToolSubst("tileiras", unresolved="ignore"),
    ToolSubst("tileirdisasm", unresolved="ignore"),
]
llvm_config.add_tool_substitutions(tools, tool_dirs)

config.substitutions.append(("%kernels", os.path.join(config.tileir_src_root, "test", "kernels")))
config.substitutions.append(("%python", config.python_executable or "python3"))
config.substitutions.append(("%srcroot", config.tileir_src_root))
config.substitutions.append(("%tileir_bin", config.tileir_tools_dir))

# A small x86-64 ELF executable stands in for our tools where only the file
# type matters (the wheel script).
_true = shutil.which("true")
if _true:
    with open(_true, "rb") as f:
        _head = f.read(20)
    if (len(_head) == 20 and _head[:4] == b"\x7fELF" and _head[4] == 2
            and int.from_bytes(_head[18:20], "little") == 62):
        config.available_features.add("x86_64-linux-elf")
        config.substitutions.append(("%true_elf", os.path.realpath(_true)))

# cuTile Python (the `cuda-tile` package) drives a few end-to-end tests; it
# exports bytecode without a GPU. The first Python that imports it (lit's, or
# the one on PATH) runs them as %cutile_python.
for candidate in (config.python_executable, shutil.which("python3")):
    if not candidate:
        continue
    probe = subprocess.run(
        [candidate, "-c", "import sys, cuda.tile; print(sys.executable)"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    if probe.returncode == 0 and probe.stdout.strip():
        config.available_features.add("cutile")
        config.substitutions.append(("%cutile_python", probe.stdout.strip()))
        break

# ptxas is optional on CI machines: tests that need it say `REQUIRES: ptxas`.
ptxas = os.environ.get("TILEIR_PTXAS") or shutil.which("ptxas")
if not ptxas:
    for root in [os.environ.get("CUDA_HOME"), "/usr/local/cuda"]:
        if root and os.path.exists(os.path.join(root, "bin", "ptxas")):
            ptxas = os.path.join(root, "bin", "ptxas")
            break
if ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
