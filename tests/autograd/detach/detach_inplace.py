# detach_() cuts a non-leaf out of the graph in place; gradients stop there.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
r = y.detach_()
print(r is y, y.requires_grad, y.is_leaf, y.grad_fn is None)
print(y)

# a stop-gradient in the middle of a computation
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], requires_grad=True)
h = a * b
out = (h.detach() * a + b * b).sum()
out.backward()
print(a.grad)
print(b.grad)
