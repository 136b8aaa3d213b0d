# `if a < b:` / `while i < j:` / `if x == 3:` where the operands are locals
# (and a constant): Kiln fuses the loads, the comparison and the branch.
# Every operator, int/float/bool/mixed/NaN/str/None/user operands, big ints,
# unbound locals, and branches whose targets are shared.


class Cmp:
    def __init__(self, v):
        self.v = v

    def __lt__(self, o):
        print("  Cmp.__lt__")
        return self.v < (o.v if isinstance(o, Cmp) else o)

    def __eq__(self, o):
        return "truthy string"


def branches(a, b):
    out = []
    if a < b:
        out.append("<")
    if a <= b:
        out.append("<=")
    if a == b:
        out.append("==")
    if a != b:
        out.append("!=")
    if a > b:
        out.append(">")
    if a >= b:
        out.append(">=")
    return "".join(out) or "-"


nan = float("nan")
for a, b in [(1, 2), (2, 1), (3, 3), (1.5, 1.5), (-0.0, 0.0), (nan, nan), (nan, 1.0), (1, 1.0), (True, 1),
             (2**50, 2**50 + 1), (2**60, 2**60), ("a", "b"), ("b", "b"), ((1, 2), (1, 3)), (Cmp(1), 2)]:
    try:
        print(repr(a) if not isinstance(a, Cmp) else "Cmp", repr(b), branches(a, b))
    except TypeError as e:
        print("TypeError:", e)
try:
    branches(None, 1)
except TypeError as e:
    print("TypeError:", e)


def consts(x):
    out = []
    if x == 3:
        out.append("eq3")
    if x < 10:
        out.append("lt10")
    if x >= 2.5:
        out.append("ge2.5")
    if x != "s":
        out.append("ne-s")
    return out


for x in (3, 3.0, 1, 11, 2.5, True, "s"):
    try:
        print(repr(x), consts(x))
    except TypeError as e:
        print(repr(x), "TypeError:", e)


def reverse(seq):
    i = 0
    j = len(seq) - 1
    while i < j:
        seq[i], seq[j] = seq[j], seq[i]
        i += 1
        j -= 1
    return seq


print(reverse(list(range(9))), reverse([]), reverse(["x"]))


def count_down(n):
    steps = 0
    while n != 0:
        n -= 1
        steps += 1
    return steps


print(count_down(10), count_down(0), count_down(2.0))


def unbound(flag):
    if flag:
        a = 1
    b = 2
    if a < b:
        return "less"
    return "not less"


print(unbound(True))
try:
    unbound(False)
except UnboundLocalError as e:
    print("UnboundLocalError:", e)


def shared(a, b):
    # Both branches of the conditional expression feed one jump.
    if (a if a > 0 else b) < b:
        return "lt"
    return "ge"


print(shared(1, 5), shared(-1, 5), shared(9, 5))
