# maximum, minimum, atan2 and the logical ops take tensors only: a Python
# number for either operand is a TypeError naming the argument.
import torch

x = torch.tensor([1.0, -2.0, 3.0])
for expr in ["torch.maximum(x, 2.0)", "torch.minimum(2.0, x)", "torch.atan2(x, 2.0)", "torch.logical_and(x, True)",
             "torch.maximum(x, torch.tensor(2.0))", "torch.atan2(x, torch.ones(3))"]:
    try:
        print(expr, eval(expr))
    except TypeError as e:
        print(expr, "TypeError:", e)
