# contextlib.contextmanager: enter/exit order, the yielded value, exceptions
# thrown into the generator (handled, re-raised, swallowed), the errors for
# generators that don't yield or don't stop, and use as a function decorator.
from contextlib import contextmanager

log = []


@contextmanager
def tag(name):
    log.append("<" + name + ">")
    try:
        yield name.upper()
    finally:
        log.append("</" + name + ">")


with tag("a") as t:
    log.append("body " + t)
print(log)
log.clear()

with tag("outer"):
    with tag("inner"):
        log.append("deep")
print(log)
log.clear()

try:
    with tag("x"):
        raise KeyError("k")
except KeyError as e:
    print("propagated", repr(e), log)
log.clear()


@contextmanager
def swallow(*types):
    try:
        yield
    except types as e:
        print("swallowed", type(e).__name__, e)


with swallow(ValueError):
    raise ValueError("bad value")
print("after swallow")

try:
    with swallow(ValueError):
        raise TypeError("not this one")
except TypeError as e:
    print("not swallowed:", e)


@contextmanager
def translate():
    try:
        yield
    except ZeroDivisionError as e:
        raise ValueError("translated") from e


try:
    with translate():
        1 / 0
except ValueError as e:
    print("got", e, "cause", type(e.__cause__).__name__)


@contextmanager
def no_yield():
    if False:
        yield


try:
    with no_yield():
        pass
except RuntimeError as e:
    print("RuntimeError:", e)


@contextmanager
def two_yields():
    yield 1
    yield 2


try:
    with two_yields() as v:
        print("v =", v)
except RuntimeError as e:
    print("RuntimeError:", e)


@contextmanager
def ignoring_throw():
    try:
        yield
    except ValueError:
        yield


try:
    with ignoring_throw():
        raise ValueError
except RuntimeError as e:
    print("RuntimeError:", e)


@tag("deco")
def decorated(x):
    log.append("call %d" % x)
    return x * 2


print(decorated(1), decorated(2))
print(log)
print(decorated.__name__)

# A StopIteration raised in the block propagates as itself.
try:
    with tag("s"):
        raise StopIteration("stop!")
except StopIteration as e:
    print("StopIteration", e)


@contextmanager
def counter():
    state = {"n": 0}
    yield state
    print("final count", state["n"])


with counter() as st:
    for i in range(5):
        st["n"] += i
