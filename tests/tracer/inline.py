# vmrun-flags: --hot-threshold=1
# Inlined calls: a helper with defaults and keywords, a closure, a lambda, a
# list comprehension, *args (received and passed on), and loops over ranges,
# lists and tensor rows.
import torch


def norm(t, eps=1e-5, *, dim=-1):
    return t / (t.abs().sum(dim=dim, keepdim=True) + eps)


def f(x, ws):
    k = 3
    g = lambda t: t * k
    parts = [g(norm(x, dim=1)) + w for w in ws]
    total = sum(parts)
    for i in range(2):
        total = total - i
    rows = [r.max() for r in x]
    return torch.cat(parts, 0), total, torch.stack(rows)


def varargs(*ts):
    return torch.stack(ts).sum(0)


x = torch.tensor([[1.0, -2.0], [3.0, 4.0]])
ws = [torch.ones(2), torch.zeros(2)]
for _ in range(2):
    print(f(x, ws))
    print(varargs(x[0], x[1], x[0]))


# Dicts made in the traced code (keys are constants): built, read, changed,
# iterated, passed to pure builtins, and returned as a dict node.
def stats(x):
    out = {"mean": x.mean(), "max": x.max()}
    out["range"] = out["max"] - x.min()
    if "mean" in out and len(out) == 3:
        out["scaled"] = {k: v * 2 for k, v in out.items()}
    total = 0
    for k in out:
        if k != "scaled":
            total = total + out[k]
    return out, total, out.get("nope", 5), sorted(out.keys()), out.pop("max")


print(stats(torch.arange(6.0)))
print(stats(torch.arange(6.0) - 2))


# Sets of constants made in the traced code: literals, comprehensions, add,
# in, len, set operators (computed on the constants), iteration in the real
# set's order.
def with_sets(x, names):
    seen = {"a", "b"}
    seen.add("c")
    out = x
    for n in names:
        if n in seen:
            out = out * 2
    s2 = {k for k in ["c", "d"]} | seen
    return out, sorted(s2), len(seen - {"a"}), set() or "empty", {1, 2} & {2, 3}, [k for k in {3, 1, 2}]


print(with_sets(torch.ones(2), ["a", "z", "c"]))
print(with_sets(torch.ones(2), ["a", "z", "c"]))


# Sets of tensors (made in the trace): a tensor hashes by identity, so
# membership is decided while tracing, with SAME_OBJECT guards between the
# tensors from sources it compared; iterating such a set breaks (its order
# follows addresses).
def dedup_sum(ps):
    seen = set()
    total = ps[0] * 0
    for p in ps:
        if p not in seen:
            seen.add(p)
            total = total + p
    return total, len(seen)


def set_literal(a, b):
    s = {a, b, a}
    return len(s), a in s, (a + 1) in s


def escapes_set(a, b):
    return {a, b}


ta = torch.ones(2)
tb = torch.arange(2.0)
for i in range(3):
    print(dedup_sum([ta, tb, ta, tb, ta]), set_literal(ta, tb), len(escapes_set(ta, tb)), ta in escapes_set(ta, tb))
    print(dedup_sum([ta, ta, ta]))
c, d, e = torch.ones(2), torch.ones(2), torch.ones(2)
print(dedup_sum([ta, tb, c, d, e]), dedup_sum([c, c, c, d, d]))


# f(x, *rest) builds the call's arguments with LIST_EXTEND, whose argument
# carries a flag bit for its error message (the tracer once read it as the
# list's depth: a wild stack index).
def affine(a, b, c):
    return a * b + c


def forward_rest(x, *rest):
    return affine(x, *rest) + affine(*rest, x)


for i in range(3):
    print(forward_rest(torch.ones(2), torch.arange(2.0), 0.5))
