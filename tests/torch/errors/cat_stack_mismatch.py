# cat and stack need matching shapes.
import torch

for label, fn in [
    ("cat 2x2 3x3", lambda: torch.cat([torch.ones(2, 2), torch.ones(3, 3)])),
    ("cat dim=0 2x2 2x3", lambda: torch.cat([torch.ones(2, 2), torch.ones(2, 3)], dim=0)),
    ("cat dim=1 2x2 3x2", lambda: torch.cat([torch.ones(2, 2), torch.ones(3, 2)], dim=1)),
    ("cat 2-d 1-d", lambda: torch.cat([torch.ones(2, 2), torch.ones(2)])),
    ("stack 2 3", lambda: torch.stack([torch.ones(2), torch.ones(3)])),
    ("stack 2x2 2x2 2x1", lambda: torch.stack([torch.ones(2, 2), torch.ones(2, 2), torch.ones(2, 1)])),
]:
    try:
        print(label, fn().shape)
    except RuntimeError as e:
        print(label, "RuntimeError:", e)
print(torch.cat([torch.ones(2, 2), torch.ones(2, 3)], dim=1).shape)
