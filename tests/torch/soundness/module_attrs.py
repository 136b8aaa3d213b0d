# Attributes of torch, torch.nn.functional and math replaced after a hot
# function was captured: the next call must use the new ones.
import math

import torch
import torch.nn.functional as F


def f(x):
    return torch.relu(x) * math.pi + F.relu(x)


x = torch.tensor([1.0, -2.0])
for i in range(3):
    print(f(x))
saved_relu = torch.relu
torch.relu = lambda t: t * 10
print(f(x))
math.pi = 3.0
print(f(x))
F.relu = lambda t: t * 100
print(f(x))
torch.relu = saved_relu
print(f(x))


def uses_nn(x):
    return torch.nn.functional.gelu(x) + torch.sigmoid(x)


print(uses_nn(x))
print(uses_nn(x))
torch.nn.functional.gelu = lambda t: t - 1
print(uses_nn(x))
