# bool is the lowest category: anything else wins.
import torch

b = torch.tensor([True, False, True])
i32 = torch.tensor([10, 20, 30], dtype=torch.int32)
f64 = torch.tensor([0.5, 0.5, 0.5], dtype=torch.float64)
cases = [b + 1, b + 1.5, b + True, b * False, b + i32, b * f64, b + b, b * b,
         2 - b.long(), b ** 2, b & True, b | False]
for r in cases:
    print(r, r.dtype)
