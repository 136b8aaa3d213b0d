# contextlib's ready-made managers: suppress, nullcontext, closing,
# redirect_stdout (sys.stdout swapped and restored), and ExitStack (LIFO callbacks, enter_context, push of an
# __exit__ that suppresses, pop_all, close, exceptions replaced by callbacks).
import sys
from contextlib import suppress, nullcontext, closing, ExitStack, redirect_stdout

with suppress(KeyError, IndexError):
    [][3]
print("suppressed IndexError")
with suppress(LookupError):
    {}["missing"]
print("suppressed KeyError via LookupError")
try:
    with suppress(KeyError):
        int("x")
except ValueError as e:
    print("ValueError passes:", e)
with suppress():
    pass
print("empty suppress ok")

with nullcontext() as n:
    print("nullcontext gives", n)
with nullcontext(42) as n:
    print("nullcontext gives", n)


class Resource:
    def __init__(self, name):
        self.name = name
        self.closed = False

    def close(self):
        self.closed = True
        print("closing", self.name)


r = Resource("db")
with closing(r) as got:
    print("inside, same object:", got is r, "closed:", r.closed)
print("after, closed:", r.closed)


class Buffer:
    def __init__(self):
        self.parts = []

    def write(self, s):
        self.parts.append(s)

    def flush(self):
        pass


buf = Buffer()
with redirect_stdout(buf) as target:
    # (explicit sys.stdout: Kiln's bare print() does not look at sys.stdout yet)
    sys.stdout.write("captured line\n")
    print(1, 2, 3, file=sys.stdout)
    print("target is buf:", target is buf, file=sys.stdout)
print("captured:", "".join(buf.parts).split("\n"))


class CM:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress

    def __enter__(self):
        print("enter", self.name)
        return self.name

    def __exit__(self, t, v, tb):
        print("exit", self.name, t.__name__ if t else None)
        return self.suppress


with ExitStack() as stack:
    a = stack.enter_context(CM("a"))
    b = stack.enter_context(CM("b"))
    stack.callback(print, "callback with", a, b)
    print("body")

with ExitStack() as stack:
    stack.enter_context(CM("outer", suppress=True))
    stack.enter_context(CM("inner"))
    raise ValueError("boom")
print("ExitStack suppressed the ValueError")

try:
    with ExitStack() as stack:
        stack.enter_context(CM("only"))
        raise KeyError("kept")
except KeyError as e:
    print("KeyError propagated", e)


def failing_callback():
    raise RuntimeError("from callback")


try:
    with ExitStack() as stack:
        stack.callback(failing_callback)
        raise ValueError("original")
except RuntimeError as e:
    print("replaced by", repr(e), "context", repr(e.__context__))

stack = ExitStack()
stack.callback(print, "deferred 1")
stack.callback(print, "deferred 2")
moved = stack.pop_all()
stack.close()
print("old stack closed; now closing moved")
moved.close()


class OnlyExit:
    def __exit__(self, *a):
        print("push'd __exit__ called with", a[0].__name__ if a[0] else None)
        return True


with ExitStack() as stack:
    stack.push(OnlyExit())
    1 / 0
print("ZeroDivisionError suppressed by pushed __exit__")

try:
    with ExitStack() as stack:
        stack.enter_context(42)
except TypeError as e:
    print("TypeError:", e)

results = []
with ExitStack() as stack:
    for i in range(3):
        stack.callback(results.append, i)
print(results)
