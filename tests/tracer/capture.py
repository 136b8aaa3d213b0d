# vmrun-flags: --hot-threshold=2
# A pointwise chain, a reduction, a view and a tuple result: captured on the
# second call, run from the graph on the calls after.
import torch


def f(x, y):
    z = (x * 2.0 + y).relu()
    w = torch.sigmoid(z) - z.mean(dim=1, keepdim=True)
    return w.t(), z.sum()


x = torch.arange(6.0).reshape(2, 3)
y = torch.tensor([[1.0, -2.0, 0.5], [0.0, 3.0, -1.0]])
for _ in range(4):
    a, b = f(x, y)
    print(a)
    print(b)
