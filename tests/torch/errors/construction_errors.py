# Invalid arguments to the creation functions.
import torch

for label, fn in [
    ("ragged list", lambda: torch.tensor([[1, 2], [3]])),
    ("zeros(-1)", lambda: torch.zeros(-1)),
    ("arange step 0", lambda: torch.arange(0, 10, 0)),
    ("linspace steps -1", lambda: torch.linspace(0, 1, -1)),
    ("randint low >= high", lambda: torch.randint(5, 2, (3,))),
    ("clamp without bounds", lambda: torch.ones(3).clamp()),
    ("permute duplicate", lambda: torch.zeros(2, 3).permute(0, 0)),
]:
    try:
        print(label, fn())
    except (RuntimeError, ValueError) as e:
        print(label, type(e).__name__ + ":", e)
