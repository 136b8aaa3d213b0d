# Mixed second partial derivatives and a Hessian-vector product.
import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0, requires_grad=True)
f = a * a * b + b * b * b
ga, gb = torch.autograd.grad(f, [a, b], create_graph=True)
print(ga.detach(), gb.detach())
gaa, gab = torch.autograd.grad(ga, [a, b], retain_graph=True)
gba, gbb = torch.autograd.grad(gb, [a, b])
print(gaa, gab)
print(gba, gbb)

# Hessian-vector product of f(x) = sum(x_i^2 * x_{i+1})
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
f2 = (x[:-1] * x[:-1] * x[1:]).sum()
(g,) = torch.autograd.grad(f2, x, create_graph=True)
print(g.detach())
v = torch.tensor([1.0, 0.0, -1.0])
(hv,) = torch.autograd.grad((g * v).sum(), x)
print(hv)
