# Tuple and list unpacking, starred targets, swaps, nested targets.
a, b = 1, 2
print(a, b)
a, b = b, a
print(a, b)
(c, d), e = (3, 4), 5
print(c, d, e)
[f, g] = "xy"
print(f, g)
first, *rest = [1, 2, 3, 4]
print(first, rest)
*init, last = range(5)
print(init, last)
h, *mid, i = "abcdef"
print(h, mid, i)
j, *empty, k = (1, 2)
print(j, empty, k)
*everything, = 1, 2, 3
print(everything)
for x, (y, z) in [(1, (2, 3)), (4, (5, 6))]:
    print(x, y, z)
for idx, (key, *vals) in enumerate([("a", 1, 2), ("b",)]):
    print(idx, key, vals)
p = q = r = 0
print(p, q, r)
m, n = n2, m2 = 10, 20
print(m, n, n2, m2)
lst = [0, 0, 0]
lst[0], lst[2] = "left", "right"
print(lst)
i = 0
i, lst[i] = 1, "set at new i"
print(i, lst)
def pair():
    return 7, 8
u, v = pair()
print(u + v)
try:
    a, b = 1, 2, 3
except ValueError as ex:
    print("ValueError:", ex)
try:
    a, b, c = [1, 2]
except ValueError as ex:
    print("ValueError:", ex)
try:
    a, *b, c = [1]
except ValueError as ex:
    print("ValueError:", ex)
try:
    a, b = 5
except TypeError as ex:
    print("TypeError:", ex)
print([*range(3), *"ab", *[None]], (*[1, 2], 3), {*[1, 2], 3})
print({**{"a": 1}, "b": 2, **{"a": 3}})
