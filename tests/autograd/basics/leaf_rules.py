# Which tensors are leaves: created by the user, results of ops on tensors
# that need no grad, detached tensors; results of tracked ops are not.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = torch.tensor([3.0, 4.0])
cases = [
    ("x", x),
    ("y", y),
    ("x * 2", x * 2),
    ("y * 2", y * 2),
    ("x.detach()", x.detach()),
    ("(x * 2).detach()", (x * 2).detach()),
    ("x.clone()", x.clone()),
    ("x[0]", x[0]),
    ("x.view(2, 1)", x.view(2, 1)),
    ("x.sum()", x.sum()),
    ("x + y", x + y),
    ("y.exp()", y.exp()),
]
for name, t in cases:
    print(f"{name}: leaf={t.is_leaf} requires_grad={t.requires_grad} has_grad_fn={t.grad_fn is not None}")

# requires_grad_ on a non-leaf that already requires grad is allowed and keeps it
z = x * 3
z.requires_grad_()
print(z.requires_grad, z.is_leaf)
try:
    z.requires_grad_(False)
except RuntimeError as e:
    print("RuntimeError", str(e).split("\n")[0])
