# Accumulating into a tensor in a loop with += and in-place methods.
import torch

acc = torch.zeros(3)
for k in range(1, 5):
    acc += torch.tensor([1.0, float(k), float(k * k)])
print(acc)
prod = torch.ones(2, dtype=torch.int64)
for k in range(1, 6):
    prod.mul_(k)
print(prod)
state = torch.tensor([3.0, 4.0])
rot = torch.tensor([[0.0, -1.0], [1.0, 0.0]])
for _ in range(3):
    state = rot @ state
print(state)
m = torch.zeros(3, 3)
for i in range(3):
    m[i, i] += i + 1
    m[i] *= 2
print(m)
