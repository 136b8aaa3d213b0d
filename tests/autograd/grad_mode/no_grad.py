# torch.no_grad(): results computed inside do not require grad.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
print(torch.is_grad_enabled())
with torch.no_grad():
    print(torch.is_grad_enabled())
    y = x * 2
    print(y.requires_grad, y.grad_fn is None, y.is_leaf)
    z = x.sum()
    print(z.requires_grad)
print(torch.is_grad_enabled())
w = x * 2
print(w.requires_grad)

# a parameter update under no_grad keeps the tensor a leaf
with torch.no_grad():
    x -= 0.5 * torch.tensor([1.0, 1.0])
print(x, x.is_leaf, x.requires_grad)

# no_grad is restored when an exception leaves the block
try:
    with torch.no_grad():
        raise ValueError("boom")
except ValueError as e:
    print("caught", e)
print(torch.is_grad_enabled())

# nesting
with torch.no_grad():
    with torch.no_grad():
        print(torch.is_grad_enabled())
    print(torch.is_grad_enabled())
print(torch.is_grad_enabled())
