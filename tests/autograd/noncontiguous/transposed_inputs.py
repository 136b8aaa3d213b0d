# Gradients flow through transposed (non-contiguous) operands, and the
# gradient of a leaf has the leaf's shape whatever layout the op saw.
import torch

w = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
wt = w.t()
print(wt.is_contiguous())
x = torch.tensor([[1.0, -1.0], [0.5, 2.0]], requires_grad=True)
y = x @ wt.t()
y.backward(torch.tensor([[1.0, 0.0, 2.0], [0.0, 3.0, 1.0]]))
print(x.grad)
print(w.grad, w.grad.is_contiguous())

a = torch.arange(1.0, 7.0).view(2, 3).requires_grad_()
b = a.t()
(b * b * torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])).sum().backward()
print(a.grad)

# elementwise ops between a transposed tensor and a contiguous one
p = torch.arange(1.0, 10.0).view(3, 3).requires_grad_()
q = torch.arange(10.0, 19.0).view(3, 3).requires_grad_()
(p.t() * q + p.t().exp() * 0).sum().backward()
print(p.grad)
print(q.grad)

# a permuted 3-D tensor through a reduction and a matmul
t = torch.arange(1.0, 13.0).view(2, 3, 2).requires_grad_()
u = t.permute(0, 2, 1)
print(u.is_contiguous())
(u @ torch.ones(3, 1)).sum().backward()
print(t.grad)
