# List construction, indexing, len, membership, concatenation, repetition.
a = [1, 2, 3]
b = list(range(4, 7))
print(a, b, a + b, a * 2, [0] * 5, [] * 3)
print(len(a), len([]), a[0], a[-1], a[1:], 2 in a, 5 not in a)
print(list("abc"), list((1, 2)), list({1: "x", 2: "y"}), list(range(0)))
nested = [[1, 2], [3, [4, 5]], []]
print(nested, nested[1][1][0], len(nested))
mixed = [1, "two", 3.0, None, True, (6,), [7]]
print(mixed, repr(mixed))
a[0] = 100
a[-1] = 300
print(a)
c = a
c.append(4)
print(a, c is a, a == c)
d = a[:]
d.append(5)
print(a, d, d is a)
print([1, 2] == [1, 2], [1, 2] != [2, 1], [1, 2] < [1, 3], [1, 2] < [1, 2, 0], [2] > [1, 5])
print([] == [], [[]] == [[]], [1, [2]] == [1, [2]])
e = [1, 2]
e += [3]
e *= 2
print(e)
e += "ab"
print(e)
try:
    [1, 2][5]
except IndexError as ex:
    print("IndexError:", ex)
try:
    [1] + (2,)
except TypeError as ex:
    print("TypeError:", ex)
try:
    [][0] = 1
except IndexError as ex:
    print("IndexError:", ex)
selfref = [1, 2]
selfref.append(selfref)
print(selfref)
