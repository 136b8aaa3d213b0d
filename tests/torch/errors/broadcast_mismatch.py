# Shapes that do not broadcast raise RuntimeError naming the dimension.
import torch


def attempt(label, fn):
    try:
        r = fn()
        print(label, "ok", r.shape)
    except RuntimeError as e:
        print(label, type(e).__name__, e)


a = torch.ones(3)
b = torch.ones(4)
attempt("a + b", lambda: a + b)
attempt("a * b", lambda: torch.mul(a, b))
attempt("2x3 + 3x2", lambda: torch.ones(2, 3) + torch.ones(3, 2))
attempt("2x3 - 2", lambda: torch.ones(2, 3) - torch.ones(2))
attempt("2x3 - 2x1", lambda: torch.ones(2, 3) - torch.ones(2, 1))
attempt("4x1x3 < 2x3", lambda: torch.ones(4, 1, 3) < torch.ones(2, 3))
attempt("5x2x3 == 4x3", lambda: torch.ones(5, 2, 3) == torch.ones(4, 3))
attempt("where", lambda: torch.where(torch.ones(3) > 0, torch.ones(3), torch.ones(2)))
attempt("maximum", lambda: torch.maximum(torch.ones(2, 2), torch.ones(3)))
