# kiln-float-tolerance: 1e-4
# Second derivatives of tanh, sigmoid, exp, sin and log, checked against
# their closed forms.
import torch

x = torch.tensor([-1.0, 0.25, 0.5, 2.0], requires_grad=True)

def second(fn):
    (g,) = torch.autograd.grad(fn(x).sum(), x, create_graph=True)
    (h,) = torch.autograd.grad(g.sum(), x)
    return g, h

xd = x.detach()
g, h = second(torch.tanh)
t = torch.tanh(xd)
print(g.detach())
print(h)
print(torch.allclose(h, -2 * t * (1 - t * t), atol=1e-6))

g, h = second(torch.sigmoid)
s = torch.sigmoid(xd)
print(g.detach())
print(h)
print(torch.allclose(h, s * (1 - s) * (1 - 2 * s), atol=1e-6))

g, h = second(torch.exp)
print(h)
g, h = second(torch.sin)
print(g.detach())
print(h)

p = torch.tensor([0.5, 1.0, 4.0], requires_grad=True)
(gl,) = torch.autograd.grad(torch.log(p).sum(), p, create_graph=True)
(hl,) = torch.autograd.grad(gl.sum(), p)
print(gl.detach(), hl)
