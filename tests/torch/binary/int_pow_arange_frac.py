# Integer corners PyTorch defines: an integer tensor to a negative integer
# tensor power truncates (1 and -1 exact, others 0) while a negative number
# exponent is refused; arange with float arguments and an integer dtype
# truncates start and step (int64 its length too), a step that truncates
# to 0 is refused; frac refuses integer tensors.
import torch

print(torch.tensor([2, 1, -1, -1, 0, 3]) ** torch.tensor([-1, -5, -2, -3, 2, 0]))
print(torch.tensor([2, 1, -1]) ** torch.tensor(-1), torch.pow(2, torch.tensor([-1, 2])))
for f in [lambda: torch.tensor([2, 1]) ** -1, lambda: torch.tensor([1]) ** -2]:
    try:
        print(f())
    except RuntimeError as e:
        print("RuntimeError:", e)
print(torch.arange(0.5, 5.5, 1.5, dtype=torch.int64), torch.arange(-2.5, 3, 1.2, dtype=torch.int32))
print(torch.arange(5.7, dtype=torch.int64), torch.arange(0, 2.5, dtype=torch.int64), torch.arange(1, 4, 0.5))
print(torch.arange(10.0, 0, -2.5, dtype=torch.int64), torch.arange(10.0, 0, -2.5, dtype=torch.int32))
try:
    torch.arange(0, 1, 0.25, dtype=torch.int64)
except RuntimeError as e:
    print("RuntimeError:", e)
for t in [torch.tensor([1, 2]), torch.tensor([1], dtype=torch.int32), torch.tensor([True])]:
    try:
        torch.frac(t)
    except RuntimeError as e:
        print("RuntimeError:", e)
print(torch.frac(torch.tensor([1.5, -2.25])))
