# isnan / isinf / isfinite on floats and ints.
import torch

inf = float('inf')
nan = float('nan')
x = torch.tensor([1.0, nan, inf, -inf, 0.0, -2.5])
print(torch.isnan(x))
print(x.isnan())
print(torch.isinf(x))
print(x.isinf())
print(torch.isfinite(x))
print(x.isfinite())
i = torch.tensor([1, -5, 0])
print(torch.isnan(i), torch.isinf(i), torch.isfinite(i))
print(torch.isnan(torch.tensor([0.0]) / 0.0))
print(torch.isinf(torch.tensor([1.0, -1.0]) / 0.0))
print((torch.isnan(x) | torch.isinf(x)) == ~torch.isfinite(x))
print(torch.isnan(x).sum())
