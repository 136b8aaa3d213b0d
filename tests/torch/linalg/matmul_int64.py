# Integer matmul on the CPU is exact.
import torch

a = torch.tensor([[1, 2], [3, 4], [5, 6]])
b = torch.tensor([[7, 8, 9], [10, 11, 12]])
r = a @ b
print(r, r.dtype)
print(torch.mm(b, a))
print(torch.matmul(a, torch.tensor([1, -1])))
print(torch.tensor([1, 2, 3]) @ torch.tensor([4, 5, 6]))
big = torch.tensor([[100000, 100000]]) @ torch.tensor([[100000], [100000]])
print(big)
i32 = torch.tensor([[1, 2], [3, 4]], dtype=torch.int32)
print(i32 @ i32, (i32 @ i32).dtype)
print(torch.bmm(a.unsqueeze(0), b.unsqueeze(0)))
