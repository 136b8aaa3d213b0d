# collections.defaultdict (default_factory, __missing__, repr, copy, |),
# OrderedDict (move_to_end, popitem(last=), order-sensitive ==, views,
# repr) and Counter (construction, missing keys, most_common, elements,
# total, update / subtract, + - & |, unary and in-place forms, comparisons,
# repr).
from collections import defaultdict, OrderedDict, Counter

d = defaultdict(int)
for ch in 'mississippi':
    d[ch] += 1
print(d, d['z'], len(d), 'q' in d, d.get('w'))
print(repr(d), d.default_factory, isinstance(d, dict))
groups = defaultdict(list)
for word in ['apple', 'avocado', 'banana', 'cherry', 'blueberry']:
    groups[word[0]].append(word)
print(groups, dict(groups))
n = defaultdict(None, {'a': 1})
print(n)
try:
    n['b']
except KeyError as e:
    print('KeyError', e)
plain = defaultdict()
print(plain, plain.default_factory)
c = d.copy()
c['new'] += 5
print(type(c).__name__, c.default_factory, 'new' in d, c['new'])
nested = defaultdict(lambda: defaultdict(int))
nested['x']['y'] += 2
print(dict(nested['x']), nested['x']['nope'])
print(defaultdict(list, a=[1]) | {'b': [2]}, {'z': 0} | defaultdict(int, a=1))
try:
    defaultdict(5)
except TypeError as e:
    print('TypeError', e)
print(d.pop('m'), d.setdefault('i', 0), sorted(d.items()))

od = OrderedDict()
od['b'] = 1
od['a'] = 2
od['c'] = 3
print(od, list(od), od.keys(), od.values(), od.items())
od.move_to_end('b')
print(list(od.items()))
od.move_to_end('c', last=False)
print(od)
print(od.popitem(), od.popitem(last=False), od)
try:
    od.move_to_end('zz')
except KeyError as e:
    print('KeyError', e)
print(OrderedDict(), OrderedDict([('x', 1), ('y', 2)]), OrderedDict(a=1))
o1 = OrderedDict([('a', 1), ('b', 2)])
o2 = OrderedDict([('b', 2), ('a', 1)])
print(o1 == o2, o1 == dict(o2), dict(o2) == o1, o1 != o2, o1 == OrderedDict(a=1, b=2))
print(list(reversed(o1)), OrderedDict.fromkeys('xyz', 0), o1.copy(), type(o1.copy()).__name__)
e = OrderedDict()
try:
    e.popitem()
except KeyError as e2:
    print('KeyError', e2)
o1.update({'c': 3})
del o1['a']
print(o1, o1 | {'d': 4})

cnt = Counter('abracadabra')
print(cnt, cnt['a'], cnt['z'], 'z' in cnt, len(cnt))
print(cnt.most_common(2), cnt.most_common(), cnt.most_common(0), cnt.total())
print(sorted(cnt.elements()), list(Counter(a=2, b=0, c=-1, d=1).elements()))
print(Counter({'red': 4, 'blue': 2}), Counter(cats=4, dogs=8), Counter(), Counter([]))
c1 = Counter(a=3, b=1)
c2 = Counter(a=1, b=2, c=0)
print(c1 + c2, c1 - c2, c2 - c1, c1 & c2, c1 | c2)
print(+Counter(a=2, b=-1, c=0), -Counter(a=2, b=-1))
c1.update('aab')
c1.update({'z': 2})
print(c1)
c1.subtract({'a': 10})
c1.subtract('z')
print(c1)
c3 = Counter(a=5, b=2)
c3 += Counter(a=-5, b=1)
print(c3)
c3 -= Counter(b=1)
print(c3)
c4 = Counter(a=1, b=4)
c4 |= Counter(a=3)
print(c4)
c4 &= Counter(b=2, a=1)
print(c4)
print(Counter(a=1) == Counter(a=1, b=0), Counter(a=1) < Counter(a=2), Counter(a=1) <= Counter(a=1), Counter(a=2) > Counter(a=1, b=1))
del cnt['a']
del cnt['not-there']
print(cnt, cnt.copy() == cnt, type(cnt.copy()).__name__)
words = 'the cat and the hat and the bat'.split()
print(Counter(words).most_common(3))
try:
    Counter.fromkeys('abc')
except NotImplementedError as e:
    print('NotImplementedError', e)
