# kiln-float-tolerance: 1e-4
# The chain rule through a few composed operations, checked against
# hand-written derivatives.
import torch

x = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)
y = torch.exp(x * x) / (1 + x)
loss = y.sum()
loss.backward()
print(y.detach())
print(x.grad)
xd = x.detach()
manual = torch.exp(xd * xd) * (2 * xd * (1 + xd) - 1) / ((1 + xd) * (1 + xd))
print(manual)
print(torch.allclose(x.grad, manual))

a = torch.tensor(1.5, requires_grad=True)
b = torch.tensor(-0.5, requires_grad=True)
h = torch.sin(a * b) + torch.cos(a) * b * b
h.backward()
print(h.detach())
print(a.grad, b.grad)
