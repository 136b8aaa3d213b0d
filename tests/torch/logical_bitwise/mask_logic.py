# Building masks from comparisons with & | ~ and the logical functions.
import torch

x = torch.tensor([-3.0, -1.0, 0.0, 2.0, 5.0, 8.0])
inside = (x > -2) & (x < 6)
outside = (x <= -2) | (x >= 6)
print(inside, outside)
print(torch.equal(~inside, outside))
print(torch.equal(torch.logical_not(inside), outside))
print(x[inside], x[~inside])
print(inside.sum(), outside.sum())
print(torch.logical_xor(x > 0, x > 4))
print((x > 0) ^ (x > 4))
