# `a, b = seq` into locals runs as one fused instruction for exact tuples
# and lists of the right length; everything else (other iterables, wrong
# lengths, subclasses) behaves as the plain unpack.
def pairs(d):
    out = []
    for k, v in d.items():
        out.append((v, k))
    for i, (a, b) in enumerate([(1, 2), [3, 4], "xy", range(2)]):
        out.append((i, a, b))
    return out


print(pairs({"a": 1, "b": 2}))


def same_target_twice(t):
    a, a = t
    return a


def target_is_source(t):
    t, x = t
    return t, x


print(same_target_twice((1, 2)), same_target_twice([3, 4]), target_is_source((5, 6)))


def shapes(seq):
    try:
        x, y, z = seq
        return x, y, z
    except (ValueError, TypeError) as e:
        return type(e).__name__ + ": " + str(e)


class L(list):
    def __iter__(self):
        return iter(["sub", "class", "iter"])


def gen():
    yield 1
    yield 2
    yield 3


for s in [(1, 2, 3), [4, 5, 6], (1, 2), [1, 2, 3, 4], "abc", "ab", gen(), iter([7, 8, 9]), {1: 0, 2: 0, 3: 0},
          L([0, 0, 0]), L([0]), 5, None, range(3), "xyz"]:
    print(shapes(s))


def many(t):
    a, b, c, d, e, f, g, h = t
    return h, g, f, e, d, c, b, a


print(many(tuple(range(8))), many(list("abcdefgh")))


def then_load(t):
    a, b = t
    return a + b


def then_unbound(t, flag):
    if flag:
        z = 1
    a, b = t
    return z + a + b


print(then_load((1, 2)), then_load(["x", "y"]), then_unbound((1, 2), True))
try:
    then_unbound((1, 2), False)
except UnboundLocalError as e:
    print("UnboundLocalError:", e)


def swap_loop(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


print(swap_loop(30))
first, *rest = L([0, 0, 0])
print(first, rest)
for u, v, w in [L([1, 2, 3])]:
    print(u, v, w)
