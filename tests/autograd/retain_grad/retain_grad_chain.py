# Gradients of several retained intermediates along a chain, and accumulation
# of a retained gradient over two backward passes.
import torch

x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
a = x + 1
b = a * a
c = b * 3
a.retain_grad()
b.retain_grad()
c.retain_grad()
c.sum().backward(retain_graph=True)
print(c.grad)
print(b.grad)
print(a.grad)
print(x.grad)
c.sum().backward()
print(a.grad)
print(x.grad)

# a retained view
m = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
row = (m * 2)[1]
row.retain_grad()
(row * torch.tensor([5.0, 6.0])).sum().backward()
print(row.grad)
print(m.grad)
