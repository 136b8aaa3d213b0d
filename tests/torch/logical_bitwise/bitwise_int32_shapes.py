# Bitwise ops broadcast and keep the widest int dtype.
import torch

a = torch.tensor([[1, 2], [4, 8]], dtype=torch.int32)
b = torch.tensor([3, 12], dtype=torch.int32)
print(a | b)
print(a & b, (a & b).dtype)
print(a ^ torch.tensor([[15], [0]]), (a ^ torch.tensor([[15], [0]])).dtype)
print(~a)
print(torch.bitwise_and(a, 2))
print(torch.bitwise_or(torch.tensor([True, False]), torch.tensor([1, 2])))
