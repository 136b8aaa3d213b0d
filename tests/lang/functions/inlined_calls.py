# Calls between Python functions run in one interpreter loop: returns,
# exceptions crossing several frames, handlers and finally blocks at each
# level, recursion limits, closures, super() and generators.


def leaf(x):
    if x < 0:
        raise ValueError("negative: %d" % x)
    return x * 2


def middle(x):
    try:
        return leaf(x) + 1
    finally:
        print("middle finally", x)


def top(x):
    try:
        return middle(x)
    except ValueError as e:
        print("caught in top:", e)
        return -1


print(top(5), top(-3))


def reraiser(x):
    try:
        return middle(x)
    except ValueError:
        print("reraise")
        raise


try:
    reraiser(-1)
except ValueError as e:
    print("outer caught", e, type(e.__context__))


# An exception raised while another is being handled chains its context.
def handler_raises():
    try:
        leaf(-2)
    except ValueError:
        return middle(None)


try:
    handler_raises()
except TypeError as e:
    print("TypeError with context", type(e.__context__).__name__)


# Deep recursion hits the limit and recovers.
def down(n):
    return down(n + 1)


try:
    down(0)
except RecursionError as e:
    print("RecursionError:", e)
print("after recursion", top(1))


def count(n):
    return 0 if n == 0 else 1 + count(n - 1)


print(count(900))


# Defaults, keywords, *args, closures and cells in called frames.
def with_defaults(a, b=10, *rest, c=5, **kw):
    return a + b + c + sum(rest) + sum(kw.values())


def make_adder(k):
    def add(x):
        return x + k

    return add


add3 = make_adder(3)
print(with_defaults(1), with_defaults(1, 2, 3, 4, c=1, z=100), add3(4), [add3(i) for i in range(3)])


def cell_user(n):
    total = 0

    def bump(d):
        nonlocal total
        total += d

    for i in range(n):
        bump(i)
    return total


print(cell_user(10))


# Methods and super() across frames.
class Base:
    def value(self, x):
        return ("Base", x)


class Child(Base):
    def value(self, x):
        return ("Child", super().value(x + 1))


class Grand(Child):
    def value(self, x):
        return ("Grand", super().value(x + 1))


print(Grand().value(1))


# Generators calling functions, and functions driving generators.
def gen(n):
    for i in range(n):
        yield leaf(i)


def drive(n):
    return [v for v in gen(n)]


print(drive(4), sum(gen(5)))


def gen_fail():
    yield 1
    leaf(-7)


try:
    for v in gen_fail():
        print("gen value", v)
except ValueError as e:
    print("gen error", e)


# Wrong argument counts are reported at the call.
def two(a, b):
    return a + b


for args in [(1,), (1, 2, 3)]:
    try:
        two(*args)
    except TypeError as e:
        print("TypeError:", e)
try:
    two(1)
except TypeError as e:
    print("TypeError:", e)


# A function that deletes the last reference to itself while running.
def self_deleting():
    global self_deleting
    del self_deleting
    return "still running"


print(self_deleting())
print("self_deleting" in globals())

# Constructors: __init__ runs inlined for plain classes.
class Point:
    made = 0

    def __init__(self, x, y=0, *, tag="p"):
        self.x, self.y, self.tag = x, y, tag
        Point.made += 1


class Bad:
    def __init__(self):
        return 42


class Raises:
    def __init__(self, v):
        if v:
            raise KeyError(v)
        self.v = v


class WithNew:
    def __new__(cls, *args):
        print("WithNew.__new__", args)
        return super().__new__(cls)

    def __init__(self, a):
        self.a = a


class Sub(Point):
    def __init__(self, x):
        super().__init__(x, x, tag="sub")


pts = [Point(i) for i in range(3)] + [Point(1, 2, tag="q"), Sub(7)]
print([(p.x, p.y, p.tag) for p in pts], Point.made)
try:
    Bad()
except TypeError as e:
    print("TypeError:", e)
try:
    Raises(0), Raises(5)
except KeyError as e:
    print("KeyError:", e)
print(WithNew(3).a)
try:
    Point()
except TypeError as e:
    print("TypeError:", e)

# Uncaught: the traceback goes through every frame.
def fail_deep(n):
    if n == 0:
        return {}["missing"]
    return fail_deep(n - 1)


fail_deep(3)
