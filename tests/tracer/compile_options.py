# vmrun-flags: --hot-threshold=1
# torch.compile options belong to the object compiled: a fullgraph module
# must not make every other module fullgraph (they share Module.__call__).
import torch
import torch.nn as nn


class A(nn.Module):
    def forward(self, x):
        return x + 1


class B(nn.Module):
    def forward(self, x):
        y = x * 2
        print("side effect in B")
        return y


a = torch.compile(A(), fullgraph=True)
b = B()
x = torch.ones(2)
print(a(x))
for i in range(3):
    print(b(x))
print(a(x))
