# Integer indices, negative ones too, give views of lower rank.
import torch

x = torch.arange(24).reshape(2, 3, 4)
print(x[0])
print(x[1, 2])
print(x[1, 2, 3], x[1, 2, 3].shape)
print(x[-1, -1, -1], x[-2, 0, -4])
print(x[0][1][2], x[1][-1])
v = torch.tensor([10.0, 20.0, 30.0])
print(v[0], v[-1], v[1].item())
print(x[1].shape, x[1, 0].shape, x[1, 0, 0].dim())
print(torch.tensor([[1, 2], [3, 4]])[1, 0])
