# children(), named_children(), modules() and named_modules(): order and names.
import torch
from torch import nn


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
        self.act = nn.ReLU()

    def forward(self, x):
        return self.act(self.fc(x))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Linear(3, 2)
        self.blocks = nn.ModuleList([Block(), Block()])
        self.head = nn.Sequential(nn.Linear(2, 2), nn.Tanh())

    def forward(self, x):
        x = self.embed(x)
        for b in self.blocks:
            x = b(x)
        return self.head(x)


m = Model()
print([type(c).__name__ for c in m.children()])
print([name for name, _ in m.named_children()])
print([type(c).__name__ for c in m.modules()])
print([name for name, _ in m.named_modules()])
print([name for name, _ in m.named_parameters()])
print(len(list(m.parameters())))
print(sum(p.numel() for p in m.parameters()))
print(m.blocks[1].fc.weight.shape)
print(m.head[0] is list(m.head.children())[0])
