# vmrun-flags: --hot-threshold=1
# One guard of each kind: TENSOR_MATCH (an argument), CONST_MATCH (an int, a
# str, a set), TYPE_MATCH + LEN_MATCH (a tuple), ID_MATCH (a global function
# and a user module's attribute), GRAD_MODE.
import torch
import _helper


def scale(t, k):
    return t * k


def f(x, n, mode, pair):
    a, b = pair
    y = scale(x, n) + _helper.shift(a)
    if mode == "sum":
        return y.sum() + b
    return y.mean() + b


x = torch.ones(2, 2)
p = (torch.tensor([1.0, 2.0]), torch.tensor(3.0))
print(f(x, 3, "sum", p))
print(f(x, 3, "sum", p))


# Sets from outside: a constant whose items are guarded in iteration order
# (CONST_MATCH against a tuple of them), a mutable set also by identity;
# changing one in the trace breaks.
SKIP = {"bias", "scale"}
FROZEN = frozenset({1, 2, 3})


def skip_params(params, x):
    out = x
    for name in ["weight", "bias", "scale"]:
        if name not in SKIP:
            out = out * params[name]
    for k in FROZEN:
        out = out + k
    return out, len(SKIP), sorted(SKIP)


def loop_over(x):
    for n in SKIP:
        x = x + len(n)
    return x


p = {"weight": torch.ones(2) * 2, "bias": torch.ones(2), "scale": torch.ones(2)}
for i in range(3):
    print(skip_params(p, torch.ones(2)), loop_over(torch.ones(1)))
SKIP.discard("scale")
print(skip_params(p, torch.ones(2)), loop_over(torch.ones(1)))
SKIP = {"weight"}
print(skip_params(p, torch.ones(2)), loop_over(torch.ones(1)))


S_MUT = {"a"}


def mut(x, k):
    S_MUT.add(k)
    return x + len(S_MUT)


for i in range(3):
    print(mut(torch.ones(1), "k%d" % i), sorted(S_MUT))


# A float argument is guarded by its bits: 0.0 and -0.0 compare equal, but a
# graph specialised on one computes the other wrongly (1 / -0.0 is -inf).
def over(x, k):
    return x / k


for k in [0.0, 0.0, -0.0, -0.0]:
    print(over(torch.ones(2), k))
