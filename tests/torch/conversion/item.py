# item() returns a Python int, float or bool.
import torch

a = torch.tensor(7)
b = torch.tensor(2.5)
c = torch.tensor(True)
for t in [a, b, c, torch.tensor([[4]]), torch.tensor([-1.25]), torch.tensor(3, dtype=torch.int32)]:
    v = t.item()
    print(v, type(v).__name__)
print(torch.tensor(0.1).item())
print(torch.tensor(0.1, dtype=torch.float64).item())
print(torch.tensor([1.0, 2.0]).sum().item() + 1)
print(torch.arange(10).max().item() * 2)
print(torch.tensor(float('inf')).item(), torch.tensor(-0.0).item())
