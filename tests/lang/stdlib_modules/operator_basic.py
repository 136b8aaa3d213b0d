# operator: the function forms of the arithmetic, comparison, logical and
# sequence operators, the in-place forms, and itemgetter / attrgetter
# (dotted names) / methodcaller with their reprs.
import operator
from operator import itemgetter, attrgetter, methodcaller

print(operator.add(2, 3), operator.sub(2, 3), operator.mul(4, 5), operator.truediv(7, 2))
print(operator.floordiv(7, 2), operator.mod(7, 3), operator.pow(2, 10), operator.neg(5), operator.pos(-5))
print(operator.abs(-3.5), operator.inv(5), operator.invert(0), operator.lshift(1, 4), operator.rshift(64, 2))
print(operator.and_(12, 10), operator.or_(12, 10), operator.xor(12, 10))
print(operator.not_(0), operator.not_([1]), operator.truth([]), operator.truth('x'))
print(operator.eq(1, 1.0), operator.ne(1, 2), operator.lt(1, 2), operator.le(2, 2), operator.gt(1, 2), operator.ge(3, 2))
print(operator.is_(None, None), operator.is_not(1, None))
print(operator.index(7), operator.index(True))
class Idx:
    def __index__(self):
        return 42
print(operator.index(Idx()))
try:
    operator.index(1.5)
except TypeError as e:
    print('TypeError', e)
print(operator.concat([1], [2]), operator.concat('ab', 'cd'), operator.contains([1, 2], 2), operator.contains('abc', 'z'))
print(operator.countOf([1, 2, 1, 1], 1), operator.indexOf('abc', 'c'))
try:
    operator.indexOf([1, 2], 9)
except ValueError as e:
    print('ValueError', e)
seq = [1, 2, 3]
operator.setitem(seq, 0, 10)
operator.delitem(seq, 1)
print(seq, operator.getitem(seq, -1), operator.getitem('hello', slice(1, 3)))
print(operator.length_hint([1, 2, 3]), operator.length_hint(iter([1, 2]), 5), operator.length_hint(x for x in []), operator.length_hint(object(), 9))

class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def __matmul__(self, other):
        return self.x * other.x + self.y * other.y
    def __repr__(self):
        return 'Vec(%r, %r)' % (self.x, self.y)
print(operator.matmul(Vec(1, 2), Vec(3, 4)))

# in-place forms: mutate lists, rebind ints
a = [1]
b = operator.iadd(a, [2, 3])
print(a, b, a is b)
print(operator.iadd(1, 2), operator.isub(5, 3), operator.imul(3, 4), operator.itruediv(1, 4))
print(operator.ifloordiv(9, 2), operator.imod(9, 4), operator.ipow(3, 3), operator.ilshift(1, 3), operator.irshift(16, 2))
print(operator.iand(6, 3), operator.ior(6, 3), operator.ixor(6, 3), operator.iconcat([1], [2]))
try:
    operator.concat(1, 2)
except TypeError as e:
    print('TypeError', e)

# itemgetter
g = itemgetter(1)
print(g([10, 20, 30]), g('xyz'), repr(g))
g2 = itemgetter(0, 2)
print(g2('abc'), repr(g2))
print(itemgetter('k')({'k': 'v'}))
print(sorted([(1, 'b'), (0, 'c'), (2, 'a')], key=itemgetter(1)))
try:
    itemgetter(5)([1])
except IndexError as e:
    print('IndexError', e)

# attrgetter
class Node:
    def __init__(self, name, child=None):
        self.name = name
        self.child = child
n = Node('root', Node('leaf'))
print(attrgetter('name')(n), attrgetter('child.name')(n), attrgetter('name', 'child.name')(n))
print(repr(attrgetter('a.b', 'c')))
try:
    attrgetter('missing')(n)
except AttributeError as e:
    print('AttributeError', e)
try:
    attrgetter(1)
except TypeError as e:
    print('TypeError', e)

# methodcaller
m = methodcaller('split', ',')
print(m('a,b,c'), repr(m))
m2 = methodcaller('replace', 'a', 'b', 1)
print(m2('aaa'), repr(m2))
m3 = methodcaller('sort', reverse=True)
lst = [3, 1, 2]
m3(lst)
print(lst, repr(m3))
print(list(map(operator.mul, [1, 2, 3], [4, 5, 6])))
