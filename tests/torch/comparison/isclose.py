# torch.isclose / Tensor.isclose: elementwise |a - b| <= atol + rtol * |b|
# as a bool tensor (broadcast), NaNs equal only with equal_nan, infinities
# close only to themselves; keywords and positional rtol/atol bind alike.
import torch

nan, inf = float('nan'), float('inf')
a = torch.tensor([1.0, 2.0, nan, inf, -inf, 1e-9, 100.0])
b = torch.tensor([1.0, 2.1, nan, inf, inf, 0.0, 100.001])
print(torch.isclose(a, b))
print(a.isclose(b, equal_nan=True))
print(torch.isclose(a, b, 0.1, 0.0))
print(torch.isclose(a, b, rtol=0.0, atol=1e-8))
print(torch.isclose(input=a, other=b, atol=0.5))
print(torch.isclose(a, b[:1]))
m = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
print(torch.isclose(m, torch.tensor([1.0, 4.0])))
print(torch.isclose(m, m.t()).dtype, torch.isclose(m, m.t()).shape)
print(torch.isclose(torch.tensor([1, 2, 3]), torch.tensor([1, 3, 3])))
print(torch.isclose(torch.tensor([1.5], dtype=torch.float64), torch.tensor([1.5000001], dtype=torch.float64)))
print(torch.isclose(torch.tensor(2.0), torch.tensor([2.0, 2.5])))
try:
    torch.isclose(a, torch.tensor([1, 2, 3, 4, 5, 6, 7]))
except RuntimeError as e:
    print("RuntimeError")  # (the message's words differ between PyTorch versions)
try:
    torch.isclose(a, 1.0)
except TypeError as e:
    print("TypeError", e)
# In the inputs' float dtype (integers in float32), tolerances rounded to it.
print(torch.isclose(torch.tensor([0.0]), torch.tensor([1e-7]), rtol=0.0, atol=1e-7))
print(torch.isclose(torch.tensor([100000000]), torch.tensor([100000001]), rtol=0.0, atol=0.5))
print(torch.isclose(torch.tensor([True, False]), torch.tensor([True, True]), atol=0.5))
print(torch.allclose(torch.tensor([0.0]), torch.tensor([1e-7]), rtol=0.0, atol=1e-7))
for kw in [dict(rtol=-1.0), dict(atol=-0.5), dict(rtol=float('nan'))]:
    try:
        torch.isclose(a, b, **kw)
    except RuntimeError as e:
        print("RuntimeError", e)
print(torch.zeros(3, 0).is_contiguous(), torch.zeros(4, 0, 2).transpose(0, 2).is_contiguous())
try:
    torch.isclose(torch.ones(3), torch.ones(4))
except RuntimeError as e:
    print("RuntimeError", e)


def close_rows(x, y):
    return torch.isclose(x * 2, y, atol=1e-3).sum(1)


for n in [2, 3, 4]:
    x = torch.arange(n * 3.0).reshape(n, 3)
    print(close_rows(x, x + x))
