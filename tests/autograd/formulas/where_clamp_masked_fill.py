# where, clamp (gradient zero outside the range, kept at the bounds),
# masked_fill and abs of mixed signs.
import torch

up = torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0])

a = torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0], requires_grad=True)
b = torch.tensor([10.0, 20.0, 30.0, 40.0, 50.0], requires_grad=True)
cond = torch.tensor([True, False, True, False, False])
torch.where(cond, a, b).backward(up)
print(a.grad)
print(b.grad)

a2 = torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0], requires_grad=True)
torch.where(a2 > 2.5, a2 * a2, 0.0).backward(up)
print(a2.grad)

x = torch.tensor([-2.0, -1.0, 0.0, 1.0, 2.0], requires_grad=True)
torch.clamp(x, min=-1.0, max=1.5).backward(up)
print(x.grad)
x = torch.tensor([-2.0, -1.0, 0.0, 1.0, 2.0], requires_grad=True)
x.clamp(min=0.0).backward(up)
print(x.grad)
x = torch.tensor([-2.0, -1.0, 0.0, 1.0, 2.0], requires_grad=True)
x.clamp(max=0.5).backward(up)
print(x.grad)
x = torch.tensor([-2.0, -1.0, 0.0, 1.0, 2.0], requires_grad=True)
torch.clamp(x, -0.5, 0.5).backward(up)
print(x.grad)

m = torch.tensor([-2.0, -1.0, 0.0, 1.0, 2.0], requires_grad=True)
m.masked_fill(m < 0, 0.0).backward(up)
print(m.grad)
m = torch.tensor([-2.0, -1.0, 0.0, 1.0, 2.0], requires_grad=True)
torch.masked_fill(m * 2, torch.tensor([True, True, False, False, True]), 7.0).backward(up)
print(m.grad)
