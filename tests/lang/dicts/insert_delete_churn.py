# A dict where keys come and go (a cache, a queue of pending work): deleted
# slots must not fill the hash index until lookups of absent keys never end.
d = {}
for i in range(1000):
    d[i] = i
    del d[i]
print(len(d), 5 in d, d.get(999), list(d))

s = {}
for i in range(300):
    s["k" + str(i)] = i
    if i % 3:
        s.pop("k" + str(i))
print(len(s), "k3" in s, "k4" in s, list(s)[:5], sum(s.values()))

q = {}
for i in range(500):
    q[i % 7, i] = i
    if len(q) > 4:
        q.pop(next(iter(q)))
print(len(q), list(q.items()))

p = {}
for i in range(200):
    p[i] = i
    p.popitem()
print(p, 0 in p)
