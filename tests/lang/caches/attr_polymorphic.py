# One attribute-access site seeing objects of several classes, instance
# attributes shadowing class attributes, and attributes added later.
class A:
    kind = "A"


class B:
    kind = "B"

    def __init__(self):
        self.extra = 1


class C(A):
    pass


def kind_of(obj):
    return obj.kind


objs = [A(), B(), C(), A(), B()]
print([kind_of(o) for o in objs * 3].count("A"))
print([kind_of(o) for o in objs])
shadow = A()
shadow.kind = "instance"
print(kind_of(shadow), kind_of(A()))
A.kind = "changed on class"
print(kind_of(A()), kind_of(C()), kind_of(shadow))
C.kind = "C's own"
print(kind_of(A()), kind_of(C()))
del C.kind
print(kind_of(C()))
results = []
for i in range(300):
    o = objs[i % len(objs)]
    results.append(kind_of(o))
print(len(results), sorted(set(results)))


def get_x(p):
    return p.x


class P:
    def __init__(self, x):
        self.x = x


ps = [P(i) for i in range(100)]
print(sum(get_x(p) for p in ps))
late = P(5)
del late.x
try:
    get_x(late)
except AttributeError as e:
    print("AttributeError:", e)
late.x = 7
print(get_x(late))
