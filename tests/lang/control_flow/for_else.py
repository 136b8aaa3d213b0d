# for loops over every iterable kind, with else, break and continue.
for x in [1, 2, 3]:
    print("list", x)
else:
    print("list done")
for ch in "hi":
    print("str", ch)
for k in {"a": 1, "b": 2}:
    print("dict key", k)
for t in (1, 2):
    print("tuple", t)
for r in range(10, 0, -3):
    print("range", r)
for n in range(2, 20):
    for d in range(2, n):
        if n % d == 0:
            break
    else:
        print(n, "is prime")
for x in []:
    print("never")
else:
    print("empty loop else runs")
for x in range(5):
    if x == 2:
        continue
    if x == 4:
        break
    print("x", x)
else:
    print("not printed: loop was broken")
for i, (a, b) in enumerate(zip("ab", [1, 2])):
    print(i, a, b)
items = [1, 2, 3]
for v in items:
    if v == 1:
        items.append(4)
    print("growing", v)
for v in range(3):
    pass
print("loop var after loop", v)
