# get, setdefault, pop, popitem, update, keys/values/items, copy, clear, fromkeys.
d = {"a": 1, "b": 2, "c": 3}
print(d.get("a"), d.get("z"), d.get("z", 0), d.setdefault("a", 9), d.setdefault("d", 4), d)
print(d.pop("b"), d.pop("zz", "dflt"), d)
print(d.popitem(), d)
d.update({"x": 10, "a": -1})
d.update(y=20)
d.update([("z", 30)])
print(d)
print(list(d.keys()), list(d.values()), list(d.items()))
c = d.copy()
c["new"] = 1
print(len(d), len(c), "new" in d)
c.clear()
print(c)
print(dict.fromkeys("abc"), dict.fromkeys([1, 2], 0))
try:
    d.pop("nope")
except KeyError as e:
    print("KeyError:", e)
try:
    {}.popitem()
except KeyError as e:
    print("KeyError:", e)
m = {"a": 1} | {"b": 2, "a": 3}
print(m)
m |= {"c": 4}
print(m)
print(sorted({"b": 1, "a": 2}), sorted({"b": 1, "a": 2}.items(), key=lambda kv: kv[1]))
print(max({"x": 3, "y": 7}, key=lambda k: {"x": 3, "y": 7}[k]))
inv = {v: k for k, v in {"a": 1, "b": 2}.items()}
print(inv)
counts = {}
for ch in "mississippi":
    counts[ch] = counts.get(ch, 0) + 1
print(counts, sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
