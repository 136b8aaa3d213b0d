# Summarised 2-d and 3-d tensors: ... rows and columns.
import torch

print(torch.ones(100, 100))
print(torch.arange(10000).reshape(100, 100))
print(torch.arange(3000.0).reshape(3, 1000))
print(torch.arange(2000).reshape(1000, 2))
print(torch.zeros(20, 20, 20))
