# Advanced-index assignment of a tensor needs the same dtype (basic indexing casts).
import torch

x = torch.zeros(3)


def put_list_float64():
    x[[0, 2]] = torch.tensor([1.0, 2.0], dtype=torch.float64)


def put_mask_int64():
    x[torch.tensor([True, False, True])] = torch.tensor([7, 8])


def put_list_int64_0dim():
    x[[0]] = torch.tensor(4)


for label, fn in [("x[[0, 2]] = float64", put_list_float64),
                  ("x[mask] = int64", put_mask_int64),
                  ("x[[0]] = int64 0-dim", put_list_int64_0dim)]:
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
