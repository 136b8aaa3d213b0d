# Result dtypes of ** with int and float operands.
import torch

i = torch.tensor([1, 2, 3])
i32 = torch.tensor([1, 2, 3], dtype=torch.int32)
f = torch.tensor([1.0, 4.0, 9.0])
cases = [("i ** 2", i ** 2), ("i ** 0.5", i ** 0.5), ("2 ** i", 2 ** i),
         ("2.0 ** i", 2.0 ** i), ("i32 ** 2", i32 ** 2), ("2 ** i32", 2 ** i32),
         ("f ** 2", f ** 2), ("f ** 0.5", f ** 0.5), ("i ** i", i ** i),
         ("i ** f", i ** f), ("torch.pow(i, 3)", torch.pow(i, 3)),
         ("torch.pow(2, i)", torch.pow(2, i)), ("i.pow(2.0)", i.pow(2.0))]
for name, r in cases:
    print(name, r, r.dtype)
