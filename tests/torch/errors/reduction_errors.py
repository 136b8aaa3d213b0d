# Reductions of empty tensors that have no identity element.
import torch

for label, fn in [
    ("max of empty", lambda: torch.tensor([]).max()),
    ("max(dim=0) of 0x3", lambda: torch.zeros(0, 3).max(dim=0)),
    ("argmax of empty", lambda: torch.tensor([]).argmax()),
    ("amax of empty", lambda: torch.tensor([]).amax()),
]:
    try:
        print(label, fn())
    except (RuntimeError, IndexError) as e:
        print(label, type(e).__name__ + ":", e)
# these have an identity and work
print(torch.tensor([]).sum(), torch.tensor([]).prod(), torch.tensor([]).all(), torch.tensor([]).any())
print(torch.zeros(0, 3).sum(dim=0), torch.zeros(3, 0).max(dim=0))
