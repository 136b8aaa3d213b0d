# Subtraction and negation are not defined on bool tensors.
import torch

b = torch.tensor([True, False])
for label, fn in [
    ("b - b", lambda: b - b),
    ("-b", lambda: -b),
    ("b - 1", lambda: b - 1),
    ("1 - b", lambda: 1 - b),
    ("torch.sub(b, b)", lambda: torch.sub(b, b)),
    ("b.neg()", lambda: b.neg()),
]:
    try:
        print(label, fn())
    except RuntimeError as e:
        print(label, "RuntimeError:", e)
# the suggested alternatives work
print(b ^ b, ~b, b.long() - 1)
