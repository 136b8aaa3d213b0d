# bool tensors print True / False, padded to the same width.
import torch

print(torch.tensor([True, False, True]))
print(torch.tensor([True, True]))
print(torch.tensor([False, False]))
print(torch.tensor([[True, False], [True, True]]))
print(torch.arange(5) > 2)
print(torch.tensor(True))
print(torch.zeros(3, 2, dtype=torch.bool))
