# vmrun-flags: --hot-threshold=1000000
# with torch.no_grad() / enable_grad() / set_grad_enabled(b) blocks are traced
# through: grad-mode nodes in the graph (a failing graph restores the mode,
# as the block's __exit__ would). A break inside such a block does not
# resume: the call runs in the interpreter.
import torch

@torch.compile
def step(w, g, lr):
    with torch.no_grad():
        w -= lr * g
        n = w.norm()
    return n * 2

@torch.compile
def mixed(x):
    y = x * 2
    with torch.no_grad():
        z = y + 1
    with torch.enable_grad():
        q = z * y
    with torch.set_grad_enabled(False):
        r = q.exp()
    return y, z, q, r, torch.is_grad_enabled()

@torch.compile
def breaks_inside(x):
    with torch.no_grad():
        y = x + 1
        print("inside")
    return y

w = torch.ones(3, requires_grad=True)
for i in range(3):
    print(step(w, torch.arange(3.0), 0.1), w, torch.is_grad_enabled())
x = torch.ones(2, requires_grad=True)
for i in range(3):
    print(mixed(x))
    print(breaks_inside(x), torch.is_grad_enabled())
with torch.no_grad():
    for i in range(3):
        print(mixed(x))
