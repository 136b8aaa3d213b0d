# d[k], d[k] = v and `k in d` on dicts (Kiln runs them inline for the exact
# dict class): every key kind, misses, unhashable keys, keys with their own
# __hash__/__eq__, equal keys of different types, and dict subclasses that
# override the item methods or define __missing__.


class Key:
    def __init__(self, v):
        self.v = v

    def __hash__(self):
        return hash(self.v)

    def __eq__(self, other):
        return isinstance(other, Key) and self.v == other.v

    def __repr__(self):
        return f"Key({self.v!r})"


class Angry:
    def __hash__(self):
        raise RuntimeError("no hash for you")


d = {}
for k in (1, -1, 2**40, 2**62, 1.5, "s", "", (1, 2), None, True, Key("x"), frozenset({1})):
    d[k] = repr(k)
print(len(d), d[1], d[True], d[1.0], d[-1], d[2**40], d[2**62], d["s"], d[""], d[(1, 2)], d[Key("x")])
print(1 in d, 1.0 in d, 3 in d, "t" in d, Key("x") in d, Key("y") in d, (1, 2) in d, frozenset({1}) in d)
d[1.0] = "float one"
d[Key("x")] = "replaced"
print(d[1], d[Key("x")], len(d))

for bad in ([1], {}, {1}):
    for op in ("get", "set", "in"):
        try:
            if op == "get":
                d[bad]
            elif op == "set":
                d[bad] = 1
            else:
                bad in d
        except TypeError as e:
            print(op, "TypeError:", e)
for op in ("get", "set", "in"):
    try:
        if op == "get":
            d[Angry()]
        elif op == "set":
            d[Angry()] = 1
        else:
            Angry() in d
    except RuntimeError as e:
        print(op, "RuntimeError:", e)

for missing in (99, "nope", (3, 4), Key("z"), 2.5):
    try:
        d[missing]
    except KeyError as e:
        print("KeyError:", e)


class Defaulting(dict):
    def __missing__(self, k):
        return ("default", k)


class Loud(dict):
    def __getitem__(self, k):
        return ("loud", k)

    def __setitem__(self, k, v):
        dict.__setitem__(self, k, v * 2)

    def __contains__(self, k):
        return k == "always"


dd = Defaulting(a=1)
print(dd["a"], dd["b"], "b" in dd)
ld = Loud()
ld["x"] = 5
print(ld["x"], dict.__getitem__(ld, "x"), "always" in ld, "x" in ld)

# Counting loops: the shapes the fast path is for.
counts = {}
for w in "the cat and the dog and the bird".split():
    if w in counts:
        counts[w] += 1
    else:
        counts[w] = 1
print(counts)
memo = {}
for i in range(20):
    memo[i % 7] = memo.get(i % 7, 0) + i
print(memo, sum(memo[k] for k in range(7)))
