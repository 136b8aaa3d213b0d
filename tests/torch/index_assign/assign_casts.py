# Values assigned into a tensor are converted to its dtype.
import torch

i = torch.zeros(4, dtype=torch.int64)
i[0] = 2.7
i[1] = -2.7
i[2] = True
i[3] = torch.tensor(5.9)
print(i)
f = torch.zeros(3)
f[0] = 1
f[1:] = torch.tensor([2, 3])
print(f, f.dtype)
b = torch.zeros(3, dtype=torch.bool)
b[0] = 5
b[2] = 0.5
print(b)
i32 = torch.zeros(2, dtype=torch.int32)
i32[:] = torch.tensor([1.9, -1.9])
print(i32)
d = torch.zeros(2, dtype=torch.float64)
d[0] = 0.1
print(d[0].item() == 0.1)
