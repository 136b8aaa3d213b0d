# NumPy variant of overhead.py: the same loop on a 1-element float32 array.
import numpy as np
from _timing import measure

x = np.ones(1, dtype=np.float32)


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


def call_ops(n):
    y = x
    for i in range(n):
        y = np.multiply(x, 2)
        y = x.clip(min=0.0)
        y = x.sum(axis=0)
    return y


measure("overhead/torch.mul, x.clamp(min=), x.sum(dim=) (1 elem, per op)", call_ops, 100000, repeats=5, ops_per_call=3)
