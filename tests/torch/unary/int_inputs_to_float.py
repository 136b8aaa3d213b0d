# kiln-float-tolerance: 1e-4
# Floating-point functions of integer and bool tensors compute in float32.
import torch

i = torch.tensor([0, 1, 4])
b = torch.tensor([False, True])
for name, fn in [("exp", torch.exp), ("log", torch.log), ("sqrt", torch.sqrt),
                 ("sin", torch.sin), ("tanh", torch.tanh), ("sigmoid", torch.sigmoid),
                 ("rsqrt", torch.rsqrt), ("log1p", torch.log1p)]:
    r = fn(i)
    print(name, r, r.dtype)
    r = fn(b)
    print(name, "bool", r, r.dtype)
i32 = torch.tensor([1, 9], dtype=torch.int32)
print(torch.sqrt(i32), torch.sqrt(i32).dtype)
