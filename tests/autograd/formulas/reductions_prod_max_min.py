# prod (with a zero), max/min over everything and over a dim, amax/amin
# (ties share the gradient), argmax-style selections.
import torch

x = torch.tensor([2.0, 3.0, 4.0], requires_grad=True)
x.prod().backward()
print(x.grad)

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
x.prod(dim=1).backward(torch.tensor([1.0, 10.0]))
print(x.grad)

x = torch.tensor([2.0, 0.0, 4.0], requires_grad=True)
x.prod().backward()
print(x.grad)

m = torch.tensor([[1.0, 7.0, 3.0], [9.0, 2.0, 5.0]], requires_grad=True)
m.max().backward()
print(m.grad)

m = torch.tensor([[1.0, 7.0, 3.0], [9.0, 2.0, 5.0]], requires_grad=True)
values, indices = m.max(dim=1)
print(values.detach(), indices)
values.backward(torch.tensor([1.0, 2.0]))
print(m.grad)

m = torch.tensor([[1.0, 7.0, 3.0], [9.0, 2.0, 5.0]], requires_grad=True)
r = torch.min(m, dim=0, keepdim=True)
r.values.backward(torch.tensor([[1.0, 2.0, 3.0]]))
print(m.grad)

t = torch.tensor([[4.0, 1.0, 4.0], [2.0, 2.0, 0.0]], requires_grad=True)
t.amax(dim=1).backward(torch.tensor([1.0, 1.0]))
print(t.grad)

t = torch.tensor([[4.0, 1.0, 4.0], [2.0, 2.0, 0.0]], requires_grad=True)
t.amin(dim=0).backward(torch.tensor([1.0, 2.0, 3.0]))
print(t.grad)

t = torch.tensor([[4.0, 1.0, 4.0], [2.0, 2.0, 0.0]], requires_grad=True)
t.amax().backward()
print(t.grad)
