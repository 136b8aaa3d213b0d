# Wrong input shapes for Linear and F.linear, mismatched loss shapes.
import torch
from torch import nn
import torch.nn.functional as F

lin = nn.Linear(3, 2)
for shape in [(2, 4), (4,), (2, 2, 5)]:
    try:
        lin(torch.ones(shape))
        print(shape, "no error")
    except RuntimeError as e:
        print(shape, type(e).__name__ + ":", e)

try:
    F.linear(torch.ones(2, 3), torch.ones(3, 2))
except RuntimeError as e:
    print(type(e).__name__ + ":", e)

try:
    nn.Embedding(4, 2)(torch.tensor([1, 4]))
except IndexError as e:
    print(type(e).__name__ + ":", e)

try:
    F.layer_norm(torch.ones(2, 3), (4,))
except RuntimeError as e:
    print(type(e).__name__ + ":", e)
