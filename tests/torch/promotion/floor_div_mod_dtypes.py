# // and % follow the same promotion as the other operators.
import torch

i = torch.tensor([7, -7, 9])
i32 = torch.tensor([7, -7, 9], dtype=torch.int32)
f = torch.tensor([7.5, -7.5, 9.0])
for name, r in [("i // 2", i // 2), ("i // 2.0", i // 2.0), ("i % 4", i % 4),
                ("i % 2.5", i % 2.5), ("i32 // 2", i32 // 2), ("i32 % 4", i32 % 4),
                ("f // 2", f // 2), ("f % 2", f % 2), ("i // f", i // f)]:
    print(name, r, r.dtype)
