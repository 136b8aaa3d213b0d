#!/usr/bin/env python3
"""Regenerates tests/nn_impl's expectations with CPython + PyTorch: tests/torch/regen.py --root tests/nn_impl.

Same options as tests/torch/regen.py (--check, --python, -j, topics or scripts).
"""

import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    "torch_regen", os.path.join(os.path.dirname(HERE), "torch", "regen.py"))
torch_regen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(torch_regen)

if __name__ == "__main__":
    sys.exit(torch_regen.main(["--root", HERE] + sys.argv[1:]))
