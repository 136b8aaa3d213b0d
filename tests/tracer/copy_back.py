# vmrun-flags: --logs=graph,guards,recompiles,jit --hot-threshold=1 --jit-threshold=1 --short-rows=0
# Writes to arguments, functionalised (tracer/functionalize.h), compiled
# without --verify: the kernel that computes an argument's new value writes
# it straight into the argument's buffer (jit/tier_manager.h:
# copy_back_in_place), and copy_back then only advances its version. An
# argument that shares storage with another input the kernel reads (a row
# of it passed as a second argument, read at every row) gets a fresh
# buffer and a real copy instead, whatever the guards allowed; a column
# reduction of the written argument in the same kernel reads it whole
# before any point is written.
import torch


def momentum(p, g, buf):
    buf.mul_(0.9).add_(g)
    p.add_(buf, alpha=-0.1)


def recentre(a, row):
    m = torch.where(row > a, row, a)  # row is read before a is written
    a.sub_(a.mean(0, keepdim=True))
    return m


torch.manual_seed(0)
p, g, buf = torch.randn(6), torch.randn(6), torch.zeros(6)
for _ in range(3):
    momentum(p, g, buf)
    print(p, buf, p._version, buf._version)
a = torch.randn(4, 5)
b = torch.randn(5)
for _ in range(2):
    print(recentre(a, b), a)
for _ in range(2):
    print(recentre(a, a[1]), a)  # aliased: row 1 of a is read at every row
