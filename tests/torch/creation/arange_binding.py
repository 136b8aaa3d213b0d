# torch.arange's three signatures, bound as PyTorch's parser binds them
# (the registry's overloads: arange(end), arange(start, end),
# arange(start, end, step)): keywords, numbers of each kind, one-element
# tensors, the factory keywords, and the errors: the one signature a call's
# argument count admits reports its own, otherwise the TypeError lists the
# signatures.
import torch


def show(f):
    try:
        r = f()
        print(r, r.dtype)
    except Exception as e:
        print(type(e).__name__ + ":", e)


show(lambda: torch.arange(5))
show(lambda: torch.arange(end=3))
show(lambda: torch.arange(2, 7))
show(lambda: torch.arange(start=1, end=4))
show(lambda: torch.arange(1, end=4))
show(lambda: torch.arange(1, 4, 0.5))
show(lambda: torch.arange(0, 1, step=0.25, dtype=torch.float64))
show(lambda: torch.arange(start=10, end=0, step=-3))
show(lambda: torch.arange(True))
show(lambda: torch.arange(torch.tensor(4)))
show(lambda: torch.arange(torch.tensor([2.5])))
show(lambda: torch.arange(2.5, dtype=torch.int64))
show(lambda: torch.arange(4, requires_grad=False, device="cpu"))
show(lambda: torch.arange(3.0, requires_grad=True))
show(lambda: torch.arange(3, requires_grad=True))
show(lambda: torch.arange(5, 1))
show(lambda: torch.arange(0, 5, 0))
show(lambda: torch.arange("a"))
show(lambda: torch.arange(1, "b"))
show(lambda: torch.arange(start=5))
show(lambda: torch.arange())
show(lambda: torch.arange(1, 2, 3, 4))
show(lambda: torch.arange(step=2, end=6))
show(lambda: torch.arange(2, foo=1))
show(lambda: torch.arange(1, 2, 3, foo=1))
