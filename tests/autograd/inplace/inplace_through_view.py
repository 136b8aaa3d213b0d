# In-place writes through views of a non-leaf (index assignment, a slice's
# mul_) are part of the graph: overwritten elements get no gradient.
import torch

x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
y = x * 2
y[0] = 10.0
y[2:].mul_(3)
y.backward(torch.tensor([1.0, 1.0, 1.0, 1.0]))
print(y.detach())
print(x.grad)

# writing a tensor that requires grad into a slice
a = torch.zeros(2, 3)
b = torch.tensor([5.0, 6.0, 7.0], requires_grad=True)
c = torch.tensor([1.0, 2.0], requires_grad=True)
buf = a * 1
buf[1] = b
buf[:, 0] = c
print(buf.requires_grad)
(buf * torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])).sum().backward()
print(b.grad)
print(c.grad)

# a masked write and an index_put with a list
m = torch.tensor([1.0, -2.0, 3.0, -4.0], requires_grad=True)
n = m * 1
n[n < 0] = 0.0
n[[1, 3]] += 5.0
n.backward(torch.tensor([1.0, 2.0, 3.0, 4.0]))
print(n.detach())
print(m.grad)
