# `a[i]` and `a[i] = v` where both are local variables (a fused instruction
# in Kiln with a list/tuple fast path): every container and index kind must
# behave exactly as the plain instructions do, errors included.


def reads(a, i):
    return a[i]


def writes(a, i, v):
    a[i] = v
    return a


class Seq(list):
    def __getitem__(self, i):
        return ("custom", i)

    def __setitem__(self, i, v):
        list.__setitem__(self, i, v * 100)


def main():
    lst = [10, 20, 30]
    tup = (1, 2, 3)
    d = {0: "zero", -1: "minus one", "k": "key"}
    s = "abc"
    for a in (lst, tup, d, s, Seq([5, 6, 7]), range(10, 20)):
        out = []
        for i in (0, -1, 2):
            try:
                out.append(reads(a, i))
            except (IndexError, KeyError) as e:
                out.append(type(e).__name__ + ": " + str(e))
        print(type(a).__name__, out)
    for i in (3, -4, 2**62, -(2**62), True, 1.5, "x", None):
        try:
            print(repr(i), reads(lst, i))
        except (IndexError, TypeError) as e:
            print(repr(i), type(e).__name__ + ":", e)
    print(reads(d, "k"), reads([[1, 2], [3, 4]], 1))

    for a, i in ((list(lst), 0), (list(lst), -1), (dict(d), 5), (Seq([1, 2, 3]), 1), ([0] * 3, True)):
        print(writes(a, i, 7))
    for a, i in ((list(lst), 3), (tuple(lst), 0), (list(lst), "x"), ("abc", 0)):
        try:
            writes(a, i, 1)
        except (IndexError, TypeError) as e:
            print(type(e).__name__ + ":", e)

    # Swaps and reversal loops: the common shapes.
    perm = list(range(8))
    i = 0
    j = 7
    while i < j:
        t = perm[i]
        perm[i] = perm[j]
        perm[j] = t
        i += 1
        j -= 1
    print(perm)
    grid = [[r * 3 + c for c in range(3)] for r in range(3)]
    for r in range(3):
        row = grid[r]
        for c in range(3):
            row[c] = row[c] * 2
    print(grid)


def unbound():
    try:
        print(a[i])  # noqa: F821 — both unbound locals
    except UnboundLocalError as e:
        print("UnboundLocalError:", e)
    a = [1, 2]
    try:
        print(a[i])
    except UnboundLocalError as e:
        print("UnboundLocalError:", e)
    i = 1
    print(a[i])
    try:
        a[j] = 3
    except UnboundLocalError as e:
        print("UnboundLocalError:", e)
    j = 0
    a[j] = 3
    print(a)


main()
unbound()
