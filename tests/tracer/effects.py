# vmrun-flags: --hot-threshold=1
# Side effects inside graphs happen once per call, in program order: in-place
# ops on arguments, item assignment, the random generator, and a list built
# in the graph and returned.
import torch


def bump(x, v):
    x.add_(1)
    x[0] = v
    y = x.mul_(2)
    return y is x


def noisy(n):
    return torch.randn(n) + torch.rand(n)


def collect(x):
    out = []
    for i in range(3):
        out.append(x * i)
    return out


a = torch.zeros(3)
for v in [5.0, 7.0, 9.0]:
    print(bump(a, v), a)
torch.manual_seed(0)
for _ in range(3):
    print(noisy(4))
print(collect(torch.ones(2)))
print(collect(torch.ones(2)))
