# sign of floats, ints and bools.
import torch

x = torch.tensor([-2.5, 0.0, 3.0, -0.001, float("inf"), -float("inf"), -0.0])
print(torch.sign(x))
print(x.sign())
i = torch.tensor([-7, 0, 12])
print(torch.sign(i), torch.sign(i).dtype)
i32 = torch.tensor([-7, 5], dtype=torch.int32)
print(i32.sign())
b = torch.tensor([True, False])
print(torch.sign(b), torch.sign(b).dtype)
print(torch.sign(torch.tensor(-4.0)))
