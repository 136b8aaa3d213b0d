# Storing a Python number that does not fit the tensor's dtype raises
# (fill_, full, item assignment, masked_fill, torch.tensor); arithmetic with
# such a number does not check.
import torch

i = torch.tensor([1, 2, 3])
i32 = torch.tensor([1, 2], dtype=torch.int32)
b = torch.tensor([True, False])
cases = [
    ("fill_ inf", lambda: i.clone().fill_(float("inf"))),
    ("fill_ nan", lambda: i.clone().fill_(float("nan"))),
    ("fill_ 1e30", lambda: i.clone().fill_(1e30)),
    ("int32 fill_ 2**40", lambda: i32.clone().fill_(2 ** 40)),
    ("setitem inf", lambda: i.clone().__setitem__(0, float("inf"))),
    ("int32 setitem", lambda: i32.clone().__setitem__(1, 2 ** 40)),
    ("full", lambda: torch.full((2,), float("inf"), dtype=torch.int64)),
    ("full float", lambda: torch.full((1,), 1e300)),
    ("masked_fill", lambda: i.masked_fill(i > 1, float("nan"))),
    ("tensor int32", lambda: torch.tensor([2 ** 40], dtype=torch.int32)),
    ("tensor int64", lambda: torch.tensor([1e30], dtype=torch.int64)),
]
for label, fn in cases:
    try:
        print(label, fn())
    except RuntimeError as e:
        print(label, "RuntimeError:", e)
print(b.clone().fill_(float("nan")))
print(torch.tensor([1e300], dtype=torch.float32))
print(i32 + 2 ** 40, i32 * 2 ** 33)
print(torch.mul(1e300, 2))
