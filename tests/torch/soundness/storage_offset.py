# Views of one buffer at different offsets through a hot function that reads
# storage_offset(): each call must use its own view's offset, whether the
# offset stays a tensor computation or steers Python code.
import torch


def scale_by_offset(x):
    return x * x.storage_offset()


buf = torch.ones(10)
for i in range(5):
    print(scale_by_offset(buf[i:i + 2]))


def branch_on_offset(x):
    if x.storage_offset() > 2:
        return x + 100
    return x - 100


for i in range(5):
    print(branch_on_offset(buf[i:i + 3]))


def offset_arith(x):
    n = x.storage_offset() * 2 + 1
    return x + n


for i in [0, 3, 3, 6]:
    print(offset_arith(buf[i:]))
