# unsqueeze inserts a size-1 dim; squeeze removes size-1 dims.
import torch

x = torch.tensor([1, 2, 3])
print(x.unsqueeze(0), x.unsqueeze(0).shape)
print(x.unsqueeze(1))
print(x.unsqueeze(-1).shape, torch.unsqueeze(x, -2).shape)
y = torch.zeros(1, 3, 1, 2, 1)
print(y.squeeze().shape)
print(y.squeeze(0).shape, y.squeeze(2).shape, y.squeeze(-1).shape)
print(y.squeeze(1).shape)
print(torch.squeeze(y).shape, torch.squeeze(y, 4).shape)
print(torch.tensor([[5]]).squeeze(), torch.tensor([[5]]).squeeze().shape)
print(torch.tensor(3.0).unsqueeze(0))
print(x.unsqueeze(1).unsqueeze(0).shape)
