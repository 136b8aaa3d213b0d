# gather picks one element per index position along a dim.
import torch

x = torch.tensor([[1, 2, 3], [4, 5, 6]])
print(torch.gather(x, 1, torch.tensor([[0, 0], [2, 1]])))
print(x.gather(0, torch.tensor([[1, 0, 1]])))
print(x.gather(1, torch.tensor([[2], [0]])))
scores = torch.tensor([[0.1, 0.7, 0.2], [0.5, 0.3, 0.2]])
labels = torch.tensor([1, 2])
print(scores.gather(1, labels.unsqueeze(1)).squeeze(1))
print(torch.gather(x, 0, torch.tensor([[0, 1, 0], [1, 0, 1], [1, 1, 1]])))
