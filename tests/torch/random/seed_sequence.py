# Interleaved draws replay exactly after re-seeding.
import torch


def draws():
    x = torch.rand(3)
    y = torch.randint(0, 100, (4,))
    z = torch.randn(2, 2)
    return x, y, z


torch.manual_seed(123)
first = draws()
second = draws()
torch.manual_seed(123)
again = draws()
print([torch.equal(p, q) for p, q in zip(first, again)])
print([torch.equal(p, q) for p, q in zip(first, second)])
print([t.shape for t in first])
print([t.dtype for t in first])
