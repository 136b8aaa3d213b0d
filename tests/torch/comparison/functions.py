# eq / ne / lt / le / gt / ge as functions and methods.
import torch

a = torch.tensor([1, 2, 3, 4])
b = torch.tensor([2, 2, 2, 2])
print(torch.eq(a, b), a.eq(b))
print(torch.ne(a, b), a.ne(b))
print(torch.lt(a, b), a.lt(b))
print(torch.le(a, b), a.le(b))
print(torch.gt(a, b), a.gt(b))
print(torch.ge(a, b), a.ge(b))
print(torch.eq(a, 3), a.gt(2.5), torch.le(a, 1))
print(torch.equal(torch.gt(a, b), a > b))
