# Converting a multi-element tensor to a Python scalar fails.
import torch

x = torch.tensor([1.0, 2.0])
for label, fn in [
    ("item", lambda: x.item()),
    ("int", lambda: int(x)),
    ("float", lambda: float(x)),
    ("bool", lambda: bool(x)),
    ("if", lambda: 1 if x > 0 else 0),
    ("len 0-d", lambda: len(torch.tensor(1))),
    ("iter 0-d", lambda: list(torch.tensor(1))),
    ("item empty", lambda: torch.tensor([]).item()),
]:
    try:
        print(label, fn())
    except (RuntimeError, ValueError, TypeError) as e:
        print(label, type(e).__name__ + ":", e)
print(x[0].item(), bool(x[1]), int(x.sum()))
