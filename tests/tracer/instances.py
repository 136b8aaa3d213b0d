# Instances made in the traced code and user context managers.
#  * `Point(x, y)` of a plain user class (object's __new__, a Python
#    __init__, no __setattr__) lives only in the trace while it stays local:
#    its attributes are symbolic and its methods and properties inlined. When
#    it escapes (returned, stored outside, live at a graph break) a `new`
#    node makes it, and later stores to it are setattr nodes.
#  * Instances passed in are guarded by class (TYPE_MATCH), not identity, so
#    a fresh object per call reuses the graph; `a is b` on two arguments is
#    guarded (SAME_OBJECT).
#  * `with mgr:` over a user object traces __enter__ and __exit__ inline. If
#    a node of the block raises when the graph runs, __exit__ still runs with
#    the exception. An __exit__ that may return true (suppress) is not traced
#    through: the graph breaks before the block.
import torch


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def norm2(self):
        return self.x * self.x + self.y * self.y

    @property
    def total(self):
        return self.x + self.y


class Point3(Point):
    def __init__(self, x, y, z):
        super().__init__(x, y)
        self.z = z


class Empty:
    pass


class Out:
    def __init__(self, logits, loss=None):
        self.logits = logits
        self.loss = loss


def local_only(a, b):
    p = Point(a, b)
    q = Point3(a, b, a * 2)
    return p.norm2() + q.total + q.z


def escapes(a):
    o = Out(a.relu())
    o.loss = o.logits.sum()
    return o


def escapes_then_changes(a):
    e = Empty()
    e.t = a + 1
    holder.append_target = e
    e.t = e.t * 3
    return a


class Holder:
    pass


holder = Holder()


def with_break(a):
    p = Point(a + 1, a * 2)
    print("mid", isinstance(p, Point))
    return p.x + p.y


for i in range(3):
    t = torch.arange(4.0) + i
    print(local_only(t, t + 1))
    o = escapes(t)
    print(type(o).__name__, o.logits, o.loss)
    escapes_then_changes(t)
    print(holder.append_target.t)
    print(with_break(t))


class Scale:
    def __init__(self, k):
        self.k = k
        self.depth = 0

    def __enter__(self):
        self.depth += 1
        return self.k

    def __exit__(self, t, v, tb):
        self.depth -= 1
        return False


class Log:
    entered = 0

    def __enter__(self):
        self.entered += 1
        return self

    def __exit__(self, t, v, tb):
        self.exc = t.__name__ if t is not None else None


s = Scale(3.0)
log = Log()


def use_outer(x):
    with s as k:
        y = x * k
    return y + s.depth


def use_local(x):
    with Scale(2.0) as k:
        with torch.no_grad():
            y = x * k
    return y


def fails_inside(x, idx):
    with log:
        y = x[idx] + 1   # idx out of range on the last call: raises inside the graph
    return y


def suppress(x, idx):
    with Suppress():
        y = x[idx] + 1
        return y
    return x


class Suppress:
    def __enter__(self):
        return self

    def __exit__(self, t, v, tb):
        return True


for i in range(3):
    t = torch.arange(4.0) + i
    print(use_outer(t), s.depth, use_local(t))
    print(fails_inside(t, torch.tensor([1, 2])), log.entered, getattr(log, "exc", "-"))
try:
    fails_inside(torch.arange(4.0), torch.tensor([1, 9]))
except IndexError as e:
    print("IndexError", log.entered, log.exc)
for i in range(3):
    print(suppress(torch.arange(4.0), torch.tensor([1, 2])))
print(suppress(torch.arange(4.0), torch.tensor([1, 9])))


def same(a, b, t):
    if a is b:
        return t + 1
    return t - 1


h2 = Holder()
for i in range(3):
    print(same(holder, holder, torch.ones(2)), same(holder, h2, torch.ones(2)))
