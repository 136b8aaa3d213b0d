# kiln-float-tolerance: 1e-4
# Gradients through lerp (number weights on both of its forms, a tensor
# weight) and through einsum (a contraction, an outer product, a sum over
# a label), composed of the ops autograd already knows.
import torch

x = torch.tensor([1.0, 2.0, -3.0], requires_grad=True)
y = torch.tensor([0.5, 4.0, 1.0], requires_grad=True)
w = torch.tensor([0.2, 0.6, 0.9], requires_grad=True)
up = torch.tensor([1.0, 2.0, 3.0])
(torch.lerp(x, y, 0.3).sum() + torch.lerp(x, y, 0.8).sum() + (torch.lerp(x, y, w) * up).sum()).backward()
print(x.grad, y.grad, w.grad)

a = torch.arange(6.0).reshape(2, 3).requires_grad_()
b = (torch.arange(12.0).reshape(3, 4) / 4).requires_grad_()
v = torch.tensor([1.0, -2.0]).requires_grad_()
out = torch.einsum("ij,jk->ik", a, b).sum() + torch.einsum("i,jk->ijk", v, b).pow(2).sum() + torch.einsum("ij->j", a).prod()
out.backward()
print(a.grad, b.grad, v.grad)
