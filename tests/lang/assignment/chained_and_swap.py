# Chained assignment evaluates the value once and assigns left to right.
log = []
def val():
    log.append("val")
    return [1]
a = b = c = val()
print(a, b, c, a is b is c, log)
x = [0, 0, 0]
i = 0
i = x[i] = 2
print(i, x)
p, q = q2, p2 = 1, 2
print(p, q, q2, p2)
m, n = 1, 2
m, n = n, m
print(m, n)
r, s, t = 1, 2, 3
r, s, t = t, r, s
print(r, s, t)
lst = [1, 2, 3]
lst[0], lst[2] = lst[2], lst[0]
print(lst)
class C:
    pass
o = C()
o.a = o.b = 5
print(o.a, o.b)
d = {}
d["x"] = d["y"] = []
d["x"].append(1)
print(d)
