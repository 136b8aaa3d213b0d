# vmrun-flags: --hot-threshold=1
# One guard of each kind: TENSOR_MATCH (an argument), CONST_MATCH (an int and
# a str), TYPE_MATCH + LEN_MATCH (a tuple), ID_MATCH (a global function and a
# user module's attribute), GRAD_MODE.
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
