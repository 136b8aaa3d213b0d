# Augmented assignment operators modify the tensor in place (same object).
import torch

x = torch.tensor([1.0, 2.0, 3.0])
alias = x
x += 1
x -= 0.5
x *= 4
x /= 2
print(x, alias is x, alias)
x **= 2
print(alias)
x //= 3
print(alias)
x %= 4
print(alias)
i = torch.tensor([12, 10, 7])
j = i
i &= 6
print(j)
i |= 1
print(j)
i ^= 3
print(j)
i += torch.tensor([1, 1, 1])
print(i is j)
print(j)
