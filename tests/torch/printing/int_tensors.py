# Integer tensors print right-aligned to the widest element.
import torch

print(torch.tensor([1, 2, 3]))
print(torch.tensor([1, -2, 3]))
print(torch.tensor([0, 10, 100, -1000]))
print(torch.tensor([[1, -22, 333], [-4444, 5, 6]]))
print(torch.tensor([7]))
print(torch.tensor([2 ** 40, -5]))
print(torch.tensor([[0, 0], [0, 0]]))
print(torch.arange(-5, 5).reshape(2, 5))
