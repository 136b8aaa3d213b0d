# Mixing ints, slices, None, ..., masks and index tensors in one subscript.
import torch

x = torch.arange(24).reshape(2, 3, 4)
print(x[1:, None, ::2])
print(x[1:, None, ::2].shape)
print(x[..., 0])
idx = torch.tensor([1, 0, 1])
print(x[idx, 1])
print(x[idx, 1].shape)
print(x[0, :, torch.tensor([0, 3])])
print(x[:, [0, 2], 1])
print(x[[0, 1], :, [1, 2]])
print(x[[0, 1], :, [1, 2]].shape)
print(x[1, [2, 0]][:, 1:3])
print(x[:, 1, torch.tensor([True, False, False, True])])
print(x[None, 1, ..., -1])
