# Per-op overhead: `y = x * 2 + 1` on a 1-element float32 tensor, in a loop.
# Reports the time per op (two ops per iteration), which is the cost of
# dispatch, type promotion, result allocation and the Python call itself.
# Issue target: Kiln at least 5x lower than PyTorch eager from CPython.
import torch
from _timing import measure

if hasattr(torch, "get_num_threads"):
    print(f"INFO torch_threads {torch.get_num_threads()}")

x = torch.ones(1)


def mul_add(n):
    y = x
    for i in range(n):
        y = x * 2 + 1
    return y


measure("overhead/x*2+1 (1 elem, per op)", mul_add, 100000, repeats=5, ops_per_call=2)


def add_tensors(n):
    y = x
    for i in range(n):
        y = x + x
    return y


measure("overhead/x+x (1 elem)", add_tensors, 100000, repeats=5)


# Calls of torch functions and Tensor methods with keyword arguments: the
# op registry's schema binding (stdlib/torch/ops/schema.h) on every call.
def call_ops(n):
    y = x
    for i in range(n):
        y = torch.mul(x, 2)
        y = x.clamp(min=0.0)
        y = x.sum(dim=0)
    return y


measure("overhead/torch.mul, x.clamp(min=), x.sum(dim=) (1 elem, per op)", call_ops, 100000, repeats=5, ops_per_call=3)
