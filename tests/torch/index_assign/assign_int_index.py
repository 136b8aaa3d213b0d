# Assigning scalars to single elements and whole rows by integer index.
import torch

x = torch.zeros(3, 4)
x[0, 0] = 1.0
x[1, -1] = 2.5
x[-1] = 7.0
print(x)
x[0][2] = -3.0
print(x[0])
x[1] = torch.tensor([1.0, 2.0, 3.0, 4.0])
print(x)
v = torch.arange(5)
v[2] = 100
v[-1] = -1
print(v)
t = torch.zeros(2, 2, 2)
t[1, 0] = 5
t[0, 1, 1] = 9
print(t)
