# Longer expressions mixing tensors and scalars evaluate left to right with precedence.
import torch

x = torch.tensor([1.0, 2.0, 3.0, 4.0])
y = 2 * x + 1
print(y)
print(1 - x / 2)
print((x - 2.5) ** 2)
print(x * x - 2 * x + 1)
print(3 * (x + 1) // 2)
print(-x ** 2)
print((-x) ** 2)
print(2 ** x - x ** 2)
z = (x + 1) / (x - 1 + 2)
print(z)
i = torch.arange(5)
print(i * 10 % 7, (i + 1) ** 2 // 3)
