# 0-dim tensors take part in promotion only when their category is higher.
import torch

f32 = torch.tensor([1.0, 2.0])
i32 = torch.tensor([1, 2], dtype=torch.int32)
i64 = torch.tensor([1, 2])
b = torch.tensor([True, False])
s_f64 = torch.tensor(0.5, dtype=torch.float64)
s_i64 = torch.tensor(5)
s_f32 = torch.tensor(1.5)

cases = [
    ("f32 + 0-dim f64", f32 + s_f64),
    ("i32 + 0-dim i64", i32 + s_i64),
    ("i32 + 0-dim f64", i32 + s_f64),
    ("i64 + 0-dim f32", i64 + s_f32),
    ("b + 0-dim i64", b + s_i64),
    ("b + 0-dim f64", b + s_f64),
    ("0-dim f64 + 0-dim i64", s_f64 + s_i64),
    ("0-dim i64 + 0-dim f32", s_i64 + s_f32),
    ("0-dim f32 * 0-dim f64", s_f32 * s_f64),
    ("0-dim i32 + i64", torch.tensor(3, dtype=torch.int32) + i64),
]
for name, r in cases:
    print(name, "->", r, r.dtype)
