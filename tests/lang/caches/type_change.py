# A hot function called with ints, then floats, then strings and lists: fast
# paths specialised for one type must fall back correctly.
def combine(a, b):
    return a + b * 2


def compare(a, b):
    return a < b


acc = 0
for i in range(500):
    acc = combine(acc, i)
print(acc)
print(combine(1.5, 2), combine(1, 2.25), combine("x", "y"), combine([1], [2]), combine((0,), (1,)))
print([compare(i, 250) for i in range(0, 500, 100)])
print(compare(1.5, 2), compare("a", "b"), compare([1], [0]), compare(2, 1.5))
vals = [1, 2.5, True, -3, 0.5]
total = 0
for _ in range(100):
    for v in vals:
        total = total + v
print(total)
big = 2 ** 40
small = 3
for _ in range(3):
    big = big + small
    small = small * big % 1000
print(big, small)
