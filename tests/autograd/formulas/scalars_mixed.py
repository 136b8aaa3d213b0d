# Python numbers on either side of tensor operations: gradients flow only to
# the tensors; 0-dim tensors that require grad get a 0-dim gradient.
import torch

x = torch.tensor([1.0, 2.0, 4.0], requires_grad=True)
y = 3 * x + 1 - x / 2 + 2 / x - (1 - x) * 0.5
y.sum().backward()
print(x.grad)

x2 = torch.tensor([1.0, 2.0, 4.0], requires_grad=True)
(-x2 * 2 + 8 / x2 / 2).sum().backward()
print(x2.grad)

k = torch.tensor(3.0, requires_grad=True)
v = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
(k * v + k * k).sum().backward()
print(k.grad, k.grad.dim())
print(v.grad)

# a 0-dim tensor that does not require grad behaves like a number
c = torch.tensor(5.0)
w = torch.tensor([1.0, -1.0], requires_grad=True)
(w * c - c).sum().backward()
print(w.grad, c.grad)

# augmented operators on a non-leaf
z = torch.tensor([1.0, 2.0], requires_grad=True)
h = z * 1
h += 2
h *= z
h -= 1
h /= 2
h.sum().backward()
print(z.grad)
