# torch.Size is a tuple of ints.
import torch

s = torch.zeros(2, 3, 4).shape
print(s, repr(s), str(s))
print(len(s), s[0], s[-1], s[1:], s[:0])
a, b, c = s
print(a, b, c, a * b * c)
print(tuple(s), list(s))
print(s == (2, 3, 4), s == [2, 3, 4], (2, 3, 4) == s)
print(isinstance(s, tuple))
print([d for d in s], sum(s), max(s))
print(torch.Size([2, 3]), torch.Size([]), torch.Size([0]))
print(torch.Size([5, 6])[1])
print(f"{s}", "shape: " + str(s))
print(torch.zeros(s).shape, torch.ones(s[1:]).shape)
n = 1
for d in s:
    n *= d
print(n == torch.zeros(s).numel())
