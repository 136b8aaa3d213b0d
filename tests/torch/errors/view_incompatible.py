# view needs compatible strides and the right number of elements.
import torch

x = torch.arange(6.0).reshape(2, 3)
for label, fn in [
    ("t().view(6)", lambda: x.t().view(6)),
    ("t().view(-1)", lambda: x.t().view(-1)),
    ("view(4)", lambda: x.view(4)),
    ("view(-1, -1)", lambda: x.view(-1, -1)),
    ("view(4, -1)", lambda: x.view(4, -1)),
    ("[:, ::2].view(4)", lambda: x[:, ::2].view(4)),
]:
    try:
        print(label, fn().shape)
    except RuntimeError as e:
        print(label, "RuntimeError:", e)
# reshape works where view does not
print(x.t().reshape(6))
