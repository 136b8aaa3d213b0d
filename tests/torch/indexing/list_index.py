# Lists of ints work like int64 index tensors.
import torch

m = torch.arange(12).reshape(3, 4)
print(m[[0, 2]])
print(m[[2, 2, 0]].shape)
print(m[[0, 1, 2], [1, 2, 3]])
print(m[:, [0, 3]])
print(m[[1], [2]])
print(m[[0, 2], 1:3])
print(m[[-1, 0]])
print(torch.equal(m[[0, 2]], m[torch.tensor([0, 2])]))
print(m[torch.tensor([[0, 1], [2, 0]])].shape)
