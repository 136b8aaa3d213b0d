# Indices out of bounds raise IndexError (index_select and gather differ).
import torch

x = torch.arange(6).reshape(2, 3)
attempts = [
    ("v[5]", lambda: torch.ones(3)[5]),
    ("x[0, 3]", lambda: x[0, 3]),
    ("x[-3]", lambda: x[-3]),
    ("x[0, 0, 0]", lambda: x[0, 0, 0]),
    ("v[tensor([0, 5])]", lambda: torch.ones(3)[torch.tensor([0, 5])]),
    ("x[[0, 2]]", lambda: x[[0, 2]]),
    ("bad mask", lambda: torch.ones(3)[torch.tensor([True, False])]),
    ("index_select", lambda: torch.ones(3).index_select(0, torch.tensor([3]))),
    ("select", lambda: x.select(1, 5)),
]
for label, fn in attempts:
    try:
        fn()
        print(label, "ok")
    except IndexError as e:
        print(label, "IndexError:", e)
try:
    torch.ones(3).gather(0, torch.tensor([3]))
except RuntimeError as e:
    print("gather", type(e).__name__ + ":", e)
try:
    x[2] = 0
except IndexError as e:
    print("x[2] = 0", "IndexError:", e)
