# Augmented assignment on names, attributes, subscripts and slices; each
# target expression is evaluated once.
class Obj:
    def __init__(self):
        self.count = 0
        self.items = []
o = Obj()
o.count += 5
o.count *= 3
o.count -= 1
o.count //= 2
o.items += [1, 2]
o.items *= 2
print(o.count, o.items)
d = {"a": 1, "l": [1]}
d["a"] += 10
d["a"] **= 2
d["l"] += [2]
d.setdefault("new", 0)
d["new"] -= 1
print(d)
lst = [1, 2, 3]
lst[0] += 100
lst[-1] *= 7
lst[1] %= 2
print(lst)
m = [[1, 2], [3, 4]]
m[1][0] += 30
print(m)
calls = []
def key(k):
    calls.append(k)
    return k
d2 = {"x": 1}
d2[key("x")] += 1
print(d2, calls)
def getobj():
    calls.append("getobj")
    return o
getobj().count += 1
print(o.count, calls)
s = "ab"
s += "cd"
s *= 2
print(s)
t = (1,)
t += (2,)
print(t)
f = 10.0
f /= 4
f -= 0.5
print(f)
a = b = [1]
a += [2]
print(a, b, a is b)
x = y = (1,)
x += (2,)
print(x, y, x is y)
n = 7
n <<= 2; n >>= 1; n &= 0xE; n |= 1; n ^= 3
print(n)
