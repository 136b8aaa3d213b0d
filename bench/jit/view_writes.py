# Writes through views of tensors the traced code makes (issue 8's
# functionalisation: each becomes a pure torch._kiln_setitem that the
# executor runs in place when nothing else holds the tensor), timed inside
# the script (bench/tensor/_timing.py's protocol) so the same file runs
# under `vmrun --tier=0`, `vmrun` and CPython + PyTorch.
#   * assemble: a [256, 1025] float32 matrix built from a column and a
#     block, a row overwritten, then scaled (what a feature builder does).
#   * rows_scaled: h = x * 2 (x [512, 512]); h[0] *= 3 through a view,
#     h[1:, ::2] += 1 (an augmented assignment to a strided part); h + 1.
#   * mask_small: a [16, 16] mask of ones with a band zeroed, applied to a
#     small tensor (the cost of a call).
import sys

sys.path.insert(0, sys.path[0] + "/../tensor")  # bench/tensor/_timing.py

import torch
from _timing import measure


def not_traced(f):
    compiler = getattr(torch, "compiler", None)
    return compiler.disable(f, recursive=False) if compiler is not None else f


def assemble(col, block):
    out = torch.zeros(256, 1025)
    out[:, 0] = col
    out[:, 1:] = block
    out[0] = 1.0
    return out * 0.5


def rows_scaled(x):
    h = x * 2
    h[0].mul_(3)
    h[1:, ::2] += 1
    return h + 1


def mask_small(x):
    m = torch.ones(16, 16)
    m[4:8] = 0.0
    m[:, 2] = 0.5
    return x * m


torch.manual_seed(0)
col, block = torch.randn(256), torch.randn(256, 1024)
x = torch.randn(512, 512)
small = torch.randn(16, 16)


@not_traced
def run_assemble(k):
    for _ in range(k):
        assemble(col, block)


@not_traced
def run_rows(k):
    for _ in range(k):
        rows_scaled(x)


@not_traced
def run_mask(k):
    for _ in range(k):
        mask_small(small)


measure("assemble", run_assemble, 50)
measure("rows_scaled", run_rows, 50)
measure("mask_small", run_mask, 20000)
print(float(assemble(col, block).sum()), float(rows_scaled(x).sum()), float(mask_small(small).sum()))
