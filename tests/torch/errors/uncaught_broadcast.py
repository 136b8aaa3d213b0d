# An uncaught broadcast error ends the program with a traceback.
import torch

a = torch.arange(3.0)
b = torch.arange(4.0)
print(a, b)
print(a + a)
c = a + b
print("not reached", c)
