# Python bools as operands behave like the ints 0 and 1 where allowed.
import torch

x = torch.tensor([1, 2, 3])
f = torch.tensor([1.5, 2.5])
b = torch.tensor([True, False])
r = x + True
print(r, r.dtype)
r = x * False
print(r, r.dtype)
r = f * True
print(r, r.dtype)
r = b + True
print(r, r.dtype)
r = b * True
print(r, r.dtype)
r = b & True
print(r, r.dtype)
r = b | False
print(r, r.dtype)
r = b ^ True
print(r, r.dtype)
print(x == True, b == True, b != False)
