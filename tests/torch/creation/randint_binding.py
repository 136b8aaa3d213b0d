# torch.randint's four signatures, bound as PyTorch's parser binds them
# (the registry's overloads: [low,] high, size, with or without a
# generator keyword): shapes, dtypes and ranges of the samples (Kiln's
# generator draws other numbers than PyTorch's), keywords, and the errors.
import torch

torch.manual_seed(0)


def show(f):
    try:
        r = f()
        print(tuple(r.shape), r.dtype, bool(((r >= -3) & (r < 10)).all()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


show(lambda: torch.randint(10, (3,)))
show(lambda: torch.randint(2, 10, (2, 2)))
show(lambda: torch.randint(high=10, size=(4,)))
show(lambda: torch.randint(low=1, high=10, size=(4,)))
show(lambda: torch.randint(-3, 0, [5]))
show(lambda: torch.randint(3, size=(2,), dtype=torch.float32))
show(lambda: torch.randint(10, [3], generator=None))
show(lambda: torch.randint(0, 10, (3,), generator=None))
show(lambda: torch.randint(torch.tensor(5), (2,)))
show(lambda: torch.randint(True, (2,)))
show(lambda: torch.randint(10, ()))
show(lambda: torch.randint(10))
show(lambda: torch.randint(10, 3))
show(lambda: torch.randint())
show(lambda: torch.randint(5, 2, (3,)))
show(lambda: torch.randint(1.5, (3,)))
show(lambda: torch.randint(1, 2.5, (3,)))
show(lambda: torch.randint(size=(3,)))
show(lambda: torch.randint(10, (3,), foo=1))
show(lambda: torch.randint(10, (2,), requires_grad=True))
