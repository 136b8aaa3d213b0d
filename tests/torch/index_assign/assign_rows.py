# x[0] = row and x[i, :] = row copy values; the row is not aliased.
import torch

x = torch.zeros(3, 3)
row = torch.tensor([1.0, 2.0, 3.0])
x[0] = row
x[2, :] = row * 10
print(x)
row[0] = 100.0
print(x[0])
x[1] = x[0] + x[2]
print(x)
x[0], x[2] = x[2].clone(), x[0].clone()
print(x)
col = torch.tensor([[7.0], [8.0], [9.0]])
x[:, 1:2] = col
print(x)
