# Tensors inside f-strings, str(), repr(), and containers.
import torch

x = torch.tensor([1.5, 2.0])
print(f"x = {x}")
print(f"{x.sum()} {x.shape} {x.dtype}")
print(str(x) == repr(x))
print("value: " + str(torch.tensor(3)))
print(repr(torch.tensor([[1, 2], [3, 4]])))
print([torch.tensor(1), torch.tensor(2.5)])
print((torch.tensor([1]), torch.tensor([True])))
print({"a": torch.tensor([0.5])})
s = f"{torch.tensor([[1.0, 2.0], [3.0, 4.0]])}"
print(s.count("\n"), len(s))
print(f"{x.sum().item():.2f} {x[0].item()!r}")
