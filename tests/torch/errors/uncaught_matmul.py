# A shape mismatch in a matrix product inside a function, uncaught.
import torch


def layer(x, w):
    return torch.mm(x, w)


w = torch.ones(3, 2)
print(layer(torch.ones(1, 3), w))
print(layer(torch.ones(2, 2), w))
print("not reached")
