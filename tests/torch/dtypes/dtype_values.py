# dtypes are values: printable, comparable, usable as dict keys.
import torch

print(torch.float32, torch.float64, torch.int64, torch.int32, torch.bool)
# aliases name the same dtype
print(torch.float, torch.double, torch.long, torch.int)
print(torch.float == torch.float32, torch.double == torch.float64)
print(torch.long == torch.int64, torch.int == torch.int32)
print(torch.float32 == torch.float64, torch.int32 != torch.int64)
print(torch.float is torch.float32)
print(str(torch.int32), repr(torch.bool))
print(f"dtype: {torch.float64}")
names = {torch.float32: "f32", torch.float64: "f64", torch.int64: "i64"}
print(names[torch.float], names[torch.long], torch.int32 in names)
for dt in [torch.float32, torch.float64, torch.int64, torch.int32, torch.bool]:
    t = torch.zeros(2, dtype=dt)
    print(dt, t.dtype == dt, t)
