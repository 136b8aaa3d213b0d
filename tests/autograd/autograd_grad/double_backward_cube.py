# create_graph=True makes the gradient itself differentiable: d2/dx2 of x**3.
import torch

x = torch.tensor([1.0, 2.0, -3.0], requires_grad=True)
y = (x ** 3).sum()
(g,) = torch.autograd.grad(y, x, create_graph=True)
print(g.detach())
print(g.requires_grad, g.grad_fn is not None)
(g2,) = torch.autograd.grad(g.sum(), x, create_graph=True)
print(g2.detach())
(g3,) = torch.autograd.grad(g2.sum(), x)
print(g3)

# the same through backward(): the second derivative lands in x.grad
s = torch.tensor(2.0, requires_grad=True)
f = s * s * s * s
(df,) = torch.autograd.grad(f, s, create_graph=True)
print(df.detach())
df.backward()
print(s.grad)

# a gradient penalty: d/dx of |df/dx|^2 for f = sum(x^2 * w)
xx = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([3.0, -1.0], requires_grad=True)
f2 = (xx * xx * w).sum()
(gx,) = torch.autograd.grad(f2, xx, create_graph=True)
penalty = (gx * gx).sum()
penalty.backward()
print(gx.detach())
print(xx.grad)
print(w.grad)
