# Floats print with 4 decimals when any element is not an integer.
import torch

print(torch.tensor([0.5, 1.25, 3.0]))
print(torch.tensor([1.0 / 3.0, 2.0 / 3.0]))
print(torch.tensor([0.12345, 0.98765]))
print(torch.tensor([123.456, 0.001]))
print(torch.tensor([0.00015, 1.0]))
print(torch.tensor([99.99999, 1.5]))
print(torch.tensor([123456.789]))
print(torch.tensor([[0.1, 0.2], [0.3, 0.4]]))
print(torch.tensor([1.00005]))
print(torch.tensor([2.5, 7.75, 1000.5]))
