# torch.set_grad_enabled(mode) as a context manager and as a plain call.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.set_grad_enabled(False):
    print(torch.is_grad_enabled())
    y = x * x
print(torch.is_grad_enabled(), y.requires_grad)

with torch.set_grad_enabled(True):
    z = x * x
print(z.requires_grad)

for training in [True, False]:
    with torch.set_grad_enabled(training):
        out = (x * 3).sum()
    print(training, out.requires_grad)

torch.set_grad_enabled(False)
print(torch.is_grad_enabled())
u = x + 1
print(u.requires_grad)
torch.set_grad_enabled(True)
print(torch.is_grad_enabled())
v = x + 1
print(v.requires_grad)

with torch.no_grad():
    with torch.set_grad_enabled(True):
        print(torch.is_grad_enabled())
    print(torch.is_grad_enabled())
