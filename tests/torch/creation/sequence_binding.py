# linspace, eye and randperm bound by their registry schemas: positional
# and keyword arguments, the factory keywords, and PyTorch's errors.
import torch

print(torch.linspace(0, 1, 5), torch.linspace(start=-1, end=1, steps=3, dtype=torch.float64))
print(torch.linspace(2, 2, 1), torch.linspace(0, 10, steps=4, dtype=torch.int32), torch.linspace(0, 1, 0))
print(torch.linspace(0.0, 1.0, 3, requires_grad=True))
print(torch.eye(2), torch.eye(2, 3), torch.eye(n=3, m=1, dtype=torch.int64))
print(torch.eye(0).shape, torch.eye(2, 0).shape)
torch.manual_seed(0)
p = torch.randperm(10)
print(p.dtype, sorted(p.tolist()) == list(range(10)))
q = torch.randperm(6, dtype=torch.float32)
print(q.dtype, sorted(q.tolist()))
print(torch.randperm(0), torch.randperm(1), torch.randperm(n=1, requires_grad=False))


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


attempt(lambda: torch.linspace(0, 1, -1))
attempt(lambda: torch.linspace(0, 1, 3, dtype=torch.bool))
attempt(lambda: torch.linspace(0, 1))
attempt(lambda: torch.eye(-1))
attempt(lambda: torch.eye(2, -3))
attempt(lambda: torch.randperm(-2))
