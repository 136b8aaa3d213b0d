# int64 tensors hold the full 64-bit range exactly.
import torch

x = torch.tensor([2 ** 40, -(2 ** 50), 2 ** 62])
print(x)
print(x.tolist())
print(x[0].item() * 2)
print(x + 1)
print(x // 1024)
m = torch.tensor([9223372036854775807, -9223372036854775807 - 1])
print(m, m.dtype)
print(m.tolist())
print(torch.tensor([123456789012]) * 1000)
print(torch.tensor(2 ** 53 + 1).item())
