# Dict literals, lookup, assignment, deletion, membership, insertion order.
d = {"one": 1, "two": 2}
d["three"] = 3
print(d, len(d), d["two"], "one" in d, "four" not in d)
d["one"] = 100
print(d)
del d["two"]
print(d, list(d))
d["two"] = 2
print(d)
print(dict(a=1, b=2), dict([("x", 1), ("y", 2)]), dict({"k": "v"}, z=0), dict())
print({1: "int", 1.0: "float?", True: "bool?"})
print({(1, 2): "tuple key", None: "none key", 3.5: "float key"})
e = {}
for word in "the cat and the hat and the bat".split():
    e[word] = e.get(word, 0) + 1
print(e)
print(d == {"one": 100, "three": 3, "two": 2}, {1: 2} != {1: 3}, {} == {})
try:
    d["missing"]
except KeyError as ex:
    print("KeyError:", ex)
try:
    del d["missing"]
except KeyError as ex:
    print("KeyError:", ex)
try:
    {[1]: 2}
except TypeError as ex:
    print("TypeError:", ex)
try:
    d[[1]] = 2
except TypeError as ex:
    print("TypeError:", ex)
nested = {"a": {"b": {"c": 1}}}
nested["a"]["b"]["d"] = 2
print(nested, nested["a"]["b"]["c"])
keys = [5, 3, 9, 1]
ordered = {}
for k in keys:
    ordered[k] = k * k
print(ordered, list(ordered.keys()))
print({"x": 1, "x": 2})
print(repr({"q": "it's"}), str({1: [1, 2]}))
