# Tuples: construction, the one-element comma, immutability, methods, hashing.
t = (1, 2, 3)
single = (5,)
also = 7,
empty = ()
print(t, single, also, empty, (1), type((1)).__name__, type(single).__name__)
print(len(t), t[0], t[-1], t[1:], t[::-1], 2 in t, t + (4,), t * 2, single * 3)
print(tuple([1, 2]), tuple("ab"), tuple(range(3)), tuple(), tuple({"k": 1}))
print(t.count(2), (1, 1, 2).count(1), t.index(3), (1, 2, 1).index(1, 1))
print((1, 2) == (1, 2), (1, 2) < (1, 3), (1, 2) < (1, 2, 3), (2,) > (1, 9), () < (0,))
print(hash((1, 2)) == hash((1, 2)), {(1, 2): "pair"}[(1, 2)])
try:
    t[0] = 9
except TypeError as e:
    print("TypeError:", e)
try:
    t.append(4)
except AttributeError as e:
    print("AttributeError:", e)
try:
    (1, 2).index(5)
except ValueError as e:
    print("ValueError:", e)
try:
    hash((1, [2]))
except TypeError as e:
    print("TypeError:", e)
nested = ((1, 2), (3, (4, 5)))
print(nested[1][1][0], nested)
mutable_inside = ([1], 2)
mutable_inside[0].append(3)
print(mutable_inside)
u = t
u += (9,)
print(t, u, u is t)
print(repr((1, "a", None)), str(("x",)))
print(max((3, 1, 2)), min((3, 1, 2)), sum((1, 2, 3)), sorted((3, 1, 2)))
