# -*- Python -*-
# lit configuration for the GoogleTest unit tests.

import os

import lit.formats

config.name = "TILEIR-Unit"
config.suffixes = []
config.test_exec_root = config.tileir_unit_obj_root
config.test_source_root = config.test_exec_root
config.test_format = lit.formats.GoogleTest(".", "Tests")
