# Mixed magnitudes, widths and signs in float tensors.
import torch

print(torch.tensor([1.5, 22.25, 333.125]))
print(torch.tensor([-0.5, 0.0, 0.5]))
print(torch.tensor([0.1, -0.2, 0.3, -0.4]))
print(torch.tensor([10.0, 0.5]))
print(torch.tensor([[0.001, 0.01], [0.1, 1.0]]))
print(torch.tensor([999.5, 0.5]))
print(torch.tensor([65504.0, 1.5]))
print(torch.tensor([12345678.0, 0.5]))
