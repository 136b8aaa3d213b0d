# In-place ops on a leaf that requires grad raise RuntimeError, unless
# done under torch.no_grad().
import torch

def iadd(t):
    t += 1

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
for name, fn in [("add_", lambda t: t.add_(1)),
                 ("mul_", lambda t: t.mul_(2)),
                 ("zero_", lambda t: t.zero_()),
                 ("+=", iadd),
                 ("fill_", lambda t: t.fill_(0.0))]:
    try:
        fn(x)
        print(name, "no error")
    except RuntimeError as e:
        print(name, type(e).__name__ + ":", e)

try:
    x[0] = 5.0
except RuntimeError as e:
    print("setitem", type(e).__name__ + ":", e)
print(x)

# a leaf that does not require grad can be modified freely
c = torch.tensor([1.0, 2.0])
c.add_(1)
print(c)
