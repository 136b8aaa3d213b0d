# chunk and split return views of the original storage.
import torch

x = torch.arange(10.0)
a, b = x.chunk(2)
a[0] = 50.0
b[-1] = 60.0
print(x)
parts = x.split([3, 3, 4])
parts[1].zero_()
print(x)
m = torch.zeros(2, 4)
left, right = m.split(2, dim=1)
right.fill_(1.0)
print(m)
print(right.stride(), right.storage_offset())
