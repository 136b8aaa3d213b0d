# Integer division by zero, negative powers, and in-place results that cannot be cast.
import torch

i = torch.tensor([1, 2, 3])
for label, fn in [
    ("i ** -1", lambda: i ** -1),
    ("i // 0", lambda: i // 0),
    ("i % 0", lambda: i % 0),
    ("div trunc by 0", lambda: torch.div(i, 0, rounding_mode='trunc')),
    ("i.div_(2)", lambda: i.div_(2)),
    ("i.add_(0.5)", lambda: i.add_(0.5)),
    ("i.sqrt_()", lambda: i.sqrt_()),
    ("alpha float", lambda: torch.add(i, i, alpha=0.5)),
    ("bad rounding", lambda: torch.div(i, 2, rounding_mode='round')),
]:
    try:
        print(label, fn())
    except RuntimeError as e:
        print(label, "RuntimeError:", e)
try:
    i += 1.5
except RuntimeError as e:
    print("i += 1.5", "RuntimeError:", e)
print(i, i / 0, i.float() // 0)
