# `a[k] op= v` and `o.x op= v`: container, key and object are evaluated
# once, then get, the operator, and set, in that order; errors at each step.
log = []


class Seq:
    def __init__(self):
        self.d = {}

    def __getitem__(self, k):
        log.append("get %r" % (k,))
        return self.d.get(k, 0)

    def __setitem__(self, k, v):
        log.append("set %r=%r" % (k, v))
        self.d[k] = v


def key(k):
    log.append("key %r" % (k,))
    return k


def container(c):
    log.append("container")
    return c


def value(v):
    log.append("value %r" % (v,))
    return v


s = Seq()
container(s)[key("a")] += value(3)
container(s)[key(1, )] -= value(2)
container(s)[key((1, 2))] *= value(5)
print(s.d, log)

lst = [1, 2.5, "x", [1], (1,)]
lst[0] += 1
lst[1] *= 2
lst[2] += "y"
lst[3] += [2]
lst[4] += (2,)
lst[-1] *= 2
print(lst)
inner = lst[3]
print(inner, inner is lst[3])

grid = [[0] * 3 for _ in range(3)]
for i in range(3):
    for j in range(3):
        grid[i][j] += i * 3 + j
        grid[j][i] -= 1
print(grid)

d = {}
for w in "the cat and the hat and the bat".split():
    if w in d:
        d[w] += 1
    else:
        d[w] = 1
print(d)
try:
    d["zebra"] += 1
except KeyError as e:
    print("KeyError:", e)
try:
    lst[10] += 1
except IndexError as e:
    print("IndexError:", e)
try:
    t = (1, 2)
    t[0] += 1
except TypeError as e:
    print("TypeError:", e, t)
try:
    lst[2] -= 1
except TypeError as e:
    print("TypeError:", e, lst[2])


class Acc:
    def __init__(self, v):
        self.v = v

    def __iadd__(self, other):
        log.append("iadd")
        return Acc(self.v + other)

    def __repr__(self):
        return "Acc(%r)" % self.v


log.clear()
accs = [Acc(1)]
before = accs[0]
accs[0] += 10
print(accs, before, accs[0] is before, log)


class Obj:
    cls_attr = 100

    def __init__(self):
        self.n = 0
        self._p = 1

    @property
    def p(self):
        log.append("get p")
        return self._p

    @p.setter
    def p(self, v):
        log.append("set p=%r" % v)
        self._p = v


class Dyn:
    def __getattr__(self, name):
        log.append("getattr " + name)
        return 7

    def __setattr__(self, name, v):
        log.append("setattr %s=%r" % (name, v))
        object.__setattr__(self, name, v)


log.clear()
o = Obj()
for i in range(4):
    o.n += i
o.p += 5
o.cls_attr += 1
print(o.n, o.p, o.cls_attr, Obj.cls_attr, log)
log.clear()
dy = Dyn()
dy.z += 1
dy.z += 1
print(dy.z, log)
try:
    o.missing += 1
except AttributeError as e:
    print("AttributeError:", e)
try:
    (1).real += 1
except AttributeError as e:
    print("AttributeError:", e)
