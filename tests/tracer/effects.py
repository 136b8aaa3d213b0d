# vmrun-flags: --hot-threshold=1
# Side effects inside graphs happen once per call, in program order: in-place
# ops on arguments, item assignment, the random generator, and a list built
# in the graph and returned.
import torch


def bump(x, v):
    x.add_(1)
    x[0] = v
    y = x.mul_(2)
    return y is x


def noisy(n):
    return torch.randn(n) + torch.rand(n)


def collect(x):
    out = []
    for i in range(3):
        out.append(x * i)
    return out


a = torch.zeros(3)
for v in [5.0, 7.0, 9.0]:
    print(bump(a, v), a)
torch.manual_seed(0)
for _ in range(3):
    print(noisy(4))
print(collect(torch.ones(2)))
print(collect(torch.ones(2)))

# Side effects on objects from outside the trace are graph nodes, made in
# program order: global stores, plain attribute stores (tests/tracer/
# objects.py has one on an nn.Module), and
# changes to a list argument (its contents are replaced, so it stays the
# same object). Reads after a store in the same trace see the stored value.
calls = 0
history = []


def count_calls(x):
    global calls
    calls = calls + 1
    y = x * calls
    return y + calls


class Stats:
    def __init__(self):
        self.total = None
        self.n = 0


def accumulate(s, x):
    s.total = x.sum()
    s.n = s.n + 1
    return s.total * s.n


def record(log, x):
    log.append(x * 2)
    log[0] = log[0] + 1
    log += [x.sum()]
    return len(log)


for _ in range(3):
    print(count_calls(torch.ones(2)), calls)
st = Stats()
for _ in range(3):
    print(accumulate(st, torch.arange(3.0)), st.total, st.n)
lst = [torch.zeros(2)]
alias = lst
for _ in range(2):
    print(record(lst, torch.ones(2)), lst is alias, lst)


# Stores into a dict from outside are setitem nodes too; reads after them
# (and its keys) see them. Whether two dict arguments are one object is
# guarded (SAME_OBJECT) once the graph changes one of them.
class Cache:
    def __init__(self):
        self.store = {}


def remember(c, key, x):
    c.store[key] = x * 2
    c.store["last"] = c.store[key] + 1
    return len(c.store), c.store["last"]


def two(a, b, x):
    a["v"] = x
    return b.get("v", 0)


cache = Cache()
for k in ["a", "b", "a"]:
    print(remember(cache, k, torch.ones(2)), sorted(cache.store))
d1, d2 = {}, {}
for i in range(3):
    print(two(d1, d1, torch.ones(1) * i), two(d1, d2, torch.ones(1) * i))


# Deleting from and updating dicts from outside: dict.pop nodes and setitem
# nodes in program order; later reads in the trace see the change.
def drop_keys(d, x):
    y = d.pop("a") * x
    del d["b"]
    d["a"] = y
    return y + len(d) + d.get("c", 0), list(d.keys())


def merge_dicts(d, e, x):
    d.update({"x": x + 1})
    d.update(e)
    return d["x"] * d["y"]


def pop_default(d, x):
    return x + d.pop("zz", 5) + d.pop("k")


def local_del(x):
    m = {"p": x, "q": x * 2}
    del m["p"]
    return m["q"] + len(m)


for i in range(3):
    d = {"a": 1.0, "b": 2, "c": 3}
    print(drop_keys(d, torch.ones(2) * i), d)
    e = {"y": torch.ones(2) * i}
    d2 = {"y": 1}
    print(merge_dicts(d2, e, torch.ones(2)), sorted(d2))
    d3 = {"k": 7}
    print(pop_default(d3, torch.ones(1)), d3, local_del(torch.ones(1) * i))
try:
    drop_keys({"a": 1.0}, torch.ones(2))
except KeyError as e:
    print("KeyError", e)


# Iterators from outside (list, tuple, range): their state is guarded
# (IterState sources), the items left are unrolled, and each item taken is a
# next(it, None) node, so the real iterator has advanced as far when the
# graph has run. Other iterators (a generator) are not traced.
def consume_two(it, x):
    a = next(it)
    b = next(it)
    return x * a + b


def drain_iter(it, x):
    for t in it:
        x = x + t
    return x


def next_default(it, x):
    return x + next(it, 100)


for i in range(3):
    it = iter([1.0, 2.0, 3.0, 4.0])
    print(consume_two(it, torch.ones(2)), consume_two(it, torch.ones(2)), next(it, "done"))
    ts = iter((torch.ones(1), torch.ones(1) * 2, torch.ones(1) * 3))
    next(ts)
    print(drain_iter(ts, torch.zeros(1)), next(ts, "empty"))
    r = iter(range(i, 10, 3))
    print(drain_iter(r, torch.zeros(1)), next_default(r, torch.zeros(1)))
    e = iter([])
    print(next_default(e, torch.ones(1)))
g = (x for x in [1, 2])
try:
    print(drain_iter(g, torch.zeros(1)))
except Exception as e:
    print("error", e)
