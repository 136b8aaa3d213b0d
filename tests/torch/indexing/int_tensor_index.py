# Integer tensors as indices gather rows (a copy); the result takes the index's shape.
import torch

x = torch.tensor([10, 20, 30, 40, 50])
print(x[torch.tensor([0, 2, 4])])
print(x[torch.tensor([4, 4, 0, -1])])
print(x[torch.tensor([[0, 1], [3, 2]])])
m = torch.arange(12).reshape(3, 4)
print(m[torch.tensor([2, 0])])
print(m[torch.tensor([[0], [2]])].shape)
print(m[:, torch.tensor([3, 0])])
print(m[torch.tensor([0, 1, 2]), torch.tensor([3, 2, 1])])
print(m[torch.tensor([[0, 0], [2, 2]]), torch.tensor([[0, 3], [0, 3]])])
print(m[torch.tensor(1)], m[torch.tensor(1)].shape)
print(x[torch.tensor([], dtype=torch.int64)])
