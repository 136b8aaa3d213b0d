# vmrun-flags: --logs=jit --jit-threshold=1 --verify --short-rows=128
# A reducing kernel over short rows (fewer than --short-rows=128 elements,
# the default) leaves its launch to the eager ops: the row plan's calls per
# row cost more than eager's whole-tensor reductions there, however few the
# rows. The summary counts those runs; the same kernel over longer rows
# runs. Results are eager's either way.
import torch


def scaled_softmax(x):
    return torch.softmax(x * 0.5 - 1.0, -1)


for rows, cols in [(300, 8), (300, 8), (16, 8), (300, 160)]:
    x = torch.arange(rows * cols * 1.0).reshape(rows, cols).sin()
    y = scaled_softmax(x)
    print(rows, cols, y.sum().item(), y[0, :3].tolist())
