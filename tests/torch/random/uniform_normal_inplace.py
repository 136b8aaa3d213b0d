# Tensor.uniform_ / normal_: in place from the generator (Kiln's own
# sequences: checked by range and statistics), PyTorch's errors, views.
import torch
x=torch.zeros(3, dtype=torch.long)
for f in [lambda: x.uniform_(), lambda: x.normal_(), lambda: torch.zeros(2).uniform_(1, 0), lambda: torch.zeros(2).normal_(0, -1), lambda: torch.zeros(2, requires_grad=True).uniform_(), lambda: torch.zeros(2).uniform_(0.5, 0.25)]:
    try: f(); print('ok')
    except Exception as e: print(type(e).__name__, e)
t=torch.zeros(2,3); print(t.uniform_() is t, t.normal_(2.0, 0.5) is t, t.t().uniform_(-1,1).shape)
torch.manual_seed(0)
u = torch.empty(20000).uniform_(-2.0, 3.0)
print(bool(u.min() >= -2.0), bool(u.max() < 3.0), round(u.mean().item(), 1))
n = torch.empty(20000, dtype=torch.float64).normal_(5.0, 2.0)
print(n.dtype, round(n.mean().item(), 1), round(n.std().item(), 1))
w = torch.zeros(4, 6)
w[:, ::2].uniform_(1.0, 2.0)
print(bool((w[:, 1::2] == 0).all()), bool((w[:, ::2] >= 1).all()))
with torch.no_grad():
    p = torch.zeros(3, requires_grad=True)
    p.uniform_(-0.1, 0.1)
print(p.requires_grad, bool((p.abs() <= 0.1).all()))
