# nan and inf inside float tensors.
import torch

nan = float('nan')
inf = float('inf')
print(torch.tensor([nan, 1.5, inf]))
print(torch.tensor([nan, 1.0, -inf]))
print(torch.tensor([nan]))
print(torch.tensor([inf, -inf]))
print(torch.tensor([1e20, inf]))
print(torch.tensor([[nan, 2.0], [3.0, 4.0]]))
print(torch.tensor([0.001, nan, 1000.0]))
print(torch.tensor([nan, 2.5], dtype=torch.float64))
print(torch.tensor([1.0, 2.0]) / 0)
