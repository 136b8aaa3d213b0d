# A reshape to the wrong number of elements, uncaught.
import torch

x = torch.arange(12)
print(x.reshape(3, 4).shape)
print(x.reshape(2, -1).shape)
y = x.reshape(5, -1)
print("not reached", y)
