# itertools: product (repeat=), permutations, combinations,
# combinations_with_replacement (orders, edge cases, argument errors),
# groupby (keys, shared underlying iterator, invalidated groups) and tee
# (independent iterators over one source, lazy consumption).
from itertools import (product, permutations, combinations, combinations_with_replacement,
                       groupby, tee, count, islice)

print(list(product('ab', [1, 2])))
print(list(product(range(2), repeat=3)))
print(list(product('ab', 'x', repeat=2)))
print(list(product()), list(product('ab', [])), list(product('ab', repeat=0)), len(list(product(range(3), range(4), range(5)))))
try:
    product('ab', repeat=-1)
except ValueError as e:
    print('ValueError', e)

print(list(permutations('ABC')))
print(list(permutations(range(4), 2)))
print(list(permutations([1, 2], 3)), list(permutations([], 0)), list(permutations('ab', 0)), len(list(permutations(range(6)))))
print([''.join(p) for p in permutations('aab')])
print(list(combinations('ABCD', 2)), list(combinations(range(4), 3)))
print(list(combinations('AB', 3)), list(combinations('AB', 0)), len(list(combinations(range(10), 4))))
print(list(combinations_with_replacement('ABC', 2)), list(combinations_with_replacement([], 2)))
print(list(combinations_with_replacement('AB', 0)), list(combinations_with_replacement([1, 2], 3)))
for f in (combinations, combinations_with_replacement, permutations):
    try:
        f('abc', -1)
    except ValueError as e:
        print(f.__name__, 'ValueError', e)

# groupby
print([(k, list(g)) for k, g in groupby('AAAABBBCCDAABBB')])
print([k for k, g in groupby('AAAABBBCCD')])
data = [('a', 1), ('a', 2), ('b', 3), ('a', 4)]
for key, grp in groupby(data, key=lambda t: t[0]):
    print(key, [v for _, v in grp])
print([(k, len(list(g))) for k, g in groupby(sorted('mississippi'))])
print([(k, list(g)) for k, g in groupby([1, 3, 5, 2, 4, 7], key=lambda x: x % 2)])
print(list(groupby([])))
# a group is invalidated when groupby advances
groups = list(groupby('aabbc'))
print([(k, list(g)) for k, g in groups])
gb = groupby('xxyy')
k1, g1 = next(gb)
print(k1, next(g1))
k2, g2 = next(gb)
print(k2, list(g1), list(g2))
try:
    next(gb)
except StopIteration:
    print('StopIteration')
# partially consumed group: groupby skips the rest
gb = groupby([1, 1, 1, 2, 2, 3])
for k, g in gb:
    print(k, next(g))

# tee
a, b = tee([1, 2, 3, 4])
print(next(a), next(a), list(b), list(a))
x, y, z = tee(count(), 3)
print(list(islice(x, 3)), list(islice(y, 5)), next(z), next(x))
print(tee('ab', 0), len(tee('ab', 1)))
consumed = []
def source():
    for i in range(4):
        consumed.append(i)
        yield i
p, q = tee(source())
print(next(p), consumed)
print(next(p), next(q), consumed)
p2, = tee(p, 1)
print(list(p2), list(q), consumed)
try:
    tee([1], -1)
except ValueError as e:
    print('ValueError', e)
