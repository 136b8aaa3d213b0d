# Advanced-index assignment of a tensor needs the same dtype (basic indexing casts).
import torch

x = torch.zeros(3)
for label, fn in [
    ("x[[0, 2]] = float64", lambda: x.__setitem__([0, 2], torch.tensor([1.0, 2.0], dtype=torch.float64))),
    ("x[mask] = int64", lambda: x.__setitem__(torch.tensor([True, False, True]), torch.tensor([7, 8]))),
    ("x[[0]] = int64 0-dim", lambda: x.__setitem__([0], torch.tensor(4))),
]:
    try:
        fn()
        print(label, "ok", x)
    except RuntimeError as e:
        print(label, "RuntimeError:", e)
x[0:2] = torch.tensor([1, 2])
print(x)
x[[0, 2]] = 5
print(x)
x[torch.tensor([True, False, False])] = 9.5
print(x)
