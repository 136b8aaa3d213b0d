# chunk splits into at most n pieces of ceil(size / n) elements.
import torch

x = torch.arange(10)
for c in x.chunk(3):
    print(c)
print([c.shape[0] for c in torch.arange(5).chunk(4)])
print([c.shape[0] for c in torch.arange(6).chunk(4)])
print(len(torch.arange(4).chunk(10)))
m = torch.arange(12).reshape(3, 4)
a, b = m.chunk(2, dim=1)
print(a)
print(b)
print(torch.chunk(m, 3, dim=0))
print(type(m.chunk(2)).__name__)
