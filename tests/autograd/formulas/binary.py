# kiln-float-tolerance: 1e-4
# Gradients of the binary arithmetic ops with respect to both operands.
import torch

upstream = torch.tensor([1.0, -2.0, 0.5, 3.0])

def grads(fn):
    a = torch.tensor([1.5, -2.0, 3.0, 0.5], requires_grad=True)
    b = torch.tensor([2.0, 4.0, -1.0, 0.25], requires_grad=True)
    fn(a, b).backward(upstream)
    return a.grad, b.grad

cases = [
    ("a + b", lambda a, b: a + b),
    ("a - b", lambda a, b: a - b),
    ("add alpha=3", lambda a, b: torch.add(a, b, alpha=3)),
    ("sub alpha=2", lambda a, b: torch.sub(a, b, alpha=2)),
    ("a.add(b, alpha=-0.5)", lambda a, b: a.add(b, alpha=-0.5)),
    ("a * b", lambda a, b: a * b),
    ("a / b", lambda a, b: a / b),
    ("torch.mul", lambda a, b: torch.mul(a, b)),
    ("torch.div", lambda a, b: torch.div(a, b)),
    ("b - a * a", lambda a, b: b - a * a),
    ("a / (b * b)", lambda a, b: a / (b * b)),
]
for name, fn in cases:
    ga, gb = grads(fn)
    print(name)
    print(" ", ga)
    print(" ", gb)
