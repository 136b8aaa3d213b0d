# __call__ makes instances callable; __bool__ and __len__ drive truthiness.
class Multiplier:
    def __init__(self, k):
        self.k = k
        self.calls = 0
    def __call__(self, x, y=1):
        self.calls += 1
        return x * self.k * y
triple = Multiplier(3)
print(triple(2), triple(2, y=5), triple.calls, callable(triple), callable(Multiplier))
print(list(map(triple, [1, 2, 3])), sorted([3, 1, 2], key=Multiplier(-1)))
class Flag:
    def __init__(self, on):
        self.on = on
    def __bool__(self):
        print("__bool__ called")
        return self.on
for f in (Flag(True), Flag(False)):
    if f:
        print("on")
    else:
        print("off")
print(not Flag(True), bool(Flag(False)), Flag(True) and "and-result", Flag(False) or "or-result")
class Sized:
    def __init__(self, n):
        self.n = n
    def __len__(self):
        return self.n
print(bool(Sized(0)), bool(Sized(2)), [x for x in (Sized(0), Sized(1)) if x] != [])
class Both:
    def __bool__(self):
        return False
    def __len__(self):
        return 5
print(bool(Both()), len(Both()))
class Plain:
    pass
print(bool(Plain()))
class BadBool:
    def __bool__(self):
        return 1
try:
    bool(BadBool())
except TypeError as e:
    print("TypeError:", e)
n = 0
w = Flag(True)
while w:
    n += 1
    if n == 2:
        w.on = False
print("loop ran", n)
