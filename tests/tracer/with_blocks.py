# vmrun-flags: --hot-threshold=1
# Graph breaks inside with and try blocks. The breaking instruction runs
# under the block's handler; after it, the resume function starts inside the
# block and traces on (the with block's __exit__, handed over on the stack,
# runs at the block's end: torch.no_grad's restores the grad mode, a user
# manager's is inlined). An exception the breaking instruction or the
# resumed graph raises reaches the block's handler as in the interpreter.
import torch


class Tally:
    def __init__(self):
        self.exits = 0
        self.clean = 0

    def __enter__(self):
        return 2.0

    def __exit__(self, exc_type, exc, tb):
        self.exits += 1
        if exc_type is None:
            self.clean += 1
        return False


tally = Tally()
w = torch.ones(2, requires_grad=True)


def nested(x):
    y = x * w
    with torch.no_grad():
        z = y * 2
        print("no_grad, grad enabled:", torch.is_grad_enabled())
        z = z + 1
        q = z * 3
    with tally as k:
        u = z * k
        print("tally")
        u = u + q
    with torch.enable_grad():
        with tally:
            print("enable_grad and tally")
            v = u * w
    return y.requires_grad, z.requires_grad, u, v.requires_grad, torch.is_grad_enabled()


x = torch.tensor([1.0, 2.0])
for i in range(3):
    print(nested(x), tally.exits, tally.clean)
with torch.no_grad():
    print(nested(x), tally.exits, tally.clean)


def raises_after_break(x, idx):
    with tally:
        print("before the lookup")
        y = x.index_select(0, idx)
    return y


for idx in ([1], [5], [0]):
    try:
        print(raises_after_break(x, torch.tensor(idx)), tally.exits, tally.clean)
    except IndexError:
        print("IndexError", tally.exits, tally.clean)


def try_blocks(x, table, key):
    try:
        print("looking up", key)
        y = x * table[key]
    except KeyError:
        y = x - 1
    finally:
        z = x + 10
    return y, z


table = {"a": 2.0}
for key in ("a", "b", "a"):
    print(try_blocks(x, table, key))


# A node that raises when the graph runs leaves the blocks around it
# innermost first: the grad mode from before a no_grad block is back when
# the outer manager's __exit__ runs, and after the call.
class GradSeen:
    def __init__(self):
        self.clean = True
        self.grad = True

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        self.clean = exc_type is None
        self.grad = torch.is_grad_enabled()
        return False


seen = GradSeen()


def unwinds(x, idx, talk):
    with seen:
        with torch.no_grad():
            if talk:
                print("inside no_grad")
            y = x.index_select(0, idx) * 2
    return y


for idx, talk in (([0], False), ([1], False), ([9], False), ([0], False), ([1], True), ([0], True), ([9], True),
                  ([9], True), ([0], True)):
    try:
        print(unwinds(x, torch.tensor(idx), talk), torch.is_grad_enabled(), seen.clean, seen.grad)
    except IndexError:
        print("IndexError", torch.is_grad_enabled(), seen.clean, seen.grad)
