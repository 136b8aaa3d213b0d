# Scientific notation when max / min of the nonzero magnitudes exceeds 1000.
import torch

print(torch.tensor([1000.0, 1.0]))
print(torch.tensor([1001.0, 1.0]))
print(torch.tensor([1.0, 1000.5]))
print(torch.tensor([0.5, 600.0]))
print(torch.tensor([0.1, 100.0]))
print(torch.tensor([0.1, 100.5]))
print(torch.tensor([0.0, 5000.0, 1.0]))
print(torch.tensor([-2.0, 3000.0]))
print(torch.tensor([[0.01, 1.0], [10.0, 100.0]]))
