# detach() returns a tensor without history that shares storage with its source.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
d = y.detach()
print(d, d.requires_grad, d.is_leaf, d.grad_fn is None)
print(y.requires_grad)

# the storage is shared: a write through the detached tensor is seen by x
xd = x.detach()
with torch.no_grad():
    xd[0] = 10.0
print(x)

# a detached factor is a constant for the gradient
x2 = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
z = (x2 * x2.detach()).sum()
z.backward()
print(x2.grad)

x3 = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
z3 = (x3 * x3).sum()
z3.backward()
print(x3.grad)

# a detached copy can be made to require grad as a new leaf
e = y.detach().requires_grad_()
(e * e).sum().backward()
print(e.grad, e.is_leaf)
