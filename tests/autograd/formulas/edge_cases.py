# Gradients at the edges of ops: clamp with tensor bounds where min > max
# (the result is max, so max gets the gradient), NaN inputs to clamp, the
# product of an empty tensor, topk of a 0-dim tensor, repeat of an empty
# tensor.
import torch

x = torch.tensor([0.8, 0.3, 0.9, 0.2, 0.45], requires_grad=True)
lo = torch.tensor([0.88, 0.1, 0.2, 0.6, 0.7], requires_grad=True)
hi = torch.tensor([0.5, 0.5, 0.5, 0.5, 0.5], requires_grad=True)
y = torch.clamp(x, lo, hi)
print(y.detach())
gx, glo, ghi = torch.autograd.grad(y, [x, lo, hi], torch.ones(5))
print(gx, glo, ghi)
y = x.clone().clamp_(lo, hi)
print(torch.autograd.grad(y, [x, lo, hi], torch.ones(5)))
y = torch.clamp(x, max=hi)
print(torch.autograd.grad(y, [x, hi], torch.ones(5)))
y = torch.clamp(x, min=lo)
print(torch.autograd.grad(y, [x, lo], torch.ones(5)))

nan = torch.tensor([float("nan"), 0.5, 3.0], requires_grad=True)
for args in [(0.0, 1.0), (0.0, None), (None, 1.0)]:
    (g,) = torch.autograd.grad(torch.clamp(nan, *args).sum(), nan)
    print(args, g)

e = torch.zeros(0, 3, requires_grad=True)
print(torch.autograd.grad(e.prod(0).sum(), e))
print(torch.autograd.grad(e.prod(1).sum(), e))
print(torch.autograd.grad(e.prod().sum(), e))
print(torch.autograd.grad(e.repeat(2, 1, 1).sum(), e))
print(torch.autograd.grad(e.repeat(2, 0).sum(), e))

s = torch.tensor(0.75, requires_grad=True)
v, i = torch.topk(s, 0)
print(v.detach(), i)
print(torch.autograd.grad(v * 2, s))
v, i = torch.topk(s, 1)
print(v.detach(), i)
