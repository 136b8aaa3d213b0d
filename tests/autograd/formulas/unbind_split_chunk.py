# Gradients through unbind, split and chunk; pieces that are not used get
# zero gradient.
import torch

x = torch.arange(1.0, 7.0).view(3, 2).requires_grad_()
a, b, c = x.unbind(0)
(a * 1 + b * 10 + c * 100).sum().backward()
print(x.grad)

x = torch.arange(1.0, 7.0).view(3, 2).requires_grad_()
cols = torch.unbind(x, dim=1)
(cols[0] * cols[1]).sum().backward()
print(len(cols), x.grad)

y = torch.arange(1.0, 8.0).requires_grad_()
parts = y.split(3)
print([tuple(p.shape) for p in parts])
(parts[0].sum() * 1 + parts[2].sum() * 5).backward()
print(y.grad)

y = torch.arange(1.0, 8.0).requires_grad_()
p1, p2 = torch.split(y, [2, 5])
(p1 * p1).sum().backward()
print(y.grad)

z = torch.arange(1.0, 9.0).view(2, 4).requires_grad_()
chunks = z.chunk(2, dim=1)
(chunks[0] * 2 - chunks[1] * 3).sum().backward()
print(z.grad)

z = torch.arange(1.0, 6.0).requires_grad_()
ch = torch.chunk(z, 3)
print([tuple(c.shape) for c in ch])
(ch[1] * ch[1]).sum().backward()
print(z.grad)
