# item() of a multi-element tensor, uncaught.
import torch

x = torch.tensor([[1.5, 2.5], [3.5, 4.5]])
print(x[0, 0].item())
total = x.sum().item()
print(total)
value = x[0].item()
print("not reached", value)
