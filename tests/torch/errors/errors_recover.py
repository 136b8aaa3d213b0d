# After a caught error the tensors involved are unchanged and usable.
import torch

x = torch.tensor([1.0, 2.0, 3.0])
y = torch.tensor([1.0, 2.0])
caught = 0
for attempt in range(3):
    try:
        x.add_(y)
    except RuntimeError:
        caught += 1
print(caught, x)
try:
    x[10] = 5.0
except IndexError as e:
    print(type(e).__name__, isinstance(e, Exception))
print(x)
try:
    z = x.view(2, 2)
except RuntimeError as e:
    print("view failed:", str(e).split(" for ")[0])
print(x.view(3, 1).shape)
errors = []
for shape in [(3,), (2,), (1,), (4,)]:
    try:
        x + torch.ones(shape)
    except RuntimeError as e:
        errors.append(shape)
print(errors)
