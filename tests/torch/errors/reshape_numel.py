# reshape / unflatten / expand with impossible sizes.
import torch

x = torch.arange(6)
for label, fn in [
    ("reshape(4, 2)", lambda: x.reshape(4, 2)),
    ("reshape(4, -1)", lambda: x.reshape(4, -1)),
    ("reshape(7)", lambda: x.reshape(7)),
    ("reshape(-1, 4)", lambda: x.reshape(-1, 4)),
    ("unflatten(0, (4, 2))", lambda: x.unflatten(0, (4, 2))),
    ("expand(2, 2)", lambda: torch.ones(3).expand(2, 2)),
    ("split([1, 2])", lambda: torch.ones(4).split([1, 2])),
    ("narrow(0, 2, 2)", lambda: torch.ones(3).narrow(0, 2, 2)),
    ("chunk(0)", lambda: torch.ones(4).chunk(0)),
    ("repeat(2)", lambda: torch.ones(2, 3).repeat(2)),
]:
    try:
        print(label, fn())
    except RuntimeError as e:
        print(label, "RuntimeError:", e)
