# Gradients through flip, roll, tril, triu, clone, contiguous, scatter and
# masked selection by a boolean index.
import torch

up = torch.arange(1.0, 10.0).view(3, 3)

def leaf():
    return torch.arange(11.0, 20.0).view(3, 3).requires_grad_()

x = leaf(); x.flip(0).backward(up); print("flip(0)", x.grad)
x = leaf(); torch.flip(x, [0, 1]).backward(up); print("flip(0, 1)", x.grad)
x = leaf(); x.roll(1, 1).backward(up); print("roll", x.grad)
x = leaf(); torch.roll(x, -1).backward(up); print("roll flat", x.grad)
x = leaf(); x.tril().backward(up); print("tril", x.grad)
x = leaf(); torch.triu(x, diagonal=1).backward(up); print("triu(1)", x.grad)
x = leaf(); x.tril(-1).backward(up); print("tril(-1)", x.grad)
x = leaf(); x.clone().backward(up); print("clone", x.grad)
x = leaf(); x.t().contiguous().backward(up); print("t().contiguous()", x.grad)

s = torch.zeros(2, 3, requires_grad=True)
v = torch.tensor([[1.0, 2.0, 3.0]], requires_grad=True)
out = s.scatter(0, torch.tensor([[1, 0, 1]]), v)
out.backward(torch.arange(1.0, 7.0).view(2, 3))
print("scatter", s.grad, v.grad)

m = leaf()
m[m > 15.0].backward(torch.tensor([1.0, 2.0, 3.0, 4.0]))
print("mask", m.grad)
