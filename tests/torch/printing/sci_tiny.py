# Tiny magnitudes (below 1e-4) switch to scientific notation.
import torch

print(torch.tensor([0.0001, 1.0]))
print(torch.tensor([0.00001, 1.0]))
print(torch.tensor([1e-5]))
print(torch.tensor([1e-10, -2e-10]))
print(torch.tensor(1e-10))
print(torch.tensor([0.001, 0.002]))
print(torch.tensor([0.00012, 0.5]))
print(torch.tensor([1e-30, 1.0]))
print(torch.tensor([0.0, 1e-5]))
