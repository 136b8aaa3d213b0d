# copy.copy and copy.deepcopy: builtin containers (shallow vs deep),
# atomic values returned as they are, user objects through __dict__, the
# __copy__ / __deepcopy__ hooks, __reduce__, shared references and cycles
# kept by the memo, subclasses of list / dict, and the collections types.
import copy
from collections import namedtuple, defaultdict, OrderedDict, Counter, deque

inner = [1, 2]
outer = [inner, inner, {'k': inner}]
s = copy.copy(outer)
d = copy.deepcopy(outer)
print(s == outer, s is outer, s[0] is inner, d == outer, d[0] is inner)
print(d[0] is d[1], d[2]['k'] is d[0])
inner.append(3)
print(s, d)
for x in [1, 2.5, 'str', None, True, (1, 2), frozenset([1]), range(3), len, int, print]:
    print(type(x).__name__, copy.copy(x) is x, copy.deepcopy(x) is x)
try:
    copy.deepcopy(copy)
except TypeError as e:
    print('TypeError', e)
t = (1, [2])
dt = copy.deepcopy(t)
print(dt, dt is t, dt[1] is t[1], copy.copy(t) is t)
st = {1, 2}
print(copy.copy(st), copy.copy(st) is st, copy.deepcopy({'a': (1, 2)}))

# cycles
cyc = [1]
cyc.append(cyc)
dc = copy.deepcopy(cyc)
print(dc[1] is dc, dc is not cyc, dc[0])
dd = {}
dd['self'] = dd
dd2 = copy.deepcopy(dd)
print(dd2['self'] is dd2)

class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y
        self.tags = []
    def __repr__(self):
        return 'Point(%r, %r, %r)' % (self.x, self.y, self.tags)
p = Point(1, 2)
p.tags.append('a')
p2 = copy.copy(p)
p3 = copy.deepcopy(p)
p.tags.append('b')
print(p2, p3, type(p3).__name__, p2.tags is p.tags, p3.tags is p.tags)

class Tree:
    def __init__(self, name):
        self.name = name
        self.children = []
        self.parent = None
    def add(self, child):
        child.parent = self
        self.children.append(child)
        return child
root = Tree('root')
leaf = root.add(Tree('a')).add(Tree('b'))
r2 = copy.deepcopy(root)
print(r2.children[0].parent is r2, r2.children[0].children[0].name, r2 is not root)

class Hooked:
    def __init__(self, v):
        self.v = v
    def __copy__(self):
        print('__copy__ called')
        return Hooked(self.v + [1])
    def __deepcopy__(self, memo):
        print('__deepcopy__ called', type(memo).__name__)
        return Hooked(copy.deepcopy(self.v, memo) * 10)
h = Hooked([1])
print(copy.copy(h).v, copy.deepcopy(h).v)

class Reduced:
    def __init__(self, a, b):
        self.a = a
        self.b = b
    def __reduce__(self):
        return (Reduced, (self.a, self.b))
r = copy.deepcopy(Reduced([1], 'x'))
print(type(r).__name__, r.a, r.b)

class MyList(list):
    pass
ml = MyList([[1], [2]])
c1 = copy.copy(ml)
c2 = copy.deepcopy(ml)
print(type(c1).__name__, c1, c1[0] is ml[0], type(c2).__name__, c2, c2[0] is ml[0])
class MyDict(dict):
    pass
md = MyDict(a=[1])
md2 = copy.deepcopy(md)
print(type(md2).__name__, md2, md2['a'] is md['a'])

P = namedtuple('P', 'x y')
pt = P([1], 2)
print(copy.copy(pt), copy.deepcopy(pt), copy.deepcopy(pt)[0] is pt[0], type(copy.deepcopy(pt)).__name__)
dfd = defaultdict(list, {'a': [1]})
dfd2 = copy.deepcopy(dfd)
dfd2['b'].append(2)
print(dfd2, dfd, copy.copy(dfd)['a'] is dfd['a'], dfd2['a'] is dfd['a'])
od = OrderedDict([('z', [1]), ('a', [2])])
print(copy.deepcopy(od), copy.copy(od)['z'] is od['z'], copy.deepcopy(od)['z'] is od['z'])
print(copy.deepcopy(Counter('hello')), copy.copy(Counter(a=1)))
dq = deque([[1], [2]], maxlen=5)
dq2 = copy.deepcopy(dq)
print(dq2, dq2[0] is dq[0], copy.copy(dq)[0] is dq[0])
shared = [0]
pair = [shared, (shared, shared)]
dp = copy.deepcopy(pair)
print(dp[0] is dp[1][0] is dp[1][1])
memo = {}
a1 = copy.deepcopy(shared, memo)
a2 = copy.deepcopy(shared, memo)
print(a1 is a2)
