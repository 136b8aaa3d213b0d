# vmrun-flags: --hot-threshold=1 --cache-size-limit=2
# Past the cache size limit the calls that miss run in the interpreter (and
# still print the right thing); the limit is logged once.
import torch


def f(x, k):
    # an int argument is specialised: each new k recompiles
    return (x * k).exp().sum()


for k in range(1, 6):
    print(f(torch.ones(3), k))
