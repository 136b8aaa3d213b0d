# The default dtype is float32 and is what float-producing creation uses.
import torch

print(torch.get_default_dtype())
print(torch.tensor([1.0]).dtype)
print(torch.tensor(1.0).dtype)
print(torch.zeros(2).dtype, torch.ones(2).dtype, torch.empty(2).dtype)
print(torch.full((2,), 0.5).dtype)
print(torch.arange(5).dtype, torch.arange(5.0).dtype)
print(torch.linspace(0, 1, 3).dtype)
print(torch.eye(2).dtype)
print(torch.rand(2).dtype, torch.randn(2).dtype)
print(torch.randint(0, 5, (2,)).dtype)
print(torch.get_default_dtype() == torch.float32)
