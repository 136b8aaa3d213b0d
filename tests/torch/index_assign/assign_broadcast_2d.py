# Assigned values broadcast to the shape of the indexed region.
import torch

x = torch.zeros(3, 4, dtype=torch.int64)
x[:] = torch.tensor([1, 2, 3, 4])
print(x)
x[:, :2] = torch.tensor([[10], [20], [30]])
print(x)
x[1:, 1:] = torch.tensor(0)
print(x)
y = torch.zeros(2, 3, 4)
y[:, 1] = torch.arange(4.0)
print(y)
y[0, :, 3] = torch.tensor([5.0, 6.0, 7.0])
print(y[0])
