# Augmented assignment to indexed elements: x[i] += v.
import torch

x = torch.tensor([1.0, 2.0, 3.0, 4.0])
x[0] += 10
x[1:3] *= 2
x[-1] -= 0.5
print(x)
m = torch.ones(2, 3)
m[:, 1] += torch.tensor([1.0, 2.0])
m[m > 1] *= 10
print(m)
m[[0, 1], [0, 2]] += 5
print(m)
i = torch.arange(6).reshape(2, 3)
i[1] //= 2
i[0, 2] **= 3
print(i)
