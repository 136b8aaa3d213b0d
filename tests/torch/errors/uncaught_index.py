# An uncaught IndexError from tensor indexing.
import torch

x = torch.arange(6).reshape(2, 3)
print(x[1, 2])
for i in range(4):
    print(i, x[i])
print("not reached")
