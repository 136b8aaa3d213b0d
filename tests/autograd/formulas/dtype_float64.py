# Gradients keep the dtype of their inputs: float64 leaves get float64 grads,
# also when a float32 tensor meets a float64 0-dim tensor (result float32).
import torch

x = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64, requires_grad=True)
y = (x * x / 3).sum()
y.backward()
print(y.dtype, x.grad.dtype)
print(x.grad)

a = torch.tensor([1.0, 2.0], requires_grad=True)
s = torch.tensor(3.0, dtype=torch.float64, requires_grad=True)
out = a * s
print(out.dtype)
out.sum().backward()
print(a.grad, a.grad.dtype)
print(s.grad, s.grad.dtype)

# float32 with float64 of the same dimension promotes to float64
p = torch.tensor([1.0, 2.0], requires_grad=True)
q = torch.tensor([0.5, 0.25], dtype=torch.float64, requires_grad=True)
r = p * q
print(r.dtype)
r.sum().backward()
print(p.grad, p.grad.dtype)
print(q.grad, q.grad.dtype)

# to(float64) and back: gradients are cast back to the source dtype
f = torch.tensor([1.5, -2.5], requires_grad=True)
g = f.to(torch.float64) * torch.tensor([2.0, 4.0], dtype=torch.float64)
g.sum().backward()
print(f.grad, f.grad.dtype)
f2 = torch.tensor([1.5, -2.5], dtype=torch.float64, requires_grad=True)
f2.float().sum().backward()
print(f2.grad)

# precision: a float64 gradient keeps digits float32 would lose
d = torch.tensor([1.0], dtype=torch.float64, requires_grad=True)
(d * 1.0000000001).sum().backward()
print(d.grad.item())
