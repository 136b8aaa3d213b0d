# Random tensors feed into ordinary ops; results are checked by invariants only.
import torch

torch.manual_seed(7)
x = torch.randn(4, 5)
s = torch.softmax(x, dim=1)
print(torch.allclose(s.sum(dim=1), torch.ones(4)))
print(bool((s > 0).all()))
y = x @ x.t()
print(torch.allclose(y, y.t()))
print(bool((y[torch.arange(4), torch.arange(4)] >= 0).all()))
idx = torch.randint(0, 5, (10,))
print(x[:, idx].shape)
p = torch.rand(6)
print(torch.equal(torch.maximum(p, p), p))
q = torch.rand(3, 3)
print(torch.equal(q.t().t(), q), torch.equal(q.clamp(0, 1), q))
