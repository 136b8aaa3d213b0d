# Column reductions (reductions over leading or middle dims, fused at tier 1
# by jit/column_runner.cpp), timed as chain.py times its cases, so that
# `python3 bench/jit/run.py --script bench/jit/columns.py` sets Kiln eager,
# tier 1 and PyTorch side by side:
#   * colsum: (x * w + 1).sum(0): a producer folded down the columns;
#   * batchnorm: (x - mean(0)) * rsqrt(mean((x - mean)^2, 0) + eps) * w + b:
#     two sweeps down the columns and a last pass, one kernel;
#   * standardize: (x - x.mean(0)) / x.std(0) (Welford's steps per column);
#   * token_mean: tanh(h * 0.5).mean(1) of [B, T, C]: a middle dim.
# Shapes: wide ([64, 4096]), square ([1024, 1024]) and narrow ([4096, 64])
# blocks of columns. No issue target; reported beside chain.py's.
import sys

sys.path.insert(0, sys.path[0] + "/../tensor")  # bench/tensor/_timing.py
import torch
from _timing import measure


def not_traced(f):
    compiler = getattr(torch, "compiler", None)
    return compiler.disable(f, recursive=False) if compiler is not None else f


def colsum(x, w):
    return (x * w + 1.0).sum(0)


def batchnorm(x, w, b):
    m = x.mean(0)
    d = x - m
    return d * torch.rsqrt((d * d).mean(0) + 1e-5) * w + b


def standardize(x):
    return (x - x.mean(0)) / x.std(0)


def token_mean(h):
    return torch.tanh(h * 0.5).mean(1)


torch.manual_seed(0)
for rows, cols in [(64, 4096), (1024, 1024), (4096, 64)]:
    x = torch.rand(rows, cols)
    w = torch.rand(cols)
    b = torch.rand(cols)
    label = f"{rows}x{cols}"

    @not_traced
    def run_colsum(k):
        for i in range(k):
            out = colsum(x, w)

    @not_traced
    def run_batchnorm(k):
        for i in range(k):
            out = batchnorm(x, w, b)

    @not_traced
    def run_standardize(k):
        for i in range(k):
            out = standardize(x)

    measure(f"colsum/{label}", run_colsum, 100)
    measure(f"batchnorm/{label}", run_batchnorm, 60)
    measure(f"standardize/{label}", run_standardize, 60)

h = torch.rand(8, 128, 256)


@not_traced
def run_token_mean(k):
    for i in range(k):
        out = token_mean(h)


measure("token_mean/8x128x256", run_token_mean, 60)
