# grad_fn.name() of primitive tensor ops.
import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
y = torch.tensor([[0.5, 1.0], [1.5, 2.0]], requires_grad=True)
cases = [
    ("x + y", x + y),
    ("x - y", x - y),
    ("x * y", x * y),
    ("x / y", x / y),
    ("x * 2", x * 2),
    ("x + 1", x + 1),
    ("-x", -x),
    ("x.sum()", x.sum()),
    ("x.sum(0)", x.sum(0)),
    ("x.mean()", x.mean()),
    ("torch.mm(x, y)", torch.mm(x, y)),
    ("x.view(4)", x.view(4)),
    ("x.t()", x.t()),
    ("x.expand(2, 2, 2)", x.expand(2, 2, 2)),
    ("x.exp()", x.exp()),
    ("x.log()", x.log()),
    ("x.tanh()", x.tanh()),
    ("x.sigmoid()", x.sigmoid()),
    ("x.relu()", x.relu()),
    ("x ** 2", x ** 2),
    ("x.clone()", x.clone()),
    ("torch.cat([x, y])", torch.cat([x, y])),
]
for label, t in cases:
    print(f"{label:20s} {t.grad_fn.name()}")
