# Conditions compiled to fused compare-and-branch instructions: chained
# comparisons with local or constant middle operands, `is` / `in` tests that
# branch, and the back edge of for loops. Each must keep Python's order of
# evaluation, truthiness and error behaviour.

log = []


class Loud:
    def __init__(self, name, v):
        self.name = name
        self.v = v

    def __lt__(self, other):
        log.append(self.name + "<" + getattr(other, "name", repr(other)))
        return self.v < getattr(other, "v", other)

    def __le__(self, other):
        log.append(self.name + "<=" + getattr(other, "name", repr(other)))
        return self.v <= getattr(other, "v", other)

    def __gt__(self, other):
        log.append(self.name + ">" + getattr(other, "name", repr(other)))
        return self.v > getattr(other, "v", other)


class Truthy:
    # A comparison result that is not a bool: its truth decides.
    def __init__(self, t):
        self.t = t

    def __bool__(self):
        log.append("bool " + str(self.t))
        return self.t


class Odd:
    def __lt__(self, other):
        return Truthy(other == 1)


def chained(a, b, c):
    if a < b < c:
        r = "in"
    else:
        r = "out"
    if not (a < b < c):
        r += "/not"
    if a < b < c or c < b:
        r += "/or"
    return r


def calls():
    a, b, c = Loud("a", 1), Loud("b", 2), Loud("c", 3)
    log.clear()
    print(chained(a, b, c), log)
    log.clear()
    print(chained(c, b, a), log)
    log.clear()
    print(chained(Odd(), 1, 5), chained(Odd(), 2, 5), log)


calls()


# Middle operands kept on the stack (an attribute, a global, a call): each
# result's truth is still tested once.
class Holder:
    def __init__(self, v):
        self.v = v


G = 1


def chained_kept(h):
    r = []
    if Odd() < h.v < 5:
        r.append("in")
    if not (Odd() < h.v < 5):
        r.append("not")
    if Odd() < G < 5 and Odd() < G <= G:
        r.append("global")
    if Odd() < h.v < 0 or Odd() < h.v < 0:
        r.append("or")
    return r


for v in [1, 2]:
    log.clear()
    print(chained_kept(Holder(v)), log)
nan = float("nan")
for x in [-1, 0, 0.5, 1, 5, 9, 10, 11, nan, True, False]:
    out = []
    lo, hi = 0, 10
    if lo <= x < hi:
        out.append("in")
    if 0 <= x <= 10 <= 11:
        out.append("const")
    if lo < x > 3 != x:
        out.append("mixed")
    if not lo <= x < hi:
        out.append("out")
    print(x, out)


def strings(s):
    n = 0
    for ch in s:
        if "a" <= ch <= "z":
            n += 1
        elif "A" <= ch <= "Z" or "0" <= ch <= "9":
            n += 100
    return n


print(strings("Hello, World 42!"))

# Middle operands that are not locals are evaluated once.
def middle():
    log.append("middle")
    return 5


if 1 < middle() < 10:
    print("once", log.count("middle"))


class Box:
    val = 5


box = Box()
if 1 < box.val < 10 and 1 <= box.val <= 5:
    print("attribute middle")


def unbound_middle(flag):
    if flag:
        m = 3
    if 1 < m < 5:
        return "ok"
    return "no"


print(unbound_middle(True))
try:
    unbound_middle(False)
except UnboundLocalError as e:
    print("UnboundLocalError:", e)
try:
    if 1 < "x" < 3:
        pass
except TypeError as e:
    print("TypeError:", e)


# `is` and `in` that branch.
class Bag:
    def __init__(self, items, result=None):
        self.items = items
        self.result = result

    def __contains__(self, x):
        log.append("contains " + repr(x))
        if self.result is not None:
            return self.result
        return x in self.items


def tests(x, coll):
    out = []
    if x is None:
        out.append("None")
    if x is not None:
        out.append("not None")
    if x in coll:
        out.append("in")
    if x not in coll:
        out.append("not in")
    if not x in coll:
        out.append("not (in)")
    if x in coll and x is not None:
        out.append("both")
    return out


log.clear()
print(tests(None, [None]), tests(1, {1: 2}), tests("a", "cat"), tests(3, Bag([3])), tests(4, Bag([3])))
print(tests(0, Bag([], result=[1])), tests(0, Bag([], result="")), log)
for bad in [3, None]:
    try:
        tests(1, bad)
    except TypeError as e:
        print("TypeError:", e)
try:
    tests([1], {1: 2})
except TypeError as e:
    print("TypeError:", e)

# The back edge of for loops: break, continue, else, nested loops, generators.
total = 0
for i in range(10):
    if i % 2:
        continue
    for j in "abc":
        if j == "b":
            break
        total += i
    else:
        total += 1000
else:
    total += 1
print(total)


def gen(n):
    for i in range(n):
        yield i * i


acc = []
for v in gen(5):
    acc.append(v)
for k in {"x": 1, "y": 2}:
    acc.append(k)
for a, b in zip([1, 2], [3, 4]):
    acc.append(a * b)
print(acc)


# The loop variable's store fused into FOR_ITER: the body's first load may
# be of an unbound local, and of the loop variable itself.
def unbound_in_body():
    for i in range(2):
        j = j + i


try:
    unbound_in_body()
except UnboundLocalError as e:
    print("UnboundLocalError:", e)


def loads_after_store(items):
    out = []
    for x in items:
        out.append(x)
    for x in items:
        x = x * 2
        out.append(x)
    last = None
    for last in items:
        pass
    return out, last, [y for y in items if y], {k: k for k in items}


print(loads_after_store([0, 1, 2]), loads_after_store([]))


def bad_iterators():
    class Bad:
        def __iter__(self):
            return self

        def __next__(self):
            raise ValueError("boom")

    try:
        for v in Bad():
            print("never", v)
    except ValueError as e:
        print("ValueError:", e)
    try:
        for v in 5:
            pass
    except TypeError as e:
        print("TypeError:", e)


bad_iterators()
