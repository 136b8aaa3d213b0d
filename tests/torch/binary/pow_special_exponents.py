# pow(Tensor, number) as PyTorch 1.13 computes floating tensors: exponent
# 2 is x*x, 3 is x*x*x (two roundings), -2 is 1/(x*x), 0.5 sqrt (so
# (-0.0) ** 0.5 is -0.0 and (-inf) ** 0.5 NaN), -0.5 rsqrt, -1 reciprocal;
# other exponents std::pow. Printed exactly (every float's repr).
import torch

x = torch.arange(1, 40) * 0.37 - 7.0
specials = torch.tensor([-0.0, 0.0, float("-inf"), float("inf"), float("nan"), -1.0, 1e-30, 3e15, -2.5, 0.7])
for e in [2, 3, -2, 0.5, -0.5, -1, 2.0, 3.0, 1.5, 0, 1, -3]:
    print(e, (specials ** e).tolist())
    print(e, (x ** e).tolist())
print(torch.pow(x, 3).tolist() == (x * x * x).tolist())
y = x.clone()
y.pow_(3)
print(y.tolist() == (x ** 3).tolist())
print(x.double().pow(3).tolist()[:4])


def f(t, p):
    return t ** 2 - t ** 3 * 0.5 + t.abs() ** 0.5 + (t * t + 1.0) ** -0.5 + t ** p


for p in [2, 1.5, 2]:
    print(f(x, p).tolist())
