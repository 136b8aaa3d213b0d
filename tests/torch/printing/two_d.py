# 2-d tensors print one row per line, aligned.
import torch

print(torch.tensor([[1, 2], [3, 4]]))
print(torch.tensor([[1.5, -2.25, 3.0], [4.0, 5.5, -6.125]]))
print(torch.tensor([[10.0, 200.0], [3000.0, 4.0]]))
print(torch.tensor([[True, False], [False, True]]))
print(torch.eye(3))
print(torch.tensor([[1.0], [2.0], [3.0]]))
print(torch.tensor([[1.0, 2.0, 3.0]]))
print(torch.arange(12).reshape(3, 4).t())
