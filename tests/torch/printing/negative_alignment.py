# Negative numbers: every element is padded to the same width.
import torch

print(torch.tensor([-1.5, 10.25, -100.125]))
print(torch.tensor([-1.0, 1.0]))
print(torch.tensor([[-0.5, 0.25], [10.0, -20.0]]))
print(torch.tensor([-1, 10, -100]))
print(torch.tensor([[-1e9, 1.0], [2.0, 3.0]]))
print(torch.tensor([-0.001, 0.5]))
print(torch.tensor([[-1, 2], [3, -4]], dtype=torch.int32))
