# The in-place fills of the op registry (zero_, fill_, copy_, uniform_,
# normal_) bound by their schemas: keywords, defaults, a 0-dim tensor or a
# number as the value, broadcasting sources, and PyTorch's errors.
import torch

x = torch.zeros(2, 3)
print(x.fill_(1.5), x.fill_(value=2), x.fill_(torch.tensor(7)), x.fill_(True))
print(x.zero_(), x.dtype)
n = torch.zeros(3, dtype=torch.int64)
print(n.fill_(2.7), n.copy_(torch.tensor([1.9, -2.5, 3.1])))
print(x.copy_(torch.arange(3)), x.copy_(torch.ones(2, 1) * 4), x.copy_(5), x.copy_(torch.tensor(6.0), non_blocking=False))
r = x.copy_(torch.ones(3))
print(r is x, x._version > 0)
torch.manual_seed(0)
u = torch.empty(1000).uniform_(2.0, 3.0)
print(bool(u.min() >= 2.0), bool(u.max() < 3.0))
v = torch.empty(1000).uniform_(to=0.5, **{"from": -0.5})
print(bool(v.min() >= -0.5), bool(v.max() < 0.5))
w = torch.empty(4).normal_(std=0.0, mean=1.25)
print(w)
print(torch.empty(3).normal_(0.0, 0.0), torch.empty(2).uniform_(1.0, 1.0))

g = torch.zeros(2, requires_grad=True)
y = g * 1.0
y.fill_(3.0)
y.sum().backward()
print(g.grad)
z = g * 1.0
z.copy_(torch.ones(2) * 5)
(z * z).sum().backward()
print(g.grad)

def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)

attempt(lambda: x.fill_(torch.ones(2)))
attempt(lambda: x.fill_(torch.ones(0)))
attempt(lambda: x.masked_fill_(x > 0, torch.ones(0)))
attempt(lambda: x.copy_(torch.ones(4)))
attempt(lambda: x.copy_(torch.ones(2, 2, 3)))
attempt(lambda: x.zero_(1))
attempt(lambda: x.uniform_(3, 2))
attempt(lambda: x.normal_(0, -1))
attempt(lambda: n.normal_())
attempt(lambda: n.uniform_())
attempt(lambda: torch.ones(3).expand(2, 3).copy_(torch.ones(2, 3)))
attempt(lambda: torch.zeros(2, requires_grad=True).fill_(1.0))
attempt(lambda: torch.zeros(2, requires_grad=True).copy_(torch.ones(2)))
