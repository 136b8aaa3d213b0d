# while loops test their condition on entry and again after each iteration
# (the second copy at the bottom of the loop); every shape of condition and
# body must behave as one test per iteration.
def count_down(n):
    out = []
    while n > 0:
        out.append(n)
        n -= 1
    else:
        out.append("else")
    return out


print(count_down(3), count_down(0), count_down(-1))


def with_break_continue(n):
    out = []
    i = 0
    while i < n:
        i += 1
        if i % 2:
            continue
        if i > 6:
            break
        out.append(i)
    else:
        out.append("exhausted")
    return out


print(with_break_continue(5), with_break_continue(20))

# The condition's side effects happen once per test.
calls = []


def more(limit):
    calls.append(len(calls))
    return len(calls) <= limit


while more(3):
    pass
print(calls)

# Walrus in the condition: rebinds on every test.
data = [3, 1, 4, 1, 5]
total = 0
while (item := data.pop()) != 4:
    total += item
print(total, item, data)

# A lambda or comprehension in the condition (compiled once).
xs = [5, 4, 3]
while (lambda v: len(v))(xs) > 1:
    xs.pop()
print(xs)
ys = [1, 2, 3, 4]
while [y for y in ys if y > 2]:
    ys.pop()
print(ys)
while any(y > 0 for y in ys):
    ys = [y - 1 for y in ys]
print(ys)

# Conditions of every kind, and nested loops.
def kinds():
    out = []
    a, b = 0, 10
    while a < b and not a == 7:
        a += 2
    out.append(a)
    s = ""
    while len(s) < 4 or s.count("x") < 2:
        s += "x" if len(s) % 2 else "y"
    out.append(s)
    d = {"k": 3}
    while "k" in d:
        d["k"] -= 1
        if not d["k"]:
            del d["k"]
    out.append(d)
    node = (1, (2, (3, None)))
    seen = []
    while node is not None:
        seen.append(node[0])
        node = node[1]
    out.append(seen)
    i = j = 0
    while i < 3:
        j = 0
        while j < i:
            j += 1
        i += 1
    out.append((i, j))
    f = 0.0
    while f != 1.0 and f < 2:
        f += 0.25
    out.append(f)
    lo = 0
    while -5 < lo <= 3:
        lo += 1
    out.append(lo)
    return out


print(kinds())


# while True with returns and a while that never runs.
def first_square_over(n):
    k = 0
    while True:
        k += 1
        if k * k > n:
            return k


print(first_square_over(50))
while False:
    print("never")
while 0:
    print("never")
else:
    print("else of while 0")


# The second test raising: the traceback points at the while line.
class Flaky:
    def __init__(self):
        self.n = 0

    def __bool__(self):
        self.n += 1
        if self.n == 3:
            raise RuntimeError("third test")
        return True


try:
    while Flaky_obj := Flaky():
        break
    fl = Flaky()
    while fl:
        pass
except RuntimeError as e:
    print("RuntimeError:", e, fl.n)


def unbound_in_test():
    i = 0
    while i < 2:
        i += 1
        if i == 2:
            del i
    return "unreachable"


try:
    unbound_in_test()
except UnboundLocalError as e:
    print("UnboundLocalError:", e)
