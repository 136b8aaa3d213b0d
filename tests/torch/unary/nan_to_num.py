# nan_to_num replaces nan, +inf and -inf.
import torch

inf = float('inf')
nan = float('nan')
x = torch.tensor([nan, inf, -inf, 1.5])
print(torch.nan_to_num(x, nan=0.0, posinf=100.0, neginf=-100.0))
print(x.nan_to_num(nan=-1.0, posinf=9.0, neginf=-9.0))
print(torch.nan_to_num(x, nan=2.0)[0].item())
# default: nan -> 0, infinities -> the largest finite values of the dtype
r = torch.nan_to_num(x)
print(r[0].item(), r[3].item())
print(r[1].item() == 3.4028234663852886e+38, r[2].item() == -3.4028234663852886e+38)
d = torch.tensor([nan, inf], dtype=torch.float64)
rd = torch.nan_to_num(d)
print(rd[0].item(), rd[1].item() == 1.7976931348623157e+308)
i = torch.tensor([1, 2])
print(torch.nan_to_num(i))
print(torch.isfinite(torch.nan_to_num(x)).all())
