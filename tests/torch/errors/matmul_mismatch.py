# Incompatible matrix products raise RuntimeError.
import torch

cases = [
    ("2x3 @ 2x3", lambda: torch.ones(2, 3) @ torch.ones(2, 3)),
    ("mm 4x1 2x2", lambda: torch.mm(torch.ones(4, 1), torch.ones(2, 2))),
    ("3 @ 4", lambda: torch.ones(3) @ torch.ones(4)),
    ("dot 3 4", lambda: torch.dot(torch.ones(3), torch.ones(4))),
    ("bmm", lambda: torch.bmm(torch.ones(2, 2, 3), torch.ones(2, 2, 3))),
    ("mm 2x2 2", lambda: torch.ones(2, 2).mm(torch.ones(2))),
    ("dot float long", lambda: torch.dot(torch.ones(2), torch.tensor([1, 2]))),
]
for label, fn in cases:
    try:
        print(label, fn())
    except RuntimeError as e:
        print(label, "->", type(e).__name__ + ":", e)
# matrix @ vector of the wrong length: only the exception type is checked here
try:
    torch.matmul(torch.ones(3, 5), torch.ones(3))
except RuntimeError as e:
    print("matmul 3x5 3 ->", type(e).__name__)
