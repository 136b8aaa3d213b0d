# None inserts a size-1 dim; ... stands for all remaining dims.
import torch

x = torch.arange(24).reshape(2, 3, 4)
print(x[None].shape, x[:, None].shape, x[..., None].shape)
print(x[None, :, None].shape)
print(x[..., 0])
print(x[..., 1:3].shape)
print(x[0, ...].shape, x[..., 0, 0])
print(x[1, ..., 2])
print(x[..., None, 0].shape)
v = torch.tensor([1, 2, 3])
print(v[None], v[:, None])
print(v[None, :] * v[:, None])
print(torch.tensor(5)[None], torch.tensor(5)[...], torch.tensor(5)[None].shape)
