# print(model): the module tree as PyTorch formats it.
import torch
from torch import nn


class Attention(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.q = nn.Linear(d, d, bias=False)
        self.k = nn.Linear(d, d, bias=False)
        self.out = nn.Linear(d, d)
        self.norm = nn.LayerNorm(d)

    def forward(self, x):
        return x


class Empty(nn.Module):
    def forward(self, x):
        return x


print(nn.Linear(4, 3))
print(nn.Linear(2, 5, bias=False))
print(nn.ReLU())
print(nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1)))
print(nn.Sequential(nn.Linear(2, 2), nn.Sequential(nn.Tanh(), nn.Sigmoid()), nn.GELU()))
print(nn.ModuleList([nn.Linear(1, 1), nn.SiLU()]))
print(Attention(8))
print(Empty())
print(nn.LayerNorm(6))
print(nn.Embedding(10, 4))
print(nn.Dropout(0.1))
print(nn.MSELoss())
print(nn.CrossEntropyLoss())
print(nn.Sequential())
print(repr(nn.Tanh()))
