# vmrun-flags: --hot-threshold=1
# Bound methods from outside the trace (an argument, as an optimizer's
# step passes self._update_group): read through __func__ and __self__,
# guarded by the function's identity and the receiver's class, so a new
# bound method of the same function each call shares the graph.
import torch

class Scaler:
    def __init__(self, k):
        self.k = k
    def apply(self, t):
        return t * self.k
    def shift(self, t):
        return t + self.k

def run(x, fn):
    return fn(x) + 1

a, b = Scaler(2.0), Scaler(3.0)
x = torch.tensor([1.0, 2.0])
for i in range(3):
    print(run(x, a.apply), run(x, b.apply), run(x, a.shift))
a.k = 10.0
print(run(x, a.apply))
Scaler.apply = lambda self, t: t - self.k
print(run(x, a.apply), run(x, b.apply))
class Other:
    k = 7.0
    def apply(self, t):
        return t / self.k
print(run(x, Other().apply))
print(run(x, torch.tensor([5.0, 6.0]).add))
print(run(x, abs))


def step(x, update):
    return update(x) * 2


c = Scaler(4.0)
for i in range(3):
    print(step(x, Scaler(float(i)).shift))  # a new receiver and bound method every call
