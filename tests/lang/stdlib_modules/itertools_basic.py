# itertools: the infinite iterators (count, cycle, repeat), accumulate,
# chain / chain.from_iterable, compress, dropwhile, takewhile, filterfalse,
# starmap, islice (argument forms, lazy consumption, errors), zip_longest
# and pairwise.
import itertools
from itertools import (count, cycle, repeat, accumulate, chain, compress, dropwhile,
                       takewhile, filterfalse, starmap, islice, zip_longest, pairwise)
import operator

c = count()
print(next(c), next(c), next(c), c)
c = count(10, 5)
print(list(islice(c, 3)), c)
print(list(islice(count(0.5, 0.25), 4)), count(2.5), repr(count(3, 1)))
print(list(zip('abc', count(1))))
try:
    count('a')
except TypeError as e:
    print('TypeError', e)

print(list(islice(cycle('ab'), 5)), list(cycle([])))
r = repeat('x', 3)
print(r, list(r), r, list(repeat(1, -2)), list(islice(repeat(7), 3)))
print(list(map(pow, range(5), repeat(2))), repeat(None))

print(list(accumulate([1, 2, 3, 4, 5])), list(accumulate([1, 2, 3, 4], operator.mul)))
print(list(accumulate([3, 1, 4, 1, 5], max)), list(accumulate([1, 2, 3], initial=100)))
print(list(accumulate([], initial=5)), list(accumulate([])), list(accumulate(['a', 'b', 'c'])))
print(list(accumulate([1, 2, 3], func=lambda a, b: a - b, initial=10)))

print(list(chain('ab', [1, 2], (), range(2))), list(chain()), list(chain.from_iterable(['xy', 'z'])))
print(list(chain.from_iterable([[1], [], [2, 3]])))
try:
    list(chain([1], 5))
except TypeError as e:
    print('TypeError', e)

print(list(compress('ABCDEF', [1, 0, 1, 0, 1, 1])), list(compress(range(10), [0, 1, 1])))
print(list(dropwhile(lambda x: x < 5, [1, 4, 6, 4, 1])), list(takewhile(lambda x: x < 5, [1, 4, 6, 4, 1])))
print(list(filterfalse(lambda x: x % 2, range(10))), list(filterfalse(None, [0, 1, '', 'a', None, [], [0]])))
print(list(starmap(pow, [(2, 5), (3, 2), (10, 3)])), list(starmap(lambda *a: sum(a), [(), (1,), (1, 2, 3)])))

# takewhile consumes the first failing element
it = iter([1, 2, 10, 3])
print(list(takewhile(lambda x: x < 5, it)), list(it))

print(list(islice('ABCDEFG', 2)), list(islice('ABCDEFG', 2, 4)), list(islice('ABCDEFG', 2, None)))
print(list(islice('ABCDEFG', 0, None, 2)), list(islice(range(10), 1, 9, 3)), list(islice('AB', 5, 9)))
print(list(islice('ABC', None)), list(islice('ABCDE', None, 3, None)), list(islice([], 3)))
it = iter(range(10))
print(list(islice(it, 3)), next(it), list(islice(it, 1, 3)), next(it))
for bad in [(-1,), (1, -1), ('a',), (0, 5, 0), (0, 5, -1), (1.5, 3)]:
    try:
        islice('abc', *bad)
    except ValueError as e:
        print('ValueError', e)
try:
    islice('abc')
except TypeError as e:
    print('TypeError', e)

print(list(zip_longest('ABCD', 'xy', fillvalue='-')), list(zip_longest([1, 2], [3])))
print(list(zip_longest()), list(zip_longest('a')), list(zip_longest([], [], fillvalue=0)))
print(list(zip_longest('ab', [1, 2, 3], (True,))))
print(list(pairwise('ABCDE')), list(pairwise([1])), list(pairwise([])))
print(list(pairwise(x * x for x in range(5))))
