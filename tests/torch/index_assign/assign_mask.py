# Assignment through boolean masks: a scalar or one value per True element.
import torch

x = torch.tensor([[1.0, -2.0, 3.0], [-4.0, 5.0, -6.0]])
y = x.clone()
y[y < 0] = 0.0
print(y)
z = x.clone()
z[z > 0] = torch.tensor([10.0, 30.0, 50.0])
print(z)
w = x.clone()
w[torch.tensor([False, True])] = 9.0
print(w)
w[:, torch.tensor([True, False, True])] = -1.0
print(w)
i = torch.arange(10)
i[i % 3 == 0] = -1
print(i)
m = torch.tensor([[1, 2], [3, 4]])
m[m == 5] = 0
print(m)
