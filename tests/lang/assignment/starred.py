# Starred assignment targets in every position and in for loops.
a, *b = [1, 2, 3]
*c, d = [1, 2, 3]
e, *f, g = [1, 2, 3, 4, 5]
print(a, b, c, d, e, f, g)
h, *i = "x"
print(h, i)
[j, *k] = range(4)
print(j, k)
(l, *m), n = [1, 2, 3], 4
print(l, m, n)
for first, *others in [[1, 2, 3], [4], [5, 6]]:
    print(first, others)
head, *tail = (x * x for x in range(4))
print(head, tail, type(tail).__name__)
*pre, (p1, p2) = [0, 1, (2, 3)]
print(pre, p1, p2)
o, *p = {"a": 1, "b": 2}
print(o, p)
def f(*args):
    first, *rest = args
    return first, rest
print(f(9, 8, 7))
