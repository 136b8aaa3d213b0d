# zeros / ones / full with sizes given as varargs, a tuple or a list.
import torch

print(torch.zeros(3))
print(torch.zeros(2, 3))
print(torch.zeros((2, 3)).shape)
print(torch.zeros([3, 1]))
print(torch.ones(2, 2))
print(torch.ones(3, dtype=torch.int64))
print(torch.ones(2, dtype=torch.bool))
print(torch.zeros(2, 2, dtype=torch.float64))
print(torch.zeros(2, dtype=torch.int32))

# full infers its dtype from the fill value
a = torch.full((2, 3), 7)
print(a, a.dtype)
b = torch.full((2,), 1.5)
print(b, b.dtype)
c = torch.full((3,), True)
print(c, c.dtype)
d = torch.full([2, 2], -2, dtype=torch.float64)
print(d)
e = torch.full((1, 2), 2.75, dtype=torch.int32)
print(e)

# size 0 dimensions and no dimensions at all
print(torch.zeros(0).shape, torch.ones(2, 0).shape)
z = torch.zeros(())
print(z, z.shape, z.dim())
