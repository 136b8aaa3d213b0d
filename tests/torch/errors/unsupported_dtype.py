# Ops that need floating-point (or integer) inputs reject the others.
import torch

i = torch.tensor([1, 2])
f = torch.tensor([1.0, 2.0])
for label, fn in [
    ("mean of int64", lambda: i.mean()),
    ("var of int64", lambda: i.var()),
    ("std of int64", lambda: torch.std(i)),
    ("norm of int64", lambda: i.norm()),
    ("float & float", lambda: f & f),
    ("bitwise_or float", lambda: torch.bitwise_or(f, 1)),
    ("where with int cond", lambda: torch.where(torch.tensor([1, 0]), f, f)),
]:
    try:
        print(label, fn())
    except RuntimeError as e:
        print(label, "RuntimeError:", e)
try:
    ~f
except TypeError as e:
    print("~float", "TypeError:", e)
# kernel-specific messages: only the type is checked
for label, fn in [("softmax of int64", lambda: i.softmax(0)),
                  ("abs of bool", lambda: torch.abs(torch.tensor([True])))]:
    try:
        fn()
    except RuntimeError as e:
        print(label, type(e).__name__)
print(i.float().mean(), i.sum())
