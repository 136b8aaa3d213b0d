# A dim outside [-ndim, ndim - 1] raises IndexError.
import torch

x = torch.ones(2, 3)
attempts = [
    ("sum(dim=2)", lambda: x.sum(dim=2)),
    ("transpose(0, 3)", lambda: x.transpose(0, 3)),
    ("softmax(dim=-3)", lambda: x.softmax(dim=-3)),
    ("max(dim=1) of 1-d", lambda: torch.ones(2).max(dim=1)),
    ("squeeze(2)", lambda: x.squeeze(2)),
    ("unsqueeze(3)", lambda: x.unsqueeze(3)),
    ("flatten(2)", lambda: x.flatten(2)),
    ("cat(dim=2)", lambda: torch.cat([x, x], dim=2)),
    ("tril of 1-d", lambda: torch.tensor([1, 2]).tril()),
    ("size(2)", lambda: x.size(2)),
]
for label, fn in attempts:
    try:
        fn()
        print(label, "ok")
    except IndexError as e:
        print(label, "IndexError:", e)
