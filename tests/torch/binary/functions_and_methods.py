# Every binary op in its function, method and operator form agrees.
import torch

a = torch.tensor([[6.0, -3.0], [2.5, 8.0]])
b = torch.tensor([[2.0, 2.0], [-0.5, 3.0]])
pairs = [
    (torch.add(a, b), a.add(b), a + b),
    (torch.sub(a, b), a.sub(b), a - b),
    (torch.mul(a, b), a.mul(b), a * b),
    (torch.div(a, b), a.div(b), a / b),
    (torch.remainder(a, b), a.remainder(b), a % b),
    (torch.floor_divide(a, b), a.floor_divide(b), a // b),
    (torch.pow(a, b), a.pow(b), a ** b),
]
for f, m, o in pairs:
    print(f)
    print(torch.equal(f, m), torch.equal(f, o))
print(torch.maximum(a, b), a.minimum(b))
