# backward() on a scalar result fills .grad of the leaves that require grad.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
w = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
c = torch.tensor([10.0, 20.0, 30.0])
y = (x * w + c).sum()
print(y.item())
r = y.backward()
print(r)
print(x.grad)
print(w.grad)
print(c.grad)
print(x.grad.requires_grad, x.grad.is_leaf, x.grad.dtype, tuple(x.grad.shape))

# a 0-dim leaf
s = torch.tensor(3.0, requires_grad=True)
out = s * s * s
out.backward()
print(s.grad)

# the same leaf used several times
t = torch.tensor([2.0, -1.0], requires_grad=True)
u = (t * t + 3 * t - t / 2).sum()
u.backward()
print(t.grad)

# a 1-element (not 0-dim) result is also a scalar for backward
v = torch.tensor([4.0], requires_grad=True)
(v * 5).backward()
print(v.grad)
