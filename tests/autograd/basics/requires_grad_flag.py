# requires_grad as a factory argument and through requires_grad_(), is_leaf,
# grad_fn of leaves, and how requires_grad propagates to results.
import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = torch.tensor([4.0, 5.0, 6.0])
print(a.requires_grad, b.requires_grad)
print(a.is_leaf, b.is_leaf)
print(a.grad_fn is None, b.grad_fn is None)
print(a.grad is None)

c = a + b
print(c.requires_grad, c.is_leaf, c.grad_fn is None)
d = b * 2
print(d.requires_grad, d.is_leaf, d.grad_fn is None)

r = b.requires_grad_()
print(r is b, b.requires_grad, b.is_leaf)
b.requires_grad_(False)
print(b.requires_grad)

for make in [lambda: torch.zeros(2, requires_grad=True),
             lambda: torch.ones(2, 3, requires_grad=True),
             lambda: torch.full((2,), 1.5, requires_grad=True),
             lambda: torch.arange(3.0, requires_grad=True),
             lambda: torch.linspace(0.0, 1.0, 3, requires_grad=True),
             lambda: torch.eye(2, requires_grad=True),
             lambda: torch.empty(2, requires_grad=True)]:
    t = make()
    print(tuple(t.shape), t.requires_grad, t.is_leaf, t.dtype)

z = torch.zeros_like(a)
print(z.requires_grad)
z2 = torch.ones_like(a, requires_grad=True)
print(z2.requires_grad, z2.is_leaf)
e = torch.tensor(2.0, requires_grad=True)
print(e.requires_grad, e.dim())
f = torch.tensor([1.0], dtype=torch.float64, requires_grad=True)
print(f.requires_grad, f.dtype)
