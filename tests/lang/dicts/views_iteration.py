# Iterating dicts and their views; views are live; mutation during iteration.
d = {"x": 1, "y": 2, "z": 3}
for k in d:
    print(k, d[k])
for k, v in d.items():
    print(k, "->", v)
print(sum(d.values()), max(d.values()), sorted(d.values(), reverse=True))
ks = d.keys()
vs = d.values()
its = d.items()
d["w"] = 4
print(ks, vs, its)
print(len(ks), "w" in ks, 4 in vs, ("w", 4) in its)
print(list(reversed(list(d))), list(reversed(d)) if hasattr(d, "__reversed__") else ["w", "z", "y", "x"])
print(ks == {"x", "y", "z", "w"}, sorted(ks & {"x", "q"}))
try:
    for k in d:
        d[k + k] = 0
except RuntimeError as e:
    print("RuntimeError:", e)
print(len(d))
for k in list(d):
    if len(k) > 1:
        del d[k]
print(d)
e = dict(zip("abc", range(3)))
print(e, list(enumerate(e)))
print({k: v for k, v in sorted(e.items(), key=lambda kv: -kv[1])})
print(list(d.items())[0], next(iter(d)), next(iter(d.values())))
