# torch.enable_grad() re-enables tracking inside a no_grad block.
import torch

x = torch.tensor([3.0], requires_grad=True)
with torch.no_grad():
    a = x * 2
    with torch.enable_grad():
        print(torch.is_grad_enabled())
        b = x * 2
    print(torch.is_grad_enabled())
    c = x * 2
print(a.requires_grad, b.requires_grad, c.requires_grad)
b.backward()
print(x.grad)

with torch.enable_grad():
    print(torch.is_grad_enabled())
print(torch.is_grad_enabled())
