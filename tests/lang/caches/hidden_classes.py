# Instance attributes kept in slots named by hidden classes (vm/shape.h):
# shapes shared and split by attribute order, instances that outgrow their
# slots, and every way an instance switches to a real __dict__, each checked
# before and after the switch through cached and uncached attribute sites.


class P:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def norm1(self):
        return abs(self.x) + abs(self.y)


def show(o):
    return sorted(vars(o).items())


# One shape shared; another order makes another shape; both read at one site.
a = P(1, 2)
b = P(3, -4)
c = P(0, 0)
c.__init__ = None  # an instance attribute that shadows nothing used below
del c.__init__
d = P.__new__(P)
d.y = 10
d.x = 20
for o in (a, b, d, a, d):
    print(o.x, o.y, o.norm1())
print(show(a), show(d), list(vars(d)))


# Outgrowing the slots: many attributes, in a loop and at a cached site.
class Bag:
    pass


def fill(n):
    o = Bag()
    for i in range(n):
        setattr(o, "k" + str(i), i * i)
    return o


for n in (0, 3, 6, 7, 12, 40):
    bag = fill(n)
    keys = list(vars(bag))
    print(n, len(keys), keys[:3], keys[-2:], getattr(bag, "k" + str(n - 1), None))
later = fill(12)  # after the class learned it needs more room
print(later.k11, hasattr(later, "k12"), len(vars(later)))


# Attribute names that are not interned (built at run time) find interned ones.
name = "".join(["n", "o", "r", "m"])
e = Bag()
setattr(e, name, 5)
print(e.norm, getattr(e, "no" + "rm"), hasattr(e, "".join(["n", "orm"])))


# Deleting: the instance keeps working with a dict; the site keeps working for others.
def get_x(o):
    return o.x


f = P(7, 8)
print(get_x(f), get_x(a))
del f.x
try:
    get_x(f)
except AttributeError as ex:
    print("AttributeError:", ex)
f.x = 70
print(get_x(f), get_x(a), show(f))
try:
    del f.zz
except AttributeError as ex:
    print("AttributeError:", ex)


# __dict__: reading it materialises; writes through it are seen by attribute loads.
g = P(1, 1)
gd = g.__dict__
gd["x"] = 100
gd["extra"] = "e"
print(g.x, g.extra, get_x(g), g.norm1())
g.y = -5
print(gd["y"], show(g))
g.__dict__ = {"x": 9, "y": 9}
print(get_x(g), g.norm1(), gd, show(g))
try:
    g.__dict__ = [1]
except TypeError as ex:
    print("TypeError:", ex)


# Methods shadowed by instance attributes, set before or after the site is warm.
class M:
    def __init__(self):
        self.v = 1

    def f(self):
        return "method"


def call_f(o):
    return o.f()


m1 = M()
m2 = M()
print(call_f(m1), call_f(m2))
m2.f = lambda: "instance attr"
print(call_f(m1), call_f(m2))
del m2.f
print(call_f(m2))


# object.__setattr__ / __getattr__ / __setattr__ overrides.
class Logged:
    def __init__(self):
        object.__setattr__(self, "log", [])
        self.a = 1

    def __setattr__(self, k, v):
        self.log.append(k)
        object.__setattr__(self, k, v)

    def __getattr__(self, k):
        return "missing " + k


lg = Logged()
lg.b = 2
print(lg.a, lg.b, lg.c, lg.log, object.__getattribute__(lg, "a"))
object.__delattr__(lg, "a")
print(lg.a, sorted(vars(lg)))


# Properties and class attributes beside slot attributes.
class Q(P):
    scale = 3

    @property
    def big(self):
        return self.x * self.scale

    @big.setter
    def big(self, v):
        self.x = v // self.scale


q = Q(2, 5)
q.big = 30
print(q.x, q.big, q.scale, show(q))
q.scale = 10
print(q.big, Q.scale, show(q))


# Reference cycles through slots: enough of them that the cycle collector
# runs many times while they are made (its traversal must see slot values).
class Node:
    def __init__(self, name):
        self.name = name
        self.other = None


kept = []
for i in range(5000):
    n1 = Node("a")
    n2 = Node("b")
    n1.other = n2
    n2.other = n1
    if i % 1000 == 0:
        kept.append(n1)
print(len(kept), [k.other.other is k for k in kept], kept[-1].other.name)


# dir() sees slot attributes; equality of vars after growth.
r = P(1, 2)
r.z = 3
print([k for k in dir(r) if not k.startswith("_")])
print(vars(P(4, 5)) == {"x": 4, "y": 5})


# Many classes and many shapes through one site.
def total(objs):
    s = 0
    for o in objs:
        s += o.x
    return s


objs = []
for i in range(30):
    o = Bag()
    for j in range(i % 7):
        setattr(o, "pad" + str(j), j)
    o.x = i
    objs.append(o)
objs.append(a)
objs.append(q)
print(total(objs), total(objs))
