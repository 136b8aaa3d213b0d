# retain_grad() keeps the gradient of a non-leaf tensor in its .grad.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
h = x * x
h.retain_grad()
print(h.retains_grad, x.retains_grad)
y = (h * torch.tensor([1.0, 10.0, 100.0])).sum()
y.retain_grad()
y.backward()
print(h.grad)
print(y.grad)
print(x.grad)
print(h.is_leaf, h.grad.requires_grad)

# retain_grad on a leaf is a no-op: the leaf gets its grad anyway
w = torch.tensor([2.0], requires_grad=True)
w.retain_grad()
print(w.retains_grad)
(w * 4).sum().backward()
print(w.grad)
