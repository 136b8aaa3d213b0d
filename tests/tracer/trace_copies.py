# vmrun-flags: --hot-threshold=1 --explain
# Tracing runs ops on copies of the arguments that borrow the arguments'
# memory until something may write them (copy on write: tracer/values_tensor.cpp,
# Storage::borrow). A traced call that only reads a large weight copies
# none of it; one that writes an argument copies that argument only; a
# write through one argument is seen through another that shares its
# memory (a view of it), in the trace as in the program; and nothing the
# trace writes reaches the program's tensors (each value below is
# printed at --tier=0 too, which traces nothing).
import torch

torch.manual_seed(0)
w = torch.randn(512, 1024)  # 2 MiB


def reads(x, w):
    return (x @ w.t()).relu().sum(1)


def writes_one(x, w, buf):
    buf[0] = x[0]
    buf[1:].mul_(0.5)
    return (x @ w.t()).sum()


def through_view(a, row):
    a.add_(1.0)
    return row * 2


x = torch.randn(2, 1024)
buf = torch.ones(3, 1024)
for i in range(3):
    n0, b0 = torch._kiln_allocations()
    r = reads(x, w)
    n1, b1 = torch._kiln_allocations()
    print("reads", i, r.sum().item(), "copied a MiB:", b1 - b0 >= 2**20)
    n0, b0 = torch._kiln_allocations()
    r = writes_one(x, w, buf)
    n1, b1 = torch._kiln_allocations()
    print("writes_one", i, r.item(), buf.sum().item(), "copied a MiB:", b1 - b0 >= 2**20)
a = torch.zeros(2, 3)
for i in range(3):
    print(through_view(a, a[1]), a)
print(w.sum().item(), w._version)
