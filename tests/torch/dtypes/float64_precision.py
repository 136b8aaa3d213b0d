# float64 keeps double precision; float32 rounds to single precision.
import torch

d = torch.tensor([0.1, 1.0 / 3.0], dtype=torch.float64)
f = torch.tensor([0.1, 1.0 / 3.0])
print(d[0].item() == 0.1, f[0].item() == 0.1)
print(d[0].item(), f[0].item())
print(d.tolist())
print(f.tolist())
print(d[1].item() == 1.0 / 3.0)
big = torch.tensor([16777217.0], dtype=torch.float64)
print(int(big.item()), int(big.float().item()))
print(big.to(torch.int64))
print((torch.tensor([2.0 ** 30], dtype=torch.float64) + 0.5).item())
print((torch.tensor([2.0 ** 30]) + 0.5).item())
