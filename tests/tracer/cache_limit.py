# vmrun-flags: --hot-threshold=1 --cache-size-limit=2
# Past the cache size limit the calls that miss run in the interpreter (and
# still print the right thing); the limit is logged once.
import torch


def f(x):
    return x.exp().sum()


for n in range(1, 6):
    print(f(torch.ones(n)))
