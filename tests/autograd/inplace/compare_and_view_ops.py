# In-place comparisons on a floating tensor (x.lt_(y)) make it a step
# function: no gradient flows back through it, to either operand. The
# in-place view ops (t_, transpose_, unsqueeze_, squeeze_) and nan_to_num_
# on a non-leaf keep its history: the gradient comes back in the old shape.
import torch

x = torch.tensor([[0.5, -1.0, 2.0], [3.0, 0.25, -0.5]], requires_grad=True)
o = torch.tensor([1.0, 0.0, 2.0], requires_grad=True)
for name in ["eq_", "ne_", "lt_", "le_", "gt_", "ge_"]:
    y = x * 2
    getattr(y, name)(o)
    print(name, y.detach(), y.requires_grad)
    gx, go = torch.autograd.grad((y * 3).sum(), [x, o])
    print(gx, go)
    y = x * 2
    getattr(y, name)(1.0)
    (gx,) = torch.autograd.grad((y * 3).sum(), [x])
    print(gx)

# a comparison result used later in the same expression
w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
z = w.clone()
z.gt_(1.5)
(z * w).sum().backward()
print(w.grad)

# in-place view ops
a = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
weights = torch.tensor([[1.0, 10.0], [100.0, 1000.0], [0.5, 0.25]])
b = a * 1
b.t_()
print(b.shape, b.is_contiguous())
(b * weights).sum().backward()
print(a.grad)

a.grad = None
b = a * 1
b.transpose_(0, 1)
(b * weights).sum().backward()
print(a.grad)

a.grad = None
b = a * 2
b.unsqueeze_(1)
print(b.shape)
(b * torch.tensor([[[1.0, 2.0, 3.0]]])).sum().backward()
print(a.grad)

a.grad = None
c = (a * 3).unsqueeze(0)
c.squeeze_()
print(c.shape)
(c * c).sum().backward()
print(a.grad)

a.grad = None
c = (a * 3).unsqueeze(2)
c.squeeze_(2)
print(c.shape)
(c * c).sum().backward()
print(a.grad)

# nan_to_num_ passes the gradient where the value was finite
n = torch.tensor([1.0, 2.0, 4.0], requires_grad=True)
m = torch.log(n - 1.0)
m.nan_to_num_(neginf=-5.0)
print(m.detach())
m.sum().backward()
print(n.grad)

# double backward through an in-place unary op
s = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)
t = s * 1
t.sin_()
(g,) = torch.autograd.grad(t.sum(), s, create_graph=True)
print(g.detach())
(gg,) = torch.autograd.grad(g.sum(), s)
print(gg)
u = s * 1
u.mul_(s)
(g,) = torch.autograd.grad(u.sum(), s, create_graph=True)
(gg,) = torch.autograd.grad(g.sum(), s)
print(g.detach(), gg)

# an in-place view op on a view of a non-leaf: still a view of its base
b = a * 1
v = b[0]
v.unsqueeze_(0)
print(v.shape)
v.mul_(2)
a.grad = None
b.sum().backward()
print(a.grad)
try:
    a.unsqueeze(0).squeeze_()
except RuntimeError as e:
    print("RuntimeError:", e)
