# Writing a view while reading another view of the same memory that
# partly overlaps it is refused, as PyTorch does (the loop would read
# elements it has already written); the same view, a broadcast input and
# disjoint views are fine.
import torch


def attempt(name, f):
    a = torch.arange(8.0)
    try:
        f(a)
        print(name, "ok", a.tolist())
    except RuntimeError as e:
        print(name, "RuntimeError:", e)


attempt("add_", lambda a: a[1:5].add_(a[:4]))
attempt("add_ alpha", lambda a: a[1:5].add_(a[:4], alpha=2))
attempt("sub_", lambda a: a[:4].sub_(a[2:6]))
attempt("mul_ transposed", lambda a: a.view(4, 2).t().mul_(a.view(2, 4)))
attempt("setitem", lambda a: a.__setitem__(slice(1, None), a[:-1]))
attempt("copy_", lambda a: a[1:].copy_(a[:-1]))
attempt("addcmul_", lambda a: a[1:5].addcmul_(a[:4], a[4:]))
attempt("lerp_", lambda a: a[1:5].lerp_(a[:4], 0.5))
attempt("same view", lambda a: a[1:5].add_(a[1:5]))
attempt("disjoint", lambda a: a[:4].add_(a[4:]))
attempt("broadcast", lambda a: a[1:5].sub_(a[:1]))
attempt("strided", lambda a: a.view(2, 4)[:, :2].mul_(a.view(2, 4)[:, 1:3]))
attempt("copy_ self", lambda a: a.copy_(a))
b = torch.arange(6.0)
b[1:] = b[:-1].clone()
print(b.tolist())
