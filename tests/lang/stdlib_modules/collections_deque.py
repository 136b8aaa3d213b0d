# collections.deque: append / appendleft / pop / popleft, extend /
# extendleft, rotate, maxlen (bounded deques drop from the other end),
# len / iter / reversed / indexing / in, insert / remove / index / count /
# reverse / clear / copy, + * and comparisons, repr, and the errors.
from collections import deque

d = deque([1, 2, 3])
d.append(4)
d.appendleft(0)
print(d, len(d), d[0], d[-1], d[2], list(d), list(reversed(d)))
print(d.pop(), d.popleft(), d)
d.extend('ab')
d.extendleft([9, 8])
print(d, 3 in d, 'z' in d, bool(d), bool(deque()))
d.rotate()
print(d)
d.rotate(-3)
print(d)
d.rotate(100)
print(d)
d[0] = 'first'
del d[1]
print(d, d.index('a'), d.count(3), d.count('nope'))
d.insert(2, 'ins')
d.remove('ins')
d.reverse()
print(d)
d.clear()
print(d, len(d), deque(), deque('abc'), deque(range(3)))

b = deque(maxlen=3)
for i in range(6):
    b.append(i)
    print(b, end=' ')
print()
b.appendleft(-1)
print(b, b.maxlen, deque([1]).maxlen)
b.extend([10, 11])
print(b)
b.extendleft('xy')
print(b)
z = deque('abc', maxlen=0)
z.append(1)
print(z)
try:
    b.insert(0, 5)
except IndexError as e:
    print('IndexError', e)

# a window of the last n lines
def tail(lines, n):
    return list(deque(lines, n))
print(tail(['l%d' % i for i in range(10)], 3))

# a large queue through the ring buffer
q = deque()
total = 0
for i in range(1000):
    q.append(i)
    if i % 3 == 0:
        total += q.popleft()
print(len(q), total, q[0], q[-1], q[500])

x = deque([1, 2])
y = deque([1, 2, 3])
print(x + y, x * 2, 2 * x, x == deque([1, 2]), x != y, x < y, y >= x, x == [1, 2])
x += [5]
x *= 2
print(x, x.copy(), deque(x, maxlen=2))
for bad in ('pop', 'popleft'):
    try:
        getattr(deque(), bad)()
    except IndexError as e:
        print('IndexError', e)
try:
    deque([1])[5]
except IndexError as e:
    print('IndexError', e)
try:
    deque([1]).remove(7)
except ValueError as e:
    print('ValueError', e)
try:
    deque([1]).index(7)
except ValueError as e:
    print('ValueError', e)
try:
    deque([1, 2])[0:1]
except TypeError as e:
    print('TypeError', e)
try:
    hash(deque())
except TypeError as e:
    print('TypeError', e)
try:
    deque([], maxlen=-1)
except ValueError as e:
    print('ValueError', e)
m = deque([1, 2, 3])
try:
    for v in m:
        m.append(v)
except RuntimeError as e:
    print('RuntimeError', e)
try:
    deque([1]) + [2]
except TypeError as e:
    print('TypeError', e)
