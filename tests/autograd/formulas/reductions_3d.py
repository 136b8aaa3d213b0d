# kiln-float-tolerance: 1e-4
# Reductions over a middle dim of a 3-D tensor, with and without keepdim,
# then broadcast back against the input (a normalisation by hand).
import torch

x = torch.arange(1.0, 13.0).view(2, 3, 2).requires_grad_()
s = x.sum(dim=1, keepdim=True)
(x / s).backward(torch.arange(12.0).view(2, 3, 2))
print(s.detach())
print(x.grad)

x = torch.arange(1.0, 13.0).view(2, 3, 2).requires_grad_()
centered = x - x.mean(dim=2, keepdim=True)
(centered * centered).sum().backward()
print(x.grad)

x = torch.arange(1.0, 13.0).view(2, 3, 2).requires_grad_()
x.max(dim=1).values.sum().backward()
print(x.grad)
