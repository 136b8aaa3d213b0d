# Every tensor lives on the CPU.
import torch

x = torch.tensor([1.0, 2.0])
print(x.device)
print(str(x.device))
print(f"{x.device}")
print(torch.zeros(2, 2, dtype=torch.int64).device)
print(torch.arange(3)[1:].device)
print(x.device == torch.ones(1).device)
print((x + 1).device, x.sum().device)
