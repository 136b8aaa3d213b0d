# In-place writes into expanded (self-overlapping) tensors are refused.
import torch

e = torch.zeros(3).expand(2, 3)
for label, fn in [
    ("add_", lambda: e.add_(1)),
    ("fill_", lambda: e.fill_(2.0)),
    ("copy_", lambda: e.copy_(torch.ones(2, 3))),
]:
    try:
        fn()
        print(label, "ok")
    except RuntimeError as e2:
        print(label, "RuntimeError:", e2)
# a contiguous copy can be written
c = e.contiguous()
c.add_(1)
print(c)
