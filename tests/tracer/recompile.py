# vmrun-flags: --hot-threshold=1
# Recompiles, each with its reason in words: a size, a dtype, an int argument.
import torch


def f(x, k):
    return (x + k).abs()


print(f(torch.ones(8), 1))
print(f(torch.ones(8), 1))
print(f(torch.ones(16), 1))
print(f(torch.ones(16, dtype=torch.float64), 1))
print(f(torch.ones(8), 2))
print(f(torch.ones(8), 1))
